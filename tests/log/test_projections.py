"""Projections: always what a fresh replay of the log gives, written with the log, rebuilt from it.

Merge goes by the logs' heads: a log we already hold is skipped unread, a longer one adds
its tail, and an older desk's database (no hash chain yet) still merges.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.game.events import Break, Entry, Lag, MatchStarted, Note, Potted
from referee_app.game.history import replay
from referee_app.game.refusals import RuleViolation
from referee_app.game.vocab import Pocket, Seat
from referee_app.log.logfile import read_log
from referee_app.log.merge import merge
from referee_app.log.projection import Projection, project_history, project_log, replay_and_project
from referee_app.log.schema import MIGRATIONS, statements
from referee_app.log.session import Session
from referee_app.log.store import Store, StoreError
from tests.game.strategies import event_for
from tests.game.test_properties import SETUPS

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds").glob("*.jsonl"))


def _same(a: Projection | None, b: Projection) -> bool:
    assert a is not None
    return (a.status, a.score, a.winner, a.result, a.racks, a.last_at, a.figures_text) == (
        b.status, b.score, b.winner, b.result, b.racks, b.last_at, b.figures_text
    )  # fmt: skip


def _stored(db: Path, match_id: str) -> Projection | None:
    """The projection row as stored (not made again): it must be fresh for its match."""
    store = Store.open_readonly(db)
    [summary] = [s for s in store.summaries() if s.match.match_id == match_id]
    fresh = store.db.execute(
        "SELECT count(*) FROM projections p JOIN matches m USING (match_id)"
        " WHERE match_id = ? AND p.head_seq = m.head_seq AND p.head_hash = m.head_hash",
        (match_id,),
    ).fetchone()[0]
    assert fresh == 1, "the projection was not written with the event"
    return summary.projection


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, data=st.data())
def test_the_stored_projection_always_equals_a_fresh_replay(setup: MatchStarted, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "m.db"
        session = Session.start(Store(db), setup)
        for _ in range(data.draw(st.integers(5, 60))):
            if data.draw(st.integers(0, 3)) == 0:
                with contextlib.suppress(RuleViolation):
                    session.undo()
            else:
                with contextlib.suppress(RuleViolation):
                    session.record(data.draw(event_for(session.state)))
            log = Store.open_readonly(db).load(session.match_id)
            assert _same(_stored(db, session.match_id), project_log(log))
            # merge's one walk (replay and tally together) counts what two walks count, undos or not
            assert _same(replay_and_project(log)[1], project_history(replay(log)))
            # the figures' text, made without encoding unchanged seats again, is their plain JSON
            assert session.tally.to_text() == json.dumps(session.tally.to_json(), separators=(",", ":"))


def test_an_event_and_its_projection_are_one_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "m.db")
    session = Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=2))

    def disk_fails(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_put_projection", disk_fails)
    with pytest.raises(StoreError, match="disk I/O error"):
        session.record(Note(text="lost with its projection"))
    monkeypatch.undo()
    assert len(store.load(session.match_id)) == 1 and len(session.history.entries) == 1
    session.record(Note(text="kept"))
    assert _same(_stored(tmp_path / "m.db", session.match_id), project_log(store.load(session.match_id)))


def test_a_write_that_fails_leaves_the_figures_as_they_were(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "m.db")
    session = Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=2))
    session.record(Lag(winner=Seat.A, breaker=Seat.A))
    before = session.tally.to_text()

    def disk_fails(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_put_projection", disk_fails)
    with pytest.raises(StoreError, match="disk I/O error"):
        session.record(Break(rails=4, pocketed=(Potted(3, Pocket.FL),)))
    monkeypatch.undo()
    assert session.tally.to_text() == before
    session.record(Break(rails=4))
    assert session.tally.seats[Seat.A].counts["breaks"] == 1
    assert session.tally.seats[Seat.A].counts["breaks_with_ball_made"] == 0
    assert _same(_stored(tmp_path / "m.db", session.match_id), project_log(store.load(session.match_id)))


def _seeded(db: Path) -> list[str]:
    from referee_app.organizer.operations import import_entries

    store = Store(db)
    return [import_entries(store, [line.entry for line in read_log(str(path))])[0] for path in SEEDS]


def test_rebuild_restores_deleted_and_stale_projections(tmp_path: Path) -> None:
    from referee_app.cli import main as cli

    db = tmp_path / "m.db"
    ids = _seeded(db)
    expected = {i: project_log(Store(db).load(i)) for i in ids}
    con = sqlite3.connect(db)
    con.execute("DELETE FROM projections WHERE match_id = ?", (ids[0],))
    con.execute("UPDATE projections SET status = 'finished', score_a = 9, head_seq = 1 WHERE match_id = ?", (ids[1],))
    con.commit()
    con.close()
    # a reader makes the missing and the stale ones again from the log, without writing
    before = (tmp_path / "m.db").read_bytes()
    read = {s.match.match_id: s.projection for s in Store.open_readonly(db).summaries()}
    assert all(_same(read[i], expected[i]) for i in ids)
    assert (tmp_path / "m.db").read_bytes() == before
    assert cli.main(["rebuild", "--db", str(db)]) == 0
    assert all(_same(_stored(db, i), expected[i]) for i in ids)


def test_a_remerge_skips_every_match_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    theirs, ours = tmp_path / "theirs.db", tmp_path / "ours.db"
    _seeded(theirs)
    first = merge(Store(ours), theirs)
    assert len(first.added) == len(SEEDS)

    def unread(self: Store, match_id: str) -> list[Entry]:
        raise AssertionError("a log with the same head was read")

    monkeypatch.setattr(Store, "load", unread)
    again = merge(Store(ours), theirs)
    assert (again.added, len(again.already_here), again.conflicts) == ([], len(SEEDS), [])


def test_a_longer_log_adds_its_tail_and_a_different_one_is_a_conflict(tmp_path: Path) -> None:
    start = MatchStarted(players=("Ana", "Ben"), race_to=2, match_id="carried-on")
    table1, table2, organizer = tmp_path / "t1.db", tmp_path / "t2.db", tmp_path / "org.db"
    s1 = Session.start(Store(table1), start, clock=lambda: "2026-12-01T10:00:00Z")
    s1.record(Note(text="first part"))
    assert merge(Store(organizer), table1).added == ["carried-on"]
    s1.record(Note(text="carried on at the same table"))
    report = merge(Store(organizer), table1)
    assert report.extended == ["carried-on"]
    assert Store(organizer).load("carried-on") == Store(table1).load("carried-on")
    assert _same(_stored(organizer, "carried-on"), project_log(Store(table1).load("carried-on")))
    other = Session.start(Store(table2), start, clock=lambda: "2026-12-01T10:00:00Z")
    other.record(Note(text="another second event"))
    other.record(Note(text="and a third"))
    assert merge(Store(organizer), table2).conflicts == ["carried-on"]


def test_an_older_desks_database_still_merges(tmp_path: Path) -> None:
    """Schema 1 (before the hash chain): read as it is, chained here on the way in."""
    old = tmp_path / "v1.db"
    con = sqlite3.connect(old)
    for statement in statements(MIGRATIONS[0]):
        con.execute(statement)
    entries = [line.entry for line in read_log(str(SEEDS[0]))]
    setup = entries[0].event
    assert isinstance(setup, MatchStarted) and setup.match_id
    con.execute(
        "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (setup.match_id, entries[0].at, *setup.players, setup.rules, setup.race_to, setup.event, setup.round,
         setup.table, setup.referee),
    )  # fmt: skip
    from referee_app.log.codec import event_to_text

    for e in entries:
        con.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?)", (setup.match_id, e.seq, e.event.TYPE.value, e.at,
                                                         event_to_text(e.event))
        )  # fmt: skip
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    listed = Store.open_readonly(old).summaries()
    assert [s.match.match_id for s in listed] == [setup.match_id] and listed[0].projection is not None
    ours = tmp_path / "ours.db"
    assert merge(Store(ours), old).added == [setup.match_id]
    assert merge(Store(ours), old).already_here == [setup.match_id]
    assert Store(ours).load(setup.match_id) == entries
