"""CSV, JSON Lines and the match sheet model, read back as a spreadsheet or a rating system reads them."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

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
    assert raw.startswith(b"\xef\xbb\xbf") and raw[3:].startswith(b"Date;Event;Round;Table;")  # no catalogue here
    assert main(["export", "--all", "--format", "csv", "--sep", ",", "--lang", "fr", "--out", str(tmp_path / "en"),
                 "--db", str(db)]) == 0  # fmt: skip
    text = (tmp_path / "en" / "matches.csv").read_text(encoding="utf-8-sig")
    assert text.startswith("Date,Event,") and "Emma Roux" in text


def _with_identities(path: Path, tmp_path: Path) -> Path:
    """The seed with licences and clubs on its match_started (as the desk's New match writes them)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first |= {"licences": {"A": "FFB-0712", "B": "FFB-3345"}, "clubs": {"A": "Académie de Lyon", "B": "BC Nantes"}}
    out = tmp_path / path.name
    out.write_text("\n".join([json.dumps(first, ensure_ascii=False), *lines[1:]]) + "\n", encoding="utf-8")
    return out


def test_the_english_csv_keeps_its_columns_and_adds_licences_and_clubs(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert main(["import", str(_with_identities(FFB, tmp_path)), "--db", str(db)]) == 0
    assert main(["export", "--all", "--format", "csv", "--out", str(tmp_path / "en"), "--db", str(db)]) == 0
    with (tmp_path / "en" / "matches.csv").open(encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        [row] = list(reader)
    old = ["date", "event", "round", "table", "match_id", "player_a", "player_b", "rules", "race_to", "score_a",
           "score_b", "winner", "result", "status", "racks", "started_at", "last_event_at", "referee"]  # fmt: skip
    assert header == [*old, "licence_a", "club_a", "licence_b", "club_b", "scoring"]  # the old columns where they were
    values = dict(zip(header, row, strict=True))
    assert values["status"] == "finished" and values["rules"] == "ffb" and values["result"] == "race"
    assert values["started_at"].endswith(("+00:00", "+01:00", "+02:00")) or "T" in values["started_at"]
    assert (values["licence_a"], values["club_a"]) == ("FFB-0712", "Académie de Lyon")
    assert (values["licence_b"], values["club_b"]) == ("FFB-3345", "BC Nantes")


def _french_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`referee-app export --format csv --lang fr` (the desk's entry point: its French catalogue),
    at a Paris organizer's clock."""
    import time

    from referee_desk.main import main as referee_app

    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    db = tmp_path / "m.db"
    assert main(["import", str(_with_identities(FFB, tmp_path)), "--db", str(db)]) == 0
    assert main(["import", str(SEEDS / "wpa-league-in-progress.jsonl"), "--db", str(db)]) == 0
    out = tmp_path / "fr"
    assert referee_app(["export", "--all", "--format", "csv", "--lang", "fr", "--out", str(out), "--db", str(db)]) == 0
    return out


@pytest.fixture
def paris_clock() -> Iterator[None]:
    import time

    yield
    time.tzset()  # the test's TZ is gone from the environment again: the process's clock follows


def test_the_french_csv_speaks_french_with_times_a_spreadsheet_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paris_clock: None
) -> None:
    out = _french_csv(tmp_path, monkeypatch)
    with (out / "matches.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter=";"))
    finished, playing = rows
    assert list(finished)[:8] == ["Date", "Compétition", "Tour", "Table", "Identifiant du match", "Joueur A",
                                  "Joueur B", "Règles"]  # fmt: skip
    assert finished["État"] == "terminé" and playing["État"] == "en cours"
    assert finished["Résultat"] == "manches gagnées" and finished["Règles"] == "FFB" and playing["Règles"] == "WPA"
    assert finished["Début"] == "2026-11-07 15:30:00"  # 14:30 UTC, local, no offset: a time to a spreadsheet
    assert finished["Dernier événement"] == "2026-11-07 15:45:15"
    assert (finished["Licence A"], finished["Club A"]) == ("FFB-0712", "Académie de Lyon")
    with (out / "racks.csv").open(encoding="utf-8-sig", newline="") as handle:
        racks = list(csv.DictReader(handle, delimiter=";"))
    assert {r["Comment"] for r in racks if r["Identifiant du match"].endswith("f002")} == {
        "10 annoncée à la casse",
        "10 annoncée",
    }


@pytest.mark.slow
def test_a_spreadsheet_reads_the_french_csvs_times_and_numbers_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paris_clock: None
) -> None:
    """LibreOffice Calc (headless) opens matches.csv as a French user would (';', UTF-8): the times
    are date-times, the scores numbers, the words text."""
    import shutil
    import subprocess
    import xml.etree.ElementTree as ET

    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        if os.environ.get("CI") == "true":  # scripts/install.sh installs it: on CI its absence is a failure
            pytest.fail("LibreOffice is not installed (scripts/install.sh installs libreoffice-calc-nogui)")
        pytest.skip("LibreOffice is not installed (apt-get install libreoffice-calc-nogui)")
    out = _french_csv(tmp_path, monkeypatch)
    converted = subprocess.run(
        [soffice, f"-env:UserInstallation={(tmp_path / 'lo').as_uri()}", "--headless",
         "--infilter=CSV:59,34,76,1", "--convert-to", "fods", "--outdir", str(tmp_path / "calc"),
         str(out / "matches.csv")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert converted.returncode == 0, converted.stderr
    office = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
    table = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
    sheet = ET.parse(tmp_path / "calc" / "matches.fods").getroot()
    header, first = [
        [(c.get(f"{office}value-type"), c.get(f"{office}date-value") or "".join(c.itertext()).strip())
         for c in row.iter(f"{table}table-cell")]
        for row in list(sheet.iter(f"{table}table-row"))[:2]
    ]  # fmt: skip
    cells = {name: cell for (_, name), cell in zip(header, first, strict=False)}
    assert cells["Début"] == ("date", "2026-11-07T15:30:00")
    assert cells["Dernier événement"] == ("date", "2026-11-07T15:45:15")
    assert cells["Score B"][0] == "float" and cells["Manches gagnantes"][0] == "float"
    assert cells["État"] == ("string", "terminé")
