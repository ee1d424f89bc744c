"""An opened model on screen: its numbers in the RoPE and Extension tabs, the per-layer strip,
the learned view, the menus, decks that name a model, and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

import pe_clock
from pe_clock import cli
from pe_clock.core.models.learned import measure, sampled_positions
from pe_clock.core.models.opened import open_model
from pe_clock.gui.model.deck import parse_deck, scene_picture
from pe_clock.gui.panels.learned import LearnedView
from pe_clock.gui.panels.rope import RopeView
from pe_clock.gui.panels.scaling import ScalingView
from tests.models import configs
from tests.models.files import smooth_table, write_cache, write_model

GPT2_SMALL = {**configs.GPT_2, "n_positions": 64, "n_embd": 32}


def test_opening_a_model_sets_its_numbers_and_closing_puts_the_old_ones_back(state, tmp_path):
    state.set(base=777.0, head_dim=64, scaling_method="all", scaling_factor=3.0, original_len=999)
    assert state.open_model(write_model(tmp_path / "llama", configs.LLAMA_3_1_8B))
    assert (state.base, state.head_dim, state.scaling_method) == (500000.0, 128, "llama3")
    assert (state.scaling_factor, state.original_len) == (8.0, 8192)
    state.close_model()
    assert state.model is None
    assert (state.base, state.head_dim, state.scaling_method) == (777.0, 64, "all")
    assert (state.scaling_factor, state.original_len) == (3.0, 999)


def test_a_bad_model_is_reported_and_changes_nothing(state, tmp_path):
    said = []
    state.rejected.connect(said.append)
    before = state.values()
    bad = {**configs.LLAMA_3_1_8B, "rope_theta": 0.5}
    assert not state.open_model(write_model(tmp_path / "bad", bad))
    assert said == ["rope_theta in config.json must be a finite number > 1 and <= 1e+300; got 0.5"]
    assert state.values() == before and state.model is None


def test_a_number_the_tabs_cannot_draw_is_named_and_the_rest_apply(state, tmp_path):
    notes = []
    state.notified.connect(notes.append)
    huge = {**configs.LLAMA_2_7B, "rope_theta": 3.6e9}  # past the base's range of 1e9
    assert state.open_model(write_model(tmp_path / "long", huge))
    assert state.head_dim == 128 and state.base == 10000.0
    assert "cannot draw" in notes[-1] and "base" in notes[-1]


def test_the_strip_shows_every_layer_and_a_click_shows_its_group(show, state, tmp_path, qtbot):
    state.open_model(write_model(tmp_path / "gemma", configs.GEMMA_3_4B))
    # First the layers whose θ is rescaled: the global ones (5, 11, …), linear ×8.
    assert (state.base, state.scaling_method, state.scaling_factor) == (1e6, "linear", 8.0)
    assert state.original_len == 131072 // 8
    view = show(RopeView, state, (1400, 900))
    cells = view.strip.cells
    assert view.strip.isVisible() and cells.height() > 10
    assert "<b>" in view.strip.key.text().split("<br>")[1]  # the shown group in bold
    centre = cells.cell_rect(0, 34).center()  # layer 0: local, θ as trained
    point = QPoint(round(centre.x()), round(centre.y()))
    qtbot.mouseClick(cells, Qt.MouseButton.LeftButton, pos=point)
    assert (state.base, state.scaling_method, state.scaling_factor) == (10000.0, "default", 1.0)
    assert "<b>" in view.strip.key.text().split("<br>")[0]
    state.close_model()
    assert not view.strip.isVisible()


def test_the_extension_tab_draws_the_models_own_theta_prime(show, state, tmp_path):
    state.open_model(write_model(tmp_path / "phi", configs.PHI_3_MINI_128K))
    view = show(ScalingView, state, (1400, 900))
    group = state.model.config.groups[0]
    inv = 1 / 10000.0 ** (np.arange(0, 96, 2) / 96)
    ratio, long = view.model_curves[0], view.long_curves[0]
    assert ratio.isVisible() and long.isVisible()
    np.testing.assert_allclose(ratio.yData, group.inv_freq / inv, rtol=1e-12)
    np.testing.assert_allclose(long.yData, group.inv_freq_long / inv, rtol=1e-12)
    assert "Phi-3" in view.key.text() or "phi" in view.key.text()
    state.set(base=20000.0)  # no longer the model's θ: its curve would be of another
    view._sync()
    assert not ratio.isVisible()


def test_the_learned_view_with_and_without_a_table(show, state, tmp_path):
    view = show(LearnedView, state, (1600, 900))
    assert view.notice.isVisible() and not view.rows[0].table_plot.isVisible()
    assert "393,216" in view.result.text()  # BERT-base's 512 × 768
    # The sinusoids' row fills the page (three quarters of it stayed empty above it).
    page = view.graphics.height()
    assert view.rows[1].table_plot.geometry().height() > 0.8 * page
    assert view.offset_plot.geometry().top() == view.rows[1].table_plot.geometry().top()
    assert view.nearest_plot.geometry().top() > view.offset_plot.geometry().bottom()
    table = smooth_table(64, 32)
    folder = write_model(tmp_path / "gpt2", GPT2_SMALL, {"wpe.weight": ("BF16", table)})
    assert state.open_model(folder)
    view._sync()
    assert not view.notice.isVisible() and view.rows[0].table_plot.isVisible()
    assert view.rows[1].table_plot.geometry().top() >= view.rows[0].table_plot.geometry().bottom()
    assert "2,048" in view.result.text() and "BF16" in view.result.text()
    shown = view.rows[0].table_image.image
    assert shown.shape == (64, 32)
    np.testing.assert_allclose(shown, table.astype(np.float32))
    # Another table of the same size: its own measures drawn, not the first one's.
    other = np.ascontiguousarray(table[::-1])
    folder = write_model(tmp_path / "gpt2-other", GPT2_SMALL, {"wpe.weight": ("F32", other)})
    assert state.open_model(folder)
    view._sync()
    at = sampled_positions(64)
    scores = measure(state.model.table.rows[at], at).components.scores
    x, y = view.rows[0].pca_curve.getData()
    np.testing.assert_array_equal(x, scores[:, 0])
    np.testing.assert_array_equal(y, scores[:, 1])


def test_a_deck_scene_names_a_cached_model_and_a_missing_one_falls_back(
    state, tmp_path, monkeypatch
):
    from pe_clock.gui.model import deck

    monkeypatch.setattr(deck, "_opened", {})
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    write_cache(tmp_path, "meta-llama/Llama-3.1-8B", configs.LLAMA_3_1_8B)
    scenes = parse_deck(
        '[[scene]]\nview = "scaling"\nmodel = "meta-llama/Llama-3.1-8B"\n'
        '[[scene]]\nview = "scaling"\nmodel = "nobody/absent"\nbase = 20000\n'
    )
    shown = scene_picture(scenes, 0, state)
    assert (shown.model.name, shown.base, shown.scaling_method) == (
        "meta-llama/Llama-3.1-8B",
        500000.0,
        "llama3",
    )
    second = scene_picture(scenes, 1, state)
    assert second.base == 20000  # its own parameters
    notes = deck.missing_models(scenes)
    assert len(notes) == 1 and notes[0].startswith("Scene 2: nobody/absent is not in the local")


def test_the_window_opens_a_model_from_the_menu_of_the_cache(window, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    write_cache(tmp_path, "google/gemma-3-4b-it", configs.GEMMA_3_4B)
    menus = window.menus
    menus._list_cached_models()
    entries = [a for a in menus.cached_menu.actions() if a.text() == "google/gemma-3-4b-it"]
    assert entries and not menus.close_model_action.isEnabled()
    entries[0].trigger()
    assert window.state.model.name == "google/gemma-3-4b-it"
    assert window.current_view() == "scaling" and menus.close_model_action.isEnabled()
    menus.close_model_action.trigger()
    assert window.state.model is None


def test_pe_clock_model_prints_text_and_json(tmp_path, capsys):
    folder = write_model(tmp_path / "Qwen2.5-7B-Instruct", configs.QWEN_2_5_7B)
    assert cli.main(["--lang", "en", "model", str(folder)]) == 0
    text = capsys.readouterr().out
    assert (
        "layers 0–27 (28): RoPE · rope_theta 1000000" in text
        and "yarn ×4 over the trained length 32,768" in text
    )
    assert cli.main(["--lang", "en", "model", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (group,) = data["groups"]
    assert group["scheme"] == "rope" and group["rotary_dim"] == 128 and len(group["inv_freq"]) == 64
    assert group["attention_factor"] == pytest.approx(1.1386294361119891)
    np.testing.assert_array_equal(group["inv_freq"], open_model(folder).config.groups[0].inv_freq)
    assert data["learned"] is None
    assert cli.main(["--lang", "en", "model", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pe-clock model: error:")


def test_export_of_the_learned_view_needs_a_model(tmp_path, capsys):
    out = tmp_path / "learned.png"
    assert cli.main(["--lang", "en", "export", "--view", "learned", "--out", str(out)]) == 2
    assert "--model PATH" in capsys.readouterr().err and not out.exists()


def test_a_learned_figure_of_a_model_without_a_readable_table_is_refused(tmp_path, capsys):
    """A pickle-only GPT-2 was drawn as the sinusoids beside an empty quarter, exit 0."""
    folder = write_model(tmp_path / "gpt2", GPT2_SMALL)
    (folder / "pytorch_model.bin").write_bytes(b"\x80\x04cos\nsystem\n(S'touch pwned'\ntR.")
    out = tmp_path / "learned.png"
    argv = ["export", "--view", "learned", "--model", str(folder), "--out", str(out)]
    assert cli.main(["--lang", "en", *argv]) == 2 and not out.exists()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no learned table for --view learned to draw" in err
    assert "pytorch_model.bin, a pickled checkpoint" in err and not (tmp_path / "pwned").exists()
    with pytest.raises(ValueError, match="for view='learned' to draw"):
        pe_clock.figure("learned", model=folder)


@pytest.mark.parametrize("dtype", ["F32", "BF16"])
def test_the_learned_views_code_reads_the_same_table_and_finds_the_same_numbers(tmp_path, dtype):
    from pe_clock import code
    from pe_clock.core.models.learned import measure

    table = smooth_table(64, 32, seed=5)
    folder = write_model(tmp_path / "gpt2", GPT2_SMALL, {"wpe.weight": (dtype, table)})
    scope: dict = {}
    exec(code("learned", model=folder, lang="en"), scope)
    np.testing.assert_array_equal(scope["learned"], table)
    want = measure(table, np.arange(64))
    np.testing.assert_allclose(scope["learned_similarity"], want.similarity, atol=1e-12)
    np.testing.assert_allclose(scope["learned_nearest"], want.nearest, rtol=1e-9)
    np.testing.assert_allclose(scope["learned_share"], want.components.share, rtol=1e-9)


def test_hostile_models_on_the_command_line_and_in_decks(tmp_path, capsys):
    bad = write_model(
        tmp_path / "esc", {**configs.LLAMA_2_7B, "model_type": "\x1b]0;owned\x07\ud800"}
    )
    assert cli.main(["--lang", "en", "model", str(bad)]) == 0  # printed escaped, never sent
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b]0;owned" in out
    far = write_model(tmp_path / "far", {**configs.LLAMA_2_7B, "rope_theta": 1e300})
    png = tmp_path / "rope.png"
    assert (
        cli.main(
            ["--lang", "en", "export", "--view", "rope", "--model", str(far), "--out", str(png)]
        )
        == 0
    )
    assert "cannot draw" in capsys.readouterr().err  # drawn with other numbers: said
    # A deck's model path is found beside the deck, wherever the lecture runs from.
    write_model(
        tmp_path / "decks" / "gpt2", GPT2_SMALL, {"wpe.weight": ("F32", smooth_table(64, 32))}
    )
    deck = tmp_path / "decks" / "lecture.toml"
    deck.write_text('[[scene]]\nview = "learned"\nmodel = "gpt2"\n')
    out_dir = tmp_path / "handout"
    assert (
        cli.main(["--lang", "en", "export", "--deck", str(deck), "--out", str(out_dir) + "/"]) == 0
    )
    assert "model" not in capsys.readouterr().err


def test_a_scene_whose_view_cannot_show_its_model_is_refused(tmp_path, monkeypatch, state):
    """A deck is a frontend too: BLOOM's slopes on the window's three figures were drawn as
    plain sinusoids."""
    from pe_clock.gui.model import deck
    from pe_clock.gui.model.deck import DeckError, check_deck, parse_deck

    monkeypatch.setattr(deck, "_opened", {})
    bloom = write_model(tmp_path / "bloom", configs.BLOOM_560M)
    scenes = parse_deck(
        f'[[scene]]\nview = "alibi"\n[[scene]]\nview = "window"\nmodel = "{bloom}"\n'
    )
    with pytest.raises(DeckError, match=r'(?i)scene 2: .*cannot be shown on view = "window"'):
        check_deck(scenes, state)


#: Qwen3-VL's text config as transformers 5 saves it: the sections interleaved.
QWEN3_VL = {
    **configs.QWEN2_VL_7B,
    "model_type": "qwen3_vl",
    "rope_scaling": {
        "rope_type": "default",
        "mrope_section": [24, 20, 20],
        "mrope_interleaved": True,
    },
}


#: Interleaved sections whose row and column slices (3 × 30) run past the 64 pairs.
PAST = [4, 30, 30]


def interleaved_axes(sections: list[int], pairs: int) -> tuple[int, ...]:
    """Qwen3-VL's apply_interleaved_mrope, written out: pair j takes the row's position where
    j % 3 == 1 and j < 3 x its section, the column's where j % 3 == 2 and j < 3 x its section,
    the time's otherwise."""
    return tuple(
        1 if j % 3 == 1 and j < 3 * sections[1] else 2 if j % 3 == 2 and j < 3 * sections[2] else 0
        for j in range(pairs)
    )


@pytest.mark.parametrize(
    ("config", "axes", "runs"),
    [
        (configs.QWEN2_VL_7B, (0,) * 16 + (1,) * 24 + (2,) * 24, "pairs 0–15"),
        (QWEN3_VL, interleaved_axes([24, 20, 20], 64), "pairs 0, 3, 6, …, 60–63"),
        # Sections whose slices run past the pairs end there, as transformers' slice does.
        (
            {
                **QWEN3_VL,
                "rope_scaling": {**QWEN3_VL["rope_scaling"], "mrope_section": [4, 30, 30]},
            },
            interleaved_axes([4, 30, 30], 64),
            "pairs 0, 3, 6, …, 63",
        ),
    ],
)
def test_m_ropes_sections_are_drawn_lettered_and_a_click_draws_a_pair(
    show, state, tmp_path, qtbot, config, axes, runs
):
    state.open_model(write_model(tmp_path / "vl", config))
    view = show(RopeView, state, (1400, 900))
    band, cells = view.sections, view.sections.cells
    assert band.isVisible() and cells.axes == axes
    sections = config["rope_scaling"]["mrope_section"]
    assert f"mrope_section {sections}" in band.key.text() and runs in band.key.text()
    assert "plain RoPE" in band.note.text()
    # Ink: each cell's letter is drawn in the text's colour on its tint.
    image = cells.grab().toImage()
    for pair in (0, 20, 40):
        rect = cells.cell_rect(pair).toRect().adjusted(2, 2, -2, -2)
        inks = {
            image.pixelColor(x, y).lightness()
            for x in range(rect.left(), rect.right())
            for y in range(rect.top(), rect.bottom())
        }
        assert max(inks) - min(inks) > 60, pair
    centre = cells.cell_rect(20).center()
    qtbot.mouseClick(
        cells, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y()))
    )
    assert state.selected_pair == 20 and view.pair() == 20


def test_a_vision_tower_opens_on_one_axis_of_its_2d_rope(show, state, tmp_path):
    state.open_model(write_model(tmp_path / "vision", configs.QWEN2_VL_7B_VISION))
    assert (state.head_dim, state.base, state.scaling_method) == (40, 10000.0, "default")
    view = show(RopeView, state, (1400, 900))
    assert "2D RoPE" in view.strip.key.text() and not view.sections.isVisible()


def test_a_model_without_sections_draws_no_band(show, state, tmp_path):
    state.open_model(write_model(tmp_path / "llama", configs.LLAMA_2_7B))
    view = show(RopeView, state, (1400, 900))
    assert view.strip.isVisible() and not view.sections.isVisible()


def test_whisper_opens_on_its_encoders_sinusoids_and_its_decoders_learned_table(
    show, state, tmp_path
):
    """The encoder's table first in the file (Whisper stores both as embed_positions): the
    learned view reads the decoder's; the course's views draw the encoder's, split, at the
    base and length that make the paper's formula Whisper's."""
    from tests.core.test_models import whisper_sinusoids

    small = {**configs.WHISPER_TINY, "d_model": 32, "max_source_positions": 60}
    decoder = smooth_table(448, 32)
    tensors = {
        "model.encoder.embed_positions.weight": ("F32", whisper_sinusoids(60, 32)),
        "model.decoder.embed_positions.weight": ("F32", decoder),
    }
    assert state.open_model(write_model(tmp_path / "whisper", small, tensors))
    assert (state.d_model, state.layout, state.max_len, state.train_len) == (32, "split", 60, 60)
    assert state.base == pytest.approx(10000 ** (32 / 30), rel=1e-15)
    assert state.model.table.tensor == "model.decoder.embed_positions.weight"
    np.testing.assert_array_equal(state.model.table.rows, decoder)
    view = show(LearnedView, state, (1600, 900))
    assert "whisper" in view.rows[0].table_plot.titleLabel.text


def test_the_band_goes_when_the_figure_draws_another_head_dim(show, state, tmp_path):
    state.open_model(write_model(tmp_path / "vl", configs.QWEN2_VL_7B))
    view = show(RopeView, state, (1400, 900))
    state.set(selected_pair=40)
    assert view.sections.isVisible() and view.pair() == 40
    state.set(head_dim=32)  # set over the model's 128: its sections are not this head's
    assert not view.sections.isVisible() and view.pair() == 15


def test_every_type_transformers_knows_opens_on_the_views_that_draw_it(state):
    """Each type the registry test describes (`tests.models.registry`) opens in the window's
    state: every RoPE group is shown in turn, what a tab cannot draw is said in sentences, and
    closing puts the fields back."""
    from pe_clock.core.models.opened import OpenedModel
    from pe_clock.gui.model.opened_model import model_view, rope_groups
    from tests.models.registry import outcomes

    before = state.values()
    for outcome in outcomes():
        if outcome.model is None:
            continue
        model = OpenedModel(outcome.model_type, outcome.model)
        refused = state.show_model(model)
        assert refused == "" or refused.endswith("."), (outcome.model_type, refused)
        for index in rope_groups(model)[1:]:
            state.choose_model_group(index)
            group = model.config.groups[index]  # type: ignore[union-attr]
            if "base" not in state.model_refused():
                assert state.base == pytest.approx(group.drawn_base, rel=1e-15)
        assert model_view(model) in (None, "learned", "rope", "scaling", "heatmap", "alibi")
        state.close_model()
    assert state.values() == before
