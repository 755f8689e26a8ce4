"""Rule book §3: the break, its fouls and what follows a legal one."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, CueBall, Foul, Seat
from tests.builders import PRESETS, brk, ev, play, pot, step


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    "foul_break",
    [
        ev("break", rails=6, first_contact=3),
        ev("break", rails=6, first_contact=None),
        ev("break", rails=2),
        ev("break", rails=6, cue_ball="pocketed", pocketed=[pot(4)]),
        ev("break", rails=6, cue_ball="off_table"),
        ev("break", rails=6, off_table=[7]),
        ev("break", rails=6, fouls=["double_hit"]),
    ],
    ids=["wrong-first", "nothing-hit", "rails", "scratch", "cue-off", "ball-off", "referee"],
)
def test_break_fouls_give_ball_in_hand_and_no_push_out(rules: str, foul_break: dict) -> None:
    state = play(foul_break, rules=rules)
    assert state.at_table is Seat.B and state.cue_ball is CueBall.IN_HAND
    assert not state.push_out_allowed and state.fouls[Seat.A] == 1
    assert state.awaiting is Awaiting.SHOT


@pytest.mark.parametrize("rules", PRESETS)
def test_balls_pocketed_on_a_foul_break_stay_down_but_the_ten(rules: str) -> None:
    state = play(ev("break", rails=6, cue_ball="pocketed", pocketed=[pot(4), pot(10)], off_table=[6]), rules=rules)
    assert state.balls_on_table == frozenset({1, 2, 3, 5, 7, 8, 9, 10})
    assert state.ten_spotted


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(("dropped", "next_seat"), [((4,), "A"), ((), "B"), ((10,), "A")])
def test_legal_break(rules: str, dropped: tuple[int, ...], next_seat: str) -> None:
    state = play(brk(*dropped, rails=6), rules=rules)
    assert state.at_table is Seat(next_seat) and state.cue_ball is CueBall.IN_PLACE
    assert state.push_out_allowed and state.awaiting is Awaiting.SHOT
    assert 10 in state.balls_on_table
    assert state.balls_on_table == frozenset(range(1, 11)) - (set(dropped) - {10})


def test_no_rail_cannot_be_listed_on_a_break() -> None:
    with pytest.raises(RuleViolation, match=r"The foul 'no rail' does not apply to a break\.") as refused:
        step(play(), ev("break", fouls=[Foul.NO_RAIL.value]))
    assert refused.value.code == "foul_not_here" and refused.value.params["foul"] is Foul.NO_RAIL


def test_the_breaker_must_be_the_seat_due() -> None:
    with pytest.raises(RuleViolation, match="It is Ana's turn, not Ben's"):
        step(play(), ev("break", player="B"))


def test_only_one_break_per_rack() -> None:
    with pytest.raises(RuleViolation, match="No break is due"):
        step(play(brk(rails=5)), brk(rails=5))
