"""Spec 1.2, `void`: a match started by mistake is over and counts nowhere; its log stays."""

import json

import pytest

from referee_app.cli.main import main
from referee_app.game.events import Void
from referee_app.game.refusals import RuleViolation
from referee_app.game.rules import allowed
from referee_app.game.state import summary
from referee_app.game.vocab import MatchResult, Status
from referee_app.log.codec import LogFormatError, event_to_json, parse_line
from tests.builders import brk, ev, history, made, miss, started, step

VOID = ev("void", reason="started by mistake")


def test_void_before_the_lag_and_while_playing() -> None:
    for before in ([], [ev("lag", winner="A"), brk(3), miss(1)]):
        state = history(started(), *before, VOID).state
        assert state.status is Status.VOID and state.result is MatchResult.VOID
        assert state.winner is None and state.awaiting is None and state.at_table is None
        assert state.option is None and not state.push_out_allowed
        assert state.over and not state.finished
        out = summary(state)
        assert (out["status"], out["result"], out["winner"], out["awaiting"], out["at_table"]) == (
            "void",
            "void",
            None,
            None,
            None,
        )


def test_the_rest_shows_what_the_last_event_left() -> None:
    playing = history(started(), ev("lag", winner="A"), brk(3), miss(1))
    voided = step(playing.state, VOID)
    assert voided.score == playing.state.score and voided.balls_on_table == playing.state.balls_on_table
    assert voided.rack == playing.state.rack and voided.fouls == playing.state.fouls


@pytest.mark.parametrize(
    "after",
    [
        ev("lag", winner="A"),
        miss(1),
        ev("concede", player="A"),
        VOID,
        ev("penalty", player="A", penalty="match", reason=""),
    ],
)
def test_only_a_note_or_an_undo_follows(after: dict[str, object]) -> None:
    voided = history(started(), ev("lag", winner="A"), brk(3), VOID).state
    with pytest.raises(RuleViolation) as refused:
        step(voided, after)
    assert refused.value.code == "match_void"
    assert step(voided, ev("note", text="wrong table")) == voided
    can = allowed(voided)
    assert not (can.lag or can.break_ or can.shot or can.concede or can.penalty_match or can.void)


def test_a_result_stands() -> None:
    run = [brk(2, 3, 4, 5, 6, 7, 8, 9), made(1), made(10)]
    finished = history(started(race_to=1), ev("lag", winner="A"), *run).state
    with pytest.raises(RuleViolation) as refused:
        step(finished, VOID)
    assert refused.value.code == "void_after_result"
    assert "undo" in str(refused.value)


def test_undoing_the_void_gives_the_match_back() -> None:
    playing = history(started(), ev("lag", winner="A"), brk(3))
    undone = history(started(), ev("lag", winner="A"), brk(3), VOID, ev("undo", target=4))
    assert undone.state == playing.state
    assert 4 in undone.voided and len(undone.entries) == 5  # the audit trail keeps both lines


def test_the_codec_reads_and_writes_the_spec_json() -> None:
    event, _, _ = parse_line('{"type": "void", "reason": "started by mistake"}')
    assert event == Void(reason="started by mistake")
    assert event_to_json(event) == {"type": "void", "reason": "started by mistake"}
    assert event_to_json(Void(reason="")) == {"type": "void", "reason": ""}  # required: written even empty
    for bad, why in (('{"type": "void"}', "missing field 'reason'"), ('{"type": "void", "reason": 3}', "reason")):
        with pytest.raises(LogFormatError, match=why):
            parse_line(bad)
    with pytest.raises(LogFormatError):
        parse_line('{"type": "void", "reason": "x", "winner": "A"}')


def test_replay_prints_a_void_match(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "void.jsonl"
    lines = [started(), ev("lag", winner="B"), VOID, ev("note", text="wrong players")]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["replay", str(log)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "void" and out["result"] == "void" and out["winner"] is None
