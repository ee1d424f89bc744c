"""Teaching panels, one tab each; they redraw only while visible."""
