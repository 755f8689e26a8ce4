"""Rule book §10: shot-clock extensions, one per player per rack."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Seat
from tests.builders import brk, ev, made, miss, play, step

CLOCK = {"shot_clock": {}}


def test_extensions_as_configured_and_used_once() -> None:
    state = play(**CLOCK)
    assert state.extensions_left is not None and state.extensions_left.as_json() == {"A": 1, "B": 1}
    state = step(state, ev("extension"))
    assert state.extensions_left is not None and state.extensions_left[Seat.A] == 0
    with pytest.raises(RuleViolation, match="no extension left"):
        step(state, ev("extension", player="A"))


def test_extensions_reset_every_rack() -> None:
    state = play(ev("extension"), brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10), **CLOCK)
    assert state.rack == 2 and state.extensions_left is not None
    assert state.extensions_left.as_json() == {"A": 1, "B": 1}


@pytest.mark.parametrize(
    ("before", "event", "why"),
    [
        ([brk(rails=5)], ev("extension", player="A"), "not about to shoot"),
        (
            [brk(2), ev("shot", call="safety", pocketed=[{"ball": 3, "pocket": "SL"}])],
            ev("extension"),
            "not about to shoot",
        ),
    ],
)
def test_extension_refused_when_not_about_to_shoot(before: list, event: dict, why: str) -> None:
    with pytest.raises(RuleViolation, match=why):
        step(play(*before, **CLOCK), event)


def test_extension_refused_without_a_clock() -> None:
    with pytest.raises(RuleViolation, match="without a shot clock"):
        step(play(), ev("extension"))


def test_configured_count() -> None:
    state = play(brk(rails=5), shot_clock={"extensions_per_rack": 2})
    assert state.extensions_left is not None and state.extensions_left.as_json() == {"A": 2, "B": 2}


def test_time_foul() -> None:
    state = play(brk(2), miss(fouls=["shot_clock"], clock_s=36.0), **CLOCK)
    assert state.fouls[Seat.A] == 1 and state.at_table is Seat.B
