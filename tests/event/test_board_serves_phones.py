"""`referee-app board --tournament` serves the tournament's phone tables too (phone.md §1: "the
organizer's window and the board may serve the same pages"): the page and the API on the board's
own port, through a real PostgreSQL event server and a real SQLite organizer's database, the taps
written to the organizer's database as `tournament serve` writes them."""

from __future__ import annotations

import http.client
import json
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.event.board_run import Board, BoardOptions
from referee_app.log.store import Store
from referee_app.venue.server import Cluster
from tests.event.organizer import organizer
from tests.event.taps import tap_json
from tests.waiting import NotYet, eventually

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def _request(port: int, method: str, path: str, key: str | None = None, body: Any = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {} if key is None else {"Authorization": f"Bearer {key}"}
        conn.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_the_board_following_a_tournament_serves_its_phone_tables(event_server: Cluster, tmp_path: Path) -> None:
    db, tid, keys = organizer(tmp_path, "1-3", "2", seed=11, name="Open de Lyon")
    key = keys[2]
    board = Board.open(BoardOptions(event_server.folder, web=0, tournament="Open de Lyon", db=db), out=None)
    try:
        board.follow("en", lambda work, error: None)
        assert board.server is not None
        port = board.server.port
        status, page = _request(port, "GET", "/score/2")
        assert status == 200 and b"score.js" in page  # the phone's page, from the board
        assert _request(port, "GET", "/api/score/2", "WRONG-KEY")[0] == 401
        assert _request(port, "GET", "/api/score/3", key)[0] == 404  # the venue's, not the phones'

        def started() -> dict[str, Any] | NotYet:
            status, body = _request(port, "GET", "/api/score/2", key)
            table: dict[str, Any] = json.loads(body)
            return table if status == 200 and table["version"] == 1 else NotYet((status, table))

        table = eventually(started, "table 2's match started", 10, every=0.1)
        assert table["state"]["status"] == "lag"
        status, body = _request(
            port, "POST", "/api/score/2", key, tap_json("b1", table["match_id"], 1, {"type": "lag", "winner": "B"})
        )
        assert status == 200 and json.loads(body)["version"] == 2
        status, body = _request(
            port, "POST", "/api/score/2", key, tap_json("b2", table["match_id"], 2, {"type": "rack", "winner": "B"})
        )
        assert status == 200 and json.loads(body)["state"]["score"] == {"A": 0, "B": 1}
    finally:
        board.close()
    with closing(Store(db)) as store:
        assert [e.event.TYPE.value for e in store.load(table["match_id"])] == ["match_started", "lag", "rack"]
        t = operations.open_tournament(store, tid).state.tournament
        assert t.started[table["match"]] == table["match_id"] and table["match"] in t.by_phone


def test_referee_app_board_no_window_with_a_tournament_serves_score_n(event_server: Cluster, tmp_path: Path) -> None:
    """The command itself: `referee-app board --no-window --web 0 --tournament NAME --db PATH`."""
    import os
    import signal
    import subprocess
    import sys

    db, _, keys = organizer(tmp_path, "1-2", "1", seed=2)
    key = keys[1]
    argv = ["board", "--no-window", "--web", "0", "--server", str(event_server.folder)]
    process = subprocess.Popen(
        [sys.executable, "-m", "referee_desk.main", *argv, "--tournament", "Club night", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("board http://127.0.0.1:"), line
        port = int(line.split(":")[2].split("/")[0])
        assert _request(port, "GET", "/score/1")[0] == 200
        status, body = _request(port, "GET", "/api/score/1", key)
        assert status == 200 and json.loads(body)["version"] == 1
        made_on = json.loads(body)["match_id"]
        status, body = _request(
            port, "POST", "/api/score/1", key, tap_json("c1", made_on, 1, {"type": "lag", "winner": "A"})
        )
        assert status == 200 and json.loads(body)["version"] == 2
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=20)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
    assert code == 0
