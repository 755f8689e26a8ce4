"""What the command line prints: names escaped for the terminal, --help without a display, where the
database is, and a failed write that says what failed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee_app.log.store import Store, StoreError
from tests.crafted import ROOT, run


def test_names_are_escaped_for_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    tamper_free = Store(db)
    tamper_free.close()
    con = sqlite3.connect(db)  # a merged row cannot carry them (the codec refuses), a crafted one can
    con.execute(
        "INSERT INTO matches VALUES ('x', '2026', ?, 'B', 'wpa', 2, '', '', '', '', 0, '')", ("\x1b[31mRED\nfake",)
    )
    con.commit()
    con.close()
    out = run("matches", "--db", str(db))[1]
    assert "\x1b" not in out and "\\x1b[31mRED\\nfake" in out and len(out.splitlines()) == 1


def test_help_needs_no_display() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run(
        [sys.executable, "-m", "referee_desk.main", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "replay" in done.stdout and "backup" in done.stdout and "verify" in done.stdout


def test_a_constraint_failure_says_what_failed_not_another_desk(tmp_path: Path) -> None:
    from referee_app.game.events import Entry, MatchStarted
    from referee_app.log.store import SeqTaken

    start = Entry(1, MatchStarted(players=("Ana", "Ben"), race_to=2, match_id="m-1"), "2026-12-01T10:00:00Z")
    store = Store(tmp_path / "m.db")
    with pytest.raises(StoreError, match=r"could not write event 1 of match m-1.*UNIQUE constraint failed") as failed:
        store.add_match([start, start])  # one transaction: nothing of it stays
    assert not isinstance(failed.value, SeqTaken) and not store.has_match("m-1")


def test_where_names_the_database(tmp_path: Path) -> None:
    code, out, _ = run("where", "--db", str(tmp_path / "m.db"))
    db = (tmp_path / "m.db").resolve()
    assert code == 0 and out == f"{db}\nlog: {db.with_suffix('.log')}\n" and not (tmp_path / "m.db").exists()
