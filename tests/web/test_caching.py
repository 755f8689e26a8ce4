"""What a phone on the hall's Wi-Fi downloads again: the pages and their files carry a validator and
are compressed, an unchanged one costs a 304 and a few bytes, a changed one comes whole; the pages
come with their words in the phone's language and the tournament as it stands (over real HTTP)."""

from __future__ import annotations

import gzip
import http.client
import json
from collections.abc import Iterator

import pytest

from referee_app.web.server import BOARD, OVERLAY, TOURNAMENT, WebServer


@pytest.fixture
def server() -> Iterator[WebServer]:
    from referee_desk.i18n import translator_for  # the catalogue, as the board command hands it in

    running = WebServer((OVERLAY, BOARD, TOURNAMENT), port=0, words=translator_for).start()
    yield running
    running.stop()


def get(server: WebServer, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", path, headers={name.replace("_", "-"): value for name, value in headers.items()})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


@pytest.mark.parametrize("path", ["/live.js", "/tournament.css", "/bracket", "/player?lang=fr", "/state.json"])
def test_an_unchanged_file_costs_a_304_and_no_body(server: WebServer, path: str) -> None:
    status, headers, body = get(server, path)
    assert status == 200 and body and headers["Cache-Control"] == "no-cache"  # kept, but asked again each time
    tag = headers["ETag"]
    again, headers_again, nothing = get(server, path, If_None_Match=tag)
    assert (again, nothing, headers_again["ETag"]) == (304, b"", tag)
    assert "Content-Encoding" not in headers_again
    assert get(server, path, If_None_Match='"another"')[0] == 200  # a validator it did not give: the whole file


def test_text_goes_compressed_to_a_browser_that_takes_gzip_and_plain_to_one_that_does_not(server: WebServer) -> None:
    _, plain_headers, plain = get(server, "/tournament.js")
    assert "Content-Encoding" not in plain_headers
    _, headers, packed = get(server, "/tournament.js", Accept_Encoding="gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2
    assert headers["ETag"] == plain_headers["ETag"]  # one file, one validator
    _, refused, _ = get(server, "/tournament.js", Accept_Encoding="gzip;q=0, identity")
    assert "Content-Encoding" not in refused


def test_a_changed_state_comes_whole_under_a_new_validator(server: WebServer) -> None:
    _, headers, _ = get(server, "/tournament.json")
    server.feed.publish_tournament({"name": "Open de Lyon", "status": "playing"})
    for _ in range(200):  # the feed hands the publication over on the server's loop
        status, changed, body = get(server, "/tournament.json", If_None_Match=headers["ETag"])
        if status == 200:
            break
    assert status == 200 and changed["ETag"] != headers["ETag"] and json.loads(body)["name"] == "Open de Lyon"


def test_refusals_and_streams_are_never_kept(server: WebServer) -> None:
    status, headers, _ = get(server, "/nowhere")
    assert status == 404 and headers["Cache-Control"] == "no-store" and "ETag" not in headers


def test_an_answer_to_a_request_with_a_key_is_the_browsers_alone(server: WebServer) -> None:
    _, headers, _ = get(server, "/state.json", Authorization="Bearer X")
    assert headers["Cache-Control"] == "private, no-cache"


def test_the_pages_come_with_their_words_in_the_phones_language(server: WebServer) -> None:
    _, headers, french = get(server, "/player", Accept_Language="de-DE, fr-FR;q=0.8, en;q=0.5")
    assert b'<html lang="fr">' in french and b">Chercher</button>" in french and headers["Content-Language"] == "fr"
    assert "Accept-Language" in headers["Vary"]
    _, _, chosen = get(server, "/player?lang=en", Accept_Language="fr-FR")
    assert b'<html lang="en">' in chosen and b">Search</button>" in chosen
    _, _, unknown = get(server, "/bracket?lang=%3Cb%3E", Accept_Language="xx, ;;, " + "a" * 50)
    assert b'<html lang="en">' in unknown


def test_the_tournament_comes_with_its_page_and_never_as_markup(server: WebServer) -> None:
    server.feed.publish_tournament({"name": "</script><script>alert(1)</script> & <!--", "status": "playing"})
    for _ in range(200):
        _, _, page = get(server, "/bracket")
        if b"alert(1)" in page:
            break
    first = page.split(b'<script type="application/json" id="first">')[1].split(b"</script>")[0]
    assert b"<" not in first and json.loads(first)["name"] == "</script><script>alert(1)</script> & <!--"


def test_a_page_holds_its_script_and_style_and_its_policy_lets_those_alone_run() -> None:
    import base64
    import hashlib

    from referee_app.web.pages import inlined

    files = {"a.js": b'document.title = "x";', "a.css": b"body { color: red; }"}
    page, policy = inlined(b"<style>{inline:a.css}</style><script>{inline:a.js}</script>", files.__getitem__)
    assert page == b'<style>body { color: red; }</style><script>document.title = "x";</script>'
    digest = base64.b64encode(hashlib.sha256(files["a.js"]).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in policy and "'unsafe-inline'" not in policy
    for bad in (b"x = '</SCRIPT>';", b"x = '{words}';"):  # would end the element, or be filled as a field
        with pytest.raises(ValueError, match="cannot be inlined"):
            inlined(b"<script>{inline:a.js}</script>", {"a.js": bad}.__getitem__)


def test_an_answer_whose_address_holds_its_secret_is_never_kept() -> None:
    from aiohttp import web
    from aiohttp.test_utils import make_mocked_request

    from referee_app.web.cached import finish

    for path, headers, kept in [
        ("/api/me/SECRET", {}, False),
        ("/api/score/1", {"Authorization": "Bearer K"}, True),
        ("/tournament.json", {}, True),
    ]:
        response = web.Response(body=b"{}", headers={"Cache-Control": "no-store"})
        finished = finish(make_mocked_request("GET", path, headers=headers), response)
        assert ("ETag" in finished.headers) is kept, path
        assert (finished.headers["Cache-Control"] == "no-store") is not kept, path
