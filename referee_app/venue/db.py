"""The event database's door: every PostgreSQL statement the desks, the board and the CLI run.

No other module writes SQL for the event server; a column is added here and in `schema.py`'s DDL.
Rows come back as small frozen dataclasses (never bare tuples), connections are typed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, TypeAlias

from referee_app.game.events import ShotClock
from referee_app.game.vocab import Scoring
from referee_app.venue.model import Assignment, EventServerError
from referee_app.venue.schema import DESK_ROLE, SCHEMA_VERSION

if TYPE_CHECKING:
    import psycopg
    from psycopg.rows import TupleRow

    Conn: TypeAlias = psycopg.Connection[TupleRow]


class EventVersionError(EventServerError):
    """The event server and this referee-app disagree on the event database's layout."""


OLDER_SERVER = (
    "the event server is from an older referee-app: update it (`referee-app event-server start` with this"
    " version brings it up to date; one older than version 5: make a new one)"
)
NEWER_SERVER = "the event server is from a newer referee-app: update this referee-app"


@dataclass(frozen=True, slots=True)
class EventRow:
    """One stored event, as a desk sends it and the server keeps it."""

    match_id: str
    seq: int
    type: str
    at: str
    body: str
    hash: str


@dataclass(frozen=True, slots=True)
class ServerEvent:
    """One event as the board and `pull` read it back, with the table it came from."""

    match_id: str
    seq: int
    type: str
    at: str
    body: str
    hash: str
    table_no: str


@dataclass(frozen=True, slots=True)
class Head:
    match_id: str
    seq: int
    from_organizer: bool = False
    """Sent by the organizer's own pusher, not a table's login: a phone table's match."""


ASSIGNMENT_COLUMNS = (
    "id, table_no, player_a, player_b, race_to, rules, break_order, event, round,"
    " shot_s, extension_s, extensions_per_rack, after_break_s, referee, licence_a, licence_b, club_a, club_b, scoring"
)
"""What the organizer writes; the server adds `started_match` (read with them)."""


def _assignment(row: Sequence[object], here: Sequence[str] = ()) -> Assignment:
    a_id, table, player_a, player_b, race_to, rules, break_order, event, round_, *rest = row
    clock, (referee, licence_a, licence_b, club_a, club_b, scoring, started, sent_at) = rest[:4], rest[4:]
    shot_clock = None if any(c is None for c in clock) else ShotClock(*(int(str(c)) for c in clock))
    return Assignment(
        str(a_id), str(table), (str(player_a), str(player_b)), int(str(race_to)), str(rules), str(break_order),
        str(event), str(round_), shot_clock, str(referee), (str(licence_a), str(licence_b)),
        (str(club_a), str(club_b)), "" if started is None else str(started), Scoring(str(scoring)),
        sent_at if isinstance(sent_at, datetime) else None,
        tuple(p for p in (str(player_a), str(player_b)) if p in here),
    )  # fmt: skip


def _assignment_values(a: Assignment) -> tuple[object, ...]:
    clock = a.shot_clock
    timing = (None,) * 4 if clock is None else (clock.shot_s, clock.extension_s, clock.extensions_per_rack,
                                                 clock.after_break_s)  # fmt: skip
    return (a.id, a.table, a.players[0], a.players[1], a.race_to, a.rules, a.break_order, a.event, a.round, *timing,
            a.referee, *a.licences, *a.clubs, a.scoring.value)  # fmt: skip


# --- every reader -------------------------------------------------------------------------------


OFFLINE_RETRY_CAP_S = 1.0
"""A server that went away is tried again at least this often: a desk, the board and the phone
tables catch up soon after it is back."""


ANSWER_S = 15.0
"""How long a worker's round waits for the server's answers before its connection is cut."""


@contextmanager
def answered_within(conn: Conn, seconds: float = ANSWER_S) -> Iterator[None]:
    """The server's answers within `seconds`, or the connection is cut: what waits on it fails at
    once as a lost connection (the worker then connects again). A server gone silent behind
    something that still holds the connection (a router, a proxy) is never found out by TCP."""
    timer = threading.Timer(seconds, _cut, (conn,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _cut(conn: Conn) -> None:
    import os
    import socket

    try:
        fd = os.dup(conn.pgconn.socket)
    except Exception:  # closed meanwhile: nothing waits on it
        return
    with socket.socket(fileno=fd) as cut, suppress(OSError):
        cut.shutdown(socket.SHUT_RDWR)


def retry_cap(exc: BaseException, otherwise: float) -> float:
    """The longest wait before a worker tries the event server again after `exc`: a server out of
    reach (a lost connection, one refused) at most `OFFLINE_RETRY_CAP_S`, anything else `otherwise`."""
    import psycopg

    return OFFLINE_RETRY_CAP_S if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)) else otherwise


def migrate(conn: Conn) -> tuple[int, int]:
    """As the organizer: bring the event database up to this referee-app's version, a step at a
    time, each in one transaction with its version (two at once: the second waits, then finds it
    done). Returns (the version found, the version now); a newer one is left as it is."""
    import psycopg

    from referee_app.venue.schema import MIGRATIONS

    found: int | None = None
    while True:
        try:
            with conn.transaction():
                row = conn.execute("SELECT schema_version FROM event_info FOR UPDATE").fetchone()
                if row is None:
                    raise EventVersionError(OLDER_SERVER)
                version = int(row[0])
                found = version if found is None else found
                if version >= SCHEMA_VERSION:
                    return found, version
                step = MIGRATIONS.get(version)
                if step is None:
                    raise EventVersionError(OLDER_SERVER)
                conn.execute(step)  # a fixed script of ours, no parameters
                conn.execute("UPDATE event_info SET schema_version = %s", (version + 1,))
        except psycopg.errors.UndefinedColumn:
            raise EventVersionError(OLDER_SERVER) from None


def server_id(conn: Conn) -> str:
    """The event's id, once its schema version is checked: a sentence, not an SQL error, on a mismatch."""
    import psycopg

    try:
        with conn.transaction():
            row = conn.execute("SELECT id, schema_version FROM event_info").fetchone()
    except psycopg.errors.UndefinedColumn:
        raise EventVersionError(OLDER_SERVER) from None
    except psycopg.errors.InsufficientPrivilege:
        raise EventVersionError(OLDER_SERVER) from None
    if row is None:
        raise EventVersionError(OLDER_SERVER)
    version = int(row[1])
    if version < SCHEMA_VERSION:
        raise EventVersionError(OLDER_SERVER)
    if version > SCHEMA_VERSION:
        raise EventVersionError(NEWER_SERVER)
    return str(row[0])


# --- the desk's side -------------------------------------------------------------------------------

REFUSED_OTHER_TABLE = "RF001"
"""The server's trigger: the match belongs to another table."""
REFUSED_NOT_NEXT = "RF002"
"""The event is not the match's head + 1 on the server (another writer was first)."""
REFUSED_CHAIN = "RF003"
"""The event's hash does not chain onto the server's head."""
REFUSED_ARRIVAL = "RF011"
"""A desk's mark at the table refused: another table's match, or not one of its players."""


def my_table(conn: Conn) -> str | None:
    """The table this connection's login belongs to (None: not a table's login)."""
    row = conn.execute("SELECT seats.my_table()").fetchone()
    return None if row is None or row[0] is None else str(row[0])


def desk_head(conn: Conn, match_id: str) -> int | None:
    """The server's last seq of a match this table holds (0: none yet); None: another table holds it."""
    row = conn.execute("SELECT desk_head(%s)", (match_id,)).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def server_hashes(conn: Conn, match_id: str, after: int, upto: int) -> dict[int, str]:
    """The server's hashes of this table's match in (after, upto]."""
    rows = conn.execute("SELECT seq, hash FROM desk_hashes(%s, %s, %s)", (match_id, after, upto)).fetchall()
    return {int(seq): str(digest) for seq, digest in rows}


def desk_state(conn: Conn, match_id: str, after: int, upto: int) -> tuple[int | None, dict[int, str]]:
    """In one round trip: the server's last seq of this table's match (0: none yet; None: another
    table holds it) and its hashes in (after, upto]."""
    row = conn.execute("SELECT held, seqs, hashes FROM desk_state(%s, %s, %s)", (match_id, after, upto)).fetchone()
    if row is None:
        return 0, {}
    held, seqs, hashes = row
    return (None if held is None else int(held)), {
        int(q): str(h) for q, h in zip(seqs or [], hashes or [], strict=True)
    }


def insert_and_read_back(conn: Conn, rows: Sequence[EventRow]) -> dict[int, str]:
    """Insert `rows` (all of one match, in seq order), then read back the hashes the server holds
    for their seqs: another writer's rows would show there."""
    insert_events(conn, rows)
    return server_hashes(conn, rows[0].match_id, rows[0].seq - 1, rows[-1].seq)


INSERT_ROWS = 1000
"""Rows per insert statement (PostgreSQL takes at most 65535 parameters in one)."""


def insert_events(conn: Conn, rows: Sequence[EventRow], table: str | None = None) -> None:
    """Plain inserts of the rows, in seq order, `INSERT_ROWS` to a statement: the server checks each
    one (its table, head + 1, its chain) and fills the rest; a statement is all of its rows or none.
    `table`: the organizer's own rows (the phone tables'), which name their table themselves (a
    desk's login cannot: the server writes its table)."""
    columns = "match_id, seq, type, at, body, hash" + ("" if table is None else ", table_no")
    marks = "(" + ", ".join(["%s"] * (6 if table is None else 7)) + ")"
    extra = () if table is None else (table,)
    for start in range(0, len(rows), INSERT_ROWS):
        chunk = rows[start : start + INSERT_ROWS]
        conn.execute(
            f"INSERT INTO events ({columns}) VALUES {', '.join([marks] * len(chunk))}",
            [field for r in chunk for field in (r.match_id, r.seq, r.type, r.at, r.body, r.hash, *extra)],
        )


def report_conflict(conn: Conn, match_id: str, seq: int, desk_hash: str) -> None:
    conn.execute("INSERT INTO conflicts (match_id, seq, desk_hash) VALUES (%s, %s, %s)", (match_id, seq, desk_hash))


def assignments(conn: Conn, table: str | None = None, open_only: bool = False) -> tuple[Assignment, ...]:
    """The assignments of one table, or of every table (the board), the oldest first; `open_only`:
    only those no match on the server has started (a desk is never offered one started elsewhere)."""
    open_clause = " AND started_match IS NULL" if open_only else ""
    if table is None:
        rows = conn.execute(
            f"SELECT {ASSIGNMENT_COLUMNS}, started_match, created_at FROM assignments WHERE true{open_clause}"
            " ORDER BY created_at, id"
        ).fetchall()
    else:
        rows = conn.execute(
            f"SELECT {ASSIGNMENT_COLUMNS}, started_match, created_at FROM assignments WHERE table_no = %s{open_clause}"
            " ORDER BY created_at, id",
            (table,),
        ).fetchall()
    here = arrivals(conn)
    return tuple(_assignment(r, tuple(here.get(str(r[0]), {}))) for r in rows)


def arrivals(conn: Conn) -> dict[str, dict[str, datetime]]:
    """The players marked at the table at a desk, by assignment, with when (a desk reads its own
    table's only). A server older than version 8 has none."""
    rows = conn.execute("SELECT assignment_id, player, at FROM arrivals ORDER BY at").fetchall()
    marked: dict[str, dict[str, datetime]] = {}
    for assignment, player, at in rows:
        marked.setdefault(str(assignment), {})[str(player)] = at
    return marked


def desk_arrived(conn: Conn, assignment_id: str, player: str) -> bool:
    """The desk's referee marks `player` of the match sent to this table at the table: True when it
    is new (a mark sent again records nothing); the server refuses another table's match or a name
    that is not one of its players."""
    row = conn.execute("SELECT desk_arrived(%s, %s)", (assignment_id, player)).fetchone()
    return bool(row and row[0])


def table_matches(conn: Conn) -> dict[str, datetime]:
    """This table's matches on the server and when each last received an event (whichever desk sent it)."""
    rows = conn.execute("SELECT match_id, last_at FROM desk_table_matches()").fetchall()
    return {str(m): at for m, at in rows}


# --- the organizer's side ----------------------------------------------------------------------------


def insert_assignment(conn: Conn, a: Assignment) -> None:
    values = _assignment_values(a)
    conn.execute(f"INSERT INTO assignments ({ASSIGNMENT_COLUMNS}) VALUES ({', '.join(['%s'] * len(values))})", values)


def withdraw_assignment(conn: Conn, assignment_id: str) -> bool:
    """Take back an assignment no match has started on the server (the bracket changed, a slip);
    False: it was not there, or a desk has started it."""
    done = conn.execute("DELETE FROM assignments WHERE id = %s AND started_match IS NULL", (assignment_id,))
    return done.rowcount == 1


def take_back_decided(conn: Conn, assignment_id: str) -> bool:
    """Take back an assignment whose match the organizer decided by hand, even one a desk has
    started: its desk sees it gone and says the match was decided (False: it was not there)."""
    done = conn.execute("DELETE FROM assignments WHERE id = %s", (assignment_id,))
    return done.rowcount == 1


def correct_assignment(conn: Conn, a: Assignment) -> bool:
    """Write `a` over the assignment of the same id, unless a match has started it; False: not done."""
    columns = ASSIGNMENT_COLUMNS.split(", ")[1:]
    values = _assignment_values(a)[1:]
    done = conn.execute(
        f"UPDATE assignments SET ({', '.join(columns)}) = ROW({', '.join(['%s'] * len(values))})"
        " WHERE id = %s AND started_match IS NULL",
        (*values, a.id),
    )
    return done.rowcount == 1


CHANNEL = "events"
"""What the server's triggers notify (`schema.py`'s `pg_notify`): the payload names the table written."""


def listen(conn: Conn) -> None:
    """Be told of every write on the server from now on (`conn` in autocommit)."""
    conn.execute("LISTEN events")


def written(conn: Conn, timeout_s: float, burst_s: float = 0.02) -> set[str]:
    """The tables written since the last call (the notifications' payloads), waiting up to
    `timeout_s` for the first; a burst of commits is read together (`burst_s` more). Empty: none
    came in time."""
    import time

    tables = {note.payload for note in conn.notifies(timeout=timeout_s, stop_after=1)}
    if tables:
        time.sleep(burst_s)
        tables.update(note.payload for note in conn.notifies(timeout=0))
    return tables


def heads(conn: Conn) -> list[Head]:
    rows = conn.execute("SELECT match_id, seq, from_organizer FROM heads").fetchall()
    return [Head(str(m), int(s), bool(o)) for m, s, o in rows]


def events_after(conn: Conn, marks: Sequence[tuple[str, int]]) -> list[ServerEvent]:
    """The events past each (match id, seq), in seq order per match."""
    rows = conn.execute(
        "SELECT e.match_id, e.seq, e.type, e.at, e.body, e.hash, e.table_no FROM events e"
        " JOIN unnest(%s::text[], %s::int[]) AS k(match_id, seq) ON e.match_id = k.match_id AND e.seq > k.seq"
        " ORDER BY e.match_id, e.seq",
        ([m for m, _ in marks], [s for _, s in marks]),
    ).fetchall()
    return [_server_event(r) for r in rows]


def all_events(conn: Conn) -> list[ServerEvent]:
    rows = conn.execute(
        "SELECT match_id, seq, type, at, body, hash, table_no FROM events ORDER BY match_id, seq"
    ).fetchall()
    return [_server_event(r) for r in rows]


def _server_event(r: Sequence[object]) -> ServerEvent:
    return ServerEvent(str(r[0]), int(str(r[1])), str(r[2]), str(r[3]), str(r[4]), str(r[5]), str(r[6]))


def online_tables(conn: Conn) -> set[str]:
    """The tables whose desk has a connection open now (by its login: a desk cannot pose as another)."""
    rows = conn.execute(
        "SELECT DISTINCT t.table_no FROM pg_stat_activity a JOIN seats.tables t ON t.role = a.usename"
    ).fetchall()
    return {str(table) for (table,) in rows}


def add_table(conn: Conn, table: str, secret: str) -> str:
    """Make a table's login (or give it a new key: the old one stops working); its role's name."""
    row = conn.execute("SELECT seats.add_table(%s, %s)", (table, secret)).fetchone()
    assert row is not None
    return str(row[0])


def tables(conn: Conn) -> dict[str, str]:
    """Every table with a login, and its role."""
    rows = conn.execute("SELECT table_no, role FROM seats.tables ORDER BY table_no").fetchall()
    return {str(t): str(r) for t, r in rows}


@dataclass(frozen=True, slots=True)
class HeldHead:
    """What the server holds of a match, as the organizer reads it: its last seq, hash and table."""

    seq: int
    hash: str
    table_no: str


def held_heads(conn: Conn, match_ids: Sequence[str]) -> dict[str, HeldHead]:
    """The server's head of each of `match_ids` it holds (the organizer's pusher: one round trip)."""
    rows = conn.execute(
        "SELECT match_id, seq, hash, table_no FROM heads WHERE match_id = ANY(%s)", (list(match_ids),)
    ).fetchall()
    return {str(m): HeldHead(int(s), str(h), str(t)) for m, s, h, t in rows}


def held_hashes(conn: Conn, match_id: str, after: int, upto: int) -> dict[int, str]:
    """The server's hashes of any match in (after, upto] (the organizer reads every table's)."""
    rows = conn.execute(
        "SELECT seq, hash FROM events WHERE match_id = %s AND seq > %s AND seq <= %s ORDER BY seq",
        (match_id, after, upto),
    ).fetchall()
    return {int(seq): str(digest) for seq, digest in rows}


def report_table_conflict(conn: Conn, match_id: str, seq: int, hash_: str, table: str) -> None:
    """The organizer's pusher reports a conflict on one of its own tables' matches (a desk's login
    reports only its own table's, named by the server)."""
    conn.execute(
        "INSERT INTO conflicts (match_id, seq, desk_hash, table_no) VALUES (%s, %s, %s, %s)",
        (match_id, seq, hash_, table),
    )


def move_match(conn: Conn, match_id: str, table: str) -> bool:
    """The organizer hands a match to another table on purpose: its next rows come from there."""
    done = conn.execute("UPDATE heads SET table_no = %s WHERE match_id = %s", (table, match_id))
    return done.rowcount == 1


def conflicted(conn: Conn) -> dict[str, int]:
    """Each match with a conflict reported, and its first conflicting seq."""
    rows = conn.execute("SELECT match_id, min(seq) FROM conflicts GROUP BY match_id").fetchall()
    return {str(m): int(s) for m, s in rows}


# --- making the event database ----------------------------------------------------------------------


def create_schema(admin_conninfo: str, organizer_password: str) -> None:
    """As the superuser (`admin_conninfo`, the maintenance database): the organizer's role, the desk
    group, the `event` database owned by the organizer and the tables' logins' schema; then, as
    the organizer, the event's schema and its version."""
    import uuid

    import psycopg
    from psycopg import sql
    from psycopg.conninfo import make_conninfo

    from referee_app.venue.schema import DATABASE, ORGANIZER_ROLE, SCHEMA, SEATS

    organizer, desk, event = sql.Identifier(ORGANIZER_ROLE), sql.Identifier(DESK_ROLE), sql.Identifier(DATABASE)
    with psycopg.connect(admin_conninfo, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD {}").format(
                organizer, sql.Literal(organizer_password)
            )
        )
        admin.execute(sql.SQL("CREATE ROLE {} NOLOGIN NOINHERIT").format(desk))
        admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(event, organizer))
        admin.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(event))
        admin.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}, {}").format(event, organizer, desk))
    with psycopg.connect(make_conninfo(admin_conninfo, dbname=DATABASE), autocommit=True) as admin:
        admin.execute(SEATS)  # a fixed script of ours, no parameters
    organizer_conninfo = make_conninfo(
        admin_conninfo, dbname=DATABASE, user=ORGANIZER_ROLE, password=organizer_password
    )
    with psycopg.connect(organizer_conninfo) as db:
        db.execute(SCHEMA)  # a fixed script of ours, no parameters
        db.execute("INSERT INTO event_info (id, schema_version) VALUES (%s, %s)", (str(uuid.uuid4()), SCHEMA_VERSION))
