"""The tournament window publishes its tournament on the players' web page, live, in the phone's
language (French from the catalogue), and frees the port when it closes."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.session import MemoryLog
from referee_app.tournament.events import Created, Drawn, EntriesAdded, Event, TablesSet
from referee_app.tournament.model import Entry, Format, Options
from tests.gui.tournament.test_window import shown_of

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # the machine's Chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="fr-FR")
    yield context.new_page()
    context.close()


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_window_publishes_the_bracket_and_each_result_on_the_players_page(qtbot, page: Page) -> None:  # type: ignore[no-untyped-def]
    events: list[Event] = [
        Created("Open de Lyon", Options(Format.DE)),
        EntriesAdded(tuple(Entry(f"Joueur {i}", rating=600 - i) for i in range(1, 9))),
        Drawn(7),
        TablesSet((1, 2)),
    ]
    window = TournamentWindow(MemoryLog(events), "t-1")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    port = _port()
    window.queue_page.web_port.setValue(port)
    window.tabs.setCurrentWidget(window.queue_page)
    QTest.mouseClick(window.queue_page.web_button, Qt.MouseButton.LeftButton)
    assert window.queue_page.connections.site is not None
    assert f"http://127.0.0.1:{port}/player" in window.queue_page.web_addresses.text()
    assert window.queue_page.web_button.text() == "Stop the web page [Ctrl+Shift+B]"

    page.goto(f"http://127.0.0.1:{port}/bracket")  # the phone says French: the words are the catalogue's
    expect(page.locator(".band")).to_have_text(["Tableau gagnants", "Tableau perdants"])
    expect(page.locator("#match-W3-1 .label")).to_contain_text("Hot seat (finale du tableau gagnants)")
    expect(page.locator("#tables-title")).to_have_text("Tables")
    expect(page.locator("#queue-title")).to_have_text("En attente d’une table")

    on_one = next(m for m in shown_of(window)["matches"] if m["table"] == 1)
    window.results_page.pick_match(on_one["id"])
    window.results_page.winner_choice.setCurrentIndex(1)
    QTest.mouseClick(window.results_page.record_button, Qt.MouseButton.LeftButton)
    expect(page.locator(f"#match-{on_one['id']} .seat.won .who")).to_have_text(on_one["b"])

    page.goto(f"http://127.0.0.1:{port}/player?name={on_one['a'].replace(' ', '+')}")
    expect(page.locator(".player .what")).to_contain_text("Tableau perdants, tour 1")

    window.close()
    assert window.queue_page.connections.site is None
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as a server started again would
        again.bind(("127.0.0.1", port))  # the port is free at once


def test_the_desks_overlay_names_the_tournament_round(desk, page: Page) -> None:  # type: ignore[no-untyped-def]
    from referee_app.tournament.model import MatchStatus, Side
    from referee_app.tournament.show import MatchView
    from referee_app.tournament.wording import round_names
    from tests.gui.conftest import Desk

    assert isinstance(desk, Desk)
    losers_round_3 = MatchView(
        "L3-1", 1, Side.L, 3, None, None, "winner L2-1", "winner L2-2", 5, MatchStatus.WAITING,
        None, None, None, None, "L4-1", None,
    )  # fmt: skip
    names = round_names([losers_round_3])
    desk.start(race_to=5, round=names["L3-1"])  # the assignment carries the round to the desk
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    page.goto(server.url("overlay"))
    expect(page.locator("#round")).to_have_text("Losers' round 3")
    expect(page.locator("#race")).to_have_text("Race to 5")
    if shot := os.environ.get("REFEREE_SHOTS"):
        page.screenshot(path=f"{shot}/overlay-round.png")
        page.goto(server.url("overlay") + "?style=lower")
        page.screenshot(path=f"{shot}/overlay-round-lower.png")
    page.goto(server.url("table"))
    expect(page.locator("#round")).to_have_text("Losers' round 3")


def test_a_match_outside_a_tournament_shows_no_round(desk, page: Page) -> None:  # type: ignore[no-untyped-def]
    desk.start(race_to=5)
    assert desk.window.start_overlay(0)
    page.goto(desk.window.overlay.server.url("overlay"))  # type: ignore[union-attr]
    expect(page.locator("#race")).to_have_text("Race to 5")
    expect(page.locator("#round")).to_be_hidden()


def test_the_ffb_national_day_on_the_players_page_names_the_best_thirds_places(qtbot, page: Page) -> None:  # type: ignore[no-untyped-def]
    from referee_app.tournament.templates import ffb_national_day
    from tests.tournament.test_ffb_national_day import forty_two

    events: list[Event] = [Created("TN1", ffb_national_day()), EntriesAdded(tuple(forty_two())), Drawn(2017)]
    window = TournamentWindow(MemoryLog(events), "t-1")
    qtbot.addWidget(window)
    port = _port()
    window.queue_page.web_port.setValue(port)
    window.tabs.setCurrentWidget(window.queue_page)
    window.show()
    QTest.mouseClick(window.queue_page.web_button, Qt.MouseButton.LeftButton)
    best = next(m for m in shown_of(window)["matches"] if m["from_b"] == "best 3rd #1" and m["b"] is None)
    page.goto(f"http://127.0.0.1:{port}/bracket")  # in French
    expect(page.locator(f"#match-{best['id']}")).to_contain_text("Meilleur 3e n°\xa01")
    window.close()
