"""The match log store: an append-only SQLite file, kept with sqlite-utils.

Tables read as words for an organizer who opens the file in the sqlite-utils
CLI or Datasette: `matches` (one row per match, from its `match_started`) and
`events` (one row per log line, keyed `(match_id, seq)`, with its time in `at`
and the event's JSON in `body`). Triggers refuse every UPDATE and DELETE on `events`, and a second
writer appending a `seq` that exists hits the primary key instead of forking
the log. Each append is committed (WAL, synchronous=FULL) before it returns.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.codec import LogFormatError, event_to_text, parse_event_text
from referee_app.events import Entry, MatchStarted
from referee_app.history import LONG_HISTORY, collector_paused

if TYPE_CHECKING:
    import sqlite_utils

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
)


class StoreError(RuntimeError):
    """The database cannot be used as asked; the message says why, for a person."""


class SeqTaken(StoreError):
    """Another writer already appended this seq: reopen the match, never fork it."""


@dataclass(frozen=True, slots=True)
class MatchRow:
    match_id: str
    created_at: str
    player_a: str
    player_b: str
    rules: str
    race_to: int
    event: str
    round: str
    table: str
    referee: str


def apply_pragmas(db: sqlite_utils.Database) -> None:
    """The durability settings every connection to a log uses (bench uses them too)."""
    db.execute("PRAGMA busy_timeout = 5000")
    db.enable_wal()
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")


class Store:
    """One SQLite file of match logs."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            import sqlite_utils  # here, not at the top: it costs ~0.1 s and the desk paints first

            # No sqlite-utils plugins: the match log's connection is ours alone, and looking
            # for plugins scans every installed package's entry points (~40 ms per start).
            self.db = sqlite_utils.Database(self.path, execute_plugins=False)
            apply_pragmas(self.db)
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} cannot be opened as a match database: {exc}") from None
        except OSError as exc:
            raise StoreError(f"{self.path} cannot be opened: {exc}") from None

    @classmethod
    def open_readonly(cls, path: Path) -> Store:
        """Another desk's database, read without writing to it (no migration, no WAL switch)."""
        if not path.exists():
            raise StoreError(f"{path} does not exist")
        import sqlite_utils

        store = cls.__new__(cls)
        store.path = path
        try:
            store.db = sqlite_utils.Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True), execute_plugins=False)
            version = store.db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path} cannot be opened as a match database: {exc}") from None
        if version < 1:
            raise StoreError(f"{path} is not a match database")
        return store

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        try:
            with self.db.atomic():
                yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"could not write to {self.path}: {exc}") from None

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            with self.db.atomic():
                for statement in _statements(script):
                    self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number}")

    def create_match(self, start: Entry) -> None:
        """Store a new match with its `match_started` entry (seq 1, match_id set)."""
        setup = start.event
        assert isinstance(setup, MatchStarted) and setup.match_id and start.seq == 1
        row = {
            "match_id": setup.match_id,
            "created_at": start.at,
            "player_a": setup.players[0],
            "player_b": setup.players[1],
            "rules": setup.rules,
            "race_to": setup.race_to,
            "event": setup.event,
            "round": setup.round,
            "table": setup.table,
            "referee": setup.referee,
        }
        try:
            with self._writing():
                self.db.table("matches").insert(row)
                self._insert_event(setup.match_id, start)
        except sqlite3.IntegrityError:
            raise StoreError(f"match {setup.match_id} is already in {self.path}") from None

    def append(self, match_id: str, entry: Entry) -> None:
        """Append one entry; returns only once it is committed."""
        try:
            with self._writing():
                self._insert_event(match_id, entry)
        except sqlite3.IntegrityError:
            raise SeqTaken(
                f"event {entry.seq} of match {match_id} was already written by another "
                "desk or program: reopen the match to see it"
            ) from None

    def append_many(self, match_id: str, entries: list[Entry]) -> None:
        """Append a whole checked log in one transaction (import, merge)."""
        with self._writing():
            for entry in entries:
                self._insert_event(match_id, entry)

    def _insert_event(self, match_id: str, entry: Entry) -> None:
        self.db.execute(
            "INSERT INTO events (match_id, seq, type, at, body) VALUES (?, ?, ?, ?, ?)",
            (match_id, entry.seq, entry.event.TYPE.value, entry.at, event_to_text(entry.event)),
        )

    def has_match(self, match_id: str) -> bool:
        return self.db.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone() is not None

    def load(self, match_id: str) -> list[Entry]:
        """Every entry of a match in seq order; a damaged row is a `StoreError`, never skipped."""
        if not self.has_match(match_id):
            raise StoreError(f"there is no match {match_id} in {self.path}")
        try:
            rows = self.db.execute(
                "SELECT seq, at, body FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"match {match_id} cannot be read from {self.path}: {exc}") from None
        with collector_paused() as pause:
            pause.freeze = len(rows) >= LONG_HISTORY
            return self._entries(match_id, rows)

    def _entries(self, match_id: str, rows: list[tuple[int, str, str]]) -> list[Entry]:
        entries: list[Entry] = []
        for position, (seq, at, body) in enumerate(rows, start=1):
            if seq != position:
                raise StoreError(f"match {match_id}: event {position} is missing from {self.path}")
            try:
                event = parse_event_text(body)
            except LogFormatError as exc:
                raise StoreError(f"match {match_id}, event {seq} is damaged: {exc}") from None
            entries.append(tuple.__new__(Entry, (seq, event, at)))  # Entry(...) at C speed
        return entries

    def match_rows(self) -> list[MatchRow]:
        rows = self.db.execute(
            'SELECT match_id, created_at, player_a, player_b, rules, race_to, event, round, "table",'
            " referee FROM matches ORDER BY created_at, match_id"
        ).fetchall()
        return [MatchRow(*row) for row in rows]

    def event_count(self, match_id: str) -> int:
        return int(self.db.execute("SELECT count(*) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0])


def _statements(script: str) -> list[str]:
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
