"""The codec and the log reader: strict parsing, line numbers, canonical output."""

import json

import pytest

from referee_app.cli.main import main
from referee_app.game.events import LOWEST, Shot
from referee_app.game.vocab import Pocket
from referee_app.log.codec import LogFormatError, event_to_json, parse_line
from referee_app.log.logfile import LogFileError, parse_log

START = '{"type": "match_started", "players": {"A": "Ana", "B": "Ben"}, "race_to": 3}'
LAG = '{"type": "lag", "winner": "A"}'


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("{not json", "not valid JSON"),
        ('{"type": "foo"}', "unknown event type"),
        ('{"type": "shot", "call": "safety", "spin": 2}', "unknown field 'spin'"),
        ('{"type": "shot"}', "missing field 'call'"),
        ('{"type": "shot", "call": {"ball": 11, "pocket": "FL"}}', "ball is a number from 1 to 10"),
        ('{"type": "shot", "call": {"ball": 3.0, "pocket": "FL"}}', "ball is a number from 1 to 10"),
        ('{"type": "shot", "call": {"ball": 3, "pocket": "XX"}}', "field 'call': must be one of"),
        (
            '{"type": "shot", "call": "safety", "pocketed": [{"ball": 3, "pocket": "FL"}], "off_table": [3]}',
            "ball 3 is listed twice",
        ),
        ('{"type": "shot", "call": "safety", "rail": 1}', "must be true or false"),
        ('{"type": "break", "rails": 11}', "from 0 to 10"),
        ('{"type": "break", "call": {"ball": 9, "pocket": "FL"}}', "only the 10"),
        ('{"type": "lag", "winner": "C"}', "field 'winner'"),
        ('{"type": "match_started", "players": {"A": "", "B": "x"}, "race_to": 3}', "must not be empty"),
        ('{"type": "match_started", "players": {"A": "a", "B": "x"}, "race_to": true}', "race_to"),
        ('{"type": "note", "text": "x", "at": "yesterday"}', "must be a UTC time"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_malformed_events_are_refused_with_the_field(line: str, why: str) -> None:
    with pytest.raises(LogFormatError, match=why):
        parse_line(line)


def test_defaults_are_applied_and_left_out_again() -> None:
    event, seq, at = parse_line('{"type": "shot", "call": {"ball": 2, "pocket": "SR"}}')
    assert isinstance(event, Shot) and event.first_contact is LOWEST and event.rail is True
    assert event.call.pocket is Pocket.SR  # type: ignore[union-attr]
    assert seq is None and at is None
    assert event_to_json(event) == {"type": "shot", "call": {"ball": 2, "pocket": "SR"}}


def test_explicit_null_first_contact_is_kept() -> None:
    event, _, _ = parse_line('{"type": "shot", "call": "safety", "first_contact": null}')
    assert event_to_json(event)["first_contact"] is None


@pytest.mark.parametrize(
    ("lines", "line_no", "why"),
    [
        ([LAG], 1, "first event must be match_started"),
        ([START, "", START], 3, "only once"),
        ([START, '{"type": "lag", "winner": "A", "seq": 3}'], 2, "seq is 3"),
        ([START, "", "", '{"type": "lag", "winner": "Z"}'], 4, "winner"),
        ([], 1, "match_started missing"),
    ],
)
def test_log_errors_name_the_physical_line(lines: list[str], line_no: int, why: str) -> None:
    with pytest.raises(LogFileError, match=why) as info:
        parse_log("\n".join(lines))
    assert info.value.line == line_no


@pytest.mark.parametrize(
    ("lines", "code", "message"),
    [
        ([START, LAG, '{"type": "break", "pocketed": [{"ball": 12, "pocket": "FL"}]}'], 2, "line 3: field"),
        (
            [
                START,
                LAG,
                '{"type": "break"}',
                '{"type": "push_out", "player": "B"}',
                "",
                '{"type": "shot", "call": {"ball": 1, "pocket": "FL"}}',
            ],
            1,
            "line 6: refused: Ana must first",
        ),
        (
            [
                START,
                LAG,
                '{"type": "break", "rails": 5, "pocketed": [{"ball": 2, "pocket": "FL"}]}',
                '{"type": "shot", "call": "safety", "pocketed": [{"ball": 2, "pocket": "HR"}]}',
            ],
            1,
            "line 4: refused: Ball 2 is not on the table",
        ),
        ([START, START], 2, "line 2:"),
    ],
)
def test_replay_exit_codes_and_messages(tmp_path, capsys, lines, code, message) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == code
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(message)


def test_replay_of_a_missing_file_is_exit_2(tmp_path, capsys) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_canonical_line_round_trip() -> None:
    obj = {"type": "break", "rails": 6, "pocketed": [{"ball": 3, "pocket": "SL"}], "player": "B"}
    event, _, _ = parse_line(json.dumps(obj))
    assert event_to_json(event) == obj
