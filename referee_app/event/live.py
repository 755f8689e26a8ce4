"""The tournament on connected desks: the table queue sent through the event server, and the
desks' finished matches brought back as results, by themselves.

The engine puts a ready match on a free table; `plan` sends it there as a venue assignment
(players, race of its side, the tournament's rules and shot clock, its round, the event's
name) and records `AssignmentSent` first, so the link from the desk's match back to the bracket
survives a restart. Which match is an assignment's is the venue's one rule (`is_its_match`,
shared with the board and the desks): the server's started match, else one on the assignment's
own table naming it, or started by hand there between its two players. Each assignment has at
most one match and each match one assignment (`link`); a finished match naming an assignment it
is not (another table's, a second one) is reported, never applied. A linked match completes its
bracket match once its log ended by the race, at the bracket's race (replayed with the game's
rules); a concession, a penalty or another race is left to the organizer; a void match
completes nothing and the match is sent again (voided after its result was taken: reported).
The desks' logs come from the event server or from the organizer's own database (merged from a
USB stick, or pulled). A desk's match is taken once: one whose result the organizer undid is
not taken again, and one that contradicts a result typed by hand is reported, never applied.

`plan` is pure (the state, what the server holds, the desks' matches); `sync` does one round
for the command line; `LiveSync` does it again and again, a subscriber of the process's one
reader of the live event (`venue.board.BoardWatcher`): the board's, or one of its own in the
tournament's window.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.event import operations
from referee_app.event.phone_push import push_phones
from referee_app.event.session import ChangedElsewhere, TournamentSession
from referee_app.game.events import MatchStarted
from referee_app.game.history import History
from referee_app.game.history import replay as replay_match
from referee_app.game.vocab import BreakOrder, MatchResult, Scoring, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english, in_words
from referee_app.log.store import Store, StoreError
from referee_app.organizer.operations import Line
from referee_app.tournament.clock import at_table
from referee_app.tournament.events import AssignmentSent, AtTable, Event, ResultRecorded
from referee_app.tournament.model import Entry, MatchStatus, TournamentRefused
from referee_app.tournament.show import view as tournament_view
from referee_app.tournament.state import Slot, State, apply, utc_text
from referee_app.tournament.wording import round_names
from referee_app.venue import db
from referee_app.venue.board import BoardModel, BoardWatcher, Reading, ServerState, refresh
from referee_app.venue.model import Assignment, first_line, is_its_match
from referee_app.words.localtime import local_date
from referee_app.words.names import name_key, same_players
from referee_app.worker import log

if TYPE_CHECKING:
    from referee_app.event.follow import HeldTournament
    from referee_app.venue.db import Conn

CTX = "Tournament"


@dataclass(frozen=True, slots=True)
class DeskMatch:
    """A desk's match, as its log replays: one that names an assignment, or one started by hand."""

    match_id: str
    assignment: str
    table: str
    """The table the event server recorded the match on (a match known only from the organizer's
    database: the table its desk wrote)."""
    players: tuple[str, str]
    over: bool
    void: bool
    winner: str | None
    score: tuple[int, int]
    """Racks of `players[0]`, `players[1]`."""
    ended_at: str
    setup: MatchStarted
    result: MatchResult | None = None
    """How it ended: a race won, a concession, a penalty (None: not over)."""
    started_at: str = ""
    """When its first event was recorded (the organizer is told "0-0 since 18:59")."""


def desk_match(match_id: str, history: History, table: str = "") -> DeskMatch:
    state = history.state
    setup = history.setup
    winner = None if state.winner is None else setup.name(state.winner)
    return DeskMatch(
        match_id,
        setup.assignment,
        table or setup.table,
        setup.players,
        state.over,
        state.void,
        winner,
        (state.score[Seat.A], state.score[Seat.B]),
        history.entries[-1].at,
        setup,
        state.result,
        history.entries[0].at,
    )


@dataclass(frozen=True, slots=True)
class Server:
    """What the event server holds now: assignments, the ones a desk's match names, tables with a key."""

    assignments: frozenset[str]
    started: frozenset[str]
    tables: frozenset[str]
    started_by: Mapping[str, str] = field(default_factory=dict)
    """Each assignment's started match, as the server recorded it (the first match naming it from its table)."""
    here: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The players a desk's referee marked at the table, by assignment: player -> when (UTC)."""


@dataclass
class Plan:
    """One round's work: events to record (first), then assignments to send and to take back."""

    events: list[Event] = field(default_factory=list)
    send: list[Assignment] = field(default_factory=list)
    withdraw: list[str] = field(default_factory=list)
    decided: list[str] = field(default_factory=list)
    """Assignments a desk is still playing whose match the organizer decided by hand: taken back,
    started or not, so that the desk says its match was decided."""
    done: list[str] = field(default_factory=list)
    """What happened, in words."""
    problems: list[str] = field(default_factory=list)
    """What was not done and needs the organizer, in words."""


RESULT = QT_TRANSLATE_NOOP("Tournament", "{id}: {winner} wins {a}-{b} on table {table} (from the desk)")
SENT = QT_TRANSLATE_NOOP("Tournament", "{id}: {a} v {b} sent to table {table}")
VOIDED = QT_TRANSLATE_NOOP("Tournament", "{id}: the desk's match was voided; it completes nothing and is sent again")
CONTRADICTS = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: the desk says {winner} won {a}-{b}, but the result recorded by hand differs: not applied (correct it if the"
    " desk is right)",
)
UNDONE = QT_TRANSLATE_NOOP(
    "Tournament", "{id}: the desk's result was undone by hand and is not taken again: record the result by hand"
)
OTHER_PLAYERS = QT_TRANSLATE_NOOP(
    "Tournament", "{id}: the desk's match {a} v {b} no longer fits the bracket ({why}): not applied"
)
NOT_ITS_TABLE = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: a match recorded on table {table} ({a} v {b}) names the match sent to table {sent}: not applied",
)
NOT_ITS_MATCH = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: the desk's match {match} ({a} v {b}) is a second match for an assignment whose match is {first}: not"
    " applied",
)
VOIDED_AFTER = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: the desk's match was voided after its result was taken: it counts nowhere; undo the result by hand (or"
    " record the match's result again)",
)
OTHER_RACE = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: the desk played a race to {desk_race}, the bracket's is {race}: not applied, record the result by hand",
)
ENDED_SHORT = QT_TRANSLATE_NOOP(
    "Tournament",
    "{id}: the desk's match ended {a}-{b} before the race was won (a concession or a penalty): record the result by"
    " hand",
)
PHONES_PUSHED = QT_TRANSLATE_NOOP("Tournament", "the phone tables: {n} events sent to the event server")
PHONE_CONFLICT = QT_TRANSLATE_NOOP(
    "Tournament", "phone match {match}: not sent from event {seq} on, the event server holds another ({why})"
)
SYNC_FAILED = QT_TRANSLATE_NOOP("Tournament", "tournament sync: {error}")
SERVER_GONE = QT_TRANSLATE_NOOP(
    "Tournament",
    "the event server cannot be reached ({why}): the desks and the phones keep scoring; the desks' results are"
    " taken and their matches sent when it is back",
)
NO_KEY = QT_TRANSLATE_NOOP(
    "Tournament", "table {table} has no key on the event server yet: add the table (board: Event > Add a table)"
)


def _same_pair(players: Iterable[str | None], slot: Slot) -> bool:
    return same_players(players, (slot.a, slot.b))


def _claim(sent: AssignmentSent, started_match: str) -> Assignment:
    """What `is_its_match` reads of an assignment the tournament sent (its race and rules play no part)."""
    return Assignment(sent.assignment, str(sent.table), sent.players, 1, "", "", started_match=started_match)


def link(state: State, desks: Iterable[DeskMatch], server: Server | None) -> dict[str, DeskMatch]:
    """Each sent assignment's match among `desks`, by the one rule (`venue.model.is_its_match`):
    at most one per assignment (the server's started match, or the first started), and each match
    the match of one assignment at most (the first sent it fits)."""
    started_by = server.started_by if server is not None else {}
    ordered = sorted(desks, key=lambda d: (d.started_at, d.match_id))
    linked: dict[str, DeskMatch] = {}
    used: set[str] = set()
    for sent in state.sent:
        if sent.assignment in linked:
            continue
        claim = _claim(sent, started_by.get(sent.assignment, ""))
        for desk in ordered:
            if desk.match_id not in used and is_its_match(claim, desk.match_id, desk.setup, desk.table):
                linked[sent.assignment] = desk
                used.add(desk.match_id)
                break
    return linked


def _strays(state: State, desks: Iterable[DeskMatch], linked: dict[str, DeskMatch], tr: Translate) -> list[str]:
    """The finished desk matches that name an assignment but are not its match: another table's
    login, or a second match sent for the same assignment. Each is said, never applied."""
    by_assignment = {s.assignment: s for s in state.sent}
    mine = {d.match_id for d in linked.values()}
    said: list[str] = []
    for desk in sorted(desks, key=lambda d: (d.ended_at, d.match_id)):
        sent = by_assignment.get(desk.assignment)
        if sent is None or desk.match_id in mine or not desk.over or desk.void:
            continue
        a, b = desk.players
        if desk.table != str(sent.table):
            text = tr(CTX, NOT_ITS_TABLE).format(id=sent.match, table=desk.table, a=a, b=b, sent=sent.table)
        else:
            first = linked[sent.assignment].match_id if sent.assignment in linked else "?"
            text = tr(CTX, NOT_ITS_MATCH).format(id=sent.match, match=desk.match_id, a=a, b=b, first=first)
        said.append(text)
    return said


def _current(state: State, slot: Slot, spent: set[str]) -> AssignmentSent | None:
    """The assignment that stands for `slot` on its table now: the latest sent there with its
    players, unless its desk's match was voided."""
    for sent in reversed(state.sent):
        if sent.match == slot.spec.id:
            if sent.table == slot.table and _same_pair(sent.players, slot) and sent.assignment not in spent:
                return sent
            return None
    return None


def plan(
    state: State,
    tournament_id: str,
    desks: Iterable[DeskMatch],
    server: Server | None,
    tr: Translate = english,
    new_id: Callable[[], str] | None = None,
) -> Plan:
    """Results from the desks' finished matches, then the matches on tables sent (with `server`)."""
    out = Plan()
    desks = list(desks)
    by_assignment = {s.assignment: s for s in state.sent}
    linked = link(state, desks, server)
    spent = {assignment for assignment, desk in linked.items() if desk.void}

    def t(text: str) -> str:
        return tr(CTX, text)

    for assignment, desk in sorted(linked.items(), key=lambda item: (item[1].ended_at, item[1].match_id)):
        to = by_assignment[assignment]
        if desk.void:
            slot = state.tournament.slots.get(to.match)
            outcome = None if slot is None else slot.outcome
            if outcome is not None and outcome.match_id == desk.match_id:  # taken, then voided at the desk
                out.problems.append(t(VOIDED_AFTER).format(id=to.match))
            continue
        if desk.over:
            state = _take(state, desk, to, out, tr)
    out.problems += _strays(state, desks, linked, tr)
    if server is None:
        return out
    names = round_names(tournament_view(state.tournament, tournament_id).matches, tr)
    current: set[str] = set()
    for slot in state.tournament.slots.values():
        if slot.status is not MatchStatus.PLAYING or slot.table is None or slot.a is None or slot.b is None:
            continue
        if slot.table in state.tournament.phones:  # scored on the players' phones: no desk's (phone.md §1)
            continue
        sent = _current(state, slot, spent)
        latest = next((s for s in reversed(state.sent) if s.match == slot.spec.id), None)
        voided = latest is not None and latest.assignment in spent
        if sent is None:
            ident = new_id() if new_id is not None else _assignment_id(tournament_id, slot.spec.id)
            racks = slot.table in state.tournament.rack_tables  # no referee there: the desk scores racks
            sent = AssignmentSent(slot.spec.id, slot.table, ident, (slot.a, slot.b), racks)
            state = apply(state, sent)
            out.events.append(sent)
            out.done.append(t(VOIDED if voided else SENT).format(id=slot.spec.id, a=slot.a, b=slot.b, table=slot.table))
        current.add(sent.assignment)
        state = _marked_at_desk(state, slot, server.here.get(sent.assignment, {}), out)
        if sent.assignment not in server.assignments and sent.assignment not in server.started:
            out.send.append(_assignment(state, sent, names.get(slot.spec.id, slot.spec.id)))
        if str(slot.table) not in server.tables:
            out.problems.append(t(NO_KEY).format(table=slot.table))
    stale = {s.assignment for s in state.sent} - current - server.started
    out.withdraw = sorted(stale & server.assignments)
    for assignment, desk in linked.items():  # a desk still playing a match the organizer decided by hand
        held = state.tournament.slots.get(by_assignment[assignment].match)
        if desk.over or desk.void or held is None or not held.played or assignment not in server.assignments:
            continue
        out.decided.append(assignment)
    return out


def _marked_at_desk(state: State, slot: Slot, marked: Mapping[str, str], out: Plan) -> State:
    """The players the desk's referee marked at the table (on the event server), recorded as `at_table`
    once each: their late-start clock stops."""
    seated = at_table(state.tournament, slot.spec.id)
    for player, at in marked.items():
        if player in (slot.a, slot.b) and player not in seated:
            arrived = AtTable(slot.spec.id, player, "desk", at)
            state = apply(state, arrived)
            out.events.append(arrived)
    return state


def _take(state: State, desk: DeskMatch, sent: AssignmentSent, out: Plan, tr: Translate) -> State:
    """A desk's finished match as its bracket match's result, once."""

    def t(text: str) -> str:
        return tr(CTX, text)

    slot = state.tournament.slots.get(sent.match)
    if slot is None or slot.a is None or slot.b is None:
        return state
    if not _same_pair(desk.players, slot):
        why = f"{slot.a} v {slot.b}"
        out.problems.append(t(OTHER_PLAYERS).format(id=sent.match, a=desk.players[0], b=desk.players[1], why=why))
        return state
    a_first = name_key(desk.players[0]) == name_key(slot.a)
    score = desk.score if a_first else (desk.score[1], desk.score[0])
    winner = slot.a if desk.winner is not None and name_key(desk.winner) == name_key(slot.a) else slot.b
    said = {"id": sent.match, "winner": winner, "a": score[0], "b": score[1]}
    won = {**said, "a": max(score), "b": min(score)}  # "X wins 2-0": the winner's racks first
    if slot.played:
        outcome = slot.outcome
        same = outcome is not None and outcome.winner == winner and outcome.score == score
        if not same:
            out.problems.append(t(CONTRADICTS).format(**won))
        return state
    if desk.match_id in state.desk_results:
        out.problems.append(t(UNDONE).format(**said))
        return state
    if slot.status not in (MatchStatus.READY, MatchStatus.PLAYING):
        return state
    if desk.winner is None or desk.result is not MatchResult.RACE or max(score) != desk.setup.race_to:
        out.problems.append(t(ENDED_SHORT).format(**said))
        return state
    if desk.setup.race_to != slot.spec.race:
        out.problems.append(t(OTHER_RACE).format(id=sent.match, desk_race=desk.setup.race_to, race=slot.spec.race))
        return state
    event = ResultRecorded(sent.match, winner, score, desk.match_id, sent.table, local_date(desk.ended_at))
    try:
        state = apply(state, event)
    except TournamentRefused as exc:
        why = exc.message(tr)
        out.problems.append(t(OTHER_PLAYERS).format(id=sent.match, a=desk.players[0], b=desk.players[1], why=why))
        return state
    out.events.append(event)
    out.done.append(t(RESULT).format(**won, table=event.table))
    return state


def _assignment_id(tournament_id: str, match: str) -> str:
    import uuid

    return f"{tournament_id}.{match}.{uuid.uuid4().hex[:12]}"


def _assignment(state: State, sent: AssignmentSent, round_name: str) -> Assignment:
    t = state.tournament
    spec = t.slots[sent.match].spec
    entries = [t.entry(name) or Entry(name) for name in sent.players]
    return Assignment(
        sent.assignment,
        str(sent.table),
        sent.players,
        spec.race,
        t.options.rules.value,
        BreakOrder.ALTERNATE.value,
        t.name,
        round_name,
        t.options.shot_clock,
        # the entry list's licences and clubs, for the federation's sheets (within the server's limits)
        licences=(entries[0].licence[:40], entries[1].licence[:40]),
        clubs=(entries[0].club[:80], entries[1].club[:80]),
        scoring=Scoring.RACKS if sent.racks else Scoring.SHOTS,
    )


# --- the desks' matches ---------------------------------------------------------------------------


def server_desks(model: BoardModel) -> list[DeskMatch]:
    """The board model's matches, with the table the server recorded each on (a damaged one is the
    board's to show); `link` picks those that are an assignment's."""
    return [
        desk_match(match_id, followed.history, followed.table)
        for match_id, followed in model.matches.items()
        if not followed.broken
    ]


def stored_desks(store: Store, sent: Iterable[AssignmentSent]) -> list[DeskMatch]:
    """The matches of the organizer's own database (merged or pulled) that may be one of `sent`'s:
    naming one, or started by hand on its table between its players (each replayed only then)."""
    wanted = {s.assignment for s in sent}
    by_hand = {(str(s.table), name_key(s.players[0]), name_key(s.players[1])) for s in sent}
    by_hand |= {(table, b, a) for table, a, b in by_hand}
    found: list[DeskMatch] = []
    if not wanted:
        return found
    for match_id, setup in store.setups():
        if setup is None:
            continue
        own = setup.assignment in wanted
        hand = not setup.assignment and (setup.table, *map(name_key, setup.players)) in by_hand
        if not own and not hand:
            continue
        try:
            found.append(desk_match(match_id, replay_match(store.load(match_id))))
        except Exception:  # a damaged log: merge and verify report it; it completes nothing
            continue
    return found


def merged_desks(*sources: Iterable[DeskMatch]) -> list[DeskMatch]:
    """One per match id: a finished copy wins over one still being played, on the table of the
    first source that has it (the event server's, first: a desk cannot move its match by a copy)."""
    best: dict[str, DeskMatch] = {}
    for source in sources:
        for desk in source:
            held = best.get(desk.match_id)
            if held is None:
                best[desk.match_id] = desk
            elif desk.over and not held.over:
                best[desk.match_id] = replace(desk, table=held.table)
    return list(best.values())


def read_server(conn: Conn, model: BoardModel) -> Server:
    """The server's state now (the model's matches brought up to date)."""
    refresh(conn, model)
    return server_now(conn, model)


def server_now(conn: Conn, model: BoardModel) -> Server:
    """The server's state as `model` last read it, with the tables that have a key."""
    setups = model.setups()
    return Server(
        frozenset(a.id for a in model.assignments),
        frozenset(s.assignment for s in setups if s.assignment),
        frozenset(db.tables(conn)),
        {a.id: a.started_match for a in model.assignments if a.started_match},
        {a: {p: utc_text(at) for p, at in marked.items()} for a, marked in db.arrivals(conn).items()},
    )


def send(conn: Conn, work: Plan) -> None:
    """The plan's assignments to the server, and the stale ones taken back, in one transaction."""
    with conn.transaction():
        for assignment in work.send:
            db.insert_assignment(conn, assignment)
        for assignment_id in work.withdraw:
            db.withdraw_assignment(conn, assignment_id)
        for assignment_id in work.decided:
            db.take_back_decided(conn, assignment_id)


# --- one round, for the command line and the merge --------------------------------------------------


def complete_from_store(store: Store, tr: Translate = english) -> list[Line]:
    """After a merge: every tournament of `store` takes the finished desks' matches now in it.
    Returns what was done, and what was not (`problem`), in words."""
    lines: list[Line] = []
    for index in store.tournaments():
        try:
            session = TournamentSession.open(store, index.tournament_id)
            state = session.state
            if state is None or not state.sent:
                continue
            desks = stored_desks(store, state.sent)
            work = plan(state, session.tournament_id, desks, None, tr)
            if work.events:
                session.record(*work.events)
        except (StoreError, TournamentRefused) as exc:  # one tournament that cannot be read never stops the others
            lines.append(Line(f"{index.name}: {in_words(exc, tr)}", problem=True))
            continue
        lines += [Line(f"{index.name}: {text}") for text in work.done]
        lines += [Line(f"{index.name}: {text}", problem=True) for text in work.problems]
    return lines


def sync(store: Store, ref: str, conn: Conn, model: BoardModel | None = None, tr: Translate = english) -> Plan:
    """One round: results from the desks (server and database), the matches on tables sent, the
    phone tables' matches pushed."""
    session = TournamentSession.open(store, ref)
    state = session.state
    assert state is not None
    db.server_id(conn)
    model = model or BoardModel()
    server = read_server(conn, model)
    desks = merged_desks(server_desks(model), stored_desks(store, state.sent))
    work = plan(state, session.tournament_id, desks, server, tr)
    if work.events:
        state = session.record(*work.events)  # durable before anything is sent
    send(conn, work)
    phones = push_phones(conn, store, state)  # the phone tables' matches, for the board
    if phones.pushed:
        work.done.append(tr(CTX, PHONES_PUSHED).format(n=phones.pushed))
    for match_id, (seq, why) in phones.conflicts.items():
        work.problems.append(tr(CTX, PHONE_CONFLICT).format(match=match_id, seq=seq, why=why))
    return work


# --- again and again, beside the board or in the tournament's window -----------------------------

Decide = Callable[[Server, list[DeskMatch]], Plan | None]
"""Plans and records one round (on whichever thread owns the tournament); None: nothing to send."""


class LiveSync:
    """The tournament's sync: a subscriber of the process's one reader of the live event.

    On each refresh that may change a round (the assignments, the desks online or the conflicts
    read again, which is at least every `poll_s`; or a desk's match that names an assignment
    started, finished or was voided) it has `decide` plan and record, then sends what was planned
    on the reader's connection. `on_report(plan | None, error)` after each round (an error string
    when it failed, or while the server cannot be read). All of it on the reader's thread."""

    def __init__(
        self,
        reader: BoardWatcher,
        decide: Decide,
        on_report: Callable[[Plan | None, str], None],
        tr: Translate = english,
        own_reader: bool = False,
        handoff: Handoff | None = None,
    ) -> None:
        self.reader = reader
        self.decide = decide
        self.on_report = on_report
        self.tr = tr
        """The language of a failure's words: a refused or damaged tournament says it in the board's."""
        self.own_reader = own_reader
        self.handoff = handoff
        self._seen: frozenset[tuple[str, bool, bool]] | None = None
        """The desks' matches (id, over, void) at the last round."""
        self._failing = False
        """The last round failed (logged with its traceback once, until a round goes through)."""
        self._gone = False
        """The server is out of reach, and that was said (once, not at each of the reader's tries)."""
        self._stopped = False

    @classmethod
    def alone(
        cls,
        conninfo: str,
        decide: Decide,
        on_report: Callable[[Plan | None, str], None],
        post: Callable[[Callable[[], None]], None] | None = None,
        tr: Translate = english,
    ) -> LiveSync:
        """A sync with a reader of its own (a process with no board: the tournament's window), not
        started. `post`: `decide` runs on the thread `post` hands a call to (the window's)."""
        handoff = None if post is None else Handoff(post, decide)
        return cls(BoardWatcher(conninfo), decide if handoff is None else handoff, on_report, tr, True, handoff)

    def start(self) -> LiveSync:
        self.reader.subscribe(self.on_reading)
        if self.own_reader:
            self.reader.start()
        return self

    def stop(self) -> None:
        """No round after this one (a round waiting for the window's thread gives up)."""
        self._stopped = True
        self.reader.unsubscribe(self.on_reading)
        if self.handoff is not None:
            self.handoff.cancel()
        if self.own_reader:
            self.reader.stop()

    @property
    def stopping(self) -> bool:
        return self._stopped

    def on_reading(self, reading: Reading) -> None:
        """One refresh of the live event: a round when it may change one."""
        if self._stopped:
            return
        if reading.conn is None:
            self._seen = None
            why = reading.error or "?"
            if reading.board.server is not ServerState.OFFLINE:  # connected, but a read failed: why
                self.on_report(None, why)
            else:
                self._server_gone(why)
            return
        self._gone = False
        desks = server_desks(reading.model)
        seen = frozenset((d.match_id, d.over, d.void) for d in desks)
        if not reading.everything and seen == self._seen:
            return
        self._seen = seen
        try:
            work = self.decide(server_now(reading.conn, reading.model), desks)
            if work is not None and (work.send or work.withdraw or work.decided):
                send(reading.conn, work)
        except Exception as exc:  # said, and tried again at the next full read (never at each desk's event)
            if _lost(reading.conn):  # the server went in the middle of the round: the reader's next try says it too
                self._seen = None
                self._server_gone(first_line(exc))
                return
            if not self._failing:
                log.exception("tournament-sync: %s", exc)
            self._failing = True
            words = in_words(exc, self.tr)
            self.on_report(None, first_line(exc) if words is exc else str(words))
            return
        self._failing = False
        self.on_report(work, "")

    def _server_gone(self, why: str) -> None:
        """Said in words, once per outage (the reader tries again every second)."""
        if not self._gone:
            self._gone = True
            self.on_report(None, self.tr(CTX, SERVER_GONE).format(why=why))


def _lost(conn: Conn) -> bool:
    """The connection to the event server is lost (not a statement that failed on a live one)."""
    return bool(conn.broken or conn.closed)


OnState = Callable[[State, str], None]
"""Told the tournament as it stands (and its id) after each round: the board publishes it."""


RACED_ATTEMPTS = 3
"""A round whose log another writer moved on first (`tournament serve` recording a phone's
result, the window) is planned again on the log as it is now, up to this many times."""


def store_decider(store_path: Path, ref: str, tr: Translate = english, on_state: OnState | None = None) -> Decide:
    """`decide` for a board with no tournament of its own: the database, opened each round;
    `on_state` gets the tournament after the round (with what it recorded)."""

    def once(server: Server, desks: list[DeskMatch]) -> tuple[State, str, Plan]:
        store = Store(store_path)
        try:
            session = TournamentSession.open(store, ref)
            state = session.state
            assert state is not None
            work = plan(state, session.tournament_id, merged_desks(desks, stored_desks(store, state.sent)), server, tr)
            if work.events:
                state = session.record(*work.events)
            return state, session.tournament_id, work
        finally:
            store.close()

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        for attempt in range(1, RACED_ATTEMPTS + 1):
            try:
                state, tournament_id, work = once(server, desks)
                break
            except ChangedElsewhere:  # nothing was recorded: planned again on the log as it is now
                if attempt == RACED_ATTEMPTS:
                    raise
        if on_state is not None:
            on_state(state, tournament_id)
        return work

    return decide


def held_decider(held: HeldTournament, tr: Translate = english, on_state: OnState | None = None) -> Decide:
    """`decide` for a board whose process holds the tournament (`HeldTournament`): each round
    planned and recorded on the database's thread, through the process's one session (its guard
    reads another program's write first); `on_state` gets the tournament after the round."""

    def once(server: Server, desks: list[DeskMatch]) -> tuple[State, Plan]:
        session = held.session
        session.catch_up()
        state = session.state
        assert state is not None
        desks = merged_desks(desks, stored_desks(held.log.store, state.sent))
        work = plan(state, session.tournament_id, desks, server, tr)
        if work.events:
            state = session.record(*work.events)
        return state, work

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        for attempt in range(1, RACED_ATTEMPTS + 1):
            try:
                state, work = held.thread.run(once, server, desks)
                break
            except ChangedElsewhere:  # nothing was recorded: planned again on the log as it is now
                if attempt == RACED_ATTEMPTS:
                    raise
        if on_state is not None:
            on_state(state, held.tournament_id)
        return work

    return decide


def board_sync(
    reader: BoardWatcher,
    db_path: Path,
    ref: str,
    on_report: Callable[[Plan | None, str], None],
    on_state: OnState | None = None,
    tr: Translate = english,
    held: HeldTournament | None = None,
) -> LiveSync:
    """The board's sync of one tournament of the database at `db_path` (checked first: a wrong name
    or a damaged tournament is said at once, never found later), subscribed to the board's
    `reader`. `on_state` gets the tournament at once, as the database holds it, then after every
    round: the board shows it even while the event server cannot be reached. `tr`: the
    organizer's language (reports, the rounds sent). With `held`, the process's tournament, its
    rounds are recorded through its session."""
    if held is not None:
        state = held.session.state
        assert state is not None
        if on_state is not None:
            on_state(state, held.tournament_id)
        return LiveSync(reader, held_decider(held, tr, on_state), on_report, tr).start()
    store = Store.open_readonly(db_path)
    try:
        opened = operations.open_tournament(store, ref)
    finally:
        store.close()
    if on_state is not None:
        on_state(opened.state, opened.tournament_id)
    return LiveSync(reader, store_decider(db_path, opened.tournament_id, tr, on_state), on_report, tr).start()


def report_lines(work: Plan | None, error: str, tr: Translate = english) -> list[Line]:
    """A round's report as lines (a failure is a problem line, said in `tr`'s language)."""
    if work is None:
        return [Line(tr(CTX, SYNC_FAILED).format(error=error), problem=True)] if error else []
    return [Line(text) for text in work.done] + [Line(text, problem=True) for text in work.problems]


class Handoff:
    """`decide` run on the thread that owns the tournament (a window's), called on the reader's:
    `post` hands the call to the owner, whose answer comes back through a `Future`. After
    `cancel` (the sync stops) a round waiting for its answer gives up, and no other is asked."""

    def __init__(self, post: Callable[[Callable[[], None]], None], decide: Decide) -> None:
        self.post = post
        self.decide = decide
        self._lock = threading.Lock()
        self._waiting: Future[Plan | None] | None = None
        self._cancelled = False

    def __call__(self, server: Server, desks: list[DeskMatch]) -> Plan | None:
        answer: Future[Plan | None] = Future()
        with self._lock:
            if self._cancelled:
                return None
            self._waiting = answer

        def on_owner() -> None:
            if not answer.set_running_or_notify_cancel():
                return  # given up meanwhile: nothing is decided
            try:
                answer.set_result(self.decide(server, desks))
            except BaseException as exc:  # handed to the reader's thread, which says it
                answer.set_exception(exc)

        self.post(on_owner)
        try:
            return answer.result()
        except CancelledError:
            return None
        finally:
            with self._lock:
                self._waiting = None

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            if self._waiting is not None:
                self._waiting.cancel()
