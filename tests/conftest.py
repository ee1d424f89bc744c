import os

# Before any Qt import: the tests never need a real display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
