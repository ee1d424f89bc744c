"""PE Clock's pure NumPy core: the encoding, its rotations and the validated parameters.

This package never imports Qt or pyqtgraph.
"""

__version__ = "0.1.0"
