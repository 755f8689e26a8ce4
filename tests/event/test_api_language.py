"""The phone API's words in the phone's language (phone.md §2: the phone's language first): a
refusal or an error is in the first language of the request's `Accept-Language` the pages offer,
else in the server's, through every server that serves the phone tables: `tournament serve` (a
real process), the tournament window's players' pages and `referee-app board --tournament`."""

from __future__ import annotations

import http.client
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.venue.server import Cluster
from referee_app.web.phone_http import asked_languages
from tests.event.organizer import organizer
from tests.event.taps import tap_body
from tests.event.test_phone_api import venue  # noqa: F401 - the fixture (Club night, tables 1-2 the phones')
from tests.event.test_serve import Served, served  # noqa: F401 - the fixture
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster and the machine's Chromium

FRENCH = "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"
"""What a French phone's Chromium sends."""
NO_KEY_FR = "la clé de ce lien n’ouvre pas cette table\u00a0: scannez de nouveau la carte de la table"
NO_KEY_EN = "this link's key does not open this table: scan the table's card again"
TOO_BIG_FR = "la requête est trop grande (16 Kio au plus)"


def ask(
    port: int, method: str, path: str, key: str | None, language: str | None, body: bytes | None = None
) -> tuple[int, dict[str, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        if language is not None:
            headers["Accept-Language"] = language
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def tap(port: int, key: str, table: int, event: dict[str, Any], after: int, tap_id: str) -> bytes:
    """A tap made on the match on the table now (asked first)."""
    match_id = ask(port, "GET", f"/api/score/{table}", key, None)[1]["match_id"]
    return tap_body(tap_id, match_id, after, event)


def test_the_accept_language_header_read_most_wanted_first() -> None:
    assert asked_languages(FRENCH) == ("fr", "en")
    assert asked_languages("de-DE, en;q=0.5, fr;q=0.8") == ("de", "fr", "en")
    assert asked_languages("en;q=0, fr") == ("fr",)  # q=0: not wanted
    assert asked_languages("*, x-klingon, 12, fr-CA;q=0.3") == ("fr",)  # malformed and "*" left out
    assert asked_languages(None) == asked_languages("") == ()


def test_tournament_serve_answers_a_french_phone_in_french_and_the_others_in_english(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
) -> None:
    _, _, keys = venue
    port = served.port
    # 401 (a wrong key), 404 (no such phone table), 400 (not JSON), 413 (too large), 422 (the rules)
    assert ask(port, "GET", "/api/score/1", "WRONG", FRENCH) == (401, {"error": NO_KEY_FR})
    assert ask(port, "GET", "/api/score/1", "WRONG", "de-DE, fr;q=0.5") == (401, {"error": NO_KEY_FR})
    for english in (None, "en-GB", "de-DE", "fr;q=0, en"):  # none asked, English, one we lack, French refused
        assert ask(port, "GET", "/api/score/1", "WRONG", english) == (401, {"error": NO_KEY_EN})
    assert ask(port, "GET", "/api/score/3", keys[1], FRENCH) == (
        404,
        {"error": "il n’y a pas de table 3 marquée sur les téléphones"},
    )
    assert ask(port, "GET", "/api/score/x1", keys[1], FRENCH)[1]["error"].startswith("il n’y a pas de table x1")
    assert ask(port, "POST", "/api/score/1", keys[1], FRENCH, b"{not json") == (
        400,
        {"error": "la requête n’est pas du JSON"},
    )
    big = b"{" + b" " * (16 * 1024) + b"}"
    assert ask(port, "POST", "/api/score/1", keys[1], FRENCH, big) == (413, {"error": TOO_BIG_FR})
    rack = {"type": "rack", "winner": "A"}
    status, french = ask(port, "POST", "/api/score/1", keys[1], FRENCH, tap(port, keys[1], 1, rack, 1, "r1"))
    status_en, english = ask(port, "POST", "/api/score/1", keys[1], "en", tap(port, keys[1], 1, rack, 1, "r1"))
    assert status == status_en == 422  # nothing recorded either time: the same table, its round in each language
    assert (french["table"].pop("round"), english["table"].pop("round")) == ("Demi-finale", "Semi-final")
    assert french["table"] == english["table"]
    assert ask(port, "GET", "/api/score/1", keys[1], FRENCH)[1]["round"] == "Demi-finale"
    assert ask(port, "GET", "/api/score/1", keys[1], None)[1]["round"] == "Semi-final"  # the log's words
    assert french["refused"] == "Le tirage à la bande n’est pas encore joué\u00a0: enregistrez-le d’abord."
    assert english["refused"] == "The lag has not been decided yet: record the lag first."
    dispute = json.dumps({"id": "d1", "after": 1, "player": "A"}).encode()
    status, refused = ask(port, "POST", "/api/score/1/dispute", keys[1], FRENCH, dispute)
    assert (
        status == 422
        and refused["refused"] == "le match n’est pas fini\u00a0: il n’y a pas encore de résultat à contester"
    )


def test_the_windows_players_pages_answer_in_the_phones_language(
    qtbot: Any,
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
) -> None:
    """The tournament window's site (`TournamentSite`), as the window starts it: a French phone is
    answered in French, the others in the window's language (English here)."""
    from referee_desk.tournament.web import TournamentSite

    from referee_app.event.follow import HeldTournament

    db, tid, keys = venue
    site = TournamentSite(0)
    held = HeldTournament.open(db, tid).start()  # the window's tournament, as the window holds it
    try:
        none = ask(site.server.port, "GET", "/api/score/1", "WRONG", FRENCH)  # no tournament's phones served yet
        assert none == (404, {"error": "il n’y a pas de table 1 marquée sur les téléphones"})
        assert site.serve_phones(held) == ""
        port = site.server.port
        assert ask(port, "GET", "/api/score/1", "WRONG", FRENCH) == (401, {"error": NO_KEY_FR})
        assert ask(port, "GET", "/api/score/1", "WRONG", None) == (401, {"error": NO_KEY_EN})
        status, french = ask(
            port, "POST", "/api/score/1", keys[1], "fr", tap(port, keys[1], 1, {"type": "rack", "winner": "B"}, 1, "w")
        )
        assert (
            status == 422
            and french["refused"] == "Le tirage à la bande n’est pas encore joué\u00a0: enregistrez-le d’abord."
        )
    finally:
        site.stop()
        held.stop()


def test_the_board_following_a_tournament_answers_in_the_phones_language(event_server: Cluster, tmp_path: Path) -> None:
    """`board --tournament` in French: an English phone gets English, a phone asking for a language
    the pages lack gets the board's own (French)."""
    from referee_desk.i18n import translator_for

    from referee_app.event.board_run import Board, BoardOptions

    db, _, keys = organizer(tmp_path, "1-3", "2", seed=11, name="Open de Lyon")
    options = BoardOptions(event_server.folder, web=0, tournament="Open de Lyon", db=db, words=translator_for)
    board = Board.open(options, out=None)
    try:
        board.follow("fr", lambda work, error: None)
        assert board.server is not None
        port = board.server.port
        assert ask(port, "GET", "/api/score/2", "WRONG", "en-US,en;q=0.9") == (401, {"error": NO_KEY_EN})
        assert ask(port, "GET", "/api/score/2", "WRONG", "de-DE") == (401, {"error": NO_KEY_FR})
        assert ask(port, "GET", "/api/score/2", "WRONG", FRENCH) == (401, {"error": NO_KEY_FR})
        eventually(
            lambda: ask(port, "GET", "/api/score/2", keys[2], None)[1].get("version") == 1,
            "the table's match started",
            10,
            every=0.1,
        )
        status, refused = ask(
            port,
            "POST",
            "/api/score/2",
            keys[2],
            FRENCH,
            tap(port, keys[2], 2, {"type": "sign", "player": "A"}, 1, "s"),
        )
        status_en, english = ask(
            port, "POST", "/api/score/2", keys[2], "en", tap(port, keys[2], 2, {"type": "sign", "player": "A"}, 1, "s")
        )
        assert status == status_en == 422 and refused["refused"] != english["refused"]
        assert refused["table"]["version"] == english["table"]["version"] == 1  # nothing recorded
    finally:
        board.close()


@pytest.mark.parametrize(
    ("locale", "lang", "said"),
    [("fr-FR", "", "Refusé\u00a0: "), ("en-GB", "", "Refused: "), ("en-GB", "?lang=fr", "Refusé\u00a0: ")],
)
def test_the_page_shows_the_laptops_refusal_in_the_phones_language(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    browser: Any,
    locale: str,
    lang: str,
    said: str,
) -> None:
    """Off the Wi-Fi, a player taps one rack too many (race to 2): back on it, the laptop records
    the two and refuses the third, and the page says why in its own language (the phone's, or the
    one its link asks for: the page sends it, whatever the browser's `Accept-Language`)."""
    from tests.event.test_score_page import PHONE, events_of, open_table

    db, _, keys = venue
    context = browser.new_context(locale=locale, **PHONE)
    try:
        page = open_table(context, served, 1, keys[1], lang)
        table = served.get(1, keys[1])[1]
        page.locator("#lag button").first.tap()
        page.locator("#play").wait_for()
        context.set_offline(True)
        page.locator("#rack-A").tap()  # three different racks (the same tap again would count once)
        page.locator("#more summary").tap()
        page.locator("#fouls-B").tap()  # B's three fouls: A's second rack, the race won
        page.locator("#rack-B").tap()
        expect(page.locator("#pending")).to_contain_text("3")
        context.set_offline(False)
        refusal = page.locator("#message")
        expect(refusal).to_have_text(re.compile("^" + re.escape(said)), timeout=5000)
        english = ask(
            served.port,
            "POST",
            "/api/score/1",
            keys[1],
            "en",
            tap(served.port, keys[1], 1, {"type": "rack", "winner": "A"}, 4, "x"),
        )
        french = ask(
            served.port,
            "POST",
            "/api/score/1",
            keys[1],
            "fr",
            tap(served.port, keys[1], 1, {"type": "rack", "winner": "A"}, 4, "x"),
        )
        assert english[0] == french[0] == 422 and english[1]["refused"] != french[1]["refused"]
        expected = english if said.startswith("Refused") else french
        expect(refusal).to_have_text(said + expected[1]["refused"])
        assert events_of(db, table["match_id"]).count("rack") == 2  # the two recorded, the third not
        assert served.get(1, keys[1])[1]["state"]["score"]["A"] == 2
    finally:
        context.close()


def test_a_french_tournament_serve_answers_in_french_a_phone_asking_for_no_language_of_the_pages(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server's language (the organizer's environment) when the request asks for none the pages
    offer; an English phone is still answered in English."""
    db, tid, _ = venue
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    server = Served(db, tid)
    try:
        for none in (None, "de-DE,de;q=0.9"):
            assert ask(server.port, "GET", "/api/score/1", "WRONG", none) == (401, {"error": NO_KEY_FR})
        assert ask(server.port, "GET", "/api/score/1", "WRONG", "en-GB") == (401, {"error": NO_KEY_EN})
    finally:
        assert server.stop() == 0
