"""The pages as a phone and a venue TV show them, in headless Chromium through a real `tournament
serve`: drawn where they stay as their state comes (layout shift), a browser whose script does not
run told what it needs, and `/bracket` on a 1080p TV with nothing below the screen's edge."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.pages import PHONE
from bench.served import Served
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # a tournament served, and Chromium

SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = Served.start(Path(tmp_path_factory.mktemp("served")), players=16, tables=4)
    yield running
    running.stop()


def slow_phone(browser: Any, **options: Any) -> tuple[Any, Any]:
    """A phone on the hall's poor Wi-Fi (400 ms a request, 400 kbps): its page's parts come one by one."""
    context = browser.new_context(**PHONE, **options)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 400, "downloadThroughput": 50_000, "uploadThroughput": 50_000},
    )
    return context, page


@pytest.mark.parametrize("path", ["/score/1", "/bracket", "/player?name=ana"])
def test_a_page_is_drawn_where_it_stays_as_its_state_comes(browser: Any, served: Served, path: str) -> None:
    context, page = slow_phone(browser)
    try:
        page.add_init_script(SHIFTS)
        key = f"#k={served.keys[1]}" if path.startswith("/score") else ""
        page.goto(served.url + path + key)
        ready = (
            "#lag-A" if path.startswith("/score") else ("#bracket .match" if "bracket" in path else "#answer .player")
        )
        page.wait_for_selector(ready, state="visible")
        page.wait_for_timeout(1500)  # the page's next looks at the table or the tournament
        assert page.evaluate("window.__shift") <= 0.1  # Lighthouse's "good" cumulative layout shift
    finally:
        context.close()


def test_a_browser_whose_script_does_not_run_says_what_it_needs(browser: Any, served: Served) -> None:
    url = f"{served.url}/score/1?lang=fr#k={served.keys[1]}"
    needs = "Cette page demande un navigateur plus récent"
    without = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = without.new_page()
        page.goto(url)
        assert needs in page.locator(".needs").inner_text()  # said at once
    finally:
        without.close()
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        # an engine that cannot parse the script (too old): here, a script its page's policy refuses
        page.route(
            "**/score/1*",
            lambda route: route.fulfill(
                response=(r := route.fetch()), body=r.text().replace("use strict", 'use strict";(')
            ),
        )
        page.goto(url)
        eventually(lambda: page.locator("#needs").is_visible(), "the page saying what it needs", timeout=15)
        assert needs in page.locator("#needs").inner_text()
        page.unroute_all()
        page.goto("about:blank")  # the same address again would only be a move within the page
        page.goto(url)
        page.wait_for_selector("#lag-A", state="visible")
        assert page.locator("#needs").count() == 0  # a browser that runs it never sees it
        for path in ("/bracket", "/player"):
            page.goto(served.url + path)
            page.wait_for_selector("body.drawn")
            assert page.locator("#needs").count() == 0
    finally:
        context.close()


def test_the_bracket_is_whole_on_a_1080p_tv(browser: Any, served: Served) -> None:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(f"{served.url}/bracket")
        page.wait_for_selector("#bracket .match")
        size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert size == [1920, 1080]  # a TV cannot scroll: nothing below or beside the screen
        bottoms = page.evaluate(
            "[...document.querySelectorAll('#bracket .match')].map(m => m.getBoundingClientRect().bottom)"
        )
        assert max(bottoms) <= 1080  # 16 players' double elimination: every match on the screen
        zoom = float(page.evaluate("document.getElementById('bracket').style.zoom"))
        assert zoom >= 2 / 3  # names still readable from the hall
    finally:
        context.close()
