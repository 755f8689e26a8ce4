"""The live event's commands: the server (init, start, stop), a desk's link (connect, push),
the organizer's assignments and the copy of the event into a SQLite database (pull).

Passwords never go on the command line, where other users' `ps` would show them: they come
from $REFEREE_EVENT_PASSWORD, a `--password-file`, or a prompt on the terminal.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

from referee_app.game.events import Entry
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import BreakOrder
from referee_app.log.codec import LogFormatError, parse_event_text
from referee_app.venue import db as event_db
from referee_app.venue.model import Assignment, EventLink, first_line, new_assignment_id
from referee_app.venue.pusher import DeskRows, LinkFile, push_pending
from referee_app.venue.schema import DEFAULT_PORT
from referee_app.venue.server import Cluster


class EventCliError(Exception):
    pass


def password(args: argparse.Namespace, confirm: bool = False) -> str:
    if getattr(args, "password_file", None):
        return Path(args.password_file).read_text(encoding="utf-8").strip()
    from_env = os.environ.get("REFEREE_EVENT_PASSWORD")
    if from_env:
        return from_env
    if not sys.stdin.isatty():
        raise EventCliError("the event password: give --password-file, or set REFEREE_EVENT_PASSWORD")
    typed = getpass.getpass("Event password: ")
    if confirm and getpass.getpass("Again: ") != typed:
        raise EventCliError("the two passwords differ")
    return typed


def add_parsers(sub: Any) -> None:
    srv = sub.add_parser("event-server", help="the event's PostgreSQL server: init, start, stop, status")
    srv.add_argument("action", choices=["init", "start", "stop", "status"])
    srv.add_argument("folder", type=Path, metavar="DIR")
    srv.add_argument("--port", type=int, default=DEFAULT_PORT)
    srv.add_argument("--password-file", help="init: the desks' event password (else asked, or $REFEREE_EVENT_PASSWORD)")
    con = sub.add_parser("connect", help="send this desk's events to the event server (remembered)")
    con.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    con.add_argument("--server", help="the event server's address, HOST or HOST:PORT")
    con.add_argument("--table", help="this desk's table number")
    con.add_argument("--password-file")
    con.add_argument("--forget", action="store_true", help="disconnect this desk from the event")
    push = sub.add_parser("push", help="send the events the server lacks now, and say how the link stands")
    push.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
    asg = sub.add_parser("assign", help="send the next match to a table (organizer)")
    asg.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    asg.add_argument("--table", required=True)
    asg.add_argument("--players", nargs=2, required=True, metavar=("A", "B"))
    asg.add_argument("--race", type=int, required=True)
    asg.add_argument("--rules", choices=list(PRESETS), default="wpa")
    asg.add_argument("--break-order", choices=[b.value for b in BreakOrder], default=BreakOrder.ALTERNATE.value)
    asg.add_argument("--event", default="")
    asg.add_argument("--round", default="")
    brd = sub.add_parser("board", help="every table live (organizer): a window, and a web page with --web")
    brd.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    brd.add_argument("--web", type=int, metavar="PORT", help="also serve the board as a web page on this port")
    brd.add_argument("--lan", action="store_true", help="let other devices on the network open the web page")
    brd.add_argument("--no-window", action="store_true", help="only the web page (a server with no screen)")
    pull = sub.add_parser("pull", help="copy the event's matches into a SQLite database (organizer)")
    pull.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    pull.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")


def cmd_event_server(args: argparse.Namespace, out: TextIO) -> int:
    cluster = Cluster(args.folder.resolve())
    if args.action == "init":
        cluster.init(password(args, confirm=True), args.port)
        out.write(f"event server made in {cluster.folder} (port {args.port}); start it with: "
                  f"referee-app event-server start {cluster.folder}\n")  # fmt: skip
    elif args.action == "start":
        cluster.start()
        out.write(f"event server running on port {cluster.port}\n")
    elif args.action == "stop":
        cluster.stop()
        out.write("event server stopped\n")
    else:
        running = cluster.running()
        out.write(f"event server {'running on port ' + str(cluster.port) if running else 'stopped'}\n")
        return 0 if running else 3
    return 0


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not port:
        return text, DEFAULT_PORT
    if not port.isdigit():
        raise EventCliError(f"{text}: the port is not a number")
    return host, int(port)


def cmd_connect(args: argparse.Namespace, out: TextIO, db: Path) -> int:
    import psycopg

    links = LinkFile(db)
    try:
        if args.forget:
            links.forget()
            out.write("this desk is no longer connected to an event\n")
            return 0
        if not args.server or not args.table:
            raise EventCliError("connect needs --server and --table (or --forget)")
        host, port = _address(args.server)
        link = EventLink(host, password(args), args.table.strip(), port)
        try:
            with psycopg.connect(link.conninfo()) as conn:
                event_db.server_id(conn)
        except psycopg.OperationalError as exc:
            raise EventCliError(f"cannot reach the event server at {host}:{port}: {first_line(exc)}") from None
        links.save(link)
        out.write(f"connected: table {link.table} sends its events to {host}:{port}\n")
    finally:
        links.close()
    return 0


def cmd_push(args: argparse.Namespace, out: TextIO, db: Path) -> int:
    import psycopg

    links = LinkFile(db)
    rows = DeskRows(db)
    try:
        link = links.load()
        if link is None:
            raise EventCliError("this desk is not connected to an event (referee-app connect)")
        try:
            with psycopg.connect(link.conninfo(), autocommit=True) as conn:
                outcome = push_pending(conn, event_db.server_id(conn), rows, links, link.table)
        except psycopg.OperationalError as exc:
            raise EventCliError(f"offline: {first_line(exc)}") from None
    finally:
        rows.close()
        links.close()
    out.write(f"sent {outcome.pushed} events; {len(outcome.conflicts)} conflicts\n")
    for match_id, seq in outcome.conflicts:
        out.write(f"conflict: match {match_id}, event {seq} differs on the server (nothing was overwritten)\n")
    return 1 if outcome.conflicts else 0


def cmd_assign(args: argparse.Namespace, out: TextIO) -> int:
    import psycopg

    players = (args.players[0].strip(), args.players[1].strip())
    if not all(players) or players[0].casefold() == players[1].casefold():
        raise EventCliError("two different players' names are needed")
    if not 1 <= args.race <= 99:
        raise EventCliError("the race is 1 to 99 racks")
    assignment = Assignment(
        new_assignment_id(),
        args.table.strip(),
        players,
        args.race,
        args.rules,
        args.break_order,
        args.event,
        args.round,
    )
    with psycopg.connect(Cluster(args.server.resolve()).organizer_conninfo()) as conn:
        event_db.server_id(conn)
        event_db.insert_assignment(conn, assignment)
    out.write(f"table {assignment.table}: next match {players[0]} v {players[1]} ({assignment.id})\n")
    return 0


def pull_into(conninfo: str, store: Any) -> Any:
    """Copy the server's matches into `store` through merge's rules (idempotent): each log is
    rebuilt in a scratch database, its hash chain compared with the server's, then merged."""
    import psycopg

    from referee_app.log.merge import merge
    from referee_app.log.store import Store

    with psycopg.connect(conninfo) as conn:
        event_db.server_id(conn)
        rows = event_db.all_events(conn)
    by_match: dict[str, list[event_db.ServerEvent]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, []).append(row)
    damaged: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Store(Path(folder) / "event.db")
        for match_id, match_rows in by_match.items():
            try:
                entries = [Entry(r.seq, parse_event_text(r.body), r.at) for r in match_rows]
                if [e.seq for e in entries] != list(range(1, len(entries) + 1)):
                    raise LogFormatError("events are missing")
                scratch.add_match(entries)
                if scratch.head(match_id)[1] != match_rows[-1].hash:
                    raise LogFormatError("its hash chain differs from the desk's")
            except Exception as exc:  # one bad match never stops the others; it is reported
                damaged[match_id] = str(exc)
        scratch.close()
        report = merge(store, Path(folder) / "event.db")
    report.damaged.update(damaged)
    return report


def cmd_pull(args: argparse.Namespace, out: TextIO, store: Any) -> int:
    report = pull_into(Cluster(args.server.resolve()).organizer_conninfo(), store)
    out.write(
        f"pulled: {len(report.added)} new matches, {len(report.extended)} extended, "
        f"{len(report.already_here)} already here, {len(report.conflicts)} conflicts, {len(report.damaged)} damaged\n"
    )
    for match_id, reason in report.damaged.items():
        out.write(f"damaged: {match_id}: {reason}\n")
    return 1 if report.conflicts or report.damaged else 0


def start_board_web(args: argparse.Namespace) -> Any:
    """The board's web page (`--web PORT`), or None; its address goes to the standard output."""
    if args.web is None:
        return None
    from referee_app.web.server import OverlayServer

    server = OverlayServer(args.web, args.lan, kind="board", words=getattr(args, "words", None)).start()
    print(f"board {server.url('board')}", flush=True)
    return server


def cmd_board(args: argparse.Namespace, out: TextIO) -> int:
    """The board with no window: the web page only, until interrupted (Ctrl+C, or a service's stop)."""
    import signal
    import threading

    from referee_app.venue.board import BoardWatcher

    if args.web is None:
        raise EventCliError("with no window, the board needs --web PORT")
    conninfo = Cluster(args.server.resolve()).organizer_conninfo()
    server = start_board_web(args)
    watcher = BoardWatcher(conninfo, server.feed.publish).start()
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    done.wait()
    watcher.stop()
    server.stop()
    return 0
