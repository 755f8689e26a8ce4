"""Presenter functions: state -> display text, tested without a window."""

from referee_desk.desk import presenter

from referee_app.game.events import Penalty
from referee_app.game.vocab import PenaltyKind, Seat
from tests.builders import brk, decode, ev, history, made, miss, play, pot, started


def test_prompt_lines_follow_what_is_awaited() -> None:
    assert presenter.prompt_line(history(started()).state) == "Lag for the break: who won it?"
    assert presenter.prompt_line(play()) == "Ana to break, cue ball in hand behind the head string."
    assert presenter.prompt_line(play(brk(rails=5))) == "Ben to shoot. A push-out is allowed."
    assert presenter.prompt_line(play(brk(2), miss(cue_ball="pocketed"))) == (
        "Ben to shoot, ball in hand anywhere on the table."
    )
    option = play(brk(rails=5), ev("push_out"))
    assert presenter.prompt_line(option) == "Ana to choose: shoot from here, or hand the table back."


def test_finished_prompt_and_header() -> None:
    state = play(brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10), race_to=1)
    assert presenter.prompt_line(state) == "Ana wins the match 1–0 (race won)."
    assert presenter.header_line(play(rules="ffb")) == "Race to 3 · Rack 1 · FFB · Break: Ana"


def test_fouls_line_shows_the_two_foul_state() -> None:
    two = play(brk(2), miss(cue_ball="pocketed"), miss(), miss(first_contact=3))
    assert presenter.fouls_line(two, Seat.A) == "2 fouls · warning due"
    assert presenter.fouls_line(two, Seat.B) == "Fouls: 0"
    warned = play(brk(2), miss(cue_ball="pocketed"), miss(), miss(first_contact=3), ev("warning", player="A"))
    assert presenter.fouls_line(warned, Seat.A) == "2 fouls · WARNED"


def test_warning_prompt_only_for_the_player_due_to_shoot() -> None:
    due = play(brk(2), miss(cue_ball="pocketed"), miss(), miss(first_contact=3), miss())
    assert presenter.warning_prompt(due).startswith("Ana is on two consecutive fouls")
    other_inning = play(brk(2), miss(cue_ball="pocketed"), miss(), miss(first_contact=3))
    assert other_inning.at_table is Seat.B and presenter.warning_prompt(other_inning) == ""


def test_spot_ten_and_cue_ball_lines() -> None:
    assert presenter.spot_ten_line(play(brk(10))) == "Spot the 10 on the foot spot"
    assert presenter.spot_ten_line(play(brk(2))) == ""
    assert presenter.cue_ball_line(play()) == "Ball in hand behind the head string"


def test_events_described_in_words() -> None:
    before = play(brk(2))
    assert presenter.describe(decode(made(1, "SL")), before) == "Ana: 1 in SL, made"
    assert presenter.describe(decode(miss(1, "SL", cue_ball="pocketed")), before) == (
        "Ana: 1 in SL, missed — foul: scratch"
    )
    wrongful = decode(ev("shot", call=pot(1, "FR"), pocketed=[pot(1, "FL")]))
    assert presenter.describe(wrongful, before) == "Ana: 1 in FR, missed; down: 1 (FL)"
    assert presenter.describe(decode(brk(3, rails=6)), play()) == "Ana breaks: 6 balls to a cushion; down: 3 (FL)"
    penalty = Penalty(player=Seat.B, penalty=PenaltyKind.FOUL, reason="touched the 5")
    assert presenter.describe(penalty, before) == "Penalty against Ben: foul (touched the 5)"


def test_translation_hook_is_used() -> None:
    marked = lambda ctx, text: f"[{ctx}] {text}"  # noqa: E731
    assert presenter.prompt_line(play(), marked) == "[Presenter] Ana to break, cue ball in hand behind the head string."
