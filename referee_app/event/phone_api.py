"""The phone tables' JSON API (phone.md §3, §4) as plain functions: each request in, its answer out.

`PhoneTables.get` and `PhoneTables.post` take what a request carries (the table's number, its
`Authorization` header, the caller's address, the body's bytes) and give the status and JSON body
phone.md fixes; any web server mounts them as `GET`/`POST /api/score/N`. Every phone match is an
ordinary match log (rack scoring, match-log spec 1.3 §2a) in the organizer's database, started
when the queue puts the match on a phone table, written through the log's `Session` (the rules
check, then the store commits, then it is answered), with the tap's id stored in the same
transaction so that a tap sent again records nothing more. A match finished and signed by both
players completes its bracket match, and the table's next match is started at once.

The checks, in order: a body over 16 KiB (413, by the web server before it is read whole:
`web.sites.MAX_BODY`); an address past 20 wrong keys a minute (429, for
any key: a right key must not tell itself apart from a wrong one then); a key this table had
before it was replaced or taken back (401 `replaced`, never counted as a wrong key: the old tabs
of a lost card must not lock the new card out); a table that is not a phone table (404); the key
(401, the same for no key, a wrong key and another table's key: only the fingerprint in force
for this table fits); the body (400); a tap already recorded in its match (200, nothing written);
no match on the table, or not the tap's match (409: a tap made for one match never lands in the
next, phone.md 1.1); `after` not the latest version (409); a two-phone table's second signature
from the phone that gave the first (422); the rules (422).
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee_app.event import operations
from referee_app.event.phone_here import already_here, arrivals_by_lag, call_json, parse_here
from referee_app.event.phone_results import (
    BAD_FIELD,
    NOT_JSON,
    TAP_ID,
    UNKNOWN_FIELD,
    BadRequest,
    completion,
    dispute_refused,
    log_result,
    parse_dispute,
    request_json,
    seat_of,
)
from referee_app.event.session import ChangedElsewhere, StoreLog, ThreadedLog, TournamentSession
from referee_app.game.events import Event, Lag, MatchStarted, RackWon, Signed, Stalemate, Undo
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import State as MatchState
from referee_app.game.state import summary
from referee_app.game.vocab import Scoring, Seat, Status
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.log.codec import DEVICE, LogFormatError, event_from_json
from referee_app.log.session import Session, utc_now
from referee_app.log.store import Store, StoreError
from referee_app.tournament.events import AtTable, Disputed, DisputeWithdrawn
from referee_app.tournament.events import Event as TournamentEvent
from referee_app.tournament.events import MatchStarted as TournamentMatchStarted
from referee_app.tournament.model import Entry, MatchStatus, TournamentRefused
from referee_app.tournament.phones import key_fits
from referee_app.tournament.show import round_name
from referee_app.tournament.state import Slot, State
from referee_app.words.rounds import round_said

CTX = "PhoneApi"
WRONG_KEYS_A_MINUTE = 20
"""Wrong keys one address may send in a minute; past them every request of it is a 429."""
TURNED_DOWN_KEPT = 20_000
"""Taps answered 409 or 422 remembered by id (for the same answer when sent again)."""
PHONE_EVENTS: dict[str, type[Event]] = {
    "lag": Lag,
    "rack": RackWon,
    "stalemate": Stalemate,
    "sign": Signed,
    "undo": Undo,
}
"""The events a phone may send (phone.md §3)."""
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")
FIELDS = frozenset({"id", "match_id", "after", "device", "event"})
"""A tap's fields (phone.md 1.1 §3), each required."""

NO_KEY = QT_TRANSLATE_NOOP("PhoneApi", "this link's key does not open this table: scan the table's card again")
REPLACED = QT_TRANSLATE_NOOP("PhoneApi", "this card was replaced: scan the new card")
TAKEN_BACK = QT_TRANSLATE_NOOP("PhoneApi", "this table is no longer scored on the phones: ask the organizer")
OWN_PHONE = QT_TRANSLATE_NOOP(
    "PhoneApi", "each player signs on their own phone: {name} signed on this one, {other} signs on theirs"
)
NOT_A_PHONE_TABLE = QT_TRANSLATE_NOOP("PhoneApi", "there is no table {table} scored on the phones")
TOO_BIG = QT_TRANSLATE_NOOP("PhoneApi", "the request is too large (16 KiB at most)")
TOO_MANY = QT_TRANSLATE_NOOP(
    "PhoneApi", "too many wrong keys from this device: wait a minute, then scan the card again"
)
NOT_FOR_PHONES = QT_TRANSLATE_NOOP("PhoneApi", "a phone cannot record a {type} event")
NO_SEQ = QT_TRANSLATE_NOOP("PhoneApi", "an event from a phone carries no seq or at: the laptop numbers and times it")
BAD_EVENT = QT_TRANSLATE_NOOP("PhoneApi", "the event is not valid: {why}")
UNAVAILABLE = QT_TRANSLATE_NOOP(
    "PhoneApi", "the laptop could not read or write the tournament just now: nothing was recorded, try again"
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A 422 of the phone tables' own (not the match's rules): its template and values, said in the
    language of each request that gets it (a tap sent again gets the same refusal)."""

    template: str
    params: tuple[tuple[str, str], ...] = ()

    def message(self, tr: Translate) -> str:
        return tr(CTX, self.template).format(**dict(self.params))


@dataclass(frozen=True, slots=True)
class PhoneTableView:
    """A phone table as it stands, typed: what `GET /api/score/N` answers (phone.md §3), read by
    attribute in the process (the window's Tables tab, the live scores on `/bracket`); `to_json`
    is the wire's shape, made only at the JSON edge."""

    table: int
    match: str | None
    """The bracket match on the table (None: none)."""
    rules: str
    match_id: str | None = None
    """Its phone match log (None until started)."""
    version: int = 0
    """The log's last seq (a tap's `after`)."""
    round: str | None = None
    """The round, in the words of the request answered."""
    played: MatchState | None = None
    """The phone match as its log replays."""

    @property
    def players(self) -> tuple[str, str] | None:
        return None if self.played is None else self.played.setup.players

    @property
    def score(self) -> tuple[int, int] | None:
        """The racks so far, A then B (None: no match started)."""
        return None if self.played is None else (self.played.score.a, self.played.score.b)

    @property
    def signed(self) -> tuple[bool, bool]:
        return (False, False) if self.played is None else (self.played.signed.a, self.played.signed.b)

    @property
    def finished(self) -> bool:
        return self.played is not None and self.played.status is Status.FINISHED

    def to_json(self) -> dict[str, Any]:
        played = self.played
        return {
            "table": self.table,
            "match": self.match,
            "match_id": self.match_id,
            "version": self.version,
            "round": self.round,
            "race_to": None if played is None else played.setup.race_to,
            "rules": self.rules,
            "players": None if played is None else {"A": played.setup.players[0], "B": played.setup.players[1]},
            "signed": {"A": self.signed[0], "B": self.signed[1]},
            "state": None if played is None else summary(played),
        }


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer of the API: its HTTP status and its JSON body."""

    status: int
    body: dict[str, Any]
    undo_target: int | None = None
    """The event an undo would take back now (the page's undo names it); sent as a header, beside
    phone.md's body."""
    disputed: tuple[str, ...] = ()
    """The seats ("A", "B") disputing the result on the table (`phone_results`); a header too."""
    view: PhoneTableView | None = None
    """The table as it stands, when the answer shows it (what the body's JSON was made from)."""

    def encoded(self) -> bytes:
        return json.dumps(self.body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True, slots=True)
class Tap:
    """A `POST /api/score/N` as read (phone.md 1.1 §3): the tap's id, the match it was made on, the
    version the phone saw, the phone, the event (a `sign` carrying the phone)."""

    id: str
    match_id: str
    after: int
    device: str
    event: Event


def bearer(authorization: str | None) -> str:
    """The key of an `Authorization: Bearer KEY` header ("" when there is none)."""
    if not authorization:
        return ""
    scheme, _, key = authorization.strip().partition(" ")
    return key.strip() if scheme.lower() == "bearer" else ""


@dataclass(slots=True)
class WrongKeys:
    """Wrong keys by address over the last minute (phone.md §3's 429)."""

    clock: Callable[[], float] = time.monotonic
    seen: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, address: str) -> deque[float]:
        times = self.seen.setdefault(address, deque())
        limit = self.clock() - 60.0
        while times and times[0] <= limit:
            times.popleft()
        if not times:
            del self.seen[address]
            return deque()
        return times

    def blocked(self, address: str) -> bool:
        return len(self._recent(address)) >= WRONG_KEYS_A_MINUTE

    def count(self, address: str) -> None:
        self._recent(address)
        self.seen.setdefault(address, deque()).append(self.clock())
        if len(self.seen) > 10_000:  # a crowd of addresses: forget the quietest
            for quiet in sorted(self.seen, key=lambda a: self.seen[a][-1])[:5_000]:
                del self.seen[quiet]


def speaking(asked: Sequence[str], languages: Mapping[str, Translate], otherwise: Translate) -> Translate:
    """The translation of the first language of `asked` (a request's, most wanted first) that
    `languages` offers, else `otherwise` (the server's own)."""
    return next((languages[code] for code in asked if code in languages), otherwise)


def early_answer(status: int, table: str, tr: Translate) -> Answer:
    """An answer given before the tournament is asked: 404 for a path naming no table, 413 for a
    body declared too large (`phone_http` answers them without reading the body), in `tr`'s words."""
    if status == 413:
        return Answer(413, {"error": tr(CTX, TOO_BIG)})
    return Answer(404, {"error": tr(CTX, NOT_A_PHONE_TABLE).format(table=table[:8])})


class PhoneTables:
    """The phone tables of one tournament, served from the organizer's database (phone.md §3, §4).

    Its words (a 4xx's `error`, a 422's `refused`) are in the request's language when `languages`
    offers one of those it asks for (`asked`, most wanted first: its `Accept-Language`), else in
    `tr`'s, the server's own. Safe to call from several threads: one request at a time is decided
    and written."""

    def __init__(
        self,
        db: Path,
        tournament: str,
        tr: Translate = english,
        clock: Callable[[], str] = utc_now,
        wrong_keys: WrongKeys | None = None,
        languages: Mapping[str, Translate] | None = None,
        session: TournamentSession | None = None,
    ) -> None:
        """Records through `session`, the process's one session of the tournament (its log's
        store is used here, on its thread: a phone match's start and the tournament's word of it
        go in one transaction); without one, a session of its own on the database at `db`."""
        if session is None:
            store = Store(db)
            session = TournamentSession(StoreLog(store, operations.find(store, tournament)))
            self._own: Store | None = store
        else:
            self._own = None
        self.session = session
        log = session.log
        assert isinstance(log, StoreLog | ThreadedLog), "the phone tables are kept in a database"
        self.store = log.store
        self.tournament_id = session.tournament_id
        self.tr = tr
        """The server's language: a request asking for none of `languages` is answered in it."""
        self.languages: dict[str, Translate] = dict(languages or {"en": english})
        self._speak: Translate | None = None
        """The language of the request being answered (set for its turn)."""
        self.clock = clock
        self.wrong_keys = wrong_keys or WrongKeys()
        self.lock = session.lock
        """The session's: one request, or one of the organizer's decisions, at a time."""
        self._seen: int | None = None
        """The tournament's seq as last looked at here (a move since, not ours, looks at every table)."""
        self._recheck = False
        """The organizer changed the tournament elsewhere (no signatures now, a dispute settled, an
        undo): the next settling checks every phone table's completion, not only the tapped one's."""
        self._sessions: dict[str, Session] = {}
        """The phone matches' logs as replayed, kept while no other server writes them."""
        self._turned_down: dict[tuple[str, str], RuleViolation | Refusal | None] = {}
        """The taps answered 409 (None) or 422 (the rules' refusal), by (match log, tap id): sent
        again, whatever `after` they carry, they get the same answer and record nothing (§3). Kept
        while this server runs: nothing was recorded for them, so nothing on disk remembers them."""
        self._in_turn = self._looked = False
        with self.lock:
            self._settle()

    def close(self) -> None:
        with self.lock:
            if self._own is not None:
                self._own.close()

    # -- the tournament as it stands --------------------------------------------------------------

    def state(self) -> State:
        """The tournament as the session holds it; the log's head is looked at once a request (the
        session's guard against another program's write: a request looks a dozen times)."""
        if not self._looked:
            self.session.catch_up()  # only the new events replayed
        state = self.session.state
        assert state is not None
        if state.seq != self._seen:
            self._recheck = self._recheck or self._seen is not None  # moved on elsewhere: look at every table
            self._seen = state.seq
        self._looked = self._in_turn
        return state

    @contextmanager
    def _turn(self, asked: Sequence[str] = ()) -> Iterator[None]:
        """One request's turn: the lock, the log's head read at its first look at the tournament,
        and its words in the first language of `asked` offered here."""
        with self.lock:
            self._in_turn, self._looked = True, False
            self._speak = speaking(asked, self.languages, self.tr)
            try:
                yield
            finally:
                self._in_turn, self._looked, self._speak = False, False, None

    @property
    def said(self) -> Translate:
        """The translation the request being answered is given its words in."""
        return self._speak or self.tr

    def early(self, status: int, table: str, asked: Sequence[str] = ()) -> Answer:
        """`early_answer` in the request's language (no lock: nothing is read)."""
        return early_answer(status, table, speaking(asked, self.languages, self.tr))

    def _record(self, events: list[TournamentEvent], decided_on: State) -> None:
        """The events decided on the tournament as it was (`decided_on`), through the session: a log
        that moved on since (another program) is a `StoreError` (503), nothing written, never
        applied to what it is now."""
        if self.session.state is not decided_on:
            raise StoreError(UNAVAILABLE)
        try:
            state = self.session.record(*events)
        except ChangedElsewhere:
            raise StoreError(UNAVAILABLE) from None
        self._seen = state.seq

    def _reread(self) -> None:
        """Nothing of a failed write was kept: the tournament read afresh (a log that cannot be read
        now is read at the next request), and every table looked at again."""
        self._sessions.clear()
        self._recheck = True
        with suppress(StoreError, ValueError, RecursionError):
            self.session.reload()

    def _session(self, match_id: str) -> Session:
        """The match's log as replayed, read again when another server (the window, `tournament
        serve`, on the same database) wrote to it since: its version is never a stale one."""
        session = self._sessions.get(match_id)
        if session is None or self.store.rows_after(match_id, session.history.next_seq - 1):
            session = self._sessions[match_id] = Session(self.store, match_id, self.clock)
        return session

    def _on_table(self, table: int) -> Slot | None:
        t = self.state().tournament
        return next(
            (s for s in t.slots.values() if s.status is MatchStatus.PLAYING and s.table == table),
            None,
        )

    def _current(self, table: int) -> tuple[Slot | None, str | None]:
        """The match on the table and its phone match log (None until started; a desk's log is
        never the phones' to write)."""
        t = self.state().tournament
        slot = self._on_table(table)
        if slot is None or slot.spec.id not in t.by_phone:
            return slot, None
        return slot, t.started.get(slot.spec.id)

    def _settle(self, check: Iterable[int] | None = None) -> None:
        """Start the match log of each phone table's match not started yet; complete the phone matches
        finished and signed by both on the tables of `check` (None: every table, as after a restart:
        a kill between the two writes loses none). Cheap without completions to check: a request does
        not read every table's log."""
        self.state()
        tables = None if check is None or self._recheck else set(check)
        self._recheck = False
        for _ in range(1000):  # each pass records one decision; a tournament has far fewer matches
            state = self.state()
            t = state.tournament
            playing = {s.table: s for s in t.slots.values() if s.status is MatchStatus.PLAYING}
            moved = False
            for table in sorted(t.phones):
                slot = playing.get(table)
                if slot is None:
                    continue
                if slot.spec.id not in t.started:
                    self._start(slot, table, state)
                    moved = True
                    break
                if tables is not None and table not in tables:
                    continue
                match_id = t.started[slot.spec.id]
                if slot.spec.id in t.by_phone and self._complete(slot, match_id, table, state):
                    moved = True
                    break
            if not moved:
                return

    def _start(self, slot: Slot, table: int, state: State) -> None:
        t = state.tournament
        assert slot.a is not None and slot.b is not None
        entries = [t.entry(name) or Entry(name) for name in (slot.a, slot.b)]
        setup = MatchStarted(
            players=(slot.a, slot.b),
            # the entry list's licences and clubs, for the sheets and the federation's export (as a desk's)
            licences=(entries[0].licence[:40], entries[1].licence[:40]),
            clubs=(entries[0].club[:80], entries[1].club[:80]),
            race_to=slot.spec.race,
            rules=t.options.rules.value,
            event=t.name,
            round=round_name(t, slot.spec.id),
            table=str(table),
            match_id=str(uuid.uuid4()),
            scoring=Scoring.RACKS,
        )
        try:  # the log and the tournament's word of it together: a server that lost the race leaves no log
            with self.store.transaction():
                session = Session.start(self.store, setup, self.clock)
                self._record([TournamentMatchStarted(slot.spec.id, setup.match_id, table)], state)
        except BaseException:
            self._reread()  # nothing of it was kept: read the tournament afresh
            raise
        self._sessions[setup.match_id] = session

    def _complete(self, slot: Slot, match_id: str, table: int, decided_on: State) -> bool:
        """The bracket match's result once its log is finished and both players signed it (§4; or
        at once, the organizer's option); a dispute whose players signed since is withdrawn first
        (`phone_results`). Decided on the tournament as `decided_on` has it (see `_record`)."""
        if match_id in decided_on.desk_results:
            return False  # its result was recorded once and undone by the organizer: not taken again
        state = self._session(match_id).state
        t = decided_on.tournament
        todo = completion(t, slot.spec.id, state)
        if todo == "withdraw":
            signed = [p for p in t.disputes.get(slot.spec.id, ()) if state.signed[seat_of(state, p)]]
            self._record([DisputeWithdrawn(slot.spec.id, p) for p in signed], decided_on)
            return True
        if todo != "complete":
            return False
        self._record([log_result(state, slot.spec.id, table, self.clock())], decided_on)
        return True

    # -- the answers ------------------------------------------------------------------------------

    def _error(self, status: int, template: str, **params: object) -> Answer:
        text = self.said(CTX, template)
        return Answer(status, {"error": text.format(**params) if params else text})

    def _table(self, status: int, table: int) -> Answer:
        """The table as it stands, answered with `status`, and what an undo would take back."""
        slot, match_id = self._current(table)
        target = self._session(match_id).history.undo_target if match_id else None
        shown = self.table_view(table)
        return Answer(status, shown.to_json(), target, self._disputed(slot, match_id), shown)

    def _refused(self, refusal: str, table: int) -> Answer:
        """422: the rules' sentence and the table as it stands (its dispute still said)."""
        slot, match_id = self._current(table)
        shown = self.table_view(table)
        body = {"refused": refusal, "table": shown.to_json()}
        return Answer(422, body, None, self._disputed(slot, match_id), shown)

    def _disputed(self, slot: Slot | None, match_id: str | None) -> tuple[str, ...]:
        if slot is None or match_id is None:
            return ()
        log = self._session(match_id).state
        return tuple(sorted(seat_of(log, p).value for p in self.state().tournament.disputes.get(slot.spec.id, ())))

    def table_view(self, table: int) -> PhoneTableView:
        """The table as it stands (`GET /api/score/N`'s answer, phone.md §3)."""
        t = self.state().tournament
        slot, match_id = self._current(table)
        rules = t.options.rules.value
        if slot is None or match_id is None:
            return PhoneTableView(table, slot.spec.id if slot is not None else None, rules)
        session = self._session(match_id)
        match = session.state
        said = round_said(match.setup.round, self.said)  # the log keeps it in English
        return PhoneTableView(table, slot.spec.id, rules, match_id, session.history.next_seq - 1, said, match)

    def table_json(self, table: int) -> dict[str, Any]:
        """The table as `GET /api/score/N` answers it (phone.md §3): the JSON edge."""
        return self.table_view(table).to_json()

    def _gate(self, table: int, authorization: str | None, address: str) -> Answer | None:
        """429, 401 `replaced`, 404 or 401 (in that order), or None: the key is this phone table's.
        A former key of the table is not a guess: it is never counted as a wrong key."""
        key = bearer(authorization)
        t = self.state().tournament
        former = any(key_fits(key, print_) for print_ in t.former_keys.get(table, ()))
        if former and key_fits(key, t.phones.get(table, "")):
            former = False  # a key given back by an undo: in force again
        if self.wrong_keys.blocked(address):
            if not former:
                self.wrong_keys.count(address)
            return self._error(429, TOO_MANY)
        if former:
            answer = self._error(401, REPLACED if table in t.phones else TAKEN_BACK)
            return Answer(401, {**answer.body, "replaced": True})
        if table not in t.phones:
            return self._error(404, NOT_A_PHONE_TABLE, table=table)
        if not key_fits(key, t.phones[table]):
            self.wrong_keys.count(address)
            return self._error(401, NO_KEY)
        return None

    def refresh(self) -> State:
        """The tournament now, the phone tables' new matches started (after the organizer's changes
        made elsewhere: the window, the command line). Completions are checked where a tap lands (a
        tap sent again included), on a table's GET, and for every table when the server starts."""
        with self._turn():
            self._settle(())
            return self.state()

    def get(self, table: int, authorization: str | None, address: str, asked: Sequence[str] = ()) -> Answer:
        """`GET /api/score/N`: the table as it stands (`asked`: the request's languages, see the class)."""
        return self._guarded(table, authorization, address, lambda: self._table(200, table), asked)

    def _guarded(
        self,
        table: int,
        authorization: str | None,
        address: str,
        answer: Callable[[], Answer],
        asked: Sequence[str] = (),
    ) -> Answer:
        """The gate (429, 404, 401: a request with no key here writes nothing, not even the tables'
        new matches), the new matches started and this table's match completed if it is due (a
        completion whose write failed, answered 503, is done at the phone's next request), then
        `answer`; one request at a time, in the first language of `asked` offered here."""
        with self._turn(asked):
            try:
                refused = self._gate(table, authorization, address)
                if refused is not None:
                    return refused
                self._settle((table,))  # this table's completion too: one whose write failed is done now
                self._lag_arrivals(table)
                return answer()
            except StoreError:
                return self._unavailable()

    def _unavailable(self) -> Answer:
        """The database could not be read or written (another program wrote first, a full disk):
        nothing was recorded, the phone sends its tap again; the tournament is read afresh."""
        self._reread()
        return self._error(503, UNAVAILABLE)

    def post(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        """`POST /api/score/N`: one tap recorded (200), or why not; nothing is written but on a 200."""
        return self._guarded(table, authorization, address, lambda: self._post(table, body), asked)

    def _post(self, table: int, body: bytes) -> Answer:
        parsed = self._parse(body)
        if isinstance(parsed, Answer):
            return parsed
        return self._tap(table, parsed)

    def _parse(self, body: bytes) -> Tap | Answer:
        try:
            request = request_json(body)
        except BadRequest as refused:
            return self._error(400, refused.template, **refused.values)
        if not isinstance(request, dict):
            return self._error(400, NOT_JSON)
        for name in request:
            if name not in FIELDS:
                return self._error(400, UNKNOWN_FIELD, field=json.dumps(str(name)[:40]))
        tap, after, raw = request.get("id"), request.get("after"), request.get("event")
        match_id, device = request.get("match_id"), request.get("device")
        if not isinstance(tap, str) or not TAP_ID.fullmatch(tap):
            return self._error(400, BAD_FIELD, field="id")
        if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
            return self._error(400, BAD_FIELD, field="match_id")
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= 10**9:
            return self._error(400, BAD_FIELD, field="after")
        if not isinstance(device, str) or not DEVICE.fullmatch(device):
            return self._error(400, BAD_FIELD, field="device")
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            return self._error(400, BAD_FIELD, field="event")
        if raw["type"] not in PHONE_EVENTS:
            return self._error(400, NOT_FOR_PHONES, type=json.dumps(raw["type"][:40]))
        if "seq" in raw or "at" in raw:
            return self._error(400, NO_SEQ)
        try:
            event, _, _ = event_from_json(raw)
        except LogFormatError as exc:
            return self._error(400, BAD_EVENT, why=exc)
        if isinstance(event, Signed):  # the server records the phone that signed (match-log 1.4)
            event = Signed(event.player, device)
        return Tap(tap, match_id, after, device, event)

    def _tap(self, table: int, request: Tap) -> Answer:
        slot, match_id = self._current(table)
        tap = request.id
        if self._known_tap(table, request.match_id, tap):
            self._completed(table)
            return self._table(200, table)
        if slot is None or match_id is None or match_id != request.match_id:
            return self._table(409, table)  # made for another match: never lands in this one
        if (match_id, tap) in self._turned_down:  # sent again after a 409 or a 422: the same answer
            first = self._turned_down[match_id, tap]
            return self._table(409, table) if first is None else self._refused(first.message(self.said), table)
        session = self._session(match_id)
        if request.after != session.history.next_seq - 1:
            self._turn_down(match_id, tap, None)
            return self._table(409, table)
        own = self._own_phone(table, session, request.event)
        if own is not None:
            self._turn_down(match_id, tap, own)
            return self._refused(own.message(self.said), table)
        try:
            session.record(request.event, tap=tap)
        except RuleViolation as exc:
            self._turn_down(match_id, tap, exc)
            return self._refused(exc.message(self.said), table)
        self._completed(table)
        if isinstance(request.event, Lag):
            self._lag_arrivals(table)
        return self._table(200, table)

    def _own_phone(self, table: int, session: Session, event: Event) -> Refusal | None:
        """On a two-phone table, a signature from the phone that gave the other player's signature
        still in force (phone.md 1.1 §3: each player signs on their own phone)."""
        if not isinstance(event, Signed) or table in self.state().tournament.one_phone:
            return None
        for step in session.history.in_force():
            signed = step.event
            if isinstance(signed, Signed) and signed.player is not event.player and signed.device == event.device:
                setup = session.setup
                names = {"name": setup.name(signed.player), "other": setup.name(event.player)}
                return Refusal(OWN_PHONE, tuple(names.items()))
        return None

    def _turn_down(self, match_id: str, tap: str, why: RuleViolation | Refusal | None) -> None:
        if len(self._turned_down) >= TURNED_DOWN_KEPT:  # a phone sending new ids all day: the oldest go
            for old in list(self._turned_down)[: TURNED_DOWN_KEPT // 2]:
                del self._turned_down[old]
        self._turned_down[match_id, tap] = why

    def _completed(self, table: int) -> None:
        """The table's match completed if its log is signed by both, after a tap that is durable
        already: another server (the window, `tournament serve`) that wrote to the tournament's log
        first only delays the completion to the table's next request, it never unsays the tap."""
        try:
            self._settle((table,))
        except StoreError:
            self._reread()  # read the tournament afresh (and every table looked at again)

    def dispute(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        """`POST /api/score/N/dispute` (`phone_results`): a player does not agree with the result. The
        same checks and answers as a tap (429, 404, 401, 400, 200 for an id already recorded,
        409, 422), recorded in the tournament's log as `Disputed`."""
        return self._guarded(table, authorization, address, lambda: self._parsed_dispute(table, body), asked)

    def _parsed_dispute(self, table: int, body: bytes) -> Answer:
        parsed = parse_dispute(body)
        if isinstance(parsed, tuple):
            template, values = parsed
            return self._error(400, template, **values)
        return self._dispute(table, parsed.tap, parsed.after, parsed.seat, parsed.match_id)

    def _dispute(self, table: int, tap: str, after: int, seat: Seat, made_on: str | None = None) -> Answer:
        decided_on = self.state()
        if tap in decided_on.dispute_taps:
            return self._table(200, table)
        slot, match_id = self._current(table)
        if slot is None or match_id is None or made_on not in (None, match_id):
            return self._table(409, table)
        session = self._session(match_id)
        if after != session.history.next_seq - 1:
            return self._table(409, table)
        log = session.state
        why = dispute_refused(log, seat)
        if why is not None:
            refusal = self.said(CTX, why[0]).format(**why[1])
            return self._refused(refusal, table)
        try:
            self._record([Disputed(slot.spec.id, log.setup.name(seat), match_id, tap)], decided_on)
        except TournamentRefused as exc:
            return self._refused(exc.message(self.said), table)
        return self._table(200, table)

    def here(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        """`POST /api/score/N/here` (`phone_here`): a called player says they are at the table. The
        same checks as a tap (429, 404, 401, 400, 409 for another match or none), 200 for an id already
        recorded or a player at the table already; recorded in the tournament's log as `at_table`."""
        return self._guarded(table, authorization, address, lambda: self._here(table, body), asked)

    def _here(self, table: int, body: bytes) -> Answer:
        parsed = parse_here(body)
        if isinstance(parsed, tuple):
            template, values = parsed
            return self._error(400, template, **values)
        decided_on = self.state()
        if already_here(decided_on.tournament, parsed.tap):
            return self._table(200, table)
        slot, match_id = self._current(table)
        if slot is None or match_id is None or parsed.match_id != match_id:
            return self._table(409, table)
        player = slot.a if parsed.seat is Seat.A else slot.b
        call = call_json(decided_on.tournament, slot)
        if player is None or (call is not None and call["here"][parsed.seat.value]):
            return self._table(200, table)  # at the table already: nothing more to say
        arrived = AtTable(slot.spec.id, player, "phone", self.clock(), parsed.device, parsed.tap)
        try:
            self._record([arrived], decided_on)
        except TournamentRefused as exc:
            return self._refused(exc.message(self.said), table)
        return self._table(200, table)

    def _lag_arrivals(self, table: int) -> None:
        """The lag recorded at the table: both players are at it (their late-start clock stops). Done
        at the table's next request when its write fails (the lag itself is durable)."""
        slot, match_id = self._current(table)
        if slot is None or match_id is None:
            return
        lag_played = self._session(match_id).state.status in (Status.PLAYING, Status.FINISHED)
        decided_on = self.state()
        arrived = arrivals_by_lag(decided_on.tournament, slot, lag_played, self.clock())
        if arrived:
            with suppress(StoreError, TournamentRefused):
                self._record(list(arrived), decided_on)

    def _known_tap(self, table: int, match_id: str, tap: str) -> bool:
        """Whether `tap` was recorded in its match (`match_id`), one played on this table (the
        current one, or one it completed: its answer lost, the phone sends it again after the table
        moved on)."""
        t = self.state().tournament
        played = {
            t.started[m]
            for m in t.by_phone
            if m in t.started and (t.on_table.get(m) == table or (m in t.results and t.results[m].table == table))
        }
        return match_id in played and self.store.tap_seq(match_id, tap) is not None
