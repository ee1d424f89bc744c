import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from pe_clock.core.params import MAX_LEN, Params


def test_defaults_are_the_seed_figure():
    p = Params()
    assert (p.d_model, p.max_len, p.base, p.pos, p.k) == (512, 50, 10000.0, 0, 1)
    assert p.n_pairs == 256


def test_values_are_normalised():
    p = Params(d_model=8.0, max_len=10, base=500000, pos=3.0, k=-2)
    assert type(p.d_model) is int and type(p.pos) is int and type(p.base) is float


def test_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Params().pos = 3  # type: ignore[misc]


def test_replace_validates():
    with pytest.raises(ValueError, match=r"^pos must"):
        dataclasses.replace(Params(), pos=50)


@pytest.mark.parametrize(
    ("changes", "name"),
    [
        ({"d_model": 7}, "d_model"),
        ({"d_model": 0}, "d_model"),
        ({"d_model": 8194}, "d_model"),
        ({"d_model": 7.5}, "d_model"),
        ({"d_model": True}, "d_model"),
        ({"d_model": None}, "d_model"),
        ({"max_len": 0}, "max_len"),
        ({"max_len": MAX_LEN + 1}, "max_len"),
        ({"max_len": 3.5}, "max_len"),
        ({"base": 1}, "base"),
        ({"base": -1.0}, "base"),
        ({"base": float("nan")}, "base"),
        ({"base": float("inf")}, "base"),
        ({"base": "10000"}, "base"),
        ({"pos": -1}, "pos"),
        ({"pos": 1.5}, "pos"),
        ({"pos": 50}, "pos"),
        ({"k": 0.5}, "k"),
        ({"k": False}, "k"),
        ({"k": -1}, "pos + k"),
    ],
)
def test_invalid_parameters(changes, name):
    with pytest.raises(ValueError) as info:
        Params(**changes)
    assert str(info.value).startswith(f"{name} must")
    assert "got" in str(info.value)


def test_core_does_not_import_qt():
    code = (
        "import sys, core, core.encoding, core.rotation, core.params\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph', 'shiboken'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
