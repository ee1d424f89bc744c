"""PE Clock's pure NumPy core: the encoding, its rotations and the validated parameters.

This package never imports Qt, pyqtgraph or the rest of pe_clock.
"""
