"""The board following a tournament (`board --tournament`, a real event server) calls the organizer
to a result disputed on the phones: "Table 1: result disputed" in the board window and on its
web page (real headless Chromium) within a second of the phone's "I don't agree", and gone once
the organizer settles it. The dispute is written by the phones' API, another writer than the board."""

from __future__ import annotations

import argparse
import json
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import phone_results
from referee_app.event.follow import LogFollower
from referee_app.event.phone_api import PhoneTables
from referee_app.event.published import board_view
from referee_app.log.store import Store
from referee_app.tournament.show import standings_view, view
from referee_app.venue.server import Cluster
from tests.conftest import free_port
from tests.gui.tournament.test_board import language, page  # noqa: F401 - the fixtures
from tests.gui.tournament.test_disputes import HERE, Clock, finish, phones  # noqa: F401 - the fixture

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from tests.waiting import eventually

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster and the machine's Chromium


def test_the_boards_tournament_view_carries_the_disputes_by_table(
    phones: tuple[Path, PhoneTables, dict[int, str]],  # noqa: F811
) -> None:
    _, api, keys = phones
    body = finish(api, keys[2], 2, "A")
    answer = api.dispute(2, f"Bearer {keys[2]}", HERE, json.dumps({"id": "d", "after": body["version"],
                                                                   "player": "B"}).encode())  # fmt: skip
    assert answer.status == 200
    t = api.state().tournament
    shown = board_view(view(t, "t"), standings_view(t), {"en": lambda _c, text: text}, t)
    assert shown.disputes == ((2, body["match"], (body["players"]["B"],)),)
    fed = shown.to_json()
    assert fed["disputes"] == [{"table": 2, "match": body["match"], "players": [body["players"]["B"]]}]
    assert fed["words"]["en"]["disputed"] == "Table {n}: result disputed"
    assert "disputes" not in fed["show"]  # show --json (tournament.md 1.1) keeps its keys


def test_the_follower_hands_on_a_write_from_another_program_within_a_second(
    phones: tuple[Path, PhoneTables, dict[int, str]],  # noqa: F811
) -> None:
    db, api, keys = phones
    seen: list[tuple[float, Any]] = []
    watch = LogFollower(db, "Club night")  # a process that only reads: the tournament of its own
    watch.subscribe(lambda state, elsewhere: seen.append((time.monotonic(), state)))
    watch.start()
    try:
        eventually(lambda: seen, "the tournament as it stands handed on at once", 2)
        body = finish(api, keys[1], 1, "A")
        api.dispute(1, f"Bearer {keys[1]}", HERE, json.dumps({"id": "d", "after": body["version"],
                                                              "player": "B"}).encode())  # fmt: skip
        said = time.monotonic()
        eventually(lambda: seen[-1][1].tournament.disputes, "the dispute handed on", 2)
        assert seen[-1][0] - said < 1.0
    finally:
        watch.stop()


def test_the_board_window_and_its_web_page_show_a_dispute_at_once_and_drop_it_once_settled(
    qtbot: Any,
    event_server: Cluster,
    phones: tuple[Path, PhoneTables, dict[int, str]],  # noqa: F811
    page: Page,  # noqa: F811
    language: list[str],  # noqa: F811
) -> None:
    from referee_desk.i18n import translator_for
    from referee_desk.venue.board_window import open_board

    db, api, keys = phones
    args = argparse.Namespace(
        server=event_server.folder, tournament="Club night", db=db, web=free_port(), lan=False,
        no_window=False, lang="en", words=translator_for,
    )  # fmt: skip
    board = open_board(args)
    window = board.window
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.tournament_page is not None, timeout=5000)
        banner = window.disputes
        assert not banner.isVisible()
        assert board.server is not None
        page.goto(board.server.url("board"))
        alert = page.locator("#disputes")
        expect(alert).to_be_hidden()
        body = finish(api, keys[1], 1, "A")
        b = body["players"]["B"]
        answer = api.dispute(1, f"Bearer {keys[1]}", HERE, json.dumps({"id": "d", "after": body["version"],
                                                                       "player": "B"}).encode())  # fmt: skip
        assert answer.status == 200
        said = time.monotonic()
        qtbot.waitUntil(banner.isVisible, timeout=1000)
        assert time.monotonic() - said < 1.0
        assert banner.text() == f"Table 1: result disputed ({body['match']}: {b} does not agree)"
        expect(alert).to_have_text(f"Table 1: result disputed ({body['match']}: {b} does not agree)", timeout=1000)
        with closing(Store(db)) as store:
            phone_results.accept(store, "Club night", body["match"])  # the organizer settles it
        qtbot.waitUntil(lambda: not banner.isVisible(), timeout=1000)
        expect(alert).to_be_hidden(timeout=1000)
    finally:
        board.close()


def test_a_board_page_with_no_live_stream_left_shows_the_dispute_from_its_poll(
    phones: tuple[Path, PhoneTables, dict[int, str]],  # noqa: F811
    browser: Any,
) -> None:
    from referee_app.i18n import english
    from referee_app.web.server import BOARD, TOURNAMENT, WebServer

    _, api, keys = phones
    body = finish(api, keys[1], 1, "A")
    assert api.dispute(1, f"Bearer {keys[1]}", HERE, json.dumps({"id": "d", "after": body["version"],
                                                                 "player": "B"}).encode()).status == 200  # fmt: skip
    t = api.state().tournament
    server = WebServer((BOARD, TOURNAMENT), port=0).start()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        server.feed.publish({"version": 1, "server": "online", "tables": []})
        server.feed.publish_tournament(board_view(view(t, "t"), standings_view(t), {"en": english}, t).to_json())
        tv = context.new_page()
        tv.route("**/events", lambda route: route.fulfill(status=503, body="503 Service Unavailable\n"))  # all taken
        tv.goto(server.url("board"))
        line = f"Table 1: result disputed ({body['match']}: {body['players']['B']} does not agree)"
        expect(tv.locator("#disputes")).to_have_text(line, timeout=5000)
        assert tv.evaluate("streaming") is False  # it came from the poll, not from a stream
    finally:
        context.close()
        server.stop()
