"""Application set-up, the settings file, atomic files and the error hook."""
