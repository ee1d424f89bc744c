"""The figure request (gui.model.request) and the declarations every frontend derives from:
every registered view through every frontend, messages in the caller's terms, and no Qt where
no figure is drawn."""

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pe_clock
from pe_clock import cli
from pe_clock.cli.parser import OPTION_FIELDS
from pe_clock.core.models.opened import open_model
from pe_clock.gui.model.deck import PARAMETERS as DECK_PARAMETERS
from pe_clock.gui.model.deck import Scene, check_deck
from pe_clock.gui.model.fields import LOOK, PARAMETER, ROW
from pe_clock.gui.model.picture import PARAMETERS, Picture
from pe_clock.gui.model.request import CLI, figure_request
from pe_clock.gui.model.state import LOOK_FIELDS
from pe_clock.gui.views import REGISTRY, STAGE_VIEWS, VIEW_NAMES
from pe_clock.gui.widgets.layer_strip import overrides
from pe_clock.gui.widgets.lazy_view import LazyView
from tests.models import configs
from tests.models.files import write_model

#: The schemes of `core.models.config`'s layer groups that a view draws.
DRAWN_SCHEMES = {"rope", "alibi", "learned", "sinusoidal"}


def test_each_frontend_takes_the_fields_of_the_roles_it_serves():
    roles = {name: field.role for name, field in Picture.FIELDS.items()}
    assert set(PARAMETERS) == {name for name, role in roles.items() if role == PARAMETER}
    assert set(DECK_PARAMETERS) == {*PARAMETERS, "theme"}  # a scene may choose its colours
    assert set(LOOK_FIELDS) == {name for name, role in roles.items() if role == LOOK}  # stage's
    assert set(OPTION_FIELDS) == set(PARAMETERS)
    with pytest.raises(ValueError, match="parameter must be one of d_model"):
        figure_request("clock", parameters={"font_scale": 2.0})


@pytest.mark.parametrize("spec", REGISTRY, ids=lambda spec: spec.name)
def test_every_view_works_in_every_frontend(spec, state, qtbot, capsys):
    """What a view declares is what the window's panel, the request, the command line, the
    notebook's API, a deck and the stage take."""
    assert set(spec.fields) <= set(PARAMETERS) and set(spec.schemes) <= DRAWN_SCHEMES
    # the window: the view keeps the contract; its panel builds each declared field's control
    view = spec.load()(state)
    qtbot.addWidget(view)
    assert isinstance(view, LazyView)
    options = getattr(view, "options", None)
    built = options.fields if options is not None else []
    in_row = [
        n for n in spec.fields if (c := Picture.FIELDS[n].control) is not None and c.place == ROW
    ]
    assert built == in_row
    # the request (a figure of the learned view needs a model), the command line, the API
    if spec.name != "learned":
        assert figure_request(spec.name).size == spec.size
    assert cli.main(["--lang", "en", "code", "--view", spec.name]) == 0
    assert capsys.readouterr().out == pe_clock.code(spec.name, lang="en")
    # a deck's scene on it; the stage for every view but the window's three figures
    check_deck([Scene(spec.name, {name: getattr(state, name) for name in spec.fields})], state)
    assert (spec.name in STAGE_VIEWS) == (spec.name != "window")


@pytest.mark.parametrize(
    ("view", "api", "argv", "api_words", "cli_words"),
    [
        ("window", {"stage": True}, ["--stage"], "stage shows one view", "--stage shows one"),
        ("rope", {"layers": "local"}, ["--layers", "local"], "layers chooses", "--layers chooses"),
        (
            "learned", {}, [],
            "view='learned' draws a model's learned table: add model=PATH",
            "--view learned draws a model's learned table: add --model PATH",
        ),
        ("nope", {}, [], "view must be one of", "--view must be one of"),
    ],
)  # fmt: skip
def test_refusals_are_said_in_the_callers_terms(
    view, api, argv, api_words, cli_words, tmp_path, capsys
):
    with pytest.raises(ValueError) as raised:
        pe_clock.figure(view, **api)
    assert api_words in str(raised.value)
    out = str(tmp_path / "f.png")
    assert cli.main(["--lang", "en", "export", "--view", view, *argv, "--out", out]) == 2
    assert cli_words in capsys.readouterr().err


def test_embeddings_on_another_view_are_refused_in_the_callers_terms(tmp_path, capsys):
    rows = np.zeros((3, 512))
    with pytest.raises(ValueError, match=r"embeddings applies to view='embedding' only; got "
                       r"view='clock'"):  # fmt: skip
        pe_clock.figure("clock", embeddings=rows)
    np.save(tmp_path / "rows.npy", rows)
    argv = ["--view", "clock", "--embeddings", str(tmp_path / "rows.npy")]
    assert cli.main(["--lang", "en", "export", *argv, "--out", str(tmp_path / "f.png")]) == 2
    said = capsys.readouterr().err
    assert "--embeddings applies to --view embedding only; got --view clock" in said


def test_checking_a_figure_and_writing_its_script_never_import_qt(tmp_path):
    """pe_clock.code and table, a refused figure, pe-clock code, a refused export and a
    refused deck: no Qt (--head-dim 9999 was refused after Qt had started, 6-12 s)."""
    deck = tmp_path / "deck.toml"
    deck.write_text('[[scene]]\nview = "clock"\nd_model = 7\n')
    program = f"""
import json, sys
import pe_clock
from pe_clock import cli
from pe_clock.gui.views import VIEW_NAMES
pe_clock.table(4, 4)
for view in VIEW_NAMES:
    pe_clock.code(view)
said = []
try:
    pe_clock.figure("rope", head_dim=9999)
except ValueError as err:
    said.append(str(err))
codes = [cli.main(["code", "--view", "scaling", "--base", "500"]),
         cli.main(["export", "--view", "rope", "--head-dim", "9999", "--out", {str(tmp_path / "f.png")!r}]),
         cli.main(["export", "--deck", {str(deck)!r}, "--out", {str(tmp_path / "d.pdf")!r}])]
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"))
print(json.dumps([said, codes, qt]))
"""  # noqa: E501
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True
    )
    said, codes, qt = json.loads(done.stdout.splitlines()[-1])
    assert "head_dim must be an even integer from 2 to 512; got 9999" in said[0]
    assert codes == [0, 2, 2] and qt == []
    assert "deck, scene 1: d_model must be an even integer" in done.stderr


def test_the_window_view_refuses_a_model_it_does_not_draw(tmp_path, capsys):
    folder = write_model(tmp_path / "bloom", configs.BLOOM_560M)
    out = tmp_path / "f.png"
    argv = ["export", "--view", "window", "--model", str(folder), "--out", str(out)]
    assert cli.main(["--lang", "en", *argv]) == 2 and not out.exists()
    assert "cannot be shown on --view window; the views that show it: alibi" in (
        capsys.readouterr().err
    )


def test_a_figure_drawn_for_a_model_names_it(tmp_path, state, show):
    """DistilBERT's heatmap said "PE(pos, dim) · d_model 768 · base 10000" and a learned
    table's "Learned table": neither which model (its name is a file's: escaped)."""
    from pe_clock.gui.figures.heatmap import HeatmapView
    from pe_clock.gui.panels.learned import LearnedView
    from tests.models.files import smooth_table

    folder = write_model(tmp_path / "dist<b>il", configs.DISTILBERT_SINUSOIDAL)
    state.show_model(open_model(folder))
    heatmap = show(HeatmapView, state)
    assert heatmap.plot.titleLabel.whole.endswith(" · dist&lt;b&gt;il")
    state.close_model()
    assert "dist" not in heatmap.plot.titleLabel.whole  # no model: none named
    tensors = {"wpe.weight": ("F32", smooth_table(1024, 768))}
    state.show_model(open_model(write_model(tmp_path / "gpt2", configs.GPT_2, tensors)))
    learned = show(LearnedView, state)
    assert learned.rows[0].table_plot.titleLabel.whole.endswith(" · gpt2")


@pytest.mark.parametrize("config", [configs.T5_SMALL, configs.MAMBA_130M])
def test_the_window_does_not_open_on_a_model_no_view_draws(tmp_path, capsys, config):
    """pe-clock --model on T5 or Mamba opened a window no view of which showed the model."""
    from tests.gui.helpers import cli_main

    folder = write_model(tmp_path / "m", config)
    code, _, err = cli_main(capsys, "--lang", "en", "--model", str(folder))
    assert code == 2 and "no view of PE Clock draws these positions" in err
    assert err.count("\n") == 1


def test_an_alibi_model_draws_all_its_heads_and_its_strip_says_only_what_is_true(tmp_path, state):
    """BLOOM-176B's 112 heads were drawn as 12 under "set over the model's 112"."""
    bloom = write_model(tmp_path / "bloom", {**configs.BLOOM_560M, "n_head": 112})
    request = figure_request("alibi", model=str(bloom))
    assert request.picture().alibi_heads == 112 and request.notes == ""
    assert "112" in pe_clock.code("alibi", model=str(bloom))
    state.show_model(*request.model)
    assert state.alibi_heads == 112 and overrides(state) == []
    state.set(alibi_heads=8)
    assert overrides(state) == ["Drawn with heads 8, set over the model's 112."]
    # MPT's slopes with another alibi_bias_max are not Press et al.'s
    attn = {**configs.MPT_7B["attn_config"], "alibi_bias_max": 16}
    mpt = write_model(tmp_path / "mpt", {**configs.MPT_7B, "n_heads": 48, "attn_config": attn})
    state.show_model(open_model(mpt))
    (line,) = overrides(state)
    assert "48 heads are not Press et al.'s" in line and "set over" not in line
    assert state.alibi_heads == 8  # the tab's own, as the line says
    # Falcon's are Press et al.'s rounded to bfloat16: all 71 drawn, the rounding said
    falcon = {**configs.FALCON_RW_1B, "num_attention_heads": 71, "alibi": True}
    state.show_model(open_model(write_model(tmp_path / "falcon", falcon)))
    assert state.alibi_heads == 71
    (line,) = overrides(state)
    assert line.startswith("Drawn with Press et al.'s exact slopes") and "bfloat16" in line


def test_a_request_holds_what_was_passed_then():
    pairs = [0, 5, 10]
    request = figure_request("bigclock", parameters={"d_model": 64, "clock_pairs": pairs})
    pairs[0] = 31
    assert request.parameters["clock_pairs"] == (0, 5, 10)
    with pytest.raises(TypeError):
        request.parameters["d_model"] = 8  # type: ignore[index]
    assert json.dumps(request.picture().clock_pairs) == "[0, 5, 10]"
    assert CLI.given("view", "rope") == "--view rope"


def test_every_message_names_the_callers_own_option(tmp_path, capsys):
    """Python users saw command-line flags (--layers 99, --torch, --view window), command-line
    users the fields' names (d_model for --d-model)."""
    gemma = str(write_model(tmp_path / "gemma", configs.GEMMA_3_4B))
    cases = [
        (lambda: pe_clock.figure("rope", model=gemma, layers=99), "positions for layers=99",
         ["export", "--view", "rope", "--model", gemma, "--layers", "99"], "for --layers 99"),
        (lambda: pe_clock.code("rope", torch=True), "torch=True: the course",
         ["code", "--view", "rope", "--torch"], "--torch: the course"),
        (lambda: pe_clock.figure("clock", lang="xx"), "lang must be one of en, ko",
         ["export", "--lang", "xx"], "--lang must be one of en, ko"),
        (lambda: pe_clock.figure("clock", d_model=3), "d_model must be",
         ["export", "--view", "clock", "--d-model", "3"], "--d-model must be"),
        (lambda: pe_clock.figure("clock", layers="local"), "give the model with model=PATH",
         ["export", "--layers", "local"], "give the model with --model PATH"),
    ]  # fmt: skip
    out = ["--out", str(tmp_path / "f.png")]
    for call, api, argv, flags in cases:
        with pytest.raises(ValueError) as raised:
            call()
        assert api in str(raised.value) and "--" not in str(raised.value), raised.value
        argv = [*argv, *out] if argv[0] == "export" else argv
        assert cli.main(["--lang", "en", *argv]) == 2
        assert flags in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"the view 'window' does not fit 320 × 180"):
        pe_clock.figure("window", width=320, height=180).png()


def test_a_figures_messages_speak_its_language():
    with pytest.raises(ValueError) as raised:
        pe_clock.figure("heatmap", lang="ko", pos=99)
    assert any("\uac00" <= c <= "\ud7a3" for c in str(raised.value))


def test_readme_names_every_view_the_command_line_takes():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    sentence = re.split(r"\.\s+Every\s+field", readme.split("`--view` is one of ", 1)[1])[0]
    assert sorted(re.findall(r"`(\w+)`", sentence)) == sorted(VIEW_NAMES)


def test_a_requests_values_are_checked_once_for_the_renderer_and_the_script(
    monkeypatch, qapp, capsys
):
    """The request checks each value; the state a figure is drawn from and the script take
    its checked picture and never check a value again (they had: three times in all)."""
    from pe_clock.core import params
    from pe_clock.core.figure_code import script
    from pe_clock.gui.export.render import request_state

    heads, d_models = [], []
    field = Picture.FIELDS["alibi_heads"]
    check, check_d_model = field.check, params.check_d_model
    assert check is not None
    monkeypatch.setattr(field, "check", lambda v, values: heads.append(v) or check(v, values))
    monkeypatch.setattr(params, "check_d_model", lambda v: d_models.append(v) or check_d_model(v))
    for view, given in (("alibi", {"alibi_heads": 8}), ("heatmap", {"d_model": 8})):
        request = figure_request(view, terms=CLI, parameters=given, lang="en")
        state = request_state(request)
        assert script(view, request.checked.values(), "en").startswith("#")
        assert {name: getattr(state, name) for name in given} == given
        state.deleteLater()
    assert heads.count(8) == 1 and d_models.count(8) == 1
    assert cli.main(["code", "--view", "alibi", "--alibi-heads", "8"]) == 0
    assert "num_heads, length = 8," in capsys.readouterr().out
    assert heads.count(8) == 2
