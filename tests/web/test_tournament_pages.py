"""The tournament on the board's site, in real headless Chromium: the bracket (both sides, finals,
the hot seat named), the tables and the queue, following results without a reload; the player's
page (`/player?name=...`) with their next match and table; names never read as markup."""

from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee_app.event.published import board_view
from referee_app.i18n import english
from referee_app.tournament.events import Created, Drawn, EntriesAdded, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.model import Status as TournamentStatus
from referee_app.tournament.show import standings, standings_view
from referee_app.tournament.show import view as tournament_view
from referee_app.tournament.state import State, apply, replay
from referee_app.web.server import BOARD, OVERLAY, TOURNAMENT, WebServer
from tests.tournament.play import winning
from tests.waiting import eventually

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # each test drives the machine's Chromium

HOSTILE = '<img src=x onerror="window.__pwned=1">Zoé & <b>Co</b>'


def tournament(players: int = 16, names: list[str] | None = None) -> State:
    names = names or [f"Player {i:02d}" for i in range(1, players + 1)]
    return replay(
        [
            Created("Open de Lyon", Options(Format.DE)),
            EntriesAdded(tuple(Entry(n, rating=700 - i) for i, n in enumerate(names))),
            Drawn(1),
            TablesSet((1, 2, 3)),
        ]
    )


def publish(server: WebServer, state: State) -> dict[str, Any]:
    view = board_view(
        tournament_view(state.tournament, "t"), standings_view(state.tournament), {"en": english}
    ).to_json()
    server.feed.publish_tournament(view)
    return view


@pytest.fixture
def server() -> Iterator[WebServer]:
    running = WebServer((BOARD, TOURNAMENT), port=0).start()
    yield running
    running.stop()


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    yield context.new_page()
    context.close()


def test_tournament_json_is_served_on_the_board_site_only(server: WebServer) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", "/tournament.json")
    assert json.loads(conn.getresponse().read()) is None  # nothing published yet
    overlay = WebServer((OVERLAY,), port=0).start()
    try:
        other = http.client.HTTPConnection("127.0.0.1", overlay.port, timeout=5)
        for path in ("/tournament.json", "/bracket", "/player"):
            other.request("GET", path)
            response = other.getresponse()
            response.read()
            assert response.status == 404, path  # a desk's overlay site serves no tournament
    finally:
        overlay.stop()


def test_the_bracket_page_draws_both_sides_the_tables_and_the_queue_and_follows_results(
    server: WebServer, page: Page, tmp_path: Path
) -> None:
    state = tournament(16)
    view = publish(server, state)
    page.goto(server.url("bracket"))
    expect(page.locator("h1#name")).to_have_text("Open de Lyon")
    bands = page.locator(".band")
    expect(bands).to_have_text(["Winners' side", "Losers' side"])
    expect(page.locator("#match-W4-1 .label")).to_contain_text("W4-1 · Hot seat")
    expect(page.locator("#match-L6-1 .label")).to_contain_text("Losers' final")
    expect(page.locator("#match-F1 .label")).to_contain_text("F1 · Final")
    assert page.locator(".match").count() == len(view["show"]["matches"])
    shown = view["show"]
    playing = {m["table"]: m for m in shown["matches"] if m["status"] == "playing"}
    for number in (1, 2, 3):
        card = page.locator(f'.tablecard[data-table="{number}"]')
        expect(card.locator(".players")).to_have_text(f"{playing[number]['a']} – {playing[number]['b']}")
    expect(page.locator("#queue li")).to_have_count(len(shown["queue"]))
    assert [page.locator("#queue li").nth(i).get_attribute("data-match") for i in range(5)] == shown["queue"][:5]
    # the winners' side above the losers', the final to the right of both
    w, lo, f = (page.locator(f"#match-{m}").bounding_box() for m in ("W1-1", "L1-1", "F1"))
    assert w and lo and f and w["y"] < lo["y"] and f["x"] > lo["x"]

    page.evaluate("window.sameDocument = true")
    first = next(m for m in shown["matches"] if m["table"] == 1)
    state = apply(state, winning(state.tournament, first["id"], True, 3))
    publish(server, state)
    expect(page.locator(f"#match-{first['id']} .seat.won .who")).to_have_text(first["a"])
    expect(page.locator(f"#match-{first['id']} .racks").first).to_have_text("7")
    assert page.evaluate("window.sameDocument") is True
    page.screenshot(path=str(tmp_path / "bracket.png"), full_page=False)
    if shot := os.environ.get("REFEREE_SHOTS"):
        page.screenshot(path=str(Path(shot) / "bracket-page.png"))


def next_event(stream: http.client.HTTPResponse) -> tuple[str, Any]:
    """The next event of a live stream: its name and its data."""
    name = ""
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line.removeprefix("event: ")
        elif line.startswith("data: ") and name:
            return name, json.loads(line.removeprefix("data: "))


def test_racks_published_alone_reach_the_open_bracket_and_the_json_in_a_few_bytes(
    server: WebServer, page: Page
) -> None:
    state = tournament(16)
    view = publish(server, state)
    playing = next(m for m in view["show"]["matches"] if m["status"] == "playing")
    page.goto(server.url("bracket"))
    expect(page.locator(f"#match-{playing['id']}")).to_be_visible()
    page.evaluate("window.sameDocument = true")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", "/events", headers={"Accept": "text/event-stream"})
    stream = conn.getresponse()
    while next_event(stream)[0] != "tournament":  # the board's state and clock first, then the tournament
        pass
    server.feed.publish_live({playing["id"]: [2, 1]})  # a rack scored at a phone table, nothing else
    racks = page.locator(f"#match-{playing['id']} .racks.live")
    expect(racks).to_have_text(["2", "1"])
    assert page.evaluate("window.sameDocument") is True
    assert next_event(stream) == ("live", {playing["id"]: [2, 1]})  # not the whole tournament again
    conn.close()
    other = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    other.request("GET", "/tournament.json")
    document = json.loads(other.getresponse().read())
    assert document["live"] == {playing["id"]: [2, 1]} and document["show"] == view["show"]  # a polling page too
    publish(server, state)  # the tournament again (a match started elsewhere): its own racks go with it
    other.request("GET", "/tournament.json")
    assert json.loads(other.getresponse().read())["live"] == {playing["id"]: [2, 1]}


def test_a_player_finds_their_next_match_and_table(server: WebServer, page: Page) -> None:
    state = tournament(16)
    view = publish(server, state)
    shown = view["show"]
    on_table = next(m for m in shown["matches"] if m["status"] == "playing")
    queued = next(m for m in shown["matches"] if m["id"] == shown["queue"][1])
    page.goto(server.url("player") + "?name=" + on_table["a"].lower().replace(" ", "+"))
    card = page.locator(".player")
    expect(card).to_have_count(1)
    expect(card.locator(".when")).to_have_text(f"Playing now on table {on_table['table']}")
    expect(card.locator(".what")).to_contain_text(f"against {on_table['b']}")

    page.fill("#who", queued["b"])
    page.click("#go")
    expect(page.locator(".player .when")).to_have_text("Next match: waiting for a table (1 in the queue before it)")
    expect(page.locator(".player .what")).to_contain_text(f"{queued['id']} · Winners' round 1")
    page.click(".player a.see")
    expect(page.locator(f"#match-{queued['id']}")).to_have_class("match mine")

    page.goto(server.url("player") + "?name=Player")  # a part of a name: everyone it fits
    expect(page.locator(".player")).to_have_count(16)
    page.goto(server.url("player") + "?name=Nobody")
    expect(page.locator(".message")).to_have_text("No player's name contains “Nobody”.")
    page.goto(server.url("player") + "?name=" + on_table["a"].replace(" ", "+"))
    if shot := os.environ.get("REFEREE_SHOTS"):
        page.set_viewport_size({"width": 420, "height": 700})
        page.screenshot(path=str(Path(shot) / "player-page.png"))


def test_a_player_out_of_the_tournament_sees_their_place(server: WebServer, page: Page) -> None:
    state = tournament(4)
    loser = "Player 04"
    while loser not in {n for p in standings(state.tournament)["places"] for n in p["names"]}:
        t = state.tournament
        match = next(m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING))
        state = apply(state, winning(t, match, t.slots[match].b == loser, 2))  # Player 04 loses, others: a wins
    publish(server, state)
    page.goto(server.url("player") + "?name=Player 04")
    expect(page.locator(".player .when")).to_have_text("Out: place 4")


def test_names_are_text_never_markup(server: WebServer, page: Page) -> None:
    state = tournament(names=[HOSTILE, "Ana Lopez", "Ben Novak", "Carl Ito"])
    publish(server, state)
    page.goto(server.url("player") + "?name=" + "<img src=x onerror=window.__pwned=2>")
    expect(page.locator(".message")).to_contain_text("<img src=x onerror=window.__pwned=2>")
    page.goto(server.url("player") + "?name=zo%C3%A9")
    expect(page.locator(".player .who")).to_have_text(HOSTILE)
    page.goto(server.url("bracket"))
    expect(page.locator(".match .who", has_text="Zoé").first).to_have_text(HOSTILE)
    assert page.locator("#bracket img, #answer img, #tables img").count() == 0
    assert page.evaluate("window.__pwned") is None


def test_a_players_name_is_found_whatever_its_accents_and_case(server: WebServer, page: Page) -> None:
    publish(server, tournament(names=["Éva Martin", "Ana López", "Jürgen Strauß", "Carl Ito"]))
    typings = [("eva", "Éva Martin"), ("EVA MARTIN", "Éva Martin"), ("lopez", "Ana López"), ("ANA LÓPEZ", "Ana López"),
               ("strauss", "Jürgen Strauß"), ("jurgen", "Jürgen Strauß")]  # fmt: skip
    for typed, found in typings:
        page.goto(server.url("player") + "?lang=fr&name=" + typed.replace(" ", "+"))
        expect(page.locator(".player .who")).to_have_text([found])
    page.goto(server.url("player") + "?name=Ève")  # an accent typed where the name has none still must fit
    expect(page.locator(".message")).to_have_text("No player's name contains “Ève”.")
    page.fill("#who", "éVa")
    page.click("#go")
    expect(page.locator(".player .who")).to_have_text(["Éva Martin"])


SEEN_TITLES = """
window.__titles = [];
new MutationObserver(() => {
  const h1 = document.getElementById("name");
  const text = h1 ? h1.textContent : "";
  if (h1 && window.__titles[window.__titles.length - 1] !== text) window.__titles.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""Every text the page's title ever showed, in order (installed before the page's own script)."""


def test_before_the_first_state_the_pages_say_loading_never_no_tournament(browser: Any) -> None:
    from referee_desk.i18n import translator_for  # the catalogue, as the board command hands it in

    board = WebServer((BOARD, TOURNAMENT), port=0, words=translator_for).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))  # a script that throws on "no tournament"
        page.add_init_script(SEEN_TITLES)
        page.goto(board.url("player") + "?lang=fr")  # nothing published: said, and the form has its words
        expect(page.locator("h1#name")).to_have_text("Aucun tournoi n’est publié sur ce tableau pour l’instant.")
        expect(page.locator("#go")).to_have_text("Chercher")
        expect(page.locator("#who-label")).to_have_text("Votre nom")
        publish(board, tournament(4))
        eventually(lambda: board.feed.tournament_document() != b"null", "the tournament handed to the server's loop")
        for path in ("bracket", "player"):
            page.goto(board.url(path))  # it comes with the page: never "no tournament" on the way
            expect(page.locator("h1#name")).to_have_text("Open de Lyon")
            titles = page.evaluate("window.__titles")
            assert not any("No tournament" in t for t in titles), titles  # never said while the data comes
            assert titles[-1] == "Open de Lyon" and titles[0] in ("", "…", "Loading…"), titles
        assert errors == []
    finally:
        context.close()
        board.stop()


def test_on_a_phone_the_players_search_is_a_thumbs_target(server: WebServer, page: Page) -> None:
    """/player is opened on the players' phones: its field and button at least 48 px, on a 360-px screen."""
    publish(server, tournament(4))
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.url("player"))
    for part in ("#who", "#go"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["height"] >= 48 and box["width"] >= 48, (part, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (part, box)  # on the screen, no zoom


def test_the_finished_bracket_names_its_champion(server: WebServer, page: Page) -> None:
    state = tournament(4)
    while state.tournament.status is not TournamentStatus.FINISHED:
        t = state.tournament
        match = next(m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING))
        state = apply(state, winning(t, match, True, 2))
    champion = next(p["names"][0] for p in standings(state.tournament)["places"] if p["place"] == 1)
    publish(server, state)
    page.goto(server.url("bracket"))
    expect(page.locator("#status")).to_have_text(f"finished · Champion: {champion}")
    expect(page.locator("#status")).to_have_class("champion")
