"""The queue's order (spec §4, `tournament.plan.priority`): a freed table never goes to players who
just finished ahead of a match of the same round that was ready before them, and a match held
back behind one ready after it is always given its reason."""

from __future__ import annotations

import random

import pytest

from referee_app.i18n import english
from referee_app.tournament.events import Created, Drawn, EntriesAdded, ResultRecorded, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.plan import CONTEXT, knockout_order, priority
from referee_app.tournament.state import State, Tournament, apply, held_back
from referee_app.tournament.templates import ffb_national


def _start(options: Options, players: int, tables: int, seed: int) -> State:
    state = apply(None, Created("Open", options))
    entries = tuple(Entry(f"Player {i:02d}", 800 - 5 * i) for i in range(1, players + 1))
    state = apply(state, EntriesAdded(entries))
    state = apply(state, Drawn(seed))
    return apply(state, TablesSet(tuple(range(1, tables + 1))))


def _class(t: Tournament, mid: str) -> tuple[int, ...]:
    """The parts of the queue's order that may put a later match first: stage, side, round, group."""
    spec = t.slots[mid].spec
    feeds = knockout_order(t.bracket) if t.bracket is not None and t.bracket.groups else {}
    return priority(spec, t.hot_seat, feeds=feeds.get(spec.group or 0, 0))[:4]


def _played_out(options: Options, players: int, tables: int, seed: int) -> list[Tournament]:
    """Every state of one event: a random table finishes, a random player wins the race."""
    rng = random.Random(seed)
    state = _start(options, players, tables, seed)
    seen = [state.tournament]
    while state.tournament.on_table:
        mid = rng.choice(sorted(state.tournament.on_table))
        slot = state.tournament.slots[mid]
        assert slot.a is not None and slot.b is not None
        race = slot.spec.race
        a_wins = rng.random() < 0.5
        score = (race, rng.randrange(race)) if a_wins else (rng.randrange(race), race)
        state = apply(state, ResultRecorded(mid, slot.a if a_wins else slot.b, score))
        seen.append(state.tournament)
    assert state.tournament.status.value == "finished"
    return seen


EVENTS = [
    ("de16-3", Options(Format.DE, race=3), 16, 3),
    ("de32-5", Options(Format.DE, race=3), 32, 5),
    ("ffb32-6", ffb_national(32), 32, 6),
]


@pytest.mark.parametrize(("options", "players", "tables"), [e[1:] for e in EVENTS], ids=[e[0] for e in EVENTS])
def test_a_match_ready_first_is_not_passed_by_one_of_its_round_ready_after_it(
    options: Options, players: int, tables: int
) -> None:
    passed = held = 0
    for seed in range(12):
        for t in _played_out(options, players, tables, seed):
            since = {mid: n for n, mid in enumerate(t.called)}
            reasons = held_back(t)
            queue = list(t.queue)
            for place, mid in enumerate(queue):
                assert t.slots[mid].status is MatchStatus.READY
                ahead = [m for m in t.on_table] + queue[:place]
                later = [m for m in ahead if since[m] > since[mid]]
                same = [m for m in later if _class(t, m) == _class(t, mid)]
                assert not same, f"{mid} waited since before {same}, which went first"
                if later:
                    passed += 1
                    assert mid in reasons, f"{mid} waits behind {later} and is not told why"
                    template, other = reasons[mid]
                    assert other in later
                    assert english(CONTEXT, template).format(match=other).endswith(f"({other})")
                    held += 1
                else:
                    assert mid not in reasons
    assert passed == held


def test_the_queue_says_why_in_words() -> None:
    """A winners' match ready before a losers' match waits for it, and says so."""
    for t in _played_out(Options(Format.DE, race=3), 16, 3, 1):
        reasons = held_back(t)
        for mid, (template, other) in reasons.items():
            if not mid.startswith("W") or not other.startswith("L"):
                continue
            assert english(CONTEXT, template).format(match=other) == (
                f"the losers' side and the hot seat play first ({other})"
            )
            return
    pytest.fail("no winners' match ever waited behind a losers' match")


def test_the_groups_that_meet_first_in_the_knockout_play_first() -> None:
    """FFB template: the groups are called in the order their winners meet in the knockout."""
    t = _start(ffb_national(64), 64, 16, 7).tournament
    assert t.bracket is not None
    order = knockout_order(t.bracket)
    first_wave = [t.slots[m].spec.group for m in t.on_table]
    assert all(g is not None for g in first_wave)
    assert sorted(first_wave) == sorted(sorted(order, key=order.__getitem__)[:8] * 2)
