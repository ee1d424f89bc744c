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

from tests.sources import FOLDERS, NOTEBOOK_EXTRA, ROOT, package_trees

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
    trees = {**package_trees(), "main.py": ast.parse((ROOT / "main.py").read_text("utf-8"))}
    modules = {}
    for rel in trees:
        folder, *parts = Path(rel).with_suffix("").parts
        is_package = parts[-1:] == ["__init__"]
        # main.py is the checkout's launcher, outside the package.
        names = (
            ["main"]
            if folder == "main"
            else [FOLDERS[folder], *parts[: -1 if is_package else None]]
        )
        modules[rel] = Module(".".join(names), rel, is_package)
    known = {m.name for m in modules.values()}
    for rel, module in modules.items():
        _collect(module, trees[rel], known)
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
    assert BY_NAME["pe_clock.gui.model.state"].imports
    assert {
        "main.py",
        "resources/cli/__init__.py",
        "core/__init__.py",
        "gui/platform/app.py",
    } <= set(MODULES)


#: The floors, lowest first. A module imports from its own floor and those below, never from a
#: floor above; the package's own __init__ (its name and version) is below them all. Lazy
#: imports count too (a function that imports up is a floor that looks up).
FLOORS = (
    ("core: NumPy", ("pe_clock.core",)),
    ("platform: application, settings, files, resources", ("pe_clock.gui.platform",)),
    ("model: state, fields, derived numbers, decks; the view registry", (
        "pe_clock.gui.model", "pe_clock.gui.views")),
    ("look: themes, colour maps, type", ("pe_clock.gui.look",)),
    ("widgets: axes, spin boxes, labels, plots, images, colour bars", ("pe_clock.gui.widgets",)),
    ("pictures: figures and teaching panels", ("pe_clock.gui.figures", "pe_clock.gui.panels")),
    ("window and export", ("pe_clock.gui.window", "pe_clock.gui.export")),
    ("command line and notebook API", ("pe_clock.cli", "pe_clock.__main__", "pe_clock.notebook",
                                       "pe_clock.widget",
                                       "main")),
)  # fmt: skip


#: Packages that only name themselves (a docstring, pe_clock's version): below every floor.
NAMES_ONLY = ("pe_clock", "pe_clock.gui")


def _floor(name: str) -> int | None:
    if name in NAMES_ONLY:
        return -1
    return next((n for n, (_, ps) in enumerate(FLOORS) if _under(name, *ps)), None)


def test_every_module_has_a_floor():
    assert [m.name for m in MODULES.values() if _floor(m.name) is None] == []


@pytest.mark.parametrize("rel", list(MODULES))
def test_no_import_runs_up_a_floor(rel):
    """A module imports nothing from a floor above its own (the registry loads its views'
    classes by name, on first use, and so is no import)."""
    module = MODULES[rel]
    floor = _floor(module.name)
    bad = []
    for imp in module.imports:
        if module.name in NAMES_ONLY and not imp.eager:
            continue  # the package's front door (see below)
        target = _project_module(imp.target)
        above = _floor(target) if target is not None else None
        if above is not None and floor is not None and above > floor:
            bad.append(f"{rel}:{imp.line}: `{imp.source}` ({FLOORS[floor][0]}) imports "
                       f"{target} ({FLOORS[above][0]})")  # fmt: skip
    if bad:
        pytest.fail("imports that run up a floor:\n" + "\n".join(bad))


@pytest.mark.parametrize("rel", list(MODULES))
def test_one_import_name(rel):
    """Every project import goes through pe_clock: a bare `core`, `gui` or `main` would load a
    second copy of the checkout's folder (or another project's module of that name)."""
    _check(rel, "core", "gui", "main", "resources")


@pytest.mark.parametrize("rel", _files("core/"))
def test_core_is_free_of_qt(rel):
    _check(rel, *QT)


@pytest.mark.parametrize("extra", NOTEBOOK_EXTRA)
def test_only_the_widget_imports_the_notebook_extra(extra):
    """The notebook extra's packages (pyproject.toml's `notebook`) are imported by one module,
    the widget's explorer, which the notebook API loads on first use of `explore()`."""
    importers = {
        rel for rel, module in MODULES.items() for imp in module.imports
        if _under(imp.target, extra)
    }  # fmt: skip
    assert importers == {"resources/widget/explorer.py"}


@pytest.mark.parametrize("name", NAMES_ONLY)
def test_the_packages_that_name_themselves_import_nothing_of_the_project_eagerly(name):
    """pe_clock's __init__ loads its notebook API on first use (a lazy import, allowed to run
    up: it is the package's front door); nothing of the project loads with it."""
    module = BY_NAME[name]
    assert [i.source for i in module.imports if i.eager and _project_module(i.target)] == []


def test_gui_has_its_floors_in_folders():
    """At most three loose modules beside gui/__init__.py."""
    loose = sorted(p.name for p in (ROOT / "gui").glob("*.py") if p.name != "__init__.py")
    assert len(loose) <= 3, loose


@pytest.mark.parametrize(
    "rel",
    ["gui/export/options.py", "gui/model/choices.py", "gui/views.py", "resources/__init__.py"],
)
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
