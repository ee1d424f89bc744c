"""Layering rules, checked by reading every module's imports with ``ast`` (no module is imported).

The modules are found by globbing, so a new file is checked as soon as it exists. "Eager" imports
run when the module is imported: not inside a function and not under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
QT = ("PySide6", "shiboken6", "pyqtgraph")


@dataclass(frozen=True)
class Import:
    target: str  # absolute dotted name; "from a import b" is "a.b" when that is a project module
    line: int
    source: str
    eager: bool


@dataclass
class Module:
    name: str
    path: str  # relative to ROOT, with forward slashes
    is_package: bool
    imports: list[Import] = field(default_factory=list)


def _is_type_checking(test: ast.expr) -> bool:
    return getattr(test, "id", getattr(test, "attr", None)) == "TYPE_CHECKING"


def _collect(module: Module, tree: ast.Module, known: set[str]) -> None:
    def add(node: ast.Import | ast.ImportFrom, target: str, eager: bool) -> None:
        module.imports.append(Import(target, node.lineno, ast.unparse(node), eager))

    def visit(node: ast.AST, eager: bool) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node, alias.name, eager)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.name if module.is_package else module.name.rpartition(".")[0]
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(node, full if full in known else base, eager)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, eager)
        else:
            lazy = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            for child in ast.iter_child_nodes(node):
                visit(child, eager and not lazy)

    visit(tree, True)


def _scan() -> dict[str, Module]:
    paths = sorted([*ROOT.glob("core/**/*.py"), *ROOT.glob("gui/**/*.py"), ROOT / "main.py"])
    modules = {}
    for path in paths:
        parts = path.relative_to(ROOT).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        rel = path.relative_to(ROOT).as_posix()
        modules[rel] = Module(name, rel, is_package)
    known = {m.name for m in modules.values()}
    for rel, module in modules.items():
        _collect(module, ast.parse((ROOT / rel).read_text(encoding="utf-8"), rel), known)
    return modules


MODULES = _scan()
BY_NAME = {m.name: m for m in MODULES.values()}


def _under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(f"{p}.") for p in prefixes)


def _files(*prefixes: str) -> list[str]:
    return [rel for rel in MODULES if rel.startswith(prefixes)]


def _check(rel: str, *forbidden: str, eager_only: bool = False) -> None:
    bad = [
        f"{rel}:{imp.line}: `{imp.source}` imports {imp.target}"
        for imp in MODULES[rel].imports
        if _under(imp.target, *forbidden) and (imp.eager or not eager_only)
    ]
    if bad:
        pytest.fail("forbidden imports:\n" + "\n".join(bad))


def test_scan_finds_every_module():
    assert len(MODULES) >= 30, sorted(MODULES)
    assert "gui/state.py" in MODULES and BY_NAME["gui.state"].imports
    assert {"main.py", "core/__init__.py", "gui/platform/app.py"} <= MODULES.keys()


@pytest.mark.parametrize("rel", _files("core/"))
def test_core_is_free_of_qt_and_gui(rel):
    _check(rel, *QT, "gui", "main")


@pytest.mark.parametrize("rel", _files("gui/panels/", "gui/figures/"))
def test_panels_and_figures_do_not_import_window_or_export(rel):
    _check(rel, "gui.window", "gui.export", "main")


@pytest.mark.parametrize("rel", _files("gui/"))
def test_gui_does_not_import_main(rel):
    _check(rel, "main")


@pytest.mark.parametrize("rel", _files("gui/platform/"))
def test_platform_is_the_lowest_floor_of_gui(rel):
    """The platform floor (the application, settings, files, resources, the error hook)
    imports nothing of gui above it: not the state, the look or the views. The settings file
    knows keys and values; the state says which of its fields are saved."""
    bad = [
        f"{rel}:{imp.line}: `{imp.source}` imports {imp.target}"
        for imp in MODULES[rel].imports
        if _under(imp.target, "gui") and not _under(imp.target, "gui.platform")
    ]
    if bad:
        pytest.fail("imports that run up from the platform floor:\n" + "\n".join(bad))


@pytest.mark.parametrize("rel", ["gui/export/options.py", "gui/views.py"])
def test_command_line_modules_do_not_load_qt_eagerly(rel):
    assert rel in MODULES, f"{rel} is gone: update this test"
    _check(rel, *QT, eager_only=True)


def _project_module(target: str) -> str | None:
    """The project module a target names (its longest known prefix), or None."""
    parts = target.split(".")
    names = (".".join(parts[:n]) for n in range(len(parts), 0, -1))
    return next((name for name in names if name in BY_NAME), None)


def _eager_edges(module: Module) -> dict[str, Import]:
    edges: dict[str, Import] = {}
    for imp in module.imports:
        target = _project_module(imp.target)
        if imp.eager and target is not None:
            edges.setdefault(target, imp)
    return edges


@pytest.mark.parametrize("rel", list(MODULES))
def test_no_import_cycle(rel):
    """No chain of eager imports among project modules leads from this module back to it."""
    start = MODULES[rel].name
    came_from: dict[str, tuple[str, Import]] = {}
    queue = deque([start])
    while queue and start not in came_from:
        name = queue.popleft()
        for target, imp in _eager_edges(BY_NAME[name]).items():
            if target not in came_from:
                came_from[target] = (name, imp)
                queue.append(target)
    if start in came_from:
        steps, name = [], start
        while not steps or name != start:
            name, imp = came_from[name]
            steps.append(f"{BY_NAME[name].path}:{imp.line}: `{imp.source}`")
        pytest.fail("import cycle:\n" + "\n".join(reversed(steps)))
