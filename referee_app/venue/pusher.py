"""A desk connected to an event: its events go to the event's PostgreSQL, in the background.

The desk records into its own SQLite exactly as before; a click never waits for the
network. The pusher reads the desk's database on its own connection, sends every event
the server has not confirmed (`INSERT ... ON CONFLICT (match_id, seq) DO NOTHING`, one
transaction per match, in seq order) and keeps, per match, the last seq confirmed: its
watermark, in a small SQLite file beside the desk's (`matches.db.link`), with the
connection settings. The server going away only makes it wait and try again.

A row the server holds with another hash at the same (match_id, seq) is a conflict: it is
reported to the server and on the desk, the match's push stops there, nothing is
overwritten on either side.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.game.events import MatchStarted
from referee_app.venue import db
from referee_app.venue.db import EventRow
from referee_app.venue.model import (
    Assignment,
    EventLink,
    LinkReport,
    LinkStatus,
    first_line,
    is_started,
)

if TYPE_CHECKING:
    from referee_app.venue.db import Conn

LINK_SUFFIX = ".link"
RETRY_S = 1.0
POLL_S = 5.0
"""With nothing to send, the pusher still looks this often (new assignments, a server back)."""


def link_path(db: Path) -> Path:
    return Path(str(db) + LINK_SUFFIX)


class LinkFile:
    """The desk's side of the link: its settings and watermarks, in SQLite beside its database."""

    def __init__(self, db: Path) -> None:
        self.path = link_path(db)
        self.conn = sqlite3.connect(self.path, timeout=10, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode = WAL")
        with self.conn:
            self.conn.execute("CREATE TABLE IF NOT EXISTS link (host TEXT, port INTEGER, password TEXT, table_no TEXT)")
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS marks (server_id TEXT NOT NULL, match_id TEXT NOT NULL,"
                " seq INTEGER NOT NULL, conflict_seq INTEGER, PRIMARY KEY (server_id, match_id))"
            )

    def load(self) -> EventLink | None:
        row = self.conn.execute("SELECT host, port, password, table_no FROM link").fetchone()
        return None if row is None else EventLink(row[0], row[2], row[3], int(row[1]))

    def save(self, link: EventLink) -> None:
        with self.conn:
            self.conn.execute("DELETE FROM link")
            self.conn.execute("INSERT INTO link VALUES (?, ?, ?, ?)", (link.host, link.port, link.password, link.table))

    def forget(self) -> None:
        with self.conn:
            self.conn.execute("DELETE FROM link")

    def marks(self, server_id: str) -> dict[str, tuple[int, int | None]]:
        rows = self.conn.execute("SELECT match_id, seq, conflict_seq FROM marks WHERE server_id = ?", (server_id,))
        return {match_id: (seq, conflict) for match_id, seq, conflict in rows}

    def set_mark(self, server_id: str, match_id: str, seq: int, conflict_seq: int | None) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT OR REPLACE INTO marks VALUES (?, ?, ?, ?)", (server_id, match_id, seq, conflict_seq)
            )

    def close(self) -> None:
        self.conn.close()


class DeskRows:
    """The desk's database, read through the log's store on the pusher's own read-only connection
    (WAL: the desk keeps writing)."""

    def __init__(self, db: Path) -> None:
        from referee_app.log.store import Store

        self.store = Store.open_readonly(db)
        self._setups: dict[str, MatchStarted | None] = {}

    def heads(self) -> dict[str, int]:
        return self.store.heads()

    def rows_after(self, match_id: str, seq: int) -> Sequence[tuple[int, str, str, str, str]]:
        return self.store.rows_after(match_id, seq)

    def setups(self) -> list[MatchStarted]:
        """Every match's `match_started` on this desk (for linking assignments); each is read and
        decoded once, the first time its match is seen."""
        self._setups.update(self.store.setups(known=self._setups))
        return [setup for setup in self._setups.values() if setup is not None]

    def close(self) -> None:
        self.store.close()


@dataclass
class PushOutcome:
    pushed: int = 0
    behind: int = 0
    conflicts: list[tuple[str, int]] = field(default_factory=list)


DEMO_ID_PREFIX = "5d0c2a43-8f1e-4b7a-9c55-0a4be1d7f"
"""The match ids of the demo matches (`seeds/`) start with this: made-up matches never reach an event."""


def is_demo(match_id: str) -> bool:
    return match_id.startswith(DEMO_ID_PREFIX)


def push_pending(
    conn: Conn,
    sid: str,
    rows: DeskRows,
    marks: LinkFile,
    table: str,
    on_behind: Callable[[int], None] | None = None,
) -> PushOutcome:
    """Send every event past each match's watermark; raise psycopg's errors when the server goes."""
    outcome = PushOutcome()
    known = marks.marks(sid)
    pending = [(m, head) for m, head in rows.heads().items() if head > known.get(m, (0, None))[0] and not is_demo(m)]
    outcome.behind = sum(head - known.get(m, (0, None))[0] for m, head in pending)
    for match_id, _head in pending:
        mark, conflict = known.get(match_id, (0, None))
        if conflict is not None:
            outcome.conflicts.append((match_id, conflict))
            continue
        if on_behind is not None:
            on_behind(outcome.behind)
        new = [EventRow(match_id, *row) for row in rows.rows_after(match_id, mark)]
        if not new:
            continue
        with conn.transaction():
            held = db.server_hashes(conn, match_id, mark, new[-1].seq)
            send: list[EventRow] = []
            last = mark
            clash: EventRow | None = None
            for row in new:
                there = held.get(row.seq)
                if there is not None and there != row.hash:
                    clash = row
                    break
                if there is None:
                    send.append(row)
                last = row.seq
            if send:
                db.insert_events(conn, send, table)
            if clash is not None:
                db.report_conflict(conn, match_id, clash.seq, clash.hash, table)
        conflict_seq = None if clash is None else clash.seq
        marks.set_mark(sid, match_id, last, conflict_seq)  # after the commit: a crash between resends, harmlessly
        outcome.pushed += len(send)
        outcome.behind -= last - mark
        if conflict_seq is not None:
            outcome.conflicts.append((match_id, conflict_seq))
    return outcome


def waiting(assignments: tuple[Assignment, ...], rows: DeskRows) -> tuple[Assignment, ...]:
    """The assignments no match of this desk has started (by its id, or the same players by hand)."""

    setups = rows.setups()
    return tuple(a for a in assignments if not is_started(a, setups))


class Pusher:
    """The background pusher of one desk database. `poke()` after each record; never blocks."""

    def __init__(self, db: Path, link: EventLink, on_report: Callable[[LinkReport], None] | None = None) -> None:
        self.db = Path(db)
        self.link = link
        self.on_report = on_report
        self.report = LinkReport(LinkStatus.OFFLINE)
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="event-pusher", daemon=True)

    def start(self) -> Pusher:
        self._thread.start()
        return self

    def poke(self) -> None:
        """Something was recorded: send it now (a flag set, nothing else on the caller's thread)."""
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self._thread.join(timeout=10)

    def _say(self, report: LinkReport) -> None:
        self.report = report
        if self.on_report is not None:
            self.on_report(report)

    def _catching_up(self, assignments: tuple[Assignment, ...]) -> Callable[[int], None]:
        return lambda behind: self._say(LinkReport(LinkStatus.CATCHING_UP, behind, (), assignments))

    def _run(self) -> None:
        import psycopg

        marks = LinkFile(self.db)
        rows = DeskRows(self.db)
        conn: Conn | None = None
        assignments: tuple[Assignment, ...] = ()
        try:
            while not self._stopping.is_set():
                self._wake.clear()
                try:
                    if conn is None:
                        conn = psycopg.connect(self.link.conninfo(), autocommit=True)
                        sid = db.server_id(conn)
                    assignments = waiting(db.assignments(conn, self.link.table), rows)
                    outcome = push_pending(conn, sid, rows, marks, self.link.table, self._catching_up(assignments))
                    status = LinkStatus.CONFLICT if outcome.conflicts else LinkStatus.CONNECTED
                    self._say(LinkReport(status, 0, tuple(outcome.conflicts), assignments))
                    self._wake.wait(POLL_S)
                except (psycopg.OperationalError, psycopg.InterfaceError, db.EventVersionError) as exc:
                    if conn is not None:
                        conn.close()
                    conn = None
                    behind = _behind(rows, marks)
                    self._say(LinkReport(LinkStatus.OFFLINE, behind, (), assignments, first_line(exc)))
                    self._stopping.wait(RETRY_S)
        finally:
            if conn is not None:
                conn.close()
            rows.close()
            marks.close()


def _behind(rows: DeskRows, marks: LinkFile) -> int:
    """Events not yet confirmed by the last server this desk reached (all of them, before any)."""
    known: dict[str, int] = {}
    for match_id, seq, _conflict in marks.conn.execute("SELECT match_id, seq, conflict_seq FROM marks"):
        known[match_id] = max(known.get(match_id, 0), seq)
    return sum(max(0, head - known.get(m, 0)) for m, head in rows.heads().items() if not is_demo(m))
