"""Rule presets are rows of data (rule book §1); `allowed` carries every rule-based GUI choice.

A throw-away third preset, added here and nowhere else, plays through the codec
and the engine: the 10 on a legal break wins, called or not, as in 9-ball.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee_app.game.presets import PRESETS, BreakRequirement, Preset, TenOnBreak
from referee_app.game.refusals import RuleViolation
from referee_app.game.rules import LISTABLE_ON_BREAK, LISTABLE_ON_SHOT, allowed
from referee_app.game.state import PerSeat
from referee_app.game.vocab import DERIVED_FOULS, REFEREE_FOULS, Foul, RackHow, Seat
from referee_app.log.codec import LogFormatError, event_from_json
from tests.builders import TEN_WINS_ON_BREAK, brk, ev, made, miss, play, pot, started, step

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def third_preset(monkeypatch: pytest.MonkeyPatch) -> Iterator[Preset]:
    monkeypatch.setitem(PRESETS, TEN_WINS_ON_BREAK.name, TEN_WINS_ON_BREAK)
    yield TEN_WINS_ON_BREAK


def test_the_two_presets_mirror_the_rule_book_table() -> None:
    wpa, ffb = PRESETS["wpa"], PRESETS["ffb"]
    assert list(PRESETS) == ["wpa", "ffb"]
    assert (wpa.call_on_break, ffb.call_on_break) == (False, True)
    assert (wpa.ten_on_break, ffb.ten_on_break) == (TenOnBreak.SPOTTED, TenOnBreak.ANNOUNCED_WINS)
    assert (wpa.break_requirement, ffb.break_requirement) == (BreakRequirement.BALL_OR_RAILS, BreakRequirement.RAILS)
    assert (wpa.early_ten_wins, ffb.early_ten_wins) == (False, True)


def test_a_third_preset_plays_through_the_engine(third_preset: Preset) -> None:
    ten_dropped = brk(3, 10, rails=2)  # a ball dropped: legal under "ball or rails"
    won = play(ten_dropped, rules=third_preset.name, race_to=3)
    assert won.score == PerSeat(1, 0) and won.racks[0].how is RackHow.TEN_ON_BREAK
    assert won.rack == 2 and won.balls_on_table == frozenset(range(1, 11))
    # the same break under WPA: the 10 is spotted and the breaker shoots on
    spotted = play(ten_dropped, rules="wpa")
    assert spotted.score == PerSeat(0, 0) and 10 in spotted.balls_on_table and spotted.at_table is Seat.A
    # and the preset's other rows hold: no call on the break, the early 10 spotted
    with pytest.raises(RuleViolation, match=r"Under T10 rules nothing can be announced on the break\."):
        step(play(rules=third_preset.name), brk(call=pot(10, "FL")))
    early = play(brk(rails=5), made(10, "FL", first_contact=1), rules=third_preset.name)
    assert early.score == PerSeat(0, 0) and 10 in early.balls_on_table


def test_a_foul_break_with_the_10_down_does_not_win(third_preset: Preset) -> None:
    state = play(brk(10, cue_ball="pocketed"), rules=third_preset.name)
    assert state.score == PerSeat(0, 0) and state.fouls == PerSeat(1, 0) and 10 in state.balls_on_table


def test_the_codec_reads_the_preset_table_not_a_list_of_its_own(third_preset: Preset) -> None:
    setup, _, _ = event_from_json(started(rules=third_preset.name))
    assert setup.rules == third_preset.name  # type: ignore[union-attr]
    with pytest.raises(LogFormatError, match=r'field \'rules\': must be one of "wpa", "ffb", "ten_wins_on_break"'):
        event_from_json(started(rules="nine_ball"))


def test_an_unknown_preset_is_refused_once_it_is_gone() -> None:
    with pytest.raises(LogFormatError, match="ten_wins_on_break"):
        event_from_json(started(rules=TEN_WINS_ON_BREAK.name))


@pytest.mark.parametrize(("rules", "offered"), [("wpa", False), ("ffb", True)])
def test_allowed_says_whether_the_10_may_be_announced(rules: str, offered: bool) -> None:
    assert allowed(play(rules=rules)).call_on_break is offered
    assert allowed(play(brk(rails=5), rules=rules)).call_on_break is False  # no break due any more


def test_allowed_lists_the_fouls_a_referee_can_enter_now() -> None:
    breaking = allowed(play())
    assert breaking.break_fouls == LISTABLE_ON_BREAK and breaking.shot_fouls == ()
    assert Foul.NO_RAIL not in breaking.break_fouls and Foul.SHOT_CLOCK not in breaking.break_fouls
    shooting = allowed(play(brk(rails=5)))
    assert shooting.shot_fouls == LISTABLE_ON_SHOT and shooting.break_fouls == ()
    assert Foul.BREAK_RAILS not in shooting.shot_fouls


def test_allowed_says_whose_shot_waits_for_the_warning() -> None:
    ben_on_two = play(brk(rails=5), miss(cue_ball="pocketed"), miss(), miss(cue_ball="pocketed"))
    assert ben_on_two.at_table is Seat.A and ben_on_two.fouls[Seat.B] == 2
    # the opponent on two fouls does not hold the player at the table
    assert allowed(ben_on_two).warning == (Seat.B,) and allowed(ben_on_two).warning_blocks is None
    bens_turn = step(ben_on_two, miss())
    assert allowed(bens_turn).warning_blocks is Seat.B
    assert allowed(step(bens_turn, ev("warning", player="B"))).warning_blocks is None


def test_per_seat_refuses_keys_that_are_not_a_seat() -> None:
    scores = PerSeat(3, 5)
    assert (scores[Seat.A], scores[Seat.B], scores["A"], scores["B"]) == (3, 5, 3, 5)  # type: ignore[index]
    for key in (0, 1, "a", "C", None):
        with pytest.raises(KeyError):
            scores[key]  # type: ignore[index]


def test_foul_sets_are_named_and_cover_every_code_once() -> None:
    assert set(DERIVED_FOULS) | set(REFEREE_FOULS) == set(Foul)
    assert not set(DERIVED_FOULS) & set(REFEREE_FOULS)
    assert Foul.SHOT_CLOCK in REFEREE_FOULS and Foul.BREAK_RAILS in DERIVED_FOULS


def test_adding_a_preset_needs_no_change_in_the_gui_or_the_engine() -> None:
    """Nothing outside the preset table names a preset: the GUI reads `allowed`, the engine the rows."""
    offenders = []
    for folder in ("ui", "referee_app"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name in {"presets.py", "vocab.py"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if "RuleSet" in line:
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
