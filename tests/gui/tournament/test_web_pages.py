"""The players' pages in Chromium as a venue shows them: a French search answers in French, the
bracket of 16 players fits a 1600-px screen, and a match a desk is playing shows its racks so far."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.session import MemoryLog
from referee_app.tournament.events import Created, Drawn, EntriesAdded, Event, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.venue.server import Cluster
from tests.builders import decode, ev
from tests.conftest import free_port
from tests.tournament.test_live import Desk, rack

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster and the machine's Chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-GB")  # an English phone
    yield context.new_page()
    context.close()


def _window(qtbot: Any, players: int) -> tuple[TournamentWindow, int]:
    events: list[Event] = [
        Created("Open de Lyon", Options(Format.DE, race=3)),
        EntriesAdded(tuple(Entry(f"Joueur {i}", rating=600 - i) for i in range(1, players + 1))),
        Drawn(7),
        TablesSet((1,)),
    ]
    window = TournamentWindow(MemoryLog(events), "t-1")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    port = free_port()
    window.queue_page.web_port.setValue(port)
    window.queue_page.connections.toggle_site()
    assert window.queue_page.connections.site is not None
    return window, port


def test_a_french_search_on_the_players_page_answers_in_french(qtbot: Any, page: Page) -> None:
    window, port = _window(qtbot, 4)
    page.goto(f"http://127.0.0.1:{port}/player?lang=fr")
    expect(page.locator("#go")).to_have_text("Chercher")
    page.fill("#who", "joueur 1")
    page.click("#go")
    page.wait_for_url("**/player?name=*")
    assert "lang=fr" in page.url
    expect(page.locator("#go")).to_have_text("Chercher")
    expect(page.locator("#to-bracket")).to_have_text("Tableau")
    expect(page.locator(".player .who")).to_have_text("Joueur 1")
    page.click("#to-bracket")  # the link to the bracket keeps the language too
    page.wait_for_url("**/bracket?lang=fr")
    expect(page.locator(".band").first).to_have_text("Tableau gagnants")
    window.close()


def test_the_bracket_fits_1600_px_and_shows_a_desks_live_score(
    qtbot: Any, page: Page, tmp_path: Path, event_server: Cluster, monkeypatch: Any
) -> None:
    window, port = _window(qtbot, 16)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    window.queue_page.connections.toggle_live()
    desk = Desk(event_server, tmp_path / "desk1", "1")
    qtbot.waitUntil(lambda: desk.next_assignment() is not None, timeout=15000)
    assignment = desk.next_assignment()
    assert assignment is not None
    playing = next(s for s in window.session.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    session = desk.start(assignment)
    for obj in [ev("lag", winner="A"), *rack(breaker_wins=True)]:  # one rack to the first-named player
        session.record(decode(obj))
    desk.push()
    connections = window.queue_page.connections
    qtbot.waitUntil(lambda: playing.spec.id in connections.published_live, timeout=15000)  # the window's loop runs

    page.goto(f"http://127.0.0.1:{port}/bracket")
    expect(page.locator(".match")).to_have_count(len(window.session.tournament.slots))
    rights = "[...document.querySelectorAll('.match')].map(n => n.getBoundingClientRect().right)"
    right = page.evaluate(f"Math.max(...{rights})")
    assert right <= 1600, f"the last column ends at {right} px"  # the final on screen, no scrolling
    zoom = float(page.evaluate("document.getElementById('bracket').style.zoom"))
    assert 2 / 3 <= zoom < 1  # narrowed to the screen, names still readable
    first_is_a = assignment.players[0] == playing.a
    racks = page.locator(f"#match-{playing.spec.id} .racks.live")
    expect(racks).to_have_text(["1", "0"] if first_is_a else ["0", "1"], timeout=15000)
    window.queue_page.connections.toggle_live()
    window.close()
