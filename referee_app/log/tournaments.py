"""Tournament logs in the match database: append-only, hash-chained, like a match's (issue 23).

`tournaments` holds one row per tournament (its name and the head of its chain);
`tournament_events` one row per event, keyed `(tournament_id, seq)`, its JSON in `body`
and `hash = sha256(previous hash, tournament id, seq, type, at, body)`. The rows are
opaque here (the tournament wing parses and replays them); this module keeps them whole:
each write is one transaction, committed before it returns, and a read checks the whole
chain and its head, refusing a log changed outside the app (`Tampered`).
"""

from __future__ import annotations

import sqlite3
from typing import NamedTuple

from referee_app.log.chain import GENESIS, chain_hash
from referee_app.log.store import SeqTaken, Store, StoreError, Tampered

TOURNAMENTS_SINCE = 4
"""The schema version that brought the tournament tables."""


class TournamentRow(NamedTuple):
    """One event of a tournament's log as stored: its JSON body is the tournament wing's."""

    seq: int
    type: str
    at: str
    body: str


class TournamentIndex(NamedTuple):
    tournament_id: str
    name: str
    created_at: str


def tournament_index(store: Store) -> list[TournamentIndex]:
    """Every tournament in the database, oldest first (none in a database from before them)."""
    if store.version < TOURNAMENTS_SINCE:
        return []
    rows = store.db.execute(
        "SELECT substr(tournament_id, 1, 200), substr(name, 1, 200), substr(created_at, 1, 40)"
        " FROM tournaments ORDER BY created_at, tournament_id"
    ).fetchall()
    return [TournamentIndex(*row) for row in rows]


def create_tournament(store: Store, tournament_id: str, name: str, first: TournamentRow) -> None:
    """A new tournament with its first event (seq 1), in one transaction."""
    _writable(store)
    if first.seq != 1:
        raise StoreError("a tournament's log starts at event 1")
    try:
        with store.db.atomic():
            store.db.conn.execute(
                "INSERT INTO tournaments (tournament_id, name, created_at, head_seq, head_hash) VALUES (?, ?, ?, 0, ?)",
                (tournament_id, name, first.at, GENESIS),
            )
            _insert(store, tournament_id, [first], (0, GENESIS))
    except sqlite3.IntegrityError:
        raise StoreError(f"tournament {tournament_id} is already in {store.path}") from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"could not write to {store.path}: {exc}") from None


def append_tournament(store: Store, tournament_id: str, rows: list[TournamentRow]) -> None:
    """Append events after the stored head, all or none, durable before returning."""
    _writable(store)
    if not rows:
        return
    try:
        with store.db.atomic():
            head = _head(store, tournament_id)
            if rows[0].seq != head[0] + 1:
                raise SeqTaken(
                    f"tournament {tournament_id} moved on (event {head[0]} is the last stored): open it again"
                )
            _insert(store, tournament_id, rows, head)
    except sqlite3.IntegrityError:
        raise SeqTaken(
            f"event {rows[0].seq} of tournament {tournament_id} was already written by another program: open it again"
        ) from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"could not write to {store.path}: {exc}") from None


def load_tournament(store: Store, tournament_id: str) -> tuple[TournamentIndex, list[TournamentRow]]:
    """The tournament's index row and every event, the chain checked from the first to the head."""
    if store.version < TOURNAMENTS_SINCE:
        raise StoreError(f"there is no tournament {tournament_id} in {store.path}")
    index = store.db.execute(
        "SELECT name, created_at, head_seq, head_hash FROM tournaments WHERE tournament_id = ?", (tournament_id,)
    ).fetchone()
    if index is None:
        raise StoreError(f"there is no tournament {tournament_id} in {store.path}")
    try:
        stored = store.db.execute(
            "SELECT seq, type, at, body, hash FROM tournament_events WHERE tournament_id = ? ORDER BY seq",
            (tournament_id,),
        ).fetchall()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"tournament {tournament_id} cannot be read from {store.path}: {exc}") from None
    previous = GENESIS
    rows: list[TournamentRow] = []
    for position, (seq, kind, at, body, digest) in enumerate(stored, start=1):
        if not (isinstance(seq, int) and all(isinstance(x, str) for x in (kind, at, body, digest))):
            raise Tampered(f"tournament {tournament_id}: event {position} is not stored as the app stores it")
        if seq != position:
            raise Tampered(f"tournament {tournament_id}: event {position} is missing from {store.path}")
        previous = chain_hash(previous, tournament_id, seq, kind, at, body)
        if previous != digest:
            raise Tampered(
                f"tournament {tournament_id}: event {seq} was changed outside the app (its hash does not match)"
            )
        rows.append(TournamentRow(seq, kind, at, body))
    if not rows:
        raise StoreError(f"tournament {tournament_id} has no events in {store.path}")
    if (rows[-1].seq, previous) != (index[2], index[3]):
        raise Tampered(f"tournament {tournament_id}: the log does not end where it was last recorded")
    return TournamentIndex(tournament_id, str(index[0]), str(index[1])), rows


def _writable(store: Store) -> None:
    if store.readonly:
        raise StoreError(f"{store.path} is open for reading only")


def _head(store: Store, tournament_id: str) -> tuple[int, str]:
    row = store.db.execute(
        "SELECT head_seq, head_hash FROM tournaments WHERE tournament_id = ?", (tournament_id,)
    ).fetchone()
    if row is None:
        raise StoreError(f"there is no tournament {tournament_id} in {store.path}")
    return int(row[0]), str(row[1])


def _insert(store: Store, tournament_id: str, rows: list[TournamentRow], head: tuple[int, str]) -> None:
    previous = head[1]
    for row in rows:
        previous = chain_hash(previous, tournament_id, row.seq, row.type, row.at, row.body)
        store.db.conn.execute(
            "INSERT INTO tournament_events (tournament_id, seq, type, at, body, hash) VALUES (?, ?, ?, ?, ?, ?)",
            (tournament_id, row.seq, row.type, row.at, row.body, previous),
        )
    store.db.conn.execute(
        "UPDATE tournaments SET head_seq = ?, head_hash = ? WHERE tournament_id = ?",
        (rows[-1].seq, previous, tournament_id),
    )
