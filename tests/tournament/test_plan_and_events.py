"""The plan before the draw, and the log's events as JSON (strict parsing)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from referee_app.tournament.bracket import build
from referee_app.tournament.events import (
    CheckedIn,
    Corrected,
    Created,
    Disqualified,
    Drawn,
    EntriesAdded,
    EntryEdited,
    Event,
    EventFormatError,
    Forfeit,
    MatchStarted,
    ResultRecorded,
    TablesSet,
    Undo,
    Withdrawn,
    event_from_dict,
)
from referee_app.tournament.model import Entry, FinalMode, Format, GroupFormat, Options, TournamentRefused
from referee_app.tournament.plan import plan


def test_a_64_player_double_elimination_chains_13_matches_and_9_when_switched_at_16() -> None:
    full = plan(Options(Format.DE), 64)
    assert (full.matches, full.most_matches, full.longest_chain) == (126, 127, 13)
    switched = plan(Options(Format.DE, se_at=16), 64)
    assert switched.longest_chain == 9
    assert switched.matches == 2 * (64 - 16) + 8 + 15


@pytest.mark.parametrize(
    ("options", "players", "matches", "chain"),
    [
        (Options(Format.SE), 24, 23, 5),
        (Options(Format.SE, third_place=True), 16, 16, 4),
        (Options(Format.DE), 2, 2, 3),
        (Options(Format.DE, final=FinalMode.SINGLE), 128, 254, 14),
        (Options(Format.GROUPS, groups=8, advance=2, then=Format.DE, se_at=8), 32, 48 + 27, 3 + 6),
        (
            Options(Format.GROUPS, groups=16, advance=4, group_format=GroupFormat.DE, then=Format.SE),
            128,
            160 + 63,
            3 + 6,
        ),
    ],
)
def test_plans(options: Options, players: int, matches: int, chain: int) -> None:
    got = plan(options, players)
    assert (got.matches, got.longest_chain) == (matches, chain)


def test_the_plan_reads_as_organizers_count_the_second_final_inside_the_chain_not_on_top() -> None:
    # 2k+1 for 2**k players: lose winners' round 1, 2k-2 losers' rounds, the final, the second final.
    assert plan(Options(Format.DE), 64).describe(64) == (
        "64 players: 126 matches, 127 if the second final is played."
        " The longest chain a player can face: 13 matches, the second final included."
    )
    assert plan(Options(Format.DE), 128).describe(128).endswith("15 matches, the second final included.")
    assert plan(Options(Format.DE, se_at=16), 64).describe(64) == (
        "64 players: 119 matches. The longest chain a player can face: 9 matches."
    )
    assert plan(Options(Format.SE), 24).describe(24) == (
        "24 players: 23 matches. The longest chain a player can face: 5 matches."
    )
    single = plan(Options(Format.DE, final=FinalMode.SINGLE), 128).describe(128)
    assert single == "128 players: 254 matches. The longest chain a player can face: 14 matches."


def test_24_players_chain_through_a_played_first_round_not_through_the_byes() -> None:
    """Every losers' round 1 match is a bye at 24, so losing in round 1 leads to 1 + 7 + 2 = 10; winning
    round 1 against seed 17 and losing to seed 1 drops into losers' round 2: 2 + 7 + 2 = 11."""
    got = plan(Options(Format.DE), 24)
    assert got.longest_chain == 11
    assert got.chain == ("W1-2", "W2-1", "L2-5", "L3-3", "L4-3", "L5-2", "L6-2", "L7-1", "L8-1", "F1", "F2")


CHAIN_CASES = [
    (options, players)
    for options in (
        Options(Format.DE),
        Options(Format.DE, se_at=8),
        Options(Format.DE, final=FinalMode.SINGLE),
        Options(Format.SE, third_place=True),
        Options(Format.GROUPS, groups=4, advance=4, group_format=GroupFormat.DE, then=Format.SE),
    )
    for players in (3, 5, 12, 24, 33, 47, 64)
    if players >= 16 or not (options.se_at or options.groups)
]


@pytest.mark.parametrize(("options", "players"), CHAIN_CASES)
def test_the_chain_is_a_path_of_played_matches_a_player_can_follow(options: Options, players: int) -> None:
    bracket = build(options, [f"player {i}" for i in range(1, players + 1)])
    chain = plan(options, players).chain
    assert chain and not any(bracket.by_id[m].is_bye for m in chain)
    for here, there in itertools.pairwise(chain):
        spec = bracket.by_id[here]
        assert there in (spec.winner_to, spec.loser_to) or _through_byes(bracket.by_id, spec.winner_to, there)


def _through_byes(by_id: Any, start: str | None, target: str) -> bool:
    """`target` is reached from `start` by players passing byes only."""
    while start is not None and by_id[start].is_bye:
        start = by_id[start].winner_to
    return start == target


def test_a_plan_refuses_what_the_draw_would() -> None:
    with pytest.raises(TournamentRefused, match="--se-at 16 needs more than 16"):
        plan(Options(Format.DE, se_at=16), 16)
    with pytest.raises(TournamentRefused, match="groups of 3 cannot send 3 on"):
        plan(Options(Format.GROUPS, groups=4, advance=3), 12)


EVENTS: list[Event] = [
    Created("Open de Lyon", Options(Format.GROUPS, race=5, groups=4, advance=2, group_format=GroupFormat.DE)),
    EntriesAdded((Entry("Ana", 612.5, "123", "L1", "Lyon", 1), Entry("Ben"))),
    EntryEdited("Ben", Entry("Ben Novak", 500)),
    CheckedIn("Ana"),
    Withdrawn("Ana"),
    Disqualified("Ben", "no show"),
    Drawn(-7),
    TablesSet((1, 3)),
    ResultRecorded("W1-1", "Ana", (5, 2), "m-1", 3, "2026-12-01"),
    Corrected("W1-1", "Ben", (2, 5)),
    Forfeit("L1-1", "Ben"),
    MatchStarted("W2-1", "m-2", 1),
    Undo(12),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.TYPE)
def test_events_round_trip_through_json(event: Event) -> None:
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ([], "must be an object"),
        ({"type": "kicked"}, "unknown event type"),
        ({"type": "drawn"}, "`draw_seed` is missing"),
        ({"type": "drawn", "draw_seed": "7"}, "`draw_seed` must be an integer"),
        ({"type": "drawn", "draw_seed": True}, "`draw_seed` must be an integer"),
        ({"type": "result_recorded", "match": "W1-1", "winner": "A", "score": [7]}, "two integers"),
        ({"type": "tables_set", "tables": [1, "2"]}, "integers"),
        ({"type": "created", "name": "X", "options": {"format": "swiss"}}, "no value 'swiss'"),
        ({"type": "created", "name": "X", "options": {}}, "`format` is missing"),
        ({"type": "entries_added", "entries": [{"rating": 3}]}, "`name` is missing"),
    ],
)
def test_bad_events_are_refused_clearly(bad: Any, why: str) -> None:
    with pytest.raises(EventFormatError, match=why):
        event_from_dict(bad)
