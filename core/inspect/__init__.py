"""Inspection: identity, diff, canonical ID lists, stages and their alignment."""
