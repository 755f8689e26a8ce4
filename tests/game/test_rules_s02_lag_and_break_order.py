"""Rule book §2: the lag, re-lag, and who breaks each rack."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, Seat, Status
from tests.builders import PRESETS, brk, ev, history, made, play, started, step


def _win_rack(*balls_left: int) -> list[dict]:
    """Shots for the seat at the table that run out every ball in `balls_left`."""
    return [made(b) for b in balls_left]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(("winner", "breaker", "expected"), [("A", None, "A"), ("A", "B", "B"), ("B", "A", "A")])
def test_lag_winner_picks_the_first_breaker(rules: str, winner: str, breaker: str | None, expected: str) -> None:
    lag = ev("lag", winner=winner) if breaker is None else ev("lag", winner=winner, breaker=breaker)
    state = history(started(rules), lag).state
    assert state.status is Status.PLAYING and state.awaiting is Awaiting.BREAK
    assert state.breaker is Seat(expected) and state.at_table is Seat(expected)


def test_relag_changes_nothing_and_only_before_the_lag() -> None:
    h = history(started(), ev("relag", reason="both balls touched the side rail"))
    assert h.state.status is Status.LAG and h.state.breaker is None
    with pytest.raises(RuleViolation, match="already been decided"):
        step(play(), ev("relag", reason=""))
    with pytest.raises(RuleViolation, match="already been decided"):
        step(play(), ev("lag", winner="B"))


@pytest.mark.parametrize("kind", ["break", "shot", "warning", "stalemate", "option"])
def test_nothing_but_the_lag_before_the_lag(kind: str) -> None:
    state = history(started()).state
    fields = {"shot": {"call": "safety"}, "warning": {"player": "A"}, "option": {"choice": "shoot"}}
    with pytest.raises(RuleViolation, match="lag has not been decided"):
        step(state, ev(kind, **fields.get(kind, {})))


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    ("order", "rack2_breaker"),
    [("alternate", "B"), ("winner", "A"), ("loser", "B")],
)
def test_break_order_after_a_rack_won_by_the_breaker(rules: str, order: str, rack2_breaker: str) -> None:
    # A breaks rack 1 and runs out.
    state = play(brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10), rules=rules, break_order=order)
    assert state.rack == 2 and state.breaker is Seat(rack2_breaker)
    assert state.at_table is Seat(rack2_breaker) and state.awaiting is Awaiting.BREAK


@pytest.mark.parametrize(("order", "rack2_breaker"), [("alternate", "B"), ("winner", "B"), ("loser", "A")])
def test_break_order_after_a_rack_won_by_the_other_player(order: str, rack2_breaker: str) -> None:
    state = play(
        brk(2, 3, 4, 5, 6, 7, 8, 9, rails=5),
        made(1),
        ev("penalty", player="A", penalty="rack", reason=""),
        break_order=order,
    )
    assert state.racks[0].winner is Seat.B
    assert state.breaker is Seat(rack2_breaker)


@pytest.mark.parametrize("order", ["alternate", "winner", "loser"])
def test_after_a_stalemate_the_same_player_breaks(order: str) -> None:
    state = play(brk(rails=5), ev("shot", call="safety"), ev("stalemate"), lag="B", break_order=order)
    assert state.rack == 2 and state.breaker is Seat.B and state.at_table is Seat.B
