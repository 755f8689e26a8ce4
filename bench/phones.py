"""Phones at the table, through a real `tournament serve` (part of the issue's benchmark).

A 64-player double elimination (races to 5) played out on 32 phone tables: two simulated phones a
table (HTTP keep-alive clients, each on its own thread) that look at the table once a second as
the page does, and 10 % of the answers dropped after the server got the request (the client
closes before reading, then sends the same tap again with the same id on a new connection). Each
table's phones tap the lag, the racks (either phone, at random, so they race and get 409s), and
both sign.

Checked at the end, from the organizer's database: every tap answered 200 is in its match's log
once (`lost`: a tap acknowledged and not there; `duplicates`: log events beyond the taps
recorded, i.e. a tap applied twice). Timed: each 200 from sending to the answer read (`ack`), and,
as a baseline in the same run, the same number of taps appended straight to a match log through
the log's session.

Not measured here (the issue's full benchmark): 200 viewers on `/bracket`'s stream, a tap shown
in Chromium, the tournament window's blocking; printed as `n/a`.
Last line: `lost N duplicates N ack_p95_ms N bracket_p95_ms n/a gui_block_ms n/a`.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/ (its click.py would shadow the package)

from referee_app.game.events import Lag, MatchStarted, RackWon
from referee_app.game.vocab import Scoring, Seat
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament import operations
from referee_app.tournament.model import Format, Options

PLAYERS = 64
TABLES = 32
RACE = 5
DROP = 0.10
PACE_S = 1.0
"""A phone's pause when it has nothing to tap: it looks again a second later, as the page does."""


class Phone:
    def __init__(self, port: int, table: int, key: str, seat: str, rng: random.Random) -> None:
        self.port, self.table, self.key, self.seat, self.rng = port, table, key, seat, rng
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.acks: list[float] = []
        self.acked: list[tuple[str, str]] = []  # (match_id, tap id) answered 200
        self.serial = 0

    def _request(self, method: str, body: bytes | None, drop: bool = False) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
        for _ in range(50):
            try:
                self.conn.request(method, f"/api/score/{self.table}", body=body, headers=headers)
                if drop:  # the answer is lost: the client goes before reading it
                    self.conn.close()
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                    drop = False
                    continue
                response = self.conn.getresponse()
                return response.status, json.loads(response.read())
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                time.sleep(0.01)
        raise RuntimeError("no answer")

    def get(self) -> dict[str, Any]:
        return self._request("GET", None)[1]

    def tap(self, table: dict[str, Any], event: dict[str, Any]) -> int:
        self.serial += 1
        tap = f"t{self.table}{self.seat}-{self.serial}"
        body = json.dumps({"id": tap, "after": table["version"], "event": event}).encode()
        start = time.perf_counter()
        status, _ = self._request("POST", body, drop=self.rng.random() < DROP)
        if status == 200:
            self.acks.append(time.perf_counter() - start)
            self.acked.append((str(table["match_id"]), tap))
        return status

    def play(self, finished: threading.Event) -> None:
        while not finished.is_set():
            table = self.get()
            state = table.get("state")
            if not table.get("match_id") or state is None:
                time.sleep(PACE_S)
                continue
            status = state["status"]
            if status == "lag":
                if self.seat == "A":
                    self.tap(table, {"type": "lag", "winner": self.rng.choice("AB")})
                else:
                    time.sleep(PACE_S)
            elif status == "playing":
                if self.rng.random() < 0.5:
                    self.tap(table, {"type": "rack", "winner": self.rng.choice("AB")})
                else:
                    time.sleep(PACE_S)
            elif status == "finished":
                if not table["signed"][self.seat]:
                    self.tap(table, {"type": "sign", "player": self.seat})
                else:
                    time.sleep(PACE_S)
            else:
                time.sleep(PACE_S)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] * 1000 if len(values) >= 20 else max(values, default=0) * 1000


def baseline(folder: Path, taps: int) -> float:
    """The same number of taps appended straight to a match log (the log's session): p95 in ms."""
    with closing(Store(folder / "baseline.db")) as store:
        times: list[float] = []
        session = None
        for n in range(taps):
            if session is None or session.state.finished:
                setup = MatchStarted(("Ana", "Ben"), RACE, scoring=Scoring.RACKS)
                session = Session.start(store, setup)
                session.record(Lag(Seat.A))
            start = time.perf_counter()
            session.record(RackWon(Seat.A if n % 2 else Seat.B))
            times.append(time.perf_counter() - start)
        return p95(times)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="phones-bench-"))
    db = folder / "organizer.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, "Bench open", Options(Format.DE, race=RACE))
        operations.add_entries(store, tid, "name\n" + "".join(f"Player {n:03d}\n" for n in range(PLAYERS)))
        operations.draw(store, tid, 7)
        operations.set_tables(store, tid, f"1-{TABLES}")
        keys = dict(operations.set_phones(store, tid, f"1-{TABLES}"))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    server = subprocess.Popen(
        [sys.executable, "-m", "referee_desk.main", "tournament", "serve", tid, "--web", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().split(":")[2].split("/")[0])
        rng = random.Random(5)
        finished = threading.Event()
        phones = [
            Phone(port, table, str(keys[table]), seat, random.Random(rng.random()))
            for table in range(1, TABLES + 1)
            for seat in "AB"
        ]
        threads = [threading.Thread(target=p.play, args=(finished,), daemon=True) for p in phones]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        while True:
            time.sleep(1.0)
            with closing(Store.open_readonly(db)) as store:
                if operations.open_tournament(store, tid).state.tournament.status.value == "finished":
                    break
        finished.set()
        for thread in threads:
            thread.join(timeout=30)
        took = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    acked = [pair for p in phones for pair in p.acked]
    acks = [a for p in phones for a in p.acks]
    with closing(sqlite3.connect(db)) as conn:
        taps = set(conn.execute("SELECT match_id, tap_id FROM phone_taps").fetchall())
        events = dict(conn.execute("SELECT match_id, count(*) - 1 FROM events GROUP BY match_id").fetchall())
        per_match = dict(conn.execute("SELECT match_id, count(*) FROM phone_taps GROUP BY match_id").fetchall())
    lost = sum(1 for pair in set(acked) if pair not in taps)
    duplicates = sum(max(0, events.get(m, 0) - n) for m, n in per_match.items())
    print(f"{len(set(acked))} taps acknowledged in {took:.1f} s ({len(taps)} recorded), {len(per_match)} matches")
    print(f"baseline (straight to the log) p95 {baseline(folder, len(taps)):.1f} ms")
    print(f"lost {lost} duplicates {duplicates} ack_p95_ms {p95(acks):.0f} bracket_p95_ms n/a gui_block_ms n/a")


if __name__ == "__main__":
    main()
