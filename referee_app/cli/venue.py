"""The live event's commands: the server (init, start, stop, status, add-table, move), a desk's
link (connect, push, next-match), the organizer's assignments and the copy of the event into a SQLite
database (pull).

A table's key never goes on the command line, where other users' `ps` would show it: it comes
from $REFEREE_TABLE_KEY, a `--key-file`, or a prompt on the terminal.

What the organizer reads (prompts, reports, errors) passes through `tr`: the entry point hands
in the desk's Qt catalogue when the language is French (`--lang fr`, or the environment's).
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from referee_app.game.events import ShotClock
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import BreakOrder, Scoring
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.system import stop_signals
from referee_app.venue import db as event_db
from referee_app.venue.model import Assignment, EventLink, TableKey, first_line, match_setup, new_assignment_id
from referee_app.venue.pull import pull_into
from referee_app.venue.pusher import DeskRows, LinkFile, complete, desk_conninfo, link_path, push_pending, waiting
from referee_app.venue.schema import DEFAULT_PORT
from referee_app.venue.server import Cluster

if TYPE_CHECKING:
    from referee_app.event.live import Plan
    from referee_app.log.store import Store
    from referee_app.venue.db import Conn

CTX = "EventCli"


class EventCliError(Exception):
    pass


def language(args: argparse.Namespace) -> str:
    """The organizer's language: `--lang`, else the environment's (LC_ALL, LC_MESSAGES, LANG)."""
    chosen = getattr(args, "lang", None)
    if chosen:
        return str(chosen)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "fr" if value.startswith("fr") else "en"
    return "en"


def table_key(args: argparse.Namespace, tr: Translate = english) -> str:
    if getattr(args, "key_file", None):
        return Path(args.key_file).read_text(encoding="utf-8").strip()
    from_env = os.environ.get("REFEREE_TABLE_KEY")
    if from_env:
        return from_env
    if not sys.stdin.isatty():
        how = QT_TRANSLATE_NOOP("EventCli", "this table's key: give --key-file, or set REFEREE_TABLE_KEY")
        raise EventCliError(tr(CTX, how))
    return getpass.getpass(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "This table's key (printed by add-table): ")))


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    srv = sub.add_parser(
        "event-server", help="the event's PostgreSQL server: init, start, stop, status, add-table (a table's key), move"
    )
    srv.add_argument("action", choices=["init", "start", "stop", "status", "add-table", "move"])
    srv.add_argument("folder", type=Path, metavar="DIR")
    srv.add_argument("--port", type=int, default=DEFAULT_PORT)
    srv.add_argument("--table", help="add-table: the table (a new key for a table that has one); move: its new table")
    srv.add_argument("--match", help="move: the match that goes on at --table")
    con = sub.add_parser("connect", help="send this desk's events to the event server (remembered)")
    con.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    con.add_argument("--server", help="the event server's address, HOST or HOST:PORT")
    con.add_argument("--fingerprint", default="", help="the server's fingerprint (printed by init, shown on the board)")
    con.add_argument("--table", help="this desk's table (checked against the key's)")
    con.add_argument("--key-file", help="this table's key (else $REFEREE_TABLE_KEY, or asked)")
    con.add_argument("--forget", action="store_true", help="disconnect this desk from the event")
    push = sub.add_parser("push", help="send the events the server lacks now, and say how the link stands")
    push.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    nxt = sub.add_parser("next-match", help="start the match the organizer sent to this desk's table (and send it)")
    nxt.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    nxt.add_argument("--referee", default="", help="this desk's referee, when the organizer named none")
    asg = sub.add_parser("assign", help="send the next match to a table (organizer)")
    asg.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    asg.add_argument("--table", required=True)
    asg.add_argument("--players", nargs=2, required=True, metavar=("A", "B"))
    asg.add_argument("--race", type=int, required=True)
    asg.add_argument("--rules", choices=list(PRESETS), default="wpa")
    asg.add_argument("--break-order", choices=[b.value for b in BreakOrder], default=BreakOrder.ALTERNATE.value)
    asg.add_argument("--event", default="")
    asg.add_argument("--round", default="")
    asg.add_argument("--shot-clock", type=int, metavar="S", help="a shot clock of S seconds a shot (default: none)")
    asg.add_argument("--extension", type=int, default=25, metavar="S", help="with --shot-clock: an extension's seconds")
    asg.add_argument("--extensions", type=int, default=1, metavar="N", help="with --shot-clock: extensions per rack")
    asg.add_argument("--after-break", type=int, default=35, metavar="S", help="with --shot-clock: after the break")
    asg.add_argument("--referee", default="", help="the referee's name (default: the desk's own)")
    asg.add_argument("--licences", nargs=2, default=("", ""), metavar=("A", "B"), help="the players' licences")
    asg.add_argument("--clubs", nargs=2, default=("", ""), metavar=("A", "B"), help="the players' clubs")
    asg.add_argument(
        "--scoring", choices=[s.value for s in Scoring], default=Scoring.SHOTS.value,
        help="racks: no referee at this table, the desk opens the match scored by racks",
    )  # fmt: skip
    brd = sub.add_parser("board", help="every table live (organizer): a window, and a web page with --web")
    brd.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    brd.add_argument("--web", type=int, metavar="PORT", help="also serve the board as a web page on this port")
    brd.add_argument("--lan", action="store_true", help="let other devices on the network open the web page")
    brd.add_argument("--no-window", action="store_true", help="only the web page (a server with no screen)")
    brd.add_argument(
        "--tournament",
        help="also run this tournament: its matches on tables go to the desks, their results come back;"
        " with --web, its phone tables' pages (/score/N) are served too",
    )
    brd.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="the tournament's database")
    pull = sub.add_parser("pull", help="copy the event's matches into a SQLite database (organizer)")
    pull.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    pull.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    for command in (srv, con, push, nxt, asg, brd, pull):
        command.add_argument(
            "--lang", choices=["en", "fr"], help="language of the prompts and reports (default: the environment's)"
        )


def cmd_event_server(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    def say(text: str, **values: object) -> None:
        out.write(tr(CTX, text).format(**values) + "\n")

    cluster = Cluster(args.folder.resolve())
    folder, stopped = cluster.folder, QT_TRANSLATE_NOOP("EventCli", "event server stopped")
    if args.action == "init":
        cluster.init(args.port)
        say(
            QT_TRANSLATE_NOOP("EventCli", "event server made in {folder} (port {port}); start it with: {command}"),
            folder=folder,
            port=args.port,
            command=f"referee-app event-server start {folder}",
        )
        say(
            QT_TRANSLATE_NOOP("EventCli", "its fingerprint, for each desk's connect: {fingerprint}"),
            fingerprint=cluster.fingerprint(),
        )
        say(QT_TRANSLATE_NOOP("EventCli", "each table's key: {command}"),
            command=f"referee-app event-server add-table {folder} --table N")  # fmt: skip
        return 0
    cluster.check()  # status, start, stop: only on an event server's folder
    if args.action == "start":
        found, now = cluster.start()
        if found != now:
            say(QT_TRANSLATE_NOOP("EventCli", "the event database was brought from version {found} to {now}"),
                found=found, now=now)  # fmt: skip
        say(QT_TRANSLATE_NOOP("EventCli", "event server running on port {port}; fingerprint {fingerprint}"),
            port=cluster.port, fingerprint=cluster.fingerprint())  # fmt: skip
    elif args.action == "stop":
        cluster.stop()
        say(stopped)
    elif args.action == "add-table":
        if not args.table or not args.table.strip():
            raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "add-table needs --table")))
        with psycopg_connect(cluster.organizer_conninfo()) as conn:
            event_db.server_id(conn)
            key = new_table_key(conn, args.table.strip())
        say_table_key(out, cluster, args.table.strip(), key, tr)
    elif args.action == "move":
        table = (args.table or "").strip()
        if not args.match or not table:
            raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "move needs --match and --table")))
        with psycopg_connect(cluster.organizer_conninfo()) as conn:
            event_db.server_id(conn)
            if table not in event_db.tables(conn):
                no_key = QT_TRANSLATE_NOOP("EventCli", "table {table} has no key yet: add-table first")
                raise EventCliError(tr(CTX, no_key).format(table=table))
            if not event_db.move_match(conn, args.match, table):
                no_match = QT_TRANSLATE_NOOP("EventCli", "no match {match} on the event server")
                raise EventCliError(tr(CTX, no_match).format(match=args.match))
        say(QT_TRANSLATE_NOOP("EventCli", "match {match} goes on at table {table}"), match=args.match, table=table)
    else:
        running = cluster.running()
        if running:
            say(QT_TRANSLATE_NOOP("EventCli", "event server running on port {port}"), port=cluster.port)
        else:
            say(stopped)
        return 0 if running else 3
    return 0


def psycopg_connect(conninfo: str) -> Conn:
    import psycopg

    return psycopg.connect(conninfo, connect_timeout=5)


def new_table_key(conn: Conn, table: str) -> TableKey:
    """A new key for `table` (its login made, or its old key replaced)."""
    secret = TableKey.new_secret()
    return TableKey.for_role(event_db.add_table(conn, table, secret), secret)


def say_table_key(out: TextIO, cluster: Cluster, table: str, key: TableKey, tr: Translate = english) -> None:
    address, fingerprint = cluster_address(cluster), cluster.fingerprint()
    lines = (
        QT_TRANSLATE_NOOP("EventCli", "table {table}: key {key}"),
        QT_TRANSLATE_NOOP("EventCli", "  on that desk: Event > Connect (server {address}, this key, fingerprint {fingerprint}),"),  # noqa: E501
        QT_TRANSLATE_NOOP("EventCli", "  or: {command} (then type the key)"),
    )  # fmt: skip
    command = f"referee-app connect --server {address} --fingerprint {fingerprint}"
    for line in lines:
        out.write(tr(CTX, line).format(table=table, key=key, address=address, fingerprint=fingerprint,
                                       command=command) + "\n")  # fmt: skip


def cluster_address(cluster: Cluster) -> str:
    """This computer's address on the venue network, as a desk types it."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
            host = str(probe.getsockname()[0])
    except OSError:
        host = "127.0.0.1"
    return f"{host}:{cluster.port}"


def _address(text: str, tr: Translate = english) -> tuple[str, int]:
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not port:
        return text, DEFAULT_PORT
    if not port.isdigit():
        not_a_number = QT_TRANSLATE_NOOP("EventCli", "{address}: the port is not a number")
        raise EventCliError(tr(CTX, not_a_number).format(address=text))
    return host, int(port)


def cmd_connect(args: argparse.Namespace, out: TextIO, db: Path, tr: Translate = english) -> int:
    import psycopg

    links = LinkFile(db, mend=True)  # a damaged link file is replaced: it holds nothing a connection cannot rebuild
    try:
        if args.forget:
            links.forget()
            out.write(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "this desk is no longer connected to an event")) + "\n")
            return 0
        if not args.server:
            needs = QT_TRANSLATE_NOOP("EventCli", "connect needs --server (and this table's key), or --forget")
            raise EventCliError(tr(CTX, needs))
        host, port = _address(args.server, tr)
        key = str(TableKey.parse(table_key(args, tr)))
        link = EventLink(host, key, (args.table or "").strip(), port, args.fingerprint.strip())
        try:
            link = complete(db, link)
        except psycopg.OperationalError as exc:
            unreachable = QT_TRANSLATE_NOOP("EventCli", "cannot reach the event server at {host}:{port}: {reason}")
            raise EventCliError(tr(CTX, unreachable).format(host=host, port=port, reason=first_line(exc))) from None
        links.save(link)
        connected = QT_TRANSLATE_NOOP("EventCli", "connected: table {table} sends its events to {host}:{port}")
        out.write(tr(CTX, connected).format(table=link.table, host=host, port=port) + "\n")
    finally:
        links.close()
    return 0


@contextmanager
def _desk_on_server(db: Path, tr: Translate) -> Iterator[tuple[Conn, DeskRows, LinkFile, EventLink]]:
    """This desk's rows, its link file and a connection to its event as its table; a desk that is not
    connected, or a server that cannot be reached, is said as the command's failure."""
    import psycopg

    not_connected = tr(
        CTX, QT_TRANSLATE_NOOP("EventCli", "this desk is not connected to an event (referee-app connect)")
    )
    if not link_path(db).exists():
        raise EventCliError(not_connected)
    links = LinkFile(db)
    try:
        link = links.load()
        if link is None:
            raise EventCliError(not_connected)
        rows = DeskRows(db)
        try:
            with psycopg.connect(desk_conninfo(db, link), autocommit=True) as conn:
                yield conn, rows, links, link
        except psycopg.OperationalError as exc:
            offline = QT_TRANSLATE_NOOP("EventCli", "offline: {reason}")
            raise EventCliError(tr(CTX, offline).format(reason=first_line(exc))) from None
        finally:
            rows.close()
    finally:
        links.close()


def cmd_push(args: argparse.Namespace, out: TextIO, db: Path, tr: Translate = english) -> int:
    with _desk_on_server(db, tr) as (conn, rows, links, link):
        outcome = push_pending(conn, event_db.server_id(conn), rows, links, link.table)
    sent = QT_TRANSLATE_NOOP("EventCli", "sent {n} events; {conflicts} conflicts")
    out.write(tr(CTX, sent).format(n=outcome.pushed, conflicts=len(outcome.conflicts)) + "\n")
    differs = QT_TRANSLATE_NOOP("EventCli", "event {seq} differs on the server")
    conflict = QT_TRANSLATE_NOOP("EventCli", "conflict: match {match}, {detail} (nothing was overwritten)")
    for match_id, seq in outcome.conflicts:
        detail = outcome.reasons.get(match_id) or tr(CTX, differs).format(seq=seq)
        out.write(tr(CTX, conflict).format(match=match_id, detail=detail) + "\n")
    return 1 if outcome.conflicts else 0


def cmd_next_match(args: argparse.Namespace, out: TextIO, db: Path, tr: Translate = english) -> int:
    """Start the next match sent to this desk's table, as the desk's big button does, and send it
    at once (the server then offers it to no desk again); its id is printed for `record --match`."""
    from referee_app.log.session import Session
    from referee_app.log.store import Store

    with _desk_on_server(db, tr) as (conn, rows, links, link):
        server = event_db.server_id(conn)
        offered = waiting(event_db.assignments(conn, link.table, open_only=True), rows)
        if not offered:
            none = QT_TRANSLATE_NOOP("EventCli", "no match is waiting for table {table}")
            raise EventCliError(tr(CTX, none).format(table=link.table))
        assignment = offered[0]
        store = Store(db)
        try:
            session = Session.start(store, match_setup(assignment, args.referee.strip()))
        finally:
            store.close()
        push_pending(conn, server, rows, links, link.table)
    started = QT_TRANSLATE_NOOP("EventCli", "match {match} started on table {table}: {a} v {b}, race to {race}{round}")
    round_ = f" ({assignment.round})" if assignment.round else ""
    a, b = assignment.players
    out.write(
        tr(CTX, started).format(match=session.match_id, table=link.table, a=a, b=b, race=assignment.race_to,
                                round=round_) + "\n"
    )  # fmt: skip
    return 0


CLOCK_LIMITS = QT_TRANSLATE_NOOP(
    "EventCli", "the shot clock: 1 to 600 s a shot or an extension, 0 to 9 extensions a rack, 1 to 60 s after the break"
)


def cmd_assign(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    import psycopg

    players = (args.players[0].strip(), args.players[1].strip())
    if not all(players) or players[0].casefold() == players[1].casefold():
        raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "two different players' names are needed")))
    if not 1 <= args.race <= 99:
        raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "the race is 1 to 99 racks")))
    clock = None
    if getattr(args, "shot_clock", None) is not None:
        clock = ShotClock(args.shot_clock, args.extension, args.extensions, args.after_break)
        if not (
            1 <= clock.shot_s <= 600
            and 1 <= clock.extension_s <= 600
            and 0 <= clock.extensions_per_rack <= 9
            and 1 <= clock.after_break_s <= 60
        ):
            raise EventCliError(tr(CTX, CLOCK_LIMITS))
    licences = getattr(args, "licences", ("", ""))
    clubs = getattr(args, "clubs", ("", ""))
    assignment = Assignment(
        new_assignment_id(),
        args.table.strip(),
        players,
        args.race,
        args.rules,
        args.break_order,
        args.event,
        args.round,
        clock,
        getattr(args, "referee", "").strip(),
        (licences[0].strip()[:40], licences[1].strip()[:40]),
        (clubs[0].strip()[:80], clubs[1].strip()[:80]),
        scoring=Scoring(getattr(args, "scoring", Scoring.SHOTS.value)),
    )
    if assignment.scoring is Scoring.RACKS and clock is not None:
        raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "a match scored by racks has no shot clock")))
    cluster = Cluster(args.server.resolve())
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        event_db.server_id(conn)
        key = None if assignment.table in event_db.tables(conn) else new_table_key(conn, assignment.table)
        event_db.insert_assignment(conn, assignment)
    sent = QT_TRANSLATE_NOOP("EventCli", "table {table}: next match {a} v {b} ({id})")
    out.write(tr(CTX, sent).format(table=assignment.table, a=players[0], b=players[1], id=assignment.id) + "\n")
    if key is not None:  # a table the event did not have: its desk needs its key
        say_table_key(out, cluster, assignment.table, key, tr)
    return 0


def cmd_pull(args: argparse.Namespace, out: TextIO, store: Store, tr: Translate = english) -> int:
    report = pull_into(Cluster(args.server.resolve()).organizer_conninfo(), store)
    pulled = QT_TRANSLATE_NOOP("EventCli", "pulled: {added} new matches, {extended} extended, {here} already here, {conflicts} conflicts, {damaged} damaged")  # noqa: E501  # fmt: skip
    counts = {"added": len(report.added), "extended": len(report.extended), "here": len(report.already_here),
              "conflicts": len(report.conflicts), "damaged": len(report.damaged)}  # fmt: skip
    out.write(tr(CTX, pulled).format(**counts) + "\n")
    damaged = QT_TRANSLATE_NOOP("EventCli", "damaged: {match}: {reason}")
    for match_id, reason in report.damaged.items():
        out.write(tr(CTX, damaged).format(match=match_id, reason=reason) + "\n")
    return 1 if report.conflicts or report.damaged else 0


def cmd_board(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    """The board with no window: the web page only, until interrupted (Ctrl+C, or a service's stop)."""
    import signal
    import threading

    from referee_app.event.board_run import Board, BoardOptions

    if args.web is None:
        raise EventCliError(tr(CTX, QT_TRANSLATE_NOOP("EventCli", "with no window, the board needs --web PORT")))
    done = threading.Event()
    for sig in stop_signals():  # before the address is printed: a stop asked at once is a clean stop
        signal.signal(sig, lambda *_: done.set())
    board = Board.open(BoardOptions.from_args(args), out)
    try:
        # the page's words, unless its address asks for others (?lang=)
        board.follow(language(args), lambda work, error: say_sync(work, error, out), tr=tr)
    except BaseException:
        board.close()
        raise
    while not done.wait(0.5):  # a wait with no timeout is never interrupted by Ctrl+C on Windows
        pass
    board.close()
    return 0


def say_sync(work: Plan | None, error: str, out: TextIO) -> None:
    """A round of the board's tournament sync, on the terminal (and in the board's log)."""
    import logging

    from referee_app.event.live import report_lines

    for line in report_lines(work, error):
        logging.getLogger("referee_app").info("tournament: %s", line.text)
        print(line.text, file=sys.stderr if line.problem else out, flush=True)
