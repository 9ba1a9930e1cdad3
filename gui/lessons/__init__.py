"""Lessons played in the real views (the player, its steps, questions and progress) and the
exercises of seed 000."""
