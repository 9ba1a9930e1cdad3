"""Subword Studio's windows: one package per view, the shell around them (shell/) and the
widgets they share (widgets/)."""
