"""Property tests: random matches never crash the engine or break its invariants."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.game import rules
from referee_app.game.events import Entry, MatchStarted, Shot, ShotClock, Undo
from referee_app.game.history import History, ReplayRefused, replay
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import State, summary
from referee_app.game.vocab import Awaiting, CueBall, RackHow, RuleSet, Seat, Status
from referee_app.log.codec import LogFormatError
from referee_app.log.logfile import format_log, parse_log
from referee_app.log.session import Session
from referee_app.log.store import Store
from tests.game.strategies import event_for

SETUPS = st.builds(
    MatchStarted,
    players=st.just(("Ana", "Ben")),
    race_to=st.integers(1, 4),
    rules=st.sampled_from(list(RuleSet)),
    shot_clock=st.one_of(st.none(), st.just(ShotClock())),
)


def check_invariants(state: State) -> None:
    assert set(state.balls_on_table) <= set(range(1, 11))
    assert all(0 <= state.fouls[s] <= 2 for s in Seat)
    won = sum(1 for r in state.racks if r.winner is not None)
    assert state.score.a + state.score.b == won
    assert (state.status is Status.FINISHED) == (state.winner is not None)
    assert (state.at_table is None) == (state.status is not Status.PLAYING)
    if state.status is Status.PLAYING:
        assert 10 in state.balls_on_table
        assert (state.option is not None) == (state.awaiting is Awaiting.OPTION)
    if state.push_out_allowed:
        assert state.awaiting is Awaiting.SHOT
    json.dumps(summary(state))


@settings(max_examples=150, deadline=None)
@given(setup=SETUPS, data=st.data())
def test_random_events_never_crash_and_refusals_change_nothing(setup: MatchStarted, data: st.DataObject) -> None:
    history = History(Entry(1, setup))
    for _ in range(data.draw(st.integers(10, 150))):
        before = history.state
        event = data.draw(event_for(before))
        try:
            after = rules.apply(before, event)
        except RuleViolation as refusal:
            assert str(refusal)  # a message for the referee
            assert history.state is before
            continue
        history.add(Entry(history.next_seq, event), after)
        check_invariants(after)
        if after.finished:
            break
    # a fold of the same entries gives the same state
    assert replay(history.entries).state == history.state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, data=st.data())
def test_session_equals_replay_of_the_store_after_records_and_undos(setup: MatchStarted, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "m.db"
        session = Session.start(Store(db), setup)
        for _ in range(data.draw(st.integers(5, 60))):
            if data.draw(st.integers(0, 3)) == 0:
                try:
                    session.undo()
                except RuleViolation:
                    assert session.history.undo_target is None
            else:
                with contextlib.suppress(RuleViolation):
                    session.record(data.draw(event_for(session.state)))
            stored = Store(db).load(session.match_id)
            assert session.state == replay(stored).state
        # export then import gives the same log
        text = format_log(Store(db).load(session.match_id))
        again = [line.entry for line in parse_log(text)]
        assert format_log(again) == text
        assert replay(again).state == session.state


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_a_clean_error_or_an_event(text: str) -> None:
    try:
        parse_log('{"type": "match_started", "players": {"A": "a", "B": "b"}, "race_to": 1}\n' + text)
    except (LogFormatError, ValueError) as exc:
        assert "line" in str(exc)


def random_history(setup: MatchStarted, data: st.DataObject, undo_rate: int = 0) -> History:
    """A match of random events the rules took (with an undo now and then when `undo_rate`)."""
    history = History(Entry(1, setup))
    for _ in range(data.draw(st.integers(5, 120))):
        if undo_rate and history.undo_target is not None and data.draw(st.integers(0, undo_rate)) == 0:
            history.add(Entry(history.next_seq, Undo(history.undo_target)))
            continue
        with contextlib.suppress(RuleViolation):
            event = data.draw(event_for(history.state))
            history.add(Entry(history.next_seq, event), rules.apply(history.state, event))
        if history.state.over:
            break
    return history


@settings(max_examples=100, deadline=None)
@given(setup=SETUPS, data=st.data())
def test_a_shot_is_a_foul_exactly_when_its_fouls_say_so(setup: MatchStarted, data: st.DataObject) -> None:
    """The shot's rule answers 'foul or not' without listing the fouls: it must agree with the list
    (the ball in hand after it, or the rack lost to a third foul)."""
    history = History(Entry(1, setup))
    for _ in range(data.draw(st.integers(10, 150))):
        before = history.state
        event = data.draw(event_for(before))
        try:
            after = rules.apply(before, event)
        except RuleViolation:
            continue
        if isinstance(event, Shot):
            new_racks = after.racks[len(before.racks) :]
            fouled = after.cue_ball is CueBall.IN_HAND or any(r.how is RackHow.THREE_FOULS for r in new_racks)
            assert fouled == bool(rules.shot_fouls(before, event)), event
        history.add(Entry(history.next_seq, event), after)
        if after.over:
            break


@settings(max_examples=60, deadline=None)
@given(setup=SETUPS, data=st.data())
def test_replay_is_the_history_added_one_by_one_and_names_a_refused_event(
    setup: MatchStarted, data: st.DataObject
) -> None:
    history = random_history(setup, data, undo_rate=6)
    again = replay(history.entries)
    assert again.entries == history.entries and again.timeline == history.timeline
    assert again.in_force() == history.in_force() and again.voided == history.voided
    place = len(history.entries)
    for refused in (setup, Undo(1), Undo(place + 5)):
        with pytest.raises(ReplayRefused) as caught:
            replay([*history.entries, Entry(place + 1, refused), Entry(place + 2, setup)])
        assert caught.value.index == place
