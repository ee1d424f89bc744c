"""PE Clock: the Transformer's sinusoidal positional encoding, made visible.

The one package PE Clock installs, mapped from the repository's folders: this one (resources/)
holds the package itself, the command line (`pe_clock.cli`) and the bundled files (fonts and
their licence, the icon, the default deck); `pe_clock.core` is core/ (NumPy only) and
`pe_clock.gui` is gui/ (Qt). Importing it loads nothing else.
"""

__version__ = "0.1.0"
