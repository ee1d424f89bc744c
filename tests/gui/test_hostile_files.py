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
