"""`--model` the same everywhere: refused where the view cannot show it (command line and API),
a layer group chosen with --layers, --head-dim and the other parameters set over the model's
numbers (and said on its strip), scripts that recompute the model's own θ′, and the window
offering the model's own view, or none for T5 and Mamba."""

from __future__ import annotations

import html
import json
import sys
import types

import numpy as np
import pytest

import pe_clock
from pe_clock import cli
from pe_clock.core.models.opened import open_model
from pe_clock.gui.model.opened_model import chosen_group, model_views
from pe_clock.gui.model.request import check_model_view
from pe_clock.gui.panels.rope import RopeView
from tests.models import configs
from tests.models.files import smooth_table, write_cache, write_model


@pytest.fixture
def hub(tmp_path, monkeypatch):
    """Every published config of the fixtures in a cache, by its id."""
    root = tmp_path / "hub"
    for model_id, config in configs.CONFIGS.items():
        write_cache(root, model_id, config)
    monkeypatch.setenv("HF_HUB_CACHE", str(root))
    return root


def export(tmp_path, capsys, *args: str) -> tuple[int, str, bool]:
    out = tmp_path / "figure.png"
    code = cli.main(["--lang", "en", "export", *args, "--out", str(out)])
    return code, capsys.readouterr().err, out.exists()


@pytest.mark.parametrize(
    ("view", "model", "words"),
    [
        ("rope", "bigscience/bloom-560m", "(ALiBi · 16 heads) cannot be shown on --view rope"),
        ("alibi", "openai-community/gpt2", "(a learned position table) cannot be shown"),
        ("learned", "Qwen/Qwen2.5-7B-Instruct", "(RoPE · rope_theta 1000000 · yarn ×4)"),
        ("heatmap", "meta-llama/Llama-3.1-8B", "the views that show it: rope, scaling"),
        ("window", "bigscience/bloom-560m", "cannot be shown on --view window"),
        ("window", "openai-community/gpt2", "the views that show it: learned"),
        ("rope", "google-t5/t5-small", "no view of PE Clock draws these positions"),
        ("window", "state-spaces/mamba-130m-hf", "(no positions (state-space model)): no view"),
    ],
)
def test_a_model_on_a_view_that_cannot_show_it_is_refused_in_one_line(
    hub, tmp_path, capsys, view, model, words
):
    code, err, written = export(tmp_path, capsys, "--view", view, "--model", model)
    assert code == 2 and not written
    assert err.count("\n") == 1 and model in err and words in err
    with pytest.raises(ValueError, match=rf"cannot be shown on view='{view}'|no view"):
        pe_clock.figure(view, model=model)
    with pytest.raises(ValueError, match=r"cannot be shown|no view"):
        pe_clock.code(view, model=model)
    assert cli.main(["--lang", "en", "code", "--view", view, "--model", model]) == 2
    assert model in capsys.readouterr().err


def test_each_scheme_has_the_views_that_draw_it(hub):
    views = {name: model_views(open_model(name)) for name in configs.CONFIGS}
    assert views["bigscience/bloom-560m"] == ("alibi",)
    assert views["openai-community/gpt2"] == ("learned",)
    assert views["google/gemma-3-4b-it"] == ("rope", "scaling")
    assert "window" in views["distilbert-base-uncased"]
    assert "heatmap" in views["distilbert-base-uncased"]
    assert "clock" in views["distilbert-base-uncased"]
    assert views["google-t5/t5-small"] == views["state-spaces/mamba-130m"] == ()
    for name, shown in views.items():
        for view in shown:
            check_model_view(open_model(name), view, view)


def test_distilberts_sinusoids_are_drawn_as_the_courses_table(hub, tmp_path, capsys, state):
    code, err, written = export(
        tmp_path, capsys, "--view", "heatmap", "--model", "distilbert-base-uncased"
    )
    assert code == 0 and written and not err
    state.set(d_model=64, max_len=50)
    state.show_model(open_model("distilbert-base-uncased"))
    assert (state.d_model, state.max_len, state.base) == (768, 512, 10000.0)
    state.close_model()
    assert (state.d_model, state.max_len) == (64, 50)
    table = pe_clock.table(model="distilbert-base-uncased")
    np.testing.assert_array_equal(table, pe_clock.table(512, 768))
    with pytest.raises(ValueError, match=r"cannot be shown on table\(\)"):
        pe_clock.table(model="bigscience/bloom-560m")
    with pytest.raises(ValueError, match="needs max_len and d_model"):
        pe_clock.table()


def test_a_learned_table_comes_from_the_api_as_its_weights_store_it(tmp_path):
    table = smooth_table(64, 32, seed=3)
    small = {**configs.GPT_NEO_125M, "max_position_embeddings": 64, "hidden_size": 32}
    folder = write_model(tmp_path / "neo", small, {"transformer.wpe.weight": ("F32", table)})
    np.testing.assert_array_equal(pe_clock.table(model=folder), table.astype(np.float32))
    assert open_model(folder).table.tensor == "transformer.wpe.weight"
    for given in ({"max_len": 10}, {"d_model": 8}, {"base": 1.0}, {"layout": "nonsense"}):
        with pytest.raises(ValueError, match="do not apply"):  # never silently ignored
            pe_clock.table(model=folder, **given)


def test_layers_choose_a_group_and_a_layer_without_positions_is_refused(hub, tmp_path, capsys):
    gemma = open_model("google/gemma-3-4b-it")
    local, overall = chosen_group(gemma, "local"), chosen_group(gemma, "global")
    assert gemma.config.groups[local].rope_theta == 10000.0
    assert gemma.config.groups[overall].rope_theta == 1e6
    assert chosen_group(gemma, 5) == chosen_group(gemma, "11") == overall
    assert chosen_group(gemma, None) == overall  # the rescaled one first, as the window opens
    scout = open_model("meta-llama/Llama-4-Scout-17B-16E-Instruct")
    # Llama 4's RoPE layers attend within chunks: they are its local layers (they were
    # called global and --layers local was refused); its global layers have no positions.
    rope = chosen_group(scout, "local")
    assert scout.config.groups[rope].scheme == "rope"
    assert "attention_chunk_size" in scout.config.groups[rope].details
    with pytest.raises(ValueError, match=r"has no group of layers with positions.*\(global\)"):
        chosen_group(scout, "global")
    for model, bad in [
        (scout, 3),
        (scout, "35"),
        *((gemma, b) for b in ("34", "x", -1, True, 2.0)),
    ]:
        with pytest.raises(ValueError, match="has no group of layers with positions"):
            chosen_group(model, bad)
    code, err, _ = export(tmp_path, capsys, "--view", "rope", "--layers", "local")
    assert code == 2 and "--model" in err
    figure = pe_clock.figure("rope", model="google/gemma-3-4b-it", layers="local")
    assert figure.png().startswith(b"\x89PNG")
    script = pe_clock.code("rope", model="google/gemma-3-4b-it", layers="local")
    assert "model_base, rotary_dim = 10000, 256" in script


def test_parameters_beside_a_model_are_drawn_and_its_strip_says_so(hub, show, state):
    state.show_model(open_model("google/gemma-3-4b-it"))
    view = show(RopeView, state, (1400, 900))
    assert "Drawn with" not in view.strip.key.text()
    state.set(base=500.0, head_dim=64)
    notes = html.unescape(view.strip.key.text())
    assert "Drawn with base (rope_theta) 500, set over the model's 1000000." in notes
    assert "Drawn with head_dim 64, set over the model's 256." in notes
    state.set(base=1e6, head_dim=256)
    assert "Drawn with" not in view.strip.key.text()


def test_the_command_line_sets_what_it_is_given_over_the_models_numbers(hub, capsys):
    args = ["--lang", "en", "code", "--view", "rope", "--model", "google/gemma-3-4b-it"]
    assert cli.main([*args, "--base", "500", "--head-dim", "64"]) == 0
    script = capsys.readouterr().out
    assert "max_len, d_model, base = 50, 512, 500" in script and "head_dim = 64" in script
    assert "model_base, rotary_dim = 1000000, 256" in script  # the model's own, still
    assert cli.main([*args, "--head-dim", "3"]) == 2
    assert "--head-dim must be" in capsys.readouterr().err


ROPE_MODELS = [name for name, c in configs.CONFIGS.items() if "rope" in json.dumps(c).lower()]


@pytest.mark.parametrize("name", [*ROPE_MODELS, "facebook/esm2_t6_8M_UR50D"])
def test_every_scripts_model_theta_is_pe_clock_models_to_1e_12(hub, capsys, name):
    assert cli.main(["model", name, "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    for group in (g for g in groups if g["scheme"] == "rope"):
        for view in ("rope", "scaling"):
            scope: dict = {}
            script = pe_clock.code(view, model=name, layers=group["layers"][0], lang="en")
            exec(compile(script, name, "exec"), scope)
            np.testing.assert_allclose(scope["model_inv_freq"], group["inv_freq"], rtol=1e-12)
            if "inv_freq_long" in group:
                long = scope["model_inv_freq_long"]
                np.testing.assert_allclose(long, group["inv_freq_long"], rtol=1e-12)
            if group["attention_factor"] not in (None, 1.0):
                assert scope["attention_factor"] == pytest.approx(group["attention_factor"], 1e-12)
            if "softmax_scale_factor" in group:
                want = group["softmax_scale_factor"]
                assert scope["softmax_scale_factor"] == pytest.approx(want, 1e-12)
            assert list(scope["model_layers"]) == group["layers"]


def test_a_models_name_in_a_script_is_a_literal(tmp_path):
    name = "x'); import os; os.system('echo owned'); ('"
    folder = write_model(tmp_path / name, configs.LLAMA_3_1_8B)
    scope: dict = {}
    exec(pe_clock.code("scaling", model=folder), scope)
    assert scope["model_name"] == name


def test_show_takes_a_model_and_its_layers(hub, qtbot, monkeypatch):
    shell = types.SimpleNamespace(active_eventloop="qt")
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    window = pe_clock.show("rope", model="google/gemma-3-4b-it", layers="local", base=500)
    qtbot.addWidget(window)
    assert window.state.model.name == "google/gemma-3-4b-it" and window.state.base == 500.0
    assert window.state.model_group == chosen_group(window.state.model, "local")
    with pytest.raises(ValueError, match="cannot be shown on view='alibi'"):
        pe_clock.show("alibi", model="google/gemma-3-4b-it")
    window.close()


def test_the_window_offers_the_models_own_view_or_says_none_draws_it(hub, window):
    notes = []
    window.state.notified.connect(notes.append)
    window.show_view("why")
    assert window.open_model("google-t5/t5-small")
    assert window.current_view() == "why"  # nothing to draw: the tab stays
    assert "No view draws T5 relative buckets · 32" in notes[-1]
    assert "pe-clock model google-t5/t5-small" in notes[-1]
    assert window.open_model("distilbert-base-uncased")
    assert window.current_view() == "window" and window.state.d_model == 768  # its heatmap
    assert window.open_model("bigscience/bloom-560m") and window.current_view() == "alibi"
    assert cli.main(["--lang", "en", "--model", "bigscience/bloom-560m", "--view", "rope"]) == 2
