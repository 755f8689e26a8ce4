"""The organizer's operations, one home for the command line and the Matches page.

Each takes a store and plain values and returns what happened; the CLI prints it and the page
shows it, in the same words.
"""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import replace
from pathlib import Path

from referee_app.game.events import Entry, MatchStarted
from referee_app.log.codec import event_to_text
from referee_app.log.projection import project_log
from referee_app.log.session import utc_now
from referee_app.log.store import Store, StoreError


class LogConflict(StoreError):
    """A log whose match id is stored already with other events."""


LOG_NAMESPACE = uuid.UUID("5b0f6d2e-9c41-4e57-a1d3-10ba11d0e5c7")
"""The namespace of ids derived from a log's content (a fixed value of ours: never change it)."""


def content_id(entries: list[Entry]) -> str:
    """The id of a log that has none, from its content (a name-based UUID): the same file imported
    twice is the same match."""
    return str(uuid.uuid5(LOG_NAMESPACE, "".join(event_to_text(e.event) + "\n" for e in entries)))


def _same_log(stored: list[Entry], incoming: list[Entry]) -> bool:
    """The same events; a time is compared only where the incoming file gives one."""
    if len(stored) != len(incoming):
        return False
    return all(a.event == b.event and (not b.at or a.at == b.at) for a, b in zip(stored, incoming, strict=True))


def import_entries(store: Store, entries: list[Entry]) -> tuple[str, bool]:
    """Store a checked log; returns (match_id, added). The same log twice adds nothing."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    if not setup.match_id:
        setup = replace(setup, match_id=content_id(entries))
    entries = [entries[0]._replace(event=setup), *entries[1:]]
    if store.has_match(setup.match_id):
        if _same_log(store.load(setup.match_id), entries):
            return setup.match_id, False
        raise LogConflict(f"match {setup.match_id} is already in the database with other events")
    now = utc_now()
    entries = [e._replace(at=e.at or now) for e in entries]
    store.add_match(entries, project_log(entries))
    return setup.match_id, True


def match_count(paths: list[Path]) -> int:
    """How many matches the databases hold, each opened read-only (0 for one that cannot be read:
    merge reports it); the total a merge's progress counts up to."""
    total = 0
    for path in paths:
        try:
            store = Store.open_readonly(path)
        except StoreError:
            continue
        try:
            total += store.count()
        except sqlite3.DatabaseError:
            continue
        finally:
            store.close()
    return total
