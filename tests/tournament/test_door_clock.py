"""The late-start clock (WPA §22) on a time the test moves: the call, the calls at +5, +10, +14, the
forfeit proposed at +15 and confirmed, never applied by itself; a player at the table stops it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee_app.event.call_clock import CallClock, StepTime
from referee_app.event.session import MemoryLog, TournamentSession
from referee_app.tournament.clock import clock_of
from referee_app.tournament.events import CheckedIn, Created, Drawn, EntriesAdded, TablesSet
from referee_app.tournament.model import WPA_LATE_START, Entry, Format, LateStart, Options, TournamentRefused
from referee_app.tournament.show import show

START = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
NAMES = ["Ana Lopez", "Ben Novak", "Carl Ito", "Dora Mey"]


def _day(late: LateStart | None = WPA_LATE_START) -> tuple[TournamentSession, CallClock, StepTime]:
    options = Options(Format.SE, race=3, checkin=True, late_start=late)
    session = TournamentSession(MemoryLog([Created("Open", options), EntriesAdded(tuple(Entry(n) for n in NAMES))]))
    session.record(*(CheckedIn(n) for n in NAMES), Drawn(7), TablesSet((1, 2)))
    time = StepTime(START)
    return session, CallClock(session, time), time


def _match_of(session: TournamentSession, name: str) -> str:
    t = session.tournament
    assert t is not None
    return next(m for m in t.on_table if name in (t.slots[m].a, t.slots[m].b))


def test_calls_at_5_10_14_then_a_proposal_at_15_that_only_the_organizer_applies() -> None:
    session, clock, time = _day()
    first = clock.tick()
    assert [c.call for c in first] == [0, 0], "both matches called to their tables"
    match = _match_of(session, "Ana Lopez")
    slot = session.tournament.slots[match]  # type: ignore[union-attr]
    late = slot.b if slot.a == "Ana Lopez" else slot.a
    assert clock.here(match, "Ana Lopez", "phone", tap="t1")
    assert not clock.here(match, "Ana Lopez", "phone", tap="t1"), "the same tap records nothing more"
    made: list[int] = []
    for _ in range(15 * 60 // 10):
        time.advance(10)
        made += [c.call for c in clock.tick() if c.match == match]
        if clock.proposals():
            break
    assert made == [1, 2, 3]
    assert (time.now() - START).total_seconds() == 15 * 60
    t = session.tournament
    assert t is not None
    calls = [c for c in t.calls[match] if c.call > 0]
    assert [c.at for c in calls] == ["2026-12-06T10:05:00.000Z", "2026-12-06T10:10:00.000Z", "2026-12-06T10:14:00.000Z"]
    assert all(c.players == (late,) for c in calls), "the repeated calls name the absent player only"
    shown = next(m for m in show(t, "x")["matches"] if m["id"] == match)
    assert shown["called_at"] == "2026-12-06T10:00:00.000Z"
    assert shown["calls"] == [c.at for c in calls]
    assert shown["at_table"] == ["Ana Lopez"]
    time.advance(600)
    clock.tick()
    assert session.tournament.slots[match].status.value == "playing", "never applied by itself"  # type: ignore[union-attr]
    (proposal,) = [p for p in clock.proposals() if p.match == match]
    assert proposal.absent == (late,)
    with pytest.raises(TournamentRefused):
        clock.confirm(match, "Ana Lopez")
    forfeit = clock.confirm(match, late)
    assert "10:05:00 UTC, 10:10:00 UTC, 10:14:00 UTC" in forfeit.reason
    after = session.tournament
    assert after is not None and after.slots[match].status.value == "forfeit"
    assert after.slots[match].winner == "Ana Lopez"


def test_no_proposal_before_every_call_is_made_even_when_the_laptop_slept() -> None:
    session, clock, time = _day()
    clock.tick()
    match = _match_of(session, "Ana Lopez")
    time.advance(30 * 60)  # asleep for half an hour: the calls come one by one, spaced as the rule says
    assert [c.call for c in clock.tick() if c.match == match] == [1]
    assert clock.proposals() == []
    time.advance(60)
    assert clock.tick() == []
    time.advance(4 * 60)
    assert [c.call for c in clock.tick() if c.match == match] == [2]
    time.advance(4 * 60)
    assert [c.call for c in clock.tick() if c.match == match] == [3]
    assert clock.proposals() == []
    time.advance(60)
    assert match in {p.match for p in clock.proposals()}


def test_a_player_at_the_table_stops_the_clock_and_a_started_match_has_both() -> None:
    session, clock, time = _day()
    clock.tick()
    match = _match_of(session, "Ana Lopez")
    slot = session.tournament.slots[match]  # type: ignore[union-attr]
    time.advance(7 * 60)
    clock.tick()
    for p in (slot.a, slot.b):
        assert p is not None
        clock.here(match, p, "desk")
    time.advance(20 * 60)
    assert [c for c in clock.tick() if c.match == match] == []
    assert all(p.match != match for p in clock.proposals())
    c = clock_of(session.tournament, match, time.now())  # type: ignore[arg-type]
    assert c is not None and c.timed == () and c.next_call is None


def test_a_player_busy_elsewhere_is_not_called_nor_timed() -> None:
    session, _, time = _day()
    busy = {"Ana Lopez"}
    clock = CallClock(session, time, busy=lambda: busy)
    calls = clock.tick()
    match = _match_of(session, "Ana Lopez")
    assert match not in {c.match for c in calls}, "not called while playing in another event"
    time.advance(20 * 60)
    assert match not in {c.match for c in clock.tick()}
    busy.clear()
    assert [c.call for c in clock.tick() if c.match == match] == [0], "called once free, timed from then"


def test_late_start_off_calls_to_the_table_only() -> None:
    _, clock, time = _day(late=None)
    assert len(clock.tick()) == 2
    time.advance(30 * 60)
    assert clock.tick() == [] and clock.proposals() == []


def test_calls_are_facts_that_undo_keeps() -> None:
    session, clock, _ = _day()
    clock.tick()
    t = session.tournament
    assert t is not None
    before = dict(t.calls)
    session.undo()  # the tables: the matches leave them, the calls made stay on the record
    assert session.tournament is not None and session.tournament.calls == before


def test_undoing_the_draw_takes_its_calls_with_the_bracket() -> None:
    session, clock, _ = _day()
    clock.tick()
    session.undo()  # the tables
    assert session.tournament is not None and session.tournament.calls, "kept through an undo of the tables"
    session.undo()  # the draw: its bracket and its calls go, the log keeps them
    t = session.tournament
    assert t is not None and t.bracket is None and not t.calls and not t.arrivals
