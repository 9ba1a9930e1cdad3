"""The shell every view lives in: start-up, the main window, its windows and menus, and the
services views share (the workspace bridge, workers, settings, files, language, zoom, theme)."""
