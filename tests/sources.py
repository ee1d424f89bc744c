"""The package's modules as source: each file read and parsed once per test process, for the
tests that check a rule by reading the code (the layering, the translations, the notebook
extra's one importer)."""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _package_dirs() -> dict[str, str]:
    """Repository folder -> installed package name, as pyproject.toml maps them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {folder: name for name, folder in config["tool"]["setuptools"]["package-dir"].items()}


FOLDERS = _package_dirs()  # {"resources": "pe_clock", "core": "pe_clock.core", "gui": ...}


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
