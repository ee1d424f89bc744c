"""The package's modules as source: each file read and parsed once per test process, for the
tests that check a rule by reading the code (the layering, the translations, the notebook
extra's one importer)."""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: Repository folder -> installed package name, as pyproject.toml maps them:
#: {"resources": "pe_clock", "core": "pe_clock.core", "gui": ...}.
FOLDERS = {folder: name for name, folder in PYPROJECT["tool"]["setuptools"]["package-dir"].items()}
#: The import names of the notebook extra's packages (`pip install "pe-clock[notebook]"`), as
#: pyproject.toml lists them (each imports under its distribution's name).
NOTEBOOK_EXTRA = tuple(
    re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]
    for requirement in PYPROJECT["project"]["optional-dependencies"]["notebook"]
)


@functools.cache
def package_trees() -> dict[str, ast.Module]:
    """Every module the package installs, by its path in the repository (forward slashes),
    parsed (globbed: a new file is read as soon as it exists)."""
    paths = sorted(path for folder in FOLDERS for path in ROOT.glob(f"{folder}/**/*.py"))
    return {
        rel: ast.parse(path.read_text(encoding="utf-8"), rel)
        for path in paths
        for rel in [path.relative_to(ROOT).as_posix()]
    }
