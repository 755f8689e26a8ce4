"""Local time wherever a person reads one: stored UTC, shown local."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.events import Entry
from referee_app.log.store import Store
from referee_app.organizer.exports import MATCH_COLUMNS, matches_csv
from referee_app.words.localtime import local_date, local_hm, local_stamp
from referee_app.words.sheet import build_sheet
from tests.builders import brk, decode, ev, started

LATE = "2026-11-29T23:30:00.000Z"  # 00:30 the next day in Paris


@pytest.fixture
def paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


def _entries() -> list[Entry]:
    objs = [started(match_id="m-late", referee="Paul"), ev("lag", winner="A"), brk(4)]
    return [Entry(i, decode(o), LATE) for i, o in enumerate(objs, start=1)]


def test_the_helpers(paris: None) -> None:
    assert (local_date(LATE), local_hm(LATE), local_stamp(LATE)) == ("2026-11-30", "00:30", "2026-11-30 00:30")
    assert local_hm("2026-07-01T12:00:00Z") == "14:00"  # summer time: two hours ahead of UTC, not one
    assert local_hm("not a time") == "" and local_stamp("") == ""


def test_sheet_csv_and_matches_are_local(paris: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = build_sheet(_entries())
    assert (sheet.date, sheet.started) == ("2026-11-30", "00:30")
    [row] = list(csv.DictReader(io.StringIO(matches_csv([_entries()]))))
    assert list(row) == list(MATCH_COLUMNS)
    assert row["date"] == "2026-11-30" and row["started_at"] == "2026-11-30T00:30:00+01:00"
    assert row["referee"] == "Paul"
    db = tmp_path / "m.db"
    Store(db).add_match(_entries())
    capsys.readouterr()
    assert cli(["matches", "--db", str(db)]) == 0
    assert "2026-11-30 00:30" in capsys.readouterr().out
