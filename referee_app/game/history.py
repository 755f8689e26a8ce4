"""A match's events with the state after each: replay as a fold, undo as a pop.

`History` keeps every entry of the log (voided ones and undo lines included,
for the audit trail) and, beside it, the stack of events still in force with
the state each one left. Undo (spec §2, "undo") voids the latest event in
force, so stepping back is popping that stack: no replay needed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from referee_app.game import rules
from referee_app.game.events import Entry, Event, MatchStarted, Undo
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import State, initial_state


class Step(NamedTuple):
    """An event in force and the state it left (a tuple: replay makes one per event)."""

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
        first = initial_state(start.event)
        self.entries: list[Entry] = [start]
        self.timeline: list[State] = [first]  # state after each entry
        # The events in force as two parallel stacks (no object per event: replay is hot).
        self._force_entries: list[Entry] = [start]
        self._force_states: list[State] = [first]
        self.voided: set[int] = set()

    @property
    def setup(self) -> MatchStarted:
        event = self.entries[0].event
        assert isinstance(event, MatchStarted)
        return event

    @property
    def state(self) -> State:
        return self._force_states[-1]

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    @property
    def undo_target(self) -> int | None:
        """The seq an undo would void now, or None when there is nothing to undo."""
        return self._force_entries[-1].seq if len(self._force_entries) > 1 else None

    def in_force(self) -> list[Step]:
        return [Step(e.seq, e.event, s) for e, s in zip(self._force_entries, self._force_states, strict=True)]

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
            return self._force_states[-2]
        return rules.apply(self.state, event)

    def add(self, entry: Entry, new_state: State | None = None) -> State:
        """Append `entry` (checked now unless `new_state` came from `check`)."""
        event = entry.event
        if type(event) is Undo:
            state = self.check(event) if new_state is None else new_state
            self._force_entries.pop()
            self._force_states.pop()
            self.voided.add(event.target)
        else:  # the path replay takes for nearly every event: keep it short
            # rules.apply, inlined
            state = rules.HANDLERS[type(event)](self._force_states[-1], event) if new_state is None else new_state
            self._force_entries.append(entry)
            self._force_states.append(state)
        self.entries.append(entry)
        self.timeline.append(state)
        return state

    def fold(self, entries: Iterable[Entry]) -> State:
        """`add` each entry in turn (replay of a whole log); `ReplayRefused` names the first refused one
        by its position after the entries already here (1 for the first after `match_started`).

        `add`'s work with the method call, the attribute reads and the per-event `try` taken out of
        the loop: replay runs this for every event of every match opened or merged (bench/replay.py)."""
        handlers, undo, add = rules.HANDLERS, Undo, self.add
        push_entry, push_state = self._force_entries.append, self._force_states.append
        log, timeline = self.entries.append, self.timeline.append
        state = self._force_states[-1]
        first = index = len(self.entries)
        try:
            for index, entry in enumerate(entries, start=first):  # noqa: B007 (the except reads it)
                event = entry[1]
                if type(event) is undo:
                    state = add(entry)
                    continue
                state = handlers[type(event)](state, event)
                push_entry(entry)
                push_state(state)
                log(entry)
                timeline(state)
        except RuleViolation as violation:
            raise ReplayRefused(index, violation) from None
        return state


def replay(entries: Iterable[Entry]) -> History:
    """Fold the entries through the rules; `ReplayRefused` names the first refused one.

    The cyclic garbage collector is paused meanwhile: replay allocates a state per
    event and makes no cycles, and on long logs the collector's passes over the
    growing history cost more than the replay itself (bench/replay.py)."""
    iterator = iter(entries)
    history = History(next(iterator))
    with collector_paused() as pause:
        history.fold(iterator)
        pause.freeze = len(history.entries) >= LONG_HISTORY
    return history


LONG_HISTORY = 1000
"""From this many events on, a replayed history is moved out of the collector's reach."""


class _Pause:
    freeze = False


@contextmanager
def collector_paused() -> Iterator[_Pause]:
    """Pause the cyclic garbage collector while many acyclic values are built.

    When the caller sets `freeze`, what was built is frozen (`gc.freeze`) rather than
    left for the next passes: a long match history lives as long as the match is open,
    and rescanning it on every later pass would stall replay and the desk's clicks.
    """
    pause = _Pause()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield pause
    finally:
        if was_enabled:
            if pause.freeze:
                gc.freeze()
            gc.enable()
