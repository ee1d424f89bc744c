"""Token embeddings from a .npy file (the state's load_embeddings, core.examples): crafted
headers are refused from the header, fast, and nothing changes."""

import os
import time
from pathlib import Path

import numpy as np
import pytest

from pe_clock.gui.export import render as export

ROOT = Path(__file__).resolve().parents[2]


# --- 2 and 5. hostile .npy files are refused from their header, fast ---------------------------
def npy_header(shape, dtype="<f8", pad_to=0) -> bytes:
    header = f"{{'descr': '{dtype}', 'fortran_order': False, 'shape': {shape}, }}"
    header = header.ljust(max(pad_to, len(header) + 1) - 1) + "\n"
    if len(header) < 2**16:
        return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode()
    return b"\x93NUMPY\x02\x00" + len(header).to_bytes(4, "little") + header.encode()


def test_a_header_claiming_a_trillion_values_is_refused_at_once(tmp_path, state, qtbot):
    crafted = tmp_path / "huge.npy"
    crafted.write_bytes(npy_header((1, 10**12)))
    assert crafted.stat().st_size < 200
    started = time.monotonic()
    with qtbot.waitSignal(state.rejected) as refusal:
        assert not state.load_embeddings(str(crafted))
    assert time.monotonic() - started < 0.5
    assert "shape" in refusal.args[0] and "MemoryError" not in refusal.args[0]


def test_a_header_that_lies_about_the_size_is_refused(tmp_path, state, qtbot):
    crafted = tmp_path / "short.npy"
    crafted.write_bytes(npy_header((2, 512)) + b"\0" * 64)
    with qtbot.waitSignal(state.rejected) as refusal:
        assert not state.load_embeddings(str(crafted))
    assert "cut short" in refusal.args[0]


def test_a_pipe_named_npy_never_blocks(tmp_path, state, qtbot):
    fifo = tmp_path / "x.npy"
    os.mkfifo(fifo)
    with qtbot.waitSignal(state.rejected, timeout=2000) as refusal:
        assert not state.load_embeddings(str(fifo))
    assert "not a regular file" in refusal.args[0]


def test_an_oversized_header_is_named_as_such(tmp_path, state, qtbot):
    crafted = tmp_path / "padded.npy"
    crafted.write_bytes(npy_header((1, 512), pad_to=200_000) + b"\0" * 4096)
    with qtbot.waitSignal(state.rejected) as refusal:
        assert not state.load_embeddings(str(crafted))
    assert "header" in refusal.args[0] and "pickle" not in refusal.args[0]


def test_values_that_would_overflow_are_refused_and_the_view_survives(tmp_path, window, qtbot):
    np.save(tmp_path / "big.npy", np.full((2, 512), 9e307))
    with qtbot.waitSignal(window.state.rejected) as refusal:
        assert not window.state.load_embeddings(str(tmp_path / "big.npy"))
    assert "9e+307" in refusal.args[0]
    window.tabs.setCurrentWidget(window.panel_hosts["embedding"])
    np.save(tmp_path / "fine.npy", np.full((2, 512), 1e12))
    assert window.state.load_embeddings(str(tmp_path / "fine.npy"))
    qtbot.wait(50)
    image = export.figure_image("embedding", window.state, 800, 600)  # Copy figure's path
    assert image.width() == 800


def test_an_unbalanced_header_and_an_old_header_give_one_line(tmp_path, recwarn):
    from pe_clock.core.examples import load_embeddings

    broken = tmp_path / "unbalanced.npy"
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 512}"
    header = header.ljust(127) + "\n"
    broken.write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
    with pytest.raises(ValueError, match="header") as info:
        load_embeddings(broken, 512)
    assert "\n" not in str(info.value)
    old = tmp_path / "old.npy"
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2L, 512L), }".ljust(127) + "\n"
    old.write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
    with pytest.raises(ValueError, match="cut short"):
        load_embeddings(old, 512)
    assert not [w for w in recwarn if "numpy" in str(w.filename).lower()]
