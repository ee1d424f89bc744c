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
    packages = {name.rsplit("/", 1)[0] for name in names if name.endswith("__init__.py")}
    on_disk = {str(path.parent.relative_to(ROOT)) for path in ROOT.glob("gui/**/__init__.py")} | {
        "core"
    }
    assert on_disk <= packages  # every package of the checkout is in the wheel
    assert "gui/resources/fonts/NanumGothic.ttf" in names
    assert "gui/resources/icons/pe-clock.svg" in names
    for catalogue in ("pe_clock.pot", "ko/LC_MESSAGES/pe_clock.po", "ko/LC_MESSAGES/pe_clock.mo",
                      "en/LC_MESSAGES/pe_clock.mo"):  # fmt: skip
        assert f"core/locale/{catalogue}" in names

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
        [python, "-c", "from gui.platform.resources import RESOURCES; print(RESOURCES)"],
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
    probe = (
        "from gui.platform.app import create_application\n"
        "from gui.platform.resources import ensure_fonts\n"
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
