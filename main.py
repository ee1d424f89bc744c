"""``python main.py`` from a checkout: starts the installed pe_clock, as ``pe-clock`` does.

The code lives in the package (the command line is resources/cli/, installed as
``pe_clock.cli``); this file only launches it, so a checkout and an install run the same code.
"""

import sys

try:
    from pe_clock.cli import run
except ModuleNotFoundError as missing:  # a checkout nobody installed
    if missing.name != "pe_clock":
        raise
    sys.exit('pe-clock: install the package first: python3 -m pip install -e "."')

run()
