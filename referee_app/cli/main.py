"""The headless command line: replay, import, export-log, matches, record.

Exit codes follow the match-log spec §6: 2 for a file that is not a match log,
1 for an event the rules refuse (or a database problem), 0 otherwise.
`main` takes the default database path from its caller, because the per-user
data folder is Qt's to name and the core does not import Qt.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import ReplayRefused, replay
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import summary as state_summary
from referee_app.i18n import Translate, english
from referee_app.log import stats
from referee_app.log.codec import LogFormatError, parse_line
from referee_app.log.logfile import LogFileError, format_log, read_log
from referee_app.log.merge import merge
from referee_app.log.session import Session
from referee_app.log.store import MatchRow, Progress, Store, StoreError, Summary, Tampered
from referee_app.organizer import exports
from referee_app.organizer.operations import import_entries
from referee_app.words.localtime import local_date, local_stamp

HEADLESS_COMMANDS = (
    "replay", "import", "export-log", "matches", "record", "export", "merge", "stats", "backup", "verify", "history",
    "where", "rebuild", "event-server", "connect", "push", "assign", "pull", "board", "tournament",
)  # fmt: skip

PdfWriter = exports.PdfWriter


class CliError(Exception):
    def __init__(self, code: int, message: str) -> None:
        self.code = code
        super().__init__(message)


def _open_store(args: argparse.Namespace, write: bool = False) -> Store:
    """The database to work on: read-only unless the command means to write (import, record)."""
    if args.db is None:
        raise CliError(1, "no database: give --db PATH")
    try:
        if write:
            return Store(args.db, create_folder=getattr(args, "default_db", False))
        return Store.open_readonly(args.db)
    except StoreError as exc:
        raise CliError(1, str(exc)) from None


def _read_checked(path: str) -> list[Entry]:
    """Read a log file and replay it; raise CliError with the spec's exit codes."""
    try:
        lines = read_log(path)
    except LogFileError as exc:
        raise CliError(2, str(exc)) from None
    try:
        replay(line.entry for line in lines)
    except ReplayRefused as exc:
        raise CliError(1, f"line {lines[exc.index].line}: refused: {exc.violation}") from None
    return [line.entry for line in lines]


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    entries = _read_checked(args.file)
    state = replay(entries).state
    out.write(json.dumps(state_summary(state), indent=2, ensure_ascii=False) + "\n")
    return 0


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    entries = _read_checked(args.file)
    store = _open_store(args, write=True)
    match_id, added = import_entries(store, entries)
    note = f"{len(entries)} events" if added else "already in the database, nothing added"
    out.write(f"match {match_id} ({note})\n")
    return 0


def cmd_export_log(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    try:
        out.write(format_log(store.load(args.match_id)))
    except StoreError as exc:
        raise CliError(1, str(exc)) from None
    return 0


def for_terminal(text: str) -> str:
    """A stored text as it may be printed: control characters (escapes, newlines, bidi overrides)
    shown escaped, so a crafted name cannot drive the terminal or fake a line."""
    return "".join(
        ch if ch.isprintable() or ch in KEPT_SPACES else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


KEPT_SPACES = "\u00a0\u202f"
"""No-break spaces (French puts one before « : »): harmless, printed as they are."""


def cmd_matches(args: argparse.Namespace, out: TextIO) -> int:
    """The matches from their projections, each log's hash chain checked (hashes only, no replay)."""
    store = _open_store(args)
    for one in store.summaries():
        row, projection = one.match, one.projection
        status = f"damaged: {one.problem}"
        if one.tampered:
            status = f"TAMPERED: {one.problem}"
        elif projection is not None:
            try:
                store.check_chain(row.match_id)
                status = f"{projection.status:8} {projection.score[0]}-{projection.score[1]}"
            except Tampered as exc:
                status = f"TAMPERED: {exc}"
        line = (
            f"{row.match_id}  {local_stamp(row.created_at)}  {row.player_a} v {row.player_b}  "
            f"{row.rules} race to {row.race_to}  {status}  {row.event} {row.round}".rstrip()
        )
        out.write(for_terminal(line) + "\n")
    return 0


def cmd_history(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    """The match's history as the desk words it: seq, local time, event; voided lines and rack ends marked."""
    from referee_app.words.transcript import transcript

    store = _open_store(args)
    try:
        entries = store.load(args.match_id)
        history = replay(entries)
    except ReplayRefused as exc:
        raise CliError(
            1, f"match {args.match_id}: event {entries[exc.index].seq} is refused: {exc.violation}"
        ) from None
    except StoreError as exc:
        raise CliError(1, str(exc)) from None
    for line in transcript(history, tr):
        out.write(for_terminal(line) + "\n")
    return 0


def cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    """Check a match's hash chain; print its head hash (the one on its sheet), or why it fails."""
    store = _open_store(args)
    try:
        entries = store.load(args.match_id)
    except Tampered as exc:
        out.write(f"TAMPERED {for_terminal(str(exc))}\n")
        return 1
    except StoreError as exc:
        raise CliError(1, str(exc)) from None
    _, head = store.head(args.match_id)
    out.write(f"ok {args.match_id} events {len(entries)} head {head}\n")
    return 0


def cmd_rebuild(args: argparse.Namespace, out: TextIO) -> int:
    """Make every match's projection again from its log (lists, statistics and CSVs read those)."""
    store = _open_store(args, write=True)
    made, problems = store.rebuild(_progress("rebuilding"))
    out.write(f"{made} projections made from their logs\n")
    for problem in problems:
        print(for_terminal(f"not rebuilt: {problem}"), file=sys.stderr)
    return 1 if problems else 0


def cmd_where(args: argparse.Namespace, out: TextIO) -> int:
    """Where the database is: the desk's own (in the per-user data folder), or the one --db names."""
    if args.db is None:
        raise CliError(1, "no database: give --db PATH")
    out.write(f"{Path(args.db).resolve()}\n")
    return 0


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    """A consistent copy of the database (safe while a desk records into it)."""
    store = _open_store(args)
    try:
        store.backup(Path(args.out))
    except StoreError as exc:
        raise CliError(1, str(exc)) from None
    out.write(f"{args.out}\n")
    return 0


def cmd_record(args: argparse.Namespace, out: TextIO, source: Iterable[bytes | str]) -> int:
    """Record JSON lines from `source` one by one; each is acknowledged once durable. A line that is
    refused is answered `refused <why>` and the recorder carries on with the next."""
    store = _open_store(args, write=True)
    try:
        session = Session(store, args.match) if args.match else None
    except StoreError as exc:
        raise CliError(1, str(exc)) from None

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    for number, line in enumerate(source, start=1):
        try:
            raw = line.decode("utf-8") if isinstance(line, bytes) else line
        except UnicodeDecodeError as exc:
            say(f"refused line {number}: not valid UTF-8 (byte {exc.start + 1} of the line)")
            continue
        if not raw.strip(" \t\r\n"):
            continue
        try:
            event, seq, at = parse_line(raw.rstrip("\n"))
            if session is None:
                if not isinstance(event, MatchStarted):
                    raise LogFormatError("the first event must be match_started")
                session = Session.start(store, event)
                say(f"match {session.match_id}")
                say("ok 1")
                continue
            if seq is not None and seq != session.history.next_seq:
                raise LogFormatError(f"seq is {seq} but the next event is {session.history.next_seq}")
            if isinstance(event, MatchStarted):
                raise RuleViolation("already_started")
            entry = session.record(event, at=at)
            say(f"ok {entry.seq}")
        except (LogFormatError, RuleViolation, StoreError) as exc:
            say(f"refused {for_terminal(str(exc))}")
    return 0


def _on_day(created_at: str, day: str) -> bool:
    """A match `--date` selects: started on that local date, as its sheet prints it."""
    return local_date(created_at) == day


def _selected_logs(args: argparse.Namespace, store: Store) -> list[list[Entry]]:
    day = getattr(args, "date", None)
    if day:  # a day's matches, by the local date they started on (as the sheets print it)
        ids = [row.match_id for row in store.match_rows() if _on_day(row.created_at, day)]
        if not ids:
            raise CliError(1, f"no match started on {day} in {store.path}")
    else:
        ids = [row.match_id for row in store.match_rows()] if args.all else [args.match_id]
    if not ids or ids == [None]:
        raise CliError(1, "name a match id, or give --all or --date")
    logs = []
    for match_id in ids:
        try:
            logs.append(store.load(match_id))
        except StoreError as exc:
            raise CliError(1, str(exc)) from None
    return logs


def _selected_summaries(args: argparse.Namespace, store: Store, damaged: list[str]) -> Iterator[Summary]:
    """The chosen matches' summaries, streamed. A match whose log cannot be read is listed as damaged
    (its problem added to `damaged`): it never stops the export of the others."""
    day = getattr(args, "date", None)
    if not args.all and not args.match_id and not day:
        raise CliError(1, "name a match id, or give --all or --date")
    if not args.all and not day and not store.has_match(args.match_id):
        raise CliError(1, f"there is no match {args.match_id} in {store.path}")

    def wanted(match: MatchRow) -> bool:
        if day:
            return _on_day(match.created_at, day)
        return bool(args.all) or match.match_id == args.match_id

    for summary in store.iter_summaries(_progress("reading")):
        if wanted(summary.match):
            if summary.projection is None:
                damaged.append(summary.problem)
            yield summary


def _progress(what: str) -> Progress | None:
    """Progress on stderr when it is a terminal (a long read of a big database shows it moves)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> bool:
        if done == total or done % 200 == 0:
            end = "\n" if done == total else ""
            sys.stderr.write(f"\r{what}: {done} of {total} matches{end}")
            sys.stderr.flush()
        return True

    return show


def cmd_export(args: argparse.Namespace, out: TextIO, pdf: PdfWriter | None = None) -> int:
    """Match sheets (pdf), rack-by-rack and match CSVs (csv), or match logs (jsonl) into --out."""
    if args.format == "pdf" and pdf is None:
        raise CliError(1, "PDF sheets are written by the desk: run `referee-app export ... --format pdf`")
    if args.one_pdf and args.format != "pdf":  # refused before anything is read: never silently ignored
        raise CliError(2, "--one-pdf goes with --format pdf")
    store = _open_store(args)
    damaged: list[str] = []
    try:
        if args.format == "csv":  # from the projections: no match is replayed
            sep = args.sep or exports.csv_separator(args.lang)
            written = exports.write_csv(_selected_summaries(args, store, damaged), Path(args.out), sep)
        elif args.one_pdf:
            assert pdf is not None  # checked above
            written = exports.write_one_pdf(_selected_logs(args, store), Path(args.out), args.one_pdf, pdf, args.paper)
        else:
            written = exports.write_files(_selected_logs(args, store), args.format, Path(args.out), pdf, args.paper)
    except exports.ExportError as exc:
        raise CliError(1, str(exc)) from None
    for path in written:
        out.write(f"{for_terminal(str(path))}\n")
    for problem in damaged:  # listed as damaged in matches.csv, and the exit code says so
        print(for_terminal(f"not exported: {problem}"), file=sys.stderr)
    return 1 if damaged else 0


def cmd_merge(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args, write=True)
    problems = 0
    for other in args.others:
        try:
            report = merge(store, Path(other), _progress(f"merging {other}"))
        except StoreError as exc:
            print(exc, file=sys.stderr)
            problems += 1
            continue
        out.write(
            f"{other}: {len(report.added)} added, {len(report.already_here)} already here, "
            f"{len(report.conflicts)} in conflict\n"
        )
        for match_id in report.added:
            out.write(f"  added {match_id}\n")
        for match_id in report.extended:
            out.write(f"  carried on {match_id} (the new events of a longer log)\n")
        for match_id in report.conflicts:
            print(f"conflict: match {match_id} has other events in {other}; not merged", file=sys.stderr)
        for match_id, why in report.damaged.items():
            print(for_terminal(f"damaged: match {match_id} in {other}: {why}; not merged"), file=sys.stderr)
        problems += len(report.conflicts) + len(report.damaged)
    return 1 if problems else 0


STATS_COLUMNS = (
    ("player", "player"), ("matches", "M"), ("matches_won", "won"), ("win_pct", "win%"), ("racks_won", "racks"),
    ("breaks", "breaks"), ("breaks_with_ball_made", "made"), ("dry_breaks", "dry"), ("break_fouls", "b.foul"),
    ("break_and_runs", "B&R"), ("push_outs", "push"), ("push_out_answers_shoot", "p.shoot"),
    ("push_out_answers_hand_back", "p.back"), ("options_shoot", "o.shoot"), ("options_hand_back", "o.back"),
    ("safeties", "safe"), ("fouls", "fouls"), ("three_foul_losses", "3F"), ("innings", "inn"),
    ("mean_shot_s", "shot s"),
)  # fmt: skip


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    per_match, damaged = [], 0
    for summary in store.iter_summaries(_progress("reading")):
        row = summary.match
        if args.event is not None and row.event != args.event:
            continue
        if summary.projection is None:  # reported, left out of the figures, and the exit code says so
            print(for_terminal(f"not counted: {summary.problem}"), file=sys.stderr)
            damaged += 1
            continue
        per_match.append(summary.projection.figures((row.player_a, row.player_b)))
    rows = [s.row() for s in stats.add_up(per_match, args.player)]
    table = [[label for _, label in STATS_COLUMNS]]
    table += [["" if r[key] is None else str(r[key]) for key, _ in STATS_COLUMNS] for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(STATS_COLUMNS))]
    for line in table:
        out.write(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
            + "\n"
        )
    if not rows:
        out.write("no matches\n")
    return 1 if damaged else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee-app", description="10-ball referee desk")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a JSON Lines match log and print its state")
    p.add_argument("file")

    def with_db(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
        return p

    with_db(sub.add_parser("import", help="store a JSON Lines match log")).add_argument("file")
    with_db(sub.add_parser("export-log", help="print a stored match as JSON Lines")).add_argument("match_id")
    with_db(sub.add_parser("matches", help="list the matches in a database"))
    rec = with_db(sub.add_parser("record", help="record events read as JSON lines on stdin"))
    rec.add_argument("--match", help="append to this match instead of starting one")
    exp = with_db(sub.add_parser("export", help="match sheets (pdf), CSV or JSON Lines files"))
    exp.add_argument("match_id", nargs="?")
    exp.add_argument("--all", action="store_true", help="every match in the database")
    exp.add_argument("--format", choices=["pdf", "csv", "jsonl"], default="pdf")
    exp.add_argument("--out", default=".", help="folder for the files (default: here)")
    exp.add_argument("--paper", choices=["a4", "letter"], default="a4")
    exp.add_argument("--one-pdf", metavar="NAME.pdf", help="all the sheets in this one PDF (inside --out)")
    exp.add_argument("--date", metavar="YYYY-MM-DD", help="the matches started on this (local) day")
    exp.add_argument("--lang", choices=["en", "fr"], default="en", help="language of the PDF sheet")
    exp.add_argument(
        "--sep", choices=list(exports.CSV_SEPARATORS), help="CSV separator (default: ';' with --lang fr, else ',')"
    )
    mrg = with_db(sub.add_parser("merge", help="bring in the matches of other desks' databases"))
    mrg.add_argument("others", nargs="+", metavar="OTHER.db")
    st = with_db(sub.add_parser("stats", help="statistics per player"))
    st.add_argument("--player")
    st.add_argument("--event")
    bak = with_db(sub.add_parser("backup", help="a safe copy of the database (also while a desk records)"))
    bak.add_argument("out", metavar="OUT.db", help="the new file (it must not exist yet)")
    his = with_db(sub.add_parser("history", help="a match's history, line by line, as the desk shows it"))
    his.add_argument("match_id")
    his.add_argument("--lang", choices=["en", "fr"], default="en")
    ver = with_db(sub.add_parser("verify", help="check a match's hash chain and print its head hash"))
    ver.add_argument("match_id")
    with_db(sub.add_parser("rebuild", help="make the lists' and statistics' projections again from the logs"))
    with_db(sub.add_parser("where", help="print where the database is (the desk's own unless --db is given)"))
    from referee_app.cli.tournament import add_parser as add_tournament
    from referee_app.cli.venue import add_parsers

    add_parsers(sub)
    add_tournament(sub)
    return parser


def _event_command(args: argparse.Namespace, out: TextIO) -> int:
    """The live event's commands (referee_app.cli.venue); psycopg loads only for them."""
    import psycopg

    from referee_app.cli import venue as event_cli
    from referee_app.venue.model import first_line
    from referee_app.venue.server import EventServerError

    try:
        if args.command == "event-server":
            return event_cli.cmd_event_server(args, out)
        if args.command == "assign":
            return event_cli.cmd_assign(args, out)
        if args.command == "board":
            return event_cli.cmd_board(args, out)
        if args.db is None:
            raise CliError(1, "no database: give --db PATH")
        if args.command == "pull":
            store = _open_store(args, write=True)
            try:
                return event_cli.cmd_pull(args, out, store)
            finally:
                store.close()
        if args.command == "connect":
            return event_cli.cmd_connect(args, out, Path(args.db))
        return event_cli.cmd_push(args, out, Path(args.db))
    except (event_cli.EventCliError, EventServerError) as exc:
        raise CliError(1, str(exc)) from None
    except psycopg.Error as exc:
        raise CliError(1, f"the event server: {first_line(exc)}") from None


def _tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    """`tournament ...` (referee_app.cli.tournament), loaded only for it."""
    from referee_app.cli.tournament import cmd_tournament

    return cmd_tournament(args, out)


Handler = Callable[[argparse.Namespace, TextIO], int]
HANDLERS: dict[str, Handler] = {
    "replay": cmd_replay,
    "import": cmd_import,
    "export-log": cmd_export_log,
    "matches": cmd_matches,
    "record": lambda args, out: cmd_record(args, out, getattr(sys.stdin, "buffer", sys.stdin)),
    "export": cmd_export,
    "merge": cmd_merge,
    "stats": cmd_stats,
    "backup": cmd_backup,
    "verify": cmd_verify,
    "history": cmd_history,
    "where": cmd_where,
    "rebuild": cmd_rebuild,
    "event-server": _event_command,
    "connect": _event_command,
    "push": _event_command,
    "assign": _event_command,
    "pull": _event_command,
    "board": _event_command,
    "tournament": lambda args, out: _tournament_command(args, out),
}


def main(
    argv: Sequence[str] | None = None,
    default_db: Path | None = None,
    extra: dict[str, Handler] | None = None,
    parser: argparse.ArgumentParser | None = None,
) -> int:
    """Run one headless command; the exit code is returned, errors go to stderr."""
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "db"):
        args.db = default_db
        args.default_db = True  # the desk's own data folder: made on first use
    handlers = {**HANDLERS, **(extra or {})}
    try:
        return handlers[args.command](args, sys.stdout)
    except BrokenPipeError:
        # The reader stopped reading (`referee-app matches | head`): no traceback, and nothing more
        # to flush at exit. The code is the one a shell gives a command stopped by a closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    except CliError as exc:
        print(exc, file=sys.stderr)
        return exc.code
    except StoreError as exc:
        print(for_terminal(str(exc)), file=sys.stderr)
        return 1
    except OSError as exc:  # the disk, a folder, a file: a sentence, not a traceback
        print(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1
