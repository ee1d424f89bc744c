"""Render a registered view at an exact size; PNG, SVG, PDF and GIF; dialogs and actions."""
