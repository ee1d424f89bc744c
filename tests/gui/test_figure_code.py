"""Every figure's code: each printed script, run in an interpreter of its own with NumPy alone,
recomputes the arrays the app's core computes for that view."""

import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pe_clock import cli
from pe_clock.core.alibi import SHOWN_LENGTH, alibi_bias, alibi_slopes
from pe_clock.core.encoding import encode, inverse_frequencies, wavelengths
from pe_clock.core.examples import example_embeddings, input_norms, worked_example
from pe_clock.core.figure_code import WRITERS
from pe_clock.core.layout import column_order
from pe_clock.core.models.learned import BERT_BASE_SIZE, sinusoids_measured
from pe_clock.core.rope import SCORE_LENGTH, rope_inverse_frequencies, rope_scores
from pe_clock.core.rotation import pair_angles, relative_rotation
from pe_clock.core.scaling import scaled_inverse_frequencies
from pe_clock.core.similarity import (
    DISTANCE_REACH,
    distance_by_offset,
    dot_by_offset,
    measured_dots,
    uniqueness,
)
from pe_clock.core.toy import toy_attention
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.rope import query_key
from pe_clock.gui.views import REGISTRY, VIEW_NAMES, VIEWS
from pe_clock.notebook import code as notebook_code
from pe_clock.notebook import table
from tests.models.files import safetensors_bytes, smooth_table

#: Runs scripts with NumPy alone (pe_clock cannot be imported), one a line of its input (the
#: script's path, the .npz to save its arrays in, their names), each in its own folder and
#: namespace, and answers each with a line: "" when done, else the traceback (its prints go
#: nowhere). One interpreter runs a module's scripts: starting one per script cost more than
#: the scripts.
RUNNER = """
import contextlib, io, json, os, runpy, sys, traceback
sys.modules["pe_clock"] = None
import numpy as np
for line in sys.stdin:
    path, out, *names = json.loads(line)
    os.chdir(os.path.dirname(path))
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            found = runpy.run_path(path)
        arrays = {}
        for name in names:
            value = found[name]
            items = value.items() if isinstance(value, dict) else [(None, value)]
            for key, item in items:
                arrays[name if key is None else f"{name}.{key}"] = np.asarray(item, float)
        np.savez(out, **arrays)
        said = ""
    except BaseException:
        said = traceback.format_exc()
    print(json.dumps(said), flush=True)
"""


class Interpreter:
    """A fresh interpreter (isolated: no PYTHONPATH, no user site) running RUNNER; one that
    takes over 120 s for a script is killed, the test fails and the next script gets a new
    one."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def run(self, path: Path, out: Path, names: tuple[str, ...]) -> str:
        """What RUNNER answers for the script at path ("" when its arrays are in out)."""
        if self.process is None:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-c", RUNNER],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
            )  # fmt: skip
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps([str(path), str(out), *names]) + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], 120)
        if not ready:
            self.close()
            raise AssertionError("the script ran for over 120 s")
        return json.loads(process.stdout.readline() or '"the interpreter ended"')

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                stream.close()
            self.process = None


@pytest.fixture(scope="module")
def interpreter():
    runner = Interpreter()
    yield runner
    runner.close()


SETTINGS = {
    "defaults": ({}, "en"),
    "varied": (
        {"d_model": 64, "max_len": 100, "base": 500.0, "pos": 7, "k": 3, "layout": "split",
         "head_dim": 64, "rope_layout": "half", "scaling_factor": 4.0, "original_len": 2048,
         "alibi_heads": 12, "scale_embeddings": True, "why_pe": True, "clock_pairs": (1, 8, 30),
         "train_len": 40, "causal": False},
        "ko",
    ),
}  # fmt: skip


def expected(view: str, s: AppState) -> dict[str, np.ndarray]:
    """What the app's core computes for the view, under the script's names."""
    d, n, base, pos, k = s.d_model, s.max_len, s.base, s.pos, s.k
    order = column_order(d, s.layout)
    w = inverse_frequencies(d, base)
    theta = pos * w
    clock = {"w": w, "theta": theta, "tips": encode([pos], d, base)[0].reshape(-1, 2),
             "degrees": np.degrees(theta) % 360}  # fmt: skip
    rotation = {
        "phi": pair_angles(k, d, base),
        "R": relative_rotation(k, d, base)[np.ix_(order, order)],
    }
    hands = list(s.clock_pairs)
    embeddings = example_embeddings(d) * (np.sqrt(d) if s.scale_embeddings else 1.0)
    pe_rows = s.pe_rows(pos, pos + len(embeddings))
    norms = input_norms(embeddings, pe_rows)
    stats = uniqueness(n, d, base)
    reach = max(1, min(DISTANCE_REACH, n - 1))
    offsets = np.arange(-reach, reach + 1)
    run = toy_attention(s.language, s.why_pe, base)
    q, key = query_key(s.head_dim)
    methods = ("linear", "ntk", "dynamic", "yarn", "llama3")
    seq_len = round(s.scaling_factor * s.original_len)
    bias = alibi_bias(s.alibi_heads, SHOWN_LENGTH)
    # All 512 positions (under MAX_COMPARED), measured once per base as the learned view does
    sinusoids, sine = sinusoids_measured(*BERT_BASE_SIZE, base)
    return {
        "heatmap": {"pe": table(n, d, base, s.layout)},
        "clock": clock,
        "dials": clock,
        "bigclock": {
            "w": w,
            "theta": theta,
            "hand_degrees": np.degrees(theta[hands]) % 360,
            "turn_positions": wavelengths(d, base)[hands],
        },
        "rotation": rotation,
        "window": {"pe": table(n, d, base, s.layout), "theta": theta, "R": rotation["R"]},
        "embedding": {
            "E": embeddings,
            "pe": pe_rows,
            "x": embeddings + pe_rows,
            "norm_e": norms[0],
            "norm_pe": norms[1],
            "norm_x": norms[2],
        },
        "worked": dict(
            zip(("positions", "denominators", "values"), worked_example(pos, base), strict=True)
        ),
        "unique": {
            "distances": distance_by_offset(np.arange(1, max(n, 2)), d, base),
            "nearest": stats.min_distance,
            "at": stats.min_offset,
            "distinct": stats.distinct,
        },
        "distance": {
            "offsets": offsets,
            "dots": dot_by_offset(offsets, d, base),
            "measured": measured_dots([pos], offsets, d, base)[0],
        },
        "wavelength": {"wavelengths": wavelengths(d, base)},
        "beyond": {"pe": table(max(n, 2 * s.train_len), d, base)},
        "why": {
            "weights_a": run.weights[0],
            "weights_b": run.weights[1],
            "outputs_a": run.outputs[0],
            "outputs_b": run.outputs[1],
        },
        "rope": {
            "theta": rope_inverse_frequencies(s.head_dim, base),
            "scores": rope_scores(q, key, SCORE_LENGTH, base, s.rope_layout),
        },
        "scaling": {
            "inv_freq": rope_inverse_frequencies(s.head_dim, base),
            **{
                f"theta_prime.{m}": scaled_inverse_frequencies(
                    m, s.head_dim, base, s.scaling_factor, s.original_len, seq_len=seq_len
                )[0]
                for m in methods
            },
        },
        "alibi": {"slopes": alibi_slopes(s.alibi_heads), "bias": bias},
        "learned": {
            "sinusoids": sinusoids,
            "sinusoid_similarity": sine.similarity,
            "sinusoid_nearest": sine.nearest,
            "sinusoid_share": sine.components.share,
        },
    }[view]


def run_script(
    code: str, names: tuple[str, ...], tmp_path, interpreter: Interpreter
) -> dict[str, np.ndarray]:
    path, out = tmp_path / "figure.py", tmp_path / "arrays.npz"
    path.write_text(code, encoding="utf-8")
    said = interpreter.run(path, out, names)
    assert said == "", said
    with np.load(out) as arrays:
        return dict(arrays)


def test_every_view_names_a_writer_and_every_writer_writes_a_views_code():
    assert {spec.writer for spec in REGISTRY} == set(WRITERS)


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("view", VIEW_NAMES)
def test_the_script_recomputes_what_the_view_shows(view, setting, tmp_path, state, interpreter):
    values, language = SETTINGS[setting]
    state.set(**values, language=language)
    code = VIEWS[view].code(state.values(), language)
    assert "pe_clock" not in code and code.startswith("# PE Clock")
    got = run_script(code, WRITERS[VIEWS[view].writer].arrays, tmp_path, interpreter)
    want = expected(view, state)
    assert set(got) == set(want)
    for name, array in want.items():
        value = np.asarray(array, dtype=np.float64)
        if name.endswith("degrees"):  # an angle: compare on the circle, 359.99… is 0
            gap = (got[name] - value + 180) % 360 - 180
            np.testing.assert_allclose(gap, 0, atol=1e-9, err_msg=name)
        else:
            np.testing.assert_allclose(got[name], value, rtol=1e-9, atol=1e-9, err_msg=name)


def test_comments_are_in_the_language_asked_for(state):
    fields = state.values()
    heatmap = VIEWS["heatmap"]
    korean, english = heatmap.code(fields, "ko"), heatmap.code(fields, "en")
    assert "짝수 칸(0, 2, 4, ...)은 사인" in korean and "even dimensions" in english
    assert not re.search("[가-힣]", english)


def test_pe_clock_code_prints_the_script_and_refuses_what_it_cannot_write(capsys):
    assert (
        cli.main(["--lang", "en", "code", "--view", "rotation", "--d-model", "8", "--k", "2"]) == 0
    )
    printed = capsys.readouterr().out
    assert (
        "R = np.zeros((d_model, d_model))" in printed
        and "max_len, d_model, base = 50, 8," in printed
    )
    assert cli.main(["--lang", "en", "code", "--view", "rotation", "--torch"]) == 2
    assert "PyTorch" in capsys.readouterr().err
    assert cli.main(["--lang", "en", "code", "--view", "nope"]) == 2
    assert capsys.readouterr().err.startswith("pe-clock code: error: --view must be one of")
    assert cli.main(["--lang", "en", "--pos", "3", "code"]) == 2
    assert "--pos goes after code" in capsys.readouterr().err


@pytest.mark.parametrize("view", [spec.name for spec in REGISTRY if spec.torch])
def test_the_torch_form_is_the_blogs_function(view):
    state = AppState()
    code = VIEWS[view].code(state.values(), "ko", torch=True)
    assert "import torch" in code and "torch.arange(seq_len" in code and ".unsqueeze(1)" in code
    assert "NumPy만으로" not in code  # its header says PyTorch computes the table


def test_copy_as_code_puts_the_views_script_on_the_clipboard(window, qtbot):
    from PySide6.QtGui import QGuiApplication

    window.show_view("rope")
    window.state.set(head_dim=32)
    window.exports.copy_code()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("# PE Clock · rope") and "head_dim = 32" in copied


@pytest.mark.parametrize(
    ("redirect", "said"),
    [(">&-", "could not write to standard output"), ("> /dev/full", "No space left on device")],
)
def test_pe_clock_code_says_when_stdout_cannot_take_the_script(redirect, said):
    if redirect.endswith("/dev/full") and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    command = f"{sys.executable} -m pe_clock --lang en code --view why {redirect}"
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and said in done.stderr and "Traceback" not in done.stderr


#: Names that end a `#` comment in Python (or in an editor) if written into one as they are.
HOSTILE = ["\n", "\r", "\f\n", "\r\n", "\u2028", "\x0b", "\x85"]


@pytest.mark.parametrize("dtype", ["F32", "BF16", "npy"])
@pytest.mark.parametrize("newline", HOSTILE)
def test_a_files_names_never_run_as_code(dtype, newline, tmp_path, interpreter):
    """A tensor's name or a file's name holding a line break is written as a literal: running
    the script reads the table and runs nothing from the name."""
    payload = f"__import__('pathlib').Path('PWNED').touch(){newline}#"
    rows = smooth_table(16, 8)
    if dtype == "npy":
        path = tmp_path / f"t{newline}{payload}.npy"
        np.save(path, rows)
    else:
        path = tmp_path / "w.safetensors"
        name = f"x{newline}{payload}.wpe.weight"
        path.write_bytes(safetensors_bytes({name: (dtype, rows)}))
    code = notebook_code("learned", model=path, lang="ko")
    assert "PWNED" not in "".join(line for line in code.splitlines() if line.startswith("#"))
    got = run_script(code, ("learned", "sinusoids"), tmp_path, interpreter)
    assert not (tmp_path / "PWNED").exists()
    np.testing.assert_array_equal(got["learned"], rows)
    assert got["sinusoids"].shape == (16, 8)


def test_a_script_that_would_build_a_table_table_refuses_is_refused_as_table_is():
    """pe_clock.code wrote a script building a 1,000,000 × 8,192 table (65 GB) that
    pe_clock.table refuses."""
    with pytest.raises(ValueError) as table_said:
        table(1_000_000, 8192)
    for view in ("heatmap", "window", "unique", "beyond"):
        with pytest.raises(ValueError) as code_said:
            notebook_code(view, max_len=1_000_000, d_model=8192)
        assert str(code_said.value) == str(table_said.value)
    assert "positional_encoding" in notebook_code("heatmap", max_len=1000, d_model=512)
    # beyond's table runs to twice train_len: said of train_len, not of a max_len never set
    with pytest.raises(ValueError, match="twice train_len, 400,000 positions"):
        notebook_code("beyond", train_len=200_000)
