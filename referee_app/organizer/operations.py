"""The organizer's operations, one home for the command line and the Matches page.

Each takes a store and plain values and returns what happened; the CLI prints it and the page
shows it, in the same words.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from referee_app.game.events import Entry, MatchStarted
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.log import stats
from referee_app.log.codec import event_to_text
from referee_app.log.merge import MergeReport, merge
from referee_app.log.projection import project_log
from referee_app.log.session import utc_now
from referee_app.log.store import Cancelled, MatchRow, Progress, Store, StoreError, Summary
from referee_app.organizer import exports
from referee_app.words.localtime import local_date

CTX = "Organizer"
"""The translation context of the reports' words."""


class LogConflict(StoreError):
    """A log whose match id is stored already with other events."""


LOG_NAMESPACE = uuid.UUID("5b0f6d2e-9c41-4e57-a1d3-10ba11d0e5c7")
"""The namespace of ids derived from a log's content (a fixed value of ours: never change it)."""


def content_id(entries: list[Entry]) -> str:
    """The id of a log that has none, from its content (a name-based UUID): the same file imported
    twice is the same match."""
    return str(uuid.uuid5(LOG_NAMESPACE, "".join(event_to_text(e.event) + "\n" for e in entries)))


def _same_log(stored: list[Entry], incoming: list[Entry]) -> bool:
    """The same events; a time is compared only where the incoming file gives one."""
    if len(stored) != len(incoming):
        return False
    return all(a.event == b.event and (not b.at or a.at == b.at) for a, b in zip(stored, incoming, strict=True))


def import_entries(store: Store, entries: list[Entry]) -> tuple[str, bool]:
    """Store a checked log; returns (match_id, added). The same log twice adds nothing."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    if not setup.match_id:
        setup = replace(setup, match_id=content_id(entries))
    entries = [entries[0]._replace(event=setup), *entries[1:]]
    if store.has_match(setup.match_id):
        if _same_log(store.load(setup.match_id), entries):
            return setup.match_id, False
        raise LogConflict(f"match {setup.match_id} is already in the database with other events")
    now = utc_now()
    entries = [e._replace(at=e.at or now) for e in entries]
    store.add_match(entries, project_log(entries))
    return setup.match_id, True


# --- which matches ------------------------------------------------------------------------------
class NothingSelected(StoreError):
    """The selection names no match the database holds."""


@dataclass(frozen=True, slots=True)
class Selection:
    """The matches an organizer's operation works on: the ones named (`ids`), every one (`every`),
    or those started on one local day (`day`, YYYY-MM-DD, as the sheets print it)."""

    ids: tuple[str, ...] = ()
    every: bool = False
    day: str | None = None

    def wanted(self) -> Callable[[MatchRow], bool]:
        """Whether the selection takes a match (the named ids looked up in a set: a season's worth)."""
        day, every, ids = self.day, self.every, frozenset(self.ids)
        if day:
            return lambda match: on_day(match.created_at, day)
        return lambda match: every or match.match_id in ids


def on_day(created_at: str, day: str) -> bool:
    """A match a day's selection takes: started on that local date, as its sheet prints it."""
    return local_date(created_at) == day


def _selected_ids(store: Store, selection: Selection) -> list[str]:
    if not selection.every and not selection.ids and not selection.day:
        raise NothingSelected("name a match id, or give --all or --date")
    if selection.day or selection.every:
        wanted = selection.wanted()
        ids = [row.match_id for row in store.match_rows() if wanted(row)]
        if not ids and selection.day:
            raise NothingSelected(f"no match started on {selection.day} in {store.path}")
        return ids
    for match_id in selection.ids:
        if not store.has_match(match_id):
            raise NothingSelected(f"there is no match {match_id} in {store.path}")
    return list(selection.ids)


def selected_logs(store: Store, selection: Selection, progress: Progress | None = None) -> list[list[Entry]]:
    """The chosen matches' logs, each checked as it is read; Cancel stops before anything is written."""
    ids = _selected_ids(store, selection)
    logs = []
    for done, match_id in enumerate(ids, start=1):
        logs.append(store.load(match_id))
        if progress is not None and not progress(done, len(ids)):
            raise Cancelled(f"stopped after {done} of {len(ids)} matches; nothing was written")
    return logs


def selected_summaries(
    store: Store, selection: Selection, damaged: list[str], progress: Progress | None = None
) -> Iterator[Summary]:
    """The chosen matches' summaries, streamed from the projections (nothing replayed). A match
    whose log cannot be read is yielded as it is and its problem added to `damaged`: it never stops
    the others. A selection that takes nothing is refused."""
    if not selection.every:
        _selected_ids(store, selection)  # nothing named, a named match not there, a day with none: refused up front
    return _summaries(store, selection, damaged, progress)


def _summaries(store: Store, selection: Selection, damaged: list[str], progress: Progress | None) -> Iterator[Summary]:
    taken, wanted = 0, selection.wanted()
    for summary in store.iter_summaries(progress):
        if wanted(summary.match):
            if summary.projection is None:
                damaged.append(summary.problem)
            taken += 1
            yield summary
    if not taken and selection.day:
        raise NothingSelected(f"no match started on {selection.day} in {store.path}")


# --- export ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Exported:
    """The files an export wrote, and the chosen matches it could not export as they are (a
    damaged match is a row saying so in matches.csv)."""

    written: list[Path]
    problems: list[str]

    def lines(self, tr: Translate = english) -> list[Line]:
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "not exported: {reason}"))
        return [Line(text.format(reason=problem), problem=True) for problem in self.problems]


def export(
    store: Store,
    selection: Selection,
    kind: str,
    out: Path,
    *,
    pdf: exports.PdfWriter | None = None,
    paper: str = "a4",
    sep: str = ",",
    one_pdf: str | None = None,
    progress: Progress | None = None,
    words: exports.CsvWords = exports.CODES,
) -> Exported:
    """Export the chosen matches into the folder `out`: racks.csv and matches.csv from the
    projections ("csv": nothing is replayed), one JSON Lines log or PDF sheet per match, or every
    sheet in the one PDF named `one_pdf`. `words` names the CSV's columns and values (the programs'
    codes, or a language's words)."""
    if one_pdf is not None and kind != "pdf":  # refused before anything is read: never silently ignored
        raise exports.ExportError("one PDF of the sheets is a PDF export")
    if kind == "pdf" and pdf is None:
        raise exports.ExportError("PDF sheets are written by the desk: run `referee-app export ... --format pdf`")
    if kind == "csv":
        damaged: list[str] = []
        chosen = selected_summaries(store, selection, damaged, progress)
        return Exported(exports.write_csv(chosen, out, sep, words, dict(store.setups())), damaged)
    logs = selected_logs(store, selection, progress)
    if one_pdf is not None:
        assert pdf is not None
        return Exported(exports.write_one_pdf(logs, out, one_pdf, pdf, paper), [])
    return Exported(exports.write_files(logs, kind, out, pdf, paper), [])


# --- merge -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Merged:
    """What came of merging one database: its report, or why it could not be read at all."""

    path: Path
    report: MergeReport | None
    failure: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """A line of an operation's report, in the reader's words; a `problem` is something left out
    (the command line prints it on stderr and exits 1, the page shows it as an error); a `detail`
    names one match (the command line prints it, the page leaves it to the list)."""

    text: str
    problem: bool = False
    detail: bool = False


def merge_all(store: Store, paths: list[Path], progress: Progress | None = None) -> list[Merged]:
    """Merge each database into `store` in turn: one that cannot be read is reported, the others go on."""
    out = []
    for path in paths:
        try:
            out.append(Merged(path, merge(store, path, progress)))
        except Cancelled:
            raise
        except StoreError as exc:
            out.append(Merged(path, None, str(exc)))
    return out


def merge_lines(merged: list[Merged], tr: Translate = english) -> list[Line]:
    """The merge's report, every database in turn: what came in, and every match left out and why."""
    lines = []
    for one in merged:
        file, report = one.path.name, one.report
        if report is None:
            text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "{file}: not merged: {reason}"))
            lines.append(Line(text.format(file=file, reason=one.failure), problem=True))
            continue
        text = tr(
            CTX, QT_TRANSLATE_NOOP("Organizer", "{file}: {added} added, {same} already here, {conflicts} in conflict")
        )
        lines.append(Line(text.format(file=file, added=len(report.added), same=len(report.already_here),
                                      conflicts=len(report.conflicts))))  # fmt: skip
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "added: match {id}"))
        lines += [Line(text.format(id=i), detail=True) for i in report.added]
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "carried on: match {id} (the new events of a longer log)"))
        lines += [Line(text.format(id=i)) for i in report.extended]
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "conflict: match {id} has other events in {file}; not merged"))
        lines += [Line(text.format(id=i, file=file), problem=True) for i in report.conflicts]
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "damaged: match {id} in {file}: {reason}; not merged"))
        lines += [Line(text.format(id=i, file=file, reason=why), problem=True) for i, why in report.damaged.items()]
    return lines


# --- statistics --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StatsReport:
    """Figures per player (`stats.STATS_COLUMNS`' keys), and the matches left out of them and why."""

    rows: list[dict[str, object]]
    problems: list[str]

    def lines(self, tr: Translate = english) -> list[Line]:
        """The matches not counted, one line each (never left out in silence)."""
        text = tr(CTX, QT_TRANSLATE_NOOP("Organizer", "not counted: {reason}"))
        return [Line(text.format(reason=problem), problem=True) for problem in self.problems]


def stats_rows(
    store: Store,
    wanted: Callable[[MatchRow], bool] = lambda _match: True,
    player: str | None = None,
    progress: Progress | None = None,
) -> StatsReport:
    """Statistics per player over the matches `wanted` takes (only `player`'s row when given), from
    the projections; a match whose log cannot be read is reported, never silently left out."""
    per_match, problems = [], []
    for summary in store.iter_summaries(progress):
        match = summary.match
        if not wanted(match):
            continue
        if summary.projection is None:
            problems.append(summary.problem)
        else:
            per_match.append(summary.projection.figures((match.player_a, match.player_b)))
    return StatsReport([one.row() for one in stats.add_up(per_match, player)], problems)
