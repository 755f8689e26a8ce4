"""The entry list as a spreadsheet exports it (spec §2): all lines good, or nothing added.

French spreadsheets write `;`, decimal commas and French headers (`Nom;Cote;Club`); English
ones `,`. The header's separator decides. A Fargo ID is kept as text and never read as a rating.
Names are stored as people read them (NFC, one space between words), so "Éva" typed on a Mac
and on Windows, or "Ana  López" with two spaces, is one player, not two.
"""

from __future__ import annotations

import csv
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.model import Entry
from referee_app.tournament.state import MAX_ENTRIES, MAX_NAME

COLUMNS = ("name", "rating", "fargo_id", "licence", "club", "seed")
MAX_RATING = 3000
"""Fargo ratings run from about 200 to 900; anything outside 0..3000 is a typing slip."""

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


def normalise_name(name: str) -> str:
    """A name as it is stored: composed accents (NFC), every run of spaces of any kind (tabs,
    non-breaking spaces) one plain space, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()


def name_key(name: str) -> str:
    """What two names must differ in to be two players: not case, accents' encoding or spacing."""
    return unicodedata.normalize("NFC", normalise_name(name).casefold())


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


def parse_entries(text: str, existing: Iterable[str] = ()) -> tuple[Entry, ...]:
    """The entries of a CSV file's text; raises `EntriesInvalid` listing every bad line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise EntriesInvalid([_problem(1, "no_header")])
    separator = _separator(lines[0])
    reader = csv.reader(lines, delimiter=separator)
    header, problems = _header(next(reader))
    if problems:
        raise EntriesInvalid(problems)
    taken = {name_key(name): name for name in existing}
    entries: list[Entry] = []
    for row in reader:
        n = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(_problem(n, "fields", count=len(row), expected=len(header)))
            continue
        cells = {column: cell.strip() for column, cell in zip(header, row, strict=True)}
        name = normalise_name(cells["name"])
        if not 1 <= len(name) <= MAX_NAME:
            problems.append(_problem(n, "name_length", most=MAX_NAME))
            continue
        key = name_key(name)
        if key in taken:
            if taken[key] == name:
                problems.append(_problem(n, "already_entered", name=repr(name)))
            else:
                problems.append(_problem(n, "already_entered_as", name=repr(name), taken=repr(taken[key])))
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
        entries.append(
            Entry(
                name,
                rating,
                fargo_id=cells.get("fargo_id", ""),
                licence=cells.get("licence", ""),
                club=cells.get("club", ""),
                seed=seed,
            )
        )
    if problems:
        raise EntriesInvalid(problems)
    return tuple(entries)
