"""Rule book §8: the 10 comes back; the state flags it so the GUI can prompt."""

import pytest

from tests.builders import PRESETS, brk, ev, made, miss, play, pot


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    "events",
    [
        [brk(10)],
        [ev("break", rails=5, off_table=[10])],
        [brk(rails=5), ev("push_out", pocketed=[pot(10)])],
        [brk(2), made(1, "FL", 10)],
        [brk(2), miss(off_table=[10])],
        [brk(2), ev("shot", call="safety", pocketed=[pot(10)])],
    ],
    ids=["break", "break-off-table", "push-out", "uncalled", "foul-off-table", "safety"],
)
def test_ten_spotted(rules: str, events: list) -> None:
    state = play(*events, rules=rules)
    assert 10 in state.balls_on_table and state.ten_spotted and state.racks == ()


def test_prompt_clears_on_the_next_stroke() -> None:
    state = play(brk(10, 2), made(1))
    assert not state.ten_spotted
