"""The Pipeline tab: every stage of a tokenizer for one input, aligned."""
