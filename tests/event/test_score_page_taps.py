"""The phone page's taps as phone.md 1.1 asks, in the machine's Chromium against a real `tournament
serve`: a tap queued offline for a match never lands in the next one, a tap repeated while the
laptop is away counts once, a lost card's open tab stops and takes the new card's key at once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.event.test_score_page import PHONE, confirmed, events_of, lagged, open_table, phone, served  # noqa: F401
from tests.event.test_score_page_words import play
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow


def test_a_tap_queued_offline_never_lands_in_the_tables_next_match(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    db, _, keys = venue
    page = open_table(phone, served, 1, keys[1])
    semi = served.get(1, keys[1])[1]
    page.locator("#lag").wait_for()
    phone.set_offline(True)
    page.get_by_role("button", name=f"{semi['players']['B']} won the lag").tap()  # queued: the Wi-Fi is down
    expect(page.locator("#pending")).to_have_text("not sent yet (1)")
    play(served, 2, keys[2], "t2-")  # the other semi-final
    play(served, 1, keys[1], "t1-", winner="A")  # the other phone plays this one through; both sign
    final = served.get(1, keys[1])[1]
    assert final["match"] == "F1" and final["match_id"] != semi["match_id"] and final["version"] == 1
    phone.set_offline(False)  # the page comes back and sends its queue first
    expect(page.locator("#message")).to_have_text(re.compile("made for the previous match"), timeout=10000)
    expect(page.locator("#pending")).to_have_text("")
    assert events_of(db, final["match_id"]) == ["match_started"]  # the final's lag is still to be tapped
    expect(page.locator("#lag")).to_be_visible()
    assert events_of(db, semi["match_id"]).count("lag") == 1  # the other phone's


def test_a_rack_tapped_twice_while_the_laptop_is_away_counts_once(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    db, _, keys = venue
    page, table = lagged(phone, served, 1, keys[1])
    confirmed(page)
    a = table["players"]["A"]
    racks = page.locator("#player-A .racks")
    phone.set_offline(True)
    page.get_by_role("button", name=f"Rack to {a}").tap()
    expect(racks).to_have_text("1")  # shown at once, not confirmed yet
    expect(racks).to_have_class(re.compile("unconfirmed"))
    page.wait_for_timeout(300)
    page.get_by_role("button", name=f"Rack to {a}").tap()  # nothing seemed to happen: tapped again
    expect(page.locator("#message")).to_have_text(re.compile("counts once"))
    expect(page.locator("#pending")).to_have_text("not sent yet (1)")
    assert racks.inner_text() == "1"
    phone.set_offline(False)
    confirmed(page)
    assert racks.inner_text() == "1"
    assert events_of(db, table["match_id"]).count("rack") == 1
    expect(page.locator("#said")).to_have_text(re.compile(f"{re.escape(a)} 1, .+ 0$"))  # the score, said


def test_a_double_tap_while_the_first_is_on_its_way_counts_once(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    """A slow Wi-Fi: the tap's answer does not come; a second tap 300 ms later is the same rack."""
    db, _, keys = venue
    page, table = lagged(phone, served, 2, keys[2])
    confirmed(page)
    b = table["players"]["B"]
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)  # the first tap's request: no answer (the Wi-Fi holds it)
        else:
            route.continue_()

    page.route("**/api/score/**", hold)
    page.get_by_role("button", name=f"Rack to {b}").tap()
    page.wait_for_timeout(300)
    page.get_by_role("button", name=f"Rack to {b}").tap()
    expect(page.locator("#message")).to_have_text(re.compile("counts once"))
    assert len(held) == 1 and page.locator("#player-B .racks").inner_text() == "1"
    page.unroute("**/api/score/**")  # given up after 3 s, sent again: recorded once
    confirmed(page)
    assert page.locator("#player-B .racks").inner_text() == "1"
    assert events_of(db, table["match_id"]).count("rack") == 1


def test_a_lost_cards_open_tab_stops_says_so_and_takes_the_new_card_at_once(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    from referee_app.cli.main import main

    db, tid, keys = venue
    page, table = lagged(phone, served, 1, keys[1])
    confirmed(page)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/score/" in r.url else None)
    assert main(["tournament", "phones", tid, "1", "--json", "--db", str(db)]) == 0
    new = json.loads(capsys.readouterr().out)[0]["key"]
    message = page.locator("#message")
    expect(message).to_have_text("This card was replaced: scan the new card", timeout=10000)
    expect(page.locator("#play")).to_be_hidden()  # nothing to tap with a dead card
    stopped_at = len(asked)
    page.wait_for_timeout(2500)
    assert len(asked) == stopped_at  # no more polling with the replaced key
    assert served.get(1, new)[0] == 200  # the new card from the same address: never locked out
    page.evaluate(f"location.hash = '#k={new}'")  # the new card scanned in the open tab: no reload
    rack = page.get_by_role("button", name=f"Rack to {table['players']['A']}")
    rack.tap()
    confirmed(page)
    expect(message).to_have_text("")
    assert events_of(db, table["match_id"]).count("rack") == 1
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # never reloaded


def test_the_page_keeps_one_device_id_and_sends_it_with_every_post(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    _, _, keys = venue
    sent: list[dict[str, Any]] = []
    phone.on("request", lambda r: sent.append(json.loads(r.post_data)) if r.method == "POST" else None)
    page, table = lagged(phone, served, 1, keys[1])
    page.get_by_role("button", name=f"Rack to {table['players']['A']}").tap()
    confirmed(page)
    page.reload()
    page.get_by_role("button", name=f"Rack to {table['players']['B']}").tap()
    confirmed(page)
    devices = {body["device"] for body in sent}
    assert len(sent) == 3 and len(devices) == 1 and re.fullmatch(r"[A-Za-z0-9_-]{16,64}", devices.pop())
    assert {body["match_id"] for body in sent} == {table["match_id"]}
