"""The board's rows: each match's view is kept between refreshes and made again only when the match
moved, while its age always follows the clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from referee_app.game.events import Entry, Lag, MatchStarted
from referee_app.game.vocab import Seat
from referee_app.log.codec import event_to_text
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.venue.board import BoardModel
from referee_app.venue.db import ServerEvent
from tests.builders import brk, decode, miss


def _rows(match_id: str, entries: list[Entry], table: str = "3") -> list[ServerEvent]:
    """Entries as the board reads them back from the event's server."""
    return [ServerEvent(match_id, e.seq, e.event.TYPE.value, e.at, event_to_text(e.event), "", table) for e in entries]


def test_a_kept_view_moves_with_its_match_and_its_age_with_the_clock(tmp_path: Path) -> None:
    session = Session.start(Store(tmp_path / "m.db"), MatchStarted(players=("Ana", "Ben"), race_to=5, table="3"))
    session.record(Lag(winner=Seat.A))
    model = BoardModel()
    model.add_rows(_rows(session.match_id, list(session.history.entries)))
    last = datetime.fromisoformat(session.history.entries[-1].at.replace("Z", "+00:00"))

    [first] = [t.match for t in model.tables(now=last + timedelta(seconds=5))]
    [again] = [t.match for t in model.tables(now=last + timedelta(seconds=65))]
    assert first is not None and again is not None
    assert (first.age_s, again.age_s) == (5, 65)  # the same view, a new age
    assert first.at_table is again.at_table is Seat.A

    for obj in (brk(4), miss(1)):  # Ana breaks and misses: Ben comes to the table
        session.record(decode(obj))
    model.add_rows(_rows(session.match_id, list(session.history.entries[2:])))
    now = datetime.now(UTC)
    [moved] = [t.match for t in model.tables(now=now)]
    assert moved is not None and moved.last_at == session.history.entries[-1].at
    assert moved.at_table is Seat.B
    assert moved.age_s < 60


GOLDEN_ROWS = Path(__file__).parent / "golden" / "board_rows.json"


def test_the_board_rows_json_is_the_one_the_board_gave_before_its_rows_were_typed() -> None:
    """The worked examples on seven tables (one match still playing, finished ones, a table name in
    words, a match sent and not started, desks online, a conflict, two rows no one can follow), at a
    fixed time: the web page's JSON is key for key what the dict-making board gave
    (`golden/board_rows.json`, written by that code before the rows were typed)."""
    from referee_app.log.logfile import read_log
    from referee_app.venue.model import Assignment

    model = BoardModel()
    paths = sorted((Path(__file__).parents[1] / "examples").rglob("*.jsonl"))
    for n, path in enumerate(paths):
        entries = [line.entry for line in read_log(str(path))]
        match_id = getattr(entries[0].event, "match_id", "") or f"m{n}"
        table = "Show court" if n == 5 else str(n % 6 + 1)
        at = "2026-12-01T10:00:00Z"
        rows = [ServerEvent(match_id, e.seq, e.event.TYPE.value, e.at or at, event_to_text(e.event), "", table)
                for e in entries]  # fmt: skip
        model.add_rows(rows[: len(rows) // 2] if n == 3 else rows)  # the fourth: still playing
    model.add_rows([ServerEvent("bad", 1, "shot", "2026-12-01T10:00:00Z", "{not json", "", "9")])
    model.add_rows([ServerEvent("bad2", 1, "match_started", "2026-12-01T10:00:00Z", "{}", "", "²")])
    model.assignments = (
        Assignment("a1", "7", ("Ana", "Ben"), 5, "wpa", "alternate", "Open", "Round 1"),
        Assignment("a2", "2", ("Cy", "Di"), 3, "ffb", "winner"),
    )
    model.online = {"1", "7", "Show court"}
    model.conflicts = {next(iter(model.matches)): 1}
    rows = [t.to_json() for t in model.tables(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))]
    assert rows == json.loads(GOLDEN_ROWS.read_text(encoding="utf-8"))
    assert len(rows) == 9 and sum(1 for t in rows if t["damaged"]) == 2  # the golden file is not empty
