"""The call on the table's phone page, through a real `tournament serve` in Chromium at 360 px, in English
and French: the match on the table is called (the minutes since the call, who is not at the table), each
called player taps "I'm here" (recorded once in the tournament's log, the button gone), and the lag ends
the call."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.event import operations
from referee_app.event.call_clock import CallClock, StepTime
from referee_app.event.session import StoreLog, TournamentSession
from referee_app.log.store import Store
from referee_app.tournament.state import Tournament
from tests.event.test_score_page import PHONE, served  # noqa: F401 - the fixture
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # the machine's Chromium

SHOTS = Path("/tmp/referee-call-shots")


def tournament_of(db: Path, tid: str) -> Tournament:
    with closing(Store(db)) as store:
        session = TournamentSession(StoreLog(store, operations.find(store, tid)))
        t = session.tournament
        assert t is not None
        return t


def call_now(db: Path, tid: str, minutes_ago: float) -> None:
    """The organizer's clock calls the matches on the tables (as the window's would), `minutes_ago`."""
    with closing(Store(db)) as store:
        session = TournamentSession(StoreLog(store, operations.find(store, tid)))
        assert CallClock(session, StepTime(datetime.now(UTC) - timedelta(minutes=minutes_ago))).tick()


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    made: list[Any] = []

    def context(locale: str) -> Any:
        c = browser.new_context(locale=locale, **PHONE)
        made.append(c)
        return c

    yield context
    for c in made:
        c.close()


@pytest.mark.parametrize(
    ("locale", "away", "here_word"),
    [
        ("en-GB", "{name}: not at the table, 6 min since the call", "I’m here: {name}"),
        ("fr-FR", "{name}\u00a0: pas à la table, appelé il y a 6\u00a0min", "Je suis là\u00a0: {name}"),
    ],
)
def test_the_table_page_calls_its_players_and_each_says_im_here(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phones: Any,
    locale: str,
    away: str,
    here_word: str,
) -> None:
    db, tid, keys = venue
    call_now(db, tid, minutes_ago=6.5)
    table = served.get(1, keys[1])[1]
    a, b = table["players"]["A"], table["players"]["B"]
    page = phones(locale).new_page()
    page.goto(f"http://127.0.0.1:{served.port}/score/1#k={keys[1]}")
    card = page.locator("#call .callcard")
    expect(card.locator(".call-player.away").first).to_have_text(away.format(name=a), timeout=10000)
    button_a, button_b = page.locator("#here-A"), page.locator("#here-B")
    expect(button_a).to_have_text(here_word.format(name=a))
    expect(button_b).to_have_text(here_word.format(name=b))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = button_a.bounding_box()
    assert box is not None and box["height"] >= 48  # a thumb's target
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"score-call-360-{locale[:2]}.png"), full_page=True)

    button_a.tap()
    expect(button_a).to_be_hidden(timeout=10000)
    expect(card.locator(".call-player.here")).to_have_count(1)
    arrivals = tournament_of(db, tid).arrivals[table["match"]]
    assert [(x.player, x.by) for x in arrivals] == [(a, "phone")] and len(arrivals[0].device) >= 8
    expect(button_b).to_be_visible()

    page.get_by_role("button", name=page.locator("#lag-B").inner_text()).tap()  # the lag: both at the table
    expect(page.locator("#call")).to_be_hidden(timeout=10000)
    expect(button_b).to_be_hidden()
    eventually(
        lambda: [x.by for x in tournament_of(db, tid).arrivals[table["match"]]] == ["phone", "lag"],
        "the lag seats the other player",
        15,
    )
