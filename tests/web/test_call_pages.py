"""The call on the pages, in real headless Chromium: a match put on a table calls its players on the
bracket's TV page, the board's page and the players' page (a yellow band, the minutes since the call,
the calls made again, who is at the table), rings the chime for each new call, and ends when both are
at the table or a rack is scored; in English and French; at a TV's 1920x1080 and a phone's 360 px."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from referee_app.event.published import board_view
from referee_app.i18n import english
from referee_app.tournament.events import AtTable, Called
from referee_app.tournament.show import standings_view
from referee_app.tournament.show import view as tournament_view
from referee_app.tournament.state import State, apply, utc_text
from referee_app.web.server import BOARD, TOURNAMENT, WebServer
from tests.web.test_tournament_pages import tournament

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # each test drives the machine's Chromium

SHOTS = Path(os.environ.get("REFEREE_SHOTS") or "/tmp/referee-call-shots")


def languages() -> dict[str, Any]:
    from referee_desk.i18n import translator_for

    return {"en": english, "fr": translator_for("fr")}


def publish(server: WebServer, state: State, live: dict[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    t = state.tournament
    view = board_view(tournament_view(t, "t"), standings_view(t), languages(), t, live).to_json()
    server.feed.publish_tournament(view)
    return view


def on_table(state: State, table: int) -> tuple[str, str, str]:
    t = state.tournament
    match = next(m for m, n in t.on_table.items() if n == table)
    slot = t.slots[match]
    assert slot.a is not None and slot.b is not None
    return match, slot.a, slot.b


def call(state: State, table: int, minutes_ago: float, call: int = 0, players: tuple[str, ...] = ()) -> State:
    match, a, b = on_table(state, table)
    at = utc_text(datetime.now(UTC) - timedelta(minutes=minutes_ago))
    return apply(state, Called(match, table, call, players or (a, b), at))


@pytest.fixture
def server() -> Iterator[WebServer]:
    from referee_desk.i18n import translator_for

    running = WebServer((BOARD, TOURNAMENT), port=0, words=translator_for).start()  # the words the GUI hands in
    yield running
    running.stop()


def new_page(browser: Any, width: int, height: int, locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    return context.new_page()


def test_the_bracket_on_a_tv_calls_the_players_counts_the_minutes_and_rings_for_each_new_call(
    server: WebServer, browser: Any
) -> None:
    state = tournament(16)
    state = call(state, 1, minutes_ago=7.2)
    match, a, b = on_table(state, 1)
    publish(server, state)
    page = new_page(browser, 1920, 1080)
    page.goto(server.url("bracket"))
    band = page.locator("#called .callcard")
    expect(band).to_have_count(1)
    expect(band.locator(".call-title")).to_have_text(f"Table 1: {a} v {b}")
    expect(band.locator(".call-player")).to_have_text(
        [f"{a}: not at the table, 7 min since the call", f"{b}: not at the table, 7 min since the call"]
    )
    expect(page.locator("#sound")).to_have_text("Sound on")  # a TV's browser: one tap for the chime
    assert page.locator("body").get_attribute("data-chimes") is None  # what was called before it opened: no chime
    box = band.bounding_box()
    assert box is not None and box["y"] < 200 and box["height"] >= 60  # at the top, big enough to read across a hall

    page.locator("#sound").click()
    expect(page.locator("#sound")).to_be_hidden()
    page.evaluate("document.body.dataset.chimes = '0'")
    state = call(state, 2, minutes_ago=0)  # a new call
    state = call(state, 1, minutes_ago=2, call=1, players=(b,))  # table 1's second call, for Ben alone
    state = apply(state, AtTable(match, a, "phone", utc_text(datetime.now(UTC))))
    publish(server, state)
    expect(page.locator("#called .callcard")).to_have_count(2)
    expect(page.locator("body")).to_have_attribute("data-chimes", "1")  # one chime for what came at once
    first = page.locator('#called .callcard[data-table="1"]')
    expect(first.locator(".call-player.here")).to_have_text(f"{a}: at the table")
    expect(first.locator(".call-player.away")).to_have_text(f"{b}: not at the table, 7 min since the call")
    expect(first.locator(".call-calls")).to_contain_text("called again at")
    assert page.evaluate("window.__pwned") is None
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "bracket-call-1920.png"))

    state = apply(state, AtTable(match, b, "desk", utc_text(datetime.now(UTC))))  # both there: the call is over
    publish(server, state, live={on_table(state, 2)[0]: (1, 0)})  # table 2's first rack: under way
    expect(page.locator("#called .callcard")).to_have_count(0)
    expect(page.locator("#called")).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize(
    ("locale", "go", "away"),
    [
        ("en-GB", "You are called: go to table 1", "{name}: not at the table, 12 min since the call"),
        (
            "fr-FR",
            "Vous êtes appelé\u00a0: allez à la table 1",
            "{name}\u00a0: pas à la table, appelé il y a 12\u00a0min",
        ),
    ],
)
def test_a_player_on_a_phone_sees_their_call_and_its_minutes(
    server: WebServer, browser: Any, locale: str, go: str, away: str
) -> None:
    state = call(tournament(16), 1, minutes_ago=12.5)
    _, a, _ = on_table(state, 1)
    publish(server, state)
    page = new_page(browser, 360, 740, locale)
    page.goto(server.url("player") + "?name=" + a.replace(" ", "+"))
    card = page.locator(".player")
    expect(card.locator(".when")).to_have_text(go)
    expect(card.locator(".callcard .call-player.away").first).to_have_text(away.format(name=a))
    expect(page.locator("#called .callcard")).to_have_count(1)  # and every call, at the page's top
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"player-call-360-{locale[:2]}.png"), full_page=True)
    page.context.close()


def test_the_board_page_on_a_tv_shows_the_call_above_the_tables(server: WebServer, browser: Any) -> None:
    state = call(tournament(16), 3, minutes_ago=4)
    _, a, b = on_table(state, 3)
    publish(server, state)
    page = new_page(browser, 1920, 1080, "fr-FR")
    page.goto(server.url("board") + "?lang=fr")
    band = page.locator("#called .callcard")
    expect(band.locator(".call-title")).to_have_text(f"Table 3\u00a0: {a} – {b}")
    expect(band.locator(".call-player").first).to_have_text(f"{a}\u00a0: pas à la table, appelé il y a 4\u00a0min")
    expect(page.locator("#sound")).to_have_text("Activer le son")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "board-call-1920-fr.png"))
    page.context.close()
