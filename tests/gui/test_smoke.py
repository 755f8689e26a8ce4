"""`referee-app --smoke`: its one line when all is well, the failed step named when not, and
nothing left behind outside its temporary folder."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from referee_desk import smoke

OK_LINE = re.compile(r"referee-app \d+\.\d+\.\d+, Qt 6\.\d+\.\d+, SQLite 3\.\d+\.\d+, Python 3\.\d+: ok")


def _run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[int, str, str, Path]:
    """Run the smoke in this process, with Python's temporary folder inside `tmp_path`."""
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    out, err = io.StringIO(), io.StringIO()
    code = smoke.run_smoke(out, err)
    return code, out.getvalue(), err.getvalue(), temp


def test_the_smoke_run_prints_its_one_line_and_removes_its_folder(
    qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err, temp = _run(monkeypatch, tmp_path)
    assert (code, err) == (0, "")
    assert OK_LINE.fullmatch(out.rstrip("\n")) and out.count("\n") == 1, out
    assert list(temp.iterdir()) == []


def test_the_smoke_run_works_under_a_user_name_outside_ascii(
    qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Windows puts the temporary folder in the user's profile: C:\\Users\\Zoë Ångström\\AppData\\..."""
    profile = tmp_path / "Zoë Ångström" / "AppData"
    profile.mkdir(parents=True)
    code, out, err, temp = _run(monkeypatch, profile)
    assert (code, err) == (0, ""), err
    assert OK_LINE.fullmatch(out.rstrip("\n"))
    assert list(temp.iterdir()) == []


def test_a_failed_step_is_named_with_its_reason(qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import referee_desk.printing

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(referee_desk.printing, "write_sheets_pdf", full_disk)
    code, out, err, temp = _run(monkeypatch, tmp_path)
    assert (code, out) == (1, "")
    assert err.startswith("referee-app --smoke failed at pdf: "), err
    assert err.endswith(".pdf could not be written: the disk is full (nothing was left there)\n"), err
    assert list(temp.iterdir()) == []


def test_a_refused_event_fails_the_match_step_with_the_rules_reason(
    qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    too_early = {"type": "shot", "call": {"ball": 10, "pocket": "FR"}, "pocketed": [{"ball": 10, "pocket": "FR"}]}
    monkeypatch.setattr(smoke, "MATCH", (*smoke.MATCH[:1], too_early))  # a shot before the break
    code, out, err, _temp = _run(monkeypatch, tmp_path)
    assert (code, out) == (1, "")
    assert err.startswith("referee-app --smoke failed at match: event 2 (shot) was refused: "), err
    assert err.strip() != "referee-app --smoke failed at match: event 2 (shot) was refused: no reason given"


def test_a_folder_that_cannot_be_removed_fails_the_cleanup_step(
    qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On Windows a file left open cannot be removed: the run says so instead of leaving it behind."""
    real_rmtree = smoke.shutil.rmtree

    def refused(path: Any, ignore_errors: bool = False) -> None:
        if not ignore_errors:
            raise PermissionError(13, "The process cannot access the file", str(path))
        real_rmtree(path, ignore_errors=True)

    monkeypatch.setattr(smoke.shutil, "rmtree", refused)
    code, out, err, temp = _run(monkeypatch, tmp_path)
    assert (code, out) == (1, "")
    assert err.startswith("referee-app --smoke failed at cleanup: the temporary folder could not be removed: "), err
    assert list(temp.iterdir()) == []


def test_a_match_that_does_not_end_fails_the_match_step(qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(smoke, "MATCH", smoke.MATCH[:-1])  # the 10 stays on the table
    code, _out, err, _temp = _run(monkeypatch, tmp_path)
    assert code == 1 and err.startswith("referee-app --smoke failed at match: the match did not end"), err


@pytest.mark.parametrize(
    ("environ", "platform", "chosen"),
    [
        ({}, "linux", "offscreen"),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", None),
        ({}, "win32", None),  # Windows and macOS always have their desktop's plugin
        ({}, "darwin", None),
    ],
)
def test_offscreen_only_on_a_linux_without_a_display(
    environ: dict[str, str],
    platform: str,
    chosen: str | None,
) -> None:
    assert smoke.qt_platform(environ, platform) == chosen


@pytest.mark.slow
def test_the_command_writes_nothing_outside_its_temporary_folder(tmp_path: Path) -> None:
    """The real command, as CI runs it: no display, an empty home and temporary folder, both
    empty again afterwards (no settings, no database, no cache left)."""
    home, temp = tmp_path / "home", tmp_path / "temp"
    home.mkdir()
    temp.mkdir()
    keep = ("PATH", "LANG", "SYSTEMROOT", "QT_QPA_PLATFORM")
    env = {k: v for k, v in os.environ.items() if k in keep} | {"HOME": str(home), "TMPDIR": str(temp)}
    app = Path(sys.executable).with_name("referee-app.exe" if sys.platform == "win32" else "referee-app")
    done = subprocess.run([str(app), "--smoke"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert OK_LINE.fullmatch(done.stdout.rstrip("\n")), done.stdout
    assert list(home.rglob("*")) == [] and list(temp.rglob("*")) == []
