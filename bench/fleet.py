"""A live event of 64 tables against a real PostgreSQL: nothing lost, the board on time, the desk
unhindered.

It starts its own throwaway event server (Debian's PostgreSQL; as `postgres` when run by root)
and stops it at the end. 64 simulated desks record 200 events each (one every 0.2 s, each a
durable SQLite commit, as the desk makes them) with their background pushers running, while:
the server is stopped for 10 s; three desks (5 %) are restarted with their watermarks lost;
the server is crashed once (`pg_ctl stop -m immediate`) and started again. A board follows
the event with LISTEN/NOTIFY.

Printed: events lost, duplicated or with gaps on the server (against the desks' databases);
the board's p95 from a desk's commit to the board having it (events committed while the server
was up); the catch-up after the 10 s stop (from the server back to the board holding everything
committed before); and the desk's click p95 (bench/overlay.py's click, paced as a referee's)
with its pusher connected against the same desk not connected, in alternating blocks.

As at a venue: each desk logs in with its own table's key, over TLS with the server's certificate
pinned by its fingerprint, and the server checks every row's table, seq and hash chain.

Last line: `lost N duplicates N gaps N board_p95_ms N catch_up_s N click_ratio N`
(targets: 0, 0, 0, <= 1000, <= 5, <= 1.1).
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path[0] = str(Path(__file__).resolve().parents[1])

import psycopg

from bench.click import p95
from bench.synthetic import synthetic_events
from referee_app.game.events import MatchStarted
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.venue import db
from referee_app.venue.board import BoardWatcher
from referee_app.venue.model import EventLink, TableKey
from referee_app.venue.pusher import LinkFile, Pusher, complete, link_path
from referee_app.venue.server import Cluster

DESKS = 64
EVENTS = 200
EVERY_S = 0.2
STOP_AT_S, STOP_FOR_S = 8.0, 10.0
LOSE_MARKS_AT_S = 22.0
CRASH_AT_S = 28.0
LOST = (5, 27, 51)  # 3 of 64 desks: 5 %


@dataclasses.dataclass
class FleetDesk:
    db: Path
    number: int
    events: list[Any]
    pusher: Pusher
    link: EventLink
    session: Session | None = None  # made on the desk's own thread (SQLite's connection is per thread)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def table_link(cluster: Cluster, table: str, fingerprint: str, folder: Path) -> EventLink:
    """The table's own key (as `event-server add-table` makes it), over TLS pinned to the fingerprint."""
    secret = TableKey.new_secret()
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        key = TableKey.for_role(db.add_table(conn, table, secret), secret)
    return complete(
        Path(tempfile.mkdtemp()) / "probe.db", EventLink("127.0.0.1", str(key), table, cluster.port, fingerprint)
    )


def make_desk(folder: Path, number: int, link: EventLink) -> FleetDesk:
    db_path = folder / f"table{number}.db"
    Store(db_path).close()
    events = synthetic_events(11)  # 200 events: the start, the lag and 11 racks
    assert len(events) == EVENTS
    LinkFile(db_path).save(link)
    return FleetDesk(db_path, number, events, Pusher(db_path, link).start(), link)


def begin(desk: FleetDesk) -> Session:
    setup = desk.events[0]
    assert isinstance(setup, MatchStarted)
    desk.session = Session.start(Store(desk.db), dataclasses.replace(setup, match_id="", table=str(desk.number)))
    return desk.session


def main() -> None:  # noqa: C901
    base = Path(tempfile.mkdtemp(prefix="referee-fleet-"))
    base.chmod(0o711)
    cluster = Cluster(base / "server")
    cluster.init(port=free_port())
    cluster.start()
    organizer = cluster.organizer_conninfo()
    fingerprint = cluster.fingerprint()
    try:
        committed: dict[tuple[str, int], float] = {}
        arrived: dict[tuple[str, int], float] = {}
        seen: dict[str, int] = {}
        lock = threading.Lock()

        def on_board(_view: dict[str, Any]) -> None:
            now = time.monotonic()
            with lock:
                for match_id, seq in list(board.model.known.items()):
                    for s in range(seen.get(match_id, 0) + 1, seq + 1):
                        arrived[(match_id, s)] = now
                    seen[match_id] = seq

        board = BoardWatcher(organizer, on_board, poll_s=1.0)
        desks = [make_desk(base, n, table_link(cluster, str(n), fingerprint, base)) for n in range(DESKS)]
        board.start()
        down: list[tuple[float, float]] = []

        ready = threading.Barrier(DESKS + 1)

        def record(desk: FleetDesk, offset: float) -> None:
            session = begin(desk)
            with lock:
                committed[(session.match_id, 1)] = time.monotonic()
            desk.pusher.poke()
            ready.wait()
            time.sleep(offset)
            for event in desk.events[1:]:
                session.record(event)
                at = time.monotonic()
                with lock:
                    committed[(session.match_id, session.history.next_seq - 1)] = at
                desk.pusher.poke()
                time.sleep(EVERY_S)

        recorders = [
            threading.Thread(target=record, args=(d, i * EVERY_S / DESKS), daemon=True) for i, d in enumerate(desks)
        ]
        for thread in recorders:
            thread.start()
        ready.wait()
        started = time.monotonic()

        def at(seconds: float) -> None:
            time.sleep(max(0.0, started + seconds - time.monotonic()))

        at(STOP_AT_S)
        stop_began = time.monotonic()
        cluster.stop()
        at(STOP_AT_S + STOP_FOR_S)
        cluster.start()
        back = time.monotonic()
        down.append((stop_began, back))
        heads = {d.session.match_id: len(d.session.history.entries) for d in desks}
        while any(seen.get(m, 0) < h for m, h in heads.items()):
            time.sleep(0.02)
        catch_up = time.monotonic() - back

        at(LOSE_MARKS_AT_S)
        for n in LOST:  # the desk restarts without its watermarks (a restored backup, a new laptop)
            desk = desks[n]
            desk.pusher.stop()
            with sqlite3.connect(link_path(desk.db)) as links:
                links.execute("DELETE FROM marks")
            desk.pusher = Pusher(desk.db, desk.link).start()

        at(CRASH_AT_S)
        crash = time.monotonic()
        cluster.stop(immediate=True)
        cluster.start()
        down.append((crash, time.monotonic()))

        for thread in recorders:
            thread.join()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(
            seen.get(d.session.match_id, 0) < len(d.session.history.entries) for d in desks
        ):
            time.sleep(0.05)
        board.stop()
        for desk in desks:
            desk.pusher.stop()

        with psycopg.connect(organizer) as conn:
            server = conn.execute("SELECT match_id, seq, hash FROM events").fetchall()
        ours: dict[tuple[str, int], str] = {}
        for desk in desks:
            with sqlite3.connect(desk.db) as desk_db:
                for match_id, seq, digest in desk_db.execute("SELECT match_id, seq, hash FROM events"):
                    ours[(match_id, seq)] = digest
        on_server: dict[tuple[str, int], list[str]] = {}
        for match_id, seq, digest in server:
            on_server.setdefault((match_id, seq), []).append(digest)
        lost = sum(1 for key, digest in ours.items() if on_server.get(key, [None])[0] != digest)
        duplicates = sum(len(v) - 1 for v in on_server.values())
        per_match: dict[str, list[int]] = {}
        for match_id, seq in on_server:
            per_match.setdefault(match_id, []).append(seq)
        gaps = sum(1 for seqs in per_match.values() if sorted(seqs) != list(range(1, len(seqs) + 1)))

        def while_up(t: float) -> bool:
            return not any(a <= t <= b for a, b in down)

        latency = sorted((arrived[key] - t) * 1000 for key, t in committed.items() if key in arrived and while_up(t))
        print(f"{DESKS} desks x {EVENTS} events = {len(ours)} events; on the server: {len(server)}")
        print(f"server stopped {STOP_FOR_S:.0f} s, crashed once, {len(LOST)} desks restarted with lost watermarks")
        print(
            f"desk commit to board, {len(latency)} events committed while the server was up:"
            f" median {statistics.median(latency):.0f} ms, p95 {p95(latency):.0f} ms, max {latency[-1]:.0f} ms"
        )
        print(f"catch-up after the 10 s stop: {catch_up:.2f} s until the board held every event committed before")
        without, with_pusher = click_ratio(base, cluster)
        print(
            f"desk click without the link: median {statistics.median(without):.2f} ms, p95 {p95(without):.2f} ms;"
            f" with its pusher: median {statistics.median(with_pusher):.2f} ms, p95 {p95(with_pusher):.2f} ms"
        )
        ratio = p95(with_pusher) / p95(without)
        print(
            f"lost {lost} duplicates {duplicates} gaps {gaps} board_p95_ms {p95(latency):.0f}"
            f" catch_up_s {catch_up:.2f} click_ratio {ratio:.2f}"
        )
    finally:
        cluster.stop()
        shutil.rmtree(base, ignore_errors=True)


def click_ratio(folder: Path, cluster: Cluster) -> tuple[list[float], list[float]]:
    """The desk's click p95 with its pusher connected and without, in alternating blocks."""
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from referee_desk.desk.controller import DeskController
    from referee_desk.window import DeskWindow

    from bench.overlay import alternate_blocks
    from referee_app.game.events import Lag
    from referee_app.game.vocab import Seat

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    settings = QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)
    window = DeskWindow(DeskController(Store(folder / "clicks.db")), settings)
    window.resize(1366, 768)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.controller.new_match(MatchStarted(players=("Ana", "Ben"), race_to=99, table="65"))
    window.controller.record(Lag(winner=Seat.A))
    link = table_link(cluster, "65", cluster.fingerprint(), folder)
    times = alternate_blocks(app, window, lambda: window.link().connect_to(link), lambda: window.link().leave())
    window.close()
    return times


if __name__ == "__main__":
    main()
