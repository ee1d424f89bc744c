"""A normal install (a wheel, pipx) carries every package and the bundled font and icon."""

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_installs_into_a_fresh_venv_and_finds_its_font_outside_the_checkout(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("pe_clock-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    # One import name: nothing but pe_clock (and the wheel's metadata) at the top.
    top = {name.split("/", 1)[0] for name in names}
    assert {name for name in top if not name.endswith(".dist-info")} == {"pe_clock"}, top
    packages = {name.rsplit("/", 1)[0] for name in names if name.endswith("__init__.py")}
    # Every package of the checkout is in the wheel, at its mapped name.
    on_disk = {"pe_clock", "pe_clock/core"} | {
        "pe_clock/" + path.parent.relative_to(ROOT).as_posix()
        for path in ROOT.glob("gui/**/__init__.py")
    }
    assert on_disk <= packages, on_disk - packages
    for data in ("fonts/NanumGothic.ttf", "icons/pe-clock.svg", "decks/default.toml", "py.typed",
                 "__main__.py", "cli/__init__.py"):  # fmt: skip
        assert f"pe_clock/{data}" in names
    for catalogue in ("pe_clock.pot", "ko/LC_MESSAGES/pe_clock.po", "ko/LC_MESSAGES/pe_clock.mo",
                      "en/LC_MESSAGES/pe_clock.mo"):  # fmt: skip
        assert f"pe_clock/core/locale/{catalogue}" in names

    # A fresh venv that sees the test environment's dependencies (PySide6, NumPy…) through a
    # path entry, but not its editable install of this checkout (path entries run no .pth).
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True)
    python = fresh / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    dependencies = sysconfig.get_path("purelib")
    Path(site, "dependencies.pth").write_text(dependencies + "\n")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONPATH", None)
    where = subprocess.run(
        [python, "-c", "from pe_clock.gui.platform.resources import RESOURCES; print(RESOURCES)"],
        cwd=elsewhere, capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(site)  # the installed copy, not the checkout
    run = subprocess.run(
        [fresh / "bin" / "pe-clock", "export", "--view", "worked", "--lang", "ko", "--out",
         "k.png"],
        cwd=elsewhere, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert (elsewhere / "k.png").stat().st_size > 0
    module = subprocess.run(
        [python, "-m", "pe_clock", "--version"],
        cwd=elsewhere, capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert module.returncode == 0 and module.stdout.startswith("PE Clock "), module.stderr
    probe = (
        "from pe_clock.gui.platform.app import create_application\n"
        "from pe_clock.gui.platform.resources import ensure_fonts\n"
        "app = create_application()\n"
        "print(ensure_fonts())\n"
    )
    font = subprocess.run(
        [python, "-c", probe], cwd=elsewhere, capture_output=True, text=True, env=env, timeout=120
    )
    assert font.stdout.strip() == "NanumGothic", font.stderr


def test_the_desktop_entry_runs_the_installed_command_and_shows_the_icon(tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--install-desktop-entry"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"},
    )
    assert out.returncode == 0, out.stderr
    entry = (tmp_path / "applications" / "pe-clock.desktop").read_text()
    icon = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "pe-clock.svg"
    assert icon.read_bytes() == (ROOT / "resources" / "icons" / "pe-clock.svg").read_bytes()
    assert "Icon=pe-clock" in entry and "Name[ko]=" in entry
    command = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert "pe-clock" in command or "main.py" in command
    assert out.stdout.splitlines() == [
        str(tmp_path / "applications" / "pe-clock.desktop"),
        str(icon),
    ]


def test_main_py_in_a_checkout_nobody_installed_says_how_to_install():
    """-S: no site-packages, so no installed pe_clock (the checkout has no pe_clock folder)."""
    out = subprocess.run(
        [sys.executable, "-S", str(ROOT / "main.py"), "--version"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 1
    assert (
        out.stderr.strip() == 'pe-clock: install the package first: python3 -m pip install -e "."'
    )
