"""The organizer's board: every table of the event, live, from the event's PostgreSQL.

`BoardModel` folds the server's events through the same rules as the desks, match by
match; `BoardWatcher` keeps it current on its own thread: it LISTENs for the server's
notifications and, on each one and on every (re)connection, re-reads what changed since
its per-match watermarks (the `heads` table), so a notification missed while the
connection was down loses nothing. The board only reads; assignments are written by
`assign`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import History
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import summary
from referee_app.log.codec import LogFormatError, parse_event_text
from referee_app.venue import db
from referee_app.venue.db import ServerEvent
from referee_app.venue.model import Assignment, is_started
from referee_app.words.localtime import local

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
        self.version = 0

    def add_rows(self, rows: Iterable[ServerEvent]) -> None:
        """The server's rows, in seq order per match."""
        for row in rows:
            match_id, seq, at, body, table = row.match_id, row.seq, row.at, row.body, row.table_no
            if seq != self.known.get(match_id, 0) + 1:
                continue  # never the case with the desks' pusher; a later refresh fills the hole
            self.known[match_id] = seq
            followed = self.matches.get(match_id)
            try:
                event = parse_event_text(body)
                if followed is None:
                    if not isinstance(event, MatchStarted):
                        raise LogFormatError("the first event is not match_started")
                    self.matches[match_id] = Followed(History(Entry(1, event, at)), table, at)
                    continue
                if followed.broken:
                    continue
                followed.history.add(Entry(seq, event, at))
                followed.last_at = at
            except (LogFormatError, RuleViolation, ValueError) as exc:
                if followed is not None:
                    followed.broken = str(exc)
        self.version += 1

    def setups(self) -> list[MatchStarted]:
        return [f.history.setup for f in self.matches.values()]

    def tables(self, now: datetime | None = None) -> list[dict[str, Any]]:
        """One row per table: its match now (or last), its finished matches, the next assignment."""
        now = now or datetime.now(UTC)
        by_table: dict[str, list[tuple[str, Followed]]] = {}
        for match_id, followed in self.matches.items():
            by_table.setdefault(followed.table or followed.history.setup.table, []).append((match_id, followed))
        setups = self.setups()
        waiting = [a for a in self.assignments if not is_started(a, setups)]
        for assignment in waiting:
            by_table.setdefault(assignment.table, [])
        for table in self.online:
            by_table.setdefault(table, [])
        rows = []
        for table in sorted(by_table, key=_table_order):
            matches = sorted(by_table[table], key=lambda item: item[1].history.entries[0].at)
            matches = [m for m in matches if not m[1].history.state.void]  # a void match counts nowhere
            playing = [m for m in matches if not m[1].history.state.finished]
            current = playing[-1] if playing else (matches[-1] if matches else None)
            nxt = next((a for a in waiting if a.table == table), None)
            rows.append(
                {
                    "table": table,
                    "online": table in self.online,
                    "match": None if current is None else _match_view(*current, now),
                    "finished": [_finished_view(m, f) for m, f in matches if f.history.state.finished],
                    "next": None if nxt is None else _next_view(nxt),
                    "conflicts": sum(1 for m, _ in matches if m in self.conflicts),
                }
            )
        return rows

    def view(self) -> dict[str, Any]:
        """The board as JSON: for the web page and the window alike."""
        return {"version": self.version, "tables": self.tables()}


def _next_view(a: Assignment) -> dict[str, Any]:
    return {"id": a.id, "players": list(a.players), "race_to": a.race_to, "rules": a.rules}


def _table_order(table: str) -> tuple[int, str]:
    return (int(table), "") if table.isdigit() else (10**9, table)


def _age_s(at: str, now: datetime) -> int:
    then = local(at)
    if then is None or then.tzinfo is None:
        return 0
    return max(0, int((now - then).total_seconds()))


def _match_view(match_id: str, followed: Followed, now: datetime) -> dict[str, Any]:
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
        "last_at": followed.last_at,
        "age_s": _age_s(followed.last_at, now),
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


def refresh(conn: Conn, model: BoardModel) -> int:
    """Read what changed since the model's watermarks; the number of new events."""
    known = model.known
    changed = [(h.match_id, known.get(h.match_id, 0)) for h in db.heads(conn) if h.seq > known.get(h.match_id, 0)]
    added = 0
    if changed:
        rows = db.events_after(conn, changed)
        model.add_rows(rows)
        added = len(rows)
    model.assignments = db.assignments(conn)
    model.online = db.online_tables(conn)
    model.conflicts = db.conflicted(conn)
    model.version += 1
    return added


class BoardWatcher:
    """Keeps a `BoardModel` current from the server on its own thread; `on_change(view)` after each change."""

    def __init__(self, conninfo: str, on_change: Callable[[dict[str, Any]], None], poll_s: float = 2.0) -> None:
        self.conninfo = conninfo
        self.on_change = on_change
        self.poll_s = poll_s
        self.model = BoardModel()
        self.connected = False
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="board", daemon=True)

    def start(self) -> BoardWatcher:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=10)

    def _publish(self) -> None:
        view = self.model.view()
        view["server"] = "online" if self.connected else "offline"
        self.on_change(view)

    def _run(self) -> None:
        import psycopg

        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3) as conn:
                    conn.execute("LISTEN events")
                    self.connected = True
                    refresh(conn, self.model)  # everything since the watermarks: nothing missed while away
                    self._publish()
                    while not self._stopping.is_set():
                        notified = False
                        for _ in conn.notifies(timeout=self.poll_s, stop_after=1):
                            notified = True
                        if notified:
                            time.sleep(0.02)  # a burst of commits: read them together
                        refresh(conn, self.model)  # also every poll_s: desks' online state, event ages
                        self._publish()
            except (psycopg.OperationalError, psycopg.InterfaceError):
                if self.connected:
                    self.connected = False
                    self._publish()
                self._stopping.wait(1.0)
