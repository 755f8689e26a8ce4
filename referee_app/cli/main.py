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
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import TextIO

from referee_app.cli.common import CliError
from referee_app.cli.common import open_store as _open_store
from referee_app.game.events import Entry, MatchStarted
from referee_app.game.history import ReplayRefused, replay
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import summary as state_summary
from referee_app.i18n import Translate, english
from referee_app.log import stats
from referee_app.log.codec import LogFormatError, parse_line
from referee_app.log.logfile import LogFileError, format_log, read_log
from referee_app.log.projection import Projection, project_history
from referee_app.log.session import Session
from referee_app.log.store import Progress, Store, StoreError, Tampered
from referee_app.organizer import exports, operations
from referee_app.organizer.operations import import_entries
from referee_app.system import broken_pipe_exit
from referee_app.words.localtime import local_stamp

HEADLESS_COMMANDS = (
    "replay", "import", "export-log", "matches", "record", "export", "merge", "stats", "backup", "verify", "history",
    "where", "rebuild", "event-server", "connect", "push", "next-match", "assign", "pull", "board", "tournament",
    "mirror",
)  # fmt: skip

PdfWriter = exports.PdfWriter


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
    """Check a match's hash chain and its projection against its log; print its head hash (the one
    on its sheet), or why it fails. With --all, every match of the database."""
    store = _open_store(args)
    if args.all:
        ids = [row.match_id for row in store.match_rows()]
    elif args.match_id:
        ids = [args.match_id]
    else:
        raise CliError(1, "name a match id, or give --all")
    failed = 0
    for match_id in ids:
        try:
            line = _verified(store, match_id)
        except Tampered as exc:
            line = f"TAMPERED {exc}"
        except StoreError as exc:
            if not args.all:
                raise CliError(1, str(exc)) from None
            line = f"damaged: {exc}"
        failed += not line.startswith("ok ")
        out.write(for_terminal(line) + "\n")
    return 1 if failed else 0


def _verified(store: Store, match_id: str) -> str:
    """One match's line for `verify`: its chain (by loading it), then its projection made again from
    the log and compared with the one kept for the lists, statistics and CSVs."""
    entries = store.load(match_id)
    head = store.head(match_id)
    kept = store.stored_projection(match_id)
    if kept is not None and kept[0] == head:  # a projection of another head is stale: lists remake it
        try:
            truth = project_history(replay(entries))
        except ReplayRefused as exc:
            raise StoreError(f"match {match_id}: event {entries[exc.index].seq} is refused: {exc.violation}") from None
        if kept[1] != truth:
            return (
                f"PROJECTION DIFFERS {match_id}: the lists were told {_said(kept[1])}, the log says {_said(truth)}"
                " (`referee-app rebuild` makes it again from the log)"
            )
    return f"ok {match_id} events {len(entries)} head {head[1]}"


def _said(projection: Projection) -> str:
    winner = f", winner {projection.winner}" if projection.winner else ""
    return f"{projection.status} {projection.score[0]}-{projection.score[1]}{winner}"


def cmd_rebuild(args: argparse.Namespace, out: TextIO) -> int:
    """Make every match's projection again from its log (lists, statistics and CSVs read those). Only
    on a match database that exists: a mistyped path makes nothing."""
    _open_store(args).close()  # missing, empty or not ours: refused before anything is made
    store = _open_store(args, write=True)
    made, problems = store.rebuild(_progress("rebuilding"))
    out.write(f"{made} projections made from their logs\n")
    for problem in problems:
        print(for_terminal(f"not rebuilt: {problem}"), file=sys.stderr)
    return 1 if problems else 0


def cmd_where(args: argparse.Namespace, out: TextIO) -> int:
    """Where the database is (the desk's own, in the per-user data folder, or the one --db names), then
    the desk's log file beside it."""
    from referee_app.worker import log_file_for

    if args.db is None:
        raise CliError(1, "no database: give --db PATH")
    db = Path(args.db).resolve()
    out.write(f"{db}\nlog: {log_file_for(db)}\n")
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


def _day(text: str) -> str:
    """`--date`: a day of the calendar written YYYY-MM-DD (argparse says so, exit 2, when it is not)."""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, flags=re.ASCII) is None:
            raise ValueError(text)
        date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day written YYYY-MM-DD") from None
    return text


def _selection(args: argparse.Namespace) -> operations.Selection:
    """The matches `export` names: one match id, --all, or --date's day."""
    return operations.Selection(ids=(args.match_id,) if args.match_id else (), every=args.all, day=args.date)


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


def cmd_export(args: argparse.Namespace, out: TextIO, pdf: PdfWriter | None = None, tr: Translate = english) -> int:
    """Match sheets (pdf), rack-by-rack and match CSVs (csv), or match logs (jsonl) into --out."""
    if args.format == "pdf" and pdf is None:
        raise CliError(1, "PDF sheets are written by the desk: run `referee-app export ... --format pdf`")
    if args.one_pdf and args.format != "pdf":  # refused before anything is read: never silently ignored
        raise CliError(2, "--one-pdf goes with --format pdf")
    store = _open_store(args)
    sep = args.sep or exports.csv_separator(args.lang)
    try:
        exported = operations.export(
            store, _selection(args), args.format, Path(args.out), pdf=pdf, paper=args.paper, sep=sep,
            one_pdf=args.one_pdf, progress=_progress("reading"),
            words=exports.CODES if args.lang == "en" else exports.CsvWords(tr),  # English: the programs' codes
        )  # fmt: skip
    except exports.ExportError as exc:
        raise CliError(1, str(exc)) from None
    for path in exported.written:
        out.write(f"{for_terminal(str(path))}\n")
    return _say(exported.lines(), out)  # a damaged match is listed as such in matches.csv, and said here


def _say(lines: list[operations.Line], out: TextIO) -> int:
    """An operation's report: what happened on stdout, what was left out on stderr; 1 if anything was."""
    for line in lines:
        if line.problem:
            print(for_terminal(line.text), file=sys.stderr)
        else:
            out.write(for_terminal(line.text) + "\n")
    return 1 if any(line.problem for line in lines) else 0


def cmd_merge(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args, write=True)
    merged = [operations.merge_all(store, [Path(other)], _progress(f"merging {other}"))[0] for other in args.others]
    code = _say(operations.merge_lines(merged), out)
    return max(code, _complete_tournaments(store, out))


def _complete_tournaments(store: Store, out: TextIO) -> int:
    """After a merge: the tournaments of the database take the desks' matches just merged in."""
    from referee_app.event.live import complete_from_store
    from referee_app.tournament.model import TournamentRefused

    try:
        return _say(complete_from_store(store), out)
    except (StoreError, TournamentRefused) as exc:
        print(for_terminal(f"tournament not completed: {exc}"), file=sys.stderr)
        return 1


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    report = operations.stats_rows(
        store, lambda row: args.event is None or row.event == args.event, args.player, _progress("reading")
    )
    columns = stats.STATS_COLUMNS
    table = [[column.short for column in columns]]
    table += [["" if r[c.key] is None else str(r[c.key]) for c in columns] for r in report.rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(columns))]
    for line in table:
        out.write(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
            + "\n"
        )
    if not report.rows:
        out.write("no matches\n")
    return _say(report.lines(), out)


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
    exp.add_argument("--date", metavar="YYYY-MM-DD", type=_day, help="the matches started on this (local) day")
    exp.add_argument(
        "--lang", choices=["en", "fr"], default="en", help="language of the PDF sheet and of the CSV's words"
    )
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
    ver = with_db(sub.add_parser("verify", help="check a match's hash chain and projection; print its head hash"))
    ver.add_argument("match_id", nargs="?")
    ver.add_argument("--all", action="store_true", help="every match in the database")
    with_db(sub.add_parser("rebuild", help="make the lists' and statistics' projections again from the logs"))
    with_db(sub.add_parser("where", help="print where the database is (the desk's own unless --db is given)"))
    from referee_app.cli.mirror import add_parser as add_mirror
    from referee_app.cli.tournament import add_parser as add_tournament
    from referee_app.cli.venue import add_parsers

    add_parsers(sub)
    add_tournament(sub)
    add_mirror(sub)
    return parser


def event_command(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    """The live event's commands (referee_app.cli.venue); psycopg loads only for them. `tr` words
    what the organizer reads (the entry point hands in the desk's catalogue for French)."""
    import psycopg

    from referee_app.cli import venue as event_cli
    from referee_app.venue.model import first_line
    from referee_app.venue.server import EventServerError

    try:
        if args.command == "event-server":
            return event_cli.cmd_event_server(args, out, tr)
        if args.command == "assign":
            return event_cli.cmd_assign(args, out, tr)
        if args.command == "board":
            return event_cli.cmd_board(args, out, tr)
        if args.db is None:
            raise CliError(1, "no database: give --db PATH")
        if args.command == "pull":
            store = _open_store(args, write=True)
            try:
                return event_cli.cmd_pull(args, out, store, tr)
            finally:
                store.close()
        if args.command == "connect":
            return event_cli.cmd_connect(args, out, Path(args.db), tr)
        if args.command == "next-match":
            return event_cli.cmd_next_match(args, out, Path(args.db), tr)
        return event_cli.cmd_push(args, out, Path(args.db), tr)
    except (event_cli.EventCliError, EventServerError) as exc:
        raise CliError(1, str(exc)) from None
    except psycopg.Error as exc:
        raise CliError(1, f"the event server: {first_line(exc)}") from None


def _tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    """`tournament ...` (referee_app.cli.tournament), loaded only for it."""
    from referee_app.cli.tournament import cmd_tournament

    return cmd_tournament(args, out)


def mirror_command(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    """`mirror ...` (referee_app.cli.mirror): the event online, loaded only for it."""
    from referee_app.cli.mirror import cmd_mirror

    return cmd_mirror(args, out, tr)


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
    "event-server": event_command,
    "connect": event_command,
    "push": event_command,
    "next-match": event_command,
    "assign": event_command,
    "pull": event_command,
    "board": event_command,
    "tournament": lambda args, out: _tournament_command(args, out),
    "mirror": lambda args, out: mirror_command(args, out),
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
        return broken_pipe_exit()
    except CliError as exc:
        print(exc, file=sys.stderr)
        return exc.code
    except StoreError as exc:
        print(for_terminal(str(exc)), file=sys.stderr)
        return 1
    except OSError as exc:  # the disk, a folder, a file: a sentence, not a traceback
        print(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1
