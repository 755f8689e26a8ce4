"""Property tests of rack scoring (spec 1.3 §2a) and `sign`: any taps, recorded as a session
records them, replay to the same state; the score is the racks counted; a signature is taken
exactly where the spec allows it."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.game.events import (
    Concede,
    Entry,
    Event,
    Lag,
    MatchStarted,
    Note,
    Penalty,
    RackWon,
    Signed,
    Stalemate,
    Undo,
    Void,
)
from referee_app.game.history import History, replay
from referee_app.game.refusals import RuleViolation
from referee_app.game.rules import allowed
from referee_app.game.state import State
from referee_app.game.vocab import BreakOrder, PenaltyKind, RackHow, RuleSet, Scoring, Seat, Status
from referee_app.log.logfile import format_log, parse_log
from referee_app.log.session import Session
from referee_app.log.store import Store

SETUPS = st.builds(
    MatchStarted,
    players=st.just(("Ana", "Ben")),
    race_to=st.integers(1, 5),
    rules=st.sampled_from(list(RuleSet)),
    break_order=st.sampled_from(list(BreakOrder)),
    scoring=st.just(Scoring.RACKS),
)

SEATS = st.sampled_from(list(Seat))
KINDS = st.sampled_from([PenaltyKind.RACK, PenaltyKind.MATCH])
TAPS: st.SearchStrategy[Event | None] = st.one_of(
    st.builds(RackWon, winner=SEATS, how=st.sampled_from(list(RackHow))).filter(
        lambda e: e.how not in (RackHow.PENALTY, RackHow.STALEMATE)
    ),
    st.builds(RackWon, winner=SEATS),
    st.builds(Signed, player=SEATS),
    st.just(Stalemate()),
    st.builds(Penalty, player=SEATS, penalty=KINDS, reason=st.just("")),
    st.builds(Concede, player=SEATS),
    st.just(Note("")),
    st.just(Void("")),
    st.none(),  # None: the undo button
)


def next_breaker(order: BreakOrder, breaker: Seat, winner: Seat | None) -> Seat:
    """The rule book's §2 break order, written again here as the model the engine is held to."""
    if winner is None:
        return breaker
    if order is BreakOrder.WINNER:
        return winner
    if order is BreakOrder.LOSER:
        return winner.other
    return breaker.other


def check_racks(state: State) -> None:
    """The score is the racks won counted; racks are numbered in turn and broken as the order says."""
    for seat in Seat:
        assert state.score[seat] == sum(1 for r in state.racks if r.winner is seat)
    assert [r.rack for r in state.racks] == list(range(1, len(state.racks) + 1))
    for earlier, later in zip(state.racks, state.racks[1:], strict=False):
        assert later.breaker is next_breaker(state.setup.break_order, earlier.breaker, earlier.winner)
    if state.status is Status.PLAYING:
        assert state.rack == len(state.racks) + 1 and max(state.score) < state.setup.race_to
    assert state.at_table is None and not state.balls_on_table and state.fouls == (0, 0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, lag=SEATS, taps=st.lists(TAPS, max_size=40))
def test_any_taps_replay_to_the_state_of_the_session_that_recorded_them(
    setup: MatchStarted, lag: Seat, taps: list[Event | None]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "m.db"
        session = Session.start(Store(db), setup)
        session.record(Lag(lag))
        for tap in taps:
            before = session.state
            with contextlib.suppress(RuleViolation):
                session.undo() if tap is None else session.record(tap)
            if session.state is not before:
                check_racks(session.state)
        stored = Store(db).load(session.match_id)
        assert replay(stored).state == session.state
        again = [line.entry for line in parse_log(format_log(stored))]
        assert replay(again).state == session.state


@settings(max_examples=150, deadline=None)
@given(setup=SETUPS, lag=SEATS, taps=st.lists(TAPS, max_size=30), signer=SEATS)
def test_a_signature_is_accepted_exactly_when_the_match_is_finished_and_not_yet_signed_by_that_player(
    setup: MatchStarted, lag: Seat, taps: list[Event | None], signer: Seat
) -> None:
    history = History(Entry(1, setup))
    history.add(Entry(2, Lag(lag)))
    for tap in [*taps, Signed(signer)]:
        event: Event = Undo(history.undo_target or 1) if tap is None else tap
        state = history.state
        try:
            after = history.check(event)
        except RuleViolation:
            if isinstance(event, Signed):
                assert state.status is not Status.FINISHED or signed_now(history)[event.player]
            continue
        if isinstance(event, Signed):
            assert state.status is Status.FINISHED and not signed_now(history)[event.player]
            assert event.player in allowed(state).sign
            assert after[:-1] == state[:-1]  # the signature changes nothing else
        history.add(Entry(history.next_seq, event), after)
    for seat in Seat:
        signed = signed_now(history)[seat]
        assert history.state.signed[seat] == signed
        assert (seat in allowed(history.state).sign) == (history.state.finished and not signed)


def signed_now(history: History) -> dict[Seat, bool]:
    """Who signed, read from the events in force (the model): a `sign` still in force counts."""
    out = {Seat.A: False, Seat.B: False}
    for step in history.in_force():
        if isinstance(step.event, Signed):
            out[step.event.player] = True
    return out
