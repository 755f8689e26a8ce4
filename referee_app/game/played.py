"""The events in force, each with who acted and the state before and after.

Statistics and match sheets read matches through this: a voided event is not
part of what happened, and the seat that acted is the one the state had at the
table (the log records facts, not who is due; the rules derive that).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from referee_app.game.events import Break, Entry, Event, Option, Penalty, PushOut, Shot
from referee_app.game.history import History, replay
from referee_app.game.rules import fouls_of
from referee_app.game.state import State
from referee_app.game.vocab import PenaltyKind, Seat


@dataclass(frozen=True, slots=True)
class Played:
    seq: int
    at: str
    event: Event
    before: State
    after: State

    @property
    def seat(self) -> Seat | None:
        """Who broke, shot, pushed out or chose (None for referee decisions and notes)."""
        if isinstance(self.event, Break | Shot | PushOut | Option):
            return self.before.at_table
        return None

    @property
    def rack(self) -> int:
        return self.before.rack

    @property
    def fouler(self) -> Seat | None:
        """Who committed a standard foul in this event (a foul stroke or a foul penalty)."""
        if isinstance(self.event, Penalty):
            return self.event.player if self.event.penalty is PenaltyKind.FOUL else None
        return self.seat if fouls_of(self.before, self.event) else None


def played(history: History) -> list[Played]:
    """The events in force, in order, with the states around them."""
    steps = history.in_force()
    at = {e.seq: e.at for e in history.entries}
    return [Played(now.seq, at[now.seq], now.event, before.state, now.state) for before, now in pairwise(steps)]


def played_from(entries: list[Entry]) -> tuple[History, list[Played]]:
    history = replay(entries)
    return history, played(history)
