"""Exports write only inside the folder chosen, whole or not at all, and a spreadsheet never runs a cell.

Each test builds the crafted file or database, runs the real command and checks the exit code,
the message, and that nothing was written where it should not be."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from referee_app.log.logfile import read_log
from referee_app.organizer.exports import ExportError, write_files
from tests.crafted import SEED, START, run, tamper, write


@pytest.mark.parametrize("at", ["/tmp/X", "../../../R", "2026-12-01/../../E"])
def test_a_crafted_time_cannot_steer_an_export_out_of_its_folder(tmp_path: Path, seeded: tuple[Path, str], at: str):
    db, match_id = seeded
    tamper(db, f"UPDATE events SET at = '{at}' WHERE seq = 1")
    other = tmp_path / "mine.db"
    code, _, err = run("merge", str(db), "--db", str(other))
    assert code == 1 and "not merged" in err  # the chain (and the time check) refuse it
    out_dir = tmp_path / "deep" / "out"
    code, _, err = run("export", match_id, "--format", "jsonl", "--out", str(out_dir), "--db", str(db))
    assert code == 1 and "changed outside the app" in err
    assert not list(tmp_path.rglob("*.jsonl")) and not list(Path("/tmp").glob("X_*"))


def test_file_names_are_made_of_safe_bounded_parts(tmp_path: Path) -> None:
    crafted = write(
        tmp_path / "a.jsonl",
        '{"type": "match_started", "players": {"A": "../../etc", "B": "x/y"}, "race_to": 1,'
        ' "match_id": "../../../..ESCAPED"}',
    )
    db = tmp_path / "m.db"
    assert run("import", str(crafted), "--db", str(db))[0] == 0
    out_dir = tmp_path / "out"
    code, out, _ = run("export", "--all", "--format", "jsonl", "--out", str(out_dir), "--db", str(db))
    assert code == 0
    [written] = [Path(line) for line in out.splitlines()]
    assert written.parent == out_dir.resolve() and "/" not in written.name and ".." not in written.name
    assert [p.name for p in tmp_path.rglob("*.jsonl") if p.parent != tmp_path] == [written.name]


def test_a_match_id_with_a_control_character_is_a_bad_value(tmp_path: Path) -> None:
    bad = write(tmp_path / "a.jsonl", START[:-1] + ', "match_id": "abc\\u0000def"}')
    assert run("replay", str(bad))[0] == 2


def test_a_writer_that_writes_nothing_is_a_failure_and_leaves_nothing(tmp_path: Path) -> None:
    logs = [[line.entry for line in read_log(str(SEED))]]
    with pytest.raises(ExportError, match="could not be written"):
        write_files(logs, "pdf", tmp_path / "out", pdf=lambda entries, handle, paper: None)
    assert list((tmp_path / "out").iterdir()) == []


def test_export_into_a_file_is_a_message_not_a_traceback(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    not_a_dir = tmp_path / "not-a-dir"
    not_a_dir.write_text("keep me")
    code, _, err = run("export", "--all", "--format", "csv", "--out", str(not_a_dir), "--db", str(db))
    assert code == 1 and "is a file, not a folder" in err and "Traceback" not in err
    assert not_a_dir.read_text() == "keep me"


def test_csv_cells_that_would_be_formulas_are_neutralised(tmp_path: Path) -> None:
    log = write(
        tmp_path / "f.jsonl",
        '{"type": "match_started", "players": {"A": "=HYPERLINK(\\"http://e.example\\")", "B": "+cmd|calc"},'
        ' "race_to": 1, "event": "@SUM(1+1)", "round": "-2+3", "table": "\\tT"}',
        '{"type": "concede", "player": "B"}',
    )
    db = tmp_path / "m.db"
    assert run("import", str(log), "--db", str(db))[0] == 0
    assert run("export", "--all", "--format", "csv", "--out", str(tmp_path / "csv"), "--db", str(db))[0] == 0
    for name in ("matches.csv", "racks.csv"):
        for row in csv.DictReader((tmp_path / "csv" / name).open(encoding="utf-8")):
            for value in row.values():
                assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), (name, value)
    matches = list(csv.DictReader((tmp_path / "csv" / "matches.csv").open(encoding="utf-8")))
    assert matches[0]["player_a"] == '\'=HYPERLINK("http://e.example")' and matches[0]["event"] == "'@SUM(1+1)"


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\x0c", "\x1c"])
def test_the_apps_own_export_reads_back(tmp_path: Path, char: str) -> None:
    db = tmp_path / "a.db"
    note = json.dumps({"type": "note", "text": f"first{char}second"}, ensure_ascii=False)
    stdin = (START[:-1] + ', "match_id": "m-1"}\n' + note + "\n").encode()
    assert run("record", "--db", str(db), stdin=stdin)[1].splitlines()[-1] == "ok 2"
    code, exported, _ = run("export-log", "m-1", "--db", str(db))
    log = write(tmp_path / "m.jsonl", exported.rstrip("\n"))
    assert code == 0 and run("replay", str(log))[0] == 0
    assert run("import", str(log), "--db", str(tmp_path / "b.db"))[0] == 0
