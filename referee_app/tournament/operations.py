"""The tournament commands' work on a database: load, check, decide, append (spec §1).

Validate, then persist: every decision is applied to the replayed state first, and only
what the tournament accepts is appended (one transaction per call, so a refused or bad
call writes nothing and a results file goes in whole or not at all). A tournament whose
stored log does not parse or replay is refused whole (`DamagedTournament`), never half-read.
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.store import Store, StoreError, TournamentRow
from referee_app.tournament.entries import EntriesInvalid, parse_entries
from referee_app.tournament.events import (
    Corrected,
    Created,
    Drawn,
    EntriesAdded,
    Event,
    EventFormatError,
    Forfeit,
    PhonesSet,
    ResultRecorded,
    TablesSet,
    event_from_dict,
)
from referee_app.tournament.model import Options, TournamentRefused
from referee_app.tournament.phones import fingerprint, new_key
from referee_app.tournament.state import State, apply
from referee_app.words.localtime import local_date


class BadInput(ValueError):
    """Input that is not what the spec describes (exit 2); the message starts `line N:` for files."""


class DamagedTournament(StoreError):
    """A stored tournament whose log does not parse or replay: refused whole."""


@dataclass(frozen=True, slots=True)
class Opened:
    tournament_id: str
    state: State


def now() -> str:
    """UTC now, as the match logs store times."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _row(seq: int, event: Event, at: str) -> TournamentRow:
    body = json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))
    return TournamentRow(seq, event.TYPE, at, body)


def find(store: Store, ref: str) -> str:
    """The tournament named by its id, or by its name when only one has it."""
    index = store.tournaments()
    if any(t.tournament_id == ref for t in index):
        return ref
    named = [t for t in index if t.name == ref] or [t for t in index if t.name.casefold() == ref.casefold()]
    if len(named) > 1:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{count} tournaments are named {name!r}: give the id"),
            count=len(named),
            name=ref,
        )
    if not named:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "no tournament {name!r} in {path}"), name=ref, path=store.path
        )
    return named[0].tournament_id


def open_tournament(store: Store, ref: str) -> Opened:
    """The tournament replayed from its checked log."""
    tournament_id = find(store, ref)
    index, rows = store.load_tournament(tournament_id)
    state: State | None = None
    for row in rows:
        try:
            event = event_from_dict(json.loads(row.body))
            if row.type != event.TYPE:
                raise EventFormatError(f"filed as {row.type!r} but holds {event.TYPE!r}")
            state = apply(state, event)
        except (ValueError, RecursionError) as exc:  # bad JSON, EventFormatError, TournamentRefused
            raise DamagedTournament(
                QT_TRANSLATE_NOOP("Store", "tournament {id} in {path} cannot be used: event {seq}: {why}"),
                id=tournament_id,
                path=store.path,
                seq=row.seq,
                why=exc,
            ) from None
    assert state is not None
    if state.tournament.name != index.name:
        raise DamagedTournament(
            QT_TRANSLATE_NOOP("Store", "tournament {id} in {path}: its index and its log disagree"),
            id=tournament_id,
            path=store.path,
        )
    return Opened(tournament_id, state)


def _record(
    store: Store,
    opened: Opened,
    events: list[Event],
    at: str | None = None,
    phone_keys: Mapping[int, str | None] | None = None,
) -> State:
    """Apply the events in order (a refusal raises, nothing written), then append them at once (with
    the phone tables' keys they fingerprint, in the same transaction)."""
    state = opened.state
    rows: list[TournamentRow] = []
    stamp = at or now()
    for event in events:
        state = apply(state, event)
        rows.append(_row(state.seq, event, stamp))
    store.append_tournament(opened.tournament_id, rows, phone_keys)
    return state


def record_opened(store: Store, opened: Opened, events: list[Event]) -> State:
    """The events applied to a tournament already read (a refusal raises, nothing written), then
    appended at once; a log that moved on since it was read is `SeqTaken`, nothing written."""
    return _record(store, opened, events)


def record(store: Store, ref: str, events: list[Event]) -> State:
    """Any of the organizer's decisions (check-in, edit, withdrawal, undo...), applied in order and
    appended together; a refusal raises `TournamentRefused` and writes nothing."""
    return _record(store, open_tournament(store, ref), events)


def new_tournament(store: Store, name: str, options: Options, at: str | None = None) -> str:
    """Create a tournament; returns its new id."""
    event = Created(name, options)
    state = apply(None, event)
    tournament_id = uuid.uuid4().hex[:12]
    store.create_tournament(tournament_id, state.tournament.name, _row(1, event, at or now()))
    return tournament_id


def add_entries(store: Store, ref: str, text: str) -> int:
    """Entries from a CSV file's text; all or nothing. Returns how many were added."""
    opened = open_tournament(store, ref)
    try:
        entries = parse_entries(text, existing=opened.state.tournament.entries)
    except EntriesInvalid as exc:
        raise BadInput(str(exc)) from None
    _record(store, opened, [EntriesAdded(entries)])
    return len(entries)


def draw(store: Store, ref: str, draw_seed: int | None = None) -> int:
    """Seed, place byes, make the bracket; returns the draw seed (picked when not given)."""
    opened = open_tournament(store, ref)
    seed = secrets.randbelow(1_000_000) if draw_seed is None else draw_seed
    _record(store, opened, [Drawn(seed)])
    return seed


def parse_tables(text: str) -> tuple[int, ...]:
    """`1-8`, `1,2,5` or both (`1-4,7`)."""
    tables: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        try:
            first, last = (int(low), int(high)) if dash else (int(part), int(part))
        except ValueError:
            raise BadInput(f"tables: {text!r} is not a list like 1-8 or 1,2,5") from None
        if last < first or last - first > 999:
            raise BadInput(f"tables: {part!r} is not a range like 1-8")
        tables.extend(range(first, last + 1))
    return tuple(tables)


def set_tables(store: Store, ref: str, text: str) -> tuple[int, ...]:
    tables = parse_tables(text)
    opened = open_tournament(store, ref)
    _record(store, opened, [TablesSet(tables)])
    return tables


class TablesBadInput(TournamentRefused):
    """A list of tables that names a table the venue does not have: bad input (exit 2), said in the
    organizer's language like a refusal."""


def set_phones(store: Store, ref: str, text: str, off: bool = False) -> list[tuple[int, str | None]]:
    """Make the tables of `text` phone tables, each with a new key (a table's old key stops working at
    once), or with `off` ordinary tables again (phone.md §1). Returns each table with its key (None
    when turned off). The log gets the keys' fingerprints; the keys are kept beside it."""
    tables = parse_tables(text)
    opened = open_tournament(store, ref)
    venue = opened.state.tournament.tables
    if not venue:
        raise TablesBadInput(
            QT_TRANSLATE_NOOP("TournamentRefusal", "the venue has no tables yet: set them with `tournament tables`")
        )
    for table in tables:
        if table not in venue:
            raise TablesBadInput(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "table {table} is not one of the venue's tables ({venue}): set them with `tournament tables`",
                ),
                table=table,
                venue=", ".join(str(t) for t in venue),
            )
    if off:
        _record(store, opened, [PhonesSet(off=tables)], phone_keys=dict.fromkeys(tables))
        return [(table, None) for table in tables]
    keys = {table: new_key() for table in tables}
    event = PhonesSet(keys=tuple((table, fingerprint(key)) for table, key in keys.items()))
    _record(store, opened, [event], phone_keys=dict(keys))
    return list(keys.items())


RESULT_KEYS = frozenset({"match", "winner", "score", "forfeit", "correct", "match_id", "table"})


def parse_result(line: str, ended_on: str) -> Event:
    """One results line (spec §5) as an event; `ValueError` says what is wrong with it."""
    try:
        d: Any = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(
            f"not JSON ({exc.msg if isinstance(exc, json.JSONDecodeError) else 'nested too deep'})"
        ) from None
    if not isinstance(d, dict):
        raise ValueError("a result is a JSON object")
    unknown = sorted(set(d) - RESULT_KEYS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    match = d.get("match")
    if not isinstance(match, str):
        raise ValueError("`match` (text) is missing")
    if "forfeit" in d:
        if not isinstance(d["forfeit"], str) or {"winner", "score", "correct"} & set(d):
            raise ValueError('a walkover is {"match": ..., "forfeit": name} alone')
        return Forfeit(match, d["forfeit"])
    winner, score = d.get("winner"), d.get("score")
    if not isinstance(winner, str):
        raise ValueError("`winner` (a name) is missing")
    if not (
        isinstance(score, list)
        and len(score) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in score)
    ):
        raise ValueError("`score` must be [racks of a, racks of b]")
    correct = d.get("correct", False)
    if not isinstance(correct, bool):
        raise ValueError("`correct` is true or false")
    if correct:
        return Corrected(match, winner, (score[0], score[1]))
    match_id = d.get("match_id")
    table = d.get("table")
    if match_id is not None and not isinstance(match_id, str):
        raise ValueError("`match_id` is text")
    if table is not None and (not isinstance(table, int) or isinstance(table, bool)):
        raise ValueError("`table` is a number")
    return ResultRecorded(match, winner, (score[0], score[1]), match_id, table, ended_on)


class LineRefused(TournamentRefused):
    """A results line the tournament refuses; `line` is its number in the file."""

    def __init__(self, line: int, refused: TournamentRefused) -> None:
        super().__init__(refused.template, **refused.params)
        self.line = line


def record_results(store: Store, ref: str, lines: Iterable[str]) -> int:
    """Results as JSON lines, applied in order; all or nothing. Returns how many were recorded."""
    opened = open_tournament(store, ref)
    at = now()
    today = local_date(at)
    numbered: list[tuple[int, Event]] = []
    problems: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            numbered.append((number, parse_result(line, today)))
        except ValueError as exc:
            problems.append(f"line {number}: {exc}")
    if problems:
        raise BadInput("\n".join(problems))
    state = opened.state
    rows: list[TournamentRow] = []
    for number, event in numbered:
        try:
            state = apply(state, event)
        except TournamentRefused as exc:
            raise LineRefused(number, exc) from None
        rows.append(_row(state.seq, event, at))
    store.append_tournament(opened.tournament_id, rows)
    return len(rows)
