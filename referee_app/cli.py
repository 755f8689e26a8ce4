"""The headless command line: replay, import, export-log, matches, record.

Exit codes follow the match-log spec §6: 2 for a file that is not a match log,
1 for an event the rules refuse (or a database problem), 0 otherwise.
`main` takes the default database path from its caller, because the per-user
data folder is Qt's to name and the core does not import Qt.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from referee_app.codec import LogFormatError, parse_line
from referee_app.events import Entry, MatchStarted
from referee_app.history import ReplayRefused, replay
from referee_app.logfile import LogFileError, format_log, read_log
from referee_app.refusals import RuleViolation
from referee_app.session import Session, utc_now
from referee_app.state import summary
from referee_app.store import Store, StoreError

HEADLESS_COMMANDS = ("replay", "import", "export-log", "matches", "record")


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
    return parser


Handler = Callable[[argparse.Namespace, TextIO], int]
HANDLERS: dict[str, Handler] = {
    "replay": cmd_replay,
    "import": cmd_import,
    "export-log": cmd_export_log,
    "matches": cmd_matches,
    "record": lambda args, out: cmd_record(args, out, sys.stdin),
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
    except CliError as exc:
        print(exc, file=sys.stderr)
        return exc.code
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
