"""The entry list as a spreadsheet exports it (spec §2): all lines good, or nothing added.

French spreadsheets write `;` and decimal commas; English ones `,`. The header's separator
decides. A Fargo ID is kept as text and never read as a rating.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable

from referee_app.tournament.model import Entry
from referee_app.tournament.state import MAX_NAME

COLUMNS = ("name", "rating", "fargo_id", "licence", "club", "seed")


class EntriesInvalid(ValueError):
    """Bad lines of an entry file; each message reads `line N: what`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


def _separator(header: str) -> str:
    return ";" if header.count(";") > header.count(",") else ","


def _rating(text: str, separator: str) -> float:
    value = float(text.replace(",", ".") if separator == ";" else text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def parse_entries(text: str, existing: Iterable[str] = ()) -> tuple[Entry, ...]:
    """The entries of a CSV file's text; raises `EntriesInvalid` listing every bad line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise EntriesInvalid(["line 1: a header line is needed (name, rating, fargo_id, licence, club, seed)"])
    separator = _separator(lines[0])
    reader = csv.reader(lines, delimiter=separator)
    header = [cell.strip().lower() for cell in next(reader)]
    problems: list[str] = []
    unknown = [c for c in header if c not in COLUMNS]
    if unknown:
        problems.append(f"line 1: unknown column {unknown[0]!r} (columns: {', '.join(COLUMNS)})")
    if len(set(header)) != len(header):
        problems.append("line 1: a column is named twice")
    if "name" not in header:
        problems.append("line 1: the `name` column is missing")
    if problems:
        raise EntriesInvalid(problems)
    taken = {name.casefold(): name for name in existing}
    entries: list[Entry] = []
    for row in reader:
        n = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(f"line {n}: {len(row)} fields, the header has {len(header)}")
            continue
        cells = {column: cell.strip() for column, cell in zip(header, row, strict=True)}
        name = cells["name"]
        if not 1 <= len(name) <= MAX_NAME:
            problems.append(f"line {n}: a name is 1..{MAX_NAME} characters")
            continue
        if name.casefold() in taken:
            problems.append(f"line {n}: {name!r} is already entered")
            continue
        rating: float | None = None
        if cells.get("rating"):
            try:
                rating = _rating(cells["rating"], separator)
            except ValueError:
                problems.append(f"line {n}: rating {cells['rating']!r} is not a number")
                continue
        seed: int | None = None
        if cells.get("seed"):
            try:
                seed = int(cells["seed"])
            except ValueError:
                problems.append(f"line {n}: seed {cells['seed']!r} is not a whole number")
                continue
        taken[name.casefold()] = name
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
