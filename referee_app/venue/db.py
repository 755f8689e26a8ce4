"""The event database's door: every PostgreSQL statement the desks, the board and the CLI run.

No other module writes SQL for the event server; a column is added here and in `schema.py`'s DDL.
Rows come back as small frozen dataclasses (never bare tuples), connections are typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from referee_app.venue.model import DESK_APPLICATION, Assignment, EventServerError
from referee_app.venue.schema import DESK_ROLE, SCHEMA_VERSION

if TYPE_CHECKING:
    import psycopg
    from psycopg.rows import TupleRow

    Conn: TypeAlias = psycopg.Connection[TupleRow]


class EventVersionError(EventServerError):
    """The event server and this referee-app disagree on the event database's layout."""


OLDER_SERVER = "the event server is from an older referee-app: update it (or make a new one with this version)"
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


ASSIGNMENT_COLUMNS = "id, table_no, player_a, player_b, race_to, rules, break_order, event, round"


def _assignment(row: Sequence[object]) -> Assignment:
    a_id, table, player_a, player_b, race_to, rules, break_order, event, round_ = row
    return Assignment(
        str(a_id), str(table), (str(player_a), str(player_b)), int(str(race_to)), str(rules), str(break_order),
        str(event), str(round_),
    )  # fmt: skip


# --- every reader -------------------------------------------------------------------------------


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


def server_hashes(conn: Conn, match_id: str, after: int, upto: int) -> dict[int, str]:
    rows = conn.execute(
        "SELECT seq, hash FROM events WHERE match_id = %s AND seq > %s AND seq <= %s", (match_id, after, upto)
    ).fetchall()
    return {int(seq): str(digest) for seq, digest in rows}


def insert_events(conn: Conn, rows: Iterable[EventRow], table: str) -> None:
    with conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO events (match_id, seq, type, at, body, hash, table_no)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (match_id, seq) DO NOTHING",
            [(r.match_id, r.seq, r.type, r.at, r.body, r.hash, table) for r in rows],
        )


def report_conflict(conn: Conn, match_id: str, seq: int, desk_hash: str, table: str) -> None:
    conn.execute(
        "INSERT INTO conflicts (match_id, seq, desk_hash, table_no) VALUES (%s, %s, %s, %s)",
        (match_id, seq, desk_hash, table),
    )


def assignments(conn: Conn, table: str | None = None) -> tuple[Assignment, ...]:
    """The assignments of one table, or of every table (the board), the oldest first."""
    if table is None:
        rows = conn.execute(f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments ORDER BY created_at, id").fetchall()
    else:
        rows = conn.execute(
            f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE table_no = %s ORDER BY created_at, id", (table,)
        ).fetchall()
    return tuple(_assignment(r) for r in rows)


# --- the organizer's side ----------------------------------------------------------------------------


def insert_assignment(conn: Conn, a: Assignment) -> None:
    conn.execute(
        f"INSERT INTO assignments ({ASSIGNMENT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (a.id, a.table, a.players[0], a.players[1], a.race_to, a.rules, a.break_order, a.event, a.round),
    )


def heads(conn: Conn) -> list[Head]:
    return [Head(str(m), int(s)) for m, s in conn.execute("SELECT match_id, seq FROM heads").fetchall()]


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
    """The tables whose desk has a connection open now (its application name carries its table)."""
    rows = conn.execute(
        "SELECT application_name FROM pg_stat_activity WHERE usename = %s AND application_name LIKE %s",
        (DESK_ROLE, DESK_APPLICATION + "%"),
    ).fetchall()
    return {str(name)[len(DESK_APPLICATION) :] for (name,) in rows}


def conflicted(conn: Conn) -> dict[str, int]:
    """Each match with a conflict reported, and its first conflicting seq."""
    rows = conn.execute("SELECT match_id, min(seq) FROM conflicts GROUP BY match_id").fetchall()
    return {str(m): int(s) for m, s in rows}


# --- making the event database ----------------------------------------------------------------------


def create_schema(admin_conninfo: str, conninfo: str, desk_password: str) -> None:
    """Make the `event` database (from `admin_conninfo`, the maintenance database), the desk role
    with `desk_password`, and the schema (from `conninfo`, as the organizer who owns it)."""
    import uuid

    import psycopg
    from psycopg import sql

    from referee_app.venue.schema import DATABASE, SCHEMA

    with psycopg.connect(admin_conninfo, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(DESK_ROLE), sql.Literal(desk_password))
        )
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
        admin.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(sql.Identifier(DATABASE)))
        admin.execute(
            sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(DATABASE), sql.Identifier(DESK_ROLE))
        )
    with psycopg.connect(conninfo) as db:
        db.execute(SCHEMA)  # a fixed script of ours, no parameters
        db.execute("INSERT INTO event_info (id, schema_version) VALUES (%s, %s)", (str(uuid.uuid4()), SCHEMA_VERSION))
