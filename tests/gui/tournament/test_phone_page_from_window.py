"""The phone page served by the tournament window's own players' pages (phone.md §1), in the
machine's Chromium with a phone's viewport and touch: the players tap the lag and a rack, the
window shows the score at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.gui.tournament.test_phone_tables_tab import _click, _keys, _start_site, shown_window
from tests.waiting import qt_pause, stays

pytest.importorskip("playwright")
from playwright.sync_api import expect

pytestmark = pytest.mark.slow  # the machine's Chromium

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="en-GB", **PHONE)
    yield context
    context.close()


def test_a_phone_scores_through_the_windows_pages_and_the_window_shows_it(qtbot, phone: Any, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = shown_window(qtbot, tmp_path, 4, "1-3")
    try:
        port = _start_site(qtbot, w, lan=False)
        _click(qtbot, w, "phonesOn", "2")
        page = phone.new_page()
        page.goto(f"http://127.0.0.1:{port}/score/2#k={_keys(w)[2]}")
        page.get_by_role("heading", name="Table 2").wait_for()
        page.get_by_role("button", name=re.compile("won the lag$")).first.tap()
        page.locator("#play").wait_for()
        page.get_by_role("button", name=re.compile("^Rack to ")).first.tap()
        expect(page.locator("#player-A .racks")).to_have_text("1")
        qtbot.waitUntil(lambda: " 1-0 " in w.queue_page.phones_box.status.text(), timeout=5000)
        assert w.queue_page.phones_box.status.text().startswith("Table 2: ")
    finally:
        w.close()


def test_starting_the_pages_on_marked_phone_tables_is_not_said_as_a_change_from_elsewhere(
    qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The pages' first look starts the match on a phone table (its log, in the tournament's): the
    window's own doing, shown without "Shown again: the tournament was changed elsewhere"."""
    w = shown_window(qtbot, tmp_path, 4, "1-3")
    try:
        _click(qtbot, w, "phonesOn", "2")
        t = w.session.tournament
        assert t is not None and 2 in t.phones
        on_two = next(m for m, table in t.on_table.items() if table == 2)
        assert on_two not in t.started  # no server yet: no phone log
        _start_site(qtbot, w, lan=False)
        w.follow()  # the window's watch looking first, before the pages tell it what moved
        qtbot.waitUntil(lambda: on_two in w.session.tournament.started, timeout=3000)  # type: ignore[union-attr]
        said = w.notice.text()
        assert not said.startswith("Shown again"), said
        stays(
            lambda: w.notice.text() == said,
            1.2,
            "the notice as it was (two looks of the window's watch)",
            pause=qt_pause(qtbot),
        )
    finally:
        w.close()
