"""The overlay's data and web server, over real HTTP on a free port (the browser tests are in tests/gui)."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee_app.game.events import Entry
from referee_app.game.history import History, replay
from referee_app.log.logfile import read_log
from referee_app.web.overlay import banner, snapshot, vmix_fields
from referee_app.web.server import BOARD, MAX_STREAMS, MAX_STREAMS_PER_ADDRESS, OVERLAY, ListenError, WebServer
from tests.builders import brk, decode, ev, history, made, miss, started
from tests.waiting import NotYet, eventually

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.jsonl"))


@pytest.fixture
def server() -> Iterator[WebServer]:
    running = WebServer((OVERLAY,), port=0).start()
    yield running
    running.stop()


def get(server: WebServer, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request(method, path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def state_json(server: WebServer, version: int) -> dict[str, Any]:
    """/state.json once the feed's thread has taken the publication with `version`."""

    def taken() -> dict[str, Any] | NotYet:
        view: dict[str, Any] = json.loads(get(server, "/state.json")[2])
        return view if view["version"] == version else NotYet(view)

    return eventually(taken, f"/state.json at version {version}")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_state_json_is_the_cli_replay_field_for_field(server: WebServer, example: Path) -> None:
    """Every field `referee-app replay` prints is in /state.json with the same value."""
    entries = [line.entry for line in read_log(example)]
    server.feed.publish(snapshot("m", replay(entries), "en"))
    printed = subprocess.run(
        [sys.executable, "-m", "referee_app", "replay", str(example)], capture_output=True, text=True, check=True
    )
    expected = json.loads(printed.stdout)
    served = state_json(server, len(entries))
    assert {key: served[key] for key in expected} == expected
    assert served["version"] == len(entries) and served["match_id"] == "m"


def match(*objs: dict[str, Any]) -> History:
    """A WPA match (Ana A, Ben B, race to 3) after `objs`."""
    return history(started(), *objs)


def more(h: History, *objs: dict[str, Any]) -> History:
    for obj in objs:
        h.add(Entry(h.next_seq, decode(obj)))
    return h


def test_version_grows_with_every_event_and_undo(server: WebServer) -> None:
    h = match(ev("lag", winner="A"), brk(4))
    server.feed.publish(snapshot("m", h))
    assert state_json(server, 3)["balls_on_table"] == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    server.feed.publish(snapshot("m", more(h, made(1))))
    assert 1 not in state_json(server, 4)["balls_on_table"]
    server.feed.publish(snapshot("m", more(h, ev("undo", target=4))))
    assert 1 in state_json(server, 5)["balls_on_table"]


def test_banners_name_the_news() -> None:
    pushed = match(ev("lag", winner="A"), brk(rails=5), ev("push_out"))
    assert banner(pushed) == {"kind": "push_out", "seat": "B"}
    more(pushed, ev("option", choice="hand_back"))
    assert banner(pushed) == {"kind": "option_taken", "seat": "A", "choice": "hand_back"}
    fouled = match(ev("lag", winner="A"), brk(4), miss(1, fouls=["scratch"]))
    assert banner(fouled) is None  # a foul alone: the foul count shows it
    more(fouled, miss(1, fouls=["scratch"]), miss(1, fouls=["scratch"]))
    assert banner(fouled) is None and fouled.state.warning_due
    more(fouled, ev("warning", player="A"))
    assert banner(fouled) == {"kind": "warning", "seat": "A"}
    more(fouled, ev("undo", target=fouled.next_seq - 1))
    assert banner(fouled) is None  # an undo takes the news back


def test_rack_and_match_banners() -> None:
    run = match(ev("lag", winner="A"), brk(4), *(made(n) for n in (1, 2, 3, 5, 6, 7, 8, 9, 10)))
    assert banner(run) == {"kind": "rack", "seat": "A", "rack": 1, "how": "ten"}
    conceded = match(ev("lag", winner="A"), ev("concede", player="B"))
    assert banner(conceded) == {"kind": "match", "seat": "A", "result": "concession"}


def test_vmix_fields_are_one_flat_row() -> None:
    h = match(ev("lag", winner="A"), brk(4), miss(1, fouls=["scratch"]))
    rows = vmix_fields(snapshot("m", h), {"running": True, "remaining_s": 12.6, "limit_s": 35.0})
    assert len(rows) == 1
    row = rows[0]
    assert all(not isinstance(value, dict | list) for value in row.values())
    assert (row["FoulsA"], row["AtTableB"], row["BallInHand"], row["ClockSeconds"]) == (1, ">", "yes", 13)
    assert "4" not in row["BallsOnTable"].split()


def test_pages_and_data_are_served(server: WebServer) -> None:
    for path, kind in [
        ("/overlay", "text/html"),
        ("/table?lang=fr", "text/html"),
        ("/live.js", "text/javascript"),
        ("/live.css", "text/css"),
        ("/state.json", "application/json"),
        ("/vmix.json", "application/json"),
    ]:
        status, headers, body = get(server, path)
        assert status == 200 and headers["Content-Type"].startswith(kind), path
        assert (
            headers["Cache-Control"] == "no-cache"
            and headers["ETag"]
            and headers["X-Content-Type-Options"] == "nosniff"
        )
        assert body
    assert json.loads(get(server, "/state.json")[2])["status"] == "no_match"
    assert b'class="table"' in get(server, "/table")[2] and b'class="overlay"' in get(server, "/overlay")[2]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/overlay/../../pyproject.toml",
        "/web/page.html",
        "/referee_app/web/server.py",
        "//etc/passwd",
        "/state.json/../store.py",
        "/matches.db",
    ],
)
def test_nothing_outside_the_pages_is_served(server: WebServer, path: str) -> None:
    status, headers, body = get(server, path)
    assert status == 404
    assert body == b"404 Not Found\n"
    assert "Python" not in headers.get("Server", "")


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"])
def test_other_methods_are_refused_without_a_trace(server: WebServer, method: str) -> None:
    status, headers, body = get(server, "/state.json", method)
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    assert body == b"405 Method Not Allowed\n"


def test_a_malformed_request_gets_a_short_answer(server: WebServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
        raw.sendall(b"GET /overlay HTTP/9.9.9\r\n\r\n")
        answer = raw.recv(4096)
    assert b"400" in answer.split(b"\n")[0]
    assert b"Traceback" not in answer and b"9.9.9" not in answer and b"Python" not in answer


def read_events(stream: Any, count: int) -> list[tuple[str, dict[str, Any] | None]]:
    """The next `count` named events of an SSE stream (comments and `retry` skipped)."""
    events: list[tuple[str, dict[str, Any] | None]] = []
    name = ""
    while len(events) < count:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            events.append((name, json.loads(line[6:])))
    return events


def test_events_stream_sends_the_state_then_each_change(server: WebServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/events")
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type") == "text/event-stream"
    first = read_events(response, 2)
    assert [name for name, _ in first] == ["state", "clock"] and first[0][1]["status"] == "no_match"  # type: ignore[index]
    h = match(ev("lag", winner="B"))
    server.feed.publish(snapshot("m", h))
    name, view = read_events(response, 1)[0]
    assert name == "state" and view is not None and view["at_table"] == "B" and view["version"] == 2
    server.feed.publish_clock({"running": False, "remaining_s": 30.0, "limit_s": 35.0})
    assert read_events(response, 1) == [("clock", {"running": False, "remaining_s": 30.0, "limit_s": 35.0})]
    connection.close()


def test_a_page_that_opens_later_gets_the_clock_as_it_stands_now(
    server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr("referee_app.web.feed.monotonic", lambda: now[0])  # the clock the feed reads
    server.feed.publish_clock({"running": True, "remaining_s": 30.0, "limit_s": 35.0})
    eventually(lambda: server.feed.current().reading, "the feed's thread taking the clock")
    now[0] += 12.5  # the desk started the clock 12.5 s before this page opened
    assert json.loads(get(server, "/state.json")[2])["clock"] == {"running": True, "remaining_s": 17.5, "limit_s": 35.0}
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/events")
    clock = dict(read_events(connection.getresponse(), 2))["clock"]
    assert clock is not None and clock["remaining_s"] == 17.5
    connection.close()
    now[0] += 60
    assert json.loads(get(server, "/vmix.json")[2])[0]["Status"] == "no_match"
    assert json.loads(get(server, "/state.json")[2])["clock"]["remaining_s"] == 0.0  # never below zero


def test_streams_beyond_the_limit_are_told_to_come_back(server: WebServer) -> None:
    open_streams = []  # each stream's response is kept: dropping it closes its socket
    for n in range(MAX_STREAMS):  # from several addresses: each may hold only so many
        source = (f"127.0.0.{2 + n // MAX_STREAMS_PER_ADDRESS}", 0)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5, source_address=source)
        connection.request("GET", "/events")
        response = connection.getresponse()
        read_events(response, 1)
        open_streams.append((connection, response))
    assert server.streams() == MAX_STREAMS
    assert get(server, "/events")[0] == 503
    gone, its_stream = open_streams.pop()
    its_stream.close()  # a browser goes away: its slot frees
    gone.close()

    def a_stream() -> tuple[http.client.HTTPConnection, http.client.HTTPResponse] | None:
        server.feed.publish(snapshot("m", match(ev("lag", winner="A"))))
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request("GET", "/events")
        response = connection.getresponse()
        if response.status == 200:
            return connection, response
        connection.close()
        return None

    open_streams.append(eventually(a_stream, "the freed stream slot given again", every=0.05))
    for connection, response in open_streams:
        response.close()
        connection.close()


def test_a_taken_port_is_a_clear_error(server: WebServer) -> None:
    with pytest.raises(ListenError, match=f"port {server.port} is already in use"):
        WebServer((OVERLAY,), port=server.port)


def test_this_computer_only_unless_the_lan_is_chosen(server: WebServer) -> None:
    assert server.host == "127.0.0.1" and server._socket.getsockname()[0] == "127.0.0.1"
    lan = WebServer((OVERLAY,), port=0, lan=True)
    try:
        assert lan._socket.getsockname()[0] == "0.0.0.0"
    finally:
        lan.stop()


def test_stop_frees_the_port_and_ends_the_streams() -> None:
    running = WebServer((OVERLAY,), port=0).start()
    port = running.port
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/events")
    response = connection.getresponse()
    read_events(response, 2)
    started = time.monotonic()
    running.stop()
    assert time.monotonic() - started < 2
    assert response.read().strip() == b""  # the stream ended
    WebServer((OVERLAY,), port=port).stop()  # and the port can be taken again at once


def test_publishing_does_not_wait_for_the_readers(server: WebServer) -> None:
    """The desk's hand-off returns even while the web's loop is busy (a reader mid-write)."""
    holding, release, done = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:  # runs on the loop's thread: nothing else runs there meanwhile
        holding.set()
        release.wait(5)

    server._loop.call_soon_threadsafe(hold)
    assert holding.wait(5)
    view = snapshot("m", match(ev("lag", winner="A")))
    publisher = threading.Thread(target=lambda: (server.feed.publish(view), done.set()))
    publisher.start()
    try:
        assert done.wait(2), "publish waited for the readers"
    finally:
        release.set()
        publisher.join()
    assert state_json(server, 2)["at_table"] == "A"


def test_the_pages_get_their_words_from_the_catalogue_in_their_language() -> None:
    """`/words.json?lang=` is every word a page shows, through the translation the desk hands in;
    a rack's how is the desk's own label, and a language the catalogue lacks (or a crafted one)
    is English."""
    from referee_app.web.words import BOARD as BOARD_WORDS
    from referee_app.web.words import OVERLAY as OVERLAY_WORDS
    from referee_app.web.words import words_for

    asked: list[str] = []

    def shouting(lang: str):  # type: ignore[no-untyped-def]
        asked.append(lang)
        return lambda _context, text: text.upper()

    for site, kind, words in [(OVERLAY, "overlay", OVERLAY_WORDS), (BOARD, "board", BOARD_WORDS)]:
        server = WebServer((site,), port=0, words=shouting).start()
        try:
            shown = json.loads(get(server, "/words.json?lang=fr")[2])
            assert shown == words_for(kind, lambda _context, text: text.upper()) and set(words) <= set(shown)
            english = json.loads(get(server, "/words.json")[2])
            assert english == words_for(kind) and json.loads(get(server, "/words.json?lang=../x")[2]) == english
        finally:
            server.stop()
    assert asked == ["fr", "fr"]
    assert words_for("overlay")["how_ten_on_break"] == "10 announced on the break"


def test_the_snapshot_names_each_seats_latest_foul_and_forgets_it_once_it_no_longer_counts() -> None:
    from referee_app.web.overlay import CUE_BALL_OFF_TABLE, PENALTY_FOUL, last_fouls

    rack = [started(), ev("lag", winner="A"), brk(1, 2)]
    assert last_fouls(history(*rack)) == {"A": [], "B": []}
    scratched = [*rack, miss(3, cue_ball="pocketed")]  # Ana scratches
    assert last_fouls(history(*scratched)) == {"A": ["scratch"], "B": []}
    both = [*scratched, miss(3, first_contact=5, cue_ball="off_table")]  # Ben: wrong ball, cue ball off
    assert last_fouls(history(*both)) == {"A": ["scratch"], "B": ["wrong_ball_first", CUE_BALL_OFF_TABLE]}
    undone = [*both, ev("undo", target=5)]
    assert last_fouls(history(*undone)) == {"A": ["scratch"], "B": []}
    legal = [*scratched, made(3)]  # Ben pots the 3: his foul count is 0; Ana's scratch still counts
    assert last_fouls(history(*legal)) == {"A": ["scratch"], "B": []}
    penalised = [*legal, ev("penalty", player="B", penalty="foul", reason="")]
    assert last_fouls(history(*penalised))["B"] == [PENALTY_FOUL]


def test_a_value_that_does_not_encode_is_logged_and_the_next_one_still_reaches_the_pages(
    server: WebServer, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug upstream (a view holding a path, NaN) never ends the feed: it is logged with its
    traceback, the pages keep their last state, and the next good state reaches them."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/events")
    stream = connection.getresponse()
    read_events(stream, 2)
    good = snapshot("m", match(ev("lag", winner="A")))
    server.feed.publish(good)
    assert read_events(stream, 1)[0][1]["version"] == 2  # type: ignore[index]
    with caplog.at_level("ERROR", logger="referee_app.web"):
        server.feed.publish(dict(good, version=3, event=Path("/tmp/x")))  # not JSON
        server.feed.publish_tournament({"rating": float("nan")})  # NaN: no browser could parse it
        server.feed.publish_clock({"running": False, "remaining_s": object(), "limit_s": 35.0})
        eventually(lambda: len(caplog.records) >= 3, "the three failures logged")
    assert [r.getMessage() for r in caplog.records] == [
        f"web: a {kind} could not be sent to the pages; they keep the last one"
        for kind in ("view", "tournament", "clock")
    ]
    assert all(record.exc_info for record in caplog.records)  # with the traceback
    assert json.loads(get(server, "/state.json")[2])["version"] == 2  # the last state stays
    assert json.loads(get(server, "/vmix.json")[2])[0]["PlayerA"] == "Ana"
    server.feed.publish(snapshot("m", more(match(ev("lag", winner="A")), brk(4))))
    name, view = read_events(stream, 1)[0]
    assert name == "state" and view is not None and view["version"] == 3
    connection.close()


def test_a_site_that_takes_posted_bodies_is_one_more_route_table() -> None:
    """How the phones' API will stand beside the pages: its own table, its own methods and body
    limit, named segments in its paths; the pages' routes answer as before."""
    from aiohttp import web

    from referee_app.web.sites import Named, Route, Served, Site

    async def score(_served: Served, request: web.BaseRequest, named: Named) -> web.StreamResponse:
        body = await request.read()
        return web.json_response({"table": named["table"], "bytes": len(body)})

    api = Site("api", (Route("/api/score/{table}", score, methods=("POST",), body=True),), "board", ())
    server = WebServer((OVERLAY, api), port=0).start()
    try:

        def post(path: str, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            connection.request("POST", path, body, headers or {})
            response = connection.getresponse()
            answer = response.status, response.read()
            connection.close()
            return answer

        assert post("/api/score/7", b'{"id": 1}') == (200, b'{"table": "7", "bytes": 9}')
        assert post("/api/score/7", b"x" * (16 * 1024)) == (200, b'{"table": "7", "bytes": 16384}')
        assert post("/api/score/7", b"x" * (16 * 1024 + 1)) == (413, b"413 Request Entity Too Large\n")
        chunked = {"Transfer-Encoding": "chunked"}
        assert post("/api/score/7", b"5\r\nhello\r\n0\r\n\r\n", chunked) == (200, b'{"table": "7", "bytes": 5}')
        big = b"4000\r\n" + b"x" * 0x4000 + b"\r\n1\r\nx\r\n0\r\n\r\n"  # no length said: read up to the limit
        assert post("/api/score/7", big, chunked) == (413, b"413 Request Entity Too Large\n")
        for path in ("/api/score/", "/api/score/7/8", "/api/score"):
            assert post(path, b"{}")[0] == 404, path
        status, headers, _ = get(server, "/api/score/7")
        assert status == 405 and headers["Allow"] == "POST"
        assert post("/state.json", b"{}") == (405, b"405 Method Not Allowed\n")  # the pages stay read-only
        assert get(server, "/state.json")[0] == 200
    finally:
        server.stop()


def test_two_sites_may_share_a_path_only_as_the_same_route() -> None:
    from referee_app.web.sites import STATE_JSON, Route, Site, routing

    twin = Site("twin", (Route("/state.json", STATE_JSON.answer, methods=("GET", "HEAD", "POST")),), "board", ())
    with pytest.raises(ValueError, match=r"/state\.json is served differently by two sites"):
        routing((OVERLAY, twin))
    assert routing((BOARD, OVERLAY))[1]["/state.json"] == STATE_JSON
