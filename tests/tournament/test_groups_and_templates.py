"""Groups (spec §3): the order of a round-robin group, knockout seeding from the groups,
double-elimination groups; the FFB national and WPA world templates."""

from __future__ import annotations

import random

import pytest

from referee_app.tournament.bracket import build
from referee_app.tournament.draw import slot_order
from referee_app.tournament.events import ResultRecorded
from referee_app.tournament.model import Entry, Format, FromGroup, FromSeed, GroupFormat, Options, Side
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import State, apply
from referee_app.tournament.templates import ffb_national, wpa_world

from .play import drawn, play_out

A, B, C, D = "Ana", "Ben", "Carl", "Dora"


def one_group(results: dict[frozenset[str], tuple[str, int]]) -> State:
    """A group of four (seeds A..D by rating) with the given winner and loser's racks, race 3."""
    entries = [Entry(A, 700), Entry(B, 600), Entry(C, 500), Entry(D, 400)]
    state = drawn(Options(Format.GROUPS, race=3, groups=1, advance=2, then=Format.SE), entries)
    for slot in [s for s in state.tournament.slots.values() if s.spec.side is Side.G]:
        assert slot.a and slot.b
        winner, racks = results[frozenset((slot.a, slot.b))]
        score = (3, racks) if winner == slot.a else (racks, 3)
        state = apply(state, ResultRecorded(slot.spec.id, winner, score))
    return state


def test_a_three_way_tie_on_wins_and_head_to_head_goes_to_the_rack_difference() -> None:
    state = one_group(
        {
            frozenset((A, B)): (A, 0),
            frozenset((B, C)): (B, 2),
            frozenset((A, C)): (C, 2),
            frozenset((A, D)): (A, 0),
            frozenset((B, D)): (B, 0),
            frozenset((C, D)): (C, 0),
        }
    )
    t = state.tournament
    assert t.group_order[1] == (A, C, B, D)  # differences +5, +3, +1
    final = t.slots["F1"]
    assert (final.a, final.b) == (A, C)
    places = standings(t)["places"]
    assert places == [{"place": 3, "names": [B]}, {"place": 4, "names": [D]}]  # out in the group, by rank
    assert standings(apply(state, ResultRecorded("F1", C, (1, 3))).tournament)["places"] == [
        {"place": 1, "names": [C]},
        {"place": 2, "names": [A]},
        {"place": 3, "names": [B]},
        {"place": 4, "names": [D]},
    ]


def test_head_to_head_comes_before_the_rack_difference() -> None:
    state = one_group(
        {
            frozenset((A, B)): (B, 0),
            frozenset((B, C)): (C, 0),
            frozenset((A, C)): (A, 2),
            frozenset((A, D)): (A, 2),
            frozenset((B, D)): (D, 2),
            frozenset((C, D)): (C, 0),
        }
    )
    # A and C won 2: A beat C, though C's difference is +5 and A's -1.
    # B and D won 1: D beat B, though B's difference is -1 and D's -3.
    assert state.tournament.group_order[1] == (A, C, D, B)


@pytest.mark.parametrize("groups", [2, 3, 4, 5, 8, 16])
def test_group_seconds_go_to_the_half_away_from_their_winner(groups: int) -> None:
    bracket = build(
        Options(Format.GROUPS, groups=groups, advance=2, then=Format.SE), [f"P{i}" for i in range(groups * 4)]
    )
    first = [s for s in bracket.matches if s.stage == 2 and s.round == 1]
    position: dict[tuple[int, int], int] = {}
    for i, spec in enumerate(first):
        for j, source in enumerate((spec.a, spec.b)):
            if isinstance(source, FromGroup):
                position[(source.group, source.rank)] = 2 * i + j
    size = 2 * len(first)
    # Winners take seeds 1..G by group number.
    order = slot_order(size)
    for g in range(1, groups + 1):
        assert order[position[(g, 1)]] == g
        assert (position[(g, 1)] < size // 2) != (position[(g, 2)] < size // 2)


def test_double_elimination_groups_qualify_winners_side_first() -> None:
    state = drawn(wpa_world(16, race=3, race_final=5), 16)
    t = state.tournament
    ids = [s.spec.id for s in t.slots.values() if s.spec.group == 1]
    assert ids == [
        "G1-W1-1",
        "G1-W1-2",
        "G1-W1-3",
        "G1-W1-4",
        "G1-W2-1",
        "G1-W2-2",
        "G1-L1-1",
        "G1-L1-2",
        "G1-L2-1",
        "G1-L2-2",
    ]
    shown = {m["id"]: m for m in show(t, "w")["matches"]}
    assert shown["G1-W2-1"]["winner_to"] == next(
        m["id"] for m in shown.values() if m["stage"] == 2 and "group 1 #1" in (m["from_a"], m["from_b"])
    )
    state = play_out(state, random.Random(5))
    places = standings(state.tournament)["places"]
    # 8 in the knockout (1, 2, 3-4, 5-8), then per group: L2's losers rank 5, L1's rank 7.
    assert [(row["place"], len(row["names"])) for row in places] == [(1, 1), (2, 1), (3, 2), (5, 4), (9, 4), (13, 4)]


def forty_two() -> list[Entry]:
    """The TN1 2017-18 field: TS1-TS22 from the national ranking, 20 unseeded."""
    return [Entry(f"TS{i:02d}", seed=i) for i in range(1, 23)] + [Entry(f"Open {i:02d}") for i in range(1, 21)]


def test_ffb_national_afternoon_pools_then_a_double_knockout_to_the_quarter_finals() -> None:
    qualified = [Entry(f"Open {i:02d}") for i in range(1, 17)]
    state = drawn(ffb_national(32, race=7), forty_two()[:16] + qualified, tables=range(1, 9))
    bracket = state.tournament.bracket
    assert bracket is not None
    pools = [[bracket.seeds[s.seed - 1] for s in group if isinstance(s, FromSeed)] for group in bracket.groups]
    assert len(pools) == 8 and all(len(p) == 4 for p in pools)
    for g, pool in enumerate(pools, start=1):
        assert pool[:2] == [f"TS{g:02d}", f"TS{17 - g:02d}"]  # TS1 with TS16, TS2 with TS15...
        assert all(name.startswith("Open") for name in pool[2:])
    knockout = [s for s in bracket.matches if s.stage == 2]
    assert str(knockout[0].a) == "group 1 #1"  # TS1's pool winner is seed 1 of the tableau
    sides = {(s.side, s.round) for s in knockout}
    assert {(Side.L, 1), (Side.L, 2)} <= sides and (Side.L, 3) not in sides  # double KO to the last 8
    quarter = [s for s in knockout if s.side is Side.W and s.round == 3]
    assert len(quarter) == 4 and all(str(s.b).startswith("winner L2-") for s in quarter)
    assert "F2" not in bracket.by_id
    state = play_out(state, random.Random(17))
    places = standings(state.tournament)["places"]
    assert [(row["place"], len(row["names"])) for row in places] == [
        (1, 1), (2, 1), (3, 2), (5, 4), (9, 4), (13, 4), (17, 8), (25, 8),
    ]  # fmt: skip


def test_the_wpa_world_format_needs_groups_of_eight() -> None:
    options = wpa_world(128)
    assert (options.groups, options.advance, options.group_format, options.then) == (16, 4, GroupFormat.DE, Format.SE)
