"""Bringing matches recorded on other table laptops into one database.

Merging is idempotent: a match already here with the same log adds nothing.
A match id whose events differ between the two databases is a conflict: it is
reported with its id and left as it is, never merged or overwritten.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from referee_app.history import ReplayRefused, replay
from referee_app.logfile import format_log
from referee_app.store import Store, StoreError


@dataclass
class MergeReport:
    added: list[str] = field(default_factory=list)
    already_here: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)


def open_readonly(path: Path) -> Store:
    """Another desk's database, opened without writing to it."""
    if not path.exists():
        raise StoreError(f"{path} does not exist")
    import sqlite_utils

    store = Store.__new__(Store)
    store.path = path
    try:
        store.db = sqlite_utils.Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True))
        version = store.db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} cannot be opened as a match database: {exc}") from None
    if version < 1:
        raise StoreError(f"{path} is not a match database")
    return store


def merge(store: Store, other_path: Path) -> MergeReport:
    """Copy into `store` every match of `other_path` it lacks; report the rest."""
    other = open_readonly(other_path)
    report = MergeReport()
    for row in other.match_rows():
        try:
            theirs = other.load(row.match_id)
            replay(theirs)
        except (StoreError, ReplayRefused):
            report.damaged.append(row.match_id)
            continue
        if store.has_match(row.match_id):
            same = format_log(store.load(row.match_id)) == format_log(theirs)
            (report.already_here if same else report.conflicts).append(row.match_id)
            continue
        with store.db.atomic():
            store.create_match(theirs[0])
            store.append_many(row.match_id, theirs[1:])
        report.added.append(row.match_id)
    other.close()
    return report
