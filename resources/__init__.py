"""PE Clock: the Transformer's sinusoidal positional encoding, made visible.

The one package PE Clock installs, mapped from the repository's folders: this one (resources/)
holds the package itself, the command line (`pe_clock.cli`) and the bundled files (fonts and
their licence, the icon, the default deck); `pe_clock.core` is core/ (NumPy only) and
`pe_clock.gui` is gui/ (Qt). Importing it loads nothing else: the notebook's API
(`table`, `figure`, `code`, `show`, in `pe_clock.notebook`) and the live widget (`explore`, in
`pe_clock.widget`, with the ``notebook`` extra) load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pe_clock.notebook import Figure, code, figure, show, table
    from pe_clock.widget import explore

__version__ = "0.1.0"
__all__ = ["Figure", "__version__", "code", "explore", "figure", "show", "table"]


def __getattr__(name: str) -> Any:
    if name in ("Figure", "code", "figure", "show", "table"):
        from pe_clock import notebook

        return getattr(notebook, name)
    if name == "explore":
        from pe_clock.widget import explore

        return explore
    raise AttributeError(f"module 'pe_clock' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
