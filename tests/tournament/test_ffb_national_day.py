"""The FFB national tournament (TN1 2017-18) reproduced from its 42-player entry list, end to end:
the morning's qualifying pools (one rank-3 seed each), the best thirds, the afternoon's pools (TS1
with TS16...), the 16-player double knockout to the quarter-finals, and standings for all 42."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from referee_app.tournament.bracket import build
from referee_app.tournament.events import (
    Corrected,
    Created,
    EventFormatError,
    ResultRecorded,
    Withdrawn,
    event_from_dict,
    options_from_dict,
    options_to_dict,
)
from referee_app.tournament.model import (
    Entry,
    Format,
    FromBest,
    FromGroup,
    FromSeed,
    MatchStatus,
    Options,
    Qualifying,
    Side,
    Source,
    TournamentRefused,
)
from referee_app.tournament.plan import plan
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import State, Tournament, apply, morning_over, rank_across_pools
from referee_app.tournament.templates import ffb_national_day

from .play import drawn, play_out

RANK_1 = ["Jérémy Roux", "Mickaël Blanc", "Stéphane Morel", "Nicolas Faure", "Julien Girard",
          "Sébastien Lambert", "Christophe Fontaine", "Anthony Chevalier"]  # fmt: skip
RANK_2 = ["Kevin Robin", "Romain Gauthier", "Maxime Perrin", "David Clément", "Ludovic Morin",
          "Thomas Nicolas", "Alexandre Henry", "Fabien Roussel"]  # fmt: skip
RANK_3 = ["Yannick Mathieu", "Cédric Garnier", "Olivier Chevallier", "Florian Francois",
          "Guillaume Legrand", "Damien Gaillard"]  # fmt: skip
OPEN = ["Arnaud Brun", "Benoît Rey", "Jonathan Picard", "Loïc Lucas", "Vincent Dupuis", "Pascal Leroy",
        "Hugo Lemoine", "Quentin Renard", "Bruno Colin", "Franck Arnaud", "Mathieu Vidal", "Laurent Caron",
        "Rémi Masson", "Sylvain Marchand", "Éric Duval", "Gaël Denis", "Cyril Bonnet", "Yohan Meyer",
        "Dylan Aubert", "Patrice Joly"]  # fmt: skip


def forty_two() -> list[Entry]:
    """The TN1 2017-18 field: TS1-TS8 rank 1, TS9-TS16 rank 2, TS17-TS22 rank 3 of the national
    ranking (hand seeds), then 20 unseeded players, each with a licence and a club."""
    seeded = RANK_1 + RANK_2 + RANK_3
    clubs = ["BC Lyon", "Billard Club Rennes", "Académie de Bordeaux", "Blackball Lille", "Pool Club Nantes"]
    return [
        Entry(name, licence=f"{20170000 + i}", club=clubs[i % 5], seed=i) for i, name in enumerate(seeded, start=1)
    ] + [Entry(name, licence=f"{20171000 + i}", club=clubs[i % 5]) for i, name in enumerate(OPEN, start=1)]


def ts(n: int) -> str:
    return (RANK_1 + RANK_2 + RANK_3)[n - 1]


def day(race: int = 5, draw_seed: int = 2017) -> State:
    return drawn(ffb_national_day(race=race), forty_two(), draw_seed=draw_seed, tables=range(1, 13))


def name_of(t: Tournament, source: Source) -> str | None:
    assert t.bracket is not None
    if isinstance(source, FromSeed):
        return t.bracket.seeds[source.seed - 1]
    if isinstance(source, FromGroup):
        order = t.group_order.get(source.group)
        return None if order is None else order[source.rank - 1]
    assert isinstance(source, FromBest)
    return t.best_order[source.index - 1] if len(t.best_order) >= source.index else None


def test_the_morning_deals_26_players_into_four_pools_of_4_and_two_of_5_one_rank_3_seed_each() -> None:
    t = day().tournament
    bracket = t.bracket
    assert bracket is not None
    morning = bracket.groups[:6]
    assert sorted(len(pool) for pool in morning) == [4, 4, 4, 4, 5, 5]
    names = [name_of(t, s) for pool in morning for s in pool]
    assert sorted(n for n in names if n) == sorted(RANK_3 + OPEN)  # the 26, each once
    for pool in morning:
        assert sum(name_of(t, s) in RANK_3 for s in pool) == 1
    # Nobody of TS1-TS16 plays in the morning; the morning is all that is ready at first.
    ready = [s for s in t.slots.values() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
    assert ready and all(s.spec.group is not None and s.spec.group <= 6 for s in ready)
    assert not {s.a for s in ready} & set(RANK_1 + RANK_2)


def test_the_afternoon_pairs_ts1_with_ts16_and_fills_each_pool_with_two_qualifiers_by_draw() -> None:
    t = day().tournament
    bracket = t.bracket
    assert bracket is not None
    afternoon = bracket.groups[6:]
    assert len(afternoon) == 8 and all(len(pool) == 4 for pool in afternoon)
    places: list[str] = []
    for g, pool in enumerate(afternoon, start=1):
        assert [name_of(t, s) for s in pool[:2]] == [ts(g), ts(17 - g)]
        assert all(isinstance(s, FromGroup | FromBest) for s in pool[2:])
        places += [str(s) for s in pool[2:]]
    # 16 qualifying places: the top 2 of each pool of 4, the top 3 of each pool of 5, the 2 best thirds.
    sizes = {g: len(pool) for g, pool in enumerate(bracket.groups[:6], start=1)}
    expected = [f"group {g} #{k}" for g, size in sizes.items() for k in range(1, (3 if size == 5 else 2) + 1)]
    assert sorted(places) == sorted([*expected, "best 3rd #1", "best 3rd #2"])
    # TS1 v TS16 is known at the draw, yet waits for the afternoon.
    first = next(s for s in t.slots.values() if {s.a, s.b} == {ts(1), ts(16)})
    assert first.status is MatchStatus.WAITING
    # Another draw seed fills the afternoon's pools otherwise.
    other = day(draw_seed=99).tournament.bracket
    assert other is not None and [p[2:] for p in other.groups[6:]] != [p[2:] for p in afternoon]


def pool_names(t: Tournament, g: int) -> list[str]:
    assert t.bracket is not None
    names = [name_of(t, s) for s in t.bracket.groups[g - 1]]
    assert all(names)
    return [n for n in names if n]


def play_pool(state: State, g: int, order: list[str], conceded: dict[tuple[int, int], int]) -> State:
    """Every match of pool `g` won by the player earlier in `order`; the loser at index j, beaten by
    the player at index i, takes `conceded[(i, j)]` racks (0 when not listed)."""
    for slot in [s for s in state.tournament.slots.values() if s.spec.group == g]:
        assert slot.a and slot.b
        i, j = sorted((order.index(slot.a), order.index(slot.b)))
        winner, racks = order[i], conceded.get((i, j), 0)
        race = slot.spec.race
        score = (race, racks) if winner == slot.a else (racks, race)
        state = apply(state, ResultRecorded(slot.spec.id, winner, score))
    return state


def test_the_two_best_thirds_of_the_pools_of_4_qualify_by_matches_then_rack_difference_then_racks_won() -> None:
    state = day(race=7)
    t = state.tournament
    assert t.bracket is not None
    fours = [g for g in range(1, 7) if len(t.bracket.groups[g - 1]) == 4]
    fives = [g for g in range(1, 7) if len(t.bracket.groups[g - 1]) == 5]
    assert len(fours) == 4 and len(fives) == 2
    # The third (index 2) loses to #1 and #2 with (x, y) racks and beats #4 conceding z, race 7:
    # won 7 + x + y, lost 14 + z.
    thirds = {
        fours[0]: (4, 4, 0),  # won 15, lost 14: +1
        fours[1]: (0, 0, 0),  # won 7, lost 14: -7
        fours[2]: (3, 2, 1),  # won 12, lost 15: -3, 12 racks won
        fours[3]: (1, 3, 0),  # won 11, lost 14: -3, 11 racks won
    }
    orders = {}
    for g in range(1, 7):
        order = sorted(pool_names(t, g))
        orders[g] = order
        x, y, z = thirds.get(g, (0, 0, 0))
        state = play_pool(state, g, order, {(0, 2): x, (1, 2): y, (2, 3): z})
    t = state.tournament
    qualified_thirds = [orders[fours[0]][2], orders[fours[2]][2]]  # +1, then -3 with 12 racks won
    assert t.best_order[:2] == tuple(qualified_thirds)
    assert t.best_order == (orders[fours[0]][2], orders[fours[2]][2], orders[fours[3]][2], orders[fours[1]][2])
    in_afternoon = {n for s in t.slots.values() if s.spec.group is not None and s.spec.group > 6 for n in (s.a, s.b)}
    expected = {o[k] for g, o in orders.items() for k in range(3 if g in fives else 2)} | set(qualified_thirds)
    assert len(expected) == 16
    assert in_afternoon == expected | set(RANK_1 + RANK_2)
    # The morning is over: the afternoon's pools are on the tables.
    ready = [s for s in t.slots.values() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
    assert ready and all(s.spec.group is not None and s.spec.group > 6 for s in ready)
    # Those out in the morning are placed below the 32 of the afternoon, by their rank in their pool.
    places = {row["place"]: row["names"] for row in standings(t)["places"]}
    assert places[33] == sorted([orders[fours[1]][2], orders[fours[3]][2]])
    assert places[35] == sorted([o[3] for o in orders.values()])
    assert places[41] == sorted([orders[g][4] for g in fives])
    assert set(places) == {33, 35, 41}


def test_thirds_from_pools_of_different_sizes_are_compared_per_match_played() -> None:
    # A third of a pool of 5 (4 matches) with 2 wins and +6 racks, a third of a pool of 4 (3 matches)
    # with 2 wins (a three-way tie) and +3: equal in matches won, but 2/3 > 2/4 puts the pool of 4's
    # first; without the count per match the pool of 5's +6 would have won it.
    ranked = rank_across_pools([("Five", 2, 20, 14, 4), ("Four", 2, 15, 12, 3)], draw_seed=1)
    assert ranked == ["Four", "Five"]
    # Same matches won per match: the rack difference per match (+6/4 = 1.5 beats +4/3 = 1.33).
    assert rank_across_pools([("Four", 1, 13, 9, 3), ("Five", 2, 20, 14, 4)], draw_seed=1) == ["Five", "Four"]
    # Then racks won per match, then the draw.
    assert Fraction(12, 3) > Fraction(15, 4)
    assert rank_across_pools([("Five", 2, 15, 15, 4), ("Four", 1, 12, 12, 2)], draw_seed=1) == ["Four", "Five"]


def test_the_afternoon_pools_then_a_16_player_double_knockout_to_the_quarter_finals() -> None:
    state = day(race=3)
    rng = random.Random(42)
    # The morning, at random; the afternoon with every pool won by its rank-1 seed, second its rank-2.
    while any(
        s.spec.group is not None and s.spec.group <= 6 and not s.decided for s in state.tournament.slots.values()
    ):
        state = play_out_some(state, rng, lambda s: s.spec.group is not None and s.spec.group <= 6)
    for g in range(7, 15):
        names = pool_names(state.tournament, g)
        order = [ts(g - 6), ts(23 - g), *sorted(n for n in names if n not in (ts(g - 6), ts(23 - g)))]
        state = play_pool(state, g, order, {})
    t = state.tournament
    assert t.bracket is not None
    knockout = [s for s in t.bracket.matches if s.stage == 2]
    assert (knockout[0].id, knockout[0].a) == ("W1-1", FromGroup(7, 1))  # TS1's pool winner: seed 1
    assert t.slots["W1-1"].a == ts(1)
    assert t.slots["W1-1"].b in RANK_2 and t.slots["W1-1"].b != ts(16)  # a second, from another pool
    first_round = [t.slots[s.id] for s in knockout if s.side is Side.W and s.round == 1]
    assert len(first_round) == 8 and {n for s in first_round for n in (s.a, s.b)} == set(RANK_1 + RANK_2)
    sides = {(s.side, s.round) for s in knockout}
    assert {(Side.L, 1), (Side.L, 2)} <= sides and (Side.L, 3) not in sides  # double KO to the last 8
    quarters = [s for s in knockout if s.side is Side.W and s.round == 3]
    assert len(quarters) == 4 and all(str(s.b).startswith("winner L2-") for s in quarters)
    assert "F2" not in t.bracket.by_id and t.bracket.by_id["F1"].side is Side.F
    shown = {m["id"]: m for m in show(t, "tn1")["matches"]}
    assert shown["W1-1"]["from_a"] == "group 7 #1" and shown["W1-1"]["stage"] == 2
    assert {m["stage"] for m in shown.values() if m["side"] == "G"} == {1}


def play_out_some(state: State, rng: random.Random, which: object) -> State:
    """One random result among the open matches `which` accepts."""
    t = state.tournament
    open_ = [s for s in t.slots.values() if s.status in (MatchStatus.READY, MatchStatus.PLAYING) and which(s)]  # type: ignore[operator]
    slot = rng.choice(open_)
    assert slot.a and slot.b
    a_wins = rng.random() < 0.5
    race = slot.spec.race
    score = (race, rng.randrange(race)) if a_wins else (rng.randrange(race), race)
    return apply(state, ResultRecorded(slot.spec.id, slot.a if a_wins else slot.b, score))


@pytest.mark.parametrize("seed", [3, 11])
def test_the_whole_day_played_through_places_all_42_players_once(seed: int) -> None:
    state = play_out(day(race=3, draw_seed=seed), random.Random(seed))
    t = state.tournament
    assert t.status.value == "finished"
    places = standings(t)["places"]
    everyone = [n for row in places for n in row["names"]]
    assert sorted(everyone) == sorted(e.name for e in forty_two())
    assert [(row["place"], len(row["names"])) for row in places] == [
        (1, 1), (2, 1), (3, 2), (5, 4), (9, 4), (13, 4), (17, 8), (25, 8), (33, 2), (35, 6), (41, 2),
    ]  # fmt: skip
    played = [s for s in t.slots.values() if s.played]
    assert len(played) == 44 + 48 + 27  # morning 4x6 + 2x10, afternoon 8x6, knockout 20 + 7


def test_the_plan_counts_the_whole_day() -> None:
    p = plan(ffb_national_day(), 42)
    # Morning 4x6 + 2x10 = 44, afternoon 8x6 = 48, knockout: 16-player double elimination to the
    # last 8 (8 + 4 + 4 + 4 = 20, and 4 + 2 + 1 = 7 after it).
    assert (p.matches, p.most_matches) == (44 + 48 + 27, 44 + 48 + 27)
    # A rank-3 seed of a pool of 5: 4 matches, 3 in the afternoon, then W1, L1, L2, QF, SF, F.
    assert p.longest_chain == 4 + 3 + 6


def test_the_qualifying_rule_is_kept_in_the_log_and_read_back_strictly() -> None:
    options = ffb_national_day(race=7)
    assert options.qualifying == Qualifying(pools=6, direct=16, places=16, advance=((4, 2), (5, 3)), best_rank=3)
    stored = options_to_dict(options)
    assert options_from_dict(stored) == options
    assert event_from_dict(Created("TN1", options).to_dict()) == Created("TN1", options)
    plain = options_to_dict(Options(Format.DE))
    assert "qualifying" not in plain and options_from_dict(plain).qualifying is None
    broken = {**stored, "qualifying": {**stored["qualifying"], "advance": [[4, "two"]]}}
    with pytest.raises(EventFormatError):
        options_from_dict(broken)


@pytest.mark.parametrize(
    ("players", "why"),
    [
        (38, "pools of 3"),  # 22 in the morning: pools of 4, 4, 4, 4, 3, 3
        (48, "pools of 6"),  # 32 in the morning: pools of 6 and 5
        (45, "17 players go straight on"),  # 29 in the morning: five pools of 5 send 15, one of 4 sends 2
    ],
)
def test_a_field_the_morning_rule_cannot_take_is_refused_at_the_draw(players: int, why: str) -> None:
    with pytest.raises(TournamentRefused, match=why):
        build(ffb_national_day(), [f"P{i}" for i in range(players)])


def test_other_field_sizes_of_pools_of_4_and_5_fill_16_places_with_more_best_thirds() -> None:
    # 40 players: 24 in the morning, 6 pools of 4: 12 straight in, the 4 best of the 6 thirds.
    bracket = build(ffb_national_day(), [f"P{i}" for i in range(40)])
    best = {str(s) for pool in bracket.groups[6:] for s in pool if isinstance(s, FromBest)}
    assert best == {f"best 3rd #{k}" for k in range(1, 5)}
    with pytest.raises(TournamentRefused, match="rule"):
        Options(Format.GROUPS, groups=8, advance=2, qualifying=Qualifying(6, 16, 16, ((4, 2), (4, 3)), 3)).check()


def test_a_morning_result_is_corrected_until_the_afternoon_it_feeds_has_a_result() -> None:
    state = day(race=3)
    rng = random.Random(8)
    while not any(s.spec.group is not None and s.spec.group > 6 and s.played for s in state.tournament.slots.values()):
        state = play_out_some(state, rng, lambda s: True)
    t = state.tournament
    assert t.bracket is not None
    morning = next(s for s in t.slots.values() if s.spec.group in t.bracket.best_pools and s.status.value == "done")
    assert morning.a and morning.b and morning.outcome is not None and morning.outcome.score is not None
    loser_wins = (morning.outcome.score[1], 3) if morning.winner == morning.a else (3, morning.outcome.score[0])
    with pytest.raises(TournamentRefused, match="already has a result"):
        apply(state, Corrected(morning.spec.id, morning.loser or "", loser_wins))


@pytest.mark.parametrize("draw_seed", range(12))
def test_players_of_one_morning_pool_never_meet_again_in_an_afternoon_pool(draw_seed: int) -> None:
    bracket = build(ffb_national_day(), [f"P{i}" for i in range(42)], draw_seed)
    for pool in bracket.groups[6:]:
        first, second = pool[2:]
        if isinstance(first, FromGroup) and isinstance(second, FromGroup):
            assert first.group != second.group
        for best, other in ((first, second), (second, first)):
            if isinstance(best, FromBest) and isinstance(other, FromGroup):
                assert other.group not in bracket.best_pools  # a best third may come from any pool of 4


def test_the_places_are_as_drawn_where_nothing_clashes() -> None:
    # The drawn order (SHA-256 of "{draw_seed}:{place}") is kept where it parts pools already.
    from referee_app.tournament.bracket import _apart

    places: list[Source] = [FromGroup(g, 1) for g in range(1, 5)]
    assert _apart(places, 0, 2, ()) == tuple(places)
    clashing: list[Source] = [FromGroup(1, 1), FromGroup(2, 1), FromGroup(2, 2), FromGroup(1, 2)]
    # Snake of 4 into 2 groups: positions 1 and 4 share group 1, 2 and 3 group 2.
    assert _apart(clashing, 0, 2, ()) == (FromGroup(1, 1), FromGroup(2, 1), FromGroup(1, 2), FromGroup(2, 2))


@pytest.mark.parametrize("seed", [5, 23, 77])
def test_walkovers_and_withdrawals_in_the_morning_and_the_afternoon_still_place_all_42_once(seed: int) -> None:
    rng = random.Random(seed)
    state = day(race=3, draw_seed=seed)
    state = apply(state, Withdrawn(OPEN[seed % 20]))  # gone in the morning: walkovers in their pool
    state = apply(state, Withdrawn(ts(seed % 16 + 1)))  # a TS1-TS16 who never comes: walkovers in the afternoon

    def check(s: State) -> None:
        t = s.tournament
        busy = [n for x in t.slots.values() if x.status in (MatchStatus.READY, MatchStatus.PLAYING) for n in (x.a, x.b)]
        assert len(busy) == len(set(busy))  # nobody in two matches at once
        if not morning_over(t):
            assert not any(
                x.spec.group and x.spec.group > 6 and x.status is MatchStatus.READY for x in t.slots.values()
            )

    t = play_out(state, rng, forfeit_rate=0.1, check=check).tournament
    assert t.status.value == "finished"
    everyone = [n for row in standings(t)["places"] for n in row["names"]]
    assert sorted(everyone) == sorted(e.name for e in forty_two())
