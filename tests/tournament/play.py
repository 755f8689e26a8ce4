"""Helpers for the tournament tests: build a tournament and play it out from a random source."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from referee_app.tournament.events import Created, Drawn, EntriesAdded, Event, Forfeit, ResultRecorded, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.state import State, Tournament, apply


def names(n: int) -> list[str]:
    return [f"Player {i:03d}" for i in range(1, n + 1)]


def drawn(
    options: Options | None = None,
    entries: Sequence[Entry] | int = 16,
    *,
    draw_seed: int = 1,
    tables: Sequence[int] = (),
) -> State:
    """A tournament created, entered (players rated by number when given a count) and drawn."""
    if isinstance(entries, int):
        entries = [Entry(name, rating=700 - i) for i, name in enumerate(names(entries))]
    state = apply(None, Created("Test Open", options or Options(Format.DE)))
    state = apply(state, EntriesAdded(tuple(entries)))
    state = apply(state, Drawn(draw_seed))
    if tables:
        state = apply(state, TablesSet(tuple(tables)))
    return state


def winning(t: Tournament, match: str, winner_is_a: bool, loser_racks: int) -> ResultRecorded:
    slot = t.slots[match]
    race = slot.spec.race
    assert slot.a and slot.b
    score = (race, loser_racks) if winner_is_a else (loser_racks, race)
    return ResultRecorded(match, slot.a if winner_is_a else slot.b, score, ended_on="2026-12-01")


def play_out(
    state: State,
    rng: random.Random,
    *,
    forfeit_rate: float = 0.0,
    check: Callable[[State], None] | None = None,
    limit: int = 10_000,
) -> State:
    """Results for ready or playing matches, picked at random, until none is left."""
    for _ in range(limit):
        t = state.tournament
        open_matches = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        if not open_matches:
            return state
        match = rng.choice(open_matches)
        event: Event
        if rng.random() < forfeit_rate:
            slot = t.slots[match]
            assert slot.a and slot.b
            event = Forfeit(match, rng.choice([slot.a, slot.b]))
        else:
            event = winning(t, match, rng.random() < 0.5, rng.randrange(t.slots[match].spec.race))
        state = apply(state, event)
        if check is not None:
            check(state)
    raise AssertionError("the tournament did not finish")
