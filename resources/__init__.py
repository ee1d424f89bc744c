"""PE Clock's bundled files (NanumGothic and its licence, the icon).

Installed as the package data of `gui.resources`, so an installed wheel, pipx and an editable
install all find them through importlib.resources; a bare checkout finds this folder.
"""
