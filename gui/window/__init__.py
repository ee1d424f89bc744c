"""The main window: controls, presenter keys (one binding table) and their overlay."""
