"""One tournament per process: one session every writer of the process decides through, and one
follower of its log that hands each new state to its subscribers.

A decision made in the process reaches them at once, with no read of the disk; another program's
write is read once, by the follower, and said as such; two threads deciding at once (the window
and a phone's request) never meet as two programs (`ChangedElsewhere`, a phone's 503)."""

from __future__ import annotations

import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import follow, operations
from referee_app.event.follow import HeldTournament
from referee_app.event.phone_api import PhoneTables
from referee_app.log.store import Store
from referee_app.tournament.events import SignaturesSet
from referee_app.tournament.state import State
from tests.event.organizer import organizer
from tests.event.taps import tap_body
from tests.waiting import eventually

HERE = "192.0.2.7"


@pytest.fixture
def held(tmp_path: Path) -> Any:
    db, tid, keys = organizer(tmp_path, "1-2", "1")
    tournament = HeldTournament.open(db, tid).start()
    yield db, tid, keys, tournament
    tournament.stop()


def test_a_decision_made_in_the_process_reaches_the_subscribers_at_once_without_a_read(
    held: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = held[3]
    seen: list[tuple[State, bool]] = []
    tournament.follower.subscribe(lambda state, elsewhere: seen.append((state, elsewhere)))
    eventually(lambda: seen, "the tournament as it stands, handed out first")
    reads: list[object] = []
    real = follow.read_on
    monkeypatch.setattr(follow, "read_on", lambda *args: reads.append(args) or real(*args))
    state = tournament.session.record(SignaturesSet(needed=False))  # from this thread: the window's, say
    last = eventually(lambda: seen[-1][0] is state and seen[-1], "the decision handed out")
    assert last[1] is False  # the process's own: not "changed elsewhere"
    assert reads == []  # handed over from the session: the log was not read again


def test_another_programs_write_is_read_once_by_the_follower_and_said_as_such(held: Any) -> None:
    db, tid, _, tournament = held
    seen: list[tuple[State, bool]] = []
    tournament.follower.subscribe(lambda state, elsewhere: seen.append((state, elsewhere)))
    before = tournament.session.state
    with closing(Store(db)) as elsewhere:  # the command line, on the same database
        operations.record(elsewhere, tid, [SignaturesSet(needed=False)])
    state, from_elsewhere = eventually(
        lambda: seen and seen[-1][0].seq == before.seq + 1 and seen[-1], "another program's write handed out"
    )
    assert from_elsewhere and tournament.session.state is state  # the session holds it: one replay per process
    assert not state.tournament.signatures_needed


def test_the_window_and_a_phone_deciding_at_once_never_meet_as_two_programs(held: Any) -> None:
    db, tid, keys, tournament = held
    api = tournament.thread.run(lambda: PhoneTables(db, tid, session=tournament.session))
    try:
        seen = tournament.thread.run(api.get, 1, f"Bearer {keys[1]}", HERE).body
        version, match_id = seen["version"], seen["match_id"]
        answers: list[int] = []
        errors: list[BaseException] = []

        def phone() -> None:
            after = version
            for n, event in enumerate([{"type": "lag", "winner": "A"}] + [{"type": "rack", "winner": "A"}] * 2):
                body = tap_body(f"t{n}", match_id, after, event)
                answer = tournament.thread.run(api.post, 1, f"Bearer {keys[1]}", HERE, body)
                answers.append(answer.status)
                after = answer.body.get("version", after)

        def window() -> None:
            try:
                for needed in (False, True, False, True):
                    tournament.session.record(SignaturesSet(needed=needed))
            except BaseException as exc:  # ChangedElsewhere would be the two-programs race
                errors.append(exc)

        threads = [threading.Thread(target=phone), threading.Thread(target=window)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert errors == [] and answers == [200, 200, 200]  # no 503, no "changed elsewhere"
        with closing(Store.open_readonly(db)) as store:  # every decision is in the log, in one order
            assert operations.open_tournament(store, tid).state.seq == tournament.session.state.seq
    finally:
        tournament.thread.run(api.close)
