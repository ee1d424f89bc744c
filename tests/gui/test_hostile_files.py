"""Issue 35: what a hostile test of the fourth round found. Numbers past a float's range, thin
position tables, and the exceptions the notebook's API raises: each refused in one line,
changing nothing, never a traceback or a crash."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pe_clock
from pe_clock import cli
from tests.gui.helpers import command_line
from tests.models import configs
from tests.models.files import safetensors_bytes

ROOT = Path(__file__).resolve().parents[2]
HUGE = int("9" * 400)  # JSON and TOML hold it; float() of it raised OverflowError


def write_config(folder: Path, config: dict = configs.LLAMA_2_7B, **changes: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    config = {**config, **changes}
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"rope_theta": HUGE}, "rope_theta"),
        ({"rope_scaling": {"type": "linear", "factor": HUGE}}, "rope_scaling.factor"),
        ({"rope_scaling": {"type": "linear", "factor": -HUGE}}, "rope_scaling.factor"),
    ],
)
def test_a_number_past_a_floats_range_is_refused_by_its_key(changes, named, tmp_path, capsys):
    """A 400-digit rope_theta or factor gave OverflowError (exit 1) from pe-clock model, export
    and decks."""
    folder = write_config(tmp_path / "m", **changes)
    for command in (
        ["model", str(folder)],
        ["export", "--view", "rope", "--model", str(folder), "--out", str(tmp_path / "f.png")],
    ):
        assert cli.main(["--lang", "en", *command]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and named in err and " characters)" in err
    assert not (tmp_path / "f.png").exists()


def test_a_deck_or_an_api_call_with_such_a_number_is_refused(tmp_path, capsys):
    deck = tmp_path / "d.toml"
    deck.write_text(f'[[scene]]\nview = "heatmap"\nbase = {HUGE}\n', encoding="utf-8")
    assert cli.main(["--lang", "en", "export", "--deck", str(deck), "--out", "x.pdf"]) == 2
    assert "scene 1: base must be" in capsys.readouterr().err
    for call in (
        lambda: pe_clock.table(50, 4, base=10**400),  # promised ValueError, raised Overflow
        lambda: pe_clock.figure("scaling", scaling_factor=-(10**400)),
        lambda: pe_clock.code("heatmap", base=10**400),
    ):
        with pytest.raises(ValueError, match="must be a finite number"):
            call()


def _thin_models(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    column, row = folder / "column.safetensors", folder / "row.safetensors"
    column.write_bytes(safetensors_bytes({"wpe.weight": ("F32", np.ones((32, 1)))}))
    row.write_bytes(safetensors_bytes({"wpe.weight": ("F32", np.ones((1, 16)))}))
    return {
        "column": column,
        "row": row,
        "config": write_config(folder / "gpt2", configs.GPT_2, n_embd=1),
    }


def test_a_table_of_one_column_or_one_row_is_refused_in_one_line(tmp_path):
    """export --view learned on a [32, 1] table, pe-clock --model on it, a GPT-2 config with
    n_embd 1 and a deck scene using one ended in a segmentation fault (exit −11); a [1, 16]
    table in a traceback ("Cannot set range [0, inf]")."""
    models = _thin_models(tmp_path / "thin")
    for name, model in models.items():
        deck = tmp_path / f"{name}.toml"
        deck.write_text(f'[[scene]]\nview = "learned"\nmodel = "{model}"\n', encoding="utf-8")
        for command in (
            ["export", "--view", "learned", "--model", str(model), "--out", f"{name}.png"],
            ["--model", str(model)],  # the window: refused before it opens
            ["export", "--deck", str(deck), "--out", f"{name}.pdf"],  # drawn without it
        ):
            if command[0] == "export":
                done = command_line("--lang", "en", *command, cwd=tmp_path)
            else:  # the window (were it not refused, it would open)
                done = subprocess.run(
                    [sys.executable, str(ROOT / "main.py"), "--lang", "en", *command],
                    cwd=tmp_path, capture_output=True, text=True, timeout=120,
                )  # fmt: skip
            deck_run = "--deck" in command
            assert done.returncode == (0 if deck_run else 2), (name, command, done.stderr)
            assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert not (tmp_path / f"{name}.png").exists() and (tmp_path / f"{name}.pdf").exists()


def test_the_thinnest_table_drawn_is_two_by_two(tmp_path):
    table = tmp_path / "t.safetensors"
    table.write_bytes(safetensors_bytes({"wpe.weight": ("F32", np.eye(2))}))
    assert pe_clock.figure("learned", model=table).png().startswith(b"\x89PNG")


def test_what_the_api_raises_is_an_exception_a_user_can_catch(tmp_path):
    """Figure.save() into a missing folder raised WriteError, a bare Exception: it is an
    OSError, as every other failure of the file system."""
    from pe_clock.gui.platform.files import WriteError

    figure = pe_clock.figure("heatmap", d_model=8)
    with pytest.raises(OSError, match="does not exist") as raised:
        figure.save(tmp_path / "missing" / "fig.png")
    assert isinstance(raised.value, WriteError)
    with pytest.raises(ValueError):
        figure.save(tmp_path / "fig.bmp")  # a bad argument, as in figure()


def test_a_snapshot_that_loops_is_named_not_called_missing(tmp_path, capsys):
    """A symlink-loop snapshot was reported as "not in the local cache"."""
    repo = tmp_path / "hub" / "models--org--m"
    (repo / "refs").mkdir(parents=True)
    (repo / "snapshots").mkdir()
    commit = "ab" * 20
    (repo / "refs" / "main").write_text(commit)
    (repo / "snapshots" / commit).symlink_to(commit)  # leads back to itself
    from pe_clock.core.models.files import locate

    with pytest.raises(ValueError, match=r"is in the local Hugging Face cache.*leads back"):
        locate("org/m", tmp_path / "hub")
    with pytest.raises(ValueError, match="is not in the local Hugging Face cache"):
        locate("org/other", tmp_path / "hub")


@pytest.mark.qt_no_exception_capture
def test_an_error_that_cannot_be_logged_says_so(window, monkeypatch):
    """With an unusable log the status bar said "the details are in -."."""
    import io

    from pe_clock.gui.platform import error_hook

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    blocked = error_hook.log_path().parent
    blocked.parent.mkdir(parents=True, exist_ok=True)
    if blocked.is_dir():
        import shutil

        shutil.rmtree(blocked)
    blocked.write_text("a file where the log's folder would be")
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        window.error_hook.handle(*sys.exc_info())
    said = window.statusBar().currentMessage()
    assert "could not be logged" in said and "in -." not in said
    assert "RuntimeError: a bug" in sys.stderr.getvalue()  # the details, in the terminal
    blocked.unlink()
    window.error_hook.message.close()
