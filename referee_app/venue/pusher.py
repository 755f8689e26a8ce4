"""A desk connected to an event: its events go to the event's PostgreSQL, in the background.

The desk records into its own SQLite exactly as before; a click never waits for the
network. The pusher reads the desk's database on its own connection, sends every event
the server has not confirmed (one transaction per match, in seq order), reads back what
the server then holds, and keeps, per match, the last seq confirmed: its watermark, in a
small SQLite file beside the desk's (`matches.db.link`, 0600), with the connection settings
(the server, this table's key, the server's pinned certificate). The server going away, or
anything else going wrong, only makes it wait, say so and try again (`Worker`).

The server checks every row (its table, head + 1, its hash chain). A row the server holds
with another hash at the same (match_id, seq), or another writer's row that got there first,
is a conflict: it is reported to the server and on the desk, the match's push stops there,
nothing is overwritten on either side. A match that belongs to another table is a conflict
on this desk only.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.game.events import MatchStarted
from referee_app.log.desk_link import LINK_SUFFIX, DeskLinkFile, LinkFileDamaged, LinkRow
from referee_app.log.desk_link import link_path as link_path  # where the desk's link file is, for the GUI and CLI
from referee_app.system import open_no_link
from referee_app.venue import db
from referee_app.venue.db import EventRow
from referee_app.venue.model import (
    Assignment,
    EventLink,
    EventServerError,
    LinkReport,
    LinkStatus,
    WrongKey,
    first_line,
    is_started,
    refused_login,
)
from referee_app.worker import Worker

if TYPE_CHECKING:
    from referee_app.venue.db import Conn

POLL_S = 5.0
"""With nothing to send, the pusher still looks this often (new assignments, a server back)."""
ASSIGNMENTS_S = 2.0
"""A desk recording fast reads its table's assignments at most this often (not at every event)."""


def certificate_path(db_path: Path) -> Path:
    """The server's pinned certificate, as a file for libpq (`sslrootcert`)."""
    return Path(str(db_path) + LINK_SUFFIX + ".crt")


class LinkDamaged(EventServerError):
    """The link file cannot be read: `connect` replaces it."""


class LinkFile(DeskLinkFile):
    """The desk's side of the link as the live event reads it: an `EventLink` and the watermarks
    (the file itself, and every statement on it, is the log wing's `DeskLinkFile`)."""

    def __init__(self, db_path: Path, mend: bool = False) -> None:
        try:
            super().__init__(db_path, mend)
        except LinkFileDamaged as exc:
            raise LinkDamaged(str(exc)) from None

    def load(self) -> EventLink | None:
        row = self.load_row()
        if row is None:
            return None
        return EventLink(row.host, row.key, row.table, row.port, row.fingerprint, row.certificate)

    def save(self, link: EventLink) -> None:
        self.save_row(LinkRow(link.host, link.port, link.key, link.table, link.fingerprint, link.certificate))


def desk_conninfo(db_path: Path, link: EventLink) -> str:
    """The link's connection settings, with its pinned certificate written where libpq reads it."""
    if not link.fingerprint:
        return link.conninfo()
    if not link.certificate:
        raise EventServerError("the event server's certificate is not checked yet: connect again")
    path = certificate_path(db_path)
    try:
        current = path.read_text() if path.is_file() and not path.is_symlink() else None
    except OSError:
        current = None
    if current != link.certificate:
        if path.is_symlink() or path.exists():
            path.unlink()
        fd = open_no_link(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(link.certificate)
    return link.conninfo(str(path))


def complete(db_path: Path, link: EventLink) -> EventLink:
    """Check the link against the server once: pin its certificate (against the fingerprint the
    referee typed), check its version, and learn which table this key belongs to."""
    import psycopg

    from referee_app.venue.tls import pinned_certificate

    if link.fingerprint and not link.certificate:
        link = replace(link, certificate=pinned_certificate(link.host, link.port, link.fingerprint))
    with psycopg.connect(desk_conninfo(db_path, link)) as conn:
        db.server_id(conn)
        table = db.my_table(conn)
    if table is None:
        raise WrongKey("this key is not a table's: use the key the organizer printed for this table")
    if link.table and link.table != table:
        raise WrongKey(f"this key is table {table}'s, not table {link.table}'s")
    return replace(link, table=table)


IN_USE_S = 15 * 60
"""A match of this table another desk sent an event for this recently is that desk's live match."""


def other_desk_since(db_path: Path, link: EventLink, now: datetime | None = None) -> datetime | None:
    """When another desk last sent an event for this table's live match (a match of this table on
    the server that this desk's database does not hold); None: no other desk is using the table."""
    import psycopg

    from referee_app.log.store import Store

    with psycopg.connect(desk_conninfo(db_path, link)) as conn:
        theirs = db.table_matches(conn)
    if not theirs:
        return None
    store = Store.open_readonly(db_path) if db_path.exists() else None
    try:
        mine = set(store.heads()) if store is not None else set()
    finally:
        if store is not None:
            store.close()
    now = now or datetime.now(UTC)
    recent = [at for match_id, at in theirs.items() if match_id not in mine and (now - at).total_seconds() < IN_USE_S]
    return max(recent, default=None)


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

    def setups(self, heads: Iterable[str] | None = None) -> list[MatchStarted]:
        """Every match's `match_started` on this desk (for linking assignments); each is read and
        decoded once, the first time its match is seen (`heads`: the matches known to be there, when
        the caller has just read them: nothing is read when none is new)."""
        if heads is None or any(match_id not in self._setups for match_id in heads):
            self._setups.update(self.store.setups(known=self._setups))
        return [setup for setup in self._setups.values() if setup is not None]

    def started(self, heads: Iterable[str] | None = None) -> list[tuple[str, MatchStarted]]:
        """Every match of this desk with its `match_started` (match id, setup), read as `setups` reads them."""
        self.setups(heads)
        return [(match_id, setup) for match_id, setup in self._setups.items() if setup is not None]

    def close(self) -> None:
        self.store.close()


@dataclass
class PushOutcome:
    pushed: int = 0
    behind: int = 0
    conflicts: list[tuple[str, int]] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)
    """Why a match stopped, when the server said why (another table holds it)."""


class _Raced(Exception):
    """The server holds other rows than the ones just inserted: another writer was first."""


@dataclass(frozen=True, slots=True)
class _MatchPush:
    last: int
    sent: int
    clash: EventRow | None


RETRY_STATES = (db.REFUSED_NOT_NEXT, db.REFUSED_CHAIN, "23505")
"""The server refused a row because another writer's row got there first: look again, it is a conflict."""
REFUSED_STATES = (db.REFUSED_OTHER_TABLE, *RETRY_STATES)
"""The server's refusals of a row: the straight push then looks at the match first."""


def _push_match(conn: Conn, rows: DeskRows, match_id: str, mark: int, head: int) -> _MatchPush | None:
    """One match's pending events; None: another table holds the match.

    Straight first: the server nearly always holds exactly what the watermark says, so the rows
    past it go in one insert (the server refuses them unless they follow its head and chain onto
    it) and are read back: two round trips, no transaction of ours. Refused, or read back with
    another hash, the match is looked at first (`_push_checked`), which finds why."""
    new = [EventRow(match_id, *row) for row in rows.rows_after(match_id, mark)]
    if new and conn.autocommit:  # the insert is then its own transaction (a refused one leaves none open)
        try:
            back = db.insert_and_read_back(conn, new)
        except Exception as exc:  # psycopg's errors carry the server's sqlstate (no import on this path)
            if getattr(exc, "sqlstate", None) not in REFUSED_STATES:
                raise
        else:
            if all(back.get(row.seq) == row.hash for row in new):
                return _MatchPush(new[-1].seq, len(new), None)
    return _push_checked(conn, rows, match_id, mark, head)


def _push_checked(conn: Conn, rows: DeskRows, match_id: str, mark: int, head: int) -> _MatchPush | None:
    """One match's pending events in one transaction, after reading what the server holds of it
    (the watermark may be lost, the server restored, another writer first); None: another table
    holds the match."""
    with conn.transaction():
        held_to, held = db.desk_state(conn, match_id, mark, head)
        if held_to is None:
            return None
        start = mark
        if held_to < mark:  # the server holds less than the watermark says (a restored server)
            start = held_to
            held = db.server_hashes(conn, match_id, start, head)
        new = [EventRow(match_id, *row) for row in rows.rows_after(match_id, start)]
        if not new:
            return _MatchPush(start, 0, None)
        send: list[EventRow] = []
        last = start
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
            back = db.insert_and_read_back(conn, send)
            if any(back.get(row.seq) != row.hash for row in send):
                raise _Raced(match_id)  # rolls the transaction back
        if clash is not None:
            db.report_conflict(conn, match_id, clash.seq, clash.hash)
        return _MatchPush(last, len(send), clash)


DEMO_ID_PREFIX = "5d0c2a43-8f1e-4b7a-9c55-0a4be1d7f"
"""The match ids of the demo matches (`seeds/`) start with this: made-up matches never reach an event."""


def is_demo(match_id: str) -> bool:
    return match_id.startswith(DEMO_ID_PREFIX)


def push_pending(
    conn: Conn,
    sid: str,
    rows: DeskRows,
    marks: LinkFile,
    table: str = "",
    on_behind: Callable[[int], None] | None = None,
    heads: dict[str, int] | None = None,
) -> PushOutcome:
    """Send every event past each match's watermark (`heads`: the desk's, when just read); raise
    psycopg's errors when the server goes."""
    import psycopg

    outcome = PushOutcome()
    known = marks.marks(sid)
    heads = rows.heads() if heads is None else heads
    pending = [(m, head) for m, head in heads.items() if head > known.get(m, (0, None))[0] and not is_demo(m)]
    outcome.behind = sum(head - known.get(m, (0, None))[0] for m, head in pending)
    for match_id, head in pending:
        mark, conflict = known.get(match_id, (0, None))
        if conflict is not None:
            outcome.conflicts.append((match_id, conflict))
            continue
        if on_behind is not None:
            on_behind(outcome.behind)
        done: _MatchPush | None = None
        for attempt in (1, 2):
            try:
                done = _push_match(conn, rows, match_id, mark, head)
                break
            except (_Raced, psycopg.Error) as exc:
                raced = isinstance(exc, _Raced) or getattr(exc, "sqlstate", None) in RETRY_STATES
                if raced and attempt == 1:
                    continue  # read the server again: the other writer's rows are there now
                if getattr(exc, "sqlstate", None) == db.REFUSED_OTHER_TABLE:
                    done = None
                    outcome.reasons[match_id] = first_line(exc)
                    break
                if not raced:
                    raise
                first = rows.rows_after(match_id, mark)
                seq = first[0][0] if first else mark + 1
                done = _MatchPush(mark, 0, EventRow(match_id, seq, "", "", "", ""))
                outcome.reasons[match_id] = first_line(exc)
        if done is None:  # another table's match: a conflict here, which the server refuses to hear of
            first = rows.rows_after(match_id, 0)
            outcome.reasons.setdefault(match_id, "another table holds this match (the organizer can move it here)")
            done = _MatchPush(mark, 0, EventRow(match_id, first[0][0] if first else 1, "", "", "", ""))
        conflict_seq = None if done.clash is None else done.clash.seq
        marks.set_mark(sid, match_id, done.last, conflict_seq)  # after the commit: a crash between resends
        outcome.pushed += done.sent
        outcome.behind -= max(0, done.last - mark)
        if conflict_seq is not None:
            outcome.conflicts.append((match_id, conflict_seq))
    outcome.behind = max(0, outcome.behind)
    return outcome


def waiting(
    assignments: tuple[Assignment, ...], rows: DeskRows, heads: Iterable[str] | None = None
) -> tuple[Assignment, ...]:
    """The assignments no match of this desk has started (`is_its_match`: naming it, or the same
    players by hand; every match of this desk is on its table)."""
    started = rows.started(heads)
    return tuple(a for a in assignments if not is_started(a, ((m, setup, a.table) for m, setup in started)))


class Pusher(Worker):
    """The background pusher of one desk database. `poke()` after each record; never blocks."""

    name = "event-pusher"

    def __init__(self, db_path: Path, link: EventLink, on_report: Callable[[LinkReport], None] | None = None) -> None:
        super().__init__()
        self.db = Path(db_path)
        self.link = link
        self.on_report = on_report
        self.report = LinkReport(LinkStatus.OFFLINE)
        self._conn: Conn | None = None
        self._sid = ""
        self._marks: LinkFile | None = None
        self._rows: DeskRows | None = None
        self._assignments: tuple[Assignment, ...] = ()
        self._table_assignments: tuple[Assignment, ...] = ()
        self._held: frozenset[str] | None = None
        """The server's open assignments of this table, as last read (at `_assignments_read`)."""
        self._assignments_read: float | None = None
        self._marking: list[tuple[str, str]] = []
        """(assignment, player) the desk's referee marked at the table, not yet on the server."""
        self._marking_lock = threading.Lock()
        self._refused_mark = ""

    def start(self) -> Pusher:
        super().start()
        return self

    def mark_here(self, assignment_id: str, player: str) -> None:
        """The referee says `player` of the match sent to this table is at the table: sent to the
        server at once (kept and sent again while it cannot be reached). Any thread."""
        with self._marking_lock:
            if (assignment_id, player) not in self._marking:
                self._marking.append((assignment_id, player))
        self.poke()

    def marking(self) -> tuple[tuple[str, str], ...]:
        with self._marking_lock:
            return tuple(self._marking)

    def _send_marks(self, conn: Conn) -> None:
        """The marks made at this desk, each to the server (a mark the server refuses, a match taken
        back meanwhile, is dropped and said)."""
        for mark in self.marking():
            try:
                db.desk_arrived(conn, *mark)
            except Exception as exc:  # psycopg's errors carry the server's sqlstate (no import on this path)
                if getattr(exc, "sqlstate", None) != db.REFUSED_ARRIVAL:
                    raise  # the server away: the mark is kept and sent again
                self._refused_mark = first_line(exc)
            with self._marking_lock:
                if mark in self._marking:
                    self._marking.remove(mark)
            self._assignments_read = None  # read the table's assignments (and who is here) again now

    def _say(self, report: LinkReport) -> None:
        self.report = report
        if self.on_report is not None:
            self.on_report(report)

    def _catching_up(self, assignments: tuple[Assignment, ...]) -> Callable[[int], None]:
        return lambda behind: self._say(LinkReport(LinkStatus.CATCHING_UP, behind, (), assignments))

    def step(self) -> None:
        import psycopg

        self._wake.clear()
        if self._marks is None:
            self._marks = LinkFile(self.db)
        if self._rows is None:
            self._rows = DeskRows(self.db)
        if self._conn is None:
            if not self.link.table or (self.link.fingerprint and not self.link.certificate):
                self.link = complete(self.db, self.link)
                self._marks.save(self.link)
            conn = psycopg.connect(desk_conninfo(self.db, self.link), autocommit=True)
            self._conn = conn
            self._sid = db.server_id(conn)
            self._assignments_read = None
        conn = self._conn
        rows, marks = self._rows, self._marks
        self._send_marks(conn)
        now = time.monotonic()
        with db.answered_within(conn):  # a server gone silent (the laptop off the Wi-Fi): cut, connected again
            if self._assignments_read is None or now - self._assignments_read >= ASSIGNMENTS_S:
                every = db.assignments(conn, self.link.table)
                self._table_assignments = tuple(a for a in every if not a.started_match)
                self._held = frozenset(a.id for a in every)
                self._assignments_read = now
            heads = rows.heads()
            self._assignments = waiting(self._table_assignments, rows, heads)
            outcome = push_pending(
                conn, self._sid, rows, marks, self.link.table, self._catching_up(self._assignments), heads
            )
        status = LinkStatus.CONFLICT if outcome.conflicts else LinkStatus.CONNECTED
        reason = "; ".join([*outcome.reasons.values(), *([self._refused_mark] if self._refused_mark else [])])
        self._refused_mark = ""
        report = LinkReport(status, 0, tuple(outcome.conflicts), self._assignments, reason, self._held, self.marking())
        self._say(report)
        self._wake.wait(POLL_S)

    def cap_for(self, exc: BaseException) -> float:
        return db.retry_cap(exc, self.max_backoff_s)

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        import psycopg

        self._close_connection()
        if not isinstance(exc, psycopg.Error):  # the desk's own files may be at fault: open them again
            self._close_files()
        lost = isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError))
        behind = 0
        if self._rows is not None and self._marks is not None:
            try:
                behind = _behind(self._rows, self._marks)
            except sqlite3.Error:
                behind = 0
        if refused_login(exc):  # trying the same key again cannot help: Event > Connect
            self._say(LinkReport(LinkStatus.WRONG_KEY, behind, (), (), first_line(exc)))
            self._stopping.set()
            return
        status = LinkStatus.OFFLINE if lost else LinkStatus.ERROR
        self._say(LinkReport(status, behind, (), self._assignments, first_line(exc), marking=self.marking()))

    def _close_connection(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    def _close_files(self) -> None:
        for opened in (self._rows, self._marks):
            if opened is not None:
                with contextlib.suppress(Exception):
                    opened.close()
        self._rows, self._marks = None, None

    def finish(self) -> None:
        self._close_connection()
        self._close_files()


def _behind(rows: DeskRows, marks: LinkFile) -> int:
    """Events not yet confirmed by the last server this desk reached (all of them, before any)."""
    known = marks.confirmed()
    return sum(max(0, head - known.get(m, 0)) for m, head in rows.heads().items() if not is_demo(m))
