"""The match log store: an append-only SQLite file, kept with sqlite-utils.

Tables read as words for an organizer who opens the file in the sqlite-utils
CLI or Datasette: `matches` (one row per match, from its `match_started`) and
`events` (one row per log line, keyed `(match_id, seq)`, with its time in `at`
and the event's JSON in `body`). Triggers refuse every UPDATE and DELETE on `events`, and a second
writer appending a `seq` that exists hits the primary key instead of forking
the log. Each append is committed (WAL, synchronous=FULL) before it returns.

The log is tamper-evident: each event row carries `hash = sha256(previous hash,
match id, seq, type, at, body)`, and each match row its head `(head_seq,
head_hash)`. Loading a match checks the whole chain, the head and the index row
against the log; a mismatch is `Tampered`, never replayed silently. Reading
opens the file read-only and refuses a file that is not ours (another program's
database, a newer version, views or foreign triggers) before reading any row.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sqlite3
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from referee_app.game.events import EVENT_CLASSES, Entry, MatchStarted
from referee_app.game.history import LONG_HISTORY, ReplayRefused, collector_paused, replay
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english, in_words
from referee_app.log.chain import GENESIS as GENESIS
from referee_app.log.chain import chain_hash as chain_hash
from referee_app.log.codec import LogFormatError, are_utc_times, event_to_text, is_utc_time, parse_event_text
from referee_app.log.newfile import new_file
from referee_app.log.projection import Projection, project_history
from referee_app.log.schema import COLUMNS, MIGRATIONS, TRIGGERS, columns_at, statements
from referee_app.system import check_path_length, is_windows, make_private, open_no_link

if TYPE_CHECKING:
    import sqlite_utils


STORE = "Store"
"""The catalogue's context of the store's errors that are marked for translation."""


class StoreError(RuntimeError):
    """The database cannot be used as asked; the message says why, for a person.

    `str()` is the English; raised with a template marked `QT_TRANSLATE_NOOP("Store", ...)` and its
    values by name, `message(tr)` says it in the user's language (an unmarked text stays as it is).
    """

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    def message(self, tr: Translate = english) -> str:
        text = tr(STORE, self.template)
        if not self.params:
            return text
        return text.format(**{name: in_words(value, tr) for name, value in self.params.items()})


class SeqTaken(StoreError):
    """Another writer already appended this seq: reopen the match, never fork it."""


class Tampered(StoreError):
    """The stored log was changed outside the app: its hash chain, head or index row do not match."""


class NotOurs(StoreError):
    """The file is not a match database this version can use (another program's, a newer one, crafted)."""


Progress = Callable[[int, int], bool]
"""(done, total) -> go on? Long reads call it after each match; False stops them (`Cancelled`)."""


class Cancelled(StoreError):
    """The person asked to stop a long read."""


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
    head_seq: int = 0
    head_hash: str = ""


@dataclass(frozen=True, slots=True)
class Summary:
    """A match as lists, filters, statistics and the CSVs see it: its index row and projection
    (None when its log cannot be read: `problem` says why, `tampered` when it was edited)."""

    match: MatchRow
    projection: Projection | None
    tampered: bool = False
    problem: str = ""

    @property
    def status(self) -> str:
        if self.projection is not None:
            return self.projection.status
        return "tampered" if self.tampered else "damaged"


TOURNAMENTS_SINCE = 4
"""The schema version that brought the tournament tables."""
PHONES_SINCE = 5
"""The schema version that brought the phone tables' keys, taps and serving address."""


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


Row = tuple[int, str, str, str, str]
"""A stored event row as SQLite gives it: seq, type, at, body, hash (a `StoredRow` is one too)."""


class StoredRow(NamedTuple):
    """One stored event row, as it is on disk."""

    seq: int
    type: str
    at: str
    body: str
    hash: str


def _index_row(start: Entry) -> dict[str, object]:
    """A match's row in the index, from its `match_started` entry."""
    setup = start.event
    assert isinstance(setup, MatchStarted)
    return {
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


def apply_pragmas(db: sqlite_utils.Database) -> None:
    """The durability settings every connection to a log uses (bench uses them too)."""
    db.execute("PRAGMA busy_timeout = 5000")
    db.enable_wal()
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")


class Store:
    """One SQLite file of match logs."""

    def __init__(self, path: str | Path, *, create_folder: bool = False) -> None:
        """Open `path` to read and write, making a new database there if there is none. The folder
        must exist unless `create_folder` (the desk's own data folder): a mistyped path is an error."""
        self.path = Path(path)
        self.readonly = False
        self._heads: dict[str, tuple[int, str]] = {}
        self._index_digests: dict[str, str] = {}
        try:
            check_path_length(Path(f"{self.path}-wal"))  # Windows: said before SQLite fails on it
            if create_folder and not self.path.parent.is_dir():
                self.path.parent.mkdir(parents=True, mode=0o700)
                make_private(self.path.parent)
            elif not self.path.parent.is_dir():
                raise StoreError(f"{self.path}: the folder {self.path.parent} does not exist")
            there = {path for path in _files_of(self.path) if path.exists()}
            if self.path not in there:
                os.close(open_no_link(self.path, os.O_WRONLY | os.O_CREAT))  # 0600 from its first byte
            import sqlite_utils  # here, not at the top: it costs ~0.1 s and the desk paints first

            # No sqlite-utils plugins: the match log's connection is ours alone, and looking
            # for plugins scans every installed package's entry points (~40 ms per start).
            self.db = sqlite_utils.Database(self.path, execute_plugins=False)
            self._check_schema(allow_new=True)
            apply_pragmas(self.db)
            self._migrate()
            self._restore_triggers()
            _keep_private(self.path, there)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} cannot be opened as a match database: {exc}") from None
        except OSError as exc:
            raise StoreError(f"{self.path} cannot be opened: {exc.strerror or exc}") from None

    @classmethod
    def open_readonly(cls, path: Path) -> Store:
        """A database read without writing to it: no migration, no WAL switch, no new file. Works in a
        read-only folder too. A file that is not ours is refused before any row is read."""
        path = Path(path)
        if not path.is_file():
            raise StoreError(f"{path} does not exist" if not path.exists() else f"{path} is not a file")
        import sqlite_utils

        store = cls.__new__(cls)
        store.path = path
        store.readonly = True
        store._heads = {}
        store._index_digests = {}
        uri = path.resolve().as_uri()
        try:
            try:
                connection = sqlite3.connect(f"{uri}?mode=ro", uri=True)
                connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError:
                # A WAL database in a folder we may not write (a read-only USB stick): SQLite cannot
                # make its -shm file there. Read the file as it is; a desk that closed left no WAL.
                connection = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
            connection.execute("PRAGMA query_only = ON")
            store.db = sqlite_utils.Database(connection, execute_plugins=False)
            store._check_schema(allow_new=False)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path} cannot be opened as a match database: {exc}") from None
        return store

    def _check_schema(self, allow_new: bool) -> None:
        """Refuse a file that is not one of our match databases, before reading any of its rows.

        Another program's database, one made by a newer version, and a crafted one (a view in place
        of a table, a trigger of someone else's) are refused; an empty file is a new database only
        when `allow_new` (the commands that mean to make one)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        self.version = max(version, len(MIGRATIONS)) if allow_new else version  # a writer migrates
        objects = self.db.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
        if version > len(MIGRATIONS):
            raise NotOurs(f"{self.path} was made by a newer version of referee-app (schema {version}): update the app")
        if version == 0:
            if objects:
                raise NotOurs(f"{self.path} is not a match database (it holds another program's tables)")
            if not allow_new:
                raise NotOurs(f"{self.path} is not a match database (it is empty)")
            return
        for kind, name, table in objects:
            if kind == "view":
                raise NotOurs(f"{self.path} is not a match database: it holds a view ({name})")
            if kind == "trigger" and (name not in TRIGGERS or table not in COLUMNS):
                raise NotOurs(f"{self.path} is not a match database: it holds a trigger of its own ({name})")
            if kind == "table" and name not in COLUMNS:
                raise NotOurs(f"{self.path} is not a match database: it holds a table of its own ({name})")
        expected = columns_at(version)
        for table, columns in expected.items():
            found = tuple(row[1] for row in self.db.execute(f'PRAGMA table_info("{table}")').fetchall())
            if found != columns:
                raise NotOurs(f"{self.path} is not a match database: its {table} table is not ours")

    def _restore_triggers(self) -> None:
        """Put back the append-only triggers if someone dropped them (the hash chain tells what changed)."""
        present = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        missing = [sql for name, sql in TRIGGERS.items() if name not in present]
        if missing:
            with self.db.atomic():
                for sql in missing:
                    self.db.execute(sql)

    def backup(self, target: Path) -> None:
        """A consistent copy of the whole database at `target` (SQLite's online backup: safe while a
        desk is recording, unlike copying the file). Written into a new file made beside `target`
        (never through a name planted there), synced, then renamed into place."""
        target = Path(target)
        if target.exists() or target.is_symlink():
            raise StoreError(f"{target} already exists: choose a new file name")
        if not target.parent.is_dir():
            raise StoreError(f"{target}: the folder {target.parent} does not exist")
        try:
            with new_file(target, private=True) as copy_file:  # the organizer's keys are in it
                _backup_into(self.db.conn, copy_file.path)
        except (sqlite3.DatabaseError, OSError) as exc:
            why = "the disk is full (nothing was left there)" if _disk_full(exc) else str(exc)
            raise StoreError(f"could not back up {self.path} to {target}: {why}") from None

    def close(self) -> None:
        self.db.close()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            with self.db.atomic():
                for statement in statements(script):
                    self.db.execute(statement)
                if number == 2:
                    self._chain_existing()
                self.db.execute(f"PRAGMA user_version = {number}")

    def _chain_existing(self) -> None:
        """Migration 2: hash the rows stored before the chain existed (their content is taken as it is)."""
        self.db.execute("DROP TRIGGER IF EXISTS events_append_only_update")
        for (match_id,) in self.db.execute("SELECT match_id FROM matches").fetchall():
            previous, last = GENESIS, 0
            rows = self.db.execute(
                "SELECT seq, type, at, body FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
            ).fetchall()
            for seq, kind, at, body in rows:
                previous, last = chain_hash(previous, match_id, seq, kind, at, body), seq
                self.db.execute("UPDATE events SET hash = ? WHERE match_id = ? AND seq = ?", (previous, match_id, seq))
            self.db.execute(
                "UPDATE matches SET head_seq = ?, head_hash = ? WHERE match_id = ?", (last, previous, match_id)
            )
        self.db.execute(TRIGGERS["events_append_only_update"])

    def _refuse_readonly(self) -> None:
        if self.readonly:
            raise StoreError(f"{self.path} is open for reading only")

    def create_match(self, start: Entry) -> None:
        """Store a new match with its `match_started` entry (seq 1, match_id set)."""
        self.add_match([start])

    def raw_rows(self, match_id: str) -> list[StoredRow]:
        """A match's stored rows as they are (seq, type, at, body, hash; the hash computed for an older
        desk's file): for copying a log that `load` has checked, without encoding it again (`load_stored`
        gives them with the check, in one read)."""
        column = "hash" if self.version >= 2 else "NULL"
        rows = self.db.execute(
            f"SELECT seq, type, at, body, {column} FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
        ).fetchall()
        previous, out = GENESIS, []
        for seq, kind, at, body, stored in rows:
            previous = stored if stored is not None else chain_hash(previous, match_id, seq, kind, at, body)
            out.append(StoredRow(seq, kind, at, body, previous))
        return out

    def copy_rows(self, start: Entry, rows: Sequence[Row], projection: Projection, new: bool) -> None:
        """Store rows checked elsewhere (merge): a new match whose first entry is `start`, or (not
        `new`) the tail of one we hold. One transaction (a savepoint inside `transaction`), with the
        projection after them."""
        self._refuse_readonly()
        setup = start.event
        assert isinstance(setup, MatchStarted) and rows
        with self._writing(setup.match_id, rows[0][0]):
            if new:
                self._insert_index(start)
            self.db.conn.executemany(
                "INSERT INTO events (match_id, seq, type, at, body, hash) VALUES (?, ?, ?, ?, ?, ?)",
                [(setup.match_id, *row) for row in rows],
            )
            head = (rows[-1][0], rows[-1][4])
            self._set_head(setup.match_id, head)
            self._put_projection(setup.match_id, head, projection)

    def _insert_index(self, start: Entry) -> None:
        """A new match's row in the index (the connection itself: merge adds thousands)."""
        self.db.conn.execute(
            'INSERT INTO matches (match_id, created_at, player_a, player_b, rules, race_to, event, round, "table",'
            " referee) VALUES (:match_id, :created_at, :player_a, :player_b, :rules, :race_to, :event, :round,"
            " :table, :referee)",
            _index_row(start),
        )

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Several writes committed together (a merge's matches: one commit, one sync, for many).
        Each write inside is still whole (a savepoint); a failure undoes them all, and is a
        `StoreError` that says so."""
        self._refuse_readonly()
        try:
            with self.db.atomic():
                yield
        except BaseException as exc:
            self._heads.clear()  # the rollback undid what the writes cached
            self._index_digests.clear()
            if isinstance(exc, sqlite3.DatabaseError):  # the commit itself failed (a full disk)
                raise StoreError(f"could not write to {self.path}: {exc}") from None
            raise

    def add_match(self, entries: list[Entry], projection: Projection | None = None) -> None:
        """Store a new match and its whole checked log in one transaction (new match, import, merge),
        with its projection when given (else it is made on first use)."""
        self._refuse_readonly()
        start = entries[0]
        setup = start.event
        assert isinstance(setup, MatchStarted) and setup.match_id and start.seq == 1
        if self.has_match(setup.match_id):
            raise StoreError(f"match {setup.match_id} is already in {self.path}")
        with self._writing(setup.match_id, start.seq):
            self._insert_index(start)
            head = (0, GENESIS)
            for entry in entries:
                head = self._insert_event(setup.match_id, entry, head[1])
            self._set_head(setup.match_id, head)
            if projection is not None:
                self._put_projection(setup.match_id, head, projection)

    def append(self, match_id: str, entry: Entry, projection: Projection | None = None, tap: str | None = None) -> None:
        """Append one entry, and the match's projection after it in the same transaction (so the
        two can never disagree after a crash); returns only once it is committed. `tap`: the id a
        phone gave the event (phone.md §3), kept with it so that the same tap sent again is known."""
        self._refuse_readonly()
        with self._writing(match_id, entry.seq):
            head = self._insert_event(match_id, entry, self.head(match_id)[1])
            self._set_head(match_id, head)
            if tap is not None:
                self.db.conn.execute(
                    "INSERT INTO phone_taps (match_id, tap_id, seq) VALUES (?, ?, ?)", (match_id, tap, entry.seq)
                )
            if projection is not None:
                self._put_projection(match_id, head, projection)

    def append_many(self, match_id: str, entries: list[Entry], projection: Projection | None = None) -> None:
        """Append a checked tail of a log in one transaction (merge of a longer log), with the match's
        projection after it."""
        self._refuse_readonly()
        with self._writing(match_id, entries[0].seq if entries else 0):
            head = self.head(match_id)
            for entry in entries:
                head = self._insert_event(match_id, entry, head[1])
            self._set_head(match_id, head)
            if projection is not None:
                self._put_projection(match_id, head, projection)

    @contextmanager
    def _write_first(self) -> Iterator[None]:
        """A write transaction that takes the write lock before it reads (BEGIN IMMEDIATE): two
        programs writing one file (the board's sync and `tournament serve`) wait for each other
        (busy_timeout) instead of one failing with "database is locked" because the other committed
        after it read. Inside a transaction already (`together`): a savepoint, as `atomic` makes."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield
            return
        self.db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.conn.execute("COMMIT")
        except BaseException:
            self.db.rollback()
            raise

    @contextmanager
    def _writing(self, match_id: str, seq: int) -> Iterator[None]:
        """One transaction; a failure is a `StoreError` that says what failed (and the heads cached
        for the match are dropped, since the rollback undid them)."""
        try:
            with self._write_first():
                yield
        except sqlite3.IntegrityError as exc:
            self._heads.pop(match_id, None)
            taken = self.db.execute("SELECT 1 FROM events WHERE match_id = ? AND seq = ?", (match_id, seq)).fetchone()
            if taken:
                raise SeqTaken(
                    f"event {seq} of match {match_id} was already written by another "
                    "desk or program: reopen the match to see it"
                ) from None
            raise StoreError(f"could not write event {seq} of match {match_id} to {self.path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            self._heads.pop(match_id, None)
            raise StoreError(f"could not write to {self.path}: {exc}") from None

    def _insert_event(self, match_id: str, entry: Entry, previous: str) -> tuple[int, str]:
        body = event_to_text(entry.event)
        kind = entry.event.TYPE.value
        digest = chain_hash(previous, match_id, entry.seq, kind, entry.at, body)
        self.db.conn.execute(  # the connection itself: the desk's every click passes here
            "INSERT INTO events (match_id, seq, type, at, body, hash) VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, entry.seq, kind, entry.at, body, digest),
        )
        return entry.seq, digest

    def _set_head(self, match_id: str, head: tuple[int, str]) -> None:
        self.db.conn.execute("UPDATE matches SET head_seq = ?, head_hash = ? WHERE match_id = ?", (*head, match_id))
        self._heads[match_id] = head

    def _put_projection(self, match_id: str, head: tuple[int, str], projection: Projection) -> None:
        digest = self._index_digests.get(match_id)
        if digest is None:  # a match's index row never changes: read and digested once per open store
            (index,) = self.db.execute(f"SELECT {_INDEX_TEXT} FROM matches WHERE match_id = ?", (match_id,)).fetchone()
            digest = self._index_digests[match_id] = _index_hash(index)
        self.db.conn.execute(
            "INSERT INTO projections (match_id, head_seq, head_hash, status, score_a, score_b, winner,"
            " result, last_at, figures, index_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET head_seq = excluded.head_seq, head_hash = excluded.head_hash,"
            " status = excluded.status, score_a = excluded.score_a, score_b = excluded.score_b,"
            " winner = excluded.winner, result = excluded.result, last_at = excluded.last_at,"
            " figures = excluded.figures, index_hash = excluded.index_hash",
            (match_id, *head, projection.status, *projection.score, projection.winner.value if projection.winner
             else "", projection.result, projection.last_at, projection.figures_text,
             _projection_digest(digest, head, projection)),
        )  # fmt: skip

    def summaries(self, on_progress: Progress | None = None) -> list[Summary]:
        """Every match's summary, in a list (see `iter_summaries`)."""
        return list(self.iter_summaries(on_progress))

    def iter_summaries(self, on_progress: Progress | None = None, figures: bool = True) -> Iterator[Summary]:
        """Every match as lists and statistics need it, from the projections. A projection that is
        missing or stale (its head is not the log's) is made again from the log, and stored when the
        database is open for writing. A match whose log cannot be read is a summary with its problem.
        Without `figures`, the projections' statistics are not read (a list does not need them)."""
        total = self.count()
        if self.version < 3:  # an older desk's file, read as it is: no projections kept in it
            for done, match in enumerate(self.match_rows(), start=1):
                yield self._summary_from_log(match)
                if on_progress is not None and not on_progress(done, total):
                    raise Cancelled(f"stopped after {done} of {total} matches")
            return
        remade: list[tuple[str, Projection]] = []  # stale projections made again, stored after the read
        rows = self.db.execute(  # streamed: memory stays flat however many matches there are
            "SELECT substr(m.match_id, 1, 200), substr(m.created_at, 1, 40), substr(m.player_a, 1, 80),"
            " substr(m.player_b, 1, 80), substr(m.rules, 1, 40), m.race_to, substr(m.event, 1, 200),"
            ' substr(m.round, 1, 200), substr(m."table", 1, 200), substr(m.referee, 1, 200), m.head_seq,'
            " m.head_hash, p.head_seq = m.head_seq AND p.head_hash = m.head_hash, p.status, p.score_a, p.score_b,"
            f" p.winner, p.result, p.last_at, {'p.figures' if figures else NO_FIGURES}, p.index_hash, {_INDEX_TEXT}"
            " FROM matches m LEFT JOIN projections p USING (match_id) ORDER BY m.created_at, m.match_id"
        )
        for done, row in enumerate(rows, start=1):
            match = MatchRow(*row[:12])
            if not is_utc_time(match.created_at):  # a database written before times were checked
                yield Summary(match, None, problem=_bad_time(match.match_id, 1))
            elif _fresh(row, figures):
                yield Summary(match, Projection.from_columns(*row[13:20]))
            else:  # made again from the log (stored below, once the cursor is done, when writable)
                summary = self._summary_from_log(match)
                if summary.projection is not None:
                    remade.append((match.match_id, summary.projection))
                yield summary
            if on_progress is not None and not on_progress(done, total):
                raise Cancelled(f"stopped after {done} of {total} matches")
        if remade and not self.readonly:
            with self._writing("", 0):
                for match_id, projection in remade:
                    self._put_projection(match_id, self.head(match_id), projection)

    def _summary_from_log(self, match: MatchRow) -> Summary:
        """A match's summary made from its log (a projection that was missing or stale)."""
        try:
            projection = project_history(replay(self.load(match.match_id)))
        except Tampered as exc:
            return Summary(match, None, tampered=True, problem=str(exc))
        except (StoreError, ReplayRefused) as exc:
            return Summary(match, None, problem=str(exc))
        return Summary(match, projection)

    def rebuild(self, on_progress: Progress | None = None) -> tuple[int, list[str]]:
        """Make every projection again from its log (`referee-app rebuild`). Returns how many were
        made and the problems of the matches whose log cannot be read."""
        self._refuse_readonly()
        with self._writing("", 0):
            self.db.execute("DELETE FROM projections")
        summaries = self.summaries(on_progress)
        return sum(1 for s in summaries if s.projection), [s.problem for s in summaries if s.problem]

    def head(self, match_id: str) -> tuple[int, str]:
        """The match's last seq and the hash that ends its chain."""
        cached = self._heads.get(match_id)
        if cached is not None:
            return cached
        row = self.db.execute("SELECT head_seq, head_hash FROM matches WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no match {match_id} in {self.path}")
        return int(row[0]), str(row[1])

    def has_match(self, match_id: str) -> bool:
        return self.db.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone() is not None

    def load(self, match_id: str) -> list[Entry]:
        """Every entry of a match in seq order, checked: a damaged row is a `StoreError` and a log
        changed outside the app is `Tampered`; never skipped, never replayed silently."""
        return self._load(match_id)[0]

    def load_stored(self, match_id: str) -> tuple[list[Entry], Sequence[Row]]:
        """`load`, and the rows it checked as they are stored (merge copies them without reading them
        again; an older desk's file, with no hashes stored, has them computed by `raw_rows`)."""
        entries, rows = self._load(match_id)
        return entries, rows if self.version >= 2 else self.raw_rows(match_id)

    def _load(self, match_id: str) -> tuple[list[Entry], list[Row]]:
        heads = "head_seq, head_hash" if self.version >= 2 else "0, ''"  # an older desk's file: no chain yet
        index = self.db.execute(
            f'SELECT player_a, player_b, rules, race_to, event, round, "table", referee, {heads}'
            " FROM matches WHERE match_id = ?",
            (match_id,),
        ).fetchone()
        if index is None:
            raise StoreError(f"there is no match {match_id} in {self.path}")
        try:
            rows = self.db.execute(
                f"SELECT seq, type, at, body, {'hash' if self.version >= 2 else 'NULL'} FROM events"
                " WHERE match_id = ? ORDER BY seq",
                (match_id,),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"match {match_id} cannot be read from {self.path}: {exc}") from None
        with collector_paused() as pause:
            pause.freeze = len(rows) >= LONG_HISTORY
            entries, head = self._entries(match_id, rows)
        stored_head = (int(index[8]), str(index[9])) if self.version >= 2 else head
        self._check_index(match_id, entries, tuple(index[:8]), stored_head)
        return entries, rows

    def _entries(
        self, match_id: str, rows: list[tuple[int, str, str, str, str | None]]
    ) -> tuple[list[Entry], tuple[int, str]]:
        """The entries of stored rows, checked, and the head their chain ends at (a row with no stored
        hash, from an older desk's file, has its hash computed as the migration would)."""
        entries: list[Entry] = []
        previous = GENESIS
        sha256 = hashlib.sha256
        classes = EVENT_CLASSES
        times_checked = are_utc_times([row[2] for row in rows])  # all at once; one by one if one is bad
        prefix = f"\x1f{match_id}\x1f"
        for position, (seq, kind, at, body, stored) in enumerate(rows, start=1):
            if seq != position:
                raise Tampered(f"match {match_id}: event {position} is missing from {self.path}")
            # chain_hash, inlined: load runs it for every event of every match opened
            previous = sha256(f"{previous}{prefix}{seq}\x1f{kind}\x1f{at}\x1f{body}".encode()).hexdigest()
            if stored is not None and previous != stored:
                raise Tampered(f"match {match_id}: event {seq} was changed outside the app (its hash does not match)")
            try:
                event = parse_event_text(body)
            except LogFormatError as exc:
                raise StoreError(f"match {match_id}, event {seq} is damaged: {exc}") from None
            if not times_checked and not is_utc_time(at):  # the first bad one, in the order of the checks
                raise StoreError(_bad_time(match_id, seq))
            if classes.get(kind) is not type(event):  # type: ignore[call-overload]
                raise Tampered(f"match {match_id}: event {seq} is filed as '{kind}' but holds another event")
            entries.append(tuple.__new__(Entry, (seq, event, at)))  # Entry(...) at C speed
        if not entries:
            raise StoreError(f"match {match_id} has no events in {self.path}")
        return entries, (entries[-1].seq, previous)

    def check_chain(self, match_id: str) -> None:
        """`Tampered` unless the match's stored rows still chain to its head (hashes only: no event
        is decoded, so a whole database is checked in the time it takes to read it)."""
        head = self.head(match_id)
        rows = self.db.execute(
            "SELECT seq, type, at, body, hash FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
        ).fetchall()
        previous, sha256, prefix = GENESIS, hashlib.sha256, f"\x1f{match_id}\x1f"
        for position, (seq, kind, at, body, stored) in enumerate(rows, start=1):
            previous = sha256(f"{previous}{prefix}{seq}\x1f{kind}\x1f{at}\x1f{body}".encode()).hexdigest()
            if seq != position or previous != stored:
                raise Tampered(f"match {match_id}: event {position} was changed outside the app")
        if (len(rows), previous) != head:
            raise Tampered(f"match {match_id}: the log does not end where it was last recorded")

    def _check_index(
        self, match_id: str, entries: list[Entry], index: tuple[object, ...], head: tuple[int, str]
    ) -> None:
        """The match row must say what the log says, and end where the log ends."""
        setup = entries[0].event
        if not isinstance(setup, MatchStarted):
            raise StoreError(f"match {match_id}: its first event is not match_started")
        if setup.match_id != match_id:
            raise Tampered(f"match {match_id}: its first event names another match ({setup.match_id[:40]})")
        told = (*setup.players, setup.rules, setup.race_to, setup.event, setup.round, setup.table, setup.referee)
        if tuple(index) != told:
            raise Tampered(f"match {match_id}: the list of matches no longer says what its log says")
        last = entries[-1]
        if head[0] != last.seq:
            raise Tampered(f"match {match_id}: the log ends at event {last.seq}, but {head[0]} were recorded")
        self._heads[match_id] = head

    def match_rows(self) -> list[MatchRow]:
        """The index of matches (texts cut at their spec limits: a crafted row cannot flood a list)."""
        heads = "head_seq, head_hash" if self.version >= 2 else "0, ''"  # an older desk's file: no chain yet
        rows = self.db.execute(
            "SELECT substr(match_id, 1, 200), substr(created_at, 1, 40), substr(player_a, 1, 80),"
            " substr(player_b, 1, 80), substr(rules, 1, 40), race_to, substr(event, 1, 200),"
            f' substr(round, 1, 200), substr("table", 1, 200), substr(referee, 1, 200), {heads}'
            " FROM matches ORDER BY created_at, match_id"
        ).fetchall()
        return [MatchRow(*row) for row in rows]

    def count(self) -> int:
        """How many matches the database holds."""
        return int(self.db.execute("SELECT count(*) FROM matches").fetchone()[0])

    def heads(self) -> dict[str, int]:
        """Every match's last seq, by match id (the pusher compares them with its watermarks)."""
        return dict(self.db.execute("SELECT match_id, head_seq FROM matches").fetchall())

    def rows_after(self, match_id: str, seq: int) -> list[StoredRow]:
        """A match's stored rows past `seq`, as they are on disk (the pusher sends them on unread)."""
        rows = self.db.execute(
            "SELECT seq, type, at, body, hash FROM events WHERE match_id = ? AND seq > ? ORDER BY seq", (match_id, seq)
        ).fetchall()
        return [StoredRow(*row) for row in rows]

    def setups(self, known: Container[str] = ()) -> Iterator[tuple[str, MatchStarted | None]]:
        """Each match's `match_started` (None when its first row cannot be decoded), by match id,
        skipping the ids in `known`: each is read by its primary key, never the whole log."""
        for (match_id,) in self.db.execute("SELECT match_id FROM matches").fetchall():
            if match_id in known:
                continue
            row = self.db.execute("SELECT body FROM events WHERE match_id = ? AND seq = 1", (match_id,)).fetchone()
            try:
                event = parse_event_text(row[0]) if row else None
            except LogFormatError:
                event = None
            yield match_id, event if isinstance(event, MatchStarted) else None

    def stored_projection(self, match_id: str) -> tuple[tuple[int, str], Projection] | None:
        """The projection row kept for a match, as it is (its head, then what the lists show), for
        `verify` to compare with the log; None when there is none (made on first use)."""
        if self.version < 3:
            return None
        row = self.db.execute(
            "SELECT head_seq, head_hash, status, score_a, score_b, winner, result, last_at, figures"
            " FROM projections WHERE match_id = ?",
            (match_id,),
        ).fetchone()
        if row is None:
            return None
        try:
            return (row[0], row[1]), Projection.from_columns(*row[2:])
        except ValueError:  # a winner that is no seat: a projection no replay could have made
            return (row[0], row[1]), Projection("unreadable", (0, 0), None, "", "", "")

    # -- tournaments (schema 4): append-only, hash-chained logs like a match's; their JSON bodies are
    # the tournament wing's, kept whole here. Each write is one transaction, committed before it returns.

    def tournaments(self) -> list[TournamentIndex]:
        """Every tournament in the database, oldest first (none in a database from before them)."""
        if self.version < TOURNAMENTS_SINCE:
            return []
        rows = self.db.execute(
            "SELECT substr(tournament_id, 1, 200), substr(name, 1, 200), substr(created_at, 1, 40)"
            " FROM tournaments ORDER BY created_at, tournament_id"
        ).fetchall()
        return [TournamentIndex(*row) for row in rows]

    def create_tournament(self, tournament_id: str, name: str, first: TournamentRow) -> None:
        """A new tournament with its first event (seq 1), in one transaction."""
        self._refuse_readonly()
        if first.seq != 1:
            raise StoreError("a tournament's log starts at event 1")
        try:
            with self.db.atomic():
                self.db.conn.execute(
                    "INSERT INTO tournaments (tournament_id, name, created_at, head_seq, head_hash)"
                    " VALUES (?, ?, ?, 0, ?)",
                    (tournament_id, name, first.at, GENESIS),
                )
                self._insert_tournament_rows(tournament_id, [first], GENESIS)
        except sqlite3.IntegrityError:
            raise StoreError(
                QT_TRANSLATE_NOOP("Store", "tournament {id} is already in {path}"), id=tournament_id, path=self.path
            ) from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"could not write to {self.path}: {exc}") from None

    def append_tournament(
        self, tournament_id: str, rows: list[TournamentRow], phone_keys: Mapping[int, str | None] | None = None
    ) -> None:
        """Append events after the stored head, all or none, durable before returning; `phone_keys`
        sets (or, for None, removes) tables' phone keys in the same transaction."""
        self._refuse_readonly()
        if not rows:
            return
        try:
            with self._write_first():
                head = self.db.execute(
                    "SELECT head_seq, head_hash FROM tournaments WHERE tournament_id = ?", (tournament_id,)
                ).fetchone()
                if head is None:
                    raise StoreError(
                        QT_TRANSLATE_NOOP("Store", "there is no tournament {id} in {path}"),
                        id=tournament_id,
                        path=self.path,
                    )
                if rows[0].seq != int(head[0]) + 1:
                    raise SeqTaken(
                        QT_TRANSLATE_NOOP(
                            "Store", "tournament {id} moved on (its last event is {last}): open it again"
                        ),
                        id=tournament_id,
                        last=head[0],
                    )
                self._insert_tournament_rows(tournament_id, rows, str(head[1]))
                for table, key in (phone_keys or {}).items():
                    self.db.conn.execute(
                        "DELETE FROM phone_keys WHERE tournament_id = ? AND table_no = ?", (tournament_id, table)
                    )
                    if key is not None:
                        self.db.conn.execute(
                            "INSERT INTO phone_keys (tournament_id, table_no, key) VALUES (?, ?, ?)",
                            (tournament_id, table, key),
                        )
        except sqlite3.IntegrityError:
            raise SeqTaken(
                QT_TRANSLATE_NOOP(
                    "Store", "event {seq} of tournament {id} was written by another program: open it again"
                ),
                seq=rows[0].seq,
                id=tournament_id,
            ) from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"could not write to {self.path}: {exc}") from None

    def _insert_tournament_rows(self, tournament_id: str, rows: list[TournamentRow], previous: str) -> None:
        for row in rows:
            previous = chain_hash(previous, tournament_id, row.seq, row.type, row.at, row.body)
            self.db.conn.execute(
                "INSERT INTO tournament_events (tournament_id, seq, type, at, body, hash) VALUES (?, ?, ?, ?, ?, ?)",
                (tournament_id, row.seq, row.type, row.at, row.body, previous),
            )
        self.db.conn.execute(
            "UPDATE tournaments SET head_seq = ?, head_hash = ? WHERE tournament_id = ?",
            (rows[-1].seq, previous, tournament_id),
        )

    def data_version(self) -> int:
        """SQLite's count of the commits other connections made to the file (any table) since this
        one opened: unchanged, nothing was written elsewhere (one cheap look, no table read)."""
        try:
            row = self.db.execute("PRAGMA data_version").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} cannot be read: {exc}") from None
        return int(row[0])

    def tournament_head(self, tournament_id: str) -> int | None:
        """The tournament's last seq as stored (None: no such tournament): a window polls it to see
        that another program (a merge, the command line, another window) moved the log on."""
        if self.version < TOURNAMENTS_SINCE:
            return None
        try:
            row = self.db.execute(
                "SELECT head_seq FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            ).fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                QT_TRANSLATE_NOOP("Store", "tournament {id} cannot be read from {path}: {why}"),
                id=tournament_id,
                path=self.path,
                why=exc,
            ) from None
        return None if row is None or not isinstance(row[0], int) else row[0]

    def phone_keys(self, tournament_id: str) -> dict[int, str]:
        """The phone tables' current keys as kept on this laptop (table -> key); the log has only
        their fingerprints."""
        if self.version < PHONES_SINCE:
            return {}
        rows = self.db.execute(
            "SELECT table_no, key FROM phone_keys WHERE tournament_id = ? ORDER BY table_no", (tournament_id,)
        ).fetchall()
        return {int(table): str(key) for table, key in rows if isinstance(table, int) and isinstance(key, str)}

    def phone_url(self, tournament_id: str) -> str | None:
        """The address the tournament's pages were last served at on the LAN (`serve --lan`)."""
        if self.version < PHONES_SINCE:
            return None
        row = self.db.execute("SELECT url FROM phone_serving WHERE tournament_id = ?", (tournament_id,)).fetchone()
        return str(row[0]) if row is not None and isinstance(row[0], str) else None

    def set_phone_url(self, tournament_id: str, url: str) -> None:
        """Remember where the phones reach the tournament's pages (written when serving on the LAN)."""
        self._refuse_readonly()
        try:
            with self.db.atomic():
                self.db.conn.execute(
                    "INSERT INTO phone_serving (tournament_id, url) VALUES (?, ?)"
                    " ON CONFLICT (tournament_id) DO UPDATE SET url = excluded.url",
                    (tournament_id, url),
                )
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"could not write to {self.path}: {exc}") from None

    def tap_seq(self, match_id: str, tap: str) -> int | None:
        """The event a phone's tap `tap` was recorded as in the match, or None if it never was."""
        if self.version < PHONES_SINCE:
            return None
        row = self.db.execute(
            "SELECT seq FROM phone_taps WHERE match_id = ? AND tap_id = ?", (match_id, tap)
        ).fetchone()
        return int(row[0]) if row is not None and isinstance(row[0], int) else None

    def load_tournament(self, tournament_id: str) -> tuple[TournamentIndex, list[TournamentRow]]:
        """The tournament's index row and every event, the chain checked from the first to the head: a
        log changed outside the app is `Tampered`, never half-read."""
        index = None
        if self.version >= TOURNAMENTS_SINCE:
            index = self.db.execute(
                "SELECT name, created_at, head_seq, head_hash FROM tournaments WHERE tournament_id = ?",
                (tournament_id,),
            ).fetchone()
        if index is None:
            raise StoreError(
                QT_TRANSLATE_NOOP("Store", "there is no tournament {id} in {path}"), id=tournament_id, path=self.path
            )
        try:
            stored = self.db.execute(
                "SELECT seq, type, at, body, hash FROM tournament_events WHERE tournament_id = ? ORDER BY seq",
                (tournament_id,),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                QT_TRANSLATE_NOOP("Store", "tournament {id} cannot be read from {path}: {why}"),
                id=tournament_id,
                path=self.path,
                why=exc,
            ) from None
        previous = GENESIS
        rows: list[TournamentRow] = []
        for position, (seq, kind, at, body, digest) in enumerate(stored, start=1):
            if not (isinstance(seq, int) and all(isinstance(x, str) for x in (kind, at, body, digest))):
                raise Tampered(
                    QT_TRANSLATE_NOOP("Store", "tournament {id}: event {seq} is not stored as the app stores it"),
                    id=tournament_id,
                    seq=position,
                )
            if seq != position:
                raise Tampered(
                    QT_TRANSLATE_NOOP("Store", "tournament {id}: event {seq} is missing from {path}"),
                    id=tournament_id,
                    seq=position,
                    path=self.path,
                )
            previous = chain_hash(previous, tournament_id, seq, kind, at, body)
            if previous != digest:
                raise Tampered(
                    QT_TRANSLATE_NOOP("Store", "tournament {id}: event {seq} was changed outside the app"),
                    id=tournament_id,
                    seq=seq,
                )
            rows.append(TournamentRow(seq, kind, at, body))
        if not rows:
            raise StoreError(
                QT_TRANSLATE_NOOP("Store", "tournament {id} has no events in {path}"), id=tournament_id, path=self.path
            )
        if (rows[-1].seq, previous) != (index[2], index[3]):
            raise Tampered(
                QT_TRANSLATE_NOOP("Store", "tournament {id}: the log does not end where it was last recorded"),
                id=tournament_id,
            )
        return TournamentIndex(tournament_id, str(index[0]), str(index[1])), rows


def _files_of(path: Path) -> tuple[Path, ...]:
    """A database's file and those SQLite makes beside it."""
    return (path, *(Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", "-journal")))


def _keep_private(path: Path, there: set[Path]) -> None:
    """The database's files are this user's alone: the organizer's hold every phone table's key
    (phone.md §4). Linux and macOS: any of them others may read (a file made before, by an older
    version) is made 0600; SQLite makes the ones beside it with the database's mode. Windows:
    those this opening made (a new file there inherits the folder's access list) get this user's.
    Another account's file, which this one may write but not chmod, stays as its owner keeps it."""
    for one in _files_of(path):
        with contextlib.suppress(FileNotFoundError, PermissionError):
            if is_windows():
                if one not in there and one.exists():
                    make_private(one)
            elif one.stat().st_mode & 0o077:
                one.chmod(0o600)


def _backup_into(source: sqlite3.Connection, path: Path) -> None:
    """SQLite's online backup of `source` into the new, empty file at `path` (no journal beside it:
    the file is not in place until it is whole)."""
    copy = sqlite3.connect(path)
    try:
        copy.execute("PRAGMA journal_mode = OFF")
        source.backup(copy)
    finally:
        copy.close()


def _disk_full(exc: Exception) -> bool:
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL


def _bad_time(match_id: str, seq: int) -> str:
    return f"match {match_id}, event {seq} is damaged: its time is not a UTC time of the years 1970..9999"


_INDEX_TEXT = " || char(31) || ".join(
    f"coalesce({field}, '')"
    for field in ("match_id", "created_at", "player_a", "player_b", "rules", "race_to", "event", "round", '"table"',
                  "referee")
)  # fmt: skip
"""A match's index row as one text, joined by SQLite (a list of thousands costs no Python per field)."""


NO_FIGURES = '\'{"racks":[],"tally":null}\''
"""What a summary read without figures holds in their place (SQL text)."""


def _fresh(row: tuple[object, ...], figures: bool = True) -> bool:
    """A summaries row whose projection was made for this head (column 12), for this very index row
    (column 21, the index row now) and holds what was stored with it (columns 13-19 against the
    digest kept in column 20): an edit of any of them makes it stale, and it is made again from
    the log. Without `figures` (not read), their digest is taken as stored."""
    if not row[12]:
        return False
    kept, _, figures_digest = str(row[20]).partition(":")
    if figures and _digest(str(row[19])) != figures_digest:
        return False
    index, seq, head, status, a, b, winner, result, last_at = _index_hash(str(row[21])), *row[10:12], *row[13:19]
    return kept == _digest(
        f"{index}\x1f{seq}\x1f{head}\x1f{status}\x1f{a}\x1f{b}\x1f{winner}\x1f{result}\x1f{last_at}\x1f{figures_digest}"
    )


def _projection_digest(index_digest: str, head: tuple[int, str], projection: Projection) -> str:
    """What a projection row keeps to be trusted (`_fresh`): a digest of the index row's digest, the
    head and every field the lists show, then the digest of its figures. There is no secret in it: it
    catches an edit of the table, as the chain does; `verify` replays the log and compares."""
    winner = projection.winner.value if projection.winner else ""
    figures_digest = _digest(projection.figures_text)
    (seq, head_hash), (a, b) = head, projection.score
    status, result, last_at = projection.status, projection.result, projection.last_at
    kept = _digest(
        f"{index_digest}\x1f{seq}\x1f{head_hash}\x1f{status}\x1f{a}\x1f{b}\x1f{winner}\x1f{result}\x1f{last_at}\x1f{figures_digest}"
    )
    return f"{kept}:{figures_digest}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


FIGURES_VERSION = 2
"""Raised when what a projection's figures count changes (2: a foul with no ball called is not a
safety): the digest below then differs, and every projection made before is made again on first use."""


def _index_hash(index_text: str) -> str:
    """A digest of a match's index row, kept with its projection: the list trusts a projection only
    for the row it was made for (and for the figures' version it was counted with)."""
    return hashlib.sha256(f"{FIGURES_VERSION}\x1f{index_text}".encode()).hexdigest()
