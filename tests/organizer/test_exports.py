"""CSV, JSON Lines and the match sheet model, read back as a spreadsheet or a rating system reads them."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from referee_app.cli.main import main
from referee_app.game.events import MatchStarted, Note
from referee_app.log.logfile import read_log
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.organizer.exports import matches_csv, racks_csv
from referee_app.words.sheet import build_sheet, sheet_html

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


FINAL = SEEDS / "wpa-open-final-lopez-novak.jsonl"


FFB = SEEDS / "ffb-circuit-martin-roux.jsonl"


def _log(path: Path) -> list:
    return [line.entry for line in read_log(str(path))]


def test_racks_csv_has_every_rack_winner() -> None:
    rows = list(csv.DictReader(io.StringIO(racks_csv([_log(FINAL), _log(FFB)]))))
    assert [(r["rack"], r["breaker"], r["winner"], r["how"], r["fouls_a"], r["fouls_b"]) for r in rows] == [
        ("1", "Maria Lopez", "Jan Novak", "ten", "1", "0"),
        ("2", "Jan Novak", "Jan Novak", "three_fouls", "3", "0"),
        ("3", "Maria Lopez", "Maria Lopez", "ten", "0", "0"),
        ("4", "Jan Novak", "Jan Novak", "ten", "0", "0"),
        ("1", "Emma Roux", "Emma Roux", "ten_on_break", "0", "0"),
        ("2", "Lucas Martin", "Emma Roux", "ten", "2", "0"),
    ]
    assert rows[0]["date"] == "2026-10-17" and rows[0]["event"] == "Lyon 10-Ball Open"
    assert rows[4]["round"] == "Quart de finale" and rows[4]["table"] == "4"


def test_matches_csv_one_row_per_match() -> None:
    rows = list(csv.DictReader(io.StringIO(matches_csv([_log(FINAL), _log(FFB)]))))
    assert [(r["player_a"], r["score_a"], r["score_b"], r["winner"], r["result"], r["rules"]) for r in rows] == [
        ("Maria Lopez", "1", "3", "Jan Novak", "race", "wpa"),
        ("Lucas Martin", "0", "2", "Emma Roux", "race", "ffb"),
    ]


def test_sheet_model_lists_racks_notes_and_corrections(tmp_path: Path) -> None:
    sheet = build_sheet(_log(FINAL))
    assert sheet.players == ("Maria Lopez", "Jan Novak") and sheet.score == (1, 3)
    assert sheet.winner == "Jan Novak" and sheet.result == "race won"
    assert [r.how for r in sheet.racks] == ["called 10", "three fouls", "called 10", "called 10"]
    assert sheet.racks[0].push_out == "Jan Novak → hand back" and sheet.racks[0].break_result == "dry"
    assert sheet.racks[1].warnings == "Maria Lopez" and sheet.racks[1].fouls_a == 3
    assert sheet.notes == ("Sheet signed by both players.",)
    assert (sheet.started, sheet.ended, sheet.referee) == ("18:05", "18:55", "Claire Dubois")
    session = Session.start(Store(tmp_path / "m.db"), MatchStarted(players=("Ana", "Ben"), race_to=1))
    session.record(Note(text="first note"))
    session.undo()
    fixed = build_sheet(session.history.entries)
    assert [(c.seq, c.what) for c in fixed.corrections] == [(2, "Note: first note")]
    html = sheet_html(fixed)
    assert "Note: first note" in html and "Ana" in html and "Match not finished" in html


def test_export_csv_and_jsonl_commands(tmp_path: Path, capsys) -> None:
    db = tmp_path / "m.db"
    for log in (FINAL, FFB):
        main(["import", str(log), "--db", str(db)])
    assert main(["export", "--all", "--format", "csv", "--out", str(tmp_path / "out"), "--db", str(db)]) == 0
    assert len((tmp_path / "out" / "racks.csv").read_text().splitlines()) == 1 + 6
    match_id = build_sheet(_log(FFB)).match_id
    assert main(["export", match_id, "--format", "jsonl", "--out", str(tmp_path / "j"), "--db", str(db)]) == 0
    (written,) = (tmp_path / "j").glob("*.jsonl")
    assert written.name.startswith("2026-11-07_Lucas_Martin-v-Emma_Roux_")
    assert [line.entry.event for line in read_log(str(written))] == [e.event for e in _log(FFB)]
    assert main(["export", "--format", "pdf", "--all", "--out", str(tmp_path), "--db", str(db)]) == 1
    assert "PDF sheets are written by the desk" in capsys.readouterr().err


def test_csv_opens_right_in_a_french_excel(tmp_path: Path) -> None:
    """UTF-8 with a BOM, and ';' for French (its decimal mark is the comma)."""
    db = tmp_path / "m.db"
    main(["import", str(FFB), "--db", str(db)])
    assert (
        main(["export", "--all", "--format", "csv", "--lang", "fr", "--out", str(tmp_path / "fr"), "--db", str(db)])
        == 0
    )
    raw = (tmp_path / "fr" / "matches.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and raw[3:].startswith(b"date;event;round;table;")
    assert main(["export", "--all", "--format", "csv", "--sep", ",", "--lang", "fr", "--out", str(tmp_path / "en"),
                 "--db", str(db)]) == 0  # fmt: skip
    text = (tmp_path / "en" / "matches.csv").read_text(encoding="utf-8-sig")
    assert text.startswith("date,event,") and "Emma Roux" in text
