"""Rule book §4: the push-out and the option that follows it."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, CueBall, OptionAfter, Seat
from tests.builders import PRESETS, brk, ev, made, miss, play, pot, step


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(("break_balls", "pusher"), [((), "B"), ((3,), "A")])
def test_push_out_on_the_first_shot_after_a_legal_break(rules: str, break_balls: tuple, pusher: str) -> None:
    state = play(brk(*break_balls, rails=5), ev("push_out", player=pusher), rules=rules)
    chooser = Seat(pusher).other
    assert state.awaiting is Awaiting.OPTION and state.option is OptionAfter.PUSH_OUT
    assert state.at_table is chooser and not state.push_out_allowed


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(("choice", "shooter"), [("shoot", "A"), ("hand_back", "B")])
def test_option_after_a_push_out(rules: str, choice: str, shooter: str) -> None:
    state = play(brk(rails=5), ev("push_out"), ev("option", choice=choice), rules=rules)
    assert state.at_table is Seat(shooter) and state.awaiting is Awaiting.SHOT
    assert state.option is None and not state.push_out_allowed and state.cue_ball is CueBall.IN_PLACE


@pytest.mark.parametrize(
    "before",
    [
        [ev("break", rails=2)],  # after a break foul
        [brk(rails=5), miss()],  # later in the rack
        [brk(2, rails=5), made(1)],  # after a made ball
        [brk(rails=5), ev("push_out"), ev("option", choice="shoot")],  # never twice
    ],
    ids=["after-break-foul", "second-shot", "after-made-ball", "twice"],
)
def test_push_out_refused(before: list) -> None:
    state = play(*before)
    with pytest.raises(RuleViolation):
        step(state, ev("push_out"))


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("wrong_ball_first", "wrong ball first"),
        ("no_rail", "no rail"),
        ("break_rails", "too few balls to a cushion on the break"),
    ],
)
def test_derived_fouls_that_do_not_apply_to_a_push_out_are_refused(code: str, words: str) -> None:
    with pytest.raises(RuleViolation, match=rf"The foul '{words}' does not apply to a push-out\.") as refused:
        step(play(brk(rails=5)), ev("push_out", fouls=[code]))
    assert refused.value.params["foul"] == code


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("foul", [{"cue_ball": "pocketed"}, {"off_table": [4]}, {"fouls": ["double_hit"]}], ids=str)
def test_foul_on_a_push_out_is_a_standard_foul_without_option(rules: str, foul: dict) -> None:
    state = play(brk(rails=5), ev("push_out", **foul), rules=rules)
    assert state.at_table is Seat.A and state.cue_ball is CueBall.IN_HAND
    assert state.option is None and state.fouls[Seat.B] == 1


@pytest.mark.parametrize("rules", PRESETS)
def test_balls_pocketed_on_a_push_out_stay_down_but_the_ten(rules: str) -> None:
    state = play(brk(rails=5), ev("push_out", pocketed=[pot(10), pot(5)]), rules=rules)
    assert state.racks == () and state.balls_on_table == frozenset(range(1, 11)) - {5}
    assert state.ten_spotted


def test_foul_free_push_out_clears_the_pushers_foul_count() -> None:
    state = play(brk(rails=5), ev("push_out"))
    assert state.fouls[Seat.B] == 0


def test_shot_refused_while_the_option_is_pending() -> None:
    state = play(brk(rails=5), ev("push_out"))
    with pytest.raises(RuleViolation, match="Ana must first choose"):
        step(state, miss())
