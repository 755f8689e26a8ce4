"""The entry list as a spreadsheet exports it (spec §2): all lines good, or nothing added.

French spreadsheets write `;`, decimal commas and French headers (`Nom;Cote;Club`); English
ones `,`. The header's separator decides. A Fargo ID is kept as text and never read as a rating.
Names are stored as people read them (NFC, one space between words), so "Éva" typed on a Mac
and on Windows, or "Ana  López" with two spaces, is one player, not two; and names are compared
without case or accents ("EVA MARTIN" is "Éva Martin"), as French capitals are often typed. A
licence or Fargo ID is one player's: entered twice, it is refused. No cell may hide a control
character or a bidirectional override (a NUL would stop every table's sync on the event server).
"""

from __future__ import annotations

import csv
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.model import Entry
from referee_app.tournament.state import MAX_ENTRIES, MAX_NAME, MAX_RATING, hidden_character
from referee_app.words.names import name_key, normalise_name

__all__ = ["MAX_RATING", "EntriesInvalid", "name_key", "normalise_name", "parse_entries"]

COLUMNS = ("name", "rating", "fargo_id", "licence", "club", "seed")
LIMITS = {"club": 80, "licence": 40, "fargo_id": 40}
"""What the event server takes for a match's clubs and licences (and a Fargo ID is shorter still)."""
MAX_LINE = 4096
"""A line of six cells, each at most a name's or a club's length, is far shorter: longer is not an entry."""

CONTEXT = "Entries"

ALIASES: dict[str, str] = {
    "name": "name",
    "nom": "name",
    "rating": "rating",
    "cote": "rating",
    "cote fargo": "rating",
    "classement fargo": "rating",  # the window's own French word for a Fargo rating
    "fargo": "rating",
    "fargo rating": "rating",
    "fargo id": "fargo_id",
    "id fargo": "fargo_id",
    "identifiant fargo": "fargo_id",
    "n° fargo": "fargo_id",
    "no fargo": "fargo_id",
    "licence": "licence",
    "license": "licence",
    "club": "club",
    "seed": "seed",
    "tete de serie": "seed",
    "tds": "seed",
}
"""Header names as spreadsheets write them, English and French, after `header_key`."""

TEMPLATES: dict[str, str] = {
    "line": QT_TRANSLATE_NOOP("Entries", "line {line}: {what}"),
    "no_header": QT_TRANSLATE_NOOP(
        "Entries", "a header line is needed (name, rating, fargo_id, licence, club, seed; or in French: nom, cote…)"
    ),
    "unknown_column": QT_TRANSLATE_NOOP(
        "Entries",
        "unknown column {column} (columns: name or nom, rating or cote, fargo_id or id fargo, licence, club,"
        " seed or tête de série)",
    ),
    "ranking_column": QT_TRANSLATE_NOOP(
        "Entries",
        "column {column}: a place in a ranking is not a rating; name the column 'cote' (or 'rating') if it"
        " holds ratings, the highest the best, or 'tête de série' (or 'seed') for seeds",
    ),
    "column_twice": QT_TRANSLATE_NOOP("Entries", "the column {column} is named twice"),
    "no_name_column": QT_TRANSLATE_NOOP("Entries", "the `name` column is missing (in French: nom)"),
    "fields": QT_TRANSLATE_NOOP("Entries", "{count} fields, the header has {expected}"),
    "name_length": QT_TRANSLATE_NOOP("Entries", "a name is 1..{most} characters"),
    "field_length": QT_TRANSLATE_NOOP("Entries", "{column} is at most {most} characters"),
    "line_length": QT_TRANSLATE_NOOP("Entries", "a line is at most {most} characters, this one has {length}"),
    "not_csv": QT_TRANSLATE_NOOP("Entries", "cannot be read as CSV ({why})"),
    "hidden": QT_TRANSLATE_NOOP(
        "Entries", "{column} holds a hidden control character ({character}): type it again without it"
    ),
    "licence_twice": QT_TRANSLATE_NOOP("Entries", "licence {licence} is already entered (for {taken})"),
    "fargo_id_twice": QT_TRANSLATE_NOOP("Entries", "Fargo ID {fargo_id} is already entered (for {taken})"),
    "already_entered": QT_TRANSLATE_NOOP("Entries", "{name} is already entered"),
    "already_entered_as": QT_TRANSLATE_NOOP("Entries", "{name} is already entered (as {taken})"),
    "rating_not_number": QT_TRANSLATE_NOOP("Entries", "rating {rating} is not a number"),
    "rating_range": QT_TRANSLATE_NOOP("Entries", "rating {rating} is out of range: a rating is from 0 to {most}"),
    "seed_not_whole": QT_TRANSLATE_NOOP("Entries", "seed {seed} is not a whole number"),
    "seed_range": QT_TRANSLATE_NOOP(
        "Entries", "seed {seed} is out of range: seeds run from 1 to the number of players (at most {most})"
    ),
}

RANKING_HEADERS = frozenset({"classement", "ranking", "rank", "rang", "place"})


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad line: its number in the file and what is wrong, as a template key and parameters."""

    line: int
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def message(self, tr: Translate = english) -> str:
        what = tr(CONTEXT, TEMPLATES[self.code]).format(**dict(self.params))
        return tr(CONTEXT, TEMPLATES["line"]).format(line=self.line, what=what)


def _problem(line: int, code: str, **params: object) -> Problem:
    return Problem(line, code, tuple(params.items()))


class EntriesInvalid(ValueError):
    """Bad lines of an entry file; each message reads `line N: what` (`problems`: in English)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.found = tuple(problems)
        self.problems = tuple(p.message() for p in problems)
        super().__init__("\n".join(self.problems))

    def messages(self, tr: Translate = english) -> tuple[str, ...]:
        """The problems in the words of `tr`."""
        return tuple(p.message(tr) for p in self.found)


_SPACES = re.compile(r"\s+")
_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def _hidden(cell: str) -> str | None:
    """A hidden character in a cell (a tab is a space, as `normalise_name` reads it)."""
    return hidden_character(cell.replace("\t", " "))


def _id_key(text: str) -> str:
    """A licence or Fargo ID compared without case or spaces ("fr 0077" is "FR0077")."""
    return "".join(text.split()).casefold()


def header_key(cell: str) -> str:
    """A header cell compared without case, accents, `_` or extra spaces ("Tête de série" → "tete de serie")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", cell) if not unicodedata.combining(c))
    return _SPACES.sub(" ", bare.replace("_", " ")).strip().casefold()


def _alias(cell: str) -> str | None:
    return ALIASES.get(header_key(cell))


def _separator(header: str) -> str:
    return ";" if header.count(";") > header.count(",") else ","


def _rating(text: str, separator: str) -> float:
    value = float(text.replace(",", ".") if separator == ";" else text)
    if math.isnan(value):
        raise ValueError(text)
    return value


def _header(cells: list[str]) -> tuple[list[str], list[Problem]]:
    """The spec's column names for the header's cells, or what is wrong with them."""
    columns: list[str] = []
    problems: list[Problem] = []
    for cell in cells:
        column = _alias(cell)
        if column is None:
            code = "ranking_column" if header_key(cell) in RANKING_HEADERS else "unknown_column"
            problems.append(_problem(1, code, column=repr(cell.strip().lower())))
            column = ""
        elif column in columns:
            problems.append(_problem(1, "column_twice", column=repr(cell.strip())))
        columns.append(column)
    if "name" not in columns:
        problems.append(_problem(1, "no_name_column"))
    return columns, problems


def clash(entry: Entry, others: Iterable[Entry], tr: Translate = english) -> str | None:
    """Why `entry` (a player edited by hand) would be another player entered twice, in the words of
    `tr`: a name equal but for case or accents, or a licence or Fargo ID someone else has; None when
    it is not. The Edit dialog asks what the entry list asks of a line."""
    found: Problem | None = None
    for other in others:
        if name_key(other.name) == name_key(entry.name):
            found = _problem(0, "already_entered_as", name=repr(entry.name), taken=repr(other.name))
        elif entry.licence.strip() and _id_key(other.licence) == _id_key(entry.licence):
            found = _problem(0, "licence_twice", licence=repr(entry.licence), taken=repr(other.name))
        elif entry.fargo_id.strip() and _id_key(other.fargo_id) == _id_key(entry.fargo_id):
            found = _problem(0, "fargo_id_twice", fargo_id=repr(entry.fargo_id), taken=repr(other.name))
        if found is not None:
            return tr(CONTEXT, TEMPLATES[found.code]).format(**dict(found.params))
    return None


def parse_entries(text: str, existing: Iterable[str | Entry] = ()) -> tuple[Entry, ...]:
    """The entries of a CSV file's text; raises `EntriesInvalid` listing every bad line. `existing`:
    the players already entered (or their names), whom no line may enter again."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_ENDS.split(text)  # not `splitlines`: a U+2028 or U+001C in a cell is no line's end
    if not lines or not lines[0].strip():
        raise EntriesInvalid([_problem(1, "no_header")])
    long = [_problem(n, "line_length", most=MAX_LINE, length=len(line))
            for n, line in enumerate(lines, start=1) if len(line) > MAX_LINE]  # fmt: skip
    if long:  # before the csv module, whose own limit is a traceback
        raise EntriesInvalid(long)
    separator = _separator(lines[0])
    reader = csv.reader(lines, delimiter=separator)
    try:
        header, problems = _header(next(reader))
        if problems:
            raise EntriesInvalid(problems)
        return _rows(reader, header, separator, existing)
    except csv.Error as exc:
        raise EntriesInvalid([_problem(reader.line_num, "not_csv", why=str(exc))]) from None


def _rows(reader: Any, header: list[str], separator: str, existing: Iterable[str | Entry]) -> tuple[Entry, ...]:  # noqa: C901
    problems: list[Problem] = []
    before = [Entry(e) if isinstance(e, str) else e for e in existing]
    taken = {name_key(e.name): e.name for e in before}
    licences = {_id_key(e.licence): e.name for e in before if e.licence.strip()}
    fargo_ids = {_id_key(e.fargo_id): e.name for e in before if e.fargo_id.strip()}
    entries: list[Entry] = []
    for row in reader:
        n = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(_problem(n, "fields", count=len(row), expected=len(header)))
            continue
        cells = {column: cell.strip() for column, cell in zip(header, row, strict=True)}
        hidden = [(c, found) for c, cell in zip(header, row, strict=True) if (found := _hidden(cell))]
        if hidden:
            problems.append(_problem(n, "hidden", column=hidden[0][0], character=hidden[0][1]))
            continue
        name = normalise_name(cells["name"])
        if not 1 <= len(name) <= MAX_NAME:
            problems.append(_problem(n, "name_length", most=MAX_NAME))
            continue
        too_long = next((c for c, most in LIMITS.items() if len(cells.get(c, "")) > most), None)
        if too_long is not None:
            problems.append(_problem(n, "field_length", column=too_long, most=LIMITS[too_long]))
            continue
        key = name_key(name)
        if key in taken:
            if taken[key] == name:
                problems.append(_problem(n, "already_entered", name=repr(name)))
            else:
                problems.append(_problem(n, "already_entered_as", name=repr(name), taken=repr(taken[key])))
            continue
        licence, fargo_id = cells.get("licence", ""), cells.get("fargo_id", "")
        if licence and _id_key(licence) in licences:
            problems.append(_problem(n, "licence_twice", licence=repr(licence), taken=repr(licences[_id_key(licence)])))
            continue
        if fargo_id and _id_key(fargo_id) in fargo_ids:
            problems.append(
                _problem(n, "fargo_id_twice", fargo_id=repr(fargo_id), taken=repr(fargo_ids[_id_key(fargo_id)]))
            )
            continue
        rating: float | None = None
        if cells.get("rating"):
            try:
                rating = _rating(cells["rating"], separator)
            except ValueError:
                problems.append(_problem(n, "rating_not_number", rating=repr(cells["rating"])))
                continue
            if not 0 <= rating <= MAX_RATING:
                problems.append(_problem(n, "rating_range", rating=repr(cells["rating"]), most=MAX_RATING))
                continue
        seed: int | None = None
        if cells.get("seed"):
            try:
                seed = int(cells["seed"])
            except ValueError:
                problems.append(_problem(n, "seed_not_whole", seed=repr(cells["seed"])))
                continue
            if not 1 <= seed <= MAX_ENTRIES:
                problems.append(_problem(n, "seed_range", seed=repr(cells["seed"]), most=MAX_ENTRIES))
                continue
        taken[key] = name
        if licence:
            licences[_id_key(licence)] = name
        if fargo_id:
            fargo_ids[_id_key(fargo_id)] = name
        entries.append(Entry(name, rating, fargo_id=fargo_id, licence=licence, club=cells.get("club", ""), seed=seed))
    if problems:
        raise EntriesInvalid(problems)
    return tuple(entries)
