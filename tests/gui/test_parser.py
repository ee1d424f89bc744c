"""resources/cli/parser.py: the command line's options, read off its parser and made from the
fields' declarations."""

import pytest

from pe_clock import cli
from pe_clock.cli.parser import option_sets
from pe_clock.gui.model.picture import PARAMETERS
from pe_clock.gui.model.request import CLI, figure_request


def test_the_command_lines_option_lists_are_read_off_its_parser():
    takes_value, shared, window_only = option_sets()
    assert {"--pos", "--d-model", "--head-dim", "--out", "--lang"} <= takes_value
    assert not {"--stage", "--caption", "--torch", "--json"} & takes_value
    # every teaching field is a flag, of the window and of its commands alike
    fields = {CLI.flag(name) for name in PARAMETERS}
    assert shared == {"--view", "--deck", "--stage", "--model", *fields}
    assert window_only == {"--reset-settings", "--install-desktop-entry"}


def test_every_teaching_field_is_a_flag_with_its_declared_type(tmp_path, capsys):
    """--alibi-heads 8, --causal false, --rope-layout half, --clock-pairs 1,2,3 … as figure()
    and a deck take them: typed by the field's declaration and checked by it."""
    from tests.gui.helpers import cli_main

    cases = [
        ("alibi", ["--alibi-heads", "8", "--causal", "false"], {"alibi_heads": 8, "causal": False}),
        ("rope", ["--rope-layout", "half", "--head-dim", "64"], {"rope_layout": "half",
                                                                "head_dim": 64}),
        ("bigclock", ["--clock-pairs", "1,2,3", "--trails", "true"], {"clock_pairs": (1, 2, 3),
                                                                     "trails": True}),
        ("scaling", ["--scaling-method", "yarn", "--scaling-factor", "4", "--original-len",
                     "4096"], {"scaling_method": "yarn", "scaling_factor": 4.0,
                               "original_len": 4096}),
    ]  # fmt: skip
    for view, argv, expected in cases:
        code, _, err = cli_main(capsys, "code", "--view", view, *argv)
        assert code == 0, err
        request = figure_request(view, parameters=expected)
        assert dict(request.parameters) == expected
    for argv, said in (
        (["--view", "alibi", "--causal", "maybe"], "--causal must be true or false"),
        (["--view", "alibi", "--alibi-heads", "0"], "--alibi-heads must be"),
        (["--view", "rope", "--rope-layout", "sideways"], "--rope-layout must be one of"),
        (["--view", "heatmap", "--head-dim", "64"],
         "--view heatmap does not draw --head-dim (the views that draw it: rope, scaling)"),
        (["--view", "heatmap", "--alibi-heads", "8", "--head-dim", "64"],  # each named
         "--view heatmap does not draw --head-dim (the views that draw it: rope, scaling), "
         "--alibi-heads (the views that draw it: alibi)"),
    ):  # fmt: skip
        code, _, err = cli_main(capsys, "--lang", "en", "code", *argv)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    # the API says it in its own words, at the call
    with pytest.raises(ValueError, match="view='heatmap' does not draw head_dim"):
        figure_request("heatmap", parameters={"head_dim": 64})


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("pos", "1e3", 1000), ("pos", " 3 ", 3), ("scaling_factor", "2.5", 2.5),
        ("clock_pairs", "+1,2,3", (1, 2, 3)), ("clock_pairs", "1e1, 1, 2", (10, 1, 2)),
        ("layout", " split ", "split"), ("causal", " TRUE", True),
        # read as written or not at all: the check then names the text
        ("pos", "٣", "٣"), ("pos", "３", "３"), ("pos", "2.0000000000000001", "2.0000000000000001"),
        ("pos", "1e-400", "1e-400"), ("pos", "4.99999999999999999e1", "4.99999999999999999e1"),
        ("pos", "9" * 5000, "9" * 5000), ("clock_pairs", "²,1,2", "²,1,2"),
        ("clock_pairs", "--5,1,2", "--5,1,2"), ("clock_pairs", "0,1," + "9" * 5000, None),
    ],
)  # fmt: skip
def test_an_options_text_is_read_as_written_or_left_for_its_check_to_name(name, text, value):
    from pe_clock.cli.parser import field_value

    assert field_value(name, text) == (text if value is None else value)


@pytest.mark.parametrize("text", ["²,1,2", "0,1,256", "--5,1,2", "0,1," + "9" * 5000])
def test_a_bad_pair_is_refused_by_its_flag_in_one_line(text, capsys):
    """'²' passed isdigit() and then broke int(): a traceback on the window's path, Python's
    words on export's."""
    assert cli.main(["code", "--view", "clock", f"--clock-pairs={text}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pe-clock code: error: --clock-pairs must be") and err.count("\n") == 1
    assert cli.main([f"--clock-pairs={text}"]) == 2  # the window's, before Qt
    assert "--clock-pairs must be" in capsys.readouterr().err


def test_the_window_keeps_a_field_its_view_does_not_draw_and_says_so(monkeypatch, capsys):
    opened = []
    monkeypatch.setattr(cli, "run_gui", lambda *args: opened.append(args) or 0)
    assert cli.main(["--lang", "en", "--view", "heatmap", "--alibi-heads", "3"]) == 0
    said = capsys.readouterr().err
    assert said == (
        "pe-clock: --view heatmap does not draw --alibi-heads (the views that draw it: alibi); "
        "the window keeps each for the views that draw it\n"
    )
    assert opened[0][2] == {"alibi_heads": 3}
