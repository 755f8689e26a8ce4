"""The phone tables on the event server: the tournament's phone matches, which the organizer's
database holds (written by `tournament serve`, the window or the board serving the phone pages),
pushed to the event's PostgreSQL as the desks push theirs, so that the board and its web page
show a phone table live like a desk's table.

`PhonePusher` is a writer, not a reader of the live event (the process's one reader stays the
board's `BoardWatcher`), and connects only once a phone match has rows to send. It reads the
organizer's database on a read-only connection of its own, finds the tournament's phone matches
(only when the tournament's log moved on) and sends their rows the server does not hold yet
(`venue.own_push`: head + 1, the hash chain, read back). It learns of the tournament's phone
matches from the process's `LogFollower`, and of their taps from it too (a tap written in the
process, at once; another program's, at the follower's next look): it does not poll.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.event.follow import LogFollower
from referee_app.log.store import Store
from referee_app.tournament.state import State
from referee_app.venue import db
from referee_app.venue.model import first_line
from referee_app.venue.own_push import OwnMarks, OwnPushed, push_own, to_push
from referee_app.worker import Worker

if TYPE_CHECKING:
    from referee_app.venue.db import Conn

POLL_S = 5.0
"""The longest wait between two looks at the phone matches' logs (the follower pokes at once)."""


def phone_match_ids(state: State) -> set[str]:
    """The match logs of the tournament's phone matches (started on a phone table)."""
    t = state.tournament
    return {t.started[m] for m in t.by_phone if m in t.started}


def push_phones(conn: Conn, store: Store, state: State, marks: OwnMarks | None = None) -> OwnPushed:
    """One round, for `tournament sync`: the tournament's phone matches the server does not hold
    yet, from `store` (`conn`: the organizer's, in autocommit)."""
    marks = marks or OwnMarks()
    marks.on_server(db.server_id(conn))
    ids = phone_match_ids(state)
    tables = {m: setup.table for m, setup in store.setups() if m in ids and setup is not None}
    return push_own(conn, store, tables, marks)


class PhonePusher(Worker):
    """Pushes one tournament's phone matches from the organizer's database at `db_path` to the
    event server (`conninfo`: the organizer's). `on_report(pushed, error)` after each round."""

    name = "phone-pusher"
    max_backoff_s = 5.0

    def __init__(
        self,
        db_path: Path,
        tournament: str,
        conninfo: str,
        poll_s: float = POLL_S,
        on_report: Callable[[OwnPushed | None, str], None] | None = None,
        follower: LogFollower | None = None,
    ) -> None:
        """`follower`: the process's follower of the tournament (one of its own without it, that
        only reads)."""
        super().__init__()
        self.db_path = Path(db_path)
        self.tournament = tournament
        self.conninfo = conninfo
        self.poll_s = poll_s
        self.on_report = on_report
        self.marks = OwnMarks()
        self.last: OwnPushed | None = None
        self._own = follower is None
        self.follower = follower if follower is not None else LogFollower(self.db_path, tournament)
        self._store: Store | None = None
        self._conn: Conn | None = None
        self._ids: set[str] = set()
        self._tables: dict[str, str] = {}
        """Each phone match's table, as its log's `match_started` says (read once per match)."""

    def start(self) -> PhonePusher:
        self.follower.subscribe(self._followed)
        self.follower.subscribe_logs(self.poke)
        if self._own:
            self.follower.start()
        super().start()
        return self

    def _followed(self, state: State, elsewhere: bool) -> None:
        self._ids = phone_match_ids(state)
        self.poke()

    def stop(self) -> None:
        self.follower.unsubscribe(self._followed)
        self.follower.unsubscribe_logs(self.poke)
        super().stop()
        if self._own:
            self.follower.stop()

    def _phone_tables(self, store: Store) -> dict[str, str]:
        ids = self._ids
        unknown = ids - set(self._tables)
        if unknown:
            for match_id, setup in store.setups(known=set(self._tables)):
                if match_id in unknown and setup is not None:
                    self._tables[match_id] = setup.table
        return {m: self._tables[m] for m in ids if m in self._tables}

    def step(self) -> None:
        import psycopg

        self._wake.clear()
        if self._store is None:
            self._store = Store.open_readonly(self.db_path)
        tables = self._phone_tables(self._store)
        if self._conn is None:
            if not to_push(self._store, tables, self.marks):  # no phone match yet: no connection of ours
                self._wake.wait(self.poll_s)
                return
            conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3)
            self._conn = conn
            self.marks.on_server(db.server_id(conn))
        self.last = push_own(self._conn, self._store, tables, self.marks)
        if self.on_report is not None:
            self.on_report(self.last, "")
        if not self.last.behind:
            self._wake.wait(self.poll_s)

    def cap_for(self, exc: BaseException) -> float:
        """A server that went away is tried again at least every second, as a desk's pusher does: the
        phone tables are back on the board with the desks', not seconds after them."""
        return db.retry_cap(exc, self.max_backoff_s)

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        import psycopg

        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
        if not isinstance(exc, psycopg.Error) and self._store is not None:
            self._store.close()  # the database may be at fault: opened again
            self._store = None
        if self.on_report is not None:
            self.on_report(None, first_line(exc))

    def finish(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._store is not None:
            self._store.close()
            self._store = None
