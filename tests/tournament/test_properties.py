"""Random fields and random results: the invariants of the bracket, the queue and the standings."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.tournament.model import Format, GroupFormat, MatchStatus, Options, Status
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import State
from referee_app.tournament.templates import ffb_national_day

from .play import drawn, play_out

FIELD = st.one_of(st.integers(2, 40), st.sampled_from([63, 64, 100, 128, 129, 256]))
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MATCH_KEYS = [
    "id", "stage", "side", "round", "a", "b", "from_a", "from_b", "race", "status",
    "winner", "score", "table", "match_id", "winner_to", "loser_to", "called_at", "calls", "at_table",
]  # fmt: skip


def queue_invariants(state: State) -> None:
    """Nobody on two tables, no table with two matches, no ready match waiting while a table is free."""
    t = state.tournament
    tables = list(t.on_table.values())
    assert len(tables) == len(set(tables))
    assert set(tables) <= set(t.tables)
    busy: Counter[str] = Counter()
    for m in t.called:
        slot = t.slots[m]
        assert slot.status in (MatchStatus.READY, MatchStatus.PLAYING)
        assert slot.a and slot.b
        busy.update([slot.a, slot.b])
    assert all(c == 1 for c in busy.values()), busy.most_common(1)
    if t.queue:
        assert len(t.on_table) == len(t.tables)
    for slot in t.slots.values():
        assert (slot.status is MatchStatus.PLAYING) == (slot.spec.id in t.on_table)


def shape(document: dict[str, Any]) -> None:
    assert json.loads(json.dumps(document)) == document
    assert list(document) == [
        "format",
        "id",
        "name",
        "status",
        "draw_seed",
        "entries",
        "tables",
        "phones",
        "one_phone",
        "queue",
        "matches",
        "checkin",
        "fee",
        "late_start",
        "absent",
        "doubled",
    ]
    assert document["format"] == "referee-app/tournament@1"
    for entry in document["entries"]:
        assert list(entry) == ["name", "seed", "rating", "fargo_id", "licence", "club", "present", "paid"]
    statuses = {"waiting", "ready", "playing", "done", "bye", "forfeit"}
    for match in document["matches"]:
        assert list(match) == MATCH_KEYS
        assert match["status"] in statuses
        assert match["side"] in {"W", "L", "F", "P", "G"}
    ready = [m["id"] for m in document["matches"] if m["status"] == "ready"]
    assert sorted(ready) == sorted(document["queue"])


def everyone_placed_once(state: State, n: int) -> dict[str, int]:
    table = standings(state.tournament)
    assert table["status"] == "finished"
    placed = [name for row in table["places"] for name in row["names"]]
    assert len(placed) == len(set(placed)) == n
    assert table["places"][0]["place"] == 1 and len(table["places"][0]["names"]) == 1
    for row in table["places"]:
        assert row["names"] == sorted(row["names"])
    return {name: row["place"] for row in table["places"] for name in row["names"]}


@SETTINGS
@given(
    n=FIELD,
    draw_seed=st.integers(),
    tables=st.integers(0, 16),
    forfeits=st.sampled_from([0.0, 0.1]),
    rng=st.randoms(use_true_random=False),
)
def test_double_elimination_to_the_end(
    n: int, draw_seed: int, tables: int, forfeits: float, rng: random.Random
) -> None:
    state = drawn(Options(Format.DE), n, draw_seed=draw_seed, tables=range(1, tables + 1))
    shape(show(state.tournament, "t"))
    state = play_out(state, rng, forfeit_rate=forfeits, check=queue_invariants)
    t = state.tournament
    assert t.status is Status.FINISHED
    losses: Counter[str] = Counter()
    for slot in t.slots.values():
        if slot.played:
            assert slot.loser
            losses[slot.loser] += 1
    final = t.slots.get("F2") or t.slots["F1"]
    champion = final.winner
    assert champion
    assert all(losses[p] == 2 for p in (e.name for e in t.entries) if p != champion)
    reset = "F2" in t.slots
    assert losses[champion] == (1 if reset else 0)
    assert sum(s.played for s in t.slots.values()) == 2 * n - 2 + reset
    places = everyone_placed_once(state, n)
    assert places[champion] == 1
    shape(show(t, "t"))


@SETTINGS
@given(n=FIELD, third=st.booleans(), tables=st.integers(0, 8), rng=st.randoms(use_true_random=False))
def test_single_elimination_to_the_end(n: int, third: bool, tables: int, rng: random.Random) -> None:
    state = drawn(Options(Format.SE, third_place=third), n, tables=range(1, tables + 1))
    state = play_out(state, rng, check=queue_invariants)
    t = state.tournament
    assert t.status is Status.FINISHED
    p3_played = third and n >= 4
    assert sum(s.played for s in t.slots.values()) == n - 1 + p3_played
    places = everyone_placed_once(state, n)
    if n >= 4:
        semi_losers = sorted(p for p, place in places.items() if place in (3, 4))
        assert len(semi_losers) == 2
        assert sorted(places[p] for p in semi_losers) == ([3, 4] if third else [3, 3])


@SETTINGS
@given(n=st.integers(20, 70), se_at=st.sampled_from([4, 8, 16]), rng=st.randoms(use_true_random=False))
def test_double_elimination_switched_to_single(n: int, se_at: int, rng: random.Random) -> None:
    state = drawn(Options(Format.DE, se_at=se_at, race_final=9), n, tables=range(1, 9))
    state = play_out(state, rng, check=queue_invariants)
    t = state.tournament
    assert "F2" not in t.slots and t.slots["F1"].spec.race == 9
    places = everyone_placed_once(state, n)
    # The single-elimination part places above everyone out before it.
    se_part = {p for p, place in places.items() if place <= se_at}
    assert len(se_part) == se_at
    assert sum(s.played for s in t.slots.values()) == 2 * (n - se_at) + se_at // 2 + se_at - 1


@SETTINGS
@given(
    groups=st.integers(1, 6),
    size=st.integers(3, 7),
    extra=st.integers(0, 5),
    group_format=st.sampled_from(list(GroupFormat)),
    then=st.sampled_from([Format.SE, Format.DE]),
    rng=st.randoms(use_true_random=False),
)
def test_groups_then_knockout(
    groups: int, size: int, extra: int, group_format: GroupFormat, then: Format, rng: random.Random
) -> None:
    n = groups * size + min(extra, groups - 1)
    advance = 2 if group_format is GroupFormat.DE or size < 4 else rng.choice([1, 2, 3])
    if groups * advance < 2:
        advance = 2
    state = drawn(
        Options(Format.GROUPS, groups=groups, advance=advance, group_format=group_format, then=then),
        n,
        tables=range(1, 7),
    )
    state = play_out(state, rng, check=queue_invariants)
    assert state.tournament.status is Status.FINISHED
    places = everyone_placed_once(state, n)
    knockout = groups * advance
    assert sorted(p for p in places.values() if p <= knockout)[0] == 1
    assert sum(1 for p in places.values() if p > knockout) == n - knockout


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(40, 44),
    tables=st.integers(0, 10),
    forfeits=st.sampled_from([0.0, 0.1]),
    rng=st.randoms(use_true_random=False),
)
def test_the_ffb_national_day_with_its_qualifying_pools(
    n: int, tables: int, forfeits: float, rng: random.Random
) -> None:
    state = drawn(ffb_national_day(race=3), n, draw_seed=rng.randrange(10_000), tables=range(1, tables + 1))
    shape(show(state.tournament, "t"))
    state = play_out(state, rng, forfeit_rate=forfeits, check=queue_invariants)
    shape(show(state.tournament, "t"))
    assert state.tournament.status is Status.FINISHED
    places = everyone_placed_once(state, n)
    assert sum(1 for p in places.values() if p > 32) == n - 32  # out in the morning: below the afternoon's 32
    assert sorted(places.values())[:2] == [1, 2]
