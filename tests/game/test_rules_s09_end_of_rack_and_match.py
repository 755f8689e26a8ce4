"""Rule book §9: how racks and matches end."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, MatchResult, RackHow, Seat, Status
from tests.builders import PRESETS, brk, ev, history, made, miss, play, started, step

RUN_OUT = [brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10)]  # the breaker runs the rack


@pytest.mark.parametrize("rules", PRESETS)
def test_race_to_one_finishes_the_match(rules: str) -> None:
    state = play(*RUN_OUT, rules=rules, race_to=1)
    assert state.status is Status.FINISHED and state.winner is Seat.A and state.result is MatchResult.RACE
    assert state.awaiting is None and state.at_table is None and state.balls_on_table == frozenset()


@pytest.mark.parametrize("rules", PRESETS)
def test_race_to_two(rules: str) -> None:
    state = play(*RUN_OUT, *RUN_OUT, rules=rules, race_to=2)  # B breaks and runs rack 2
    assert state.score.as_json() == {"A": 1, "B": 1} and state.rack == 3 and state.breaker is Seat.A


@pytest.mark.parametrize("kind", ["concede", "penalty"])
def test_concession_and_match_penalty_before_the_lag(kind: str) -> None:
    fields = {"player": "B"} | ({"penalty": "match", "reason": "forfeit"} if kind == "penalty" else {})
    state = history(started(), ev(kind, **fields)).state
    assert state.winner is Seat.A and state.status is Status.FINISHED
    assert state.result is (MatchResult.CONCESSION if kind == "concede" else MatchResult.PENALTY)


def test_concession_keeps_the_score() -> None:
    state = play(*RUN_OUT, brk(rails=5), ev("concede", player="B"))
    assert state.score.as_json() == {"A": 1, "B": 0} and state.winner is Seat.A


def test_rack_penalty_on_the_rack_about_to_be_broken() -> None:
    state = play(ev("penalty", player="A", penalty="rack", reason="late"))
    assert state.racks[0].rack == 1 and state.racks[0].breaker is Seat.A
    assert state.racks[0].how is RackHow.PENALTY and state.score[Seat.B] == 1 and state.rack == 2


def test_stalemate_refused_while_the_break_is_due() -> None:
    with pytest.raises(RuleViolation, match="stalemate"):
        step(play(), ev("stalemate"))


def test_stalemate_scores_nothing() -> None:
    state = play(brk(rails=5), miss(), ev("stalemate"))
    assert state.score.as_json() == {"A": 0, "B": 0} and state.racks[0].winner is None
    assert state.awaiting is Awaiting.BREAK


@pytest.mark.parametrize(
    "event",
    [
        brk(),
        miss(),
        ev("warning", player="A"),
        ev("concede", player="A"),
        ev("stalemate"),
        ev("penalty", player="A", penalty="match", reason=""),
        ev("lag", winner="A"),
    ],
    ids=["break", "shot", "warning", "concede", "stalemate", "penalty", "lag"],
)
def test_only_notes_after_the_end(event: dict) -> None:
    state = play(*RUN_OUT, race_to=1)
    with pytest.raises(RuleViolation, match="match is over"):
        step(state, event)
    assert step(state, ev("note", text="signed")) == state
