"""The match database's schema: its migrations, and what they make (SQLite's DDL lives here only).

`MIGRATIONS[n - 1]` takes a database from schema version n - 1 to n (`PRAGMA user_version`). What
the store checks a file against (our tables' columns at each version, our triggers) is not written
a second time: it is read back from an in-memory database the migrations were applied to, once,
when this module loads (under a millisecond), so a new column or trigger is added in one place.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: the log and its index of matches
    """
    CREATE TABLE matches (
        match_id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        player_a TEXT NOT NULL,
        player_b TEXT NOT NULL,
        rules TEXT NOT NULL,
        race_to INTEGER NOT NULL,
        event TEXT NOT NULL,
        round TEXT NOT NULL,
        "table" TEXT NOT NULL,
        referee TEXT NOT NULL
    );
    CREATE TABLE events (
        match_id TEXT NOT NULL REFERENCES matches(match_id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'the match log is append-only'); END;
    CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the match log is append-only'); END;
    CREATE TRIGGER matches_keep BEFORE DELETE ON matches
    BEGIN SELECT RAISE(ABORT, 'matches are never deleted'); END;
    """,
    # 2: the hash chain (the hashes of rows already stored are filled in by `_chain_existing`)
    """
    ALTER TABLE events ADD COLUMN hash TEXT NOT NULL DEFAULT '';
    ALTER TABLE matches ADD COLUMN head_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN head_hash TEXT NOT NULL DEFAULT '';
    """,
    # 3: projections, derived from the log (made for every match by `summaries` on first use)
    """
    CREATE TABLE projections (
        match_id TEXT PRIMARY KEY REFERENCES matches(match_id),
        head_seq INTEGER NOT NULL,
        head_hash TEXT NOT NULL,
        status TEXT NOT NULL,
        score_a INTEGER NOT NULL,
        score_b INTEGER NOT NULL,
        winner TEXT NOT NULL,
        result TEXT NOT NULL,
        last_at TEXT NOT NULL,
        figures TEXT NOT NULL,
        index_hash TEXT NOT NULL
    );
    """,
    # 4: tournaments, hash-chained logs like a match's (read and written by referee_app.log.tournaments)
    """
    CREATE TABLE tournaments (
        tournament_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        head_seq INTEGER NOT NULL,
        head_hash TEXT NOT NULL
    );
    CREATE TABLE tournament_events (
        tournament_id TEXT NOT NULL REFERENCES tournaments(tournament_id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        body TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (tournament_id, seq)
    );
    CREATE TRIGGER tournament_events_append_only_update BEFORE UPDATE ON tournament_events
    BEGIN SELECT RAISE(ABORT, 'the tournament log is append-only'); END;
    CREATE TRIGGER tournament_events_append_only_delete BEFORE DELETE ON tournament_events
    BEGIN SELECT RAISE(ABORT, 'the tournament log is append-only'); END;
    CREATE TRIGGER tournaments_keep BEFORE DELETE ON tournaments
    BEGIN SELECT RAISE(ABORT, 'tournaments are never deleted'); END;
    """,
    # 5: the phone tables (phone.md): each table's current key, kept here and not in the append-only
    # tournament log (which holds only its fingerprint), so a replaced key is gone for good; the taps
    # a phone sent, by their id, so that one sent again records nothing more; the address the
    # tournament's pages were last served at on the LAN (the cards' and `tournament phones`' links)
    """
    CREATE TABLE phone_keys (
        tournament_id TEXT NOT NULL REFERENCES tournaments(tournament_id),
        table_no INTEGER NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (tournament_id, table_no)
    );
    CREATE TABLE phone_taps (
        match_id TEXT NOT NULL REFERENCES matches(match_id),
        tap_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (match_id, tap_id)
    );
    CREATE TABLE phone_serving (
        tournament_id TEXT PRIMARY KEY REFERENCES tournaments(tournament_id),
        url TEXT NOT NULL
    );
    """,
)


def statements(script: str) -> list[str]:
    """Split a migration into statements (trigger bodies keep their inner ';')."""
    out: list[str] = []
    buffer = ""
    for part in script.split(";"):
        buffer += part + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \n;"):
                out.append(buffer.strip())
            buffer = ""
    return out


def _made_by(version: int) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """Our tables' columns, in order, and our triggers' SQL by name, at schema `version`: read back
    from an in-memory database the first `version` migrations were applied to."""
    db = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:version]:
            for statement in statements(script):
                db.execute(statement)
        objects = db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY rowid").fetchall()
        columns = {
            name: tuple(row[1] for row in db.execute(f'PRAGMA table_info("{name}")'))
            for kind, name, _sql in objects
            if kind == "table"
        }
        return columns, {name: sql for kind, name, sql in objects if kind == "trigger"}
    finally:
        db.close()


_AT_VERSION = {version: _made_by(version) for version in range(1, len(MIGRATIONS) + 1)}

COLUMNS: dict[str, tuple[str, ...]] = _AT_VERSION[len(MIGRATIONS)][0]
"""The columns of our tables at the current version, in order."""

TRIGGERS: dict[str, str] = _AT_VERSION[len(MIGRATIONS)][1]
"""Our triggers, by name: a read-write open puts back any that was dropped by hand."""


def columns_at(version: int) -> dict[str, tuple[str, ...]]:
    """Our tables' columns at schema `version` (an older desk's file is read as it is)."""
    return _AT_VERSION[version][0]
