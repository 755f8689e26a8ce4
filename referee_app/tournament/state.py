"""The tournament as a fold over its log: `apply(state, event) -> state`, `replay(events)`.

A refused event raises `TournamentRefused` with a message for the organizer and changes
nothing. After every accepted event the bracket is resolved again (who plays whom, byes,
walkovers of withdrawn players), the ready matches are called in queue order and go to
free tables at once (`_settle`): derived, so a fixed bug fixes every old tournament too.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.bracket import Bracket, build
from referee_app.tournament.draw import draw_key, seed_order
from referee_app.tournament.events import (
    AT_TABLE_BY,
    CHECKIN_BY,
    PAID_BY,
    AssignmentSent,
    AtTable,
    Called,
    CheckedIn,
    CheckinDoubled,
    CheckinUndone,
    Corrected,
    Created,
    Disputed,
    DisputeWithdrawn,
    Disqualified,
    Drawn,
    EntriesAdded,
    EntryEdited,
    Event,
    FeePaid,
    FeeUnpaid,
    Forfeit,
    MatchStarted,
    PhonesSet,
    RackTablesSet,
    ResultRecorded,
    SignaturesSet,
    TablesSet,
    Undo,
    Withdrawn,
)
from referee_app.tournament.model import (
    MAX_FEE,
    Entry,
    Format,
    FromBest,
    FromGroup,
    FromLoser,
    FromSeed,
    FromWinner,
    GroupFormat,
    MatchSpec,
    MatchStatus,
    Options,
    Source,
    Status,
    TournamentRefused,
)
from referee_app.tournament.plan import Priority, held_reason, knockout_order, priority

EMPTY = ""
"""Nobody: the empty side of a bye (names are never empty)."""
MAX_ENTRIES = 256
MAX_NAME = 80
MAX_RATING = 3000
"""Fargo ratings run from about 200 to 900; anything outside 0..3000 is a typing slip."""
MAX_FIELD = 200
"""A club, licence or Fargo ID longer than this is not one."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: text after them is shown in another order than it is stored."""
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: a score in the order a, b, or a walkover (`forfeit`, no score)."""

    winner: str
    loser: str
    score: tuple[int, int] | None
    forfeit: bool = False
    match_id: str | None = None
    table: int | None = None
    ended_on: str | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Payment:
    """An entry fee paid at the door."""

    amount: Decimal
    method: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Slot:
    """A match as it stands now: its players (None: not known yet), status and result."""

    spec: MatchSpec
    a: str | None
    b: str | None
    status: MatchStatus
    winner: str | None = None
    loser: str | None = None
    outcome: Outcome | None = None
    table: int | None = None
    match_id: str | None = None

    @property
    def decided(self) -> bool:
        return self.status in (MatchStatus.DONE, MatchStatus.FORFEIT, MatchStatus.BYE) and self.winner is not None

    @property
    def played(self) -> bool:
        """A result stands (a bye is not a result)."""
        return self.status in (MatchStatus.DONE, MatchStatus.FORFEIT)


def _unlocks(spec: MatchSpec, slots: Mapping[str, Slot]) -> int:
    """How many of the matches this one feeds would have both players once it is decided."""
    count = 0
    for target in (spec.winner_to, spec.loser_to):
        slot = slots.get(target) if target is not None else None
        if slot is None:
            continue
        from_a = isinstance(slot.spec.a, FromWinner | FromLoser) and slot.spec.a.match == spec.id
        other = slot.b if from_a else slot.a
        count += other is not None
    return count


@dataclass(frozen=True, slots=True)
class Tournament:
    """Everything replay knows; `slots` and the queue are derived after every event."""

    name: str
    options: Options
    entries: tuple[Entry, ...] = ()
    checked_in: frozenset[str] = frozenset()
    retired: frozenset[str] = frozenset()
    disqualified: Mapping[str, str] = field(default_factory=dict)
    draw_seed: int | None = None
    bracket: Bracket | None = None
    tables: tuple[int, ...] = ()
    results: Mapping[str, Outcome] = field(default_factory=dict)
    started: Mapping[str, str] = field(default_factory=dict)
    called: tuple[str, ...] = ()
    on_table: Mapping[str, int] = field(default_factory=dict)
    slots: Mapping[str, Slot] = field(default_factory=dict)
    group_order: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    best_order: tuple[str, ...] = ()
    """The qualifying pools' players of the compared rank, best first, once all their pools are over."""
    queue_order: tuple[str, ...] = ()
    began: bool = False
    phones: Mapping[int, str] = field(default_factory=dict)
    """The phone tables (phone.md §1) and their keys' fingerprints (the keys are not in the log)."""
    one_phone: frozenset[int] = frozenset()
    """The phone tables where one phone may give both signatures (phone.md 1.1 `--one-phone`)."""
    former_keys: Mapping[int, frozenset[str]] = field(default_factory=dict)
    """The fingerprints of each table's keys replaced or taken back: a phone still holding one is
    told its card was replaced (phone.md 1.1 §3, `replaced`), never counted as guessing."""
    by_phone: frozenset[str] = frozenset()
    """The matches started on a phone table (their match logs are the phones'); the others started
    were a desk's."""
    rack_tables: frozenset[int] = frozenset()
    """The tables whose desk has no referee: the matches sent there are scored by racks."""
    disputes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The phone matches on a table whose result a player disputes (match -> those players): the
    organizer is called. Gone when the match gets a result, or when all of them signed after all."""
    signatures_needed: bool = True
    """False: the organizer's option for a weekly bar night, a finished phone match completes at once."""
    checkins: Mapping[str, CheckedIn] = field(default_factory=dict)
    """How each player present checked in (by name)."""
    absent: tuple[str, ...] = ()
    """With check-in, the entries the draw left out (listed, not deleted)."""
    paid: Mapping[str, Payment] = field(default_factory=dict)
    calls: Mapping[str, tuple[Called, ...]] = field(default_factory=dict)
    """Every call made, by match, oldest first (facts: undo keeps them)."""
    arrivals: Mapping[str, tuple[AtTable, ...]] = field(default_factory=dict)
    """Every player said at a match's table, by match, oldest first (facts)."""
    doubled: tuple[CheckinDoubled, ...] = ()
    """Second check-ins, shown to the organizer (facts)."""

    @property
    def status(self) -> Status:
        if self.bracket is None:
            return Status.ENTRIES
        if self.slots and all(s.decided or s.status is MatchStatus.BYE for s in self.slots.values()):
            return Status.FINISHED
        return Status.PLAYING if self.began else Status.DRAWN

    @property
    def hot_seat(self) -> str | None:
        """The winners' side final: its winner waits in the hot seat for the losers' side champion."""
        if self.bracket is None or "F1" not in self.bracket.by_id:
            return None
        if self.options.knockout is not Format.DE or self.options.se_at is not None:
            return None
        source = self.bracket.by_id["F1"].a
        return source.match if isinstance(source, FromWinner) else None

    @property
    def queue(self) -> tuple[str, ...]:
        """Ready matches not on a table, in the order tables will take them."""
        return self.queue_order

    @property
    def present(self) -> frozenset[str]:
        """Those checked in (with or without the check-in option)."""
        return self.checked_in

    def entry(self, name: str) -> Entry | None:
        folded = player_key(name)
        return next((e for e in self.entries if player_key(e.name) == folded), None)


@dataclass(frozen=True, slots=True)
class _Frame:
    """An event still in force and the tournament before it (what undo gives back)."""

    seq: int
    before: Tournament | None
    below: _Frame | None
    event: Event | None = None
    """The decision itself, so that undo can say what it takes back (and do it again, if asked)."""


@dataclass(frozen=True, slots=True)
class State:
    """The tournament after event `seq`, with the stack of events still in force."""

    tournament: Tournament
    seq: int
    frames: _Frame | None
    sent: tuple[AssignmentSent, ...] = ()
    """Every match sent to a table through the event server, oldest first (facts: undo keeps them)."""
    desk_results: frozenset[str] = frozenset()
    """The desks' match ids whose result was ever recorded: one the organizer undid is not taken again."""
    dispute_taps: frozenset[str] = frozenset()
    """The phones' ids of every dispute ever recorded (facts, kept through undo): one sent again is
    answered, never recorded twice."""

    @property
    def latest(self) -> Event | None:
        """The decision undo would take back (None when only the creation is left)."""
        top = self.frames
        return None if top is None or top.before is None else top.event


def replay(events: Iterable[Event]) -> State:
    """The fold: events numbered 1, 2, ... in log order."""
    state: State | None = None
    for event in events:
        state = apply(state, event)
    if state is None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament's log is empty"))
    return state


def apply(state: State | None, event: Event) -> State:
    """The state after `event` (numbered `state.seq + 1`), or `TournamentRefused`."""
    if state is None:
        if not isinstance(event, Created):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "a tournament's log starts with its creation")
            )
        return State(_created(event), 1, _Frame(1, None, None, event))
    seq = state.seq + 1
    if isinstance(event, AssignmentSent):
        _check_sent(state.tournament, event)
        return replace(state, seq=seq, sent=(*state.sent, event))
    if isinstance(event, Called | AtTable | CheckinDoubled):
        return replace(state, seq=seq, tournament=_fact(state.tournament, event))
    if isinstance(event, Undo):
        top = state.frames
        if top is None or top.seq != event.target:
            latest = "none" if top is None else str(top.seq)
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "only the latest decision still in force can be undone (event {latest}), not {target}",
                ),
                latest=latest,
                target=event.target,
            )
        if top.before is None:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament's creation cannot be undone")
            )
        now = state.tournament
        before = replace(top.before, doubled=now.doubled)
        if not isinstance(top.event, Drawn):  # the calls belong to the bracket they were made in
            before = replace(before, calls=now.calls, arrivals=now.arrivals)
        if isinstance(top.event, PhonesSet):  # never brings a key back (a lost card's): its tables have none
            before = _phones_undone(before, top.event)
        return replace(state, tournament=before, seq=seq, frames=top.below)
    if isinstance(event, Created):
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament is already created"))
    if isinstance(event, PhonesSet):
        _check_phones(state, event)
    if isinstance(event, RackTablesSet):
        _check_listed(state.tournament, (*event.on, *event.off))
    after = _apply(state.tournament, event)
    taken = state.desk_results
    if isinstance(event, ResultRecorded) and event.match_id:
        taken = taken | {event.match_id}
    taps = state.dispute_taps | {event.tap} if isinstance(event, Disputed) and event.tap else state.dispute_taps
    return replace(state, tournament=after, seq=seq, frames=_Frame(seq, state.tournament, state.frames, event),
                   desk_results=taken, dispute_taps=taps)  # fmt: skip


def _check_sent(t: Tournament, event: AssignmentSent) -> None:
    """A sent assignment names a match of the bracket, a table and two players; no more is checked
    (it happened: a later engine that would queue otherwise must still read the log)."""
    if t.bracket is None or event.match not in t.bracket.by_id:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "no match {match} in this tournament"), match=event.match
        )
    if not 1 <= event.table <= 999:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "tables are numbered 1..999"))
    if not 1 <= len(event.assignment) <= 200 or not all(p.strip() for p in event.players):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "an assignment has an id of 1..200 characters and two players")
        )


def desk_tables(state: State) -> dict[int, str]:
    """The tables whose match is a desk's (table -> match): started on a desk, or sent to the table's
    desk through the event server. One writer per match: such a table cannot turn a phone table."""
    t = state.tournament
    held: dict[int, str] = {}
    for match, table in t.on_table.items():
        started = match in t.started and match not in t.by_phone
        if started or any(s.match == match and s.table == table for s in state.sent):
            held[table] = match
    return held


def _check_listed(t: Tournament, named: Sequence[int]) -> None:
    """Tables named by a decision are the venue's, each named once."""
    if len(set(named)) != len(named):
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a table is listed twice"))
    for table in named:
        if table not in t.tables:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "table {table} is not one of the venue's tables"), table=table
            )


def _check_phones(state: State, event: PhonesSet) -> None:
    """Phone tables are the venue's, each named once, and none holds a match a desk is playing."""
    t = state.tournament
    _check_listed(t, [table for table, _ in event.keys] + list(event.off))
    for table, fingerprint in event.keys:
        if not 16 <= len(fingerprint) <= 128:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "table {table}: a phone key's fingerprint is not valid"),
                table=table,
            )
    held = desk_tables(state)
    for table, _ in event.keys:
        if table in held and table not in t.phones:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "table {table} is scored on a desk ({match} is being played there): it can be scored on the"
                    " players' phones once that match is over",
                ),
                table=table,
                match=held[table],
            )


def _phones_undone(before: Tournament, event: PhonesSet) -> Tournament:
    """The tournament before `event`, undone: the tables it named have no key (neither the one it
    gave nor the one it replaced: both are former keys, answered `replaced`)."""
    named = {table for table, _ in event.keys} | set(event.off)
    former = dict(before.former_keys)
    for table, print_ in (*event.keys, *before.phones.items()):
        if table in named:
            former[table] = former.get(table, frozenset()) | {print_}
    return replace(
        before,
        phones={t: f for t, f in before.phones.items() if t not in named},
        one_phone=before.one_phone - named,
        former_keys=former,
    )


def _phones_set(t: Tournament, event: PhonesSet) -> Tournament:
    phones = {table: f for table, f in t.phones.items() if table not in event.off}
    phones.update(event.keys)
    named = {table for table, _ in event.keys}
    one_phone = (t.one_phone - named - set(event.off)) | (named if event.one_phone else set())
    return replace(t, phones=phones, one_phone=frozenset(one_phone), former_keys=_retired(t, event, t.phones))


def _retired(t: Tournament, event: PhonesSet, before: Mapping[int, str]) -> dict[int, frozenset[str]]:
    """`t.former_keys` with the keys `event` replaces or takes back (those of `before`)."""
    former = dict(t.former_keys)
    for table in (*(table for table, _ in event.keys), *event.off):
        if table in before and before[table] != dict(event.keys).get(table):
            former[table] = former.get(table, frozenset()) | {before[table]}
    return former


def _created(event: Created) -> Tournament:
    name = event.name.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a tournament's name is 1..{most} characters"), most=MAX_NAME
        )
    event.options.check()
    return Tournament(name=name, options=event.options)


def _apply(t: Tournament, event: Event) -> Tournament:
    if isinstance(event, EntriesAdded):
        return _entries_added(t, event.entries)
    if isinstance(event, EntryEdited):
        return _entry_edited(t, event)
    if isinstance(event, CheckedIn | CheckinUndone):
        return _checkin(t, event)
    if isinstance(event, FeePaid | FeeUnpaid):
        return _fee(t, event)
    if isinstance(event, Withdrawn | Disqualified):
        return _withdrawn(t, event)
    if isinstance(event, Drawn):
        return _drawn(t, event.draw_seed)
    if isinstance(event, TablesSet):
        return _tables_set(t, event.tables)
    if isinstance(event, ResultRecorded):
        return _result(t, event)
    if isinstance(event, Corrected):
        return _corrected(t, event)
    if isinstance(event, Forfeit):
        return _forfeit(t, event)
    if isinstance(event, MatchStarted):
        return _started(t, event)
    if isinstance(event, PhonesSet):
        return _phones_set(t, event)
    if isinstance(event, RackTablesSet):
        return replace(t, rack_tables=(t.rack_tables - set(event.off)) | set(event.on))
    if isinstance(event, Disputed | DisputeWithdrawn | SignaturesSet):
        return _phone_result_decision(t, event)
    raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "unexpected event {event!r}"), event=event)


# -- the door: check-in and fees --------------------------------------------------------------


def parse_utc(text: str) -> datetime:
    """A UTC time as the logs write it (`2026-12-06T10:30:00.000Z`); `TournamentRefused` otherwise."""
    try:
        at = datetime.fromisoformat(text.replace("Z", "+00:00")) if len(text) <= 40 else None
    except ValueError:
        at = None
    if at is None or at.tzinfo is None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{at!r} is not a UTC time"), at=text)
    return at.astimezone(UTC)


def utc_text(at: datetime) -> str:
    """A time as the logs write it: UTC, milliseconds, `Z`."""
    return at.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def after_draw() -> TournamentRefused:
    """A check-in (or its taking back) once the draw is made."""
    return TournamentRefused(
        QT_TRANSLATE_NOOP("TournamentRefusal", "players check in before the draw only: the draw is made")
    )


def _checkin(t: Tournament, event: CheckedIn | CheckinUndone) -> Tournament:
    entry = _known(t, event.name)
    if t.bracket is not None and (t.options.checkin or isinstance(event, CheckinUndone)):
        raise after_draw()  # (without the option, a check-in after the draw was a note, as old logs hold)
    if isinstance(event, CheckinUndone):
        if entry.name not in t.checked_in:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{name} is not checked in"), name=entry.name)
        checkins = {n: c for n, c in t.checkins.items() if n != entry.name}
        return replace(t, checked_in=t.checked_in - {entry.name}, checkins=checkins)
    if entry.name in t.checked_in:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{name} is already checked in"), name=entry.name)
    if event.by not in CHECKIN_BY or len(event.device) > 64 or len(event.me) > 64:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a check-in is at the door or by phone"))
    if event.at:
        parse_utc(event.at)
    if event.device:
        other = next((n for n, c in t.checkins.items() if c.device == event.device), None)
        if other is not None:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "this phone already checked in {name}: one phone, one player"),
                name=other,
            )
    return replace(
        t, checked_in=t.checked_in | {entry.name}, checkins={**t.checkins, entry.name: replace(event, name=entry.name)}
    )


def _fee(t: Tournament, event: FeePaid | FeeUnpaid) -> Tournament:
    entry = _known(t, event.name)
    if isinstance(event, FeeUnpaid):
        if entry.name not in t.paid:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{name} has not paid"), name=entry.name)
        return replace(t, paid={n: p for n, p in t.paid.items() if n != entry.name})
    if entry.name in t.paid:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{name} has already paid"), name=entry.name)
    amount = event.amount
    if not amount.is_finite() or not Decimal("0.01") <= amount <= MAX_FEE or amount != amount.quantize(Decimal("0.01")):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "an amount paid is 0.01..100000.00, in cents at most, not {amount}"),
            amount=amount,
        )
    if event.method not in PAID_BY:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a fee is paid in cash or other"))
    if len(event.note) > 200:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a note is 200 characters at most"))
    _check_text(event.note)
    return replace(t, paid={**t.paid, entry.name: Payment(amount, event.method, event.note)})


def _fact(t: Tournament, event: Called | AtTable | CheckinDoubled) -> Tournament:
    """A call, a player at a table, a check-in twice: facts, checked for shape only."""
    if isinstance(event, CheckinDoubled):
        entry = _known(t, event.name)
        if event.by not in CHECKIN_BY or len(event.device) > 64:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a check-in is at the door or by phone"))
        parse_utc(event.at)
        return replace(t, doubled=(*t.doubled, replace(event, name=entry.name)))
    slot = _slot(t, event.match)
    parse_utc(event.at)
    if isinstance(event, Called):
        if not 1 <= event.table <= 999 or not 0 <= event.call <= 9 or not 1 <= len(event.players) <= 2:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "a call names a table 1..999, its number 0..9 and its players")
            )
        players = tuple(_player(slot, p) for p in event.players)
        last = t.calls.get(event.match, ())[-1:]
        if last and (last[0].table, last[0].call) == (event.table, event.call):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "call {call} of {match} is already made"),
                call=event.call,
                match=event.match,
            )
        made = replace(event, players=players)
        return replace(t, calls={**t.calls, event.match: (*t.calls.get(event.match, ()), made)})
    player = _player(slot, event.player)
    if event.by not in AT_TABLE_BY or len(event.device) > 64 or len(event.tap) > 64:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a player is at the table by phone, desk, lag or organizer")
        )
    if event.tap and any(a.tap == event.tap for seen in t.arrivals.values() for a in seen):
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "this tap is already recorded"))
    arrived = replace(event, player=player)
    return replace(t, arrivals={**t.arrivals, event.match: (*t.arrivals.get(event.match, ()), arrived)})


# -- the phones' results: disputes and signatures -------------------------------------------------


def _phone_result_decision(t: Tournament, event: Disputed | DisputeWithdrawn | SignaturesSet) -> Tournament:
    if isinstance(event, SignaturesSet):
        if event.needed and t.signatures_needed:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "the players' signatures are already needed")
            )
        if not event.needed and not t.signatures_needed:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "phone results are already taken without signatures")
            )
        return replace(t, signatures_needed=event.needed)
    slot = _slot(t, event.match)
    disputing = t.disputes.get(slot.spec.id, ())
    if isinstance(event, DisputeWithdrawn):
        player = _player(slot, event.player)
        if player not in disputing:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "{name} does not dispute {match}"),
                name=player,
                match=event.match,
            )
        left = tuple(p for p in disputing if p != player)
        disputes = {m: p for m, p in t.disputes.items() if m != slot.spec.id}
        return replace(t, disputes={**disputes, slot.spec.id: left} if left else disputes)
    if slot.status is not MatchStatus.PLAYING or slot.spec.id not in t.by_phone:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is not being played on a phone table"), match=event.match
        )
    player = _player(slot, event.player)
    if t.started.get(slot.spec.id) != event.match_id:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is played in another match log than the one disputed"),
            match=event.match,
        )
    if player in disputing:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{name} already disputes {match}"), name=player, match=event.match
        )
    if len(event.tap) > 64:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a phone's id is 64 characters at most"))
    return replace(t, disputes={**t.disputes, slot.spec.id: (*disputing, player)})


def disputed_tables(t: Tournament) -> list[tuple[int, str, tuple[str, ...]]]:
    """The disputes in force, by table: (table, match, the players who do not agree), sorted."""
    return sorted(
        (slot.table, match, players)
        for match, players in t.disputes.items()
        if (slot := t.slots.get(match)) is not None and slot.table is not None
    )


# -- entries -------------------------------------------------------------------------------


def player_key(name: str) -> str:
    """What two names must differ in to be two players in the log: not case, the accents' encoding
    (NFC or NFD) or spacing. (The entry list also ignores the accents themselves: `name_key`.)"""
    spaced = _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()
    return unicodedata.normalize("NFC", spaced.casefold())


def hidden_character(text: str) -> str | None:
    """The first character of `text` that a person cannot see or type on purpose, as `U+XXXX`: a
    control character (NUL, escape, bell; a line or paragraph separator) or a bidirectional
    override that shows the text in another order than it is stored. None when there is none."""
    for c in text:
        if unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI_CONTROLS:
            return f"U+{ord(c):04X}"
    return None


def check_name(name: str) -> str:
    """A player's name trimmed, 1..80 characters with nothing hidden in it (spec §2)."""
    trimmed = name.strip()
    if not 1 <= len(trimmed) <= MAX_NAME:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a name is 1..{most} characters, not {length}"),
            most=MAX_NAME,
            length=len(trimmed),
        )
    _check_text(trimmed)
    return trimmed


def _check_text(text: str) -> None:
    hidden = hidden_character(text)
    if hidden is not None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{text!r} holds a hidden control character ({code})"),
            text=text,
            code=hidden,
        )


def check_entry(entry: Entry) -> Entry:
    """An entry as the entry list would take it, its name trimmed: a crafted log gets no further
    than a spreadsheet (no NaN or out-of-range rating, no hidden characters, seeds 1..256)."""
    name = check_name(entry.name)
    for text in (entry.club, entry.licence, entry.fargo_id):
        if len(text) > MAX_FIELD:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "a club, licence or Fargo ID is at most {most} characters"),
                most=MAX_FIELD,
            )
        _check_text(text)
    rating = entry.rating
    if rating is not None and not (math.isfinite(rating) and 0 <= rating <= MAX_RATING):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "rating {rating} is out of range: a rating is from 0 to {most}"),
            rating=rating,
            most=MAX_RATING,
        )
    if entry.seed is not None and not 1 <= entry.seed <= MAX_ENTRIES:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "seed {seed} is out of range: seeds run from 1 to {most}"),
            seed=entry.seed,
            most=MAX_ENTRIES,
        )
    return replace(entry, name=name)


def _known(t: Tournament, name: str) -> Entry:
    entry = t.entry(name)
    if entry is None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "no entry named {name!r}"), name=name)
    return entry


def _entries_added(t: Tournament, entries: tuple[Entry, ...]) -> Tournament:
    if t.bracket is not None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "entries are added only before the draw"))
    taken = {player_key(e.name): e.name for e in t.entries}
    added: list[Entry] = []
    for entry in entries:
        checked = check_entry(entry)
        key = player_key(checked.name)
        if key in taken:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "{name!r} is already entered (as {entered!r})"),
                name=checked.name,
                entered=taken[key],
            )
        taken[key] = checked.name
        added.append(checked)
    if len(t.entries) + len(added) > MAX_ENTRIES:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a tournament takes at most {most} players"), most=MAX_ENTRIES
        )
    return replace(t, entries=t.entries + tuple(added))


def _entry_edited(t: Tournament, event: EntryEdited) -> Tournament:
    old = _known(t, event.name)
    new = check_entry(event.entry)
    if t.bracket is not None and (new.name != old.name or new.seed != old.seed):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a name or seed is changed only before the draw")
        )
    clash = t.entry(new.name)
    if clash is not None and clash is not old:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{name!r} is already entered"), name=new.name)
    entries = tuple(new if e is old else e for e in t.entries)
    checked = t.checked_in - {old.name} | ({new.name} if old.name in t.checked_in else set())
    return replace(t, entries=entries, checked_in=frozenset(checked))


def _withdrawn(t: Tournament, event: Withdrawn | Disqualified) -> Tournament:
    entry = _known(t, event.name)
    reasons = {**t.disqualified, entry.name: event.reason} if isinstance(event, Disqualified) else t.disqualified
    if t.bracket is None:
        return replace(
            t,
            entries=tuple(e for e in t.entries if e is not entry),
            checked_in=t.checked_in - {entry.name},
            disqualified=reasons,
        )
    if entry.name in t.retired:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{name} has already left the tournament"), name=entry.name
        )
    if t.status is Status.FINISHED:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament is finished"))
    return _settle(replace(t, retired=t.retired | {entry.name}, disqualified=reasons))


# -- the draw and the venue ----------------------------------------------------------------


def _drawn(t: Tournament, draw_seed: int) -> Tournament:
    if t.bracket is not None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament is already drawn (draw seed {seed})"),
            seed=t.draw_seed,
        )
    players: tuple[Entry, ...] = t.entries
    absent: tuple[Entry, ...] = ()
    if t.options.checkin:
        players = tuple(e for e in t.entries if e.name in t.checked_in)
        absent = tuple(e for e in t.entries if e.name not in t.checked_in)
        if len(players) < 2:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "the draw needs at least 2 players checked in, not {count}"),
                count=len(players),
            )
    seeded = seed_order(players, draw_seed)
    bracket = build(t.options, [e.name for e in seeded], draw_seed)
    entries = tuple(replace(e, seed=s) for s, e in enumerate(seeded, start=1)) + absent
    named = tuple(e.name for e in absent)
    return _settle(replace(t, entries=entries, draw_seed=draw_seed, bracket=bracket, absent=named))


def _tables_set(t: Tournament, tables: tuple[int, ...]) -> Tournament:
    if len(set(tables)) != len(tables):
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a table is listed twice"))
    if any(not 1 <= table <= 999 for table in tables):
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "tables are numbered 1..999"))
    phones = {table: f for table, f in t.phones.items() if table in tables}  # a table no longer the venue's
    return _settle(replace(t, tables=tables, phones=phones))


# -- results ---------------------------------------------------------------------------------


def _slot(t: Tournament, match: str) -> Slot:
    if t.bracket is None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "the tournament is not drawn yet"))
    if match not in t.bracket.by_id:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "no match {match} in this tournament"), match=match
        )
    slot = t.slots.get(match)
    if slot is None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is not to be played (the hot seat won F1)"), match=match
        )
    return slot


def _playable(slot: Slot) -> None:
    if slot.status in (MatchStatus.READY, MatchStatus.PLAYING):
        return
    match = slot.spec.id
    if slot.status is MatchStatus.WAITING:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is waiting for its players"), match=match
        )
    if slot.status is MatchStatus.DONE:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", '{match} already has a result (send it with "correct": true to correct it)'
            ),
            match=match,
        )
    if slot.status is MatchStatus.FORFEIT:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{match} was a walkover"), match=match)
    raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is a bye"), match=match)


def _player(slot: Slot, name: str) -> str:
    folded = name.strip().casefold()
    for player in (slot.a, slot.b):
        if player and player.casefold() == folded:
            return player
    raise TournamentRefused(
        QT_TRANSLATE_NOOP("TournamentRefusal", "{name} is not in {match} ({a} vs {b})"),
        name=name,
        match=slot.spec.id,
        a=slot.a,
        b=slot.b,
    )


def _check_score(slot: Slot, winner: str, score: tuple[int, int]) -> None:
    race = slot.spec.race
    won, lost = score if winner == slot.a else (score[1], score[0])
    if min(score) < 0:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a score counts racks: {a}-{b}"), a=score[0], b=score[1]
        )
    if won != race or lost >= race:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "{match} is a race to {race}: the winner has {race} racks, the loser fewer (not {a}-{b})",
            ),
            match=slot.spec.id,
            race=race,
            a=score[0],
            b=score[1],
        )


def _result(t: Tournament, event: ResultRecorded) -> Tournament:
    slot = _slot(t, event.match)
    _playable(slot)
    winner = _player(slot, event.winner)
    _check_score(slot, winner, event.score)
    assert slot.a is not None and slot.b is not None
    table = event.table if event.table is not None else t.on_table.get(event.match)
    outcome = Outcome(
        winner,
        slot.b if winner == slot.a else slot.a,
        event.score,
        match_id=event.match_id or t.started.get(event.match),
        table=table,
        ended_on=event.ended_on,
    )
    return _settle(replace(t, results={**t.results, event.match: outcome}, began=True))


def _forfeit(t: Tournament, event: Forfeit) -> Tournament:
    slot = _slot(t, event.match)
    _playable(slot)
    player = _player(slot, event.player)
    assert slot.a is not None and slot.b is not None
    other = slot.b if player == slot.a else slot.a
    if len(event.reason) > 300:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a reason is 300 characters at most"))
    _check_text(event.reason)
    outcome = Outcome(other, player, None, forfeit=True, table=t.on_table.get(event.match), reason=event.reason)
    return _settle(replace(t, results={**t.results, event.match: outcome}, began=True))


def dependents(t: Tournament, match: str) -> list[str]:
    """Matches that took a player from `match`, through byes (what a correction would change)."""
    assert t.bracket is not None
    spec = t.bracket.by_id[match]
    direct = [m for m in (spec.winner_to, spec.loser_to) if m is not None]
    if spec.group is not None and t.bracket.group_format is GroupFormat.RR:
        best = spec.group in t.bracket.best_pools
        direct += [
            s.id
            for s in t.bracket.matches
            if any(
                (isinstance(x, FromGroup) and x.group == spec.group) or (best and isinstance(x, FromBest))
                for x in (s.a, s.b)
            )
        ]
    found: list[str] = []
    for m in direct:
        slot = t.slots.get(m)
        if slot is None:
            continue
        found.append(m)
        if slot.status is MatchStatus.BYE:
            found += dependents(t, m)
    return found


def _corrected(t: Tournament, event: Corrected) -> Tournament:
    slot = _slot(t, event.match)
    recorded = t.results.get(event.match)
    if slot.status not in (MatchStatus.DONE, MatchStatus.FORFEIT) or recorded is None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} has no result to correct"), match=event.match
        )
    for m in dependents(t, event.match):
        if t.slots[m].played:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "{match} cannot be corrected: {fed}, which it feeds, already has a result"
                ),
                match=event.match,
                fed=m,
            )
    winner = _player(slot, event.winner)
    _check_score(slot, winner, event.score)
    assert slot.a is not None and slot.b is not None
    outcome = replace(
        recorded, winner=winner, loser=slot.b if winner == slot.a else slot.a, score=event.score, forfeit=False
    )
    return _settle(replace(t, results={**t.results, event.match: outcome}))


def _started(t: Tournament, event: MatchStarted) -> Tournament:
    slot = _slot(t, event.match)
    _playable(slot)
    on_table = dict(t.on_table)
    if event.table is not None and on_table.get(event.match) != event.table:
        if event.table not in t.tables:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "table {table} is not one of the venue's tables"),
                table=event.table,
            )
        holder = next((m for m, table in on_table.items() if table == event.table), None)
        if holder is not None:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "table {table} already holds {match}"),
                table=event.table,
                match=holder,
            )
        on_table[event.match] = event.table
    if event.match not in on_table:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{match} is not on a table yet"), match=event.match
        )
    by_phone = t.by_phone | {event.match} if on_table[event.match] in t.phones else t.by_phone - {event.match}
    started = {**t.started, event.match: event.match_id}
    return _settle(replace(t, on_table=on_table, started=started, by_phone=by_phone, began=True))


# -- derived: the bracket resolved, the ready matches called, the tables filled ------------------


def _source(
    t: Tournament, source: Source, empty: bool, win: dict[str, str | None], lose: dict[str, str | None]
) -> str | None:
    if empty:
        return EMPTY
    if isinstance(source, FromSeed):
        assert t.bracket is not None
        return t.bracket.seeds[source.seed - 1]
    if isinstance(source, FromWinner):
        return win.get(source.match)
    if isinstance(source, FromLoser):
        return lose.get(source.match)
    assert t.bracket is not None
    if isinstance(source, FromBest):
        return t.best_order[source.index - 1] if t.best_order else None
    if t.bracket.group_format is GroupFormat.DE:
        return win.get(t.bracket.qualifiers[(source.group, source.rank)])
    order = t.group_order.get(source.group)
    return order[source.rank - 1] if order is not None else None


def morning_over(t: Tournament) -> bool:
    """The qualifying pools are over and ranked (always true without them): the groups may begin."""
    bracket = t.bracket
    if bracket is None or not bracket.qualifying:
        return True
    ranked = all(g in t.group_order for g in range(1, bracket.qualifying + 1))
    return ranked and (not bracket.best_pools or bool(t.best_order))


def _settle(t: Tournament) -> Tournament:  # noqa: C901
    """Resolve every match again from the results, call ready matches, fill free tables."""
    bracket = t.bracket
    if bracket is None:
        return t
    win: dict[str, str | None] = {}
    lose: dict[str, str | None] = {}
    slots: dict[str, Slot] = {}
    candidates: list[Slot] = []
    group_order: dict[int, tuple[str, ...]] = {}
    ranked = not (bracket.groups and bracket.group_format is GroupFormat.RR)
    morning = bracket.qualifying == 0
    best_order: tuple[str, ...] = ()
    held = False
    for spec in bracket.matches:
        if not morning and spec.group is not None and spec.group > bracket.qualifying:
            # The groups' first match: the qualifying pools are ranked, and the groups wait until they are over.
            group_order, morning = _rank_groups(t, bracket, slots), True
            best_order = _best(t, bracket, group_order, slots)
            t = replace(t, group_order=group_order, best_order=best_order)
            held = not morning_over(t)
        if spec.stage == 2 and not ranked:
            group_order, ranked = _rank_groups(t, bracket, slots), True
            t = replace(t, group_order=group_order)
        if spec.conditional:
            first = slots.get("F1")
            if first is None or first.winner is None or first.winner == first.a:
                continue
        a = _source(t, spec.a, spec.empty_a, win, lose)
        b = _source(t, spec.b, spec.empty_b, win, lose)
        if spec.is_bye:
            present = b if spec.empty_a else a
            slot = Slot(spec, a or None, b or None, MatchStatus.BYE, winner=present, loser=EMPTY)
        elif a is None or b is None or (held and spec.group is not None and spec.group > bracket.qualifying):
            slot = Slot(spec, a, b, MatchStatus.WAITING)
        elif spec.id in t.results:
            outcome = t.results[spec.id]
            status = MatchStatus.FORFEIT if outcome.forfeit else MatchStatus.DONE
            slot = Slot(spec, a, b, status, outcome.winner, outcome.loser, outcome, outcome.table, outcome.match_id)
        elif a in t.retired or b in t.retired:
            out, other = (a, b) if a in t.retired else (b, a)
            outcome = Outcome(other, out, None, forfeit=True)
            slot = Slot(spec, a, b, MatchStatus.FORFEIT, other, out, outcome)
        else:
            slot = Slot(spec, a, b, MatchStatus.WAITING)
            candidates.append(slot)
        slots[spec.id] = slot
        win[spec.id] = slot.winner
        lose[spec.id] = slot.loser
    # Call the ready matches: those already called keep their players; then by queue order.
    hot = t.hot_seat
    waiting = {s.spec.id: s for s in candidates}
    busy: set[str] = set()
    called: list[str] = []
    for mid in t.called:
        kept = waiting.get(mid)
        if kept is not None and kept.a not in busy and kept.b not in busy:
            called.append(mid)
            busy |= {kept.a or "", kept.b or ""}
    chosen = set(called)
    feeds = knockout_order(bracket) if bracket.groups else {}
    since = {mid: n for n, mid in enumerate(t.called)}  # called earlier: waited longer
    rank = {
        s.spec.id: priority(
            s.spec, hot, _unlocks(s.spec, slots), feeds.get(s.spec.group or 0, 0), since.get(s.spec.id, len(since))
        )
        for s in candidates
    }
    for slot in sorted(candidates, key=lambda s: rank[s.spec.id]):
        if slot.spec.id not in chosen and slot.a not in busy and slot.b not in busy:
            called.append(slot.spec.id)
            chosen.add(slot.spec.id)
            busy |= {slot.a or "", slot.b or ""}
    on_table = {m: table for m, table in t.on_table.items() if m in chosen and table in t.tables}
    used = set(on_table.values())
    free = [table for table in t.tables if table not in used]
    queue = sorted((m for m in called if m not in on_table), key=rank.__getitem__)
    while queue and free:
        on_table[queue.pop(0)] = free.pop(0)
    for mid in called:
        slot = waiting[mid]
        if mid in on_table:
            slots[mid] = replace(slot, status=MatchStatus.PLAYING, table=on_table[mid], match_id=t.started.get(mid))
        else:
            slots[mid] = replace(slot, status=MatchStatus.READY)
    playing = {mid for mid in called if mid in on_table}
    return replace(
        t,
        slots=slots,
        disputes={m: p for m, p in t.disputes.items() if m in playing},  # a result (or no table) ends a dispute
        called=tuple(called),
        on_table=on_table,
        queue_order=tuple(queue),
        group_order=group_order,
        best_order=best_order,
        began=t.began or bool(on_table),
    )


def held_back(t: Tournament) -> dict[str, tuple[str, str]]:
    """Each match in the queue that waits behind a match that was ready after it (on a table now,
    or ahead of it in the queue): why, as a `plan` template (Plan context), and that match's id.
    A match the queue holds back is never held back without a word."""
    if t.bracket is None:
        return {}
    feeds = knockout_order(t.bracket) if t.bracket.groups else {}
    hot = t.hot_seat

    def rank(mid: str) -> Priority:
        spec = t.slots[mid].spec
        return priority(spec, hot, feeds=feeds.get(spec.group or 0, 0))

    since = {mid: n for n, mid in enumerate(t.called)}
    queue = list(t.queue)
    reasons: dict[str, tuple[str, str]] = {}
    for place, mid in enumerate(queue):
        ahead = [m for m in t.on_table if m in since] + queue[:place]
        later = sorted((m for m in ahead if since[m] > since.get(mid, len(since))), key=since.__getitem__)
        for other in later:
            why = held_reason(rank(mid), rank(other))
            if why is not None:
                reasons[mid] = (why, other)
                break
    return reasons


def _rank_groups(t: Tournament, bracket: Bracket, slots: Mapping[str, Slot]) -> dict[int, tuple[str, ...]]:
    """Finished round-robin groups in order (spec §3): matches won, head to head, rack
    difference, racks won, then the draw."""
    by_group: dict[int, list[Slot]] = {}
    for slot in slots.values():
        if slot.spec.group is not None:
            by_group.setdefault(slot.spec.group, []).append(slot)
    order: dict[int, tuple[str, ...]] = {}
    for g, members in enumerate(bracket.groups, start=1):
        played = by_group.get(g, [])
        if not played or not all(s.decided for s in played):
            continue
        names = [_member(t, bracket, source, order) for source in members]
        if any(name is None for name in names):
            continue
        order[g] = tuple(rank_group([n for n in names if n is not None], played, t.draw_seed or 0))
    return order


def _member(t: Tournament, bracket: Bracket, source: Source, order: Mapping[int, tuple[str, ...]]) -> str | None:
    """A group's member: a seed, or a qualifying pool's place once that pool (or the best) is known."""
    if isinstance(source, FromSeed):
        return bracket.seeds[source.seed - 1]
    if isinstance(source, FromGroup):
        ranked = order.get(source.group)
        return ranked[source.rank - 1] if ranked is not None else None
    if isinstance(source, FromBest):
        return t.best_order[source.index - 1] if t.best_order else None
    return None


def _best(
    t: Tournament, bracket: Bracket, order: Mapping[int, tuple[str, ...]], slots: Mapping[str, Slot]
) -> tuple[str, ...]:
    """The qualifying pools' players ranked `best_rank` (in the pools that do not send that rank
    straight on), best first; empty until all those pools are over."""
    if not bracket.best_pools or not all(g in order for g in bracket.best_pools):
        return ()
    records: list[tuple[str, int, int, int, int]] = []
    for g in bracket.best_pools:
        name = order[g][bracket.best_rank - 1]
        wins = won = lost = played = 0
        for slot in slots.values():
            if slot.spec.group != g or not slot.played or name not in (slot.a, slot.b):
                continue
            played += 1
            wins += slot.winner == name
            if slot.outcome is not None and slot.outcome.score is not None:
                mine, theirs = slot.outcome.score if name == slot.a else slot.outcome.score[::-1]
                won, lost = won + mine, lost + theirs
        records.append((name, wins, won, lost, played))
    return tuple(rank_across_pools(records, t.draw_seed or 0))


def rank_across_pools(records: Sequence[tuple[str, int, int, int, int]], draw_seed: int) -> list[str]:
    """Players of different pools, best first, by the group order's tiebreaks counted per match played
    (pools of 4 and 5 play 3 and 4 matches): matches won, racks won minus racks lost, racks won, then
    the draw. Head to head does not apply: they never met. `records`: (name, matches won, racks won,
    racks lost, matches played)."""

    def per_match(x: int, played: int) -> Fraction:
        return Fraction(x, played) if played else Fraction(0)

    return [
        name
        for name, *_ in sorted(
            records,
            key=lambda r: (
                -per_match(r[1], r[4]),
                -per_match(r[2] - r[3], r[4]),
                -per_match(r[2], r[4]),
                draw_key(draw_seed, r[0]),
            ),
        )
    ]


def rank_group(names: list[str], slots: Iterable[Slot], draw_seed: int) -> list[str]:
    """A round-robin group's order from its decided matches."""
    slots = list(slots)
    wins = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    lost = dict.fromkeys(names, 0)
    beat: set[tuple[str, str]] = set()
    for slot in slots:
        if slot.winner is None or slot.loser in (None, EMPTY):
            continue
        assert slot.loser is not None
        wins[slot.winner] += 1
        beat.add((slot.winner, slot.loser))
        if slot.outcome is not None and slot.outcome.score is not None and slot.a and slot.b:
            ra, rb = slot.outcome.score
            won[slot.a] += ra
            lost[slot.a] += rb
            won[slot.b] += rb
            lost[slot.b] += ra

    def head_to_head(name: str) -> int:
        tied = [o for o in names if o != name and wins[o] == wins[name]]
        return sum((name, o) in beat for o in tied)

    return sorted(
        names,
        key=lambda n: (-wins[n], -head_to_head(n), -(won[n] - lost[n]), -won[n], draw_key(draw_seed, n)),
    )
