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

from dataclasses import dataclass, field
from pathlib import Path

from referee_app.game.history import ReplayRefused
from referee_app.log.projection import replay_and_project
from referee_app.log.store import Cancelled, MatchRow, Progress, Store, StoreError, check_times


@dataclass
class MergeReport:
    added: list[str] = field(default_factory=list)
    extended: list[str] = field(default_factory=list)
    """matches we held a shorter log of: the new tail was added"""
    already_here: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    damaged: dict[str, str] = field(default_factory=dict)
    """match id -> why it was not merged"""


def merge(store: Store, other_path: Path, on_progress: Progress | None = None) -> MergeReport:
    """Copy into `store` every match of `other_path` it lacks or holds less of; report the rest."""
    other = Store.open_readonly(other_path)
    report = MergeReport()
    try:
        rows = other.match_rows()
        for done, row in enumerate(rows, start=1):
            _merge_one(store, other, row, report)
            if on_progress is not None and not on_progress(done, len(rows)):
                raise Cancelled(f"merge stopped after {done} of {len(rows)} matches (each merged one is whole)")
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
        theirs = other.load(match_id)  # the chain, the index row and every body checked
        check_times(match_id, theirs)
        _, projection = replay_and_project(theirs)  # every event by the rules, counted in the same walk
    except StoreError as exc:
        report.damaged[match_id] = str(exc)
        return
    except ReplayRefused as exc:
        report.damaged[match_id] = f"event {theirs[exc.index].seq} is refused by the rules: {exc}"
        return
    rows = other.raw_rows(match_id)  # copied as stored: checked above, never encoded again
    if ours is None:
        store.copy_rows(theirs[0], rows, projection, new=True)
        report.added.append(match_id)
        return
    if (rows[-1].seq, rows[-1].hash) == ours:
        report.already_here.append(match_id)  # an older desk's file: the same log
        return
    if len(rows) > ours[0] and rows[ours[0] - 1].hash == ours[1]:  # the chain: the common part is the same
        store.copy_rows(theirs[0], rows[ours[0] :], projection, new=False)
        report.extended.append(match_id)
        return
    report.conflicts.append(match_id)
