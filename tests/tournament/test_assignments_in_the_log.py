"""The assignments sent to tables, as the tournament's log keeps them: facts that undo keeps, strictly
read back, and the tournament's shot clock as `new` takes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.game.events import ShotClock
from referee_app.log.store import Store, TournamentRow
from referee_app.tournament.events import AssignmentSent, EventFormatError, ResultRecorded, Undo, event_from_dict
from referee_app.tournament.model import Format, MatchStatus, Options


def drawn(tmp_path: Path) -> tuple[Store, str]:
    store = Store(tmp_path / "o.db")
    tid = operations.new_tournament(store, "Cup", Options(Format.SE, race=3, shot_clock=ShotClock(40, 25)))
    operations.add_entries(store, tid, "name\nAna\nBen\nCarl\nDora\n")
    operations.draw(store, tid, 5)
    operations.set_tables(store, tid, "1")
    return store, tid


def test_an_assignment_sent_is_kept_through_undo_and_undo_reaches_the_decision_before_it(tmp_path: Path) -> None:
    store, tid = drawn(tmp_path)
    state = operations.open_tournament(store, tid).state
    slot = next(s for s in state.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    assert slot.a is not None and slot.b is not None
    result = ResultRecorded(slot.spec.id, slot.a, (3, 1), "desk-match-1")
    state = operations.record(store, tid, [result])
    decision = state.seq
    state = operations.record(store, tid, [AssignmentSent("W1-2", 1, "a-1", ("Ben", "Carl"))])
    assert state.frames is not None and state.frames.seq == decision  # the organizer's undo still reaches the result
    state = operations.record(store, tid, [Undo(decision)])
    assert state.tournament.slots[slot.spec.id].outcome is None
    assert [s.assignment for s in state.sent] == ["a-1"]  # sent is sent: undo keeps it
    assert "desk-match-1" in state.desk_results  # a desk's match whose result was undone is not taken again
    assert operations.open_tournament(store, tid).state.sent == state.sent  # and so after a restart
    assert operations.open_tournament(store, tid).state.tournament.options.shot_clock == ShotClock(40, 25)
    store.close()


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"match": "W1-1", "table": 1, "assignment": "x", "players": ["Ana"]}, "`players` must be two names"),
        ({"match": "W1-1", "table": "1", "assignment": "x", "players": ["A", "B"]}, "`table` must be an integer"),
        ({"match": "W1-1", "table": 1, "players": ["A", "B"]}, "`assignment` is missing"),
    ],
)
def test_a_stored_assignment_is_read_strictly(body: dict[str, object], why: str) -> None:
    with pytest.raises(EventFormatError, match=why):
        event_from_dict({"type": "assignment_sent", **body})


def test_a_log_whose_assignment_names_no_match_is_refused_whole(tmp_path: Path) -> None:
    store, tid = drawn(tmp_path)
    head = store.load_tournament(tid)[1][-1].seq
    body = {"type": "assignment_sent", "match": "W9-9", "table": 1, "assignment": "x", "players": ["A", "B"]}
    store.append_tournament(tid, [TournamentRow(head + 1, "assignment_sent", operations.now(), json.dumps(body))])
    with pytest.raises(operations.DamagedTournament, match="no match W9-9"):
        operations.open_tournament(store, tid)
    store.close()


def test_new_takes_a_shot_clock_and_refuses_one_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "o.db")
    assert cli(["tournament", "new", "Cup", "--format", "se", "--shot-clock", "30", "--db", db]) == 0
    assert cli(["tournament", "new", "Cup 2", "--format", "se", "--shot-clock", "0", "--db", db]) == 2
    assert capsys.readouterr().err.startswith("the shot clock is 1..600 seconds")
    store = Store.open_readonly(Path(db))
    assert operations.open_tournament(store, "Cup").state.tournament.options.shot_clock == ShotClock(30, 25)
    store.close()
