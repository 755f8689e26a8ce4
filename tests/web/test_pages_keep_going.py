"""The pages keep going in real headless Chromium: past the server's last live stream, the
bracket, the players' page and the board read the JSON and follow it (never "Loading…" for
good); and a state the feed cannot send is logged while the pages keep their last one."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from referee_app.web.overlay import snapshot
from referee_app.web.server import BOARD, MAX_STREAMS, MAX_STREAMS_PER_ADDRESS, OVERLAY, TOURNAMENT, WebServer
from tests.builders import ev, history, started
from tests.tournament.play import winning
from tests.web.test_board_page import _view
from tests.web.test_tournament_pages import publish, tournament

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from tests.waiting import NotYet, eventually

pytestmark = pytest.mark.slow  # each test drives the machine's Chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    yield context.new_page()
    context.close()


@pytest.fixture
def full() -> Iterator[WebServer]:
    """A board following a tournament whose every live stream is taken (by other addresses)."""
    server = WebServer((BOARD, TOURNAMENT), port=0).start()
    hogs = []
    try:
        for n in range(MAX_STREAMS):
            source = (f"127.0.0.{2 + n // MAX_STREAMS_PER_ADDRESS}", 0)
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=source)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            hogs.append(sock)
        eventually(lambda: server.streams() == MAX_STREAMS or NotYet(server.streams()), "every stream open", 10)
        yield server
    finally:
        for sock in hogs:
            sock.close()
        server.stop()


def test_past_the_last_stream_the_bracket_and_the_players_page_read_the_json_and_follow_it(
    full: WebServer, page: Page
) -> None:
    refused = []
    page.on("response", lambda response: refused.append(response.url) if response.status == 503 else None)
    state = tournament(16)
    shown = publish(full, state)["show"]
    page.goto(full.url("bracket"))
    expect(page.locator("h1#name")).to_have_text("Open de Lyon")  # not "Loading…"
    first = next(m for m in shown["matches"] if m["table"] == 1)
    state = apply_result(state, first["id"])
    publish(full, state)
    expect(page.locator(f"#match-{first['id']} .seat.won .who")).to_have_text(first["a"], timeout=10_000)
    assert any(url.endswith("/events") for url in refused)  # it did ask for a stream, and was refused
    assert full.streams() == MAX_STREAMS
    page.goto(full.url("player") + "?name=" + first["b"])
    expect(page.locator("h1#name")).to_have_text("Open de Lyon")


def test_past_the_last_stream_the_board_reads_the_json_and_follows_it(full: WebServer, page: Page) -> None:
    full.feed.publish(_view())
    page.goto(full.url("board"))
    expect(page.locator('section.table[data-table="3"] .desk-off')).to_have_text("desk offline")
    full.feed.publish(_view(server="offline"))
    expect(page.locator("#status")).to_have_text("the event server cannot be reached", timeout=10_000)


def apply_result(state: Any, match_id: str) -> Any:
    from referee_app.tournament.state import apply

    return apply(state, winning(state.tournament, match_id, True, 3))


def test_a_state_that_cannot_be_sent_is_logged_and_the_overlay_keeps_its_last_one(
    page: Page, caplog: pytest.LogCaptureFixture
) -> None:
    server = WebServer((OVERLAY,), port=0).start()
    try:
        objs = [started(), ev("lag", winner="A")]
        server.feed.publish(snapshot("m", history(*objs)))
        page.goto(server.url("table"))
        expect(page.locator("#seat-A .name")).to_have_text("Ana")
        with caplog.at_level("ERROR", logger="referee_app.web"):
            server.feed.publish(dict(snapshot("m", history(*objs)), players={"A": object(), "B": "Ben"}))
            eventually(lambda: caplog.records, "the failure logged")
        assert caplog.records and caplog.records[0].exc_info, "the failure was not logged"
        expect(page.locator("#seat-A .name")).to_have_text("Ana")  # the last state stays
        expect(page.locator("#status")).to_have_text("")  # and the page is not "reconnecting"
        renamed = snapshot("m", history(dict(started(), players={"A": "Zoé", "B": "Ben"}), ev("lag", winner="A")))
        server.feed.publish(renamed)
        expect(page.locator("#seat-A .name")).to_have_text("Zoé")  # the next good state still arrives
    finally:
        server.stop()
