"""A match's events with the state after each: replay as a fold, undo as a pop.

`History` keeps every entry of the log (voided ones and undo lines included,
for the audit trail) and, beside it, the stack of events still in force with
the state each one left. Undo (spec §2, "undo") voids the latest event in
force, so stepping back is popping that stack: no replay needed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee_app import rules
from referee_app.events import Entry, Event, MatchStarted, Undo
from referee_app.refusals import RuleViolation
from referee_app.state import State, initial_state


@dataclass(frozen=True, slots=True)
class Step:
    """An event in force and the state it left."""

    seq: int
    event: Event
    state: State


class ReplayRefused(ValueError):
    """An event of a stored or read log that the rules refuse."""

    def __init__(self, index: int, violation: RuleViolation) -> None:
        self.index = index  # 0-based position in the entries given
        self.violation = violation
        super().__init__(str(violation))


class History:
    """The events of one match, checked one by one as they are added."""

    def __init__(self, start: Entry) -> None:
        if not isinstance(start.event, MatchStarted):
            raise ValueError("a match log starts with match_started")
        first = Step(start.seq, start.event, initial_state(start.event))
        self.entries: list[Entry] = [start]
        self.timeline: list[State] = [first.state]  # state after each entry
        self._in_force: list[Step] = [first]
        self.voided: set[int] = set()

    @property
    def setup(self) -> MatchStarted:
        event = self.entries[0].event
        assert isinstance(event, MatchStarted)
        return event

    @property
    def state(self) -> State:
        return self._in_force[-1].state

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    @property
    def undo_target(self) -> int | None:
        """The seq an undo would void now, or None when there is nothing to undo."""
        return self._in_force[-1].seq if len(self._in_force) > 1 else None

    def in_force(self) -> list[Step]:
        return list(self._in_force)

    def check(self, event: Event) -> State:
        """The state `event` would lead to; `RuleViolation` if it is refused."""
        if isinstance(event, Undo):
            latest = self.undo_target
            if event.target == 1:
                raise RuleViolation("undo_start")
            if latest is None:
                raise RuleViolation("undo_nothing")
            if event.target != latest:
                raise RuleViolation("undo_not_latest", latest=latest, target=event.target)
            return self._in_force[-2].state
        return rules.apply(self.state, event)

    def add(self, entry: Entry, new_state: State | None = None) -> State:
        """Append `entry` (checked now unless `new_state` came from `check`)."""
        state = self.check(entry.event) if new_state is None else new_state
        if isinstance(entry.event, Undo):
            self._in_force.pop()
            self.voided.add(entry.event.target)
        else:
            self._in_force.append(Step(entry.seq, entry.event, state))
        self.entries.append(entry)
        self.timeline.append(state)
        return state


def replay(entries: Iterable[Entry]) -> History:
    """Fold the entries through the rules; `ReplayRefused` names the first refused one."""
    iterator = iter(entries)
    history = History(next(iterator))
    for index, entry in enumerate(iterator, start=1):
        try:
            history.add(entry)
        except RuleViolation as violation:
            raise ReplayRefused(index, violation) from None
    return history
