"""The corpus editor: the workspace's word table or records, edited through undo commands."""
