"""Lecture decks: reading, checking, playing with real key events, saving."""

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from pe_clock.gui.model.deck import DeckError, check_deck, deck_toml, parse_deck, read_deck
from pe_clock.gui.window import deck_player
from tests.gui.helpers import cli_main

ROOT = Path(__file__).resolve().parents[2]
K = Qt.Key


def test_the_built_in_deck_follows_the_course_and_reads_back():
    scenes = read_deck("default")
    views = [scene.view for scene in scenes]
    # The course's order: why position is needed (without, then with PE), the table, the input,
    # the worked table, the clock (three hands, then the dial grid), then what PE gives.
    course = ["why", "heatmap", "embedding", "worked", "bigclock", "dials", "unique", "rotation",
              "distance", "wavelength", "beyond", "rope", "scaling", "alibi"]  # fmt: skip
    assert list(dict.fromkeys(views)) == course
    assert [s.params["why_pe"] for s in scenes if s.view == "why"] == [False, True]
    # Two bases at one d_model: the second wavelength scene changes the base alone.
    first, second = (s for s in scenes if s.view == "wavelength")
    assert set(second.params) == {"base"} and second.params["base"] != first.params["base"]
    # The three hands are drawn on the handout where they differ, not all at 12 o'clock.
    (hands,) = (s for s in scenes if s.view == "bigclock")
    assert hands.positions[0] > 0 and hands.handout_pos > hands.positions[0]
    for scene in scenes:
        for language in ("en", "ko"):
            assert scene.texts[f"title_{language}"] and scene.texts[f"note_{language}"]
    assert scenes.title("ko") == "사인·코사인 위치 인코딩" and scenes.title("en")
    again = parse_deck(deck_toml(scenes))
    assert again == scenes and again.texts == scenes.texts


BAD = [
    ("[[scene]\nview = 1", "TOML"),
    ("title = 'x'", "title"),
    ("", "no [[scene]]"),
    ('[[scene]]\nview = "clock"\n[[scene]]\nview = "table"', "scene 2, view"),
    ('[[scene]]\nview = "clock"\ncolour = "red"', "scene 1, colour"),
    ('[[scene]]\nview = "clock"\npositions = [5, 2]', "scene 1, positions"),
    ('[[scene]]\nview = "clock"\npositions = [0, 60]', "scene 1, positions"),
    ('[[scene]]\nview = "clock"\ntitle_en = 3', "scene 1, title_en"),
    ('[[scene]]\nview = "clock"\n[[scene]]\nview = "rope"\nhead_dim = 7', "scene 2: head_dim"),
    ('[[scene]]\nview = "heatmap"\nd_model = 8192\nmax_len = 1000001', "scene 1: max_len"),
    ('[[scene]]\nview = "clock"\nbase = "big"', "scene 1: base"),
]


@pytest.mark.parametrize(("text", "named"), BAD)
def test_a_bad_deck_names_the_scene_and_field_and_changes_nothing(text, named, state):
    state.set(pos=3)
    before = {name: getattr(state, name) for name in state.FIELDS}
    with pytest.raises(DeckError, match=named.replace("[", r"\[").replace("]", r"\]")) as caught:
        check_deck(parse_deck(text), state)
    assert "\n" not in str(caught.value)
    assert {name: getattr(state, name) for name in state.FIELDS} == before


def test_the_clicker_steps_through_a_scene_then_on_to_the_next(window, qtbot):
    assert window.deck.open_shown("default")
    assert window.deck.banner.isVisible() and "1/" in window.deck.banner.text()
    scenes = read_deck("default")
    at = [scene.view for scene in scenes].index("heatmap")
    first, second = scenes[at : at + 2]
    window.deck.go(at)
    assert window.current_view() == "window"  # the heatmap's tab
    low, high = first.positions
    assert window.state.pos == low
    for expected in range(low + 1, high + 1):
        qtbot.keyClick(window, K.Key_PageDown)
        assert window.state.pos == expected
    qtbot.keyClick(window, K.Key_PageDown)  # past the scene's last position: the next scene
    assert window.deck.index == at + 1 and window.state.pos == second.positions[0]
    assert window.current_view() == second.view
    qtbot.keyClick(window, K.Key_PageUp)  # back: the previous scene at its last position
    assert window.deck.index == at and window.state.pos == high
    window.controls.widget("d_model").setFocus()  # a focused field does not take the clicker's keys
    qtbot.keyClick(
        window.controls.widget("d_model"), K.Key_PageDown, Qt.KeyboardModifier.ControlModifier
    )
    assert window.deck.index == at + 1
    qtbot.keyClick(window, K.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert window.deck.index == at + 2 and window.current_view() == scenes[at + 2].view
    window.state.set(language="ko")
    assert scenes[at + 2].texts["title_ko"] in window.deck.banner.text()
    window.deck.close()
    assert not window.deck.banner.isVisible()
    qtbot.keyClick(window, K.Key_Right)  # no deck: next position again


def test_a_bad_deck_in_the_window_is_shown_and_changes_nothing(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(deck_player, "warn", lambda *args: shown.append(args[2]))
    window.state.set(pos=7)
    bad = tmp_path / "bad.toml"
    bad.write_text('[[scene]]\nview = "clock"\npos = 3\n[[scene]]\nview = "nope"\n')
    assert not window.deck.open_shown(str(bad))
    assert window.state.pos == 7 and not window.deck.active
    assert "scene 2, view" in shown[0]


def test_scenes_added_from_the_window_save_and_reopen(window, tmp_path):
    window.state.set(pos=4, k=2)
    window.show_view("distance")
    window.deck.add_current()
    window.state.set(d_model=64)
    window.show_view("rope")
    window.deck.add_current()
    path = window.deck.save(tmp_path / "lecture.toml")
    scenes = read_deck(path)
    assert [s.view for s in scenes] == ["distance", "rope"]
    assert scenes[0].params["pos"] == 4 and scenes[1].params["d_model"] == 64
    assert scenes == window.deck.scenes
    window.deck.close()
    assert window.deck.open_shown(str(path)) and window.current_view() == "distance"
    assert window.state.d_model == 512 and window.state.pos == 4


def test_close_and_save_deck_are_greyed_out_in_the_menu_without_a_deck(window):
    present = next(
        action.menu()
        for action in window.menuBar().actions()
        if action.menu() is not None and "Presentation" in action.text().replace("&", "")
    )
    entries = {a.text().split("\t")[0].replace("&", ""): a for a in present.actions()}
    close, save = (entries[name] for name in ("Close deck", "Save deck…"))
    present.aboutToShow.emit()
    assert not close.isEnabled() and not save.isEnabled()
    present.aboutToHide.emit()  # outside the menu a shortcut says "no deck" itself
    window.deck.open("default")
    present.aboutToShow.emit()
    assert close.isEnabled() and save.isEnabled()


def test_the_command_line_refuses_a_bad_deck_with_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[scene]]\nview = "clock"\nk = 1.5\n')
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--lang", "en", "--deck", str(bad)],
        capture_output=True, text=True, timeout=120, env={"QT_QPA_PLATFORM": "offscreen",
        "PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)},
    )  # fmt: skip
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "scene 1" in lines[0] and "k" in lines[0]


def test_a_handout_has_a_page_per_scene_or_a_png_per_scene(tmp_path):
    from tests.gui.helpers import export_cli

    scenes = read_deck("default")
    out = export_cli("--deck", "default", "--lang", "ko", "--out", "handout.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    data = (tmp_path / "handout.pdf").read_bytes()
    assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") == len(scenes)
    out = export_cli("--deck", "default", "--width", "768", "--height", "432", "--out", "pages/",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in (tmp_path / "pages").iterdir())
    assert names == [f"{n:02d}-{s.view}.png" for n, s in enumerate(scenes, start=1)]
    from PySide6.QtGui import QImage

    assert QImage(str(tmp_path / "pages" / names[0])).size().width() == 768


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--deck", "bad.toml", "--out", "h.pdf"], "scene 1"),
        (["--deck", "missing.toml", "--out", "h.pdf"], "missing.toml"),
        (["--deck", "default", "--view", "clock", "--out", "h.pdf"], "--view"),
        (["--deck", "default", "--out", "h.png"], "--out"),
        (["--deck", "default", "--fps", "3", "--out", "h.pdf"], "--fps"),
        (["--deck", "default", "--caption", "--out", "h.pdf"], "--caption"),
        (["--deck", "default", "--stage", "--out", "h.pdf"], "--stage"),
        (["--deck", "default", "--height", "70", "--out", "h.pdf"], "from 77"),
        (["--deck", "default", "--theme", "purple", "--out", "h.pdf"], "--theme must be"),
        (["--deck", "default", "--alibi-heads", "999", "--out", "h.pdf"], "--alibi-heads must"),
        (["--deck", "default", "--out", "a" * 300 + "/"], "File name too long"),
        (["--deck", "default", "--out", "a" * 300 + ".pdf"], "File name too long"),
        # said "height must be from 64 to 8192 pixels; got -190", exit 1
        (["--deck", "long.toml", "--paper", "a4", "--out", "h.pdf"], "scene 1: its title and note"),
        # a slide cut the note at its band's edges, most of its words not drawn
        (["--deck", "long.toml", "--out", "h.pdf"], "scene 1: its title or note does not fit"),
        (["--deck", "long.toml", "--out", "h.mp4"], "scene 1: its title or note does not fit"),
    ],
)
def test_a_bad_handout_exits_2_and_writes_nothing(tmp_path, args, named, capsys, monkeypatch):
    (tmp_path / "bad.toml").write_text('[[scene]]\nview = "clock"\npos = -4\n')
    note = "word " * 1000
    (tmp_path / "long.toml").write_text(f'[[scene]]\nview = "clock"\nnote_en = "{note}"\n')
    before = sorted(p.name for p in tmp_path.iterdir())
    monkeypatch.chdir(tmp_path)
    code, _, err = cli_main(capsys, "export", *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_handout_with_a_title_of_pages_is_written_over_again(tmp_path, capsys, monkeypatch):
    """Qt writes a PDF's title before its Creator, which tells PE Clock's own files: a deck
    titled with thousands of words made a handout the next run refused to write over."""
    (tmp_path / "long.toml").write_text(f'title_en = "{"Lecture " * 4200}"\n[[scene]]\n'
                                        'view = "clock"\n')  # fmt: skip
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        code, _, err = cli_main(capsys, "export", "--deck", "long.toml", "--out", "h.pdf")
        assert code == 0, err


BACK_AND_FORTH = """
[[scene]]
view = "heatmap"
max_len = 100
pos = 80
[[scene]]
view = "clock"
k = -70
[[scene]]
view = "rotation"
k = 0
pos = 0
"""


def test_a_scene_shows_the_same_going_back_as_going_forward(window, qtbot, tmp_path):
    """Scene 2 is scene 1's pos 80 with k = −70. Coming back to it from scene 3 (pos 0) must
    show that again, not k = −70 refused at pos 0 under scene 2's banner."""
    deck = tmp_path / "back.toml"
    deck.write_text(BACK_AND_FORTH)
    assert window.deck.open_shown(str(deck))
    for _ in range(2):
        qtbot.keyClick(window, K.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert (window.deck.index, window.state.pos, window.state.k) == (2, 0, 0)
    qtbot.keyClick(window, K.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert (window.deck.index, window.state.pos, window.state.k) == (1, 80, -70)
    assert window.state.max_len == 100


def test_a_handout_page_shows_its_scene_as_the_window_does(tmp_path):
    """Pages follow the scenes in turn (scene 2 keeps scene 1's max_len 100 and pos 80): drawn
    scene by scene over the base state, scene 2's k = −70 at pos 0 crashed the handout."""
    from tests.gui.helpers import export_cli

    (tmp_path / "back.toml").write_text(BACK_AND_FORTH)
    out = export_cli("--deck", "back.toml", "--out", "back.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr


def test_a_handout_folder_is_written_whole_or_left_as_it_was(tmp_path):
    """Page 3 cannot be written (a folder stands at its name): pages 1 and 2, drawn already,
    are not put in place, and the old page 1 stays."""
    from tests.gui.helpers import export_cli

    pages = tmp_path / "pages"
    pages.mkdir()
    old = pages / "01-heatmap.png"
    old.write_bytes(b"old page")
    scenes = read_deck("default")
    (pages / f"03-{scenes[2].view}.png").mkdir()
    out = export_cli("--deck", "default", "--width", "768", "--height", "432", "--out", "pages/",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode in (1, 2) and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert old.read_bytes() == b"old page"
    assert sorted(p.name for p in pages.iterdir()) == ["01-heatmap.png", f"03-{scenes[2].view}.png"]
    out = export_cli("--deck", "default", "--width", "768", "--height", "432", "--out", "new/",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0 and len(list((tmp_path / "new").iterdir())) == len(scenes)


def test_a_handout_folder_deletes_nothing_and_names_pages_not_of_this_deck(tmp_path):
    """A shorter deck written over a longer one's pages: the old pages stay (an instructor's
    own 512-heatmap.png looks just like one) and a note on stderr names them."""
    from tests.gui.helpers import export_cli

    pages = tmp_path / "pages"
    pages.mkdir()
    theirs = ("07-clock.png", "12-alibi.png", "512-heatmap.png")
    mine = ("notes.txt", "07-clock-annotated.png", "1-clock.png", "٠٣-clock.png", "02-rope.txt")
    for name in (*theirs, *mine):
        (pages / name).write_bytes(b"kept")
    deck = tmp_path / "two.toml"
    deck.write_text('[[scene]]\nview = "clock"\n[[scene]]\nview = "rope"\n')
    out = export_cli("--deck", "two.toml", "--width", "768", "--height", "432", "--out", "pages/",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in pages.iterdir())
    assert names == sorted(["01-clock.png", "02-rope.png", *theirs, *mine])
    assert all((pages / name).read_bytes() == b"kept" for name in (*theirs, *mine))
    (note,) = out.stderr.strip().splitlines()
    assert "07-clock.png, 12-alibi.png, 512-heatmap.png (3 in all)" in note


def test_a_deck_of_a_hundred_scenes_numbers_its_pages_to_sort():
    from pe_clock.gui.export.handout import page_names

    names = page_names(["clock", "rope"] * 50)
    assert names[0] == "001-clock.png" and names[-1] == "100-rope.png"
    assert names == sorted(names) and page_names(["why"] * 9)[-1] == "09-why.png"


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * 100_000 + " = 1\n",
        "[" + ".".join(["x"] * 50_000) + "]\n",
        '"\\"".a' + ".a" * 40_000 + " = 1\n",  # an escaped quote fooled a quote-aware scan
        '"x\u2028y".a' + ".a" * 40_000 + " = 1\n",  # a line separator splitlines() broke at
    ],
)
def test_a_long_dotted_key_is_refused_before_toml_reads_it(text):
    """tomllib's memory grows with the square of a dotted key: 200 KB took 24 GB."""
    with pytest.raises(DeckError, match="more than 100 dots"):
        parse_deck(text)


def test_many_dotted_keys_are_refused_before_toml_reads_them():
    with pytest.raises(DeckError, match="more than 50,000 dots"):
        parse_deck("".join(f"k{i}" + ".a" * 100 + " = 1\n" for i in range(4900)))


def test_a_long_note_full_of_sentences_and_decimals_reads():
    """A note is one line: 150 sentences and decimals were refused as 'more than 100 dots'."""
    note = " ".join(f"Step {i}... sin({i}) = {i * 0.841:.3f}." for i in range(150))
    (scene,) = parse_deck(f'[[scene]]\nview = "clock"\nnote_en = "{note}"  # long\n')
    assert scene.texts["note_en"] == note
    literal = "'" + "a." * 300 + "'"
    assert parse_deck(f'[[scene]]\nview = "clock"\ntitle_ko = {literal}\n')


def test_dots_in_a_decks_text_are_no_key():
    note = 'note_en = """\\\n  Wait... then... and... and then... 1.2.3.4.5.6.7.8.9\\\n  """\n'
    (scene,) = parse_deck('[[scene]]\nview = "clock"\n' + note)
    assert "Wait... then..." in scene.texts["note_en"]


def test_a_deck_holds_at_most_999_scenes():
    assert len(parse_deck('[[scene]]\nview = "clock"\n' * 999)) == 999
    with pytest.raises(DeckError, match="1,000 scenes; a deck holds at most 999"):
        parse_deck('[[scene]]\nview = "clock"\n' * 1000)


def test_a_deck_saved_with_a_byte_order_mark_reads(tmp_path):
    deck = tmp_path / "bom.toml"
    deck.write_bytes(
        '\ufeff[[scene]]\nview = "clock"\nnote_en = "v1.2.3.4.5.6.7.8.9.10"\n'.encode()
    )
    (scene,) = read_deck(deck)
    assert scene.view == "clock"


def test_a_decks_words_are_shown_as_written_not_as_markup(window, tmp_path):
    from PySide6.QtGui import QTextDocument

    deck = tmp_path / "html.toml"
    deck.write_text('[[scene]]\nview = "clock"\ntitle_en = "Rows pos<max_len and k>0 only"\n'
                    'note_en = "R(k) for 0<k<d & more"\n')  # fmt: skip
    assert window.deck.open_shown(str(deck))
    shown = QTextDocument()
    shown.setHtml(window.deck.banner.text())
    assert "Rows pos<max_len and k>0 only" in shown.toPlainText()
    assert "R(k) for 0<k<d & more" in shown.toPlainText()


@pytest.mark.parametrize(
    "text",
    [
        '[[scene]]\nview = "clock"\ntitle_en = ' + "[" * 500 + "]" * 500 + "\n",
        '[[scene]]\nview = ["heatmap"]\n',
        '[[scene]]\n[scene.view]\nname = "clock"\n',
        "[[scene]]\nview." + ".".join(["a"] * 1000) + " = 1\n",  # dotted keys: no recursion
    ],
)
def test_a_crafted_deck_is_refused_in_one_line(text):
    """Arrays nested 500 deep reached a RecursionError; a view that is a list or a table, a
    TypeError (unhashable)."""
    with pytest.raises(DeckError, match=r"deck|scene 1"):
        parse_deck(text)


def test_characters_beyond_the_first_plane_survive_a_save():
    """TOML's \\uXXXX takes four hex digits: U+F0000 must be written \\U000f0000."""
    from pe_clock.gui.model.deck import Scene

    title = "plane15 \U000f0000 tag \U000e0041 end"
    scenes = [Scene("clock", {}, {"title_en": title})]
    assert parse_deck(deck_toml(scenes))[0].texts["title_en"] == title


@pytest.mark.parametrize("out", ["notes/", "notes"])
def test_a_handout_into_a_file_says_it_is_a_file(tmp_path, out):
    from tests.gui.helpers import export_cli

    (tmp_path / "notes").write_bytes(b"mine")
    result = export_cli("--deck", "default", "--out", out, cwd=tmp_path)
    assert result.returncode == 2 and "'notes' is a file" in result.stderr
    assert (tmp_path / "notes").read_bytes() == b"mine"


def test_a_handout_never_writes_over_a_file_pe_clock_did_not_write(tmp_path):
    """An instructor's own 01-why.png in the folder was replaced by page 1, exit 0, nothing
    said. A page is written over only if it bears PE Clock's mark; otherwise the run refuses
    before drawing, naming the file (exit 1). A rerun over its own pages still works."""
    from tests.gui.helpers import export_cli

    size = ("--width", "768", "--height", "432")
    (tmp_path / "two.toml").write_text('[[scene]]\nview = "why"\n[[scene]]\nview = "rope"\n')
    pages = tmp_path / "pages"
    pages.mkdir()
    theirs = pages / "01-why.png"
    theirs.write_bytes(b"\x89PNG\r\n\x1a\n an instructor's own figure")
    out = export_cli("--deck", "two.toml", *size, "--out", "pages/", cwd=tmp_path)
    assert out.returncode == 1 and theirs.read_bytes().endswith(b"own figure")
    (line,) = out.stderr.strip().splitlines()
    assert "01-why.png" in line and sorted(pages.iterdir()) == [theirs]
    theirs.unlink()
    for _ in range(2):  # its own pages: written over
        out = export_cli("--deck", "two.toml", *size, "--out", "pages/", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
    (tmp_path / "notes.pdf").write_bytes(b"%PDF-1.4 the instructor's notes")
    out = export_cli("--deck", "two.toml", *size, "--out", "notes.pdf", cwd=tmp_path)
    assert out.returncode == 1 and (tmp_path / "notes.pdf").read_bytes().endswith(b"notes")
    out = export_cli("--deck", "two.toml", *size, "--out", "ours.pdf", cwd=tmp_path)
    assert out.returncode == 0
    out = export_cli("--deck", "two.toml", *size, "--out", "ours.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr  # a handout of its own, written over


@pytest.mark.parametrize("brk", ["\\r", "\\u2028", "\\u0085", "\\n"])
@pytest.mark.parametrize("where", ["deck", "scene"])
def test_a_title_with_any_line_break_is_refused(brk, where):
    """A title with \\r or U+2028 passed the one-line check (it looked for \\n alone)."""
    title = f'title_en = "one{brk}two"\n'
    text = (title if where == "deck" else "") + '[[scene]]\nview = "clock"\n'
    text += title if where == "scene" else ""
    with pytest.raises(DeckError, match="title_en"):
        parse_deck(text)


def test_a_handout_starts_from_every_field_given(tmp_path):
    """Only d_model, max_len, base, pos, k and the layout were taken (--alibi-heads 8 was
    dropped without a word, --head-dim refused): a scene sets its own over the others."""
    from pe_clock.cli.checks import check_handout
    from pe_clock.cli.parser import build_parser

    given = ["--alibi-heads", "8", "--head-dim", "64", "--layout", "split", "--theme", "dark"]
    argv = [
        "export",
        "--deck",
        "default",
        "--out",
        str(tmp_path / "h.pdf"),
        *given,
        "--d-model",
        "64",
    ]
    args = build_parser().parse_args(argv)
    args.out_folder = False
    picture, _ = check_handout(args)
    assert (picture.alibi_heads, picture.head_dim, picture.layout) == (8, 64, "split")
    assert (picture.theme, picture.d_model) == ("dark", 64)
