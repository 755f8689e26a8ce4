"""Rule book §5: called shots, derived fouls, the option after a wrongful pocket."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, CueBall, Foul, OptionAfter, RackHow, Seat
from tests.builders import PRESETS, brk, ev, made, miss, play, pot, step

# After this break A is at the table with 1, 4..10 on it.
OPENED = brk(2, 3, rails=5)


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    ("shot", "fouler"),
    [
        (miss(first_contact=4), "A"),
        (miss(first_contact=None), "A"),
        (miss(rail=False), "A"),
        (ev("shot", call=pot(1), pocketed=[pot(1)], cue_ball="pocketed"), "A"),
        (miss(off_table=[6]), "A"),
        (miss(fouls=["push_shot"]), "A"),
    ],
    ids=["wrong-ball", "nothing-hit", "no-rail", "scratch-while-made", "ball-off", "referee"],
)
def test_fouls_derived_from_the_facts(rules: str, shot: dict, fouler: str) -> None:
    state = play(OPENED, shot, rules=rules)
    assert state.fouls[Seat(fouler)] == 1 and state.cue_ball is CueBall.IN_HAND
    assert state.at_table is Seat(fouler).other


def test_no_rail_is_no_foul_when_a_ball_drops() -> None:
    state = play(OPENED, made(1, rail=False))
    assert state.fouls[Seat.A] == 0 and state.at_table is Seat.A


@pytest.mark.parametrize("rules", PRESETS)
def test_call_made_continues_and_other_balls_stay_down_but_an_uncalled_ten(rules: str) -> None:
    state = play(OPENED, made(1, "FL", 5, 10), rules=rules)
    assert state.at_table is Seat.A and state.awaiting is Awaiting.SHOT
    assert state.balls_on_table == frozenset({4, 6, 7, 8, 9, 10}) and state.ten_spotted


@pytest.mark.parametrize("rules", PRESETS)
def test_called_ten_as_the_last_ball_wins_the_rack(rules: str) -> None:
    state = play(brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10, "SL"), rules=rules)
    assert state.score[Seat.A] == 1 and state.racks[0].how is RackHow.TEN


@pytest.mark.parametrize("rules", PRESETS)
def test_called_ten_dropping_with_the_last_other_ball_wins(rules: str) -> None:
    state = play(
        brk(2, 3, 4, 5, 6, 7, 8, 9),
        ev("shot", call=pot(10, "SL"), first_contact=1, pocketed=[pot(1, "HR"), pot(10, "SL")]),
        rules=rules,
    )
    assert state.score[Seat.A] == 1


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    "shot",
    [
        ev("shot", call=pot(1, "FR"), pocketed=[pot(1, "FL")]),  # wrong pocket
        ev("shot", call=pot(1, "FL"), pocketed=[pot(5, "FL")]),  # another ball
        ev("shot", call="safety", pocketed=[pot(4, "HR")]),  # safety with a ball down
        ev("shot", call=pot(10, "FR"), pocketed=[pot(10, "FL")]),  # 10 in the wrong pocket
    ],
    ids=["wrong-pocket", "other-ball", "safety-ball-down", "ten-wrong-pocket"],
)
def test_ball_down_without_the_call_gives_the_opponent_the_option(rules: str, shot: dict) -> None:
    state = play(OPENED, shot, rules=rules)
    assert state.awaiting is Awaiting.OPTION and state.option is OptionAfter.POCKETED_WITHOUT_CALL
    assert state.at_table is Seat.B and state.cue_ball is CueBall.IN_PLACE and state.fouls[Seat.A] == 0
    assert 10 in state.balls_on_table and state.racks == ()


@pytest.mark.parametrize(("choice", "shooter"), [("shoot", "B"), ("hand_back", "A")])
def test_option_after_a_wrongful_pocket(choice: str, shooter: str) -> None:
    state = play(OPENED, ev("shot", call=pot(1, "FR"), pocketed=[pot(1, "FL")]), ev("option", choice=choice))
    assert state.at_table is Seat(shooter) and state.awaiting is Awaiting.SHOT


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("call", [pot(1), "safety"], ids=["miss", "safety"])
def test_nothing_dropped_passes_the_table(rules: str, call: object) -> None:
    state = play(OPENED, ev("shot", call=call), rules=rules)
    assert state.at_table is Seat.B and state.cue_ball is CueBall.IN_PLACE and state.option is None


@pytest.mark.parametrize(
    ("shot", "why"),
    [
        (miss(2), "Ball 2 is not on the table"),
        (ev("shot", call=pot(1), pocketed=[pot(3)]), "Ball 3 is not on the table"),
        (miss(first_contact=2), "Ball 2 is not on the table"),
        (miss(fouls=[Foul.BREAK_RAILS.value]), "'too few balls to a cushion on the break' does not apply to a shot"),
        (miss(player="B"), "It is Ana's turn, not Ben's"),
    ],
)
def test_refused_shots(shot: dict, why: str) -> None:
    state = play(OPENED)
    with pytest.raises(RuleViolation, match=why):
        step(state, shot)


def test_shot_refused_before_the_break() -> None:
    with pytest.raises(RuleViolation, match="not been broken"):
        step(play(), miss())
