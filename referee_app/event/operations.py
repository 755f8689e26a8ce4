"""The tournament commands' work on a database: parse the input, then one `TournamentSession` call.

Validate, then persist (`session.TournamentSession`): every decision is applied to the replayed
state first, and only what the tournament accepts is appended (one transaction per call, so a refused or bad
call writes nothing and a results file goes in whole or not at all). A tournament whose
stored log does not parse or replay is refused whole (`DamagedTournament`), never half-read.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from typing import Any

from referee_app.event.session import DamagedTournament as DamagedTournament
from referee_app.event.session import Opened as Opened
from referee_app.event.session import TournamentSession
from referee_app.event.session import find as find
from referee_app.event.session import new_tournament as new_tournament
from referee_app.event.session import now as now
from referee_app.event.session import open_tournament as open_tournament
from referee_app.log.store import Store
from referee_app.tournament.door import find_player
from referee_app.tournament.entries import EntriesInvalid
from referee_app.tournament.events import (
    CheckedIn,
    CheckinUndone,
    Corrected,
    Drawn,
    EntriesAdded,
    Event,
    Forfeit,
    RackTablesSet,
    ResultRecorded,
    TablesSet,
)
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.phones import TablesBadInput as TablesBadInput
from referee_app.tournament.state import State, after_draw, apply
from referee_app.words.localtime import local_date


class BadInput(ValueError):
    """Input that is not what the spec describes (exit 2); the message starts `line N:` for files."""


def record(store: Store, ref: str, events: list[Event]) -> State:
    """Any of the organizer's decisions (check-in, edit, withdrawal, undo...), applied in order and
    appended together; a refusal raises `TournamentRefused` and writes nothing."""
    return TournamentSession.open(store, ref).record(*events)


def add_entries(store: Store, ref: str, text: str) -> int:
    """Entries from a CSV file's text; all or nothing. Returns how many were added."""
    session = TournamentSession.open(store, ref)
    try:
        entries = session.entries_from(text)
    except EntriesInvalid as exc:
        raise BadInput(str(exc)) from exc  # the lines, for a caller that says them in another language
    session.record(EntriesAdded(entries))
    return len(entries)


def checkin(store: Store, ref: str, names: Iterable[str], undo: bool = False) -> list[str]:
    """Check players in at the door (or take it back with `undo`), names matched as the entry list
    matches them (case and accents ignored); all or nothing. Returns the names as entered."""
    session = TournamentSession.open(store, ref)
    t = session.tournament
    assert t is not None
    if t.bracket is not None:
        raise after_draw()
    found = [find_player(t, name) for name in names]
    at = now()
    events: list[Event] = [CheckinUndone(n) if undo else CheckedIn(n, at=at) for n in found]
    session.record(*events, at=at)
    return found


def draw(store: Store, ref: str, draw_seed: int | None = None) -> int:
    """Seed, place byes, make the bracket; returns the draw seed (picked when not given)."""
    session = TournamentSession.open(store, ref)
    seed = secrets.randbelow(1_000_000) if draw_seed is None else draw_seed
    session.record(Drawn(seed))
    return seed


MOST_TABLES = 999
"""The longest range of tables one part of a list may name (`1-100000` is a typo, not a venue)."""


def parse_tables(text: str) -> tuple[int, ...]:
    """`1-8`, `1,2,5` or both (`1-4, 7`; `;` separates too) as table numbers; `BadInput` (a
    `ValueError`) on anything else. The one rule, for the command line and the window."""
    tables: list[int] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            first, last = (int(low), int(high)) if dash else (int(part), int(part))
        except ValueError:
            raise BadInput(f"tables: {text!r} is not a list like 1-8 or 1,2,5") from None
        if last < first or last - first > MOST_TABLES:
            raise BadInput(f"tables: {part!r} is not a range like 1-8")
        tables.extend(range(first, last + 1))
    if not tables:
        raise BadInput(f"tables: {text!r} is not a list like 1-8 or 1,2,5")
    return tuple(tables)


def set_tables(store: Store, ref: str, text: str) -> tuple[int, ...]:
    tables = parse_tables(text)
    TournamentSession.open(store, ref).record(TablesSet(tables))
    return tables


def set_phones(
    store: Store, ref: str, text: str, off: bool = False, one_phone: bool = False
) -> list[tuple[int, str | None]]:
    """Make the tables of `text` phone tables, each with a new key (a table's old key stops working at
    once), one-phone tables with `one_phone`, or with `off` ordinary tables again (phone.md §1).
    Returns each table with its key (None when turned off). The log gets the keys' fingerprints;
    the keys are kept beside it."""
    return TournamentSession.open(store, ref).set_phones(parse_tables(text), off, one_phone)


def set_rack_tables(store: Store, ref: str, text: str, off: bool = False) -> tuple[int, ...]:
    """The tables of `text` have no referee: the matches sent to their desks are scored by racks
    (with `off`: they have a referee again). Returns the tables named."""
    tables = parse_tables(text)
    event = RackTablesSet(off=tables) if off else RackTablesSet(on=tables)
    TournamentSession.open(store, ref).record(event)
    return tables


RESULT_KEYS = frozenset({"match", "winner", "score", "forfeit", "correct", "match_id", "table", "reason"})


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
            raise ValueError('a walkover is {"match": ..., "forfeit": name} alone (a "reason" may say why)')
        reason = d.get("reason", "")
        if not isinstance(reason, str):
            raise ValueError("`reason` is text")
        return Forfeit(match, d["forfeit"], reason)
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
    session = TournamentSession.open(store, ref)
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
    state = session.state
    for number, event in numbered:  # checked one by one first, so that a refusal names its line
        try:
            state = apply(state, event)
        except TournamentRefused as exc:
            raise LineRefused(number, exc) from None
    if numbered:
        session.record(*(event for _, event in numbered), at=at)
    return len(numbered)
