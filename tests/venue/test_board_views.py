"""The board's rows: each match's view is kept between refreshes and made again only when the match
moved, while its age always follows the clock."""

from __future__ import annotations

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
