"""CSV and JSON Lines exports for organizers' spreadsheets, sites and rating systems.

`racks.csv` has one row per rack (every rack winner, which rating systems
need, not only the score); `matches.csv` one row per match.
"""

from __future__ import annotations

import csv
import errno
import functools
import io
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import replay
from referee_app.game.labels import CTX as LABELS_CTX
from referee_app.game.labels import HOW_LABELS, RACK_TEN, RESULT_LABELS
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import MatchResult, RackHow, Scoring, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate
from referee_app.log.logfile import format_log
from referee_app.log.newfile import new_file, new_files
from referee_app.log.projection import Projection, project_log
from referee_app.log.store import MatchRow, Summary
from referee_app.words.localtime import local, local_date
from referee_app.words.rounds import round_said

RACK_COLUMNS = (
    "date", "event", "round", "table", "match_id", "player_a", "player_b",
    "rack", "breaker", "winner", "how", "fouls_a", "fouls_b", "scoring",
)  # fmt: skip
MATCH_COLUMNS = (
    "date", "event", "round", "table", "match_id", "player_a", "player_b", "rules", "race_to",
    "score_a", "score_b", "winner", "result", "status", "racks", "started_at", "last_event_at", "referee",
    "licence_a", "club_a", "licence_b", "club_b", "scoring",
)  # fmt: skip
"""`date` is the local day; `started_at` and `last_event_at` are local times that carry their UTC
offset ("2026-11-29T21:10:00+01:00"), so a program reads them right and nothing is lost. New
columns go at the end: the organizers' tools read the columns before them by position too."""

CSV_CTX = "Csv"
HEADERS: dict[str, str] = {
    "date": QT_TRANSLATE_NOOP("Csv", "Date"),
    "event": QT_TRANSLATE_NOOP("Csv", "Event"),
    "round": QT_TRANSLATE_NOOP("Csv", "Round"),
    "table": QT_TRANSLATE_NOOP("Csv", "Table"),
    "match_id": QT_TRANSLATE_NOOP("Csv", "Match id"),
    "player_a": QT_TRANSLATE_NOOP("Csv", "Player A"),
    "player_b": QT_TRANSLATE_NOOP("Csv", "Player B"),
    "rack": QT_TRANSLATE_NOOP("Csv", "Rack"),
    "breaker": QT_TRANSLATE_NOOP("Csv", "Breaker"),
    "winner": QT_TRANSLATE_NOOP("Csv", "Winner"),
    "how": QT_TRANSLATE_NOOP("Csv", "How"),
    "fouls_a": QT_TRANSLATE_NOOP("Csv", "Fouls A"),
    "fouls_b": QT_TRANSLATE_NOOP("Csv", "Fouls B"),
    "rules": QT_TRANSLATE_NOOP("Csv", "Rules"),
    "race_to": QT_TRANSLATE_NOOP("Csv", "Race to"),
    "score_a": QT_TRANSLATE_NOOP("Csv", "Score A"),
    "score_b": QT_TRANSLATE_NOOP("Csv", "Score B"),
    "result": QT_TRANSLATE_NOOP("Csv", "Result"),
    "status": QT_TRANSLATE_NOOP("Csv", "Status"),
    "racks": QT_TRANSLATE_NOOP("Csv", "Racks"),
    "started_at": QT_TRANSLATE_NOOP("Csv", "Started"),
    "last_event_at": QT_TRANSLATE_NOOP("Csv", "Last event"),
    "referee": QT_TRANSLATE_NOOP("Csv", "Referee"),
    "licence_a": QT_TRANSLATE_NOOP("Csv", "Licence A"),
    "club_a": QT_TRANSLATE_NOOP("Csv", "Club A"),
    "licence_b": QT_TRANSLATE_NOOP("Csv", "Licence B"),
    "club_b": QT_TRANSLATE_NOOP("Csv", "Club B"),
    "scoring": QT_TRANSLATE_NOOP("Csv", "Scoring"),
}
"""A column's name for a spreadsheet user (the codes above are for programs)."""

STATUS_WORDS: dict[str, str] = {
    "lag": QT_TRANSLATE_NOOP("Csv", "in progress"),
    "playing": QT_TRANSLATE_NOOP("Csv", "in progress"),
    "finished": QT_TRANSLATE_NOOP("Csv", "finished"),
    "damaged": QT_TRANSLATE_NOOP("Csv", "damaged"),
    "tampered": QT_TRANSLATE_NOOP("Csv", "TAMPERED"),
}

SCORING_WORDS: dict[str, str] = {
    Scoring.SHOTS.value: QT_TRANSLATE_NOOP("Csv", "shot by shot"),
    Scoring.RACKS.value: QT_TRANSLATE_NOOP("Csv", "by racks"),
}
"""Spec 1.3: a referee recorded every stroke, or the players only who won each rack."""

WORDED_TIMES = ("started_at", "last_event_at")


@dataclass(frozen=True, slots=True)
class CsvWords:
    """How a CSV names its columns and values. Without `tr`: the codes organizers' programs read
    (`player_a`, `playing`, `wpa`, times with their offset). With `tr`: a spreadsheet user's words,
    and local times as a spreadsheet reads them ("2026-12-01 20:16:38": a number, not text)."""

    tr: Translate | None = None

    def header(self, column: str) -> str:
        return column if self.tr is None else self.tr(CSV_CTX, HEADERS[column])

    def row(self, row: dict[str, object]) -> dict[str, object]:
        if self.tr is None:
            return row
        by_racks = row.get("scoring") == Scoring.RACKS.value
        return {self.header(key): self._value(key, value, by_racks) for key, value in row.items()}

    def _value(self, key: str, value: object, by_racks: bool = False) -> object:
        assert self.tr is not None
        text = str(value)
        if key == "how" and by_racks and text == RackHow.TEN.value:
            return self.tr(LABELS_CTX, RACK_TEN)  # no call is recorded under rack scoring
        if key == "scoring" and text in SCORING_WORDS:
            return self.tr(CSV_CTX, SCORING_WORDS[text])
        if key == "status" and text in STATUS_WORDS:
            return self.tr(CSV_CTX, STATUS_WORDS[text])
        if key == "rules" and text in PRESETS:
            return PRESETS[text].short
        if key == "result" and text in MatchResult.__members__.values():
            return self.tr(LABELS_CTX, RESULT_LABELS[MatchResult(text)])
        if key == "how" and text in RackHow.__members__.values():
            return self.tr(LABELS_CTX, HOW_LABELS[RackHow(text)])
        if key == "round":  # a tournament's round in the spreadsheet's language, as the overlay says it
            return round_said(text, self.tr)
        if key in WORDED_TIMES and text:
            return text[:19].replace("T", " ")  # local already: the offset goes, the seconds stay
        return value


CODES = CsvWords()


Match = Summary | list[Entry]
"""A match to export: its summary (from the projections), or its log (projected here)."""


def summary_of(entries: list[Entry]) -> Summary:
    """A log as the CSVs see it: its index row and its projection, made from the log."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    row = MatchRow(
        setup.match_id, entries[0].at, *setup.players, setup.rules, setup.race_to, setup.event, setup.round,
        setup.table, setup.referee,
    )  # fmt: skip
    return Summary(row, project_log(entries))


def _summary(match: Match) -> Summary:
    return match if isinstance(match, Summary) else summary_of(match)


def _base(row: MatchRow) -> dict[str, object]:
    return {
        "date": local_date(row.created_at),
        "event": row.event,
        "round": row.round,
        "table": row.table,
        "match_id": row.match_id,
        "player_a": row.player_a,
        "player_b": row.player_b,
    }


def _name(row: MatchRow, seat: Seat | None) -> str:
    return "" if seat is None else (row.player_a if seat is Seat.A else row.player_b)


def rack_rows(match: Match) -> list[dict[str, object]]:
    """One row per finished (or stalemated) rack of one match; none for a void match."""
    summary = _summary(match)
    row, projection = summary.match, summary.projection
    if projection is None or projection.void:
        return []
    fouls = projection.tally.rack_fouls
    scoring = _scoring(projection)
    return [
        {
            **_base(row),
            "rack": r.rack,
            "breaker": _name(row, r.breaker),
            "winner": _name(row, r.winner),
            "how": r.how.value,
            "fouls_a": fouls.get(r.rack, [0, 0])[0],
            "fouls_b": fouls.get(r.rack, [0, 0])[1],
            "scoring": scoring,
        }
        for r in projection.racks
    ]


def match_row(match: Match, setup: MatchStarted | None = None) -> dict[str, object]:
    """One match's row; `setup` (its `match_started`) gives the licences and clubs of a summary
    (a log carries its own)."""
    summary = _summary(match)
    row, projection = summary.match, summary.projection
    if isinstance(match, list) and isinstance(match[0].event, MatchStarted):
        setup = match[0].event
    identity = _identity(setup)
    if projection is None:  # a log that cannot be read: listed, with what is known of it
        return {**_base(row), "rules": row.rules, "race_to": row.race_to, "status": summary.status,
                "started_at": _local_iso(row.created_at), "referee": row.referee, **identity}  # fmt: skip
    return {
        **_base(row),
        "rules": row.rules,
        "race_to": row.race_to,
        "score_a": projection.score[0],
        "score_b": projection.score[1],
        "winner": _name(row, projection.winner),
        "result": projection.result,
        "status": projection.status,
        "racks": len(projection.racks),
        "started_at": _local_iso(row.created_at),
        "last_event_at": _local_iso(projection.last_at),
        "referee": row.referee,
        **identity,
        "scoring": _scoring(projection),
    }


def _scoring(projection: Projection) -> str:
    return (Scoring.RACKS if projection.by_racks else Scoring.SHOTS).value


def _identity(setup: MatchStarted | None) -> dict[str, object]:
    if setup is None:
        return {}
    return {
        "licence_a": setup.licences[0],
        "club_a": setup.clubs[0],
        "licence_b": setup.licences[1],
        "club_b": setup.clubs[1],
    }


def _local_iso(at: str) -> str:
    moment = local(at)
    return "" if moment is None else moment.isoformat(timespec="seconds")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection)."""


def neutralise(value: object) -> object:
    """A cell a spreadsheet shows as text: a leading `'` before what would start a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(rows: Iterable[dict[str, object]], columns: tuple[str, ...], words: CsvWords = CODES) -> str:
    out = io.StringIO()
    writer = _csv_writer(out, columns, ",", words)
    writer.writerows(_neutralised(words.row(row)) for row in rows)
    return out.getvalue()


def racks_csv(matches: Iterable[Match], words: CsvWords = CODES) -> str:
    return to_csv((row for match in matches for row in rack_rows(match)), RACK_COLUMNS, words)


def matches_csv(matches: Iterable[Match], words: CsvWords = CODES) -> str:
    summaries = (_summary(match) for match in matches)
    return to_csv((match_row(s) for s in summaries if not _void(s)), MATCH_COLUMNS, words)


def _void(summary: Summary) -> bool:
    """A void match counts nowhere (spec 1.2): no row in the CSVs."""
    return summary.projection is not None and summary.projection.void


def jsonl(entries: list[Entry]) -> str:
    return format_log(entries)


class ExportError(RuntimeError):
    """A file that could not be written whole; nothing half-written is left behind."""


def _safe(text: str, limit: int) -> str:
    """A bounded piece of a file name: letters, digits and `-` only (no separator, no dot, no control)."""
    return re.sub(r"[^\w-]+", "_", text, flags=re.UNICODE).strip("_")[:limit].strip("_")


def file_stem(entries: list[Entry]) -> str:
    """A file name a person can read, made only from a safe, bounded form of our own fields:
    the date (when it is one), the players, and the start of the match id."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    day = entries[0].at[:10]
    date = day if re.fullmatch(r"\d{4}-\d{2}-\d{2}", day, flags=re.ASCII) else "undated"
    players = _safe(f"{setup.players[0]}-v-{setup.players[1]}", 80) or "match"
    ident = re.sub(r"[^A-Za-z0-9]", "", setup.match_id)[:8] or "0"
    return f"{date}_{players}_{ident}"


PdfWriter = Callable[[list[list[Entry]], BinaryIO, str], None]
"""(logs, file, paper) -> None: the logs' sheets as one PDF written into `file`; supplied by the
desk package, which has Qt."""

Writer = Callable[[BinaryIO], None]


def write_checked(path: Path, write: Writer, magic: bytes = b"", tail: bytes = b"") -> None:
    """Write `path` whole or not at all: `write` fills a new file made beside it (never through a
    name planted there: `NewFile`), which is checked (not empty, starts with `magic`, ends with
    `tail`), synced to the disk, then renamed into place. A full disk is an `ExportError`."""
    try:
        with new_file(path) as partial:
            write(partial.handle)
            partial.handle.flush()
            if not _complete(partial.handle, magic, tail):
                raise ExportError(f"{path} could not be written (nothing usable came out: is the disk full?)")
    except FileNotFoundError:
        raise ExportError(f"{path} could not be written (is the folder read-only?)") from None
    except OSError as exc:
        raise ExportError(_could_not(str(path), exc)) from None


def _complete(handle: BinaryIO, magic: bytes, tail: bytes) -> bool:
    """The file as written is not empty, starts with `magic` and ends with `tail` (trailing space
    aside): a writer cut short by a full disk is caught here."""
    size = handle.seek(0, os.SEEK_END)
    if size == 0:
        return False
    handle.seek(0)
    if not handle.read(len(magic)).startswith(magic):
        return False
    handle.seek(max(0, size - len(tail) - 64))
    return handle.read().rstrip().endswith(tail)


def _could_not(what: str, exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"{what} could not be written: the disk is full (nothing was left there)"
    return f"{what} could not be written: {exc.strerror or exc}"


def _text_writer(text: str) -> Writer:
    def write(handle: BinaryIO) -> None:
        handle.write(text.encode("utf-8"))

    return write


def _output_folder(folder: Path) -> Path:
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"the folder {folder} cannot be made: {exc.strerror or exc}") from None
    return folder.resolve()


def _inside(folder: Path, name: str, taken: set[str]) -> Path:
    """`folder / name`, never elsewhere, and never a name this export already wrote."""
    stem, _, ext = name.rpartition(".")
    candidate, n = name, 1
    while candidate in taken:
        n += 1
        candidate = f"{stem}-{n}.{ext}"
    path = folder / candidate
    if path.resolve().parent != folder:
        raise ExportError(f"refused to write {candidate!r}: it would fall outside {folder}")
    taken.add(candidate)
    return path


def _pdf_writer(pdf: PdfWriter, logs: list[list[Entry]], paper: str, handle: BinaryIO) -> None:
    pdf(logs, handle, paper)


def write_files(
    logs: list[list[Entry]], kind: str, folder: Path, pdf: PdfWriter | None = None, paper: str = "a4"
) -> list[Path]:
    """Write the matches into `folder`: racks.csv and matches.csv ("csv"), one log per match
    ("jsonl"), or one sheet per match ("pdf", through `pdf`). Returns the files written;
    `ExportError` says which could not be, and no file is left half-written."""
    if kind == "pdf" and pdf is None:
        raise ValueError("PDF sheets need Qt: they are written by the desk package")
    if kind == "csv":
        return write_csv(logs, folder)
    folder = _output_folder(folder)
    taken: set[str] = set()
    written = []
    for entries in logs:
        path = _inside(folder, f"{file_stem(entries)}.{kind}", taken)
        if kind == "pdf":
            assert pdf is not None
            write_checked(path, functools.partial(_pdf_writer, pdf, [entries], paper), b"%PDF-", b"%%EOF")
        else:
            write_checked(path, _text_writer(jsonl(entries)))
        written.append(path)
    return written


def write_one_pdf(logs: list[list[Entry]], folder: Path, name: str, pdf: PdfWriter, paper: str = "a4") -> list[Path]:
    """Every sheet of `logs` in one PDF named `name` inside `folder` (a day's sheets for the
    federation), each from a new page; written whole or not at all, as every export. A void match
    counts nowhere, so its sheet is left out (its own sheet, marked void, is still one export away)."""
    if not logs:
        raise ExportError("no match is selected: there is no sheet to write")
    logs = [entries for entries in logs if not replay(entries).state.void]
    if not logs:
        raise ExportError("every match selected is void: there is no sheet to write")
    if Path(name).name != name or not name.lower().endswith(".pdf"):
        raise ExportError(f"the combined sheets need a file name ending in .pdf, not {name!r}")
    path = _inside(_output_folder(folder), name, set())
    write_checked(path, functools.partial(_pdf_writer, pdf, logs, paper), b"%PDF-", b"%%EOF")
    return [path]


CSV_SEPARATORS = (",", ";")


def csv_separator(lang: str) -> str:
    """The separator a spreadsheet in that language splits on: `;` where the decimal mark is a comma."""
    return ";" if lang == "fr" else ","


def write_csv(
    matches: Iterable[Match],
    folder: Path,
    sep: str = ",",
    words: CsvWords = CODES,
    setups: Mapping[str, MatchStarted | None] | None = None,
) -> list[Path]:
    """racks.csv and matches.csv into `folder`, in one pass over `matches` (summaries from the
    projections, or logs), row by row: memory does not grow with the number of matches. Each file
    is filled beside its place, checked, then renamed into it (`write_checked`).

    UTF-8 with a BOM, so Excel reads "Lefèvre" as it is; `sep` ";" for a French Excel, which
    splits on it (a comma is its decimal mark). `words` names the columns and values (codes for
    programs, or a language's words); `setups` (`Store.setups`) gives the summaries' licences and
    clubs."""
    if sep not in CSV_SEPARATORS:
        raise ExportError(f"the CSV separator is {' or '.join(CSV_SEPARATORS)}, not {sep!r}")
    folder = _output_folder(folder)
    taken: set[str] = set()
    racks_path, matches_path = _inside(folder, "racks.csv", taken), _inside(folder, "matches.csv", taken)
    try:
        with new_files(racks_path, matches_path) as (racks_file, matches_file):
            racks_text, matches_text = _text_file(racks_file.handle), _text_file(matches_file.handle)
            racks = _csv_writer(racks_text, RACK_COLUMNS, sep, words)
            per_match = _csv_writer(matches_text, MATCH_COLUMNS, sep, words)
            for match in matches:
                summary = _summary(match)
                if _void(summary):
                    continue
                setup = match[0].event if isinstance(match, list) else (setups or {}).get(summary.match.match_id)
                racks.writerows(_neutralised(words.row(row)) for row in rack_rows(summary))
                per_match.writerow(_neutralised(words.row(match_row(summary, _started(setup)))))
            for text in (racks_text, matches_text):
                text.flush()
                text.detach()  # the file stays open: `new_files` syncs and renames it
    except OSError as exc:
        raise ExportError(_could_not(f"{folder}: the CSV files", exc)) from None
    return [racks_path, matches_path]


def _text_file(handle: BinaryIO) -> io.TextIOWrapper:
    """A CSV's text over a new file: UTF-8 with a BOM (Excel reads "Lefèvre" as it is)."""
    return io.TextIOWrapper(handle, encoding="utf-8-sig", newline="")


def _csv_writer(
    handle: TextIO, columns: tuple[str, ...], sep: str = ",", words: CsvWords = CODES
) -> csv.DictWriter[str]:
    fields = [words.header(column) for column in columns]
    writer = csv.DictWriter(handle, fieldnames=fields, lineterminator="\n", delimiter=sep)
    writer.writeheader()
    return writer


def _started(event: object) -> MatchStarted | None:
    return event if isinstance(event, MatchStarted) else None


def _neutralised(row: dict[str, object]) -> dict[str, object]:
    return {key: neutralise(value) for key, value in row.items()}


def write_stats_csv(rows: list[dict[str, object]], path: Path, sep: str = ",") -> Path:
    """The statistics' rows (`stats.PlayerStats.row`) as `path`, a CSV as `write_csv` makes them
    (BOM, `sep`, formulas neutralised), written whole or not at all."""
    from referee_app.log.stats import COLUMNS

    if sep not in CSV_SEPARATORS:
        raise ExportError(f"the CSV separator is {' or '.join(CSV_SEPARATORS)}, not {sep!r}")
    path = Path(path)
    folder = _output_folder(path.parent)
    target = _inside(folder, path.name, set())

    def write(handle: BinaryIO) -> None:
        text = _text_file(handle)
        writer = _csv_writer(text, ("player", *COLUMNS), sep)
        writer.writerows(_neutralised(row) for row in rows)
        text.flush()
        text.detach()

    write_checked(target, write)
    return target
