"""The standings sheet in French with long club names, read back with poppler: whole clubs (cut
between words at most, never letter by letter), the heading row on every page, no row split
between two pages, ratings written as French writes them."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from referee_desk.printing import use_language
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.session import MemoryLog
from referee_app.tournament.events import Created, Drawn, EntriesAdded, Event, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.state import replay
from tests.tournament.play import names, winning

CLUBS = (
    "Club de Billard Sète",
    "Association Sportive de Billard du Bassin de Thau",
    "Billard Club Montpelliérain et Languedocien",
    "Académie de Billard de Saint-Étienne-du-Rouvray",
)


def _poppler(*args: str) -> str:
    exe = shutil.which(args[0])
    assert exe, f"{args[0]} is missing: scripts/install.sh installs poppler-utils"
    out = subprocess.run([exe, *args[1:]], capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", out)


def _events(players: int) -> list[Event]:
    entries = tuple(
        Entry(name, rating=700 - i - (0.5 if i % 3 == 0 else 0), club=CLUBS[i % len(CLUBS)])
        for i, name in enumerate(names(players))
    )
    events: list[Event] = [Created("Championnat de France", Options(Format.DE)), EntriesAdded(entries), Drawn(5),
                           TablesSet(tuple(range(1, 9)))]  # fmt: skip
    rng = random.Random(4)
    state = replay(events)
    while True:
        t = state.tournament
        live = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        if not live or len(events) > 4 + players:
            return events
        event = winning(t, rng.choice(live), rng.random() < 0.6, rng.randrange(0, 7))
        events.append(event)
        state = replay(events)


@pytest.fixture
def french():  # type: ignore[no-untyped-def]
    translator = use_language("fr")
    QLocale.setDefault(QLocale(QLocale.Language.French))
    yield
    QLocale.setDefault(QLocale(QLocale.Language.English))
    if translator is not None:
        QCoreApplication.removeTranslator(translator)


def test_a_french_standings_sheet_of_42_players_with_long_clubs(qtbot, tmp_path: Path, french) -> None:  # type: ignore[no-untyped-def]
    window = TournamentWindow(MemoryLog(_events(42)), "t-1")
    qtbot.addWidget(window)
    window.bracket_page.paper_choice.setCurrentIndex(window.bracket_page.paper_choice.findData("a4"))
    path = tmp_path / "classement.pdf"
    assert window.bracket_page.export_standings(path)
    pages = int(re.search(r"Pages:\s+(\d+)", _poppler("pdfinfo", str(path))).group(1))  # type: ignore[union-attr]
    assert pages <= 2, "42 players take one or two A4 pages"

    raw = " ".join(_poppler("pdftotext", "-raw", str(path), "-").split())
    for club in CLUBS:
        assert club in raw, f"{club} is cut into pieces"
    assert re.search(r"\b\d{3},5\b", raw) and not re.search(r"\b\d{3}\.5\b", raw), "ratings in French: 612,5"

    per_page = [
        _poppler("pdftotext", "-layout", "-f", str(n), "-l", str(n), str(path), "-") for n in range(1, pages + 1)
    ]
    entries = window.session.tournament.entries  # type: ignore[union-attr]
    for n, text in enumerate(per_page, start=1):
        assert "Joueur" in text and "Club" in text and "Performance" in text, f"no heading on page {n}"
        assert f"page {n} sur {pages}" in text
    for entry in entries:
        holding = [text for text in per_page if re.search(rf"\b{re.escape(entry.name)}\b", text)]
        assert len(holding) == 1, f"{entry.name} on {len(holding)} pages"
        line = next(line for line in holding[0].splitlines() if entry.name in line)
        assert re.match(r"\s*(\d+|en lice)\s", line), f"{entry.name}'s row has lost its place: {line!r}"
        assert entry.club.split()[0] in line, f"{entry.name}'s club is not on the row"
    window.close()


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_every_heading_word_is_printed_whole(qtbot, tmp_path: Path, paper: str) -> None:  # type: ignore[no-untyped-def]
    window = TournamentWindow(MemoryLog(_events(16)), "t-1")
    qtbot.addWidget(window)
    window.bracket_page.paper_choice.setCurrentIndex(window.bracket_page.paper_choice.findData(paper))
    path = tmp_path / "standings.pdf"
    assert window.bracket_page.export_standings(path)
    text = _poppler("pdftotext", "-layout", str(path), "-")
    heading = "\n".join(text.splitlines()[:6])
    assert "…" not in heading, heading  # "Event performan…" was printed: the column a hair narrower than its word
    for word in ("Place", "Player", "Club", "Fargo", "rating", "Event", "performance", "Matches", "Racks", "won-lost"):
        assert word in heading, heading
