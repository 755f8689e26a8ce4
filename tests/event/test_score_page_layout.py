"""What the phone page looks like at a table, in the machine's Chromium at 360 × 740 with touch:
what the walkthrough found out of sight or too faint to read at arm's length."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.event.test_score_page import confirmed, lagged, phone, served  # noqa: F401 - the fixtures
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # the machine's Chromium

SCREEN_HEIGHT = 740


def test_taps_not_sent_stay_in_sight_with_the_other_ways_open(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    """With "other ways" open the page is taller than the screen: "not sent yet (2)" is still on it."""
    _, _, keys = venue
    page, _ = lagged(phone, served, 1, keys[1])
    page.locator("#more-label").tap()
    assert page.evaluate("document.documentElement.scrollHeight") > SCREEN_HEIGHT  # the case that hid it
    phone.set_offline(True)
    page.locator("#rack-A").tap()
    page.locator("#rack-B").tap()
    pending = page.locator("#pending")
    expect(pending).to_have_text("not sent yet (2)")
    page.evaluate("window.scrollTo(0, 0)")  # where the players' thumbs are: the racks' buttons
    box = pending.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN_HEIGHT, box
    assert page.locator("#contact").bounding_box()["y"] + 10 <= SCREEN_HEIGHT  # the last contact too
    phone.set_offline(False)
    expect(pending).to_have_text("", timeout=5000)


def test_a_signature_given_reads_as_clearly_as_the_button_did(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    """The signed button is not dimmed to 40 %: "Ana Lopez signed" is the players' receipt."""
    _, _, keys = venue
    page, table = lagged(phone, served, 1, keys[1])
    a = table["players"]["A"]
    rack = page.locator("#rack-B")
    for score in ("1", "2"):
        rack.tap()
        expect(page.locator("#player-B .racks")).to_have_text(score)
        confirmed(page)  # tapped again before then, it would be the same rack
    page.get_by_role("button", name=f"Sign: {a}").tap()
    signed = page.locator("#sign-A")
    expect(signed).to_have_text(re.compile(f"{a} signed"))
    expect(signed).to_be_disabled()
    looks = signed.evaluate(
        "(el) => { const s = getComputedStyle(el); const mark = getComputedStyle(el, '::before').content;"
        " return { opacity: Number(s.opacity), color: s.color, mark }; }"
    )
    assert looks["opacity"] == 1
    assert looks["color"] == "rgb(143, 209, 143)"  # the green of "breaks", on the page's dark ground
    assert "✔" in looks["mark"]
    assert page.locator("#sign-B").evaluate("(el) => getComputedStyle(el).opacity") == "1"  # still to sign


def test_the_score_moved_on_message_comes_without_moving_the_buttons(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    phone: Any,  # noqa: F811
) -> None:
    """Two phones tap at once: the one refused as "moved on" says so over the top of the page; the
    rack buttons stay where the thumbs are (a line above them pushed them 16-36 px down)."""
    _, _, keys = venue
    page, table = lagged(phone, served, 1, keys[1])
    before = {seat: page.locator(f"#rack-{seat}").bounding_box() for seat in "AB"}
    phone.set_offline(True)
    page.locator("#rack-A").tap()  # made on version 2, held while the Wi-Fi is gone
    assert served.tap(1, keys[1], "other-phone", table["version"], {"type": "rack", "winner": "B"})[0] == 200
    phone.set_offline(False)
    said = page.locator("#message")
    expect(said).to_have_text(re.compile("moved on"), timeout=5000)
    expect(page.locator("#player-B .racks")).to_have_text("1")
    assert {seat: page.locator(f"#rack-{seat}").bounding_box() for seat in "AB"} == before
    box = said.bounding_box()
    assert box is not None and box["y"] == 0 and box["height"] >= 24  # on screen, at its top
