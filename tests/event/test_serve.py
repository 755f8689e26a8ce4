"""`referee-app tournament serve` (phone.md §1, §3, §4) as a real process on a real SQLite file,
driven over HTTP: every answer of the API, a kill right after a 200, a key replaced while serving,
the bracket completed by the phones, and a stop that exits 0."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.event.taps import tap_body
from tests.event.test_phone_api import run, venue  # noqa: F401 - the fixture (Club night, tables 1-2 the phones')
from tests.waiting import NotYet, eventually

ROOT = Path(__file__).resolve().parents[2]


class Served:
    """A `tournament serve` process and a keep-alive HTTP client to it."""

    def __init__(self, db: Path, tid: str) -> None:
        self.db, self.tid = db, tid
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee_desk.main", "tournament", "serve", tid, "--web", "0", "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("serving http://127.0.0.1:"), line + self.process.stderr.read()  # type: ignore[union-attr]
        self.port = int(line.split(":")[2].split("/")[0])
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def request(
        self, method: str, path: str, key: str | None = None, body: bytes | None = None
    ) -> tuple[int, dict[str, Any]]:
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # a kept-alive connection the server closed while it was idle (over 5 s: web.server's
            # HEADER_DEADLINE_S): sent again on a new one, as a browser does (a tap's id makes it safe)
            self.conn.close()
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
        data = response.read()
        if response.will_close:
            self.conn.close()
        return response.status, json.loads(data) if data.startswith(b"{") else {"text": data.decode()}

    def get(self, table: int, key: str | None) -> tuple[int, dict[str, Any]]:
        return self.request("GET", f"/api/score/{table}", key)

    def tap(
        self,
        table: int,
        key: str,
        tap: str,
        after: int,
        event: dict[str, Any],
        match_id: str | None = None,
        device: str | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """A tap made on `match_id` (by default the match on the table now, asked first)."""
        made_on = match_id or self.get(table, key)[1].get("match_id") or "no-match"
        return self.request("POST", f"/api/score/{table}", key, tap_body(tap, made_on, after, event, device))

    def stop(self, sig: int = signal.SIGTERM) -> int:
        self.conn.close()
        if self.process.poll() is None:
            self.process.send_signal(sig)
        code = self.process.wait(timeout=20)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()
        return code


@pytest.fixture
def served(venue: tuple[Path, str, dict[int, str]]) -> Iterator[Served]:  # noqa: F811
    db, tid, _ = venue
    server = Served(db, tid)
    yield server
    server.stop(signal.SIGKILL)


def test_every_answer_of_the_api_through_a_real_server(venue: tuple[Path, str, dict[int, str]], served: Served) -> None:  # noqa: F811
    _, _, keys = venue
    status, table = served.get(1, keys[1])
    assert status == 200 and table["version"] == 1 and table["state"]["status"] == "lag"
    no_key, wrong, other = served.get(1, None), served.get(1, "WRONG-KEY"), served.get(1, keys[2])
    assert no_key[0] == wrong[0] == other[0] == 401 and no_key[1] == wrong[1] == other[1]
    assert served.get(3, keys[1])[0] == 404
    assert served.request("POST", "/api/score/1", keys[1], b"{not json")[0] == 400
    assert served.tap(1, keys[1], "r", 1, {"type": "rack", "winner": "A"})[0] == 422
    assert served.tap(1, keys[1], "lag", 1, {"type": "lag", "winner": "A"})[0] == 200
    status, stale = served.tap(1, keys[1], "late", 1, {"type": "rack", "winner": "A"})
    assert status == 409 and stale["version"] == 2
    status, again = served.tap(1, keys[1], "lag", 1, {"type": "lag", "winner": "A"})
    assert status == 200 and again["version"] == 2
    status, body = served.request("POST", "/api/score/1", keys[1], b"{" + b" " * (16 * 1024) + b"}")
    assert status == 413 and "error" in body
    status, page = served.request("GET", "/score/1")
    assert status == 200 and "<html" in page["text"]
    for _ in range(20 - 3):  # the three above were wrong keys from this address too
        assert served.get(2, "GUESS")[0] == 401
    assert served.get(2, "GUESS")[0] == 429 and served.get(2, keys[2])[0] == 429
    assert served.stop() == 0  # SIGTERM: finishes, exits 0


def test_a_tap_answered_200_survives_a_kill_right_after(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
) -> None:
    db, tid, keys = venue
    assert served.tap(1, keys[1], "k-lag", 1, {"type": "lag", "winner": "B"})[0] == 200
    status, after = served.tap(1, keys[1], "k-rack", 2, {"type": "rack", "winner": "B"})
    assert status == 200
    served.process.kill()  # no chance to finish anything
    served.stop(signal.SIGKILL)
    again = Served(db, tid)
    try:
        status, table = again.get(1, keys[1])
        assert status == 200 and table == after and table["state"]["score"] == {"A": 0, "B": 1}
        assert again.tap(1, keys[1], "k-rack", 2, {"type": "rack", "winner": "B"})[1]["version"] == 3  # once
    finally:
        assert again.stop() == 0


def test_a_new_key_stops_the_old_one_while_serving(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, tid, keys = venue
    assert served.get(2, keys[2])[0] == 200
    new = json.loads(run(capsys, "tournament", "phones", tid, "2", "--json", "--db", str(db))[1])[0]["key"]
    assert served.get(2, keys[2])[0] == 401
    assert served.get(2, new)[0] == 200


def test_the_phones_play_the_tournament_to_its_end(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, tid, keys = venue

    def play(table: int, prefix: str) -> dict[str, Any]:
        version = served.get(table, keys[table])[1]["version"]
        body: dict[str, Any] = {}
        for n, event in enumerate(
            [
                {"type": "lag", "winner": "B"},
                {"type": "rack", "winner": "B"},
                {"type": "rack", "winner": "A"},
                {"type": "rack", "winner": "B"},
                {"type": "sign", "player": "B"},
                {"type": "sign", "player": "A"},
            ]
        ):
            status, body = served.tap(table, keys[table], f"{prefix}{n}", version, event)
            assert status == 200, body
            version = body["version"]
        return body

    play(1, "a")
    play(2, "b")
    final = served.get(1, keys[1])[1]
    assert final["match"] == "F1" and final["version"] == 1

    def final_on_the_pages() -> tuple[Any, ...] | NotYet:
        status, bracket = served.request("GET", "/tournament.json")
        f1 = next((m for m in bracket.get("show", {}).get("matches", []) if m["id"] == "F1"), {})
        seen = (status, f1.get("status"), f1.get("table"), f1.get("match_id"))
        return seen if seen[:3] == (200, "playing", 1) else NotYet(seen)

    # the board's pages get the final on table 1 (the feed publishes on its own thread)
    seen = eventually(final_on_the_pages, "the final on table 1 in /tournament.json")
    assert seen == (200, "playing", 1, final["match_id"])
    play(1, "c")
    code, out, _ = run(capsys, "tournament", "show", tid, "--json", "--db", str(db))
    assert code == 0
    document = json.loads(out)
    assert document["status"] == "finished" and document["phones"] == [1, 2]
    assert all(m["score"] == [1, 2] and m["match_id"] for m in document["matches"])


def test_the_bracket_pages_get_a_phone_matchs_racks_as_they_are_tapped(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
) -> None:
    _, _, keys = venue
    table = served.get(1, keys[1])[1]
    match, version = table["match"], table["version"]
    for n, event in enumerate(({"type": "lag", "winner": "A"}, {"type": "rack", "winner": "B"})):
        status, body = served.tap(1, keys[1], f"live{n}", version, event)
        assert status == 200, body
        version = body["version"]

    def live() -> Any:
        return served.request("GET", "/tournament.json")[1].get("live", {}).get(match)

    # published from the feed's own thread; the bracket's order: the match log's A is the bracket's a
    eventually(lambda: live() == [0, 1] or NotYet(live()), "the racks 0-1 live on the bracket")
    assert served.tap(1, keys[1], "live2", version, {"type": "rack", "winner": "A"})[0] == 200
    eventually(lambda: live() == [1, 1] or NotYet(live()), "the racks 1-1 live on the bracket")


def test_serving_on_the_lan_remembers_the_address_the_phones_reach(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    from contextlib import closing

    from referee_app.cli.tournament import lan_address
    from referee_app.log.store import Store

    db, tid, _ = venue
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address other than its loopback")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    argv = [
        sys.executable,
        "-m",
        "referee_desk.main",
        "tournament",
        "serve",
        tid,
        "--web",
        "0",
        "--lan",
        "--db",
        str(db),
    ]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().split(":")[2].split("/")[0])
        assert process.stdout.readline().startswith(f"phones: http://{address}:{port}/score/N")
        with closing(Store(db)) as store:
            assert store.phone_url(tid) == f"http://{address}:{port}"
        code, out, _ = run(capsys, "tournament", "phones", tid, "2", "--db", str(db))
        assert code == 0 and out.startswith(f"table 2: http://{address}:{port}/score/2#k=")
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
        process.stdout.close()  # type: ignore[union-attr]
