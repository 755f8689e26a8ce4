"""`referee-app mirror ...`: the event online (issue 40). `init-cloud` and `add-event` set the
cloud's database up (its administrator's login); `push` sends a tournament's public copy from the
venue; `serve` is one mirror process, read-only, behind the cache. None of it is needed for an
event that stays offline.

A login with its password is never typed on the command line (other users' `ps` shows it): a
conninfo names the server, and the password comes from libpq's own `PGPASSWORD` or password file,
or the whole conninfo from a file: `--db @FILE`.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TextIO

from referee_app.cli.common import CliError
from referee_app.i18n import Translate, english

LOGIN_FILE_MODE = 0o600


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    mirror = sub.add_parser("mirror", help="the event online: the cloud's database, the push, the mirrors")
    acts = mirror.add_subparsers(dest="action", required=True)
    init = acts.add_parser("init-cloud", help="create the cloud's tables, roles and rules (run again: no change)")
    init.add_argument("--db", required=True, help="the cloud's administrator's conninfo, or @FILE")
    init.add_argument("--print", action="store_true", help="print the SQL only, run nothing")
    init.add_argument("--reader-file", type=Path, help="also make the mirrors' login (read only), written to FILE")
    add = acts.add_parser("add-event", help="register an event online, with a login that writes only its rows")
    add.add_argument("event", help="its name in the address: /e/EVENT/bracket")
    add.add_argument("--db", required=True, help="the cloud's administrator's conninfo, or @FILE")
    add.add_argument("--out", type=Path, required=True, help="the venue's login, written to this new file (0600)")
    push = acts.add_parser("push", help="send the tournament's public copy to the cloud, and keep it current")
    push.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="the organizer's database")
    push.add_argument("--tournament", default="", help="the tournament (its id or name; the only one if omitted)")
    push.add_argument("--cloud", required=True, help="the venue's login (from add-event): a conninfo, or @FILE")
    push.add_argument("--event", required=True, help="the event's name online")
    push.add_argument("--publish-licences", action="store_true", help="also publish licence numbers and Fargo IDs")
    push.add_argument("--once", action="store_true", help="send what changed once, then exit")
    serve = acts.add_parser("serve", help="one mirror: the public pages from the cloud's database, read only")
    serve.add_argument("--db", required=True, help="the mirrors' login (from init-cloud): a conninfo, or @FILE")
    serve.add_argument("--web", type=int, required=True, help="the port (0: any free one, printed)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (the proxy's side)")


def conninfo(value: str) -> str:
    """A conninfo given as it is, or `@FILE`: read from the file (first line)."""
    if value.startswith("@"):
        try:
            return Path(value[1:]).read_text(encoding="utf-8").strip().splitlines()[0]
        except (OSError, IndexError, UnicodeDecodeError) as exc:
            raise CliError(1, f"cannot read the login in {value[1:]}: {exc}") from None
    return value


def _write_login(path: Path, admin: str, user: str, password: str) -> None:
    """The admin's conninfo with another login: written to a new file only its owner reads."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    given = conninfo_to_dict(admin)
    given.pop("password", None)
    given.pop("passfile", None)
    text = make_conninfo("", **{**given, "user": user, "password": password}) + "\n"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, LOGIN_FILE_MODE)
    except FileExistsError:
        raise CliError(1, f"{path} exists already: choose a new file for the login") from None
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)


def cmd_mirror(args: argparse.Namespace, out: TextIO, tr: Translate = english) -> int:
    import psycopg

    from referee_app.venue import cloud
    from referee_app.venue.model import first_line

    try:
        if args.action == "init-cloud":
            if args.print:
                out.write(cloud.SCHEMA.strip() + "\n")
                return 0
            admin = conninfo(args.db)
            with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
                cloud.init_cloud(conn)
                out.write("the cloud's database is ready\n")
                if args.reader_file is not None:
                    user, password = cloud.add_reader(conn)
                    _write_login(args.reader_file, admin, user, password)
                    out.write(f"the mirrors' login ({user}, read only) is in {args.reader_file}\n")
            return 0
        if args.action == "add-event":
            admin = conninfo(args.db)
            if args.out.exists():
                raise CliError(1, f"{args.out} exists already: choose a new file for the login")
            with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
                user, password = cloud.add_event(conn, cloud.check_event(args.event))
            _write_login(args.out, admin, user, password)
            out.write(f"the event {args.event} is online at /e/{args.event}/; its venue's login is in {args.out}\n")
            return 0
        if args.action == "push":
            return _push(args, out, tr)
        return _serve(args, out)
    except cloud.CloudError as exc:
        raise CliError(1, str(exc)) from None
    except psycopg.Error as exc:
        raise CliError(1, f"the cloud's database: {first_line(exc)}") from None


def _push(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    import signal
    import threading

    from referee_app.event.board_run import page_languages
    from referee_app.event.mirror_push import MirrorPusher, Published
    from referee_app.event.session import find
    from referee_app.log.store import Store
    from referee_app.system import stop_signals
    from referee_app.tournament.model import TournamentRefused
    from referee_app.web.words import words_for

    if args.db is None:
        raise CliError(1, "no database: give --db PATH")
    store = Store.open_readonly(Path(args.db))
    try:
        found = store.tournaments()
        if args.tournament:
            tournament = find(store, args.tournament)
        elif len(found) == 1:
            tournament = found[0].tournament_id
        else:
            raise CliError(1, f"give --tournament: the database holds {len(found)} tournaments")
    except TournamentRefused as exc:
        raise CliError(1, exc.message(tr)) from None
    finally:
        store.close()
    words = getattr(args, "words", None)
    languages = page_languages(words)
    site_words = {code: words_for("board", t) for code, t in languages.items()}
    done = threading.Event()
    said = {"error": ""}

    def report(published: Published) -> None:
        if published.error and published.error != said["error"]:
            out.write(f"the online copy is behind: {published.error}\n")
            out.flush()
        elif not published.error and said["error"]:
            out.write("the online copy is current again\n")
            out.flush()
        said["error"] = published.error
        if args.once and (published.error or not published.behind):
            done.set()

    pusher = MirrorPusher(
        Path(args.db), tournament, args.event, conninfo(args.cloud), languages, site_words,
        args.publish_licences, on_report=report,
    )  # fmt: skip
    for sig in stop_signals():
        signal.signal(sig, lambda *_: done.set())
    pusher.start()
    out.write(f"publishing {tournament} online as {args.event}\n")
    out.flush()
    try:
        done.wait()
    finally:
        pusher.stop()
    if args.once and said["error"]:
        raise CliError(1, f"the online copy is behind: {said['error']}")
    sent = pusher.sent
    out.write(f"sent {len(sent.versions)} documents, {sent.bytes} bytes\n")
    return 0


def _serve(args: argparse.Namespace, out: TextIO) -> int:
    import asyncio
    import signal
    from datetime import datetime

    from referee_app.system import stop_signals
    from referee_app.venue.cloud import Reader
    from referee_app.web.mirror import Mirror, Snapshot, run

    if not 0 <= args.web <= 65535:
        raise CliError(2, f"--web: {args.web} is not a port (1-65535, or 0 for any free one)")
    reader = Reader(conninfo(args.db))

    def epoch(at: datetime | None) -> float | None:
        return None if at is None else at.timestamp()

    def source(event: str, known: dict[str, int]) -> Snapshot | None:
        got = reader.read(event, dict(known))
        if got is None:
            return None
        docs = {name: (v, digest, body, at.timestamp()) for name, (v, digest, body, at) in got.docs.items()}
        return Snapshot(docs, epoch(got.seen_at))

    mirror = Mirror(lambda event, known: source(event, dict(known)))

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in stop_signals():
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))

        def ready(port: int) -> None:
            out.write(f"mirror serving on http://{args.host}:{port}/e/EVENT/bracket\n")
            out.flush()

        await run(mirror, args.host, args.web, ready, stop)

    try:
        asyncio.run(main())
    except OSError as exc:
        raise CliError(1, f"cannot listen on {args.host}:{args.web}: {exc.strerror or exc}") from None
    finally:
        reader.close()
    return 0
