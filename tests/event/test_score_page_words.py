"""The phone page's words and what it says after the match (phone.md §2), in the machine's Chromium
through a real `tournament serve` (`referee_desk.main`, as installed: the words from the Qt catalogue).
The call on the players' page is the tournament's own now (`called_at`): tests/web/test_call_pages.py."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.web.words import PHONE
from tests.event.test_score_page import PHONE as PHONE_SCREEN
from tests.event.test_score_page import confirmed, events_of, open_table, served  # noqa: F401 - the fixture
from tests.event.test_serve import Served, venue  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # the machine's Chromium

ROOT = Path(__file__).resolve().parents[2]
PLAIN_HTTP = "Object.defineProperty(window, 'isSecureContext', { get: () => false });"
"""The page as a phone sees it over the venue's Wi-Fi (http://192.168.x.y): no Wake Lock there.
(127.0.0.1, which the tests reach, is a secure context to the browser.)"""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(locale: str, languages: tuple[str, ...] = ()) -> Any:
        made = browser.new_context(locale=locale, **PHONE_SCREEN)
        made.add_init_script(PLAIN_HTTP)
        if languages:  # the phone's languages in its order (Chromium's locale gives one)
            made.add_init_script(f"Object.defineProperty(navigator, 'languages', {{ get: () => {list(languages)} }});")
        contexts.append(made)
        return made

    yield make
    for made in contexts:
        made.close()


def play(server: Served, table: int, key: str, prefix: str, winner: str = "B", page: Any = None) -> None:
    """The match on `table` played to its end and signed by both, through the API (the other
    phone at the table); `page` sees the result before the last signature, as a phone left open does."""
    version = server.get(table, key)[1]["version"]
    loser = "A" if winner == "B" else "B"
    for n, event in enumerate(
        [
            {"type": "lag", "winner": winner},
            {"type": "rack", "winner": winner},
            {"type": "rack", "winner": winner},
            {"type": "sign", "player": winner},
            {"type": "sign", "player": loser},
        ]
    ):
        if page is not None and event["type"] == "sign" and event["player"] == loser:
            page.locator("#sign").wait_for(timeout=2500)
        status, body = server.tap(table, key, f"{prefix}{n}", version, event)
        assert status == 200, body
        version = body["version"]


def test_every_word_the_page_asks_for_is_in_the_catalogue() -> None:
    asked = set(re.findall(r"\bsay\(\"(\w+)\"", (ROOT / "referee_app" / "web" / "score.js").read_text()))
    assert asked and {f"p_{key}" for key in asked} <= set(PHONE)
    assert "WORDS = {" not in (ROOT / "referee_app" / "web" / "score.js").read_text()  # none of its own


def test_the_phone_words_are_served_beside_the_tournaments_without_a_clash() -> None:
    """The phone tables are served with the tournament's pages (one `/words.json`): their words are
    their own keys, in the language the server's catalogue gives, and `p_lang` names it."""
    import json
    import urllib.request

    from referee_app.web.phone_http import phone_site
    from referee_app.web.server import WebServer
    from referee_app.web.sites import TOURNAMENT
    from referee_app.web.words import BOARD, OVERLAY, words_for

    assert all(key.startswith("p_") for key in PHONE) and not set(PHONE) & (set(BOARD) | set(OVERLAY))
    french = {"en": "fr", "Who won the lag?": "Qui a gagné le tirage à la bande\u00a0?"}

    def words_of(*sites: Any) -> dict[str, str]:
        server = WebServer(
            sites, port=0, words=lambda lang: lambda _context, text: french.get(text, text) if lang == "fr" else text
        ).start()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/words.json?lang=fr") as answer:
                return dict(json.loads(answer.read()))
        finally:
            server.stop()

    phones = phone_site(None)  # type: ignore[arg-type]  (no request reaches the API here)
    shown = words_of(TOURNAMENT, phones)
    assert shown["p_lang"] == "fr" and shown["p_lag"] == "Qui a gagné le tirage à la bande\u00a0?"
    assert shown["t_find"] == BOARD["t_find"]  # the tournament's own words are all there too
    assert words_of(phones) == words_for("phone", lambda _context, text: french.get(text, text))  # alone: its own
    assert words_for("phone")["p_lang"] == "en"


def test_the_page_speaks_the_phones_language_from_the_catalogue(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    context: Any,
) -> None:
    _, _, keys = venue
    table = served.get(1, keys[1])[1]
    a = table["players"]["A"]
    # a German phone that reads French too: German is not in the catalogue, French is
    page = open_table(context("de-DE", ("de-DE", "fr-FR", "en")), served, 1, keys[1])
    page.get_by_text("Qui a gagné le tirage à la bande\u00a0?").wait_for()
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.get_by_role("button", name=f"{a} a gagné le tirage à la bande")).to_be_visible()
    expect(page.locator("#awake")).to_have_text(re.compile("^Pour garder l’écran allumé, réglez la mise en veille"))
    expect(page.locator("#contact")).to_have_text(re.compile("^dernier contact à "))
    # ?lang= chooses, whatever the phone's
    english = open_table(context("fr-FR"), served, 1, keys[1], lang="?lang=en")
    english.get_by_text("Who won the lag?").wait_for()
    expect(english.locator("#awake")).to_have_text(re.compile("^To keep this screen on, set your phone"))
    french = open_table(context("en-GB"), served, 1, keys[1], lang="?lang=fr")
    french.get_by_role("button", name=f"{a} a gagné le tirage à la bande").tap()
    expect(french.get_by_role("button", name=f"Manche pour {a}")).to_be_visible()
    french.get_by_text("Autres façons de gagner une manche").tap()
    expect(french.get_by_role("button", name="Manche nulle (rejouée)")).to_be_visible()  # the desk's words
    assert french.evaluate("document.documentElement.scrollWidth") <= 360
    expect(french.locator("#here button:visible")).to_have_count(
        0
    )  # "I'm here" goes with the lag (here.js, each second)
    targets = french.locator("button:visible, summary:visible")
    assert targets.count() >= 7  # two racks, the summary, four other ways (no 10 on the break in WPA), undo
    for n in range(targets.count()):
        box = targets.nth(n).bounding_box()
        assert box is not None and box["height"] >= 48 and box["width"] >= 48, targets.nth(n).inner_text()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    expect(english.get_by_role("button", name=f"Rack to {a}")).to_be_visible(timeout=2500)  # the other phone


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_after_both_sign_the_page_names_the_next_match_on_the_table(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    context: Any,
    locale: str,
) -> None:
    db, _, keys = venue
    french = locale == "fr-FR"
    play(served, 2, keys[2], "t2-")  # the other semi-final is over: the final waits for table 1
    page = open_table(context(locale), served, 1, keys[1])
    semi = served.get(1, keys[1])[1]
    a, b = semi["players"]["A"], semi["players"]["B"]
    page.get_by_role("button", name=f"{a} a gagné le tirage à la bande" if french else f"{a} won the lag").tap()
    rack = page.get_by_role("button", name=f"Manche pour {a}" if french else f"Rack to {a}")
    rack.tap()
    expect(page.locator("#player-A .racks")).to_have_text("1")
    confirmed(page)  # the same button again before then would be the same rack
    rack.tap()
    page.get_by_role("button", name=f"Signer\u00a0: {b}" if french else f"Sign: {b}").tap()
    page.get_by_text(f"{b} a signé" if french else f"{b} signed").wait_for()
    assert not page.locator("#done").is_visible()  # not before both have signed
    other = open_table(context(locale), served, 1, keys[1])  # A signs on A's own phone (phone.md 1.1)
    other.get_by_role("button", name=f"Signer\u00a0: {a}" if french else f"Sign: {a}").tap()
    expect(other.locator("#recorded")).to_be_visible()
    final = served.get(1, keys[1])[1]
    assert final["match"] == "F1" and final["version"] == 1
    c, d, round_name = final["players"]["A"], final["players"]["B"], final["round"]
    assert round_name == "Final"  # a request asking no language: the log's English words
    round_name = "Finale" if french else round_name  # the page asks in its language
    recorded = f"Le résultat est enregistré\u00a0: {a} gagne 2–0." if french else f"The result is in: {a} wins 2–0."
    following = (
        f"Prochain match sur cette table\u00a0: {c} – {d} ({round_name})"
        if french
        else f"Next on this table: {c} v {d} ({round_name})"
    )
    expect(page.locator("#recorded")).to_have_text(recorded)
    expect(page.locator("#next")).to_have_text(following)
    expect(page.locator("#player-A .name")).to_have_text(c)  # the next match is on the page, at its lag
    page.reload()  # still said after a reload
    expect(page.locator("#next")).to_have_text(following)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name=f"{c} a gagné le tirage à la bande" if french else f"{c} won the lag").tap()
    expect(page.locator("#done")).to_be_hidden()  # the next match is under way: its players need the room
    assert events_of(db, final["match_id"]) == ["match_started", "lag"]


def test_a_signed_match_with_nothing_next_says_so(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    context: Any,
) -> None:
    _, _, keys = venue
    page = open_table(context("en-GB"), served, 1, keys[1])
    semi = served.get(1, keys[1])[1]
    page.locator("#lag").wait_for()
    play(served, 1, keys[1], "t1-", winner="A", page=page)  # the final waits for the other semi-final
    expect(page.locator("#recorded")).to_have_text(f"The result is in: {semi['players']['A']} wins 2–0.")
    expect(page.locator("#next")).to_be_hidden()
    expect(page.locator("#board")).to_be_hidden()  # the match that left is not shown as if still on
    expect(page.locator("#empty")).to_have_text("No match on this table now: the next one comes here by itself.")


def test_a_phone_that_did_not_see_the_end_learns_the_result_from_the_bracket(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    context: Any,
) -> None:
    """Asleep or off the Wi-Fi while the other phone finished and both signed: back, the page says
    the result (the bracket's) and the match now on the table."""
    _, _, keys = venue
    play(served, 2, keys[2], "t2-")
    phone = context("fr-FR")
    page = open_table(phone, served, 1, keys[1])
    semi = served.get(1, keys[1])[1]
    page.locator("#lag").wait_for()
    phone.set_offline(True)
    play(served, 1, keys[1], "t1-", winner="B")
    final = served.get(1, keys[1])[1]
    phone.set_offline(False)
    b, c, d = semi["players"]["B"], final["players"]["A"], final["players"]["B"]
    recorded = f"Le résultat est enregistré\u00a0: {b} gagne 2–0."  # the winner's score first
    expect(page.locator("#recorded")).to_have_text(recorded)
    assert final["round"] == "Final"
    expect(page.locator("#next")).to_have_text(f"Prochain match sur cette table\u00a0: {c} – {d} (Finale)")


WAKE_LOCK = """
window.__asked = [];
Object.defineProperty(navigator, 'wakeLock', { value: { request: (kind) => {
  window.__asked.push(kind);
  const refused = new DOMException('no', 'NotAllowedError');
  return window.__grant ? Promise.resolve({ released: false }) : Promise.reject(refused);
} } });
window.__grant = %s;
"""
"""The browser's Wake Lock, granted or refused as a phone's may be (what it asked is kept)."""


@pytest.mark.parametrize(("secure", "grant"), [(True, True), (True, False), (False, True)])
def test_the_screen_is_kept_awake_where_the_browser_allows_else_the_page_says_how(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    browser: Any,
    secure: bool,
    grant: bool,
) -> None:
    _, _, keys = venue
    phone = browser.new_context(locale="fr-FR", **PHONE_SCREEN)
    try:
        phone.add_init_script(WAKE_LOCK % ("true" if grant else "false"))
        if not secure:
            phone.add_init_script(PLAIN_HTTP)
        page = open_table(phone, served, 1, keys[1])
        page.locator("#lag").wait_for()
        hint = "Pour garder l’écran allumé, réglez la mise en veille du téléphone sur 10 minutes ou plus."
        if secure and grant:
            page.wait_for_function("window.__asked.length > 0")
            expect(page.locator("#awake")).to_have_text("")
        else:
            expect(page.locator("#awake")).to_have_text(hint)
        assert page.evaluate("window.__asked") == (["screen"] if secure else [])
    finally:
        phone.close()


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "Table 1: result disputed ({match}: {name} does not agree)"),
        ("fr-FR", "Table 1\u00a0: résultat contesté ({match}: {name} n’est pas d’accord)"),
    ],
)
def test_the_bracket_and_the_players_page_say_a_disputed_result_until_it_is_withdrawn(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
    context: Any,
    locale: str,
    said: str,
) -> None:
    """'I don't agree' on a phone: /bracket and /player say it at their top, as the board and the
    window do, in the page's language; the player signing withdraws it and the line goes."""
    import json

    _, _, keys = venue
    browser = context(locale)
    pages = [browser.new_page(), browser.new_page()]
    for page, path in zip(pages, ("/bracket", "/player"), strict=True):
        page.goto(f"http://127.0.0.1:{served.port}{path}")
        page.locator("body[data-ready='1']").wait_for()
        expect(page.locator("#disputes")).to_be_hidden()
    table = served.get(1, keys[1])[1]
    version = table["version"]
    for n, event in enumerate([{"type": "lag", "winner": "A"}, *[{"type": "rack", "winner": "A"}] * 2]):
        version = served.tap(1, keys[1], f"d{n}", version, event)[1]["version"]
    body = json.dumps({"id": "no", "after": version, "player": "B"}).encode()
    assert served.request("POST", "/api/score/1/dispute", keys[1], body)[0] == 200
    disputed = time.monotonic()
    line = said.format(match=table["match"], name=table["players"]["B"])
    pages[0].get_by_text(line).wait_for(timeout=5000)
    shown = time.monotonic() - disputed
    assert shown <= 1.0, f"shown {shown:.2f} s after the dispute"
    for page in pages:
        expect(page.locator("#disputes")).to_have_text(line, timeout=5000)
        box = page.locator("#disputes").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360  # on a phone's screen
    assert served.tap(1, keys[1], "sign-b", version, {"type": "sign", "player": "B"})[0] == 200  # B signs after all
    for page in pages:
        expect(page.locator("#disputes")).to_be_hidden(timeout=5000)
