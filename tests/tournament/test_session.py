"""The tournament's session: whatever the organizer does (decisions, undos, redos, refusals, another
program writing first), the session's state is the replay of the log as stored, read back afresh."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.event import session as session_module
from referee_app.event.operations import BadInput, parse_tables
from referee_app.event.session import (
    ChangedElsewhere,
    MemoryLog,
    StoreLog,
    TournamentSession,
    open_tournament,
    read_on,
)
from referee_app.log.store import Store
from referee_app.tournament.events import (
    CheckedIn,
    Corrected,
    Created,
    Drawn,
    EntriesAdded,
    Event,
    Forfeit,
    ResultRecorded,
    TablesSet,
    Withdrawn,
)
from referee_app.tournament.model import Entry, Format, Options, TournamentRefused
from referee_app.tournament.state import State

from .play import names

PLAYERS = names(6)
STEP = st.one_of(
    st.tuples(st.just("check_in"), st.sampled_from([*PLAYERS, "Nobody"])),
    st.tuples(st.just("withdraw"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("draw"), st.integers(0, 3)),
    st.tuples(st.just("tables"), st.integers(1, 3)),
    st.tuples(st.just("result"), st.integers(0, 7)),
    st.tuples(st.just("walkover"), st.integers(0, 7)),
    st.tuples(st.just("correct"), st.integers(0, 7)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("redo"), st.just(0)),
    st.tuples(st.just("elsewhere"), st.integers(0, 7)),
)


def _decision(state: State, kind: str, n: int) -> Event:
    """The decision a step stands for, made from the state shown (refused often: that is the point)."""
    t = state.tournament
    matches = sorted(t.slots) if t.bracket is not None else ["W1-1"]
    match = matches[n % len(matches)]
    slot = t.slots.get(match)
    a = (slot.a if slot is not None else None) or "Player 001"
    race = slot.spec.race if slot is not None else 5
    if kind == "walkover":
        return Forfeit(match, a)
    if kind == "correct":
        return Corrected(match, a, (race, n % race))
    return ResultRecorded(match, a, (race, n % race), ended_on="2026-12-03")


def _run(session: TournamentSession, steps: Sequence[tuple[str, object]], stored: object) -> None:
    """Each step, then the invariant. After another program wrote, the session shows what it read
    until its next write is refused as `ChangedElsewhere` (or a window's watch reloads it)."""
    stale = False
    for kind, arg in steps:
        before, log_before = session.state, stored_state(stored)
        assert before is not None
        try:
            if kind == "undo":
                session.undo()
            elif kind == "redo":
                session.redo()
            elif kind == "elsewhere":  # another program appends: this session has not seen it
                if not isinstance(stored, Path):
                    continue
                with closing(Store(stored)) as other:
                    TournamentSession.open(other, "Test Open").record(CheckedIn(PLAYERS[int(str(arg)) % 6]))
                stale = True
            elif kind == "withdraw":
                session.record(Withdrawn(str(arg)))
            elif kind == "draw":
                session.record(Drawn(int(str(arg))))
            elif kind == "tables":
                session.record(TablesSet(tuple(range(1, int(str(arg)) + 1))))
            elif kind == "check_in":
                session.record(CheckedIn(str(arg)))
            else:
                session.record(_decision(before, kind, int(str(arg))))
        except ChangedElsewhere:
            assert stale and not session.can_redo()  # shown again as stored (below), nothing recorded
            stale = False
        except TournamentRefused:
            assert session.state is before  # a refusal changes nothing, in memory or in the log
            assert stored_state(stored) == log_before
        else:
            assert kind == "elsewhere" or not stale, "a decision was written over another program's"
        assert session.moved_on() == stale
        if not stale:
            assert session.state == stored_state(stored)


def stored_state(stored: object) -> State | None:
    """The log as kept, replayed from scratch (a new connection for a database)."""
    if isinstance(stored, MemoryLog):
        return MemoryLog(stored.events).load()
    assert isinstance(stored, Path)
    with closing(Store(stored)) as store:
        return open_tournament(store, "Test Open").state


def _start() -> list[Event]:
    options = Options(Format.DE, race=3)
    return [Created("Test Open", options), EntriesAdded(tuple(Entry(name) for name in PLAYERS))]


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(st.lists(STEP, max_size=25))
def test_the_session_is_the_replay_of_its_memory_log(steps: list[tuple[str, object]]) -> None:
    log = MemoryLog(_start())
    _run(TournamentSession(log), steps, log)


@SETTINGS
@given(st.lists(STEP, max_size=20))
def test_the_session_is_the_replay_of_its_stored_log(tmp_path_factory: pytest.TempPathFactory, steps: list) -> None:  # type: ignore[type-arg]
    path = tmp_path_factory.mktemp("session") / "t.db"
    with closing(Store(path)) as store:
        session = TournamentSession(StoreLog(store))
        session.record(*_start())
        _run(session, steps, path)


def test_undo_and_redo_are_kept_in_the_log(tmp_path: Path) -> None:
    with closing(Store(tmp_path / "t.db")) as store:
        session = TournamentSession(StoreLog(store))
        session.record(*_start())
        session.record(Drawn(7))
        assert session.undo() == Drawn(7)
        assert session.tournament is not None and session.tournament.bracket is None
        assert session.redo() == Drawn(7)
        _, rows = store.load_tournament(session.tournament_id)
        assert [r.type for r in rows] == ["created", "entries_added", "drawn", "undo", "drawn"]
        assert not session.can_redo()
        with pytest.raises(TournamentRefused, match="nothing to redo"):
            session.redo()


def test_a_failed_write_changes_nothing_and_keeps_redo() -> None:
    class FullDisk(MemoryLog):
        full = False

        def append(
            self, events: Sequence[Event], after: State, at: str, phone_keys: Mapping[int, str | None] | None = None
        ) -> None:
            if self.full:
                raise OSError(28, "No space left on device")
            super().append(events, after, at, phone_keys)

    log = FullDisk(_start())
    session = TournamentSession(log)
    session.record(Drawn(1))
    session.undo()
    before = session.state
    log.full = True
    with pytest.raises(OSError):
        session.record(CheckedIn(PLAYERS[0]))
    with pytest.raises(OSError):
        session.redo()
    assert session.state is before and session.can_redo() and len(log.events) == 4


def test_a_decision_on_a_tournament_that_moved_on_is_refused_and_shown_again(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with closing(Store(path)) as store:
        session = TournamentSession(StoreLog(store))
        session.record(*_start())
        with closing(Store(path)) as other:
            TournamentSession.open(other, "Test Open").record(CheckedIn(PLAYERS[1]))
        assert session.moved_on()
        with pytest.raises(ChangedElsewhere, match="changed elsewhere"):
            session.record(CheckedIn(PLAYERS[0]))
        assert session.tournament is not None and session.tournament.checked_in == frozenset({PLAYERS[1]})
        assert session.record(CheckedIn(PLAYERS[0])).seq == 4


def test_a_read_apart_is_taken_only_when_nothing_was_recorded_here_since_it_began(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with closing(Store(path)) as store:
        log = StoreLog(store)
        session = TournamentSession(log)
        session.record(*_start())
        with closing(Store(path)) as other:
            TournamentSession.open(other, "Test Open").record(CheckedIn(PLAYERS[1]))
        held = session.state.seq if session.state is not None else None
        read = log.reading(session.state)()  # as a window's worker reads it, on a connection of its own
        assert read is not None and held is not None and read.state.seq == held + 1
        assert read.state.tournament.checked_in == frozenset({PLAYERS[1]})
        assert session.adopt(read, held) and session.state is read.state and not session.moved_on()
        held = session.state.seq
        stale = log.reading(session.state)()  # a read begun, then a decision made here before it came in
        mine = session.record(CheckedIn(PLAYERS[0]))
        assert stale is not None and stale.state.seq == held and mine.seq == held + 1
        assert not session.adopt(stale, held)  # not shown over the decision
        assert session.state is mine and not session.moved_on()
        assert not session.adopt(None, mine.seq)  # nothing read: nothing moves


def test_a_read_apart_goes_on_from_the_state_held_and_gives_what_a_whole_replay_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.db"
    with closing(Store(path)) as store:
        log = StoreLog(store)
        session = TournamentSession(log)
        session.record(*_start())
        held, last = session.state, log.last
        assert held is not None and last is not None and last.seq == held.seq
        with closing(Store(path)) as other:
            elsewhere = TournamentSession.open(other, "Test Open")
            for name in PLAYERS[:3]:
                elsewhere.record(CheckedIn(name))
        whole = open_tournament(store, log.tournament_id or "").state
        replayed: list[int] = []
        original = session_module.replay

        def counted(*args: Any) -> State:
            replayed.append(len(args[2]))  # the rows replayed
            return original(*args)

        monkeypatch.setattr(session_module, "replay", counted)
        on = read_on(store, log.tournament_id or "", held, last)
        again = read_on(store, log.tournament_id or "", held, last._replace(body="{}"))  # not its log
        assert replayed == [3, whole.seq]  # the three new events only; a log it did not come from: whole
        assert on.state == whole and again.state == whole and on.last.seq == whole.seq


def test_one_rule_for_table_lists() -> None:
    assert parse_tables("1-4, 7") == (1, 2, 3, 4, 7)
    assert parse_tables("2;5") == (2, 5)
    assert parse_tables("1-1000") == tuple(range(1, 1001))
    for bad in ("", "4-1", "one", "1-", "1-100000", " ; "):
        with pytest.raises(BadInput):
            parse_tables(bad)


def test_a_log_moved_on_elsewhere_is_read_whole_and_only_its_new_events_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window follows the phones and the command line: each reload checks the whole chain but
    applies only what is new (a 64-player day would replay hundreds of events at each tap), and a
    log that is not what was read here is replayed whole."""
    import referee_app.event.session as session_module

    path = tmp_path / "t.db"
    applied: list[Event] = []
    real_apply = session_module.apply

    def counted(state: State | None, event: Event) -> State:
        applied.append(event)
        return real_apply(state, event)

    with closing(Store(path)) as store:
        log = StoreLog(store)
        session = TournamentSession(log)
        session.record(*_start(), Drawn(1), TablesSet((1, 2)))
        with closing(Store(path)) as other:
            elsewhere = TournamentSession.open(other, "Test Open")
            for player in PLAYERS[:3]:
                elsewhere.record(CheckedIn(player))
        expected = stored_state(path)
        monkeypatch.setattr(session_module, "apply", counted)
        session.reload()
        assert applied == [CheckedIn(p) for p in PLAYERS[:3]]
        assert session.state == expected
        session.record(CheckedIn(PLAYERS[3]))  # written here: nothing to replay after it
        applied.clear()
        reloaded = session.reload()
        assert applied == []
        monkeypatch.setattr(session_module, "apply", real_apply)
        assert reloaded == stored_state(path)

        monkeypatch.setattr(session_module, "apply", counted)
        log._rows[1] = log._rows[1]._replace(at="2000-01-01T00:00:00.000Z")  # not the log as stored
        applied.clear()
        reloaded = session.reload()
        assert len(applied) == len(log._rows) == 8  # replayed whole
        monkeypatch.setattr(session_module, "apply", real_apply)
        assert reloaded == stored_state(path)
