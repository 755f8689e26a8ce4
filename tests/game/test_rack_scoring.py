"""Spec 1.3 §2a: rack scoring (`"scoring": "racks"` and the `rack` event), section by section."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee_app.game.refusals import RuleViolation
from referee_app.game.rules import allowed
from referee_app.game.state import State, summary
from referee_app.game.vocab import Awaiting, MatchResult, RackHow, Scoring, Seat, Status
from referee_app.log.codec import LogFormatError, event_to_json, parse_line
from tests.builders import brk, decode, ev, history, miss, started, step


def racks(*objs: dict[str, Any], rules: str = "wpa", race_to: int = 3, lag: str = "A", **setup: Any) -> State:
    """State of a rack-scored match (Ana A, Ben B): the lag won by `lag`, who breaks, then `objs`."""
    return history(started(rules, race_to, scoring="racks", **setup), ev("lag", winner=lag), *objs).state


def rack(winner: str, how: str | None = None) -> dict[str, Any]:
    return ev("rack", winner=winner) if how is None else ev("rack", winner=winner, how=how)


def refused(state: State, obj: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        step(state, obj)
    return caught.value


# --- §2 match_started: the scoring field -----------------------------------------------------


def test_scoring_defaults_to_shots_and_is_written_only_when_racks() -> None:
    shots = decode(started())
    assert shots.scoring is Scoring.SHOTS  # type: ignore[union-attr]
    assert "scoring" not in event_to_json(shots)
    by_racks = decode(started(scoring="racks"))
    assert by_racks.scoring is Scoring.RACKS  # type: ignore[union-attr]
    assert event_to_json(by_racks)["scoring"] == "racks"


@pytest.mark.parametrize("bad", ["rack", "RACKS", "", 1, None, True])
def test_a_scoring_that_is_not_shots_or_racks_is_a_bad_value(bad: object) -> None:
    with pytest.raises(LogFormatError, match="scoring"):
        parse_line(json.dumps(started(scoring=bad)))


def test_rack_scoring_with_a_shot_clock_is_a_bad_value() -> None:
    with pytest.raises(LogFormatError, match="shot_clock"):
        parse_line(json.dumps(started(scoring="racks", shot_clock={})))
    assert decode(started(scoring="racks", shot_clock=None)).shot_clock is None  # type: ignore[union-attr]
    assert decode(started(scoring="shots", shot_clock={})).shot_clock is not None  # type: ignore[union-attr]


# --- §2a rack: the event and its `how` --------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        {"type": "rack"},
        {"type": "rack", "winner": "C"},
        {"type": "rack", "winner": "A", "how": "penalty"},
        {"type": "rack", "winner": "A", "how": "stalemate"},
        {"type": "rack", "winner": "A", "how": "run_out"},
        {"type": "rack", "winner": "A", "how": None},
        {"type": "rack", "winner": "A", "ball": 10},
    ],
)
def test_a_rack_event_that_is_malformed_is_a_bad_value(line: dict[str, Any]) -> None:
    with pytest.raises(LogFormatError):
        parse_line(json.dumps(line))


def test_how_defaults_to_ten_and_round_trips() -> None:
    event = decode(rack("B"))
    assert event.how is RackHow.TEN  # type: ignore[union-attr]
    assert event_to_json(event) == {"type": "rack", "winner": "B"}
    for how in ("break_and_run", "ten_on_break", "three_fouls"):
        assert event_to_json(decode(rack("A", how))) == {"type": "rack", "winner": "A", "how": how}


def test_a_rack_scores_and_the_next_rack_is_broken_as_the_break_order_says() -> None:
    for order, second_breaker in (("alternate", Seat.B), ("winner", Seat.A), ("loser", Seat.B)):
        state = racks(rack("A"), break_order=order)
        assert state.score.a == 1 and state.rack == 2 and state.breaker is second_breaker
        assert state.racks[0].breaker is Seat.A and state.racks[0].winner is Seat.A
    state = racks(rack("B"), break_order="loser")
    assert state.breaker is Seat.A


def test_the_winner_of_the_race_wins_the_match() -> None:
    state = racks(rack("A"), rack("B"), rack("A"), race_to=2)
    assert state.status is Status.FINISHED and state.winner is Seat.A and state.result is MatchResult.RACE
    assert state.awaiting is None and state.rack == 3 and (state.score.a, state.score.b) == (2, 1)


def test_ten_and_three_fouls_may_be_won_by_either_player() -> None:
    for winner in ("A", "B"):
        for how in ("ten", "three_fouls"):
            state = racks(rack(winner, how))
            assert state.racks[-1].winner is Seat(winner) and state.racks[-1].how is RackHow(how)


def test_only_the_breaker_breaks_and_runs() -> None:
    state = racks(lag="B")
    assert step(state, rack("B", "break_and_run")).racks[-1].how is RackHow.BREAK_AND_RUN
    refusal = refused(state, rack("A", "break_and_run"))
    assert refusal.code == "not_the_breaker"
    assert str(refusal) == "Only the breaker can win a rack by break-and-run: Ben broke this rack, not Ana."


def test_the_ten_on_the_break_wins_only_under_ffb_and_only_for_the_breaker() -> None:
    wpa = racks()
    refusal = refused(wpa, rack("A", "ten_on_break"))
    assert refusal.code == "ten_on_break_spotted" and "WPA" in str(refusal)
    ffb = racks(rules="ffb")
    assert step(ffb, rack("A", "ten_on_break")).racks[-1].how is RackHow.TEN_ON_BREAK
    assert refused(ffb, rack("B", "ten_on_break")).code == "not_the_breaker"


def test_a_refused_rack_changes_nothing() -> None:
    state = racks(rack("A"))
    with pytest.raises(RuleViolation):
        step(state, rack("A", "break_and_run"))  # B breaks rack 2 under alternate
    assert state.score.a == 1 and state.rack == 2


def test_a_rack_in_a_match_scored_by_shots_is_refused() -> None:
    state = history(started(), ev("lag", winner="A")).state
    refusal = refused(state, rack("A"))
    assert refusal.code == "scored_by_shots" and "shot by shot" in str(refusal)


def test_a_rack_before_the_lag_or_after_the_end_is_refused() -> None:
    before = history(started(scoring="racks")).state
    assert refused(before, rack("A")).code == "before_lag"
    over = racks(rack("A"), race_to=1)
    assert refused(over, rack("A")).code == "match_over"
    void = racks(ev("void", reason="wrong table"))
    assert refused(void, rack("A")).code == "match_void"


# --- §2a: what else is accepted ---------------------------------------------------------------


def test_stalemate_voids_the_rack_and_the_same_player_breaks_again() -> None:
    state = racks(rack("A"), ev("stalemate"))  # B broke rack 2
    assert state.rack == 3 and state.breaker is Seat.B and state.score == (1, 0)
    assert state.racks[-1].how is RackHow.STALEMATE and state.racks[-1].winner is None


def test_a_rack_penalty_gives_the_rack_to_the_other_player() -> None:
    state = racks(ev("penalty", player="A", penalty="rack", reason="unsportsmanlike"))
    assert state.score == (0, 1) and state.racks[-1].how is RackHow.PENALTY and state.racks[-1].winner is Seat.B


def test_match_penalty_concession_void_relag_and_note_are_accepted() -> None:
    assert racks(ev("penalty", player="A", penalty="match", reason="")).winner is Seat.B
    conceded = racks(rack("A"), ev("concede", player="A"))
    assert conceded.result is MatchResult.CONCESSION and conceded.winner is Seat.B and conceded.score == (1, 0)
    assert racks(ev("void", reason="")).status is Status.VOID
    assert racks(ev("note", text="lights out")) == racks()
    relagged = history(started(scoring="racks"), ev("relag", reason="touched"), ev("lag", winner="B")).state
    assert relagged.breaker is Seat.B and relagged.awaiting is Awaiting.RACK
    assert history(started(scoring="racks"), ev("concede", player="B")).state.winner is Seat.A


@pytest.mark.parametrize(
    "stroke",
    [
        brk(3),
        miss(1),
        ev("push_out"),
        ev("option", choice="shoot"),
        ev("warning", player="A"),
        ev("extension"),
        ev("penalty", player="A", penalty="foul", reason=""),
    ],
    ids=["break", "shot", "push_out", "option", "warning", "extension", "penalty_foul"],
)
def test_strokes_and_fouls_are_refused_with_a_sentence_saying_the_match_is_scored_by_racks(
    stroke: dict[str, Any],
) -> None:
    for state in (history(started(scoring="racks")).state, racks(), racks(rack("A"), race_to=1)):
        refusal = refused(state, stroke)
        assert refusal.code == "scored_by_racks"
        assert str(refusal).startswith("This match is scored by racks: only who won each rack is recorded, not a")


# --- §2a the state summary --------------------------------------------------------------------


def test_the_summary_under_rack_scoring() -> None:
    shots_keys = list(summary(history(started()).state))
    before = summary(history(started(scoring="racks")).state)
    assert list(before) == shots_keys
    assert (before["status"], before["awaiting"], before["breaker"]) == ("lag", "lag", None)
    for state in (racks(), racks(rack("B"), ev("stalemate")), racks(rack("A"), race_to=1)):
        out = summary(state)
        assert list(out) == shots_keys
        assert out["at_table"] is None and out["balls_on_table"] is None and out["cue_ball"] is None
        assert out["push_out_allowed"] is False and out["option"] is None
        assert out["fouls"] == {"A": 0, "B": 0} and out["warned"] == {"A": False, "B": False}
        assert out["warning_due"] == [] and out["extensions_left"] is None
    assert summary(racks())["awaiting"] == "rack"
    assert summary(racks(rack("A"), race_to=1))["awaiting"] is None


def test_allowed_lists_the_ways_a_rack_may_be_won_and_no_stroke() -> None:
    can = allowed(racks(lag="B"))
    assert set(can.rack_ways) == {
        (Seat.A, RackHow.TEN),
        (Seat.A, RackHow.THREE_FOULS),
        (Seat.B, RackHow.TEN),
        (Seat.B, RackHow.THREE_FOULS),
        (Seat.B, RackHow.BREAK_AND_RUN),
    }
    assert (Seat.B, RackHow.TEN_ON_BREAK) in allowed(racks(rules="ffb", lag="B")).rack_ways
    assert not (can.break_ or can.shot or can.push_out or can.option or can.extension or can.penalty_foul)
    assert can.stalemate and can.penalty_rack and can.penalty_match and can.concede and can.void
    assert allowed(racks(rack("A"), race_to=1)).rack_ways == ()
    assert allowed(history(started()).state).rack_ways == ()


def test_undo_of_a_rack_gives_the_rack_back() -> None:
    log = history(started(scoring="racks"), ev("lag", winner="A"), rack("A"), rack("B"))
    before = log.timeline[2]
    log.add(log.entries[0]._replace(seq=log.next_seq, event=decode(ev("undo", target=4))))
    assert log.state == before and log.state.score == (1, 0) and log.state.rack == 2


# --- sign (both scorings) ---------------------------------------------------------------------

SIGN_A, SIGN_B = ev("sign", player="A"), ev("sign", player="B")


def test_sign_is_refused_before_the_end_and_on_a_void_match() -> None:
    for state in (
        history(started(scoring="racks")).state,
        racks(),
        history(started()).state,
        history(started(), ev("lag", winner="A"), brk(3)).state,
    ):
        assert refused(state, SIGN_A).code == "sign_not_finished"
        assert allowed(state).sign == ()
    assert refused(racks(ev("void", reason="")), SIGN_A).code == "sign_void"


@pytest.mark.parametrize("scoring", ["racks", "shots"])
def test_each_player_signs_once_and_a_signature_changes_nothing_in_the_summary(scoring: str) -> None:
    end = ev("concede", player="B") if scoring == "shots" else rack("A")
    log = history(started(race_to=1, scoring=scoring), ev("lag", winner="A"), end)
    finished = log.state
    assert allowed(finished).sign == (Seat.A, Seat.B)
    signed_b = step(finished, SIGN_B)
    assert summary(signed_b) == summary(finished)
    assert allowed(signed_b).sign == (Seat.A,)
    refusal = refused(signed_b, SIGN_B)
    assert refusal.code == "already_signed" and str(refusal) == "Ben has already signed the result."
    both = step(signed_b, SIGN_A)
    assert summary(both) == summary(finished) and allowed(both).sign == ()
    assert step(both, ev("note", text="ok")) == both


def test_a_signed_result_is_undone_only_after_both_signatures() -> None:
    log = history(started(race_to=1, scoring="racks"), ev("lag", winner="A"), rack("A"), SIGN_B, SIGN_A)
    assert log.undo_target == 5
    with pytest.raises(RuleViolation) as caught:
        log.check(decode(ev("undo", target=3)))
    assert caught.value.code == "undo_not_latest"
    for target in (5, 4):
        log.add(log.entries[0]._replace(seq=log.next_seq, event=decode(ev("undo", target=target))))
    assert log.undo_target == 3 and allowed(log.state).sign == (Seat.A, Seat.B)
    log.add(log.entries[0]._replace(seq=log.next_seq, event=decode(ev("undo", target=3))))
    assert log.state.status is Status.PLAYING and refused(log.state, SIGN_A).code == "sign_not_finished"
    # a signature undone can be given again
    again = step(step(log.state, rack("A")), SIGN_B)
    assert again.signed == (False, True)


def test_once_finished_only_a_note_a_signature_or_an_undo_follows() -> None:
    over = racks(rack("A"), race_to=1)
    for later in (rack("B"), ev("stalemate"), ev("concede", player="A"), ev("lag", winner="A")):
        refusal = refused(over, later)
        assert refusal.code in ("match_over", "lag_decided")
    assert "signature" in str(refused(over, rack("B")))


# --- §6 `referee-app replay` on rack-scored files ---------------------------------------------


@pytest.mark.parametrize(
    ("lines", "code", "said"),
    [
        ([started(scoring="racks", shot_clock={"shot_s": 30})], 2, "line 1: field 'shot_clock'"),
        ([started(scoring="racks"), ev("lag", winner="A"), rack("A", "run_out")], 2, "line 3: field 'how'"),
        ([started(scoring="racks"), ev("lag", winner="A"), rack("B", "break_and_run")], 1, "line 3: refused: Only"),
        ([started(scoring="racks"), ev("lag", winner="A"), brk(3)], 1, "line 3: refused: This match is scored by"),
        ([started(), ev("lag", winner="A"), rack("A")], 1, "line 3: refused: This match is scored shot by shot"),
        ([started(scoring="racks"), ev("lag", winner="A"), ev("sign", player="A")], 1, "line 3: refused: The result"),
    ],
)
def test_replay_exits_as_the_spec_says(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], lines: list[dict[str, Any]], code: int, said: str
) -> None:
    from referee_app.cli.main import main

    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["replay", str(path)]) == code
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(said)
