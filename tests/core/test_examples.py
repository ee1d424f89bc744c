import pickle

import numpy as np
import pytest

from pe_clock.core.examples import MAX_EMBEDDING_ROWS, example_embeddings, load_embeddings
from pe_clock.core.i18n import set_language


def test_examples_are_deterministic_and_stable_across_widths():
    a = example_embeddings(512)
    assert a.shape == (3, 512) and a.dtype == np.float64
    np.testing.assert_array_equal(a, example_embeddings(512))
    np.testing.assert_array_equal(example_embeddings(64), a[:, :64])
    assert 0.3 < a.std() < 0.7


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int16])
def test_good_files_load(tmp_path, dtype):
    data = (np.arange(3 * 8).reshape(3, 8) - 10).astype(dtype)
    np.save(tmp_path / "e.npy", data)
    rows = load_embeddings(tmp_path / "e.npy", 8)
    assert rows.dtype == np.float64
    np.testing.assert_array_equal(rows, data)


def test_one_row_vector_loads(tmp_path):
    np.save(tmp_path / "v.npy", np.ones(8))
    assert load_embeddings(tmp_path / "v.npy", 8).shape == (1, 8)


def write(tmp_path, name, payload):
    path = tmp_path / name
    if isinstance(payload, bytes):
        path.write_bytes(payload)
    else:
        np.save(path, payload, allow_pickle=True)
    return path


BAD = [
    ("empty.npy", b"", "not a readable"),
    ("text.npy", b"hello, these are not numbers", "not a readable"),
    ("wide.npy", np.zeros((3, 9)), "shape"),
    ("none.npy", np.zeros((0, 8)), "shape"),
    ("many.npy", np.zeros((MAX_EMBEDDING_ROWS + 1, 8)), "shape"),
    ("cube.npy", np.zeros((2, 2, 8)), "shape"),
    ("bool.npy", np.ones((3, 8), dtype=bool), "real numbers"),
    ("complex.npy", np.ones((3, 8), dtype=complex), "real numbers"),
    ("text_array.npy", np.array([["a"] * 8]), "real numbers"),
    ("nan.npy", np.full((3, 8), np.nan), "NaN"),
    ("inf.npy", np.full((3, 8), np.inf), "NaN"),
    ("objects.npy", np.array([{"a": 1}, None], dtype=object), "pickle"),
    # a version NumPy has not made: it was called a header longer than 10,000 bytes
    (
        "v9.npy",
        b"\x93NUMPY\x09\x00\x76\x00{'descr': '<f8', 'fortran_order': False, "
        b"'shape': (3, 8), }" + b" " * 60 + b"\n",
        "format version 9.0",
    ),
]


@pytest.mark.parametrize(("name", "payload", "message"), BAD)
def test_bad_files_are_refused_with_a_message(tmp_path, name, payload, message):
    path = write(tmp_path, name, payload)
    with pytest.raises(ValueError, match=message) as info:
        load_embeddings(path, 8)
    assert name in str(info.value)


def test_truncated_file_is_refused(tmp_path):
    np.save(tmp_path / "full.npy", np.ones((3, 8)))
    data = (tmp_path / "full.npy").read_bytes()
    (tmp_path / "cut.npy").write_bytes(data[: len(data) - 20])
    with pytest.raises(ValueError, match="cut short"):
        load_embeddings(tmp_path / "cut.npy", 8)


def test_pickle_payload_is_never_executed(tmp_path):
    class Boom:
        def __reduce__(self):
            return (exec, ("raise SystemExit('pickle executed')",))

    (tmp_path / "evil.npy").write_bytes(pickle.dumps(Boom()))
    with pytest.raises(ValueError):
        load_embeddings(tmp_path / "evil.npy", 8)


def test_messages_follow_the_language(tmp_path):
    path = write(tmp_path, "wide.npy", np.zeros((3, 9)))
    set_language("ko")
    try:
        with pytest.raises(ValueError, match="모양"):
            load_embeddings(path, 8)
    finally:
        set_language("en")


def test_precise_worked_values_against_float64_and_known_digits():
    import math

    from pe_clock.core.examples import precise_worked_value

    for pos in (0, 1, 7, 1234):
        for dim, func in enumerate((math.sin, math.cos)):
            assert float(precise_worked_value(pos, dim, 10000.0)) == pytest.approx(
                func(pos), abs=1e-15
            )
            assert float(precise_worked_value(pos, dim + 2, 10000.0)) == pytest.approx(
                func(pos / 100), abs=1e-15
            )
    # sin(9999.96) and sin(9999.98): the digits of mpmath at 50 digits.
    assert str(precise_worked_value(999_996, 2, 10000.0)).startswith("-0.267293870755363670")
    assert str(precise_worked_value(999_998, 2, 10000.0)).startswith("-0.286511430197796731")
    with pytest.raises(ValueError, match="dim"):
        precise_worked_value(1, 4)


@pytest.mark.parametrize("signs", [60, 3000, 8000])
def test_a_header_of_thousands_of_signs_is_refused_as_damaged(tmp_path, signs):
    """(----…1, 512) in the shape: Python's parser of the header ran out of recursion or
    memory (a traceback), and fewer signs were called pickled data."""
    from pe_clock.core.examples import load_embeddings

    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + "-" * signs + "1, 512), }"
    header += " " * (-(len(header) + 11) % 64) + "\n"
    data = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode()
    path = tmp_path / "signs.npy"
    path.write_bytes(data + bytes(8 * 512))
    with pytest.raises(ValueError, match="damaged or oversized header") as err:
        load_embeddings(path, 512)
    assert "pickled" not in str(err.value) and "0x" not in str(err.value)


def test_a_header_that_claims_megabytes_is_refused_before_numpy_reads_it(tmp_path):
    """NumPy reads as many bytes as a header claims before refusing it: a header claiming
    4 GiB took 8.4 GB and 23 s. Its length field is checked first (a 64 MiB sparse file:
    nothing near that is allocated)."""
    import struct
    import tracemalloc

    path = tmp_path / "huge.npy"
    claimed = 64 << 20
    with open(path, "wb") as handle:
        handle.write(b"\x93NUMPY\x02\x00" + struct.pack("<I", claimed) + b"{'descr': '<f8', ")
        handle.truncate(claimed + 12)  # sparse: no disk is used
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="header"):
            load_embeddings(path, 512)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
