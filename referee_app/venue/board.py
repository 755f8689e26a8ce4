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
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import History
from referee_app.game.state import PerSeat
from referee_app.game.vocab import Scoring, Seat, Status
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


@dataclass(frozen=True, slots=True)
class MatchOnBoard:
    """A table's match as the board shows it: players, score, rack, who is at the table, fouls."""

    match_id: str
    players: tuple[str, str]
    race_to: int
    rules: str
    score: PerSeat[int]
    rack: int
    status: Status
    at_table: Seat | None
    fouls: PerSeat[int]
    warning_due: tuple[Seat, ...]
    winner: Seat | None
    event: str
    round: str
    last_at: str
    age_s: int
    """Seconds since its last event (0: no readable time)."""
    broken: str
    scoring: Scoring = Scoring.SHOTS
    """Racks: scored rack by rack (a desk with no referee, or the players' phones)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "players": {"A": self.players[0], "B": self.players[1]},
            "race_to": self.race_to,
            "rules": self.rules,
            "score": self.score.as_json(),
            "rack": self.rack,
            "status": self.status.value,
            "at_table": None if self.at_table is None else self.at_table.value,
            "fouls": self.fouls.as_json(),
            "warning_due": [s.value for s in self.warning_due],
            "winner": None if self.winner is None else self.winner.value,
            "event": self.event,
            "round": self.round,
            "last_at": self.last_at,
            "age_s": self.age_s,
            "broken": self.broken,
            "scoring": self.scoring.value,
        }


@dataclass(frozen=True, slots=True)
class FinishedOnBoard:
    """A match finished at a table: its players, score and winner."""

    match_id: str
    players: tuple[str, str]
    score: PerSeat[int]
    winner: Seat | None

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "players": {"A": self.players[0], "B": self.players[1]},
            "score": self.score.as_json(),
            "winner": None if self.winner is None else self.winner.value,
        }


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table on the board: its match now (or last), those finished there, the next one sent."""

    table: str
    online: bool
    """A desk of this table is connected."""
    match: MatchOnBoard | None
    finished: tuple[FinishedOnBoard, ...]
    next: Assignment | None
    conflicts: int
    damaged: str
    """Why rows of this table could not be followed ("" when all could)."""
    phones: bool = False
    """Its match came from the organizer's own pusher: the players score it on their phones."""

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "online": self.online,
            "phones": self.phones,
            "match": None if self.match is None else self.match.to_json(),
            "finished": [f.to_json() for f in self.finished],
            "next": None if self.next is None else _next_view(self.next),
            "conflicts": self.conflicts,
            "damaged": self.damaged,
        }


class ServerState(StrEnum):
    """Whether the board reads the event server now."""

    ONLINE = "online"
    ERROR = "error"
    """Connected, but a read failed (`BoardView.error` says why): retried."""
    OFFLINE = "offline"


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board as one refresh left it: the window reads it as it is, the web page its `to_json`."""

    version: int
    tables: tuple[TableRow, ...]
    server: ServerState
    error: str = ""
    fingerprint: str = ""

    def to_json(self) -> dict[str, Any]:
        """The board as JSON (the web page's feed)."""
        return {
            "version": self.version,
            "tables": [t.to_json() for t in self.tables],
            "server": self.server.value,
            "error": self.error,
            "fingerprint": self.fingerprint,
        }


NO_BOARD = BoardView(0, (), ServerState.OFFLINE)
"""What is shown before the first refresh."""


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
        self._views: dict[str, tuple[tuple[int, str], MatchOnBoard, datetime | None]] = {}
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

    def tables(self, now: datetime | None = None) -> tuple[TableRow, ...]:
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
        return tuple(rows)

    def _table_row(
        self, table: str, matches: list[tuple[str, Followed]], waiting: list[Assignment], now: datetime
    ) -> TableRow:
        matches = sorted(matches, key=lambda item: item[1].history.entries[0].at)
        matches = [m for m in matches if not m[1].history.state.void]  # a void match counts nowhere
        playing = [m for m in matches if not m[1].history.state.finished]
        current = playing[-1] if playing else (matches[-1] if matches else None)
        nxt = next((a for a in waiting if a.table == table), None)
        damaged = [f"{m}: {f.broken}" for m, f in matches if f.broken]
        damaged += [f"{m}: {why}" for m, (t, why) in self.damaged.items() if t == table]
        return TableRow(
            table=table,
            online=table in self.online,
            match=None if current is None else self._match_view(*current, now),
            finished=tuple(_finished_view(m, f) for m, f in matches if f.history.state.finished),
            next=nxt,
            conflicts=sum(1 for m, _ in matches if m in self.conflicts),
            damaged="; ".join(damaged),
            phones=current is not None and current[0] in self.from_organizer,
        )

    def view(self, server: ServerState, error: str = "", fingerprint: str = "") -> BoardView:
        """The board now, for the window and (as JSON) the web page."""
        return BoardView(self.version, self.tables(), server, error, fingerprint)

    def _match_view(self, match_id: str, followed: Followed, now: datetime) -> MatchOnBoard:
        key = (len(followed.history.entries), followed.broken)
        kept = self._views.get(match_id)
        if kept is None or kept[0] != key:
            kept = (key, _match_view(match_id, followed), _when(followed.last_at))
            self._views[match_id] = kept
        _key, view, then = kept
        return replace(view, age_s=_age_s(then, now))


def _next_view(a: Assignment) -> dict[str, Any]:
    return {"id": a.id, "players": list(a.players), "race_to": a.race_to, "rules": a.rules}


def _damaged_row(table: str, reason: str) -> TableRow:
    return TableRow(table=table, online=False, match=None, finished=(), next=None, conflicts=0, damaged=reason)


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


def _match_view(match_id: str, followed: Followed) -> MatchOnBoard:
    """A match's view on the board, all but its age (`BoardModel` adds it)."""
    state = followed.history.state
    setup = state.setup
    return MatchOnBoard(
        match_id=match_id,
        players=(setup.players[0], setup.players[1]),
        race_to=setup.race_to,
        rules=setup.preset.short,
        score=state.score,
        rack=state.rack,
        status=state.status,
        at_table=state.at_table,
        fouls=state.fouls,
        warning_due=state.warning_due,
        winner=state.winner,
        event=setup.event,
        round=setup.round,
        last_at=followed.last_at,
        age_s=0,
        broken=followed.broken,
        scoring=setup.scoring,
    )


def _finished_view(match_id: str, followed: Followed) -> FinishedOnBoard:
    state = followed.history.state
    return FinishedOnBoard(match_id, (state.setup.players[0], state.setup.players[1]), state.score, state.winner)


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

    `board` is the board's rows (the window's grid), `view` their JSON (the web page's feed), made
    for each call. `model` and `conn` are the reader's, for use on its thread during the call only;
    `conn` is None while the server cannot be read (`error` says why). `everything`: the
    assignments, the desks online and the conflicts were read again too."""

    board: BoardView
    model: BoardModel
    conn: Conn | None
    everything: bool
    error: str = ""

    @property
    def view(self) -> dict[str, Any]:
        """The board as JSON (the web page's feed)."""
        return self.board.to_json()


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
        answer_s: float = db.ANSWER_S,
    ) -> None:
        """`answer_s`: how long a round waits for the server's answers before the connection is
        cut and made again (a server gone silent)."""
        super().__init__()
        self.conninfo = conninfo
        self.poll_s = poll_s
        self.answer_s = answer_s
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
        if self.connected:
            server = ServerState.ONLINE
        else:
            server = ServerState.ERROR if self.error and self._conn else ServerState.OFFLINE
        board = self.model.view(server, self.error, self.fingerprint)
        self._hand_out(Reading(board, self.model, self._conn, everything))

    def step(self) -> None:
        import psycopg

        if self._conn is None:
            conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3)
            self._conn = conn
            with db.answered_within(conn, self.answer_s):
                db.server_id(conn)
                db.listen(conn)
                refresh(conn, self.model)  # everything since the watermarks: nothing missed while away
            self._everything_at = time.monotonic()
            self.connected, self.error = True, ""
            self._publish(everything=True)
            return
        with db.answered_within(self._conn, self.poll_s + self.answer_s):  # a server gone silent: cut
            written = db.written(self._conn, self.poll_s)
            if self.stopping:
                return
            # the events alone while desks only record; everything after an assignment or a conflict (a
            # server of an older version names no table), and every poll_s (the desks online)
            everything = (
                not written or not written <= ONLY_EVENTS or time.monotonic() - self._everything_at >= self.poll_s
            )
            refresh(self._conn, self.model, everything)
        if everything:
            self._everything_at = time.monotonic()
        self.connected, self.error = True, ""
        self._publish(everything)

    def cap_for(self, exc: BaseException) -> float:
        return db.retry_cap(exc, self.max_backoff_s)

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
        server = ServerState.OFFLINE if lost else ServerState.ERROR
        try:
            board = self.model.view(server, first_line(exc), self.fingerprint)
        except Exception:  # the model itself fails: the status still shows
            board = BoardView(self.model.version, (), server, first_line(exc), self.fingerprint)
        self._hand_out(Reading(board, self.model, None, False, first_line(exc)))

    def finish(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
