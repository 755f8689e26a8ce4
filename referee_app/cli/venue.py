"""The live event's commands: the server (init, start, stop, status, add-table, move), a desk's
link (connect, push), the organizer's assignments and the copy of the event into a SQLite
database (pull).

A table's key never goes on the command line, where other users' `ps` would show it: it comes
from $REFEREE_TABLE_KEY, a `--key-file`, or a prompt on the terminal.
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
from referee_app.venue.model import Assignment, EventLink, TableKey, first_line, new_assignment_id
from referee_app.venue.pusher import DeskRows, LinkFile, complete, desk_conninfo, link_path, push_pending
from referee_app.venue.schema import DEFAULT_PORT
from referee_app.venue.server import Cluster
from referee_app.venue.worker import log_to_file


class EventCliError(Exception):
    pass


def table_key(args: argparse.Namespace) -> str:
    if getattr(args, "key_file", None):
        return Path(args.key_file).read_text(encoding="utf-8").strip()
    from_env = os.environ.get("REFEREE_TABLE_KEY")
    if from_env:
        return from_env
    if not sys.stdin.isatty():
        raise EventCliError("this table's key: give --key-file, or set REFEREE_TABLE_KEY")
    return getpass.getpass("This table's key (printed by add-table): ")


def add_parsers(sub: Any) -> None:
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
        cluster.init(args.port)
        out.write(
            f"event server made in {cluster.folder} (port {args.port}); start it with: "
            f"referee-app event-server start {cluster.folder}\n"
            f"its fingerprint, for each desk's connect: {cluster.fingerprint()}\n"
            f"each table's key: referee-app event-server add-table {cluster.folder} --table N\n"
        )
        return 0
    cluster.check()  # status, start, stop: only on an event server's folder
    if args.action == "start":
        cluster.start()
        out.write(f"event server running on port {cluster.port}; fingerprint {cluster.fingerprint()}\n")
    elif args.action == "stop":
        cluster.stop()
        out.write("event server stopped\n")
    elif args.action == "add-table":
        if not args.table or not args.table.strip():
            raise EventCliError("add-table needs --table")
        with psycopg_connect(cluster.organizer_conninfo()) as conn:
            event_db.server_id(conn)
            key = new_table_key(conn, args.table.strip())
        say_table_key(out, cluster, args.table.strip(), key)
    elif args.action == "move":
        if not args.match or not args.table:
            raise EventCliError("move needs --match and --table")
        with psycopg_connect(cluster.organizer_conninfo()) as conn:
            event_db.server_id(conn)
            if args.table.strip() not in event_db.tables(conn):
                raise EventCliError(f"table {args.table.strip()} has no key yet: add-table first")
            if not event_db.move_match(conn, args.match, args.table.strip()):
                raise EventCliError(f"no match {args.match} on the event server")
        out.write(f"match {args.match} goes on at table {args.table.strip()}\n")
    else:
        running = cluster.running()
        out.write(f"event server {'running on port ' + str(cluster.port) if running else 'stopped'}\n")
        return 0 if running else 3
    return 0


def psycopg_connect(conninfo: str) -> Any:
    import psycopg

    return psycopg.connect(conninfo, connect_timeout=5)


def new_table_key(conn: Any, table: str) -> TableKey:
    """A new key for `table` (its login made, or its old key replaced)."""
    secret = TableKey.new_secret()
    return TableKey.for_role(event_db.add_table(conn, table, secret), secret)


def say_table_key(out: TextIO, cluster: Cluster, table: str, key: TableKey) -> None:
    out.write(
        f"table {table}: key {key}\n"
        f"  on that desk: Event > Connect (server {cluster_address(cluster)}, this key, fingerprint "
        f"{cluster.fingerprint()}),\n"
        f"  or: referee-app connect --server {cluster_address(cluster)} --fingerprint {cluster.fingerprint()}"
        " (then type the key)\n"
    )


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


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not port:
        return text, DEFAULT_PORT
    if not port.isdigit():
        raise EventCliError(f"{text}: the port is not a number")
    return host, int(port)


def cmd_connect(args: argparse.Namespace, out: TextIO, db: Path) -> int:
    import psycopg

    links = LinkFile(db, mend=True)  # a damaged link file is replaced: it holds nothing a connection cannot rebuild
    try:
        if args.forget:
            links.forget()
            out.write("this desk is no longer connected to an event\n")
            return 0
        if not args.server:
            raise EventCliError("connect needs --server (and this table's key), or --forget")
        host, port = _address(args.server)
        key = str(TableKey.parse(table_key(args)))
        link = EventLink(host, key, (args.table or "").strip(), port, args.fingerprint.strip())
        try:
            link = complete(db, link)
        except psycopg.OperationalError as exc:
            raise EventCliError(f"cannot reach the event server at {host}:{port}: {first_line(exc)}") from None
        links.save(link)
        out.write(f"connected: table {link.table} sends its events to {host}:{port}\n")
    finally:
        links.close()
    return 0


def cmd_push(args: argparse.Namespace, out: TextIO, db: Path) -> int:
    import psycopg

    if not link_path(db).exists():
        raise EventCliError("this desk is not connected to an event (referee-app connect)")
    links = LinkFile(db)
    try:
        link = links.load()
        if link is None:
            raise EventCliError("this desk is not connected to an event (referee-app connect)")
        rows = DeskRows(db)
        try:
            with psycopg.connect(desk_conninfo(db, link), autocommit=True) as conn:
                outcome = push_pending(conn, event_db.server_id(conn), rows, links, link.table)
        except psycopg.OperationalError as exc:
            raise EventCliError(f"offline: {first_line(exc)}") from None
        finally:
            rows.close()
    finally:
        links.close()
    out.write(f"sent {outcome.pushed} events; {len(outcome.conflicts)} conflicts\n")
    for match_id, seq in outcome.conflicts:
        why = outcome.reasons.get(match_id)
        detail = why if why else f"event {seq} differs on the server"
        out.write(f"conflict: match {match_id}, {detail} (nothing was overwritten)\n")
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
    cluster = Cluster(args.server.resolve())
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        event_db.server_id(conn)
        key = None if assignment.table in event_db.tables(conn) else new_table_key(conn, assignment.table)
        event_db.insert_assignment(conn, assignment)
    out.write(f"table {assignment.table}: next match {players[0]} v {players[1]} ({assignment.id})\n")
    if key is not None:  # a table the event did not have: its desk needs its key
        say_table_key(out, cluster, assignment.table, key)
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


def board_log(cluster: Cluster) -> Path:
    """The board's log: in the event server's folder."""
    return cluster.folder / "board.log"


def cmd_board(args: argparse.Namespace, out: TextIO) -> int:
    """The board with no window: the web page only, until interrupted (Ctrl+C, or a service's stop)."""
    import signal
    import threading

    from referee_app.venue.board import BoardWatcher

    if args.web is None:
        raise EventCliError("with no window, the board needs --web PORT")
    cluster = Cluster(args.server.resolve())
    conninfo = cluster.organizer_conninfo()
    log_to_file(board_log(cluster))
    server = start_board_web(args)
    watcher = BoardWatcher(conninfo, server.feed.publish, fingerprint=cluster.fingerprint()).start()
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    done.wait()
    watcher.stop()
    server.stop()
    return 0
