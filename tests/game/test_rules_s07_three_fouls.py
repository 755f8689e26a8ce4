"""Rule book §7: consecutive fouls, the warning, and the third warned foul."""

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Awaiting, RackHow, Seat
from tests.builders import PRESETS, brk, ev, made, miss, play, step

OPENED = brk(2, rails=5)  # A at the table
SCRATCH = miss(cue_ball="pocketed")
A_TWO_FOULS = [OPENED, SCRATCH, miss(), miss(first_contact=3), miss()]  # A on 2 fouls, A to shoot


@pytest.mark.parametrize("rules", PRESETS)
def test_two_fouls_make_the_warning_due(rules: str) -> None:
    state = play(*A_TWO_FOULS, rules=rules)
    assert state.fouls[Seat.A] == 2 and state.warning_due == (Seat.A,) and state.at_table is Seat.A


@pytest.mark.parametrize("rules", PRESETS)
def test_third_warned_foul_loses_the_rack(rules: str) -> None:
    state = play(*A_TWO_FOULS, ev("warning", player="A"), SCRATCH, rules=rules)
    assert state.racks[0].winner is Seat.B and state.racks[0].how is RackHow.THREE_FOULS
    assert state.rack == 2 and state.fouls.as_json() == {"A": 0, "B": 0}


@pytest.mark.parametrize("rules", PRESETS)
def test_third_unwarned_foul_is_an_ordinary_foul(rules: str) -> None:
    state = play(*A_TWO_FOULS, SCRATCH, rules=rules)
    assert state.racks == () and state.fouls[Seat.A] == 2 and state.warning_due == (Seat.A,)
    assert state.at_table is Seat.B


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("legal", [miss(), ev("shot", call="safety"), made(1)], ids=["miss", "safety", "made"])
def test_a_legal_shot_clears_count_and_warning(rules: str, legal: dict) -> None:
    state = play(*A_TWO_FOULS, ev("warning", player="A"), legal, rules=rules)
    assert state.fouls[Seat.A] == 0 and not state.warned[Seat.A]


def test_the_opponents_shots_do_not_break_the_chain() -> None:
    state = play(OPENED, SCRATCH, miss(), miss(rail=False), miss(), miss(), made(1))
    # A: foul, B: miss, A: foul, B: miss, A: miss (legal: count 0), B made
    assert state.fouls[Seat.A] == 0
    chain = play(OPENED, SCRATCH, miss(), miss(rail=False))
    assert chain.fouls[Seat.A] == 2


def test_penalty_foul_counts_toward_three() -> None:
    state = play(*A_TWO_FOULS, ev("warning", player="A"), ev("penalty", player="A", penalty="foul", reason=""))
    assert state.racks[0].how is RackHow.THREE_FOULS and state.racks[0].winner is Seat.B


def test_new_rack_resets_both_counts() -> None:
    state = play(OPENED, SCRATCH, made(1), ev("penalty", player="A", penalty="rack", reason=""))
    assert state.fouls.as_json() == {"A": 0, "B": 0} and state.awaiting is Awaiting.BREAK


@pytest.mark.parametrize(
    ("before", "why"),
    [
        ([OPENED, SCRATCH], "not on two consecutive fouls"),
        ([*A_TWO_FOULS, ev("warning", player="A")], "already been warned"),
    ],
)
def test_warning_refused(before: list, why: str) -> None:
    with pytest.raises(RuleViolation, match=why):
        step(play(*before), ev("warning", player="A"))


def test_warning_accepted_during_the_opponents_inning() -> None:
    state = play(OPENED, SCRATCH, miss(), miss(rail=False))
    assert state.at_table is Seat.B
    assert step(state, ev("warning", player="A")).warned[Seat.A]
