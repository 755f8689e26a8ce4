"""What a desk and the organizer say to each other about a table: the link, an assignment, its status.

Plain values, shared by the pusher (the desk's side) and the board (the organizer's side), so that
neither imports the other.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from referee_app.game.events import MatchStarted
from referee_app.venue.schema import DATABASE, DEFAULT_PORT, DESK_ROLE

DESK_APPLICATION = "referee-desk table "
"""A desk's connections carry its table in their application name: the board's "desk online" light."""


class EventServerError(RuntimeError):
    """The server could not be set up, started or reached; the message says what to do."""


class LinkStatus(StrEnum):
    OFFLINE = "offline"
    CONNECTED = "connected"
    CATCHING_UP = "catching_up"
    CONFLICT = "conflict"


@dataclass(frozen=True, slots=True)
class EventLink:
    """Where the desk sends its events: the event server, its password, this desk's table."""

    host: str
    password: str
    table: str
    port: int = DEFAULT_PORT

    def conninfo(self, timeout_s: int = 3) -> str:
        from psycopg.conninfo import make_conninfo

        return make_conninfo(
            host=self.host,
            port=str(self.port),
            dbname=DATABASE,
            user=DESK_ROLE,
            password=self.password,
            connect_timeout=str(timeout_s),
            application_name=f"{DESK_APPLICATION}{self.table}"[:63],
        )


@dataclass(frozen=True, slots=True)
class Assignment:
    """A match the organizer sent to a table."""

    id: str
    table: str
    players: tuple[str, str]
    race_to: int
    rules: str
    break_order: str
    event: str = ""
    round: str = ""


@dataclass(frozen=True, slots=True)
class LinkReport:
    status: LinkStatus
    behind: int = 0
    """Events the server has not confirmed yet."""
    conflicts: tuple[tuple[str, int], ...] = ()
    """(match id, seq) where the server holds another event."""
    assignments: tuple[Assignment, ...] = ()
    """This table's assignments that no match on this desk has started yet (the next one first)."""
    error: str = ""


def first_line(exc: BaseException) -> str:
    """A driver's error as one sentence (psycopg's run to several lines of detail)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def is_started(assignment: Assignment, setups: Iterable[MatchStarted]) -> bool:
    """The assignment has its match: one that names it, or, started by hand from the printed
    draw while the network was down, one on the same table between the same two players."""
    pair = {name.casefold() for name in assignment.players}
    for setup in setups:
        if setup.assignment == assignment.id:
            return True
        if not setup.assignment and setup.table == assignment.table and {n.casefold() for n in setup.players} == pair:
            return True
    return False


def new_assignment_id() -> str:
    return str(uuid.uuid4())
