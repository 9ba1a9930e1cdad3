"""Tokenizer models: one module or package per kind, and their trainers."""
