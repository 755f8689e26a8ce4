"""`referee-app history`: every event in the desk's words, with its local time; every foul named on
its line, voided lines and rack ends marked, and a foul with no ball called never a safety."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.events import Undo
from referee_app.game.history import replay
from referee_app.game.labels import foul_label
from referee_app.game.rules import fouls_of
from referee_app.game.vocab import Foul, Seat
from referee_app.log.logfile import read_log
from referee_app.log.stats import match_stats
from referee_app.words.transcript import local_time, transcript
from tests.builders import brk, ev, history, made, started

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.jsonl"))


def _named(foul: Foul, line: str) -> bool:
    if foul is Foul.BREAK_RAILS:
        return "balls to a cushion" in line and "foul:" in line
    if foul is Foul.BALL_OFF_TABLE:
        return "off the table" in line
    if foul is Foul.SCRATCH and "cue ball off the table" in line:
        return True  # the cue ball left the table: named as such, not as a pocketed scratch
    return foul_label(foul) in line


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_foul_is_named_on_its_line(example: Path) -> None:
    h = replay(line.entry for line in read_log(example))
    lines = {line.split(".", 1)[0]: line for line in transcript(h) if line[0].isdigit()}
    assert len(lines) == len(h.entries)
    for index, entry in enumerate(h.entries[1:], start=1):
        if isinstance(entry.event, Undo):
            continue
        for foul in fouls_of(h.timeline[index - 1], entry.event):
            assert _named(foul, lines[str(entry.seq)]), (entry.seq, foul, lines[str(entry.seq)])


def test_derived_fouls_are_named_and_a_short_break_says_what_the_rules_need() -> None:
    h = history(
        started("ffb", race_to=3),
        ev("lag", winner="A"),
        brk(4, rails=3),  # FFB needs 4 balls to a cushion, a ball down or not
        ev("shot", call={"ball": 1, "pocket": "FL"}, first_contact=3),
        ev("shot", call={"ball": 1, "pocket": "FL"}, rail=False),
    )
    lines = transcript(h)
    assert lines[2].endswith("foul: only 3 balls to a cushion, FFB needs 4")
    assert lines[3].endswith("missed — foul: wrong ball first")
    assert lines[4].endswith("missed — foul: no rail")


def test_a_foul_with_no_ball_called_is_not_a_safety() -> None:
    h = history(
        started(),
        ev("lag", winner="A"),
        brk(4),
        ev("shot", call="safety", fouls=["double_hit"]),
        ev("shot", call="safety"),
    )
    lines = transcript(h)
    # the foul alone: "no ball called" read as a calling infraction
    assert lines[3].endswith("Ana — foul: double hit") and "safety" not in lines[3] and "called" not in lines[3]
    assert lines[4].endswith("Ben: safety")
    stats = match_stats(h.entries)
    assert (stats[Seat.A].safeties, stats[Seat.B].safeties) == (0, 1)


def test_voided_lines_rack_ends_and_the_match_end() -> None:
    h = history(
        started(race_to=1),
        ev("lag", winner="A"),
        brk(4),
        made(1),
        ev("undo", target=4),
        *(made(n) for n in (1, 2, 3, 5, 6, 7, 8, 9, 10)),
    )
    lines = transcript(h)
    assert "[voided by event 5]" in lines[3] and lines[3].startswith("4. ")
    assert lines[-2] == "   —— Rack 1 to Ana (called 10): 1–0 ——"
    assert lines[-1] == "   == Ana wins the match 1–0 (race won) =="


def test_times_are_local(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        assert local_time("2026-11-29T23:30:00.000Z") == "00:30"  # the next day in Paris
        assert local_time("2026-07-01T12:00:00Z") == "14:00"  # summer time
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_the_command_prints_the_transcript(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "m.db"
    [example] = [p for p in EXAMPLES if p.stem == "03-three-fouls-warned"]
    assert cli(["import", str(example), "--db", str(db)]) == 0
    match_id = capsys.readouterr().out.split()[1]
    assert cli(["history", match_id, "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1. ") and "Match: Lea v Marco" in out[0]
    assert any("three fouls" in line and "——" in line for line in out)
    assert cli(["history", "no-such-match", "--db", str(db)]) == 1


def test_the_sheet_keeps_a_running_score_and_names_the_break_foul() -> None:
    """No score after each rack, and "Break: foul" without saying which."""
    from referee_app.words.sheet import build_sheet, sheet_html
    from tests.builders import decode

    objs = [
        started("ffb", race_to=3),
        ev("lag", winner="A"),
        brk(4, rails=3),  # a foul break: FFB needs 4 balls to a cushion
        *(made(n) for n in (1, 2, 3, 5, 6, 7, 8, 9, 10)),  # Ben, in hand, runs rack 1
        brk(rails=5),  # Ben breaks rack 2 (alternate breaks), dry: Ana comes to the table
        *(made(n) for n in range(1, 11)),  # and runs it: 1-1
    ]
    from referee_app.game.events import Entry

    sheet = build_sheet([Entry(i, decode(o), "2026-11-29T20:00:00Z") for i, o in enumerate(objs, start=1)])
    assert [(r.rack, r.score) for r in sheet.racks] == [(1, "0–1"), (2, "1–1")]
    assert sheet.racks[0].break_result == "foul: only 3 balls to a cushion, FFB needs 4"
    html = sheet_html(sheet)
    assert "<th>Score</th>" in html and "<td class='nb'>1–1</td>" in html
