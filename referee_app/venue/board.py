"""The organizer's board: every table of the event, live, from the event's PostgreSQL.

`BoardModel` folds the server's events through the same rules as the desks, match by match.
`BoardWatcher` is the one reader of the live event in a process: it keeps the model current on
its own thread and hands each refresh to its subscribers (the board's window and web page, the
tournament's sync).

It listens for the server's notifications and, on each one and on every (re)connection, re-reads
what changed since its per-match watermarks (the `heads` table), so a notification missed while
the connection was down loses nothing. A notification names the table written: after a desk's
events only the events are read again, after an assignment or a conflict everything, and
everything every `poll_s` (the desks online). Each match's view is made again only when the
match moved. The board only reads; the tournament's sync sends its assignments on the reader's
connection, during its refresh.

No row a desk can write stops the board: a match whose rows cannot be read or replayed, or a
table whose view cannot be made (an odd table name, a time at the calendar's edge), is shown
as a damaged row, and any other failure is logged, shown and retried (`Worker`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import History
from referee_app.game.state import summary
from referee_app.log.codec import LogFormatError, parse_event_text
from referee_app.venue import db
from referee_app.venue.db import ServerEvent
from referee_app.venue.model import Assignment, first_line, is_started
from referee_app.words.localtime import local
from referee_app.worker import Worker, log

if TYPE_CHECKING:
    from referee_app.venue.db import Conn


@dataclass
class Followed:
    """One match as the board knows it."""

    history: History
    table: str
    last_at: str
    broken: str = ""


class BoardModel:
    """Every match on the server, replayed; the board's rows come from here."""

    def __init__(self) -> None:
        self.matches: dict[str, Followed] = {}
        self.known: dict[str, int] = {}
        self.assignments: tuple[Assignment, ...] = ()
        self.online: set[str] = set()
        self.conflicts: dict[str, int] = {}
        self.from_organizer: set[str] = set()
        """The matches the organizer's own pusher sends (`venue.own_push`): the phone tables'."""
        self.damaged: dict[str, tuple[str, str]] = {}
        """Matches whose first row could not be read: (table, why)."""
        self.version = 0
        self._views: dict[str, tuple[tuple[int, str], dict[str, Any], datetime | None]] = {}
        """Each match's view as last made, for its (events, broken) then, and its last time read:
        a board of many tables remakes only the matches that moved (the age is always new)."""

    def add_rows(self, rows: Iterable[ServerEvent]) -> None:
        """The server's rows, in seq order per match; a row that cannot be followed marks its match damaged."""
        for row in rows:
            match_id, seq, at, body, table = row.match_id, row.seq, row.at, row.body, row.table_no
            if seq != self.known.get(match_id, 0) + 1:
                continue  # never the case with the server's head + 1 check; a later refresh fills the hole
            self.known[match_id] = seq
            followed = self.matches.get(match_id)
            try:
                event = parse_event_text(body)
                if followed is None:
                    if match_id in self.damaged:
                        continue
                    if not isinstance(event, MatchStarted):
                        raise LogFormatError("the first event is not match_started")
                    self.matches[match_id] = Followed(History(Entry(1, event, at)), table, at)
                    continue
                if followed.broken:
                    continue
                followed.history.add(Entry(seq, event, at))
                followed.last_at = at
            except Exception as exc:  # whatever a desk wrote: this match is damaged, the others go on
                reason = first_line(exc)
                if followed is not None:
                    followed.broken = reason
                else:
                    self.damaged[match_id] = (table, reason)
        self.version += 1

    def setups(self) -> list[MatchStarted]:
        return [f.history.setup for f in self.matches.values()]

    def started(self) -> list[tuple[str, MatchStarted, str]]:
        """Every match as `is_its_match` reads it: its id, its setup, the table the server recorded."""
        return [(m, f.history.setup, f.table) for m, f in self.matches.items()]

    def tables(self, now: datetime | None = None) -> list[dict[str, Any]]:
        """One row per table: its match now (or last), its finished matches, the next assignment."""
        now = now or datetime.now(UTC)
        by_table: dict[str, list[tuple[str, Followed]]] = {}
        for match_id, followed in self.matches.items():
            by_table.setdefault(followed.table or followed.history.setup.table, []).append((match_id, followed))
        started = self.started()
        waiting = [a for a in self.assignments if not is_started(a, started)]
        for assignment in waiting:
            by_table.setdefault(assignment.table, [])
        for table in self.online:
            by_table.setdefault(table, [])
        for table, _reason in self.damaged.values():
            by_table.setdefault(table, [])
        rows = []
        for table in sorted(by_table, key=_table_order):
            try:
                rows.append(self._table_row(table, by_table[table], waiting, now))
            except Exception as exc:  # one table's odd rows never hide the others
                rows.append(_damaged_row(table, first_line(exc)))
        return rows

    def _table_row(
        self, table: str, matches: list[tuple[str, Followed]], waiting: list[Assignment], now: datetime
    ) -> dict[str, Any]:
        matches = sorted(matches, key=lambda item: item[1].history.entries[0].at)
        matches = [m for m in matches if not m[1].history.state.void]  # a void match counts nowhere
        playing = [m for m in matches if not m[1].history.state.finished]
        current = playing[-1] if playing else (matches[-1] if matches else None)
        nxt = next((a for a in waiting if a.table == table), None)
        damaged = [f"{m}: {f.broken}" for m, f in matches if f.broken]
        damaged += [f"{m}: {why}" for m, (t, why) in self.damaged.items() if t == table]
        return {
            "table": table,
            "online": table in self.online,
            "phones": current is not None and current[0] in self.from_organizer,
            "match": None if current is None else self._match_view(*current, now),
            "finished": [_finished_view(m, f) for m, f in matches if f.history.state.finished],
            "next": None if nxt is None else _next_view(nxt),
            "conflicts": sum(1 for m, _ in matches if m in self.conflicts),
            "damaged": "; ".join(damaged),
        }

    def view(self) -> dict[str, Any]:
        """The board as JSON: for the web page and the window alike."""
        return {"version": self.version, "tables": self.tables()}

    def _match_view(self, match_id: str, followed: Followed, now: datetime) -> dict[str, Any]:
        key = (len(followed.history.entries), followed.broken)
        kept = self._views.get(match_id)
        if kept is None or kept[0] != key:
            kept = (key, _match_view(match_id, followed), _when(followed.last_at))
            self._views[match_id] = kept
        _key, view, then = kept
        return dict(view, age_s=_age_s(then, now))


def _next_view(a: Assignment) -> dict[str, Any]:
    return {"id": a.id, "players": list(a.players), "race_to": a.race_to, "rules": a.rules}


def _damaged_row(table: str, reason: str) -> dict[str, Any]:
    return {"table": table, "online": False, "phones": False, "match": None, "finished": [], "next": None,
            "conflicts": 0, "damaged": reason}  # fmt: skip


def _table_order(table: str) -> tuple[int, str]:
    """Table 2 before table 10; a name that is not plain ASCII digits (`²`, "Show court") after them."""
    if table.isascii() and table.isdigit() and len(table) <= 18:
        return (int(table), "")
    return (10**19, table)


def _when(at: str) -> datetime | None:
    """The time `at` says, or None for a time that is not one (or lies at the calendar's edge)."""
    try:
        then = local(at)
    except (OverflowError, ValueError):
        return None
    return None if then is None or then.tzinfo is None else then


def _age_s(then: datetime | None, now: datetime) -> int:
    """Seconds since `then`; 0 for no time (or one at the calendar's edge)."""
    if then is None:
        return 0
    try:
        return max(0, int((now - then).total_seconds()))
    except (OverflowError, ValueError):
        return 0


def _match_view(match_id: str, followed: Followed) -> dict[str, Any]:
    """A match's view on the board, all but its age (`BoardModel` adds it)."""
    state = followed.history.state
    view = summary(state)
    return {
        "match_id": match_id,
        "players": view["players"],
        "race_to": view["race_to"],
        "rules": state.setup.preset.short,
        "score": view["score"],
        "rack": view["rack"],
        "status": view["status"],
        "at_table": view["at_table"],
        "fouls": view["fouls"],
        "warning_due": view["warning_due"],
        "winner": view["winner"],
        "event": state.setup.event,
        "round": state.setup.round,
        "scoring": state.setup.scoring.value,
        "last_at": followed.last_at,
        "age_s": 0,
        "broken": followed.broken,
    }


def _finished_view(match_id: str, followed: Followed) -> dict[str, Any]:
    state = followed.history.state
    return {
        "match_id": match_id,
        "players": {"A": state.setup.players[0], "B": state.setup.players[1]},
        "score": state.score.as_json(),
        "winner": state.winner.value if state.winner else None,
    }


def refresh(conn: Conn, model: BoardModel, everything: bool = True) -> int:
    """Read what changed since the model's watermarks; the number of new events. `everything`:
    also the assignments, the desks online and the conflicts (read anyway when a table not yet
    online sent events: its desk has just connected)."""
    known = model.known
    heads = db.heads(conn)
    changed = [(h.match_id, known.get(h.match_id, 0)) for h in heads if h.seq > known.get(h.match_id, 0)]
    model.from_organizer.update(h.match_id for h in heads if h.from_organizer)
    added = 0
    if changed:
        rows = db.events_after(conn, changed)
        model.add_rows(rows)
        added = len(rows)
        everything = everything or any(row.table_no not in model.online for row in rows)
    if everything:
        model.assignments = db.assignments(conn)
        model.online = db.online_tables(conn)
        model.conflicts = db.conflicted(conn)
    model.version += 1
    return added


ONLY_EVENTS = frozenset({"events"})
"""The notifications' payloads (the table written) after which the events alone are read again."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One refresh of the live event, handed to each subscriber on the reader's thread.

    `view` is the board's (the window's grid, the web page), shared: a subscriber copies it before
    changing it. `model` and `conn` are the reader's, for use on its thread during the call only;
    `conn` is None while the server cannot be read (`error` says why). `everything`: the
    assignments, the desks online and the conflicts were read again too."""

    view: dict[str, Any]
    model: BoardModel
    conn: Conn | None
    everything: bool
    error: str = ""


Subscriber = Callable[[Reading], None]


class BoardWatcher(Worker):
    """The one reader of the live event in a process: it owns the connection (LISTEN) and the
    board's model, and hands each refresh to its subscribers (the board's window, its web page,
    the tournament's sync), in the order they subscribed, on its own thread.

    `on_change(view)`, if given, is the first subscriber (the view alone). A subscriber that
    raises is logged and the others still get the refresh."""

    name = "board"
    max_backoff_s = 10.0

    def __init__(
        self,
        conninfo: str,
        on_change: Callable[[dict[str, Any]], None] | None = None,
        poll_s: float = 2.0,
        fingerprint: str = "",
    ) -> None:
        super().__init__()
        self.conninfo = conninfo
        self.poll_s = poll_s
        self.fingerprint = fingerprint
        self.model = BoardModel()
        self.connected = False
        self.error = ""
        self._conn: Conn | None = None
        self._everything_at = 0.0
        self._subscribers: tuple[Subscriber, ...] = ()
        self._failing: set[int] = set()
        """The subscribers whose last call raised (logged once with its traceback until one succeeds)."""
        if on_change is not None:
            self.subscribe(lambda reading: on_change(reading.view))

    def start(self) -> BoardWatcher:
        super().start()
        return self

    def subscribe(self, subscriber: Subscriber) -> None:
        """`subscriber` gets every refresh from now on (from any thread; the next refresh is the first)."""
        self._subscribers = (*self._subscribers, subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """`subscriber` gets no refresh after the one it may be in (it waits for none)."""
        self._subscribers = tuple(s for s in self._subscribers if s is not subscriber)

    def _hand_out(self, reading: Reading) -> None:
        for subscriber in self._subscribers:
            try:
                subscriber(reading)
            except Exception:  # one subscriber's failure never keeps the refresh from the others
                if id(subscriber) not in self._failing:
                    log.exception("%s: a subscriber failed", self.name)
                self._failing.add(id(subscriber))
            else:
                self._failing.discard(id(subscriber))

    def _publish(self, everything: bool) -> None:
        view = self.model.view()
        view["server"] = "online" if self.connected else ("error" if self.error and self._conn else "offline")
        view["error"] = self.error
        view["fingerprint"] = self.fingerprint
        self._hand_out(Reading(view, self.model, self._conn, everything))

    def step(self) -> None:
        import psycopg

        if self._conn is None:
            conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3)
            self._conn = conn
            db.server_id(conn)
            db.listen(conn)
            refresh(conn, self.model)  # everything since the watermarks: nothing missed while away
            self._everything_at = time.monotonic()
            self.connected, self.error = True, ""
            self._publish(everything=True)
            return
        written = db.written(self._conn, self.poll_s)
        if self.stopping:
            return
        # the events alone while desks only record; everything after an assignment or a conflict (a
        # server of an older version names no table), and every poll_s (the desks online)
        everything = not written or not written <= ONLY_EVENTS or time.monotonic() - self._everything_at >= self.poll_s
        refresh(self._conn, self.model, everything)
        if everything:
            self._everything_at = time.monotonic()
        self.connected, self.error = True, ""
        self._publish(everything)

    def cap_for(self, exc: BaseException) -> float:
        import psycopg

        return 1.0 if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)) else self.max_backoff_s

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        import psycopg

        lost = isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError))
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
        self.connected = False
        self.error = "" if lost else first_line(exc)
        view = {"version": self.model.version, "tables": [], "server": "offline" if lost else "error"}
        try:
            view = self.model.view()
            view["server"] = "offline" if lost else "error"
        except Exception:  # the model itself fails: the status still shows
            pass
        view["error"] = first_line(exc)
        view["fingerprint"] = self.fingerprint
        self._hand_out(Reading(view, self.model, None, False, first_line(exc)))

    def finish(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
