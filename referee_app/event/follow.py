"""The one follower of a tournament's log in a process, and the tournament as a process holds it.

`HeldTournament` is a tournament of the organizer's database as one process holds it: its one
`TournamentSession` (every writer of the process records through it: the window, its phone
tables, the board's sync), whose log lives on the database's own thread (`DbThread`), and its one
`LogFollower`.

`LogFollower` (a `Worker`) hands each new state of the tournament to its subscribers: the window,
the phone tables, the board's pages, the phone pusher. A decision made in the process reaches
them at once, from the session, with no read of the disk. Another program's (the command line,
a merged desk, a second server) is found by one cheap look every `every_s` on a read-only
connection of the follower's own (SQLite's `data_version`, then the log's head), and only its
new events are replayed (`read_on`), off every other thread. A write to the database that leaves
the tournament's log as it was (a phone's tap in its match log) is handed to `subscribe_logs`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from referee_app.event.session import (
    DbThread,
    ThreadedLog,
    TournamentSession,
    find,
    read_on,
)
from referee_app.log.store import Store, TournamentRow
from referee_app.tournament.state import State
from referee_app.worker import Worker

log = logging.getLogger(__name__)
EVERY_S = 0.25
"""How often the database is looked at for another program's write (one `PRAGMA`)."""

OnState = Callable[[State, bool], None]
"""Told on the follower's thread: the tournament now, and whether another program wrote it."""


class LogFollower(Worker):
    """Follows the tournament `ref` of the database at `path`: with `session`, the process's
    session (its decisions heard at once, another program's read into it); without, a state of
    its own (a process that only reads). Subscribers are told on this thread, the latest state
    only (a burst of decisions is one hand-out); `on_failure` hears a log that cannot be read."""

    name = "tournament-follow"
    max_backoff_s = 5.0

    def __init__(
        self,
        path: Path,
        ref: str,
        session: TournamentSession | None = None,
        every_s: float = EVERY_S,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.ref = ref
        self.session = session
        self.every_s = every_s
        self.tournament_id = session.tournament_id if session is not None else ""
        self._states: list[OnState] = []
        self._logs: list[Callable[[], None]] = []
        self.on_failure: Callable[[BaseException], None] | None = None
        self._lock = threading.Lock()
        self._latest: State | None = None if session is None else session.state
        self._read: State | None = None
        """The last state read from the disk (another program's write)."""
        self._logs_moved = False
        self._state: State | None = None
        """Without a session: the tournament as last read here."""
        self._last: TournamentRow | None = None
        self._store: Store | None = None
        self._version: int | None = None
        if session is not None:
            session.moved.append(self._heard)

    @property
    def state(self) -> State | None:
        """The tournament as last handed out (or held by the session)."""
        return self.session.state if self.session is not None else self._state

    def subscribe(self, on_state: OnState) -> None:
        """`on_state` told each new state from now on (and the current one at the next round)."""
        with self._lock:
            self._states.append(on_state)
            self._latest = self._latest or self.state
        self.poke()

    def unsubscribe(self, on_state: OnState) -> None:
        with self._lock:
            if on_state in self._states:
                self._states.remove(on_state)

    def subscribe_logs(self, on_logs: Callable[[], None]) -> None:
        """`on_logs` told when the database moved (a tap in a match log, here or elsewhere)."""
        self._logs.append(on_logs)

    def unsubscribe_logs(self, on_logs: Callable[[], None]) -> None:
        if on_logs in self._logs:
            self._logs.remove(on_logs)

    def _heard(self, state: State) -> None:
        """From the session, on the thread that moved it: handed out at once, on this thread."""
        with self._lock:
            self._latest = state
        self.poke()

    def logs_moved(self) -> None:
        """A match log was written in this process (a phone's tap): its subscribers told now."""
        self._logs_moved = True
        self.poke()

    def start(self) -> LogFollower:
        super().start()
        return self

    def step(self) -> None:
        self._wake.wait(self.every_s)
        self._wake.clear()
        if self.stopping:
            return
        self._look()
        with self._lock:
            latest, self._latest = self._latest, None
            logs, self._logs_moved = self._logs_moved, False
            states = list(self._states)
        if latest is not None:
            elsewhere = latest is self._read
            for tell in states:
                tell(latest, elsewhere)
        if logs:
            for moved in list(self._logs):
                moved()

    def _look(self) -> None:
        """One look at the database; another program's write to the log read and replayed."""
        store = self._store = self._store or Store.open_readonly(self.path)
        version = store.data_version()
        if version == self._version:
            return
        self._logs_moved = True  # a commit elsewhere: maybe a match log only
        if self.session is not None:
            self.tournament_id = self.session.tournament_id  # a new tournament's, once created
        elif not self.tournament_id:
            self.tournament_id = find(store, self.ref)
        if not self.tournament_id:
            self._version = version
            return
        if self.session is None:
            head = store.tournament_head(self.tournament_id)
            if self._state is None or head != self._state.seq:
                read = read_on(store, self.tournament_id, self._state, self._last)
                self._state, self._last = read.state, read.last
                with self._lock:
                    self._latest = self._read = read.state
        else:
            held, last = self.session.position()  # first: a decision made here after it is not "elsewhere"
            head = store.tournament_head(self.tournament_id)
            if head is not None and (held is None or head != held.seq):
                read = read_on(store, self.tournament_id, held, last)
                self._read = read.state
                if not self.session.adopt(read, None if held is None else held.seq):
                    return  # a decision made here meanwhile: looked at again next round
        self._version = version

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        if self._store is not None:
            self._store.close()
            self._store, self._version = None, None
        if self.on_failure is not None:
            self.on_failure(exc)

    def finish(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


class HeldTournament:
    """A tournament of the organizer's database as one process holds it: its one session, whose
    log is on the database's thread, and its one follower (`open`, or around a session made
    elsewhere: the window's). `stop` stops the follower and closes the log."""

    def __init__(self, session: TournamentSession, own_thread: bool = False) -> None:
        log = session.log
        assert isinstance(log, ThreadedLog), "a tournament held is kept in a database"
        self.session = session
        self.log = log
        self.thread = log.thread
        self.db = log.path
        self._own_thread = own_thread
        self.follower = LogFollower(self.db, session.tournament_id, session)

    @classmethod
    def open(cls, db: Path, ref: str) -> HeldTournament:
        """The tournament `ref` (its id or name) of the database at `db`, read (a wrong name, a
        damaged log raise as opening does), on a thread of its own."""
        thread = DbThread()
        try:
            log = ThreadedLog(Path(db), None, thread)
            try:
                log.inner.tournament_id = thread.run(find, log.store, ref)
                session = TournamentSession(log)
            except BaseException:
                log.close()
                raise
        except BaseException:
            thread.stop()
            raise
        return cls(session, own_thread=True)

    @property
    def tournament_id(self) -> str:
        return self.session.tournament_id

    def start(self) -> HeldTournament:
        self.follower.start()
        return self

    def stop(self) -> None:
        """The follower stopped, then the database closed on its thread."""
        self.follower.stop()
        try:
            self.log.close()
        finally:
            if self._own_thread:
                self.thread.stop()
