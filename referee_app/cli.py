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
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from referee_app import exports, stats
from referee_app.codec import LogFormatError, parse_line
from referee_app.events import Entry, MatchStarted
from referee_app.history import ReplayRefused, replay
from referee_app.logfile import LogFileError, format_log, read_log
from referee_app.merge import merge
from referee_app.refusals import RuleViolation
from referee_app.session import Session, utc_now
from referee_app.state import summary
from referee_app.store import Store, StoreError

HEADLESS_COMMANDS = ("replay", "import", "export-log", "matches", "record", "export", "merge", "stats")

PdfWriter = exports.PdfWriter


class CliError(Exception):
    def __init__(self, code: int, message: str) -> None:
        self.code = code
        super().__init__(message)


def _open_store(args: argparse.Namespace) -> Store:
    if args.db is None:
        raise CliError(1, "no database: give --db PATH")
    try:
        return Store(args.db)
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
    out.write(json.dumps(summary(state), indent=2, ensure_ascii=False) + "\n")
    return 0


def import_entries(store: Store, entries: list[Entry]) -> tuple[str, bool]:
    """Store a checked log; returns (match_id, added). Same log twice adds nothing."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    if not setup.match_id:
        setup = replace(setup, match_id=str(uuid.uuid4()))
    now = utc_now()
    entries = [e._replace(at=e.at or now) for e in entries]
    entries[0] = entries[0]._replace(event=setup)
    if store.has_match(setup.match_id):
        if format_log(store.load(setup.match_id)) == format_log(entries):
            return setup.match_id, False
        raise CliError(1, f"match {setup.match_id} is already in the database with other events")
    with store.db.atomic():
        store.create_match(entries[0])
        store.append_many(setup.match_id, entries[1:])
    return setup.match_id, True


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    entries = _read_checked(args.file)
    store = _open_store(args)
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


def cmd_matches(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    for row in store.match_rows():
        try:
            state = Session(store, row.match_id).state
            status = f"{state.status.value:8} {state.score.a}-{state.score.b}"
        except StoreError as exc:
            status = f"damaged: {exc}"
        out.write(
            f"{row.match_id}  {row.created_at[:16]}  {row.player_a} v {row.player_b}  "
            f"{row.rules} race to {row.race_to}  {status}  {row.event} {row.round}".rstrip()
            + "\n"
        )
    return 0


def cmd_record(args: argparse.Namespace, out: TextIO, source: TextIO) -> int:
    """Record JSON lines from `source` one by one; each is acknowledged once durable."""
    store = _open_store(args)
    session = Session(store, args.match) if args.match else None

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    for raw in source:
        if not raw.strip():
            continue
        try:
            event, seq, at = parse_line(raw)
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
        except (LogFormatError, RuleViolation) as exc:
            say(f"refused {exc}")
    return 0


def _selected_logs(args: argparse.Namespace, store: Store) -> list[list[Entry]]:
    ids = [row.match_id for row in store.match_rows()] if args.all else [args.match_id]
    if not ids or ids == [None]:
        raise CliError(1, "name a match id, or give --all")
    logs = []
    for match_id in ids:
        try:
            logs.append(store.load(match_id))
        except StoreError as exc:
            raise CliError(1, str(exc)) from None
    return logs


def cmd_export(args: argparse.Namespace, out: TextIO, pdf: PdfWriter | None = None) -> int:
    """Match sheets (pdf), rack-by-rack and match CSVs (csv), or match logs (jsonl) into --out."""
    if args.format == "pdf" and pdf is None:
        raise CliError(1, "PDF sheets are written by the desk: run `referee-app export ... --format pdf`")
    store = _open_store(args)
    written = exports.write_files(_selected_logs(args, store), args.format, Path(args.out), pdf, args.paper)
    for path in written:
        out.write(f"{path}\n")
    return 0


def cmd_merge(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    problems = 0
    for other in args.others:
        try:
            report = merge(store, Path(other))
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
        for match_id in report.conflicts:
            print(f"conflict: match {match_id} has other events in {other}; not merged", file=sys.stderr)
        for match_id in report.damaged:
            print(f"damaged: match {match_id} in {other} cannot be replayed; not merged", file=sys.stderr)
        problems += len(report.conflicts) + len(report.damaged)
    return 1 if problems else 0


STATS_COLUMNS = (
    ("player", "player"), ("matches", "M"), ("matches_won", "won"), ("racks_won", "racks"),
    ("breaks", "breaks"), ("breaks_with_ball_made", "made"), ("dry_breaks", "dry"), ("break_fouls", "b.foul"),
    ("break_and_runs", "B&R"), ("push_outs", "push"), ("push_out_answers_shoot", "p.shoot"),
    ("push_out_answers_hand_back", "p.back"), ("options_shoot", "o.shoot"), ("options_hand_back", "o.back"),
    ("safeties", "safe"), ("fouls", "fouls"), ("three_foul_losses", "3F"), ("innings", "inn"),
    ("mean_shot_s", "shot s"),
)  # fmt: skip


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    store = _open_store(args)
    logs = [store.load(row.match_id) for row in store.match_rows() if args.event is None or row.event == args.event]
    rows = [s.row() for s in stats.player_stats(logs, args.player)]
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
    return 0


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
    exp.add_argument("--lang", choices=["en", "fr"], default="en", help="language of the PDF sheet")
    mrg = with_db(sub.add_parser("merge", help="bring in the matches of other desks' databases"))
    mrg.add_argument("others", nargs="+", metavar="OTHER.db")
    st = with_db(sub.add_parser("stats", help="statistics per player"))
    st.add_argument("--player")
    st.add_argument("--event")
    return parser


Handler = Callable[[argparse.Namespace, TextIO], int]
HANDLERS: dict[str, Handler] = {
    "replay": cmd_replay,
    "import": cmd_import,
    "export-log": cmd_export_log,
    "matches": cmd_matches,
    "record": lambda args, out: cmd_record(args, out, sys.stdin),
    "export": cmd_export,
    "merge": cmd_merge,
    "stats": cmd_stats,
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
        print(exc, file=sys.stderr)
        return 1
