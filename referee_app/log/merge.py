"""Bringing matches recorded on other table laptops into one database.

Merging goes by the logs' heads (last seq and hash-chain head). A match whose head
is already ours is skipped without reading its events, so a re-merge with nothing
new costs next to nothing. A longer log of a match we hold (the same match carried on
at another table) adds only its new tail, once the chain shows that the common part
is the same. Any other difference is a conflict: reported with its id and left as it
is, never merged or overwritten. The other
database is opened read-only and refused whole if it is not ours (views, foreign
triggers, a newer version); each of its matches is checked as an import is (the
codec, the hash chain, the rules) and one that fails is reported, not merged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from referee_app.game.history import ReplayRefused
from referee_app.log.projection import replay_and_project
from referee_app.log.store import Cancelled, MatchRow, Progress, Store, StoreError


@dataclass
class MergeReport:
    added: list[str] = field(default_factory=list)
    extended: list[str] = field(default_factory=list)
    """matches we held a shorter log of: the new tail was added"""
    already_here: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    damaged: dict[str, str] = field(default_factory=dict)
    """match id -> why it was not merged"""


COMMIT_EVERY_S = 0.25
"""Merged matches are committed together at least this often: a commit syncs the disk, and one per
match cost a season's merge a tenth of its time; a desk writing to the same database waits no longer
than this (its busy timeout is 5 s)."""


def merge(store: Store, other_path: Path, on_progress: Progress | None = None) -> MergeReport:
    """Copy into `store` every match of `other_path` it lacks or holds less of; report the rest."""
    other = Store.open_readonly(other_path)
    report = MergeReport()
    try:
        rows = other.match_rows()
        done, total, go_on = 0, len(rows), True
        while go_on and done < total:
            with store.transaction():  # each match whole; committed together, a few times a second
                until = time.monotonic() + COMMIT_EVERY_S
                while go_on and done < total and time.monotonic() < until:
                    _merge_one(store, other, rows[done], report)
                    done += 1
                    go_on = on_progress is None or on_progress(done, total)
        if not go_on:  # the matches merged so far were committed, each whole
            raise Cancelled(f"merge stopped after {done} of {total} matches (each merged one is whole)")
    finally:
        other.close()
    return report


def _merge_one(store: Store, other: Store, row: MatchRow, report: MergeReport) -> None:
    match_id = row.match_id
    ours: tuple[int, str] | None = store.head(match_id) if store.has_match(match_id) else None
    if ours is not None and other.version >= 2 and ours == (row.head_seq, row.head_hash):
        report.already_here.append(match_id)  # same head: the same log, nothing decoded
        return
    try:
        theirs, rows = other.load_stored(match_id)  # the chain, the index row, every body and time checked
        _, projection = replay_and_project(theirs)  # every event by the rules, counted in the same walk
    except StoreError as exc:
        report.damaged[match_id] = str(exc)
        return
    except ReplayRefused as exc:
        report.damaged[match_id] = f"event {theirs[exc.index].seq} is refused by the rules: {exc}"
        return
    # the rows are copied as stored: checked above, never encoded again
    if ours is None:
        store.copy_rows(theirs[0], rows, projection, new=True)
        report.added.append(match_id)
        return
    seq, digest = rows[-1][0], rows[-1][4]
    if (seq, digest) == ours:
        report.already_here.append(match_id)  # an older desk's file: the same log
        return
    if len(rows) > ours[0] and rows[ours[0] - 1][4] == ours[1]:  # the chain: the common part is the same
        store.copy_rows(theirs[0], rows[ours[0] :], projection, new=False)
        report.extended.append(match_id)
        return
    report.conflicts.append(match_id)
