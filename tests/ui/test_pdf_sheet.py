"""PDF match sheets, read back with poppler's pdftotext and pdfinfo (installed by scripts/install.sh)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from referee_desk.main import main

from referee_app.cli import main as core_main
from referee_app.store import Store

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def _poppler(tool: str, *args: str) -> str:
    exe = shutil.which(tool)
    assert exe, f"{tool} is missing: scripts/install.sh installs poppler-utils"
    return subprocess.run([exe, *args], capture_output=True, text=True, check=True).stdout


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
        "casse sèche",
    ):
        assert expected in text, expected
