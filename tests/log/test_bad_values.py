"""Bad input is a bad value with its line, never a crash: broken lines, values outside the spec, keys
given twice, texts over their limits; the recorder refuses a bad line and records the next."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_app.log.codec import LogFormatError, parse_line
from tests.crafted import START, run, write

BAD_LINES = {
    "deep": '{"type": "note", "text": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "bigint": '{"type": "undo", "target": ' + "9" * 5000 + "}",
    "surrogate": '{"type": "note", "text": "\\ud800"}',
}


@pytest.mark.parametrize("kind", [*BAD_LINES, "badutf8"])
def test_bad_lines_are_bad_values_with_their_line_number(tmp_path: Path, kind: str) -> None:
    line = b'{"type": "note", "text": "\xff"}' if kind == "badutf8" else BAD_LINES[kind]
    log = write(tmp_path / "f.jsonl", START, "", line)
    for command in (["replay", str(log)], ["import", str(log), "--db", str(tmp_path / "m.db")]):
        code, _, err = run(*command)
        assert code == 2 and err.startswith("line 3: ") and "Traceback" not in err, (command, err[:200])
    assert not (tmp_path / "m.db").exists()


def test_record_refuses_a_bad_line_and_records_the_next(tmp_path: Path) -> None:
    stdin = b"\n".join(
        [START.encode(), *(x.encode() for x in BAD_LINES.values()), b'{"type": "note", "text": "\xff"}',
         b'{"type": "note", "text": "next event"}', b""]
    )  # fmt: skip
    code, out, _ = run("record", "--db", str(tmp_path / "m.db"), stdin=stdin)
    answers = out.splitlines()
    assert code == 0 and answers[1] == "ok 1" and answers[-1] == "ok 2"
    assert [a.split()[0] for a in answers[2:-1]] == ["refused"] * 4


@pytest.mark.parametrize(
    "value", ["NaN", "Infinity", "-Infinity", "1e999", "9" * 400, "3600.5", "-1"], ids=lambda v: v[:10]
)
def test_clock_values_outside_the_spec_are_bad_values(value: str) -> None:
    with pytest.raises(LogFormatError):
        parse_line('{"type": "shot", "call": "safety", "clock_s": ' + value + "}")


def test_a_clock_value_in_range_is_kept() -> None:
    event, _, _ = parse_line('{"type": "shot", "call": "safety", "clock_s": 3600}')
    assert event.clock_s == 3600  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "shot", "call": {"ball": 1, "pocket": "FR"}, "pocketed": [{"ball": 1, "pocket": "FR"}], '
        '"pocketed": []}',
        '{"type": "lag", "winner": "A", "winner": "B"}',
        '{"type": "note", "type": "note", "text": ""}',
        '{"type": "match_started", "players": {"A": "Ana", "A": "Eve", "B": "Ben"}, "race_to": 2}',
    ],
)
def test_a_key_given_twice_is_a_bad_value(line: str) -> None:
    with pytest.raises(LogFormatError, match="appears twice"):
        parse_line(line)


@pytest.mark.parametrize(("field", "limit"), [("event", 200), ("round", 200), ("table", 200), ("referee", 200)])
def test_text_fields_have_their_limits(field: str, limit: int) -> None:
    parse_line(START[:-1] + f', "{field}": "{"x" * limit}"}}')
    with pytest.raises(LogFormatError, match=f"at most {limit}"):
        parse_line(START[:-1] + f', "{field}": "{"x" * (limit + 1)}"}}')
    with pytest.raises(LogFormatError):
        parse_line('{"type": "note", "text": "' + "x" * 10_000_000 + '"}')


def test_reason_is_required_and_a_future_undo_is_a_refusal(tmp_path: Path) -> None:
    no_reason = write(tmp_path / "a.jsonl", START, '{"type": "relag"}')
    code, _, err = run("replay", str(no_reason))
    assert code == 2 and "missing field 'reason'" in err
    future = write(
        tmp_path / "b.jsonl", START, '{"type": "lag", "winner": "A"}', '{"type": "undo", "target": 999999999999999}'
    )
    code, _, err = run("replay", str(future))
    assert code == 1 and "line 3: refused" in err
