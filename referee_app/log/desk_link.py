"""The desk's link file: a small SQLite file beside its database (`matches.db.link`, 0600).

It keeps what a desk needs to reach its event (the server, this table's key, the server's
pinned certificate) and, per server and match, the last seq the server confirmed: the
pusher's watermarks. It lives in the log wing because every SQLite statement does; what
the rows mean for a live event is the venue wing's (`venue.pusher.LinkFile`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from referee_app.system import is_windows, make_private, open_no_link

LINK_SUFFIX = ".link"
LINK_VERSION = 2
"""1: one shared password for the event; 2: a key per table, and the server's certificate."""


class LinkFileDamaged(Exception):
    """The link file cannot be read (or is not a file of ours)."""


class LinkRow(NamedTuple):
    host: str
    port: int
    key: str
    table: str
    fingerprint: str
    certificate: str


def link_path(db_path: Path) -> Path:
    return Path(str(db_path) + LINK_SUFFIX)


def _private(path: Path) -> None:
    """Make `path` private before SQLite opens it; never a link. Linux and macOS: 0600 (its -wal and
    -shm take the same mode). Windows: its access list, set once when it is made (SQLite's -wal and
    -shm inherit the folder's, which is the user's own data folder by default)."""
    try:
        os.close(open_no_link(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        if path.is_symlink() or not path.is_file():
            raise LinkFileDamaged(f"{path} is not this desk's link file: remove it, then connect again") from None
        if not is_windows():
            make_private(path)
        return
    if is_windows():
        make_private(path)


class DeskLinkFile:
    """The link file of the desk whose database is `db_path`.

    `mend=True` (`connect`) replaces a file it cannot read: it holds nothing a new connection
    cannot rebuild (the watermarks only save resending what the server already holds)."""

    def __init__(self, db_path: Path, mend: bool = False) -> None:
        self.path = link_path(db_path)
        try:
            self._open()
        except (sqlite3.DatabaseError, LinkFileDamaged):
            if not mend:
                raise LinkFileDamaged(f"this desk's event link ({self.path.name}) is damaged: connect again") from None
            for stale in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
                if stale.is_symlink() or stale.is_file():
                    stale.unlink()
            self._open()

    def _open(self) -> None:
        _private(self.path)
        self.conn = sqlite3.connect(self.path, timeout=10, check_same_thread=False)
        try:
            self.conn.execute("PRAGMA journal_mode = WAL")
            # a watermark is written after every push: not synced each time (a power cut may lose the
            # last ones, and then the server's refusal of what it holds makes the pusher look first)
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except BaseException:
            self.conn.close()
            raise

    def _migrate(self) -> None:
        version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
        if version == LINK_VERSION:
            return
        if version > LINK_VERSION:
            raise LinkFileDamaged("this desk's event link was made by a newer referee-app: update it")
        names = {name for (name,) in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        self.conn.execute("PRAGMA secure_delete = ON")  # the old file held the event's shared password
        with self.conn:
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS desk_link (host TEXT NOT NULL, port INTEGER NOT NULL, key TEXT NOT NULL,"
                " table_no TEXT NOT NULL, fingerprint TEXT NOT NULL, certificate TEXT NOT NULL)"
            )
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS marks (server_id TEXT NOT NULL, match_id TEXT NOT NULL,"
                " seq INTEGER NOT NULL, conflict_seq INTEGER, PRIMARY KEY (server_id, match_id))"
            )
            if "link" in names:  # version 1: one shared password; the table must now connect with its own key
                self.conn.execute("INSERT INTO desk_link SELECT host, port, '', table_no, '', '' FROM link")
                self.conn.execute("DROP TABLE link")
            self.conn.execute(f"PRAGMA user_version = {LINK_VERSION}")

    def load_row(self) -> LinkRow | None:
        row = self.conn.execute("SELECT host, port, key, table_no, fingerprint, certificate FROM desk_link").fetchone()
        if row is None:
            return None
        host, port, key, table, fingerprint, certificate = row
        return LinkRow(str(host), int(port), str(key), str(table), str(fingerprint), str(certificate))

    def save_row(self, row: LinkRow) -> None:
        with self._synced():
            self.conn.execute("DELETE FROM desk_link")
            self.conn.execute("INSERT INTO desk_link VALUES (?, ?, ?, ?, ?, ?)", tuple(row))

    def forget(self) -> None:
        with self._synced():
            self.conn.execute("DELETE FROM desk_link")

    @contextlib.contextmanager
    def _synced(self) -> Iterator[None]:
        """A transaction synced to the disk when it commits (the link itself outlives a power cut)."""
        self.conn.execute("PRAGMA synchronous = FULL")
        try:
            with self.conn:
                yield
        finally:
            self.conn.execute("PRAGMA synchronous = NORMAL")

    def marks(self, server_id: str) -> dict[str, tuple[int, int | None]]:
        rows = self.conn.execute("SELECT match_id, seq, conflict_seq FROM marks WHERE server_id = ?", (server_id,))
        return {match_id: (seq, conflict) for match_id, seq, conflict in rows}

    def confirmed(self) -> dict[str, int]:
        """Per match, the highest seq any server confirmed (what the desk counts as sent)."""
        rows = self.conn.execute("SELECT match_id, max(seq) FROM marks GROUP BY match_id")
        return {str(match_id): int(seq) for match_id, seq in rows}

    def set_mark(self, server_id: str, match_id: str, seq: int, conflict_seq: int | None) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT OR REPLACE INTO marks VALUES (?, ?, ?, ?)", (server_id, match_id, seq, conflict_seq)
            )

    def close(self) -> None:
        self.conn.close()
