"""Double elimination by hand: the reset final played and not played, 24 players with 8 byes."""

from __future__ import annotations

import pytest

from referee_app.tournament.events import ResultRecorded
from referee_app.tournament.model import FinalMode, Format, MatchStatus, Options, Status
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import State, apply

from .play import drawn, names

S1, S2, S3, S4 = names(4)  # rated 700, 699, 698, 697: seeds 1..4


def result(state: State, match: str, winner: str, loser_racks: int = 3) -> State:
    slot = state.tournament.slots[match]
    race = slot.spec.race
    score = (race, loser_racks) if winner == slot.a else (loser_racks, race)
    return apply(state, ResultRecorded(match, winner, score))


def to_the_final() -> State:
    state = drawn(Options(Format.DE, race=5), 4, tables=(1, 2))
    t = state.tournament
    assert (t.slots["W1-1"].a, t.slots["W1-1"].b) == (S1, S4)
    assert (t.slots["W1-2"].a, t.slots["W1-2"].b) == (S2, S3)
    state = result(state, "W1-1", S1)
    state = result(state, "W1-2", S2)
    assert {state.tournament.slots["L1-1"].a, state.tournament.slots["L1-1"].b} == {S3, S4}
    state = result(state, "W2-1", S1)
    state = result(state, "L1-1", S3)
    assert (state.tournament.slots["L2-1"].a, state.tournament.slots["L2-1"].b) == (S2, S3)
    state = result(state, "L2-1", S2)
    return state


def test_the_final_before_it_is_played_sends_both_to_f2_and_f2_is_not_shown() -> None:
    state = to_the_final()
    shown = {m["id"]: m for m in show(state.tournament, "t1")["matches"]}
    assert "F2" not in shown
    assert (shown["F1"]["a"], shown["F1"]["b"]) == (S1, S2)
    assert (shown["F1"]["winner_to"], shown["F1"]["loser_to"]) == ("F2", "F2")
    assert shown["F1"]["status"] == "playing"


def test_the_hot_seat_wins_f1_no_reset() -> None:
    state = result(to_the_final(), "F1", S1)
    t = state.tournament
    assert t.status is Status.FINISHED
    shown = {m["id"]: m for m in show(t, "t1")["matches"]}
    assert "F2" not in shown
    assert (shown["F1"]["winner_to"], shown["F1"]["loser_to"]) == (None, None)
    assert standings(t)["places"] == [
        {"place": 1, "names": [S1]},
        {"place": 2, "names": [S2]},
        {"place": 3, "names": [S3]},
        {"place": 4, "names": [S4]},
    ]
    assert sum(s.played for s in t.slots.values()) == 2 * 4 - 2


def test_the_losers_side_champion_wins_f1_and_f2_is_played() -> None:
    state = result(to_the_final(), "F1", S2)
    t = state.tournament
    assert t.status is Status.PLAYING
    shown = {m["id"]: m for m in show(t, "t1")["matches"]}
    assert (shown["F1"]["winner_to"], shown["F1"]["loser_to"]) == ("F2", "F2")
    assert (shown["F2"]["from_a"], shown["F2"]["from_b"]) == ("winner F1", "loser F1")
    assert (shown["F2"]["a"], shown["F2"]["b"], shown["F2"]["status"]) == (S2, S1, "playing")
    assert standings(t)["places"][0] == {"place": 3, "names": [S3]}  # nobody placed 1-2 yet
    state = result(state, "F2", S1)
    t = state.tournament
    assert t.status is Status.FINISHED
    assert standings(t)["places"][:2] == [{"place": 1, "names": [S1]}, {"place": 2, "names": [S2]}]
    assert sum(s.played for s in t.slots.values()) == 2 * 4 - 2 + 1


def test_single_final_has_no_f2() -> None:
    state = drawn(Options(Format.DE, race=5, final=FinalMode.SINGLE), 4)
    for match, winner in (("W1-1", S1), ("W1-2", S2), ("W2-1", S1), ("L1-1", S3), ("L2-1", S2), ("F1", S2)):
        state = result(state, match, winner)
    t = state.tournament
    assert t.status is Status.FINISHED
    assert "F2" not in t.slots and "F2" not in t.bracket.by_id  # type: ignore[union-attr]
    assert standings(t)["places"][:2] == [{"place": 1, "names": [S2]}, {"place": 2, "names": [S1]}]


def test_24_players_in_double_elimination() -> None:
    state = drawn(Options(Format.DE), 24)
    t = state.tournament
    slots = t.slots
    assert sum(1 for s in slots.values() if s.spec.side.value == "W" and s.spec.round == 1) == 16
    byes = [s for s in slots.values() if s.status is MatchStatus.BYE]
    w1_byes = [s for s in byes if s.spec.id.startswith("W1-")]
    assert len(w1_byes) == 8
    assert {s.winner for s in w1_byes} == set(names(8))
    shown = {m["id"]: m for m in show(t, "x")["matches"]}
    assert shown["W1-1"] == {
        **shown["W1-1"],
        "a": names(1)[0],
        "b": None,
        "from_b": "seed 32",
        "status": "bye",
        "winner": names(1)[0],
        "loser_to": None,
    }
    # A round-1 bye drops no loser: the losers' side match it would feed is a bye.
    for s in w1_byes:
        target = slots[s.spec.loser_to]  # type: ignore[index]
        assert target.status is MatchStatus.BYE
    # 46 matches to play (2n-2), plus a reset that may come.
    assert sum(1 for s in t.bracket.matches if not s.is_bye and not s.conditional) == 46  # type: ignore[union-attr]
    # The bye players' first matches wait for round 1's winners.
    assert slots["W2-1"].a == names(1)[0] and slots["W2-1"].status is MatchStatus.WAITING


@pytest.mark.parametrize("n", [2, 3, 5, 17])
def test_small_and_odd_fields_have_one_final(n: int) -> None:
    t = drawn(Options(Format.DE), n).tournament
    assert "F1" in t.slots
    assert sum(1 for s in t.bracket.matches if not s.is_bye and not s.conditional) == 2 * n - 2  # type: ignore[union-attr]
