"""The event board's web page in headless Chromium: it fills a venue TV, reads from across the room,
speaks the board's language, and never shows a desk "online" while the server cannot be reached."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee_app.web.server import BOARD, TOURNAMENT, WebServer

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # each test drives the machine's Chromium


def _match(match_id: str, a: str, b: str, **extra: Any) -> dict[str, Any]:
    return {
        "match_id": match_id, "players": {"A": a, "B": b}, "race_to": 5, "rules": "WPA", "score": {"A": 2, "B": 1},
        "rack": 4, "status": "playing", "at_table": "B", "fouls": {"A": 2, "B": 0}, "warning_due": ["A"],
        "winner": None, "event": "Open de Lyon 2026", "round": "Poule A", "last_at": "", "age_s": 65, "broken": "",
        **extra,
    }  # fmt: skip


def _view(server: str = "online", lang: str | None = None) -> dict[str, Any]:
    finished = {"match_id": "f", "players": {"A": "Marc Dubois", "B": "Sara Rossi"}, "score": {"A": 3, "B": 0}}
    view: dict[str, Any] = {
        "version": 7,
        "server": server,
        "tables": [
            {"table": "1", "online": True, "match": _match("m1", "Léa Girard", "Tom Weber"), "finished": [],
             "next": None, "conflicts": 0},
            {"table": "2", "online": True, "match": _match("m2", "Hugo Lambert", "Nina Schmidt"),
             "finished": [finished], "next": {"id": "n", "players": ["Julie Martin", "Hélène Lefèvre"],
                                              "race_to": 5, "rules": "wpa"}, "conflicts": 0},
            {"table": "3", "online": False, "match": None, "finished": [], "next": None, "conflicts": 0},
        ],
    }  # fmt: skip
    if lang:
        view["lang"] = lang
    return view


@pytest.fixture
def board() -> Iterator[WebServer]:
    server = WebServer((BOARD, TOURNAMENT), port=0).start()
    yield server
    server.stop()


@pytest.fixture
def tv(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    yield context.new_page()
    context.close()


def _px(page: Page, selector: str) -> float:
    return float(page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def test_the_board_fills_a_1080p_tv_in_type_readable_at_three_metres(board: WebServer, tv: Page) -> None:
    board.feed.publish(_view())
    tv.goto(board.url("board"))
    cards = tv.locator("section.table")
    expect(cards).to_have_count(3)
    boxes = [cards.nth(i).bounding_box() for i in range(3)]
    assert all(box is not None for box in boxes)
    right = max(b["x"] + b["width"] for b in boxes if b)
    bottom = max(b["y"] + b["height"] for b in boxes if b)
    assert right > 1920 * 0.9 and bottom > 1080 * 0.9  # the whole screen, not a corner
    assert min(b["width"] for b in boxes if b) > 1920 * 0.4
    assert _px(tv, ".seat .name") >= 48  # the players, from across the room
    for small in (".info", ".finished", ".next", ".head", ".seat .chips"):
        assert _px(tv, small) >= 32, small
    names = tv.locator(".seat .name")
    for i in range(names.count()):  # no name cut short by its chips
        assert names.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth")


def test_the_board_in_french_from_the_address_or_from_the_board(tv: Page) -> None:
    from referee_desk.i18n import translator_for  # the catalogue, as the board command hands it in

    board = WebServer((BOARD, TOURNAMENT), port=0, words=translator_for).start()
    try:
        _french_board(board, tv)
    finally:
        board.stop()


def _french_board(board: WebServer, tv: Page) -> None:
    board.feed.publish(_view())
    tv.goto(board.url("board") + "?lang=fr")
    card = tv.locator('section.table[data-table="2"]')
    expect(card.locator(".finished")).to_have_text("terminé\u00a0: Marc Dubois 3–0 Sara Rossi")
    expect(card.locator(".next")).to_have_text("Prochain match\u00a0: Julie Martin – Hélène Lefèvre")
    expect(tv.locator('section.table[data-table="1"] .warn')).to_have_text("avertissement dû")
    assert tv.locator("html").get_attribute("lang") == "fr"

    board.feed.publish(_view(lang="fr"))  # the board window is in French: its page follows
    tv.goto(board.url("board"))
    expect(card.locator(".finished")).to_have_text("terminé\u00a0: Marc Dubois 3–0 Sara Rossi")
    tv.goto(board.url("board") + "?lang=en")  # unless the address says otherwise
    expect(card.locator(".finished")).to_have_text("finished: Marc Dubois 3–0 Sara Rossi")


def test_while_the_server_cannot_be_reached_no_desk_reads_online(board: WebServer, tv: Page) -> None:
    board.feed.publish(_view())
    tv.goto(board.url("board"))
    expect(tv.locator('section.table[data-table="3"] .desk-off')).to_have_text("desk offline")
    expect(tv.locator('section.table[data-table="1"] .desk-off')).to_have_count(0)
    board.feed.publish(_view(server="offline"))
    expect(tv.locator("#status")).to_have_text("the event server cannot be reached")
    for table in ("1", "2", "3"):
        card = tv.locator(f'section.table[data-table="{table}"]')
        expect(card.locator(".desk-off")).to_have_text("desk: not known")
        expect(card).to_have_class("table unknown")
    board.feed.publish(_view())
    expect(tv.locator('section.table[data-table="1"] .desk-off')).to_have_count(0)


def test_a_damaged_table_and_a_server_in_error_are_said_on_the_tv(board: WebServer, tv: Page) -> None:
    view = _view()
    view["tables"][1]["damaged"] = "m2: event 9 is not 10-ball"  # a row the board could not follow
    board.feed.publish(view)
    tv.goto(board.url("board"))
    card = tv.locator('section.table[data-table="2"]')
    expect(card.locator(".damaged")).to_have_text("to be checked")  # not the raw reason: the organizer has it
    expect(card).to_have_class("table damaged-table")
    assert _px(tv, ".damaged") >= 32  # read from across the room like the rest
    expect(tv.locator('section.table[data-table="1"] .damaged')).to_have_count(0)
    expect(tv.locator("#status")).to_have_text("")
    board.feed.publish({**view, "server": "error", "error": "permission denied for table heads"})
    expect(tv.locator("#status")).to_have_text("the board cannot read the event server: the organizer has been told")
    expect(card).to_have_class("table unknown damaged-table")
    expect(card.locator(".damaged")).to_have_text("to be checked")  # more than "desk: not known"
    expect(card.locator(".desk-off")).to_have_count(0)
    board.feed.publish(_view(server="offline"))
    expect(tv.locator("#status")).to_have_text("the event server cannot be reached")
    expect(card.locator(".damaged")).to_have_count(0)


def test_a_phone_table_says_its_players_score_it_not_that_a_desk_is_offline(tv: Page) -> None:
    from referee_desk.i18n import translator_for

    view = _view()
    view["tables"].append({"table": "4", "online": False, "phones": True, "conflicts": 0, "finished": [],
                           "next": None, "match": _match("m4", "Ana Lopez", "Ben Novak", scoring="racks")})  # fmt: skip
    board = WebServer((BOARD, TOURNAMENT), port=0, words=translator_for).start()
    try:
        board.feed.publish(view)
        tv.goto(board.url("board"))
        card = tv.locator('section.table[data-table="4"]')
        expect(card.locator(".phones")).to_have_text("scored on the players' phones")
        expect(card.locator(".desk-off")).to_have_count(0)
        expect(card).to_have_class("table")  # not drawn as an offline desk's
        expect(card.locator(".seat")).to_have_count(2)
        expect(tv.locator('section.table[data-table="3"] .desk-off')).to_have_text("desk offline")
        tv.goto(board.url("board") + "?lang=fr")
        expect(card.locator(".phones")).to_have_text("comptée sur les téléphones des joueurs")
    finally:
        board.stop()


def test_finished_lines_never_overlap_and_a_phone_tables_finished_match_leaves_the_table(
    board: WebServer, tv: Page
) -> None:
    view = _view()
    done = [{"match_id": f"f{i}", "players": {"A": f"Player {i}", "B": f"Other {i}"}, "score": {"A": 4, "B": i}}
            for i in range(3)]  # fmt: skip
    view["tables"][0]["finished"] = done
    over = _match("m4", "Player 2", "Other 2", status="finished", scoring="racks")
    view["tables"].append({"table": "4", "online": False, "phones": True, "conflicts": 0, "next": None,
                           "finished": [{**done[2], "match_id": "m4"}], "match": over})  # fmt: skip
    board.feed.publish(view)
    tv.goto(board.url("board"))
    desk = tv.locator('section.table[data-table="1"]')
    expect(desk.locator(".finished")).to_have_text(["finished: Player 2 4–2 Other 2"])  # the latest, under the match
    lines = desk.locator(".finished").evaluate_all("els => els.map(e => e.getBoundingClientRect())")
    card = desk.evaluate("e => e.getBoundingClientRect()")
    for line in lines:
        assert line["height"] >= 0.9 * _px(tv, '[data-table="1"] .finished')  # never squeezed under another
        assert line["bottom"] <= card["bottom"]  # inside its card
    phone = tv.locator('section.table[data-table="4"]')
    expect(phone.locator(".free")).to_have_count(1)  # the tournament moved on: the table is free
    expect(phone.locator(".seat")).to_have_count(0)
    expect(phone.locator(".finished")).to_have_text(["finished: Player 2 4–2 Other 2"])
