"""`tournament checkin` and the draw of a check-in tournament, on a real database through the
command line: names as the entry list matches them, all or nothing, --undo, the refusals in
words with exit 1, the absent left out of the draw but listed, fewer than 2 present refused."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from referee_app.cli.main import main as cli


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli(["tournament", *args])
    return code, out.getvalue(), err.getvalue()


def _day(tmp_path: Path, *options: str) -> tuple[str, str]:
    db = str(tmp_path / "t.db")
    code, out, _ = _run("new", "Club night", "--format", "se", *options, "--db", db)
    assert code == 0
    tid = out.strip()
    entries = tmp_path / "e.csv"
    entries.write_text("name\nAna Lopez\nBen Novak\nÉva Martin\nDan Roe\n", encoding="utf-8")
    assert _run("entries", tid, str(entries), "--db", db)[0] == 0
    return tid, db


def test_checkin_undo_and_the_draw_of_the_present(tmp_path: Path) -> None:
    tid, db = _day(tmp_path, "--checkin")
    code, _, err = _run("checkin", tid, "EVA MARTIN", "Nobody Here", "--db", db)
    assert code == 1 and "no entry named 'Nobody Here'" in err
    code, out, _ = _run("show", tid, "--json", "--db", db)
    assert all(e["present"] is False for e in json.loads(out)["entries"]), "all or nothing: nobody checked in"
    assert _run("checkin", tid, "eva martin", "--db", db)[0] == 0
    code, _, err = _run("draw", tid, "--db", db)
    assert code == 1 and "at least 2 players checked in, not 1" in err
    assert _run("checkin", tid, "ana lopez", "ben novak", "--db", db)[0] == 0
    code, out, _ = _run("checkin", tid, "Ben Novak", "--undo", "--db", db)
    assert code == 0 and out == "Ben Novak: check-in taken back\n"
    code, _, err = _run("checkin", tid, "ana lopez", "--db", db)
    assert code == 1 and "Ana Lopez is already checked in" in err
    assert _run("draw", tid, "--seed", "1", "--db", db)[0] == 0
    shown = json.loads(_run("show", tid, "--json", "--db", db)[1])
    assert shown["absent"] == ["Ben Novak", "Dan Roe"] and shown["checkin"] is True
    assert {e["name"]: e["present"] for e in shown["entries"]} == {
        "Ana Lopez": True, "Éva Martin": True, "Ben Novak": False, "Dan Roe": False,
    }  # fmt: skip
    players = {p for m in shown["matches"] for p in (m["a"], m["b"]) if p}
    assert players == {"Ana Lopez", "Éva Martin"}, "the absent are not drawn"
    code, _, err = _run("checkin", tid, "Dan Roe", "--db", db)
    assert code == 1 and "before the draw only" in err


def test_without_checkin_present_is_null_and_everyone_is_drawn(tmp_path: Path) -> None:
    tid, db = _day(tmp_path, "--late-start", "off")
    assert _run("draw", tid, "--db", db)[0] == 0
    shown = json.loads(_run("show", tid, "--json", "--db", db)[1])
    assert all(e["present"] is None for e in shown["entries"]) and shown["late_start"] is None
    assert len({p for m in shown["matches"] for p in (m["a"], m["b"]) if p}) == 4


def test_bad_door_options_are_bad_input(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    assert _run("new", "X", "--format", "se", "--fee", "12.345", "--db", db)[0] == 2
    assert _run("new", "X", "--format", "se", "--late-start", "15:10,5", "--db", db)[0] == 2
    assert _run("new", "X", "--format", "se", "--late-start", "soon", "--db", db)[0] == 2
    code, out, _ = _run("new", "X", "--format", "se", "--late-start", "10:3,6,9", "--fee", "7.5", "--db", db)
    assert code == 0
    shown = json.loads(_run("show", out.strip(), "--json", "--db", db)[1])
    assert shown["late_start"] == {"minutes": 10, "calls": [3, 6, 9]} and shown["fee"] == "7.50"
