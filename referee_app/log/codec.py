"""JSON <-> events, exactly as the match-log spec writes them (sections 1-4).

Parsing is strict: an unknown type or field, a value of the wrong JSON type,
a ball outside 1..10 or a pocket that does not exist is a `LogFormatError`
naming the field, because a typo must never silently drop a fact. Writing is
canonical (fields in spec order, defaults left out, `seq` and `at` last), so
export -> import -> export gives the same bytes.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
from collections.abc import Callable, Mapping
from datetime import date
from enum import StrEnum
from typing import Any, TypeVar

from referee_app.game.events import (
    EVENT_CLASSES,
    LOWEST,
    SAFETY,
    BallPocket,
    Called,
    Entry,
    Event,
    EventType,
    MatchStarted,
    Potted,
    ShotClock,
)
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import (
    BALLS,
    RACK_WAYS,
    TEN,
    BreakOrder,
    Choice,
    CueBallFate,
    Foul,
    LagFault,
    PenaltyKind,
    Pocket,
    RackHow,
    Scoring,
    Seat,
)

MAX_INT = 10**15 - 1
"""Spec 1.1: a JSON number has at most 15 digits before its decimal point."""


class LogFormatError(ValueError):
    """A line that cannot be read as a match-log event (exit 2 in the CLI)."""


E = TypeVar("E", bound=StrEnum)
Decoder = Callable[[Any, str], Any]


def _fail(name: str, what: str) -> LogFormatError:
    return LogFormatError(f"field '{name}': {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(lo: int, hi: int) -> Decoder:
    def decode(value: Any, name: str) -> int:
        if not _is_int(value) or not lo <= value <= hi:
            raise _fail(name, f"must be a whole number from {lo} to {hi}, got {json.dumps(value)}")
        return int(value)

    return decode


def _enum(kind: type[E]) -> Decoder:
    def decode(value: Any, name: str) -> E:
        try:
            return kind(value) if isinstance(value, str) else kind("\0")
        except ValueError:
            choices = ", ".join(f'"{m.value}"' for m in kind)
            raise _fail(name, f"must be one of {choices}, got {json.dumps(value)}") from None

    return decode


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _text(limit: int, *, required: bool = False, controls: bool = True) -> Decoder:
    """A string of at most `limit` characters (spec 1.1); `required`: not blank; without
    `controls`, no control character (an id that becomes part of a file name)."""

    def decode(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise _fail(name, f"must be a string, got {json.dumps(value)[:40]}")
        if len(value) > limit:
            raise _fail(name, f"must be at most {limit} characters, got {len(value)}")
        if required and not value.strip():
            raise _fail(name, "must not be empty")
        if not controls and _CONTROL.search(value):
            raise _fail(name, "must not hold control characters")
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _fail(name, "holds a lone UTF-16 surrogate, which is not text") from None
        return value

    return decode


def _preset_name(value: Any, name: str) -> str:
    """A rule preset's name: one of the rows of `presets.PRESETS` (read now, so a preset added
    to the table is accepted without touching the codec)."""
    if not isinstance(value, str) or value not in PRESETS:
        choices = ", ".join(f'"{key}"' for key in PRESETS)
        raise _fail(name, f"must be one of {choices}, got {json.dumps(value)}")
    return value


def _ball(value: Any, name: str) -> int:
    if not _is_int(value) or value not in BALLS:
        raise _fail(name, f"a ball is a number from 1 to 10, got {json.dumps(value)}")
    return int(value)


def _ball_or_none(value: Any, name: str) -> int | None:
    return None if value is None else _ball(value, name)


def _list(item: Decoder) -> Decoder:
    def decode(value: Any, name: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _fail(name, f"must be a list, got {json.dumps(value)}")
        return tuple(item(v, name) for v in value)

    return decode


def _object(value: Any, name: str, keys: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(name, f"must be an object, got {json.dumps(value)}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise _fail(name, f"unknown key '{unknown[0]}'")
    missing = sorted(required - set(value))
    if missing:
        raise _fail(name, f"missing key '{missing[0]}'")
    return value


def _ball_in_pocket(value: Any, name: str) -> tuple[int, Pocket]:
    obj = _object(value, name, {"ball", "pocket"}, {"ball", "pocket"})
    return _ball(obj["ball"], name), _enum(Pocket)(obj["pocket"], name)


def _potted(value: Any, name: str) -> Potted:
    return Potted(*_ball_in_pocket(value, name))


def _shot_call(value: Any, name: str) -> Called | str:
    if value == SAFETY:
        return SAFETY
    if isinstance(value, str):
        raise _fail(name, f'must be a ball and pocket or "safety", got {json.dumps(value)}')
    return Called(*_ball_in_pocket(value, name))


def _break_call(value: Any, name: str) -> Called | None:
    if value is None:
        return None
    called = Called(*_ball_in_pocket(value, name))
    if called.ball != TEN:
        raise _fail(name, "only the 10 can be announced on the break")
    return called


def _first_contact(value: Any, name: str) -> int | None:
    return _ball_or_none(value, name)


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(name, f"must be true or false, got {json.dumps(value)}")
    return value


def _seconds(value: Any, name: str) -> float:
    """Spec 1.1: `clock_s` is seconds 0..3600 (non-finite numbers never get this far)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 3600:
        raise _fail(name, f"must be a number of seconds from 0 to 3600, got {json.dumps(value)}")
    return value


def _players(value: Any, name: str) -> tuple[str, str]:
    obj = _object(value, name, {"A", "B"}, {"A", "B"})
    names = _text(80, required=True, controls=False)
    return names(obj["A"], f"{name}.A"), names(obj["B"], f"{name}.B")


def _per_seat_text(limit: int) -> Decoder:
    """`{"A": text, "B": text}`, either seat may be left out (licences, clubs: spec 1.1)."""
    text = _text(limit, controls=False)

    def decode(value: Any, name: str) -> tuple[str, str]:
        obj = _object(value, name, {"A", "B"}, set())
        return text(obj.get("A", ""), f"{name}.A"), text(obj.get("B", ""), f"{name}.B")

    return decode


def _shot_clock(value: Any, name: str) -> ShotClock | None:
    if value is None:
        return None
    keys = {f.name for f in dataclasses.fields(ShotClock)}
    obj = _object(value, name, keys, set())
    ranges = {
        "shot_s": (1, 600),
        "extension_s": (1, 600),
        "extensions_per_rack": (0, 9),
        "after_break_s": (1, 60),
    }
    return ShotClock(**{k: _int_in(*ranges[k])(v, f"{name}.{k}") for k, v in obj.items()})


def _lag_faults(value: Any, name: str) -> tuple[tuple[Seat, tuple[LagFault, ...]], ...]:
    obj = _object(value, name, {"A", "B"}, set())
    codes = _list(_enum(LagFault))
    return tuple((Seat(seat), codes(obj[seat], f"{name}.{seat}")) for seat in ("A", "B") if seat in obj)


def _rack_how(value: Any, name: str) -> RackHow:
    """Spec §2a: how a rack was won, one of the four a `rack` event names (a penalty and a
    stalemate are events of their own)."""
    if not isinstance(value, str) or value not in RACK_WAYS:
        choices = ", ".join(f'"{how.value}"' for how in RACK_WAYS)
        raise _fail(name, f"must be one of {choices}, got {json.dumps(value)}")
    return RackHow(value)


_seat = _enum(Seat)
DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""Spec 1.4: a `sign`'s `device`, the phone that gave it."""


def _device(value: Any, name: str) -> str:
    if not isinstance(value, str) or not DEVICE.fullmatch(value):
        raise _fail(name, f"must be 8..64 letters, digits, '-' or '_', got {json.dumps(value)[:40]}")
    return value


_fouls = _list(_enum(Foul))
_balls = _list(_ball)
_pocketed = _list(_potted)

FIELDS: dict[EventType, dict[str, Decoder]] = {
    EventType.MATCH_STARTED: {
        "players": _players,
        "race_to": _int_in(1, 99),
        "rules": _preset_name,
        "break_order": _enum(BreakOrder),
        "shot_clock": _shot_clock,
        "event": _text(200),
        "round": _text(200),
        "table": _text(200),
        "referee": _text(200),
        "match_id": _text(200, required=True, controls=False),
        "licences": _per_seat_text(40),
        "clubs": _per_seat_text(80),
        "assignment": _text(200, required=True, controls=False),
        "scoring": _enum(Scoring),
    },
    EventType.LAG: {"winner": _seat, "breaker": _seat, "faults": _lag_faults},
    EventType.RELAG: {"reason": _text(2000)},
    EventType.BREAK: {
        "first_contact": _first_contact,
        "rails": _int_in(0, 10),
        "pocketed": _pocketed,
        "off_table": _balls,
        "cue_ball": _enum(CueBallFate),
        "fouls": _fouls,
        "call": _break_call,
        "player": _seat,
    },
    EventType.PUSH_OUT: {
        "pocketed": _pocketed,
        "off_table": _balls,
        "cue_ball": _enum(CueBallFate),
        "fouls": _fouls,
        "clock_s": _seconds,
        "player": _seat,
    },
    EventType.SHOT: {
        "call": _shot_call,
        "first_contact": _first_contact,
        "rail": _bool,
        "pocketed": _pocketed,
        "off_table": _balls,
        "cue_ball": _enum(CueBallFate),
        "fouls": _fouls,
        "clock_s": _seconds,
        "player": _seat,
    },
    EventType.OPTION: {"choice": _enum(Choice), "player": _seat},
    EventType.WARNING: {"player": _seat},
    EventType.EXTENSION: {"player": _seat},
    EventType.PENALTY: {"player": _seat, "penalty": _enum(PenaltyKind), "reason": _text(2000)},
    EventType.CONCEDE: {"player": _seat},
    EventType.STALEMATE: {},
    EventType.VOID: {"reason": _text(2000)},
    EventType.NOTE: {"text": _text(2000)},
    EventType.RACK: {"winner": _seat, "how": _rack_how},
    EventType.SIGN: {"player": _seat, "device": _device},
    EventType.UNDO: {"target": _int_in(1, MAX_INT)},
}


_REQUIRED: dict[EventType, tuple[str, ...]] = {
    kind: tuple(
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
    for kind, cls in EVENT_CLASSES.items()
}


def _check_balls_once(event: Event) -> None:
    """The same ball cannot both drop and leave the table, or drop twice."""
    pocketed = getattr(event, "pocketed", ())
    balls = [p.ball for p in pocketed] + list(getattr(event, "off_table", ()))
    seen: set[int] = set()
    for ball in balls:
        if ball in seen:
            raise LogFormatError(f"ball {ball} is listed twice (pocketed / off_table)")
        seen.add(ball)


def event_from_json(obj: Any) -> tuple[Event, int | None, str | None]:
    """Decode one JSON object into (event, seq or None, at or None)."""
    if not isinstance(obj, dict):
        raise LogFormatError("an event must be a JSON object")
    if "type" not in obj:
        raise LogFormatError("missing field 'type'")
    kind = obj["type"]
    try:
        event_type = EventType(kind) if isinstance(kind, str) else None
    except ValueError:
        event_type = None
    if event_type is None:
        raise LogFormatError(f"unknown event type {json.dumps(kind)}")
    decoders = FIELDS[event_type]
    cls = EVENT_CLASSES[event_type]
    values: dict[str, Any] = {}
    seq: int | None = None
    at: str | None = None
    for key, raw in obj.items():
        if key == "type":
            continue
        if key == "seq":
            seq = _int_in(1, 10**9)(raw, key)
        elif key == "at":
            at = _timestamp(raw, key)
        elif key in decoders:
            values[key] = decoders[key](raw, key)
        else:
            raise LogFormatError(f"unknown field '{key}' in a {event_type.value} event")
    for name in _REQUIRED[event_type]:
        if name not in values:
            raise LogFormatError(f"missing field '{name}' in a {event_type.value} event")
    event: Event = cls(**values)
    _check_balls_once(event)
    if isinstance(event, MatchStarted):
        check_setup(event)
    return event, seq, at


def check_setup(setup: MatchStarted) -> None:
    """What the spec asks of a `match_started` as a whole: with `"scoring": "racks"` the shot clock
    is null (§2). Checked when a file is read and when a match is started (`Session.start`), so no
    log is stored that its own file could not be read back from."""
    if setup.scoring is Scoring.RACKS and setup.shot_clock is not None:
        raise _fail("shot_clock", "must be null when the match is scored by racks (no stroke is timed)")


def _timestamp(value: Any, name: str) -> str:
    if not isinstance(value, str) or not is_utc_time(value):
        shown = json.dumps(value)[:60]
        raise _fail(name, f"must be a UTC time such as 2026-12-01T20:04:31Z (year 1970..9999), got {shown}")
    return value


UTC_TIME = re.compile(
    r"(?P<year>19[7-9]\d|[2-9]\d{3})-(?P<month>0[1-9]|1[0-2])-(?P<day>0[1-9]|[12]\d|3[01])"
    r"T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|\+00:00)",
    re.ASCII,
)
"""Spec 1.2 section 1: a UTC time (`Z` or `+00:00`), the year 1970..9999."""


def is_utc_time(value: object) -> bool:
    """`value` is a time as the spec writes `at`: UTC, a date that exists, a year in 1970..9999.
    Every reader checks it (a file, a merged or pulled row, a stored row), so a time at the
    calendar's edge never reaches a list, a sheet or a date filter."""
    if not isinstance(value, str) or UTC_TIME.fullmatch(value) is None:
        return False
    if value[8:10] <= "28":  # every month has them: no date to build (stores read every event's time)
        return True
    try:
        date(int(value[:4]), int(value[5:7]), int(value[8:10]))
    except ValueError:
        return False
    return True


_ONE_TIME = (
    r"(?:19[7-9]\d|[2-9]\d{3})-"
    r"(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)"
    r"T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6}+)?+)?+(?:Z|\+00:00)"  # no step back: one way to read it
)
_SURE_TIMES = re.compile(rf"{_ONE_TIME}(?:\n{_ONE_TIME})*+", re.ASCII)
"""`UTC_TIME`'s language with the calendar written in (every day but 29 February), repeated one a line:
a whole log's times are checked in one match, in C (no Python per time)."""


def are_utc_times(values: list[Any]) -> bool:
    """`is_utc_time` of every value (a stored match's every `at`). Checked in one regular-expression
    match over the times joined by newlines; a 29 February, a time containing a newline or a value that
    is not a string falls back to checking each one. One time at a time costs more than the rest of
    reading a stored event (bench/replay.py)."""
    try:
        joined = "\n".join(values)
    except TypeError:
        return all(is_utc_time(value) for value in values)
    if joined.count("\n") == len(values) - 1 and _SURE_TIMES.fullmatch(joined) is not None:
        return True  # each line is one value (none holds a newline) and each is a time of the calendar
    return all(is_utc_time(value) for value in values)


MAX_LINE = 64 * 1024
"""The longest line an event can need (every text at its limit) with room to spare: longer is refused
before it is parsed, so a crafted line cannot cost time or memory."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise LogFormatError(f"key '{key}' appears twice in one object")
            seen.add(key)
    return obj


def _not_json(constant: str) -> float:
    raise LogFormatError(f"{constant} is not a JSON number")


def _finite_float(text: str) -> float:
    if len(text.split(".")[0].split("e")[0].split("E")[0].lstrip("-")) > 15:
        raise LogFormatError(f"the number {text[:20]}... has more than 15 digits before its decimal point")
    value = float(text)
    if math.isinf(value):
        raise LogFormatError(f"the number {text[:20]} is too large to be finite")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 15:
        raise LogFormatError(f"the number {text[:20]}... has more than 15 digits")
    return int(text)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_no_duplicates, parse_constant=_not_json, parse_float=_finite_float, parse_int=_bounded_int
)


def parse_line(text: str) -> tuple[Event, int | None, str | None]:
    """Decode one JSON Lines line: strict JSON (no duplicate keys, no NaN or Infinity, numbers
    of at most 15 digits), then the event. Anything else is a `LogFormatError`, never a crash."""
    if len(text) > MAX_LINE:
        raise LogFormatError(f"the line is {len(text)} characters long; an event needs at most {MAX_LINE}")
    try:
        obj = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise LogFormatError(f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise LogFormatError("not valid JSON (nested too deep)") from None
    return event_from_json(obj)


@functools.lru_cache(maxsize=8192)
def parse_event_text(text: str) -> Event:
    """Decode a stored event body (no seq, no at). Cached: events are immutable values, and
    a match log repeats itself a lot (the same call, the same miss), so replay mostly skips
    the JSON decoding."""
    event, seq, at = parse_line(text)
    if seq is not None or at is not None:
        raise LogFormatError("a stored event body must not carry seq or at")
    return event


def event_to_text(event: Event) -> str:
    """The stored body of an event: its JSON line without seq and at."""
    return dumps(event_to_json(event))


def _encode_value(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, BallPocket):
        return {"ball": value.ball, "pocket": value.pocket.value}
    if isinstance(value, ShotClock):
        return dataclasses.asdict(value)
    if isinstance(value, tuple):
        return [_encode_value(v) for v in value]
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """The event as a JSON object: spec field order, defaults left out."""
    out: dict[str, Any] = {"type": event.TYPE.value}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if value is LOWEST or (f.default is not dataclasses.MISSING and value == f.default):
            continue
        if isinstance(event, MatchStarted) and f.name in ("players", "licences", "clubs"):
            out[f.name] = {"A": value[0], "B": value[1]}
        elif f.name == "faults":
            out["faults"] = {seat.value: _encode_value(codes) for seat, codes in value}
        else:
            out[f.name] = _encode_value(value)
    return out


def entry_to_json(entry: Entry) -> dict[str, Any]:
    out = event_to_json(entry.event)
    out["seq"] = entry.seq
    if entry.at:
        out["at"] = entry.at
    return out


def dumps(obj: Mapping[str, Any]) -> str:
    """One JSON Lines line (no newline)."""
    return json.dumps(obj, ensure_ascii=False)


def entry_to_line(entry: Entry) -> str:
    return dumps(entry_to_json(entry))
