"""A match being refereed: check with the rules, make it durable, then publish.

`Session.record` is the one way an event enters a match (spec flow in
shared/style.md): the rules check it, the store commits it, and only then
does the session's state move. Invariant: `session.state` equals a fresh
replay of what the store holds.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from itertools import pairwise

from referee_app.game.events import Entry, Event, MatchStarted, Undo
from referee_app.game.history import History, ReplayRefused, replay
from referee_app.game.played import Played, played
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import State
from referee_app.log.codec import check_setup
from referee_app.log.projection import project, project_history
from referee_app.log.store import Store, StoreError
from referee_app.log.tally import tally_of

Clock = Callable[[], str]


def utc_now() -> str:
    """ISO-8601 UTC time with milliseconds, as written in the `at` field."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Session:
    """One open match: its history in memory, its log in the store."""

    def __init__(self, store: Store, match_id: str, clock: Clock = utc_now) -> None:
        self.store = store
        self.match_id = match_id
        self.clock = clock
        try:
            self.history: History = replay(store.load(match_id))
        except ReplayRefused as exc:
            raise StoreError(f"match {match_id}: stored event {exc.index + 1} is refused by the rules: {exc}") from None
        self.tally = tally_of(played(self.history))

    @classmethod
    def start(cls, store: Store, setup: MatchStarted, clock: Clock = utc_now) -> Session:
        """Create a new match (a UUID is assigned when `setup` has no match_id); a set-up the spec
        refuses (rack scoring with a shot clock) is a `LogFormatError` and nothing is stored."""
        check_setup(setup)
        if not setup.match_id:
            setup = replace(setup, match_id=str(uuid.uuid4()))
        start = [Entry(1, setup, clock())]
        store.add_match(start, project_history(replay(start)))
        return cls(store, setup.match_id, clock)

    @property
    def state(self) -> State:
        return self.history.state

    @property
    def setup(self) -> MatchStarted:
        return self.history.setup

    def check(self, event: Event) -> State:
        """What `event` would lead to, without recording it (`RuleViolation` if refused)."""
        return self.history.check(event)

    def record(self, event: Event, at: str | None = None, tap: str | None = None) -> Entry:
        """Check, append durably (the match's projection in the same transaction), then move the
        state. Refused: nothing changes. `tap`: the id a phone gave the event, stored with it."""
        before = self.history.state
        new_state = self.history.check(event)
        entry = Entry(self.history.next_seq, event, at or self.clock())
        try:
            if isinstance(event, Undo):  # the voided event leaves the fold: count the match again
                kept = self.history.in_force()[:-1]
                tally = tally_of([Played(n.seq, "", n.event, b.state, n.state) for b, n in pairwise(kept)])
            else:  # counted in place, not copied at each click: a failure below counts the match again
                tally = self.tally
                tally.step(Played(entry.seq, entry.at, event, before, new_state))
            self.store.append(self.match_id, entry, project(new_state, tally, entry.at), tap=tap)
        except BaseException:
            self.tally = tally_of(played(self.history))
            raise
        self.history.add(entry, new_state)
        self.tally = tally
        return entry

    def undo(self) -> Entry:
        """Void the latest event in force by appending an `undo`."""
        target = self.history.undo_target
        if target is None:
            raise RuleViolation("undo_nothing")
        return self.record(Undo(target))
