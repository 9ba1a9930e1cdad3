"""The headless command line: the same core as the GUI, and no Qt import."""
