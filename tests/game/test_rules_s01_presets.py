"""Rule book §1: what differs between the `wpa` and `ffb` presets."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, RackHow, Seat
from tests.builders import brk, ev, made, play, pot, step


def test_wpa_refuses_a_call_on_the_break() -> None:
    state = play(rules="wpa")
    with pytest.raises(RuleViolation, match="nothing can be announced"):
        step(state, brk(10, call=pot(10, "FL")))


@pytest.mark.parametrize(
    ("rails", "pocketed", "wpa_legal", "ffb_legal"),
    [
        (4, (), True, True),
        (3, (), False, False),
        (3, (5,), True, False),  # a ball down meets WPA's requirement, not the seed's
        (0, (2, 3), True, False),
        (10, (2,), True, True),
    ],
)
def test_legal_break_requirement(rails: int, pocketed: tuple[int, ...], wpa_legal: bool, ffb_legal: bool) -> None:
    for rules, legal in (("wpa", wpa_legal), ("ffb", ffb_legal)):
        state = play(brk(*pocketed, rails=rails), rules=rules)
        assert (state.fouls[Seat.A] == 0) is legal, rules
        assert state.push_out_allowed is legal


@pytest.mark.parametrize(("rules", "wins"), [("wpa", False), ("ffb", True)])
def test_called_ten_made_with_balls_left(rules: str, wins: bool) -> None:
    state = play(brk(2, rails=5), made(1), made(10, "FR"), rules=rules)
    assert (state.score[Seat.A] == 1) is wins
    if wins:
        assert state.racks[-1].how is RackHow.TEN
        assert state.awaiting is Awaiting.BREAK
    else:
        assert 10 in state.balls_on_table and state.ten_spotted
        assert state.at_table is Seat.A and state.awaiting is Awaiting.SHOT


@pytest.mark.parametrize(("rules", "pocket", "wins"), [("ffb", "FL", True), ("ffb", "HR", False)])
def test_announced_ten_on_the_break(rules: str, pocket: str, wins: bool) -> None:
    state = play(ev("break", rails=5, call=pot(10, "FL"), pocketed=[pot(10, pocket)]), rules=rules)
    if wins:
        assert state.racks[0].how is RackHow.TEN_ON_BREAK and state.score[Seat.A] == 1
    else:
        assert state.racks == () and 10 in state.balls_on_table and state.at_table is Seat.A


def test_announced_ten_on_a_foul_break_is_spotted_under_ffb() -> None:
    state = play(ev("break", rails=5, call=pot(10, "FL"), pocketed=[pot(10, "FL")], cue_ball="pocketed"), rules="ffb")
    assert state.racks == () and 10 in state.balls_on_table
    assert state.at_table is Seat.B and state.fouls[Seat.A] == 1
