import os

# Before any Qt import: the tests never need a real display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Before NumPy is imported (its OpenBLAS reads this once), in this process, the workers and
# the processes the tests start: pytest-xdist runs a worker on every core, and OpenBLAS's own
# thread per core in each of them only oversubscribed the cores, its waiting threads spinning
# (about a tenth of the suite's CPU time on two cores; no test's numbers change).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# The key that signs PE Clock's temporary files (gui.platform.files.part_key) in a folder of
# the run's own, never the user's: one for the run, its workers and the processes they start.
if "PE_CLOCK_TEST_STATE" not in os.environ:
    import tempfile

    os.environ["PE_CLOCK_TEST_STATE"] = os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp()


import pytest

from pe_clock.core import i18n


def pytest_configure(config: pytest.Config) -> None:
    """PE Clock's modules (and the tests' helpers the scripts import) compiled once, before
    the tests start processes: a machine that keeps Python from writing its bytecode
    (PYTHONDONTWRITEBYTECODE, as this one and CI do) had every one of them compile the
    modules again (about 0.1 s of CPU each). A process still runs from the sources where
    they are newer than the compiled files, as Python's own check decides."""
    import compileall
    import importlib.util
    from pathlib import Path

    if os.environ.get("PYTEST_XDIST_WORKER"):
        return  # the first process does it for its workers
    packages = ("pe_clock", "pe_clock.core", "pe_clock.gui")
    folders = [Path(__file__).parent]
    for name in packages:
        spec = importlib.util.find_spec(name)
        folders += [Path(folder) for folder in (spec.submodule_search_locations or [])]
    for folder in folders:  # a folder compiled already is passed over in a few milliseconds
        compileall.compile_dir(folder, quiet=2)


@pytest.fixture(autouse=True)
def english_by_default():
    """Tests start in English whatever the one before switched to."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
