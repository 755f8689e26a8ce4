"""PDF match sheets, read back with poppler's pdftotext and pdfinfo (installed by scripts/install.sh)."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from referee_desk.main import main

from referee_app.cli.main import main as core_main
from referee_app.log.store import Store

SEEDS = Path(__file__).resolve().parents[3] / "seeds"


def _poppler(tool: str, *args: str) -> str:
    exe = shutil.which(tool)
    assert exe, f"{tool} is missing: scripts/install.sh installs poppler-utils"
    out = subprocess.run([exe, *args], capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", out)  # the PDF's "ﬁ" ligatures read back as "fi"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "m.db"
    for log in ("wpa-open-final-lopez-novak.jsonl", "ffb-circuit-martin-roux.jsonl"):
        assert core_main(["import", str(SEEDS / log), "--db", str(path)]) == 0
    return path


@pytest.mark.parametrize(("paper", "size"), [("a4", "595 x 842 pts (A4)"), ("letter", "612 x 792 pts (letter)")])
def test_pdf_sheet_has_players_score_and_every_rack(qapp, db: Path, tmp_path: Path, paper: str, size: str) -> None:
    out = tmp_path / "sheets"
    assert main(["export", "--all", "--format", "pdf", "--paper", paper, "--out", str(out), "--db", str(db)]) == 0
    pdfs = sorted(out.glob("*.pdf"))
    assert len(pdfs) == 2
    final = next(p for p in pdfs if "Maria_Lopez" in p.name)
    text = " ".join(_poppler("pdftotext", str(final), "-").split())
    assert re.search(r"A — Maria Lopez B — Jan Novak 1\s*–\s*3 Winner: Jan Novak \(race won\)", text), text
    for expected in ("Lyon 10-Ball Open", "Claire Dubois", "Sheet signed by both players.", "Referee: Claire Dubois"):
        assert expected in text, expected
    # The first printed line of each rack row: rack, breaker, ..., winner, how, score after it, fouls A,
    # fouls B (longer cells wrap onto the next lines, differently on A4 and on Letter).
    lines = _poppler("pdftotext", "-layout", str(final), "-").splitlines()
    racks = [
        ("1", "Maria", "Jan Novak", "called 10", "0–1", "1", "0"),
        ("2", "Jan Novak", "Jan Novak", "three fouls", "0–2", "3", "0"),
        ("3", "Maria", "Maria", "called 10", "1–2", "0", "0"),
        ("4", "Jan Novak", "Jan Novak", "called 10", "1–3", "0", "0"),
    ]
    for rack, breaker, winner, how, score, fouls_a, fouls_b in racks:
        # a long name or "three fouls" may go on in the cell's next line: the first words are on this one
        first = [text.split()[0] for text in (breaker, winner, how)]
        row = (
            rf"^\s*{rack}\s+{first[0]}\b.*\b{first[1]}\b.*\s{first[1 + 1]}\b(\s+\w+)?\s+{score}\s+"
            rf"{fouls_a}\s+{fouls_b}\b"
        )
        assert any(re.search(row, line) for line in lines), f"rack {rack} not found"
    assert size in _poppler("pdfinfo", str(final))
    # the log's head hash, as `referee-app verify` prints it, so a sheet can be checked against the log
    match_id = next(r.match_id for r in Store.open_readonly(db).match_rows() if r.player_a == "Maria Lopez")
    head = Store.open_readonly(db).head(match_id)[1]
    assert f"Log head (SHA-256): {head}" in text


def test_pdf_sheet_in_french(qapp, db: Path, tmp_path: Path) -> None:
    from PySide6.QtCore import QCoreApplication

    out = tmp_path / "fr"
    assert main(["export", "--all", "--format", "pdf", "--lang", "fr", "--out", str(out), "--db", str(db)]) == 0
    assert QCoreApplication.translate("Sheet", "Racks") == "Racks"  # the French catalogue is put away again
    final = next(p for p in out.glob("*.pdf") if "Maria_Lopez" in p.name)
    text = " ".join(_poppler("pdftotext", str(final), "-").split())
    for expected in (
        "Feuille de match – jeu de la 10",
        "Arbitre : Claire Dubois",
        "Manches",
        "trois fautes",
        "Vainqueur : Jan Novak (manches gagnées)",
        "17/10/2026",  # the date as a French sheet writes it
        "casse sèche",
    ):
        assert expected in text, expected


def _pages(pdf: Path) -> list[str]:
    count = int(re.search(r"Pages:\s+(\d+)", _poppler("pdfinfo", str(pdf))).group(1))  # type: ignore[union-attr]
    return [
        " ".join(_poppler("pdftotext", "-f", str(n), "-l", str(n), str(pdf), "-").split()) for n in range(1, count + 1)
    ]


def test_the_sheet_has_the_lag_the_clock_an_in_play_score_and_dated_signatures(qapp, db: Path, tmp_path: Path) -> None:
    """No lag, no time fouls or extensions, an unfinished match said nothing of its state,
    and the signatures had no date."""
    assert core_main(["import", str(SEEDS / "wpa-league-in-progress.jsonl"), "--db", str(db)]) == 0
    out = tmp_path / "sheets"
    assert main(["export", "--all", "--format", "pdf", "--out", str(out), "--db", str(db)]) == 0
    final = " ".join(_poppler("pdftotext", str(next(out.glob("*Maria_Lopez*.pdf"))), "-").split())
    assert "Lag: won by Maria Lopez, Maria Lopez breaks; faults of Jan Novak: touched a side rail; re-lags: 1" in final
    assert final.count("Date and time: ____________") == 3  # the two players' and the referee's
    league = next(p for p in out.glob("*.pdf") if "Maria_Lopez" not in p.name and "Martin" not in p.name)
    text = " ".join(_poppler("pdftotext", str(league), "-").split())
    state = Store.open_readonly(db)
    match_id = next(r.match_id for r in state.match_rows() if r.created_at.startswith("2026-11-26"))
    from referee_app.game.history import replay

    now = replay(state.load(match_id)).state
    names = dict(zip("AB", now.setup.players, strict=True))
    expected = f"In play: {now.score.a}–{now.score.b}, rack {now.rack}, {names[now.at_table.value]} at the table."
    assert "Match not finished" in text and expected in text
    assert "Shot clock: extensions and time fouls" in text
    assert re.search(r"Rack \d+: Extension for \w+", text) and re.search(r"Rack \d+: time foul by \w+", text), text


def test_one_pdf_holds_the_selected_sheets_each_from_a_new_page(qapp, db: Path, tmp_path: Path) -> None:
    """One PDF per match only; a director wants the day's sheets in one file."""
    out = tmp_path / "one"
    assert main(["export", "--all", "--format", "pdf", "--one-pdf", "all.pdf", "--out", str(out), "--db", str(db)]) == 0
    assert [p.name for p in out.iterdir()] == ["all.pdf"]
    starts = [page for page in _pages(out / "all.pdf") if "10-ball match sheet" in page]
    assert len(starts) == 2
    assert any("Maria Lopez" in page for page in starts) and any("Martin" in page for page in starts)
    # a day's sheets: the matches that started on that local date
    day = tmp_path / "day"
    assert main(["export", "--date", "2026-11-07", "--format", "pdf", "--one-pdf", "d.pdf", "--out", str(day),
                 "--db", str(db)]) == 0  # fmt: skip
    pages = _pages(day / "d.pdf")
    assert "Martin" in pages[0] and not any("Maria Lopez" in page for page in pages)
    assert main(["export", "--date", "2030-01-01", "--format", "pdf", "--one-pdf", "x.pdf", "--out", str(day),
                 "--db", str(db)]) == 1  # fmt: skip
    assert not (day / "x.pdf").exists()
    assert (
        main(["export", "--all", "--format", "pdf", "--one-pdf", "../x.pdf", "--out", str(day), "--db", str(db)]) == 1
    )
    assert not (tmp_path / "x.pdf").exists()  # nothing is written outside the chosen folder
    csv_too = [
        "export",
        "--all",
        "--format",
        "csv",
        "--one-pdf",
        "y.pdf",
        "--out",
        str(tmp_path / "c"),
        "--db",
        str(db),
    ]
    assert main(csv_too) == 2 and not (tmp_path / "c").exists()  # refused, never silently ignored


def test_french_sheet_splits_no_word(qapp, db: Path, tmp_path: Path) -> None:
    """« Avertissem/ents », « empoché/e(s) »."""
    out = tmp_path / "fr"
    assert main(["export", "--all", "--format", "pdf", "--lang", "fr", "--out", str(out), "--db", str(db)]) == 0
    for pdf in out.glob("*.pdf"):
        words = set(_poppler("pdftotext", "-layout", str(pdf), "-").split())
        assert "Avert." in words and "Avertissem" not in words and "empoché" not in words
        if "Annulé" in words:  # the corrections table: its number column is no "Compétition"
            assert {"N°", "d’événement"} <= words and "Compétition" not in words


def _race_to_nine(db: Path) -> str:
    """Léa Girard beats Tom Weber 9-2: breaks with a ball down, scratch breaks, a miss undone every
    third rack (the corrections table), each rack run out."""
    from referee_app.game.events import BallPocket, Break, Lag, MatchStarted, Option, Shot
    from referee_app.game.vocab import Choice, CueBallFate, Pocket, Seat
    from referee_app.log.session import Session

    setup = MatchStarted(
        players=("Léa Girard", "Tom Weber"), race_to=9, event="Open de Lyon 2026", round="Final", table="1",
        referee="Claire Dubois", licences=("PL-1234", "PL-5678"), clubs=("Billard Club Lyon", "Académie de Paris"),
    )  # fmt: skip
    s = Session.start(Store(db), setup)
    s.record(Lag(winner=Seat.A))
    rack = 0
    while not s.state.over:
        if rack % 4 == 1:
            s.record(Break(rails=3, cue_ball=CueBallFate.POCKETED, pocketed=(BallPocket(3, Pocket.FL),)))
        else:
            s.record(Break(rails=5, pocketed=(BallPocket(2, Pocket.FL),)))
        if rack % 3 == 0:
            s.record(Shot(call=BallPocket(1, Pocket.SL)))
            s.undo()
        if s.state.awaiting is not None and s.state.awaiting.value == "option":
            s.record(Option(choice=Choice.SHOOT))
        while not s.state.over and s.state.awaiting is not None and s.state.awaiting.value == "shot":
            call = BallPocket(min(s.state.balls_on_table), Pocket.FR)
            s.record(Shot(call=call, pocketed=(call,)))
        rack += 1
    return s.match_id


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_race_to_nine_is_signed_on_the_page_of_its_result(qapp, tmp_path: Path, lang: str) -> None:
    """Signatures, names, score and result on one page; every page numbered "1/2" and headed by
    its match; no word cut inside a cell (the French break column)."""
    db = tmp_path / "nine.db"
    _race_to_nine(db)
    out = tmp_path / "out"
    assert main(["export", "--all", "--format", "pdf", "--lang", lang, "--out", str(out), "--db", str(db)]) == 0
    [pdf] = out.glob("*.pdf")
    pages = _pages(pdf)
    assert len(pages) >= 2  # long enough to need a second page, with its corrections
    words = {
        "en": ("Signatures", "Player A: Léa Girard", "Player B: Tom Weber", "Referee: Claire Dubois",
               "Winner: Léa Girard (race won)", "Léa Girard v Tom Weber · Open de Lyon 2026 · Final · Table 1",
               "Corrections"),
        "fr": ("Signatures", "Joueur A : Léa Girard", "Joueur B : Tom Weber", "Arbitre : Claire Dubois",
               "Vainqueur : Léa Girard", "Léa Girard – Tom Weber · Open de Lyon 2026 · Finale · Table 1",
               "Corrections"),
    }[lang]  # fmt: skip
    signed = [page for page in pages if words[0] in page]
    assert len(signed) == 1
    assert re.search(r"9\s*–\s*2", signed[0]) and all(w in signed[0] for w in words[1:5]), signed[0]
    for n, page in enumerate(pages, start=1):
        assert f"{n}/{len(pages)}" in page and words[5] in page, page
    assert any(words[6] in page for page in pages)
    if lang == "fr":
        laid_out = set(_poppler("pdftotext", "-layout", str(pdf), "-").split())
        assert {"blanche", "empochée"} <= laid_out and not {"blanc", "he", "empoc", "hée"} & laid_out
