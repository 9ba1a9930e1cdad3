"""The workspace: corpus, records, lessons, the classroom material and workspace files."""
