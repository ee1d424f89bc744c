"""``python -m pe_clock``: the command line, as ``pe-clock``."""

from pe_clock.cli import run

run()
