"""Disputes and the no-signature option in the engine and the session (`phone_results`): any
sequence of the organizer's and the phones' decisions, with undo and redo, keeps the session equal
to a replay of its log, a dispute only on a phone match being played, by one of its players; undo
names each decision."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee_app.event.session import MemoryLog, TournamentSession
from referee_app.tournament import wording
from referee_app.tournament.events import (
    Disputed,
    DisputeWithdrawn,
    Event,
    MatchStarted,
    PhonesSet,
    SignaturesSet,
)
from referee_app.tournament.model import Format, MatchStatus, Options, TournamentRefused
from referee_app.tournament.state import State, disputed_tables

from .play import drawn, winning

PRINT = "f" * 16


def phones_on(tables: tuple[int, ...] = (1, 2)) -> TournamentSession:
    """Eight players, single elimination, tables 1-3 of which `tables` are the phones', their matches started."""
    state = drawn(Options(Format.SE, race=3), 8, tables=(1, 2, 3))
    log = MemoryLog()
    session = TournamentSession(log)
    events: list[Event] = [e for e in _events_of(state)]
    log.events.extend(events)
    session.reload()
    session.record(PhonesSet(keys=tuple((table, PRINT) for table in tables)))
    t = session.tournament
    assert t is not None
    for slot in sorted(t.slots.values(), key=lambda s: s.table or 0):
        if slot.status is MatchStatus.PLAYING and slot.table in tables:
            session.record(MatchStarted(slot.spec.id, f"log-{slot.spec.id}", slot.table))
    return session


def _events_of(state: State) -> list[Event]:
    found: list[Event] = []
    frame = state.frames
    while frame is not None:
        assert frame.event is not None
        found.append(frame.event)
        frame = frame.below
    return found[::-1]


def test_a_dispute_names_its_table_and_undo_says_what_it_takes_back() -> None:
    session = phones_on()
    t = session.tournament
    assert t is not None
    slot = next(s for s in t.slots.values() if s.table == 1)
    assert slot.b is not None
    session.record(Disputed(slot.spec.id, slot.b, f"log-{slot.spec.id}", "tap-1"))
    t = session.tournament
    assert t is not None and disputed_tables(t) == [(1, slot.spec.id, (slot.b,))]
    assert wording.dispute_lines(t) == [f"Table 1: result disputed ({slot.spec.id}: {slot.b} does not agree)"]
    assert wording.decision_words(session.undo()) == (f"{slot.b}'s dispute of the result of {slot.spec.id}", "")
    session.redo()
    session.record(DisputeWithdrawn(slot.spec.id, slot.b))
    assert (
        wording.decision_words(session.undo())[0]
        == f"{slot.b}'s signature, which withdrew the dispute of {slot.spec.id}"
    )
    assert wording.decision_words(SignaturesSet(False)) == ("taking the phones' results without signatures", "")
    assert session.state is not None and session.state.dispute_taps == frozenset({"tap-1"})


def test_a_result_ends_the_dispute_of_its_match_and_a_desk_table_takes_none() -> None:
    session = phones_on((1,))
    t = session.tournament
    assert t is not None
    on_one = next(s for s in t.slots.values() if s.table == 1)
    on_three = next(s for s in t.slots.values() if s.table == 3)
    assert on_one.a is not None and on_three.a is not None
    session.record(Disputed(on_one.spec.id, on_one.a, f"log-{on_one.spec.id}"))
    try:
        session.record(Disputed(on_three.spec.id, on_three.a, "x"))
        raise AssertionError("a desk's match cannot be disputed from a phone")
    except TournamentRefused as exc:
        assert "not being played on a phone table" in str(exc)
    session.record(winning(session.tournament, on_one.spec.id, True, 1))  # type: ignore[arg-type]
    assert session.tournament is not None and session.tournament.disputes == {}


DECISIONS = st.lists(
    st.tuples(st.sampled_from(["dispute", "withdraw", "result", "signatures", "undo", "redo"]), st.integers(0, 7)),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(DECISIONS)
def test_any_decisions_keep_the_session_equal_to_its_replay_and_disputes_where_they_belong(
    decisions: list[tuple[str, int]],
) -> None:
    session = phones_on()
    log = session.log
    assert isinstance(log, MemoryLog)
    for kind, pick in decisions:
        t = session.tournament
        assert t is not None
        playing = sorted(s.spec.id for s in t.slots.values() if s.status is MatchStatus.PLAYING)
        slot = t.slots[playing[pick % len(playing)]] if playing else None
        try:
            if kind == "undo":
                session.undo()
            elif kind == "redo":
                session.redo()
            elif kind == "signatures":
                session.record(SignaturesSet(not t.signatures_needed))
            elif slot is not None and slot.a is not None and slot.b is not None:
                player = slot.a if pick % 2 else slot.b
                if kind == "dispute":
                    session.record(
                        Disputed(slot.spec.id, player, t.started.get(slot.spec.id, "none"), f"t{len(log.events)}")
                    )
                elif kind == "withdraw":
                    session.record(DisputeWithdrawn(slot.spec.id, player))
                else:
                    session.record(winning(t, slot.spec.id, pick % 2 == 0, pick % 3))
        except TournamentRefused:
            pass
        replayed = log.load()
        assert replayed is not None and session.state is not None
        assert replayed.tournament == session.state.tournament
        assert replayed.dispute_taps == session.state.dispute_taps
        t = session.tournament
        assert t is not None
        for match, players in t.disputes.items():
            s = t.slots[match]
            assert s.status is MatchStatus.PLAYING and match in t.by_phone and s.table in t.phones
            assert players and set(players) <= {s.a, s.b} and len(set(players)) == len(players)


def test_who_does_not_agree_is_said_with_the_verb_of_their_count() -> None:
    assert wording.not_agreeing(["Ben Novak"]) == "Ben Novak does not agree"
    assert wording.not_agreeing(["Gaël Le Bihan", "Agnès Brûlé"]) == "Gaël Le Bihan & Agnès Brûlé do not agree"
    line = wording.dispute_line(4, "L1-4", ["Gaël Le Bihan", "Agnès Brûlé"])
    assert line == "Table 4: result disputed (L1-4: Gaël Le Bihan & Agnès Brûlé do not agree)"
