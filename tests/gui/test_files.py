"""Files are written whole or not at all (gui.platform.files, the exports' writes): a full
disk, a short write, a planted temp name, a read-only target, names at the limit."""

import contextlib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pe_clock.gui.export import render as export
from pe_clock.gui.platform import files
from pe_clock.gui.platform.files import PART_SUFFIX, WriteError, atomic_write
from tests.gui.helpers import parts
from tests.gui.processes import command

ROOT = Path(__file__).resolve().parents[2]


# --- 1. a full disk never destroys the old file -------------------------------------------------
@contextlib.contextmanager
def tiny_filesystem(tmp_path, size="600k"):
    """A real full disk: a small tmpfs (root only; skipped elsewhere)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.parametrize("suffix", [".svg", ".pdf", ".png"])
def test_a_full_disk_keeps_the_old_file_and_fails(tmp_path, suffix):
    with tiny_filesystem(tmp_path) as disk:
        target = disk / f"good{suffix}"
        target.write_bytes(b"the good old figure")
        filler = disk / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as fill:
            while True:  # leave about 40 KB: less than any window export needs
                if os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize < 40_000:
                    break
                fill.write(b"\0" * 4096)
        out = command(
            "export", "--view", "window", "--width", "1600", "--height", "900",
            "--out", str(target), cwd=tmp_path,
        )  # fmt: skip
        stdout, stderr = out.communicate(timeout=120)
        assert out.returncode == 1, stderr
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and "No space left" in lines[0] and "Traceback" not in stderr
        assert stdout == ""
        assert target.read_bytes() == b"the good old figure"
        assert parts(disk) == []


def test_a_short_write_is_caught_before_the_rename(tmp_path, monkeypatch):
    """Injected everywhere (no root needed): the disk takes fewer bytes than were written."""
    target = tmp_path / "fig.svg"
    target.write_text("old")
    real_fstat = os.fstat

    class Short:
        def __init__(self, result):
            self._result = result

        def __getattr__(self, name):
            value = getattr(self._result, name)
            return value - 100 if name == "st_size" else value

    monkeypatch.setattr(files.os, "fstat", lambda fd: Short(real_fstat(fd)))
    with pytest.raises(WriteError, match=r"only \d+ of \d+ bytes reached the disk"):
        atomic_write(target, lambda handle: handle.write(b"<svg>" + b" " * 500 + b"</svg>"))
    assert target.read_text() == "old"
    assert parts(tmp_path) == []


def test_a_document_cut_short_is_refused(tmp_path):
    target = tmp_path / "fig.svg"
    target.write_text("old")
    with pytest.raises(WriteError, match="ends before its last byte"):
        atomic_write(target, lambda handle: handle.write(b"<svg><g><rect/></g"))
    assert target.read_text() == "old"
    assert parts(tmp_path) == []


def test_a_killed_exports_temp_file_is_cleaned_next_time(tmp_path, state):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / files.part_name("fig.png", dead.pid, "abc123")
    stale.write_bytes(b"half a PNG")
    mine_alive = tmp_path / files.part_name("other.png", os.getppid(), "abc123")
    mine_alive.write_bytes(b"a live process's file")
    # a stranger's files, named as PE Clock's were and are, with no tag or another key's
    strangers = [f".fig.png.{dead.pid}.abc123{PART_SUFFIX}",
                 f".fig.png.{dead.pid}.abc123.0123456789abcdef{PART_SUFFIX}"]  # fmt: skip
    for name in strangers:
        (tmp_path / name).write_bytes(b"not PE Clock's")
    export.export_figure(tmp_path / "fig.png", "heatmap", state, 640, 480)
    assert not stale.exists()
    assert mine_alive.exists()  # its process still runs: not ours to remove
    assert all((tmp_path / name).read_bytes() == b"not PE Clock's" for name in strangers)


# --- 11. the temp file is written through its descriptor; modes are kept ---------------------
def test_new_files_follow_the_umask_and_old_ones_keep_their_mode(tmp_path):
    old_umask = os.umask(0o022)
    try:
        fresh = atomic_write(tmp_path / "new.png", lambda h: h.write(b"x" * 10 + b"IEND\xaeB`\x82"))
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        private = tmp_path / "private.png"
        private.write_bytes(b"old")
        private.chmod(0o600)
        atomic_write(private, lambda h: h.write(b"y" * 10 + b"IEND\xaeB`\x82"))
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)


def test_a_read_only_target_is_refused_not_replaced(tmp_path):
    target = tmp_path / "handout.pdf"
    target.write_bytes(b"%PDF the handout %%EOF")
    target.chmod(0o444)
    with pytest.raises(WriteError, match="read-only"):
        atomic_write(target, lambda h: h.write(b"%PDF new %%EOF"))
    assert target.read_bytes() == b"%PDF the handout %%EOF"


def test_a_symlink_planted_at_the_temp_name_is_never_followed(tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    monkeypatch.setattr(files.secrets, "token_hex", lambda n: "abcdef")
    planted = tmp_path / files.part_name("fig.png", os.getpid(), "abcdef")
    planted.symlink_to(victim)
    with pytest.raises(WriteError):
        atomic_write(tmp_path / "fig.png", lambda h: h.write(b"data IEND\xaeB`\x82"))
    assert victim.read_text() == "precious"


def test_names_at_the_file_systems_limit_work(tmp_path, state):
    name = "n" * 251 + ".png"  # 255 bytes: the temp name must not add to it
    path = export.export_figure(tmp_path / name, "heatmap", state, 640, 480)
    assert path.exists() and parts(tmp_path) == []
    with pytest.raises(WriteError, match="longer than this file system allows"):
        export.export_figure(tmp_path / ("n" * 256 + ".png"), "heatmap", state, 640, 480)


# --- what a hostile review found after the first pass ------------------------------------------
def test_a_file_this_user_may_not_write_is_refused_even_in_an_open_folder(tmp_path):
    """In a 0777 folder without the sticky bit, a rename would replace another user's file."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root and setpriv to run the export as another user")
    import tempfile

    shared = Path(tempfile.mkdtemp(dir="/tmp"))  # every user can reach it
    shared.chmod(0o777)
    target = shared / "rootfile.png"
    target.write_bytes(b"root's figure")
    target.chmod(0o644)
    try:
        out = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
             str(ROOT / "main.py"), "export", "--view", "heatmap", "--out", str(target)],
            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""}, timeout=120,
        )  # fmt: skip
        assert out.returncode == 2 and "read-only" in out.stderr, out.stderr
        assert target.read_bytes() == b"root's figure"
    finally:
        shutil.rmtree(shared)


def test_planted_temp_names_never_crash_an_export(tmp_path, state):
    for name in (".a.png.4294967296.abcdef", ".a.png.99999999999999999999.abcdef"):
        (tmp_path / (name + PART_SUFFIX)).write_bytes(b"planted")
    export.export_figure(tmp_path / "t.png", "heatmap", state, 640, 480)
    assert (tmp_path / "t.png").exists()


def test_a_killed_exports_temp_file_with_a_newline_in_its_name_is_cleaned(tmp_path, state):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / files.part_name("k\nx.gif", dead.pid, "1dedc0")
    stale.write_bytes(b"half a GIF")
    export.export_figure(tmp_path / "z.png", "heatmap", state, 640, 480)
    assert not stale.exists()


def test_a_long_korean_name_at_the_limit_is_written(tmp_path, state):
    name = "가" * 83 + ".png"  # 253 bytes: legal, and longer than 120 bytes of temp name
    assert len(os.fsencode(name)) == 253
    assert export.export_figure(tmp_path / name, "heatmap", state, 640, 480).exists()


def test_new_names_are_claimed_atomically_and_nothing_is_replaced(tmp_path):
    """Two savers taking "the next free name" in one folder at once: every save is a file of
    its own (a name checked free, then renamed over, lost files: 57 of 80)."""
    import itertools
    import threading

    def names():
        return (tmp_path / f"fig-{n}.png" for n in itertools.count(1))

    (tmp_path / "fig-2.png").symlink_to(tmp_path / "gone.png")  # a dangling link: taken
    made: list[Path] = []

    def save(who: int) -> None:
        for i in range(40):
            data = f"{who}:{i}".encode() + b"IEND\xaeB`\x82"
            made.append(files.atomic_write_new(names(), lambda h, data=data: h.write(data)))

    savers = [threading.Thread(target=save, args=(who,)) for who in range(2)]
    for saver in savers:
        saver.start()
    for saver in savers:
        saver.join()
    assert len(set(made)) == 80 and tmp_path / "fig-2.png" not in made
    contents = {path.read_bytes() for path in made}
    assert len(contents) == 80 and parts(tmp_path) == []
