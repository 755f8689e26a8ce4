"""The organizer's own matches to the event server: the match logs its process writes (the phone
tables', scored by racks on the players' phones) sent as a desk sends its own, so that the board
shows a phone table like a desk's.

The desk's pusher on the organizer's login: the organizer's database is read on its own
connection, and only the rows past what the server holds are sent. The server keeps its checks
(head + 1, the hash chain, the primary key), so a row sent twice is refused and one sent out of
order never lands. The organizer may read every table's heads, so it keeps no watermark file:
it asks the server what it holds of the matches with rows to send (one round trip), checks that
the server's last row is its own (the same hash at that seq: the chain makes every earlier row
the same) and sends the rest in one transaction, read back. Another row there, or the match held
by another table, is a conflict: reported to the server, that match stops, nothing is
overwritten. What each server confirmed is remembered in memory, so a quiet match costs nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee_app.venue import db
from referee_app.venue.db import EventRow

if TYPE_CHECKING:
    from referee_app.log.store import Store
    from referee_app.venue.db import Conn

RACED_STATES = (db.REFUSED_NOT_NEXT, db.REFUSED_CHAIN, "23505")
"""Another writer's rows got there first (a second process pushing the same matches): read again."""


@dataclass
class OwnPushed:
    """One round: the rows sent, the matches stopped by a conflict (match id: first seq, why)."""

    pushed: int = 0
    behind: int = 0
    """Rows not on the server yet after this round (a race lost: sent at the next)."""
    conflicts: dict[str, tuple[int, str]] = field(default_factory=dict)


@dataclass
class OwnMarks:
    """What one server confirmed of each match (by the server's id: another server starts afresh)
    and the matches stopped by a conflict there."""

    server: str = ""
    confirmed: dict[str, int] = field(default_factory=dict)
    conflicts: dict[str, tuple[int, str]] = field(default_factory=dict)

    def on_server(self, sid: str) -> None:
        if sid != self.server:
            self.server, self.confirmed, self.conflicts = sid, {}, {}


class _Raced(Exception):
    """The server holds other rows than the ones just inserted."""


def to_push(store: Store, tables: Mapping[str, str], marks: OwnMarks) -> dict[str, int]:
    """The matches of `tables` with rows no server confirmed yet, and their heads (read locally:
    nothing is asked of the server, which need not be connected to)."""
    heads = store.heads()
    return {m: heads[m] for m in tables if heads.get(m, 0) > marks.confirmed.get(m, 0) and m not in marks.conflicts}


def push_own(conn: Conn, store: Store, tables: Mapping[str, str], marks: OwnMarks) -> OwnPushed:
    """Send the rows of `tables`' matches (match id: its table) the server does not hold yet
    (`conn` in autocommit, the organizer's); psycopg's errors are raised when the server goes."""
    out = OwnPushed(conflicts=dict(marks.conflicts))
    pending = to_push(store, tables, marks)
    if not pending:
        return out
    held = db.held_heads(conn, sorted(pending))
    for match_id, head in sorted(pending.items()):
        table = tables[match_id]
        there = held.get(match_id)
        start = 0 if there is None else there.seq
        rows = store.rows_after(match_id, max(0, start - 1))
        why = ""
        if there is not None and there.table_no != table:
            why = f"match {match_id} is held by table {there.table_no} on the event server"
        elif start > head:
            why = f"match {match_id}: the event server holds {start} events, this database {head}"
        elif there is not None and start > 0 and (not rows or rows[0].hash != there.hash):
            why = f"match {match_id}: the event server holds another event {start}"
        if why:
            seq = min(start, head + 1) if start else 1
            db.report_table_conflict(conn, match_id, seq, rows[0].hash if rows else "", table)
            marks.conflicts[match_id] = out.conflicts[match_id] = (seq, why)
            continue
        send = [EventRow(match_id, *row) for row in rows if row.seq > start]
        if not send:
            marks.confirmed[match_id] = start
            continue
        try:
            with conn.transaction():
                db.insert_events(conn, send, table)
                back = db.held_hashes(conn, match_id, start, send[-1].seq)
                if any(back.get(row.seq) != row.hash for row in send):
                    raise _Raced(match_id)
        except Exception as exc:  # psycopg's errors carry the server's sqlstate
            if not isinstance(exc, _Raced) and getattr(exc, "sqlstate", None) not in RACED_STATES:
                raise
            out.behind += len(send)  # the other writer's rows are read at the next round
            continue
        marks.confirmed[match_id] = send[-1].seq
        out.pushed += len(send)
    return out
