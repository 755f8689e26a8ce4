"""The phone page's "I don't agree" in the machine's Chromium, at 360 px with touch, served by a
real `tournament serve`: the dispute asked first, sent through a Wi-Fi drop, recorded once in the
tournament's log, shown on the page; then the disputing player's signature withdraws it."""

# ruff: noqa: F811  (the fixtures imported from the other phone tests are the parameters of the same name)

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.event.session import TournamentSession
from referee_app.log.store import Store
from referee_app.tournament.events import Disputed
from tests.event.test_score_page import PHONE, confirmed, events_of, open_table, phone, served  # noqa: F401 - the fixtures
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # the machine's Chromium


def disputes_of(db: Path, tid: str) -> tuple[dict[str, tuple[str, ...]], list[Disputed]]:
    session = TournamentSession.open(Store(db), tid)
    assert session.state is not None
    recorded = []
    frame = session.state.frames
    while frame is not None:
        if isinstance(frame.event, Disputed):
            recorded.append(frame.event)
        frame = frame.below
    session.log.store.close()  # type: ignore[attr-defined]
    return dict(session.state.tournament.disputes), recorded


def test_i_dont_agree_calls_the_organizer_through_a_wifi_drop_and_a_signature_withdraws_it(
    venue: tuple[Path, str, dict[int, str]],
    served: Served,
    phone: Any,
) -> None:
    db, tid, keys = venue
    page = open_table(phone, served, 1, keys[1])
    table = served.get(1, keys[1])[1]
    a, b = table["players"]["A"], table["players"]["B"]
    page.get_by_role("button", name=f"{a} won the lag").tap()
    for _ in range(2):
        racks = page.locator("#player-A .racks").inner_text()
        page.get_by_role("button", name=f"Rack to {a}").tap()
        expect(page.locator("#player-A .racks")).not_to_have_text(racks)
        confirmed(page)  # tapped again before then, it would be the same rack
    page.get_by_text(f"{a} wins 2–0").wait_for()
    disagree = page.get_by_role("button", name=f"I don’t agree ({b})")
    assert page.get_by_role("button", name=f"I don’t agree ({a})").is_visible()
    box = disagree.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 48
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    disagree.tap()  # asked first: dismissed, nothing sent
    expect(disagree).to_be_visible()
    assert asked == [f"Call the organizer: {b} does not agree with “{a} wins 2–0”?"]
    assert disputes_of(db, tid) == ({}, [])
    phone.set_offline(True)
    page.once("dialog", lambda dialog: dialog.accept())
    disagree.tap()
    expect(disagree).to_be_disabled()  # kept on the phone until the laptop answers
    phone.set_offline(False)
    page.get_by_text(f"{b} does not agree: the organizer is called.").wait_for(timeout=5000)
    expect(disagree).to_be_hidden()
    disputes, recorded = disputes_of(db, tid)
    assert disputes == {table["match"]: (b,)} and len(recorded) == 1 and recorded[0].match_id == table["match_id"]
    assert events_of(db, table["match_id"]) == ["match_started", "lag", "rack", "rack"]  # no match-log event
    page.reload()  # the dispute is the laptop's: shown again after a reload
    page.get_by_text(f"{b} does not agree: the organizer is called.").wait_for()
    page.get_by_role("button", name=f"Sign: {b}").tap()  # B agrees after all
    page.get_by_text(f"{b} signed").wait_for()
    expect(page.locator("#disputed")).to_have_text("")
    assert disputes_of(db, tid)[0] == {}
    other = phone.browser.new_context(locale="en-GB", **PHONE)  # A signs on A's own phone (phone.md 1.1)
    try:
        a_phone = open_table(other, served, 1, keys[1])
        a_phone.get_by_role("button", name=f"Sign: {a}").tap()
        a_phone.get_by_text("No match on this table now").wait_for()
    finally:
        other.close()
    page.get_by_text("No match on this table now").wait_for()
    assert events_of(db, table["match_id"])[-2:] == ["sign", "sign"]
