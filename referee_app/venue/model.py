"""What a desk and the organizer say to each other about a table: the link, an assignment, its status.

Plain values, shared by the pusher (the desk's side) and the board (the organizer's side), so that
neither imports the other.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from referee_app.game.events import MatchStarted, ShotClock
from referee_app.game.vocab import BreakOrder, Scoring
from referee_app.venue.schema import DATABASE, DEFAULT_PORT, KEEPALIVE, SESSION_OPTIONS, TABLE_ROLE_PREFIX
from referee_app.words.names import same_players

DESK_APPLICATION = "referee-desk table "
"""A desk's connections carry its table in their application name: the board's "desk online" light."""


class EventServerError(RuntimeError):
    """The server could not be set up, started or reached; the message says what to do."""


class WrongFingerprint(EventServerError):
    """The server at the address typed is not the one whose fingerprint the referee typed."""


class WrongKey(EventServerError):
    """The server refused this table's key (or the key is another table's): retrying cannot help."""


class LinkStatus(StrEnum):
    OFFLINE = "offline"
    CONNECTED = "connected"
    CATCHING_UP = "catching_up"
    CONFLICT = "conflict"
    ERROR = "error"
    """Something other than a lost connection went wrong; the pusher logs it, backs off and retries."""
    WRONG_KEY = "wrong_key"
    """The server refused the key (or the fingerprint did not match): the pusher stops until Connect."""


KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U to misread; what a referee types is forgiving of them."""
KEY_LENGTH = 16
FINGERPRINT_SHOWN = 24
"""Hex digits of the certificate's SHA-256 shown and typed (96 bits): enough that no forged
certificate can share them, short enough to type once."""


@dataclass(frozen=True, slots=True)
class TableKey:
    """A table's own login, as a referee types it once: `7-ABCD-EFGH-JKMN-PQRS` (role number, secret)."""

    number: int
    secret: str

    @property
    def role(self) -> str:
        return f"{TABLE_ROLE_PREFIX}{self.number}"

    def __str__(self) -> str:
        groups = [self.secret[i : i + 4] for i in range(0, len(self.secret), 4)]
        return "-".join([str(self.number), *groups])

    @staticmethod
    def new_secret() -> str:
        import secrets

        return "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_LENGTH))

    @classmethod
    def for_role(cls, role: str, secret: str) -> TableKey:
        return cls(int(role.removeprefix(TABLE_ROLE_PREFIX)), secret)

    @classmethod
    def parse(cls, text: str) -> TableKey:
        """The key as typed (any case, spaces or dashes, O for 0, I or L for 1), or a sentence."""
        cleaned = "".join(text.split()).upper()
        number, _, rest = cleaned.partition("-")
        secret = rest.replace("-", "").translate(str.maketrans("OIL", "011"))
        if (
            not (number.isascii() and number.isdigit())
            or len(number) > 9
            or len(secret) != KEY_LENGTH
            or any(c not in KEY_ALPHABET for c in secret)
        ):
            raise EventServerError(
                "a table key looks like 7-ABCD-EFGH-JKMN-PQRS: the organizer's add-table prints one per table"
            )
        return cls(int(number), secret)


def fingerprint(certificate_der: bytes) -> str:
    """The server certificate's fingerprint as shown to people: SHA-256, its first hex digits in fours."""
    import hashlib

    digest = hashlib.sha256(certificate_der).hexdigest().upper()[:FINGERPRINT_SHOWN]
    return "-".join(digest[i : i + 4] for i in range(0, len(digest), 4))


def same_fingerprint(certificate_der: bytes, typed: str) -> bool:
    """`typed` (any case and separators) is this certificate's fingerprint, at least as long as the one shown."""
    import hashlib

    wanted = "".join(c for c in typed.upper() if c in "0123456789ABCDEF")
    full = hashlib.sha256(certificate_der).hexdigest().upper()
    return len(wanted) >= FINGERPRINT_SHOWN and full.startswith(wanted)


def is_loopback(host: str) -> bool:
    return host in ("localhost", "127.0.0.1", "::1") or host.startswith("127.")


@dataclass(frozen=True, slots=True)
class EventLink:
    """Where the desk sends its events: the event server, this table's key, its table, the server's
    certificate fingerprint (pinned: the server's certificate, once checked against it)."""

    host: str
    key: str
    table: str = ""
    """Told by the server at the first connection (the key says which table it is)."""
    port: int = DEFAULT_PORT
    fingerprint: str = ""
    certificate: str = ""
    """The server's certificate (PEM), checked against `fingerprint` at the first connection."""

    def conninfo(self, root_certificate: str = "", timeout_s: int = 3) -> str:
        """libpq's settings; TLS with the pinned certificate (`root_certificate`, its file) unless the
        server is this computer and no fingerprint was given."""
        from psycopg.conninfo import make_conninfo

        if not self.key:
            raise EventServerError(
                "this desk has no table key yet (each table now has its own): "
                "connect again with the key the organizer printed"
            )
        key = TableKey.parse(self.key)
        if self.fingerprint:
            if not root_certificate:
                raise EventServerError("the event server's certificate is not checked yet: connect again")
            tls = {"sslmode": "verify-ca", "sslrootcert": root_certificate}
        elif is_loopback(self.host):
            tls = {"sslmode": "disable"}
        else:
            raise EventServerError(
                "the event server's fingerprint is needed (printed by event-server init, shown on the board)"
            )
        return make_conninfo(
            host=self.host,
            port=str(self.port),
            dbname=DATABASE,
            user=key.role,
            password=key.secret,
            connect_timeout=str(timeout_s),
            application_name=f"{DESK_APPLICATION}{self.table}"[:63],
            options=SESSION_OPTIONS,
            **KEEPALIVE,
            **tls,
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
    shot_clock: ShotClock | None = None
    """The clock the desk starts the match with (None: none), within the match log's limits."""
    referee: str = ""
    """Empty: the desk's own referee (asked once per desk)."""
    licences: tuple[str, str] = ("", "")
    clubs: tuple[str, str] = ("", "")
    started_match: str = ""
    """The server's: the match that named this assignment when it reached the server (empty: none yet)."""
    scoring: Scoring = Scoring.SHOTS
    """Racks: a table with no referee, whose desk opens the match in rack scoring (spec 1.3 §2a)."""
    sent_at: datetime | None = field(default=None, compare=False)
    """The server's: when the organizer sent it (its players were called then); None before it is read."""
    here: tuple[str, ...] = field(default=(), compare=False)
    """The server's: its players a desk marked at the table (`desk_arrived`), in the order of `players`."""


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
    held: frozenset[str] | None = None
    """Every assignment the server holds for this table, started or not (None: not read yet). A
    started one that is gone was decided by the organizer by hand: its desk says so."""
    marking: tuple[tuple[str, str], ...] = ()
    """(assignment, player) marked at the table on this desk and not yet on the server."""


def first_line(exc: BaseException) -> str:
    """A driver's error as one sentence (psycopg's run to several lines of detail)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


REFUSED_LOGIN_STATES = ("28P01", "28000")
"""PostgreSQL's invalid password and invalid authorization."""


def refused_login(exc: BaseException) -> bool:
    """The server refused this desk's login (a wrong key, or one replaced by the organizer), as
    opposed to a server that cannot be reached."""
    if isinstance(exc, (WrongKey, WrongFingerprint)):
        return True
    if getattr(exc, "sqlstate", None) in REFUSED_LOGIN_STATES:
        return True
    text = str(exc)
    return "password authentication failed" in text or "no pg_hba.conf entry" in text


def match_setup(assignment: Assignment, referee: str = "", scoring: Scoring = Scoring.SHOTS) -> MatchStarted:
    """The match the organizer sent, as a desk starts it (its `match_started` names the assignment);
    `referee`: the desk's own, when the organizer named none; scored by racks (the desk's choice, or
    the organizer's for a table with no referee), it has no shot clock."""
    if assignment.scoring is Scoring.RACKS:
        scoring = Scoring.RACKS
    by_racks = scoring is Scoring.RACKS
    return MatchStarted(
        players=assignment.players,
        race_to=assignment.race_to,
        rules=assignment.rules,
        break_order=BreakOrder(assignment.break_order),
        shot_clock=None if by_racks else assignment.shot_clock,
        event=assignment.event,
        round=assignment.round,
        table=assignment.table,
        referee=assignment.referee or referee,
        licences=assignment.licences,
        clubs=assignment.clubs,
        assignment=assignment.id,
        scoring=scoring,
    )


def is_its_match(assignment: Assignment, match_id: str, setup: MatchStarted, table: str) -> bool:
    """The one rule, for the board, the desks and the tournament: match `match_id` (started with
    `setup`, recorded on `table`, the table the server bound it to) is `assignment`'s match.

    Once the server named the assignment's started match, that match alone (a second one sent for
    the same assignment, or one named from another table, never is). Before: a match on the
    assignment's own table that names it; or, started by hand (from the printed draw while the
    network was down, or from the command line), one on that table that names no assignment,
    between the same two players (names compared as the entry list does: not case, accents or
    spacing). A match recorded on another table is never it, whatever it says."""
    if assignment.started_match:
        return match_id == assignment.started_match
    if table != assignment.table:
        return False
    if setup.assignment:
        return setup.assignment == assignment.id
    return same_players(setup.players, assignment.players)


def is_started(assignment: Assignment, matches: Iterable[tuple[str, MatchStarted, str]]) -> bool:
    """The assignment has its match among `matches` (match id, setup, table recorded), by `is_its_match`."""
    return bool(assignment.started_match) or any(is_its_match(assignment, *match) for match in matches)


def new_assignment_id() -> str:
    return str(uuid.uuid4())
