"""Bringing matches recorded on other table laptops into one database.

Merging is idempotent: a match already here with the same log adds nothing.
A match id whose events differ between the two databases is a conflict: it is
reported with its id and left as it is, never merged or overwritten. The other
database is opened read-only and refused whole if it is not ours (views, foreign
triggers, a newer version); each of its matches is checked as an import is (the
codec, the hash chain, the rules) and one that fails is reported, not merged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee_app.history import ReplayRefused, replay
from referee_app.logfile import format_log
from referee_app.store import Store, StoreError, check_times


@dataclass
class MergeReport:
    added: list[str] = field(default_factory=list)
    already_here: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    damaged: dict[str, str] = field(default_factory=dict)
    """match id -> why it was not merged"""


def merge(store: Store, other_path: Path) -> MergeReport:
    """Copy into `store` every match of `other_path` it lacks; report the rest."""
    other = Store.open_readonly(other_path)
    report = MergeReport()
    try:
        for row in other.match_rows():
            try:
                theirs = other.load(row.match_id)
                check_times(row.match_id, theirs)
                replay(theirs)
            except StoreError as exc:
                report.damaged[row.match_id] = str(exc)
                continue
            except ReplayRefused as exc:
                report.damaged[row.match_id] = f"event {theirs[exc.index].seq} is refused by the rules: {exc}"
                continue
            if store.has_match(row.match_id):
                try:
                    ours = store.load(row.match_id)
                except StoreError as exc:  # ours is the damaged one: say so, and go on with the others
                    report.damaged[row.match_id] = f"the copy in this database cannot be read: {exc}"
                    continue
                same = format_log(ours) == format_log(theirs)
                (report.already_here if same else report.conflicts).append(row.match_id)
                continue
            store.add_match(theirs)
            report.added.append(row.match_id)
    finally:
        other.close()
    return report
