"""Rule book §6: the standard foul, ball in hand, penalties as fouls."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import REFEREE_FOULS, Awaiting, CueBall, Seat
from tests.builders import PRESETS, brk, ev, miss, play, pot, step

OPENED = brk(2, rails=5)


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("code", [f.value for f in REFEREE_FOULS])
def test_every_referee_foul_gives_ball_in_hand_anywhere(rules: str, code: str) -> None:
    state = play(OPENED, miss(fouls=[code]), rules=rules)
    assert state.at_table is Seat.B and state.cue_ball is CueBall.IN_HAND
    assert state.fouls[Seat.A] == 1 and state.awaiting is Awaiting.SHOT


@pytest.mark.parametrize("rules", PRESETS)
def test_several_fouls_on_one_shot_count_once(rules: str) -> None:
    shot = miss(first_contact=5, rail=False, cue_ball="pocketed", off_table=[6], fouls=["double_hit", "double_hit"])
    state = play(OPENED, shot, rules=rules)
    assert state.fouls[Seat.A] == 1


@pytest.mark.parametrize("rules", PRESETS)
def test_balls_pocketed_on_a_foul_stay_down_except_the_ten(rules: str) -> None:
    state = play(
        OPENED,
        ev("shot", call=pot(1), pocketed=[pot(1), pot(10, "HR")], off_table=[7], cue_ball="pocketed"),
        rules=rules,
    )
    assert state.balls_on_table == frozenset({3, 4, 5, 6, 8, 9, 10}) and state.ten_spotted


def test_a_foul_removes_a_pending_option() -> None:
    state = play(
        OPENED,
        ev("shot", call=pot(1, "FR"), pocketed=[pot(1, "FL")]),
        ev("penalty", player="B", penalty="foul", reason="shot out of turn"),
    )
    assert state.option is None and state.at_table is Seat.A and state.cue_ball is CueBall.IN_HAND
    assert state.fouls[Seat.B] == 1


def test_penalty_foul_against_the_player_not_at_the_table() -> None:
    state = play(OPENED, ev("penalty", player="B", penalty="foul", reason="touched a ball"))
    assert state.at_table is Seat.A and state.cue_ball is CueBall.IN_HAND and state.fouls[Seat.B] == 1


def test_penalty_foul_refused_while_the_break_is_due() -> None:
    with pytest.raises(RuleViolation, match="break is due"):
        step(play(), ev("penalty", player="A", penalty="foul", reason=""))
