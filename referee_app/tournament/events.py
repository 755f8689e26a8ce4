"""The tournament log's events: the organizer's decisions and the results, in the past tense.

Each event is a small frozen value with `to_dict`/`from_dict` (JSON-able, strict: a bad dict
raises `EventFormatError` naming the field). Consequences (who plays whom, tables, places)
are derived on replay, never stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar

from referee_app.game.events import ShotClock
from referee_app.tournament.model import (
    Entry,
    FinalMode,
    Format,
    GroupFormat,
    LateStart,
    Options,
    Qualifying,
    Rules,
)


class EventFormatError(ValueError):
    """A stored or received event that does not parse."""


def _field(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    if key not in d or (optional and d[key] is None):
        if optional:
            return None
        raise EventFormatError(f"{d.get('type', 'event')}: `{key}` is missing")
    value = d[key]
    if isinstance(value, bool) and kind is not bool and (not isinstance(kind, tuple) or bool not in kind):
        raise EventFormatError(f"{d.get('type', 'event')}: `{key}` must be {_kind_name(kind)}, not {value!r}")
    if not isinstance(value, kind):
        raise EventFormatError(f"{d.get('type', 'event')}: `{key}` must be {_kind_name(kind)}, not {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(
        {str: "text", int: "an integer", float: "a number", bool: "true/false", list: "a list", dict: "an object"}.get(
            k, k.__name__
        )
        for k in kinds
    )


def _enum(d: Mapping[str, Any], key: str, enum: type[Any], default: Any) -> Any:
    if key not in d:
        return default
    try:
        return enum(d[key])
    except ValueError:
        raise EventFormatError(f"`{key}` has no value {d[key]!r}") from None


def options_to_dict(options: Options) -> dict[str, Any]:
    return {
        "format": options.format.value,
        "race": options.race,
        "race_losers": options.race_losers,
        "race_final": options.race_final,
        "final": options.final.value,
        "se_at": options.se_at,
        "third_place": options.third_place,
        "groups": options.groups,
        "advance": options.advance,
        "group_format": options.group_format.value,
        "then": options.then.value,
        "rules": options.rules.value,
        **({} if options.shot_clock is None else {"shot_clock": _clock_to_dict(options.shot_clock)}),
        **({} if options.qualifying is None else {"qualifying": _qualifying_to_dict(options.qualifying)}),
        **({"checkin": True} if options.checkin else {}),
        **({} if options.fee is None else {"fee": money_text(options.fee)}),
        **({} if options.late_start == LateStart() else {"late_start": late_start_to_dict(options.late_start)}),
    }


def money_text(amount: Decimal) -> str:
    """An amount as the log and the JSON write it: a decimal string with cents (`"20.00"`)."""
    return f"{amount.quantize(Decimal('0.01')):f}"


def money(text: Any, key: str = "amount") -> Decimal:
    """A decimal string read back (never through a float): `EventFormatError` when it is not one."""
    if not isinstance(text, str) or len(text) > 20:
        raise EventFormatError(f'`{key}` must be a decimal string such as "20.00", not {text!r}')
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise EventFormatError(f'`{key}` must be a decimal string such as "20.00", not {text!r}') from None
    if not amount.is_finite():
        raise EventFormatError(f"`{key}` must be a number, not {text!r}")
    return amount


def late_start_to_dict(late: LateStart | None) -> dict[str, Any] | None:
    return None if late is None else {"minutes": late.minutes, "calls": list(late.calls)}


def _late_start_from_dict(d: Mapping[str, Any]) -> LateStart | None:
    if "late_start" not in d:
        return LateStart()
    value = d["late_start"]
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise EventFormatError("`late_start` must be an object or null")
    calls = _field(value, "calls", list)
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in calls):
        raise EventFormatError(f"`calls` must be integers, not {calls!r}")
    return LateStart(_field(value, "minutes", int), tuple(calls))


def _qualifying_to_dict(q: Qualifying) -> dict[str, Any]:
    return {
        "pools": q.pools,
        "direct": q.direct,
        "places": q.places,
        "advance": [[size, k] for size, k in q.advance],
        "best_rank": q.best_rank,
    }


def _qualifying_from_dict(d: Any) -> Qualifying | None:
    if d is None:
        return None
    if not isinstance(d, Mapping):
        raise EventFormatError("`qualifying` must be an object")
    advance = _field(d, "advance", list)
    if not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        for pair in advance
    ):
        raise EventFormatError(f"`advance` must be pairs of integers (pool size, places), not {advance!r}")
    return Qualifying(
        _field(d, "pools", int),
        _field(d, "direct", int),
        _field(d, "places", int),
        tuple((size, k) for size, k in advance),
        _field(d, "best_rank", int),
    )


_CLOCK_FIELDS = ("shot_s", "extension_s", "extensions_per_rack", "after_break_s")


def _clock_to_dict(clock: ShotClock) -> dict[str, int]:
    return {name: getattr(clock, name) for name in _CLOCK_FIELDS}


def _clock_from_dict(d: Any) -> ShotClock | None:
    if d is None:
        return None
    if not isinstance(d, Mapping) or set(d) != set(_CLOCK_FIELDS):
        raise EventFormatError(f"`shot_clock` must be an object with {', '.join(_CLOCK_FIELDS)}")
    return ShotClock(*(_field(d, name, int) for name in _CLOCK_FIELDS))


def options_from_dict(d: Mapping[str, Any]) -> Options:
    if not isinstance(d, Mapping):
        raise EventFormatError("`options` must be an object")
    if "format" not in d:
        raise EventFormatError("`format` is missing")
    race = _field(d, "race", int, optional=True)
    return Options(
        format=_enum(d, "format", Format, None),
        race=7 if race is None else race,
        race_losers=_field(d, "race_losers", int, optional=True),
        race_final=_field(d, "race_final", int, optional=True),
        final=_enum(d, "final", FinalMode, FinalMode.RESET),
        se_at=_field(d, "se_at", int, optional=True),
        third_place=bool(_field(d, "third_place", bool, optional=True)),
        groups=_field(d, "groups", int, optional=True),
        advance=_field(d, "advance", int, optional=True),
        group_format=_enum(d, "group_format", GroupFormat, GroupFormat.RR),
        then=_enum(d, "then", Format, Format.DE),
        rules=_enum(d, "rules", Rules, Rules.WPA),
        shot_clock=_clock_from_dict(d.get("shot_clock")),
        qualifying=_qualifying_from_dict(d.get("qualifying")),
        checkin=bool(_field(d, "checkin", bool, optional=True)),
        fee=None if d.get("fee") is None else money(d["fee"], "fee"),
        late_start=_late_start_from_dict(d),
    )


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    return {
        "name": entry.name,
        "rating": entry.rating,
        "fargo_id": entry.fargo_id,
        "licence": entry.licence,
        "club": entry.club,
        "seed": entry.seed,
    }


def entry_from_dict(d: Any) -> Entry:
    if not isinstance(d, Mapping):
        raise EventFormatError("an entry must be an object")
    rating = _field(d, "rating", (int, float), optional=True)
    return Entry(
        name=_field(d, "name", str),
        rating=None if rating is None else float(rating),
        fargo_id=_field(d, "fargo_id", str, optional=True) or "",
        licence=_field(d, "licence", str, optional=True) or "",
        club=_field(d, "club", str, optional=True) or "",
        seed=_field(d, "seed", int, optional=True),
    )


@dataclass(frozen=True, slots=True)
class Created:
    """The tournament opened: its name, format and options (always the first event)."""

    TYPE: ClassVar[str] = "created"
    name: str
    options: Options

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name, "options": options_to_dict(self.options)}


@dataclass(frozen=True, slots=True)
class EntriesAdded:
    TYPE: ClassVar[str] = "entries_added"
    entries: tuple[Entry, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "entries": [entry_to_dict(e) for e in self.entries]}


@dataclass(frozen=True, slots=True)
class EntryEdited:
    """The entry named `name` now reads `entry` (a new name included)."""

    TYPE: ClassVar[str] = "entry_edited"
    name: str
    entry: Entry

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name, "entry": entry_to_dict(self.entry)}


CHECKIN_BY = ("door", "phone")
AT_TABLE_BY = ("phone", "desk", "lag", "organizer")
PAID_BY = ("cash", "other")


@dataclass(frozen=True, slots=True)
class CheckedIn:
    """The player is here: at the `door` (a volunteer typed the name) or from their `phone` (the door's
    QR; `device` the fingerprint of the phone's id). `me` is the SHA-256 of the player's /me secret
    (the secret itself is only in the player's link); `at` UTC."""

    TYPE: ClassVar[str] = "checked_in"
    name: str
    by: str = "door"
    device: str = ""
    me: str = ""
    at: str = ""

    def to_dict(self) -> dict[str, Any]:
        more = {"by": self.by, "device": self.device, "me": self.me, "at": self.at}
        return {"type": self.TYPE, "name": self.name, **{k: v for k, v in more.items() if v and v != "door"}}


@dataclass(frozen=True, slots=True)
class CheckinUndone:
    """A check-in taken back (before the draw): the player is absent again."""

    TYPE: ClassVar[str] = "checkin_undone"
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name}


@dataclass(frozen=True, slots=True)
class CheckinDoubled:
    """A second check-in of a player already here, or a phone that already checked in another: a fact
    for the organizer to look at (kept through undo); it changes nothing else."""

    TYPE: ClassVar[str] = "checkin_doubled"
    name: str
    by: str = "door"
    device: str = ""
    at: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name, "by": self.by, "device": self.device, "at": self.at}


@dataclass(frozen=True, slots=True)
class FeePaid:
    """The entry fee paid at the door: `amount` (never a float), `method` cash or other, a note."""

    TYPE: ClassVar[str] = "fee_paid"
    name: str
    amount: Decimal
    method: str = "cash"
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name, "amount": money_text(self.amount), "method": self.method,
                "note": self.note}  # fmt: skip


@dataclass(frozen=True, slots=True)
class FeeUnpaid:
    """A payment taken back (given back, or marked by mistake)."""

    TYPE: ClassVar[str] = "fee_unpaid"
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name}


@dataclass(frozen=True, slots=True)
class Called:
    """A match's players called to `table` at `at` (UTC): `call` 0 when it goes there, then 1, 2, …
    the late-start clock's calls of those (`players`) not at the table yet. A fact: undo keeps it."""

    TYPE: ClassVar[str] = "called"
    match: str
    table: int
    call: int
    players: tuple[str, ...]
    at: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "table": self.table, "call": self.call,
                "players": list(self.players), "at": self.at}  # fmt: skip


@dataclass(frozen=True, slots=True)
class AtTable:
    """`player` is at the match's table (said on the table's page, marked at the desk, by the lag, or
    by the organizer): their late-start clock stops. A fact: undo keeps it; the same `tap` again records
    nothing more."""

    TYPE: ClassVar[str] = "at_table"
    match: str
    player: str
    by: str
    at: str
    device: str = ""
    tap: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "player": self.player, "by": self.by, "at": self.at,
                "device": self.device, "tap": self.tap}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """Before the draw the entry leaves; after it, the player forfeits every match left."""

    TYPE: ClassVar[str] = "withdrawn"
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name}


@dataclass(frozen=True, slots=True)
class Disqualified:
    """As a withdrawal, decided by the organizer; the reason goes on the record."""

    TYPE: ClassVar[str] = "disqualified"
    name: str
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "name": self.name, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Drawn:
    TYPE: ClassVar[str] = "drawn"
    draw_seed: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "draw_seed": self.draw_seed}


@dataclass(frozen=True, slots=True)
class TablesSet:
    TYPE: ClassVar[str] = "tables_set"
    tables: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "tables": list(self.tables)}


@dataclass(frozen=True, slots=True)
class ResultRecorded:
    """A match won: `score` in the order a, b; `match_id` the desk's match log, if any."""

    TYPE: ClassVar[str] = "result_recorded"
    match: str
    winner: str
    score: tuple[int, int]
    match_id: str | None = None
    table: int | None = None
    ended_on: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "match": self.match,
            "winner": self.winner,
            "score": list(self.score),
            "match_id": self.match_id,
            "table": self.table,
            "ended_on": self.ended_on,
        }


@dataclass(frozen=True, slots=True)
class Corrected:
    """A done match's result put right (refused once a match it feeds has a result)."""

    TYPE: ClassVar[str] = "corrected"
    match: str
    winner: str
    score: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "winner": self.winner, "score": list(self.score)}


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A walkover: `player` does not play the match; the other wins, no rack played."""

    TYPE: ClassVar[str] = "forfeit"
    match: str
    player: str
    reason: str = ""
    """Why, when the organizer said (a late start's forfeit names the calls made)."""

    def to_dict(self) -> dict[str, Any]:
        walkover = {"type": self.TYPE, "match": self.match, "player": self.player}
        return {**walkover, "reason": self.reason} if self.reason else walkover


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """A desk started the match (its own match log `match_id`), on `table` when it says."""

    TYPE: ClassVar[str] = "match_started"
    match: str
    match_id: str
    table: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "match_id": self.match_id, "table": self.table}


@dataclass(frozen=True, slots=True)
class AssignmentSent:
    """The match went to `table` through the event server as assignment `assignment`, between
    `players` (a, b): a fact, kept through undo, that links a desk's match back to its bracket match."""

    TYPE: ClassVar[str] = "assignment_sent"
    match: str
    table: int
    assignment: str
    players: tuple[str, str]
    racks: bool = False
    """Sent to a desk with no referee: it opens the match in rack scoring (spec 1.3 §2a)."""

    def to_dict(self) -> dict[str, Any]:
        sent = {
            "type": self.TYPE,
            "match": self.match,
            "table": self.table,
            "assignment": self.assignment,
            "players": list(self.players),
        }
        return {**sent, "racks": True} if self.racks else sent  # an every-shot one reads as before


@dataclass(frozen=True, slots=True)
class RackTablesSet:
    """Tables whose desk has no referee (`on`): the matches sent there are scored by racks at the
    desk; the tables of `off` have a referee again. Neither changes a match already sent."""

    TYPE: ClassVar[str] = "rack_tables_set"
    on: tuple[int, ...] = ()
    off: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "on": list(self.on), "off": list(self.off)}


@dataclass(frozen=True, slots=True)
class PhonesSet:
    """Tables scored on the players' phones (phone.md §1): each of `keys` becomes (or stays) a phone
    table with a new key, of which the log keeps only the fingerprint (the key itself is kept on the
    laptop alone, and a replaced one nowhere); the tables of `off` become ordinary tables again."""

    TYPE: ClassVar[str] = "phones_set"
    keys: tuple[tuple[int, str], ...] = ()
    off: tuple[int, ...] = ()
    one_phone: bool = False
    """The tables of `keys` are one-phone tables (phone.md 1.1 §1: one phone may give both
    signatures); without it they are two-phone tables (each player signs on their own phone)."""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "type": self.TYPE,
            "keys": [{"table": table, "fingerprint": print_} for table, print_ in self.keys],
            "off": list(self.off),
        }
        if self.one_phone:  # left out when false: the logs written before phone.md 1.1 read the same
            d["one_phone"] = True
        return d


@dataclass(frozen=True, slots=True)
class Disputed:
    """`player` (of a phone match, `match_id` its log) does not agree with the result and calls the
    organizer; `tap` is the phone's id for it (sent again, it records nothing more)."""

    TYPE: ClassVar[str] = "disputed"
    match: str
    player: str
    match_id: str
    tap: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "player": self.player, "match_id": self.match_id,
                "tap": self.tap}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DisputeWithdrawn:
    """`player` signed the result after disputing it: they agree after all."""

    TYPE: ClassVar[str] = "dispute_withdrawn"
    match: str
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "match": self.match, "player": self.player}


@dataclass(frozen=True, slots=True)
class SignaturesSet:
    """The organizer's option: with `needed` False (a weekly bar night), a finished phone match
    completes its bracket match at once, unsigned; True (the default) waits for both signatures."""

    TYPE: ClassVar[str] = "signatures_set"
    needed: bool

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "needed": self.needed}


@dataclass(frozen=True, slots=True)
class Undo:
    """Voids event `target`, the latest still in force (as in a match log)."""

    TYPE: ClassVar[str] = "undo"
    target: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "target": self.target}


Event = (
    Created
    | EntriesAdded
    | EntryEdited
    | CheckedIn
    | CheckinUndone
    | CheckinDoubled
    | FeePaid
    | FeeUnpaid
    | Called
    | AtTable
    | Withdrawn
    | Disqualified
    | Drawn
    | TablesSet
    | ResultRecorded
    | Corrected
    | Forfeit
    | MatchStarted
    | AssignmentSent
    | PhonesSet
    | RackTablesSet
    | Disputed
    | DisputeWithdrawn
    | SignaturesSet
    | Undo
)


Decoder = Callable[[Mapping[str, Any], str], Any]
"""One field of a stored event, checked and decoded: (the event's object, the field's key)."""


def _of(kind: type, optional: bool = False) -> Decoder:
    return lambda d, key: _field(d, key, kind, optional=optional)


def _text_or_empty(d: Mapping[str, Any], key: str) -> str:
    return _field(d, key, str, optional=True) or ""


def _or(default: str) -> Decoder:
    return lambda d, key: _field(d, key, str, optional=True) or default


def _names(d: Mapping[str, Any], key: str) -> tuple[str, ...]:
    players = _field(d, key, list)
    if not all(isinstance(p, str) for p in players):
        raise EventFormatError(f"`{key}` must be names, not {players!r}")
    return tuple(players)


def _ints(d: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _field(d, key, list)
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in values):
        raise EventFormatError(f"`{key}` must be integers, not {values!r}")
    return tuple(values)


def _score(d: Mapping[str, Any], key: str = "score") -> tuple[int, int]:
    score = _field(d, key, list)
    if len(score) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in score):
        raise EventFormatError(f"`{key}` must be two integers, not {score!r}")
    return (score[0], score[1])


def _two_names(d: Mapping[str, Any], key: str) -> tuple[str, str]:
    players = _field(d, key, list)
    if len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise EventFormatError(f"`{key}` must be two names, not {players!r}")
    return (players[0], players[1])


def _flag(d: Mapping[str, Any], key: str) -> bool:
    value = d.get(key, False)
    if not isinstance(value, bool):
        raise EventFormatError(f"`{key}` must be true or false, not {value!r}")
    return value


def _phone_keys(d: Mapping[str, Any], key: str) -> tuple[tuple[int, str], ...]:
    keys: list[tuple[int, str]] = []
    for item in _field(d, key, list):
        if not isinstance(item, Mapping):
            raise EventFormatError(f"phones_set: each of `{key}` is an object")
        keys.append((_field(item, "table", int), _field(item, "fingerprint", str)))
    return tuple(keys)


def _entries(d: Mapping[str, Any], key: str) -> tuple[Entry, ...]:
    return tuple(entry_from_dict(e) for e in _field(d, key, list))


_TEXT, _INT = _of(str), _of(int)
_MAYBE_TEXT, _MAYBE_INT = _of(str, optional=True), _of(int, optional=True)
Decoded = tuple[Callable[..., Event], dict[str, Decoder]]


def _decoded(cls: Callable[..., Event], fields: dict[str, Decoder]) -> tuple[str, Decoded]:
    return str(getattr(cls, "TYPE")), (cls, fields)  # noqa: B009 - every event class has its TYPE


_TABLE: tuple[Decoded, ...] = (
    (Created, {"name": _TEXT, "options": lambda d, k: options_from_dict(_field(d, k, dict))}),
    (EntriesAdded, {"entries": _entries}),
    (EntryEdited, {"name": _TEXT, "entry": lambda d, k: entry_from_dict(_field(d, k, dict))}),
    (CheckedIn, {"name": _TEXT, "by": _or("door"), "device": _text_or_empty, "me": _text_or_empty,
                 "at": _text_or_empty}),
    (CheckinUndone, {"name": _TEXT}),
    (CheckinDoubled, {"name": _TEXT, "by": _TEXT, "device": _text_or_empty, "at": _TEXT}),
    (FeePaid, {"name": _TEXT, "amount": lambda d, k: money(d.get(k)), "method": _TEXT, "note": _text_or_empty}),
    (FeeUnpaid, {"name": _TEXT}),
    (Called, {"match": _TEXT, "table": _INT, "call": _INT, "players": _names, "at": _TEXT}),
    (AtTable, {"match": _TEXT, "player": _TEXT, "by": _TEXT, "at": _TEXT, "device": _text_or_empty,
               "tap": _text_or_empty}),
    (Withdrawn, {"name": _TEXT}),
    (Disqualified, {"name": _TEXT, "reason": _text_or_empty}),
    (Drawn, {"draw_seed": _INT}),
    (TablesSet, {"tables": _ints}),
    (ResultRecorded, {"match": _TEXT, "winner": _TEXT, "score": _score, "match_id": _MAYBE_TEXT,
                      "table": _MAYBE_INT, "ended_on": _MAYBE_TEXT}),
    (Corrected, {"match": _TEXT, "winner": _TEXT, "score": _score}),
    (Forfeit, {"match": _TEXT, "player": _TEXT, "reason": _text_or_empty}),
    (MatchStarted, {"match": _TEXT, "match_id": _TEXT, "table": _MAYBE_INT}),
    (AssignmentSent, {"match": _TEXT, "table": _INT, "assignment": _TEXT, "players": _two_names,
                      "racks": _flag}),
    (RackTablesSet, {"on": _ints, "off": _ints}),
    (PhonesSet, {"keys": _phone_keys, "off": _ints, "one_phone": _flag}),
    (Disputed, {"match": _TEXT, "player": _TEXT, "match_id": _TEXT, "tap": _text_or_empty}),
    (DisputeWithdrawn, {"match": _TEXT, "player": _TEXT}),
    (SignaturesSet, {"needed": _of(bool)}),
    (Undo, {"target": _INT}),
)  # fmt: skip
FIELDS: dict[str, Decoded] = dict(_decoded(cls, fields) for cls, fields in _TABLE)
"""Each event type: its class, and its fields' decoders in the class's order (as `log.codec` does
for a match's events)."""


def event_from_dict(d: Any) -> Event:
    """Parse one stored event, field by field (`FIELDS`); raises `EventFormatError` on anything
    unexpected."""
    if not isinstance(d, Mapping):
        raise EventFormatError("an event must be an object")
    kind = _field(d, "type", str)
    if kind not in FIELDS:
        raise EventFormatError(f"unknown event type {kind!r}")
    cls, fields = FIELDS[kind]
    return cls(**{key: decode(d, key) for key, decode in fields.items()})
