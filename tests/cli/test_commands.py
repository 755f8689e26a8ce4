"""The import, export-log, record, matches and replay commands, as `referee-app` runs them."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee_app.cli.main import main
from referee_app.game.events import MatchStarted
from referee_app.game.history import replay
from referee_app.game.vocab import Seat
from referee_app.log.session import Session
from referee_app.log.store import Store

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


UNDO_LOG = EXAMPLES / "06-undo.jsonl"


def test_import_export_import_export_is_byte_identical(tmp_path: Path, capsys) -> None:
    assert main(["import", str(UNDO_LOG), "--db", str(tmp_path / "a.db")]) == 0
    match_id = capsys.readouterr().out.split()[1]
    assert main(["export-log", match_id, "--db", str(tmp_path / "a.db")]) == 0
    first = capsys.readouterr().out
    assert all('"seq": ' in line and '"at": ' in line for line in first.splitlines())
    assert sum('"type": "undo"' in line for line in first.splitlines()) == 3
    (tmp_path / "e.jsonl").write_text(first)
    assert main(["import", str(tmp_path / "e.jsonl"), "--db", str(tmp_path / "b.db")]) == 0
    capsys.readouterr()
    main(["export-log", match_id, "--db", str(tmp_path / "b.db")])
    assert capsys.readouterr().out == first
    # importing again adds nothing
    assert main(["import", str(tmp_path / "e.jsonl"), "--db", str(tmp_path / "b.db")]) == 0
    assert "nothing added" in capsys.readouterr().out


def test_import_refuses_bad_logs_and_writes_nothing(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"type": "match_started", "players": {"A": "a", "B": "b"}, "race_to": 1}\n{"type": "shot", "call": "safety"}\n'
    )
    assert main(["import", str(bad), "--db", str(tmp_path / "m.db")]) == 1
    assert "line 2: refused" in capsys.readouterr().err
    assert Store(tmp_path / "m.db").match_rows() == []


def test_record_streams_acknowledgements(tmp_path: Path, monkeypatch, capsys) -> None:
    lines = [
        '{"type": "match_started", "players": {"A": "Ana", "B": "Ben"}, "race_to": 1}',
        '{"type": "lag", "winner": "B"}',
        '{"type": "shot", "call": "safety"}',
        '{"type": "break", "rails": 5, "player": "B"}',
        "not json",
        '{"type": "undo", "target": 3}',
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["record", "--db", str(tmp_path / "m.db")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("match ") and out[1:3] == ["ok 1", "ok 2"]
    assert out[3].startswith("refused The rack has not been broken")
    assert out[4] == "ok 3" and out[5].startswith("refused not valid JSON") and out[6] == "ok 4"
    match_id = out[0].split()[1]
    state = replay(Store(tmp_path / "m.db").load(match_id)).state
    assert state.awaiting.value == "break" and state.at_table is Seat.B


def test_matches_lists_status_and_score(tmp_path: Path, capsys) -> None:
    for log in sorted(EXAMPLES.glob("0[17]-*.jsonl")):
        main(["import", str(log), "--db", str(tmp_path / "m.db")])
    capsys.readouterr()
    assert main(["matches", "--db", str(tmp_path / "m.db")]) == 0
    out = capsys.readouterr().out
    assert "Maria Lopez v Jan Novak" in out and "finished 1-2" in out and "finished 0-1" in out


def test_console_script_replays(tmp_path: Path) -> None:
    exe = shutil.which("referee-app") or str(Path(sys.executable).with_name("referee-app"))
    if not Path(exe).exists() or not UNDO_LOG.exists():
        pytest.skip("console script not installed")
    done = subprocess.run([exe, "replay", str(UNDO_LOG)], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["balls_on_table"] == [3, 4, 6, 7, 8, 9, 10]


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`referee-app matches | head -1`: the listing stops quietly when its reader goes away."""
    db = tmp_path / "m.db"
    store = Store(db)
    for n in range(2000):  # more than a pipe's buffer holds, so the writer meets the closed end
        Session.start(store, MatchStarted(players=(f"A{n}", f"B{n}"), race_to=1))
    store.close()
    listing = subprocess.Popen(
        [sys.executable, "-m", "referee_app", "matches", "--db", db],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert listing.stdout is not None and listing.stderr is not None
    assert b" v " in listing.stdout.readline()
    listing.stdout.close()  # what `head -1` does after its line
    errors = listing.stderr.read().decode()
    assert listing.wait(timeout=60) == 141
    assert "Traceback" not in errors and errors == ""


@pytest.mark.parametrize(
    ("second_line", "code"),
    [
        ('{"type": "lag", "winner": "A", "spin": 1}', 2),  # unknown field
        ('{"type": "break", "pocketed": [{"ball": 11, "pocket": "FL"}]}', 2),  # ball 11
        ('{"type": "break", "pocketed": [{"ball": 3, "pocket": "XX"}]}', 2),  # pocket XX
        ('{"type": "break", "pocketed": [{"ball": 3, "pocket": "FL"}], "off_table": [3]}', 2),  # ball twice
        ('{"type": "match_started", "players": {"A": "a", "B": "b"}, "race_to": 1}', 2),  # repeated start
        ('{"type": "shot", "call": {"ball": 3, "pocket": "FL"}}', 1),  # before the lag
    ],
)
def test_bad_logs_are_refused_with_their_line_and_nothing_is_written(tmp_path: Path, capsys, second_line, code) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type": "match_started", "players": {"A": "a", "B": "b"}, "race_to": 1}\n\n' + second_line + "\n")
    assert main(["import", str(log), "--db", str(tmp_path / "m.db")]) == code
    assert capsys.readouterr().err.startswith("line 3:")
    assert Store(tmp_path / "m.db").match_rows() == []
