"""The event server killed in the middle of an event day, through a real PostgreSQL: desks keep
recording in their own databases and phones keep scoring through the organizer's server while
it is gone; started again, every desk and the organizer's phone pusher catch up, nothing is
lost or sent twice, the board shows every table again and every completed match is completed
once in the bracket."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.event import operations
from referee_app.event.live import CTX, SERVER_GONE
from referee_app.event.phone_push import phone_match_ids
from referee_app.i18n import english
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Status
from referee_app.tournament.show import standings_view
from referee_app.venue import db
from referee_app.venue.board import BoardView, ServerState
from referee_app.venue.model import LinkReport, LinkStatus, match_setup
from referee_app.venue.pusher import Pusher
from referee_app.venue.server import Cluster
from tests.builders import decode, ev
from tests.conftest import table_link
from tests.tournament.test_phones_on_the_event import (
    phone_venue,
    play_on_a_desk,
    play_on_the_phones,
    server_rows,
    stored_rows,
)
from tests.waiting import NotYet, eventually

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def crash(server: Any, how: str) -> None:
    """The event server gone as a crash leaves it: `pg_ctl stop -m immediate`, or the postmaster
    killed (SIGKILL; on Windows, whose os.kill is TerminateProcess, as hard); its backends then
    notice and go, and the next start recovers from the write-ahead log."""
    if how == "immediate":
        server.stop(immediate=True)
        return
    pid = int((server.data / "postmaster.pid").read_text().split()[0])
    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    eventually(lambda: not server.running() and not _backends_alive(pid), "the killed server's backends gone", 10)


def _backends_alive(postmaster: int) -> bool:
    """A backend of the killed postmaster still runs (Linux: it holds the shared memory the next
    start wants; elsewhere the start is tried again, `start_again`)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return False
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if "postgres" in stat and int(stat.rsplit(")", 1)[1].split()[1]) == postmaster:
                return True
    return False


def start_again(server: Any) -> None:
    """`event-server start` after the crash (tried again for a few seconds while the old backends go)."""
    from referee_app.venue.model import EventServerError

    eventually(lambda: server.start() or True, "the server started again", 10, ignoring=(EventServerError,), every=0.2)


def _steps(by_racks: bool, race: int) -> list[dict[str, Any]]:
    """A desk's match: the first-named player wins (by racks on a table with no referee)."""
    from tests.tournament.test_live import rack

    if by_racks:
        racks = [ev("rack", winner="A")] * race
        return [ev("lag", winner="B"), *racks, ev("sign", player="A"), ev("sign", player="B")]
    steps = [ev("lag", winner="A")]
    breaker_is_first = True
    for _ in range(race):
        steps += rack(breaker_wins=breaker_is_first)
        breaker_is_first = not breaker_is_first
    return steps


def _record(session: Session, pusher: Pusher, steps: list[dict[str, Any]]) -> None:
    """The referee's events one by one, the desk's pusher poked after each (as the desk does)."""
    for obj in steps:
        session.record(decode(obj))
        pusher.poke()
        time.sleep(0.01)  # a referee's pace, much sped up: the pusher sends as the events come


class EventDay:
    """Eight players, double elimination, on tables 1 and 2 (desks, 2 with no referee: by racks)
    and 3 and 4 (the phones', a real `tournament serve` tapped over HTTP); `board --tournament`
    syncs the bracket and pushes the phone matches; each desk has its own pusher."""

    def __init__(self, server: Any, tmp_path: Path) -> None:
        from referee_app.event.board_run import Board, BoardOptions
        from tests.event.test_serve import Served
        from tests.tournament.test_live import Desk

        self.server = server
        self.path = tmp_path / "organizer.db"
        self.tid, self.keys = phone_venue(self.path, 8, "1-4", "3-4", Format.DE)
        with closing(Store(self.path)) as store:
            operations.set_rack_tables(store, self.tid, "2")
        self.desks = {table: Desk(server, tmp_path / f"desk{table}", str(table)) for table in (1, 2)}
        self.reports: dict[int, list[LinkReport]] = {1: [], 2: []}
        self.pushers = {
            t: Pusher(d.path, table_link(server, str(t)), on_report=self.reports[t].append).start()
            for t, d in self.desks.items()
        }
        self.views: list[BoardView] = []
        self.problems: list[tuple[float, str]] = []
        self.acked: list[tuple[str, dict[str, Any]]] = []
        """Every tap answered 200: (its match log, the event)."""
        self.played = dict.fromkeys((1, 2, 3, 4), 0)
        self.board = Board.open(BoardOptions(server.folder, tournament=self.tid, db=self.path), out=None)
        self.served = Served(self.path, self.tid)
        self.board.follow("en", self._reported, self.views.append)

    def _reported(self, work: Any, error: str) -> None:
        said = [error] if error else list(work.problems) if work is not None else []
        self.problems.extend((time.monotonic(), text) for text in said)

    def state(self) -> Any:
        from tests.tournament.test_live import tournament

        return tournament(self.path, self.tid)

    def play_round(self, once: bool = False) -> None:
        """Each table plays the match it has (`once`: only a table that has played none yet)."""
        for table, desk in self.desks.items():
            if not (once and self.played[table]):
                self.played[table] += play_on_a_desk(desk, self.pushers[table], by_racks=table == 2)
        for table in (3, 4):
            if not (once and self.played[table]):
                self.played[table] += play_on_the_phones(self.served, self.keys[table], table, self.acked)

    def play_until(self, done: Any, once: bool = False, timeout_s: float = 60) -> None:
        def played() -> bool | NotYet:
            if done(self.state()):
                return True
            slots = self.state().tournament.slots.values()
            self.play_round(once)
            return NotYet((self.problems, [(s.spec.id, s.status.value, s.table) for s in slots]))

        eventually(played, "the tables playing on to the end wanted", timeout_s, every=0.1)

    def all_on_the_server(self) -> bool:
        """Every match log of the phones and of the desks is on the server, as written."""
        held = server_rows(self.server)
        written = self.written()
        return set(held) == set(written) and all(
            [(seq, digest) for seq, digest, _table in held[m]] == rows for m, rows in written.items()
        )

    def written(self) -> dict[str, list[tuple[int, str]]]:
        written = stored_rows(self.path, phone_match_ids(self.state()))
        for desk in self.desks.values():
            with closing(Store.open_readonly(desk.path)) as store:
                written |= stored_rows(desk.path, set(store.heads()))
        return written

    def close(self) -> None:
        assert self.served.stop() == 0
        self.board.close()
        for pusher in self.pushers.values():
            pusher.stop()
        for desk in self.desks.values():
            desk.store.close()


@pytest.mark.parametrize("how", ["immediate", "kill -9"])
def test_the_event_server_killed_mid_event_loses_nothing_sends_nothing_twice_and_the_bracket_completes_once(
    event_server: Cluster, tmp_path: Path, how: str
) -> None:
    """After the first round the server dies while both desks are in the middle of a match and
    pushing and the phones play a whole match each; the desks finish their matches offline; the
    server comes back, everything done meanwhile reaches it by itself, and the event plays on to
    a champion."""
    day = EventDay(event_server, tmp_path)
    try:
        day.play_until(lambda state: len(state.tournament.results) >= 4, once=True)  # the first round
        # both desks take the next match they are sent and score part of it, pushing as they go
        desks = day.desks
        eventually(lambda: all(d.next_assignment() for d in desks.values()), "each desk sent its next match", 30)
        offered = {t: a for t, d in desks.items() if (a := d.next_assignment()) is not None}
        steps = {t: _steps(t == 2, a.race_to) for t, a in offered.items()}
        sessions = {t: Session.start(desks[t].store, match_setup(a)) for t, a in offered.items()}
        with ThreadPoolExecutor(1) as killer:  # the server dies while the desks and the phones' pusher are sending
            killed = killer.submit(lambda: (time.sleep(0.1), crash(event_server, how)))
            for table, session in sessions.items():
                _record(session, day.pushers[table], steps[table][:2])
            for table in (3, 4):  # the players score a whole match each, and sign it
                assert play_on_the_phones(day.served, day.keys[table], table, day.acked)
            killed.result()
        for table, session in sessions.items():  # the referees go on: every event kept on the desk
            _record(session, day.pushers[table], steps[table][2:])
            assert session.state.finished
        for table in sessions:
            eventually(
                lambda t=table: any(r.status is LinkStatus.OFFLINE and r.behind > 0 for r in day.reports[t]),
                f"desk {table} saying it is offline with events to send",
                15,
            )
        eventually(lambda: day.views[-1].server is ServerState.OFFLINE, "the board saying the server is gone", 15)
        offline = {session.setup.match_id for session in sessions.values()}
        assert not offline & {o.match_id for o in day.state().tournament.results.values()}

        start_again(event_server)
        # what was done meanwhile reaches the server by itself, and the desks' matches complete theirs
        eventually(day.all_on_the_server, "all that was recorded while the server was gone on the server", 15)
        for table in sessions:  # and each desk's light says so (its report follows its last commit)
            eventually(
                lambda t=table: day.reports[t][-1].status is LinkStatus.CONNECTED and day.reports[t][-1].behind == 0,
                f"desk {table} saying it caught up",
                15,
            )
        taken = lambda: {o.match_id for o in day.state().tournament.results.values()}  # noqa: E731
        eventually(lambda: offline <= taken(), "each match finished offline completing its bracket match", 15)

        day.play_until(lambda state: state.tournament.status is Status.FINISHED)
        eventually(day.all_on_the_server, "the last matches on the server", 15)
        shown = len(day.views)
        eventually(lambda: len(day.views) > shown + 1, "the board refreshing on", 15)
    finally:
        day.close()
    # the organizer was told once, in words, that the server is gone; nothing else all day
    gone = english(CTX, SERVER_GONE).split("{why}")
    assert len(day.problems) == 1 and day.problems[0][1].startswith(gone[0]) and day.problems[0][1].endswith(gone[1])
    _check_once(day)


def _check_once(day: EventDay) -> None:
    """One champion; every completed match completed once; every tap answered 200 in the organizer's
    database once, in order; every log on the server once, as written; the board shows every table."""
    state = day.state()
    t = state.tournament
    places = standings_view(t).places
    assert places[0][0] == 1 and len(places[0][1]) == 1
    with closing(Store.open_readonly(day.path)) as store:
        _index, rows = store.load_tournament(day.tid)
    results = [json.loads(row.body) for row in rows if row.type == "result_recorded"]
    assert Counter(r["match"] for r in results).most_common(1)[0][1] == 1
    assert Counter(r["match_id"] for r in results).most_common(1)[0][1] == 1
    assert {r["match"] for r in results} == {s.spec.id for s in t.slots.values() if s.outcome is not None}
    assert len(results) == len(t.results) >= 14
    phone_matches = phone_match_ids(state)
    assert {o.match_id for o in t.results.values() if o.table in (3, 4)} == phone_matches
    with closing(Store.open_readonly(day.path)) as store:
        logged = {m: store.rows_after(m, 1) for m in phone_matches}  # past match_started
    assert {m for m, _event in day.acked} == phone_matches
    for match_id, rows_of in logged.items():
        taps = [event for m, event in day.acked if m == match_id]
        assert [row.type for row in rows_of] == [event["type"] for event in taps]
        assert all(json.loads(r.body).items() >= e.items() for r, e in zip(rows_of, taps, strict=True))
    assert day.all_on_the_server()
    held = server_rows(day.server)
    assert {held[m][0][2] for m in phone_matches} == {"3", "4"}
    with psycopg.connect(day.server.organizer_conninfo()) as conn:
        assert db.conflicted(conn) == {}
    model = day.board.reader.model  # the board's own reader, which followed the whole day live
    assert {m: len(f.history.entries) for m, f in model.matches.items()} == {m: len(r) for m, r in held.items()}
    assert model.damaged == {} and not any(f.broken for f in model.matches.values())
    last = day.views[-1]
    assert last.server is ServerState.ONLINE and last.error == ""
    rows_now = {row.table: row for row in last.tables}
    assert {table: (rows_now[table].phones, rows_now[table].match is not None) for table in ("1", "2", "3", "4")} == {
        "1": (False, True), "2": (False, True), "3": (True, True), "4": (True, True),
    }  # fmt: skip
