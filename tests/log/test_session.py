"""The session: check, persist, then publish; a refused event or a failed write changes nothing, and
undo appends."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_app.game.events import Lag, MatchStarted, Note, Shot
from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Seat
from referee_app.log.session import Session
from referee_app.log.store import Store, StoreError


def _session(tmp_path: Path) -> Session:
    return Session.start(Store(tmp_path / "m.db"), MatchStarted(players=("Ana", "Ben"), race_to=2))


def test_refused_event_writes_nothing(tmp_path: Path) -> None:
    session = _session(tmp_path)
    before = session.state
    with pytest.raises(RuleViolation):
        session.record(Shot(call="safety"))
    assert session.state is before
    assert len(session.store.load(session.match_id)) == 1


def test_failed_write_does_not_move_the_state(tmp_path: Path) -> None:
    session = _session(tmp_path)
    before = session.state
    session.store.db.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError):
        session.record(Lag(winner=Seat.A))
    assert session.state is before and session.history.next_seq == 2


def test_undo_appends_and_reopen_gives_the_same_state(tmp_path: Path) -> None:
    session = _session(tmp_path)
    session.record(Lag(winner=Seat.A))
    session.record(Note(text="x"))
    entry = session.undo()
    assert entry.seq == 4 and entry.event.target == 3  # type: ignore[union-attr]
    reopened = Session(Store(tmp_path / "m.db"), session.match_id)
    assert reopened.state == session.state
    assert len(reopened.history.entries) == 4 and reopened.history.voided == {3}
    session.undo()
    with pytest.raises(RuleViolation, match="nothing to undo"):
        session.undo()
