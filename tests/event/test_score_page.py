"""The phone page `/score/N` (phone.md §2) in the machine's Chromium with a phone's viewport and
touch, served by a real `tournament serve`: taps, a reload with taps not yet sent, a Wi-Fi drop in
the middle of a tap and back, two phones on one table, and the key never in a request line."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.log.store import Store
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # the machine's Chromium

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


@pytest.fixture
def served(venue: tuple[Path, str, dict[int, str]]) -> Iterator[Served]:  # noqa: F811
    db, tid, _ = venue
    server = Served(db, tid)
    yield server
    server.stop()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="en-GB", **PHONE)
    yield context
    context.close()


def events_of(db: Path, match_id: str) -> list[str]:
    with closing(Store(db)) as store:
        return [e.event.TYPE.value for e in store.load(match_id)]


def open_table(context: Any, served: Served, table: int, key: str, lang: str = "") -> Any:
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/score/{table}{lang}#k={key}")
    page.get_by_role("heading", name=f"Table {table}").wait_for()
    return page


def lagged(context: Any, served: Served, table: int, key: str) -> tuple[Any, dict[str, Any]]:
    """The table's page with the lag tapped (the racks' buttons shown), and the table as the API has it."""
    page = open_table(context, served, table, key)
    page.get_by_role("button", name=re.compile("won the lag$")).first.tap()
    page.locator("#play").wait_for()
    return page, served.get(table, key)[1]


def score(page: Any, seat: str) -> str:
    return str(page.locator(f"#player-{seat} .racks").inner_text())


def confirmed(page: Any, timeout: float = 5000) -> None:
    """Every tap of the page answered by the laptop (none shown as not confirmed)."""
    expect(page.locator("#pending")).to_have_text("", timeout=timeout)
    expect(page.locator(".racks.unconfirmed")).to_have_count(0, timeout=timeout)


def test_the_players_score_and_sign_a_match_by_touch_on_a_360_px_screen(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    phone: Any,
) -> None:
    db, _, keys = venue
    requests: list[tuple[str, dict[str, str]]] = []
    phone.on("request", lambda r: requests.append((r.url, r.headers)))
    page = open_table(phone, served, 1, keys[1])
    table = served.get(1, keys[1])[1]
    a, b = table["players"]["A"], table["players"]["B"]
    page.get_by_text("Who won the lag?").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no zoom, no sideways scroll
    page.get_by_role("button", name=f"{b} won the lag").tap()
    rack_a = page.get_by_role("button", name=f"Rack to {a}")
    rack_b = page.get_by_role("button", name=f"Rack to {b}")
    rack_a.wait_for()
    for button in (rack_a, rack_b):
        box = button.bounding_box()
        assert box["height"] >= 48 and box["width"] >= 48
    assert page.locator("#player-B .breaks").inner_text() == "breaks"
    rack_b.tap()
    expect(page.locator("#player-B .racks")).to_have_text("1")
    rack_a.tap()
    expect(page.locator("#player-A .racks")).to_have_text("1")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo").tap()  # asks first, then takes the rack back
    expect(page.locator("#player-A .racks")).to_have_text("0")
    rack_b.tap()
    signs = page.get_by_role("button", name=re.compile("^Sign"))
    signs.first.wait_for()
    assert signs.count() == 2
    page.get_by_text(f"{b} wins 2–0").wait_for()  # the winner's score first
    page.get_by_role("button", name=f"Sign: {a}").tap()
    expect(page.locator("#sign-A")).to_have_accessible_name(re.compile(f"{a} signed$"))  # its name says signed
    # B's signature is B's own: not from the phone that gave A's (phone.md 1.1, a two-phone table)
    page.get_by_role("button", name=f"Sign: {b}").tap()
    expect(page.locator("#message")).to_contain_text(f"{a} signed on this one")
    expect(page.locator("#sign-B")).to_be_enabled()  # taken back: B not shown as signed
    assert events_of(db, table["match_id"]).count("sign") == 1
    other = phone.browser.new_context(locale="en-GB", **PHONE)  # B's own phone
    try:
        b_page = open_table(other, served, 1, keys[1])
        b_page.get_by_role("button", name=f"Sign: {b}").tap()
        b_page.get_by_text("No match on this table now").wait_for()  # the final waits for the other semi-final
    finally:
        other.close()
    page.get_by_text("No match on this table now").wait_for()
    assert events_of(db, table["match_id"]) == [
        *("match_started", "lag", "rack", "rack", "undo", "rack", "sign", "sign")
    ]
    key = keys[1]
    for url, headers in requests:
        assert key not in url and key.replace("-", "") not in url
        assert key not in headers.get("referer", "")
    assert any(headers.get("authorization") == f"Bearer {key}" for _, headers in requests)


def test_taps_not_sent_survive_a_reload_and_go_once_the_laptop_answers(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    phone: Any,
) -> None:
    db, _, keys = venue
    page, table = lagged(phone, served, 2, keys[2])
    a = table["players"]["A"]
    page.route("**/api/score/**", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name=f"Rack to {a}").tap()
    page.get_by_text("not sent yet (1)").wait_for()
    page.reload()
    page.get_by_text("not sent yet (1)").wait_for()  # kept in the phone's storage
    page.unroute("**/api/score/**")
    expect(page.locator("#player-A .racks")).to_have_text("1", timeout=5000)
    assert page.locator("#pending").inner_text() == ""
    assert events_of(db, table["match_id"]).count("rack") == 1


def test_a_wifi_drop_in_the_middle_of_a_tap_and_back(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    phone: Any,
) -> None:
    db, _, keys = venue
    page, table = lagged(phone, served, 1, keys[1])
    b = table["players"]["B"]
    phone.set_offline(True)
    page.get_by_role("button", name=f"Rack to {b}").tap()
    page.get_by_text("not sent yet (1)").wait_for()
    assert page.locator("#contact").inner_text().startswith("last contact")
    phone.set_offline(False)
    expect(page.locator("#player-B .racks")).to_have_text("1", timeout=5000)
    confirmed(page)
    assert events_of(db, table["match_id"]).count("rack") == 1


def test_two_phones_on_one_table_see_each_others_taps_and_a_stale_tap_is_refused(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    browser: Any,
) -> None:
    db, _, keys = venue
    first_context = browser.new_context(locale="fr-FR", **PHONE)
    second_context = browser.new_context(locale="en-GB", **PHONE)
    try:
        first = open_table(first_context, served, 1, keys[1])
        second = open_table(second_context, served, 1, keys[1])
        first.get_by_text("Qui a gagné le tirage à la bande ?").wait_for()  # the phone's language first
        table = served.get(1, keys[1])[1]
        a = table["players"]["A"]
        first.get_by_role("button", name=f"{a} a gagné le tirage à la bande").tap()
        second.locator("#play").wait_for(timeout=2500)  # within the poll's second
        first.get_by_role("button", name=f"Manche pour {a}").tap()
        expect(second.locator("#player-A .racks")).to_have_text("1", timeout=2500)
        # the second phone taps on a score that moved on: refused and said, never merged
        second.route(
            "**/api/score/**", lambda route: route.continue_() if route.request.method == "POST" else route.abort()
        )
        served.tap(1, keys[1], "elsewhere", 3, {"type": "rack", "winner": "B"})
        second.get_by_role("button", name=f"Rack to {a}").tap()
        second.get_by_text("The score moved on").wait_for()
        second.unroute("**/api/score/**")
        assert events_of(db, table["match_id"]).count("rack") == 2
    finally:
        first_context.close()
        second_context.close()


def test_a_look_answered_after_a_tap_never_shows_the_older_score(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    phone: Any,
) -> None:
    """The page looks every second; a look that left before a tap can come back after the tap's
    answer. Its older score is not shown, and the next tap is made on the newer one (not refused)."""
    db, _, keys = venue
    page, stale = lagged(phone, served, 2, keys[2])
    a = stale["players"]["A"]
    page.get_by_role("button", name=f"Rack to {a}").tap()
    expect(page.locator("#player-A .racks")).to_have_text("1")
    confirmed(page)
    late: list[str] = []

    def answer_late(route: Any) -> None:
        if route.request.method == "GET" and not late:
            late.append(route.request.url)
            route.fulfill(status=200, content_type="application/json", body=json.dumps(stale))
        else:
            route.continue_()

    page.route("**/api/score/**", answer_late)
    # the page's next look is answered late (Playwright runs the route while it waits for the page)
    page.wait_for_event("requestfinished", predicate=lambda _request: bool(late), timeout=5000)
    assert late  # the late look was answered
    page.wait_for_timeout(200)
    assert score(page, "A") == "1"
    page.unroute("**/api/score/**")
    page.get_by_role("button", name=f"Rack to {a}").tap()
    expect(page.locator("#player-A .racks")).to_have_text("2")
    confirmed(page)
    assert events_of(db, stale["match_id"]).count("rack") == 2
    assert page.locator("#message").inner_text() == ""


def test_a_tap_whose_request_hangs_is_given_up_and_sent_again(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    phone: Any,
) -> None:
    """The Wi-Fi can leave a request hanging, with no answer and no error: the page gives it up and
    sends the tap again (the laptop records it once), instead of waiting on it for good."""
    db, _, keys = venue
    page, table = lagged(phone, served, 2, keys[2])
    a = table["players"]["A"]
    hung: list[Any] = []

    def hang_the_first_tap(route: Any) -> None:
        if route.request.method == "POST" and not hung:
            hung.append(route)  # never answered
        else:
            route.continue_()

    page.route("**/api/score/**", hang_the_first_tap)
    tapped = time.monotonic()
    page.get_by_role("button", name=f"Rack to {a}").tap()
    expect(page.locator("#player-A .racks")).to_have_text("1")  # shown at once, not confirmed yet
    expect(page.locator("#player-A .racks")).to_have_class(re.compile("unconfirmed"))
    confirmed(page, timeout=20000)
    # given up within 3 s and sent again at once (not at the next poll, nor after 8 s)
    assert hung and time.monotonic() - tapped < 6.5
    assert events_of(db, table["match_id"]).count("rack") == 1
