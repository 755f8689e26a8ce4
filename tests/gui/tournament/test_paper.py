"""The bracket and the standings on paper, exported from the tournament window and read back with
poppler (pdftotext, pdfinfo): A3 and A4, English and French, the event performance on the sheet."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from referee_desk.printing import use_language
from referee_desk.tournament.bracket_tab import BracketTab
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.session import MemoryLog
from referee_app.tournament.events import Event
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.tournament.show import standings
from referee_app.tournament.state import apply
from tests.gui.tournament.test_window import shown_of
from tests.tournament.play import drawn, winning


def _poppler(tool: str, *args: str) -> str:
    exe = shutil.which(tool)
    assert exe, f"{tool} is missing: scripts/install.sh installs poppler-utils"
    out = subprocess.run([exe, *args], capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", out)


def _half_played(players: int, seed: int = 3) -> list[Event]:
    """A double elimination drawn on 8 tables with about `players` results in (the rest to play)."""
    state = drawn(Options(Format.DE), players, tables=range(1, 9))
    events: list[Event] = []
    rng = random.Random(seed)
    for _ in range(players):
        t = state.tournament
        live = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        event = winning(t, rng.choice(live), rng.random() < 0.6, rng.randrange(0, 7))
        state = apply(state, event)
        events.append(event)
    return events


@pytest.fixture
def window(qtbot, request) -> Iterator[TournamentWindow]:  # type: ignore[no-untyped-def]
    players = getattr(request, "param", 64)
    from referee_app.tournament.events import Created, Drawn, EntriesAdded, TablesSet
    from referee_app.tournament.model import Entry
    from tests.tournament.play import names

    head: list[Event] = [
        Created("Open de Lyon", Options(Format.DE)),
        EntriesAdded(tuple(Entry(name, rating=700 - i, club=f"BC {i % 4}") for i, name in enumerate(names(players)))),
        Drawn(1),
        TablesSet(tuple(range(1, 9))),
    ]
    w = TournamentWindow(MemoryLog(head + _half_played(players)), "t-1")
    qtbot.addWidget(w)
    yield w
    w.close()


def test_a_64_player_double_elimination_on_a3_prints_every_match_legibly(window: TournamentWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bracket.pdf"
    assert window.bracket_page.paper_choice.currentData() == "a3"
    assert window.bracket_page.export_bracket(path)
    assert window.notice.text() == f"Written: {path}"
    info = _poppler("pdfinfo", str(path))
    assert "1191 x 842 pts (A3)" in info
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    assert 2 <= pages <= 6  # tiles, not one unreadable page nor a ream
    text = " ".join(_poppler("pdftotext", str(path), "-").split())
    shown = show_of(window)
    for m in shown["matches"]:
        assert re.search(rf"\b{m['id']} · ", text), m["id"]  # every match printed, with its id
        for seat in ("a", "b"):
            if m[seat]:
                assert m[seat] in text
    for word in ("Winners' side", "Losers' side", "Hot seat", "Losers' final", "Final", f"page {pages} of {pages}"):
        assert word in text
    printed = [int(n) for n in re.findall(r"page (\d+) of", text)]
    assert printed == list(range(1, pages + 1))  # each match once: no page repeats another's boxes
    assert len(re.findall(r"\bW1-1 · ", text)) == 1
    # the smallest type on the page: names at 12 points scaled by at least 0.6
    fonts = _poppler("pdffonts", str(path))
    assert "DejaVu" in fonts or "Sans" in fonts


def show_of(window: TournamentWindow) -> dict:  # type: ignore[type-arg]
    return shown_of(window)


def test_the_standings_sheet_carries_each_players_event_performance(window: TournamentWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window.bracket_page.paper_choice.setCurrentIndex(window.bracket_page.paper_choice.findData("a4"))
    path = tmp_path / "standings.pdf"
    assert window.bracket_page.export_standings(path)
    assert "595 x 842 pts (A4)" in _poppler("pdfinfo", str(path))
    lines = _poppler("pdftotext", "-layout", str(path), "-").splitlines()
    assert "Open de Lyon — Standings" in lines[0]
    t = window.session.tournament
    assert t is not None
    table = standings(t)
    out = next(name for p in table["places"] for name in p["names"] if table["performance"][name] is not None)
    row = next(line for line in lines if re.search(rf"\b{out}\b", line))
    place = next(p["place"] for p in table["places"] if out in p["names"])
    assert row.split()[0] == str(place)
    assert str(table["performance"][out]) in row.split()
    still_in = next(e.name for e in t.entries if all(e.name not in p["names"] for p in table["places"]))
    assert any(line.split()[:2] == ["still", "in"] and still_in in line for line in lines)
    assert "Event performance" in " ".join(lines)


def test_french_paper_says_it_in_french(window: TournamentWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    translator = use_language("fr")
    try:
        bracket, sheet = tmp_path / "tableau.pdf", tmp_path / "classement.pdf"
        window.refresh()
        assert window.bracket_page.export_bracket(bracket) and window.bracket_page.export_standings(sheet)
    finally:
        if translator is not None:
            QCoreApplication.removeTranslator(translator)
    text = " ".join(_poppler("pdftotext", str(bracket), "-").split())
    for word in ("Tableau gagnants", "Tableau perdants", "Hot seat (finale du tableau gagnants)", "en 7 manches"):
        assert word in text
    assert "Winners' side" not in text and "race to" not in text
    sheet_text = " ".join(_poppler("pdftotext", str(sheet), "-").split())
    assert "Open de Lyon — Classement" in sheet_text and "Performance" in sheet_text and "en lice" in sheet_text


def test_a_pdf_that_cannot_be_written_leaves_nothing_and_says_so(window: TournamentWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "missing-folder" / "bracket.pdf"
    assert not window.bracket_page.export_bracket(path)
    assert window.notice.text().startswith("Nothing written to bracket.pdf")
    assert not path.parent.exists()


def test_a_planted_link_is_replaced_never_written_through(window: TournamentWindow, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    path = tmp_path / "bracket.pdf"
    path.symlink_to(victim)
    assert window.bracket_page.export_bracket(path)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not path.is_symlink() and path.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bracket.pdf", "victim.txt"]  # no temporary left


@pytest.mark.parametrize("window", [8], indirect=True)
def test_the_pdf_dialogs_open_in_the_documents_folder_not_where_the_app_was_started(
    window: TournamentWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog
    from referee_desk.places import documents_folder

    monkeypatch.chdir(tmp_path)  # started from some folder: a source checkout, a USB stick
    offered: list[str] = []

    def save_as(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        offered.append(start)
        return "", ""  # the organizer cancels

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    tab = window.findChild(BracketTab)
    assert tab is not None
    tab.choose_standings_pdf()
    tab.choose_bracket_pdf()
    documents = Path(documents_folder())
    assert [Path(p) for p in offered] == [documents / "standings.pdf", documents / "bracket.pdf"]
