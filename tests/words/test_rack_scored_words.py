"""A match scored by racks in words (spec 1.3 §2a, `sign`): the sheet rack by rack with the
signatures and their times, the transcript, the CSVs and the PDF, each read back; the refusals
and the words in French."""

from __future__ import annotations

import csv
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.events import Entry
from referee_app.game.history import replay
from referee_app.game.refusals import RuleViolation
from referee_app.log.logfile import read_log
from referee_app.words.sheet import build_sheet, sheet_html
from referee_app.words.transcript import transcript
from tests.builders import decode, ev, step

RACKS = Path(__file__).resolve().parents[1] / "examples" / "racks"
SIGNED = RACKS / "10-rack-scoring-signed.jsonl"
FFB = RACKS / "09-rack-scoring-ffb.jsonl"


def log(path: Path) -> list[Entry]:
    return [line.entry for line in read_log(str(path))]


@pytest.fixture
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local times read as UTC, so the sheet's times are the log's."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_sheet_lists_the_racks_with_their_times_and_the_signatures(utc_clock: None) -> None:
    sheet = build_sheet(log(SIGNED))
    assert sheet.by_racks and sheet.rules == "WPA, scored by racks"
    assert [(r.rack, r.breaker, r.winner, r.how, r.score, r.ended) for r in sheet.racks] == [
        (1, "Ben Novak", "Ana Lopez", "10 pocketed", "1–0", "2026-12-02T19:06:40Z"),
        (2, "Ana Lopez", "Ben Novak", "penalty", "1–1", "2026-12-02T19:09:12Z"),
        (3, "Ben Novak", "Ana Lopez", "10 pocketed", "2–1", "2026-12-02T19:15:31Z"),
    ]
    assert sheet.signed == ("2026-12-02T19:15:58Z", "2026-12-02T19:15:50Z")
    html = sheet_html(sheet)
    assert "Signed on 2026-12-02 19:15:58" in html and "Signed on 2026-12-02 19:15:50" in html
    assert "2026-12-02 19:06:40" in html and "Recorded at" in html
    assert "Push-out" not in html and "Fouls A" not in html  # no stroke is recorded by racks
    assert "Referee:" not in html  # a table scored by its players has no referee to sign
    assert "Penalty against Ana Lopez: loss of the rack (unsportsmanlike conduct)" in html


def test_an_unsigned_result_says_so_and_a_stalemate_and_a_correction_show() -> None:
    sheet = build_sheet(log(FFB))
    assert sheet.signed == ("", "") and sheet_html(sheet).count("Not signed") == 2
    assert [(r.rack, r.winner, r.how) for r in sheet.racks] == [
        (1, "Karim Benali", "10 announced on the break"),
        (2, "Karim Benali", "10 pocketed"),
        (3, "—", "stalemate"),
        (4, "Léa Moreau", "three fouls"),
        (5, "Karim Benali", "10 pocketed"),
    ]
    assert [(c.seq, c.what) for c in sheet.corrections] == [(7, "Rack won by Léa Moreau: break-and-run")]
    # a shot-scored sheet keeps its lines to sign on by hand
    shots = build_sheet(log(Path(__file__).resolve().parents[1] / "examples" / "01-race-to-2-wpa.jsonl"))
    assert not shots.by_racks and "Date and time: ____________" in sheet_html(shots)


def test_a_sheet_mid_match_names_the_rack_and_its_breaker() -> None:
    entries = log(FFB)[:4]
    assert build_sheet(entries).in_play == "In play: 0–2, rack 3, broken by Karim Benali."


def test_the_transcript_says_each_rack_and_each_signature(utc_clock: None) -> None:
    lines = transcript(replay(log(SIGNED)))
    assert lines == [
        "1. --:-- Match: Ana Lopez v Ben Novak, race to 2 (WPA), scored by racks",
        "2. 19:00 Lag won by Ana Lopez; Ben Novak breaks",
        "3. 19:06 Rack won by Ana Lopez",
        "   —— Rack 1 to Ana Lopez (10 pocketed): 1–0 ——",
        "4. 19:09 Penalty against Ana Lopez: loss of the rack (unsportsmanlike conduct)",
        "   —— Rack 2 to Ben Novak (penalty): 1–1 ——",
        "5. 19:15 Rack won by Ana Lopez",
        "   —— Rack 3 to Ana Lopez (10 pocketed): 2–1 ——",
        "   == Ana Lopez wins the match 2–1 (race won) ==",
        "6. 19:15 Ben Novak signs the result",
        "7. 19:15 Ana Lopez signs the result",
    ]


def _exported(tmp_path: Path, *extra: str) -> Path:
    db, out = tmp_path / "m.db", tmp_path / "out"
    for path in (FFB, SIGNED, Path(__file__).resolve().parents[1] / "examples" / "01-race-to-2-wpa.jsonl"):
        assert cli(["import", str(path), "--db", str(db)]) == 0
    from referee_desk.main import main as referee_app

    assert referee_app(["export", "--all", "--format", "csv", "--out", str(out), "--db", str(db), *extra]) == 0
    return out


def _rows(path: Path, sep: str = ",") -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle, delimiter=sep))


def test_the_csvs_hold_the_rack_scored_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _exported(tmp_path)
    matches = {r["player_a"]: r for r in _rows(out / "matches.csv")}
    assert set(matches) == {"Léa Moreau", "Ana Lopez", "Maria Lopez"}
    lea, ana, maria = matches["Léa Moreau"], matches["Ana Lopez"], matches["Maria Lopez"]
    assert (lea["score_a"], lea["score_b"], lea["winner"], lea["result"], lea["racks"]) == (
        "1", "3", "Karim Benali", "race", "5",
    )  # fmt: skip
    assert (lea["scoring"], ana["scoring"], maria["scoring"]) == ("racks", "racks", "shots")
    assert (ana["score_a"], ana["score_b"], ana["table"], ana["status"]) == ("2", "1", "3", "finished")
    racks = [r for r in _rows(out / "racks.csv") if r["player_a"] == "Léa Moreau"]
    assert [(r["rack"], r["breaker"], r["winner"], r["how"], r["scoring"]) for r in racks] == [
        ("1", "Karim Benali", "Karim Benali", "ten_on_break", "racks"),
        ("2", "Léa Moreau", "Karim Benali", "ten", "racks"),
        ("3", "Karim Benali", "", "stalemate", "racks"),
        ("4", "Karim Benali", "Léa Moreau", "three_fouls", "racks"),
        ("5", "Léa Moreau", "Karim Benali", "ten", "racks"),
    ]


def test_the_french_csvs_word_the_rack_scored_matches(tmp_path: Path) -> None:
    out = _exported(tmp_path, "--lang", "fr")
    matches = {r["Joueur A"]: r for r in _rows(out / "matches.csv", ";")}
    assert matches["Ana Lopez"]["Décompte"] == "par manches" and matches["Maria Lopez"]["Décompte"] == "coup par coup"
    racks = [r for r in _rows(out / "racks.csv", ";") if r["Joueur A"] == "Ana Lopez"]
    assert [r["Comment"] for r in racks] == ["10 empochée", "pénalité", "10 empochée"]
    shots = {r["Comment"] for r in _rows(out / "racks.csv", ";") if r["Joueur A"] == "Maria Lopez"}
    assert shots == {"10 annoncée"}  # a shot-scored match's 10 is still the called one


def test_the_pdf_sheet_reads_back(tmp_path: Path, utc_clock: None) -> None:
    db, out = tmp_path / "m.db", tmp_path / "pdf"
    assert cli(["import", str(SIGNED), "--db", str(db)]) == 0
    from referee_desk.main import main as referee_app

    assert referee_app(["export", "--all", "--format", "pdf", "--out", str(out), "--db", str(db)]) == 0
    [pdf] = out.glob("*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Signed on 2026-12-02 19:15:58" in text and "Signed on 2026-12-02 19:15:50" in text
    assert "WPA, scored by racks" in text
    lines = [line.split() for line in text.splitlines() if line.strip().startswith(("1 ", "2 ", "3 "))]
    assert ["3", "Ben", "Novak", "Ana", "Lopez", "10", "pocketed", "2–1", "2026-12-02", "19:15:31"] in lines


def test_refusals_and_words_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from referee_desk.i18n import qt_translate
    from referee_desk.printing import ensure_gui_app, use_language

    ensure_gui_app()
    translator = use_language("fr")
    try:
        state = replay(log(SIGNED)[:2]).state  # Ben breaks rack 1
        with pytest.raises(RuleViolation) as caught:
            step(state, ev("rack", winner="A", how="break_and_run"))
        assert caught.value.message(qt_translate) == (
            "Seul le casseur peut gagner une manche par «\u00a0casse et finition\u00a0»\u00a0: "
            "Ben Novak a cassé cette manche, pas Ana Lopez."
        )
        with pytest.raises(RuleViolation) as caught:
            step(state, ev("shot", call="safety"))
        assert caught.value.message(qt_translate) == (
            "Ce match se compte par manches\u00a0: on n’enregistre que le vainqueur de chaque manche, pas un coup."
        )
        with pytest.raises(RuleViolation) as caught:
            step(state, ev("sign", player="A"))
        assert caught.value.message(qt_translate) == "Le résultat ne se signe qu’une fois le match terminé."
        finished = replay(log(SIGNED)).state
        with pytest.raises(RuleViolation) as caught:
            step(finished, ev("sign", player="A"))
        assert caught.value.message(qt_translate) == "Ana Lopez a déjà signé le résultat."
        assert decode(ev("sign", player="A"))
    finally:
        if translator is not None:
            from PySide6.QtCore import QCoreApplication

            QCoreApplication.removeTranslator(translator)
    db = tmp_path / "m.db"
    assert cli(["import", str(SIGNED), "--db", str(db)]) == 0
    match_id = capsys.readouterr().out.split()[1]
    from referee_desk.main import main as referee_app

    assert referee_app(["history", match_id, "--db", str(db), "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("en 2 manches gagnantes (WPA), compté par manches")
    assert lines[2].endswith("Manche gagnée par Ana Lopez")
    assert lines[3] == "   —— Manche 1 pour Ana Lopez (10 empochée)\u00a0: 1–0 ——"
    assert lines[-1].endswith("Ana Lopez signe le résultat")
