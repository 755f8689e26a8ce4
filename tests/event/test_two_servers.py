"""Two servers of the phone tables on one database (the window's pages and `tournament serve`, as
phone.md §1 allows): real aiohttp, a real SQLite file, two tables played at once with every tap
sent to either server at random and, for some, its answer "lost" and the tap sent again to the
other one. The store's own checks keep one writer per log: every match log equals its taps applied
once, in order, and the tournament is played out whole."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.event.pages import Serving
from referee_app.log.store import Store
from tests.event.organizer import organizer
from tests.event.taps import tap_json
from tests.waiting import NotYet, eventually


class Phone:
    """One phone of a table: a client of each server, taps sent to either."""

    def __init__(self, ports: list[int], table: int, key: str, seed: int) -> None:
        self.ports, self.table, self.key = ports, table, key
        self.rng = random.Random(seed)
        self.taps: dict[str, list[tuple[str, str]]] = {}
        """Each match's taps recorded (a 200 the first time), in order: (type, seat)."""
        self.resent = 0
        self.looks = 0
        self.error: BaseException | None = None

    def request(self, port: int, method: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
            conn.request(method, f"/api/score/{self.table}", body=data, headers=headers)
            response = conn.getresponse()
            return response.status, json.loads(response.read())
        finally:
            conn.close()

    def send(self, tap: str, match_id: str, after: int, event: dict[str, Any]) -> dict[str, Any]:
        """A tap until it is answered (a 503: the other server wrote first, sent again)."""

        def answered() -> tuple[int, dict[str, Any]] | NotYet:
            reply = self.request(self.rng.choice(self.ports), "POST", tap_json(tap, match_id, after, event))
            return NotYet(reply) if reply[0] == 503 else reply

        status, body = eventually(answered, f"tap {tap} recorded", every=0.01)
        assert status == 200, (status, body)
        return body

    def tap(self, tap: str, table: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
        answer = self.send(tap, table["match_id"], table["version"], event)
        seat = event.get("winner") or event.get("player") or ""
        self.taps.setdefault(table["match_id"], []).append((event["type"], seat))
        if self.rng.random() < 0.3:  # the answer lost: the same tap to either server, nothing more recorded
            again = self.send(tap, table["match_id"], table["version"], event)
            if again["match_id"] == answer["match_id"]:  # not moved on to the table's next match meanwhile
                assert again["version"] == answer["version"]
            self.resent += 1
        return answer

    def play(self) -> None:
        """Plays each match the table is given, until it has been given none for 3 s."""
        idle_since = [time.monotonic()]

        def idle_for_3_s() -> bool:
            while self.look_and_tap():
                idle_since[0] = time.monotonic()
            return time.monotonic() - idle_since[0] >= 3.0

        try:
            eventually(idle_for_3_s, f"table {self.table} given no match for 3 s", 120, every=0.05)
        except BaseException as exc:
            self.error = exc

    def look_and_tap(self) -> bool:
        """One look at the table and, if it has a match, the next tap of it: False when it had none."""
        status, table = self.request(self.rng.choice(self.ports), "GET")
        if status == 503:
            return False  # busy (the other server writing): looked at again in a moment
        assert status == 200, table
        if table["match"] is None:
            return False
        state = table["state"]
        self.looks += 1
        tap = f"t{self.table}-{self.looks}"
        if state["status"] == "lag":
            self.tap(tap, table, {"type": "lag", "winner": self.rng.choice("AB")})
        elif state["status"] == "playing":
            self.tap(tap, table, {"type": "rack", "winner": self.rng.choice("AB")})
        else:
            seat = "A" if not table["signed"]["A"] else "B"
            self.tap(tap, table, {"type": "sign", "player": seat})
        return True


@pytest.mark.parametrize("seed", [1, 2])
def test_two_servers_on_one_database_record_every_tap_once_and_play_the_tournament_out(
    tmp_path: Path, seed: int
) -> None:
    db, tid, keys = organizer(tmp_path, "1,2", "1-2", tuple(f"Player {n}" for n in range(1, 9)), seed=3)
    servers = [Serving(db, tid, 0).start(), Serving(db, tid, 0).start()]
    try:
        ports = [s.port for s in servers]
        phones = [Phone(ports, table, keys[table], seed * 10 + table) for table in (1, 2)]
        threads = [threading.Thread(target=phone.play) for phone in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        for server in servers:
            server.stop()
    for phone in phones:
        assert phone.error is None, phone.error
    assert sum(phone.resent for phone in phones) > 0
    with closing(Store(db)) as store:
        t = operations.open_tournament(store, tid).state.tournament  # the log whole: its chain checked
        assert len(t.results) == 7 and len(t.by_phone) == 7  # every match played on the phones, completed
        assert store.count() == len(t.started)  # no match log left behind by a server that lost a race
        played = {m: taps for phone in phones for m, taps in phone.taps.items()}
        assert set(played) == {t.started[m] for m in t.by_phone}
        for match_id, taps in played.items():
            logged = [e.event for e in store.load(match_id)[1:]]
            assert [(e.TYPE.value, str(getattr(e, "winner", None) or getattr(e, "player", ""))) for e in logged] == taps
            taps_kept = store.db.execute("SELECT count(*) FROM phone_taps WHERE match_id = ?", (match_id,)).fetchone()
            assert taps_kept == (len(taps),)
