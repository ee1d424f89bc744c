"""PE Clock's Qt layer: one state object, views that observe it, and the main window."""
