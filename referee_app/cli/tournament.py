"""`referee-app tournament new|entries|checkin|draw|payouts|tables|results|show|standings|export|phones|racks|cards`
(tournament spec §1, phone.md §1); `checkin` and `payouts` (the README's door); `accept` and `signatures`,
ours (a phone match's result without both signatures: `event.phone_results`).

Exit codes as `replay`: 0 done; 1 refused by the tournament's rules (`refused: <why>`, for
results `line N: refused: <why>`); 2 bad input: a file's line (`line N: <what>`), an option out
of range or contradicting another, a database that cannot be read (missing, not ours, changed
outside the app: its hash chain does not match) or that holds no such tournament. A database
that cannot be written once read (a full disk) is neither and exits 1, nothing written.
The work itself is the tournament wing's (`referee_app.event.operations`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from referee_app.cli.common import CliError, open_store
from referee_app.event import operations
from referee_app.game.events import ShotClock
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english, in_words
from referee_app.log.newfile import new_file
from referee_app.log.store import NotOurs, StoreError, Tampered
from referee_app.tournament import money
from referee_app.tournament.entries import EntriesInvalid
from referee_app.tournament.fargo import fargo_csv, fargo_rows
from referee_app.tournament.model import FinalMode, Format, GroupFormat, LateStart, Options, Rules, TournamentRefused
from referee_app.tournament.phones import Card, cards, check_url, lan_address, no_address, score_link
from referee_app.tournament.show import show, standings
from referee_app.tournament.templates import ffb_national_day


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `tournament` command and its subcommands."""
    top = sub.add_parser("tournament", help="run a tournament: entries, draw, tables, results, standings")
    inner = top.add_subparsers(dest="action", required=True)

    def with_db(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--db", type=Path, default=argparse.SUPPRESS, help="match database")
        return p

    new = with_db(inner.add_parser("new", help="a new tournament (prints its id)"))
    new.add_argument("name")
    new.add_argument(
        "--format", choices=[f.value for f in Format], help="se, de or groups (required without --template)"
    )
    new.add_argument(
        "--template",
        choices=list(TEMPLATES),
        help="ffb: the FFB national tournament, qualifying pools after TS16, pools of 4 with TS1-TS16, a double"
        " knockout to the quarter-finals (sets the format; --race, --race-final, --rules, --shot-clock still apply)",
    )
    new.add_argument("--race", type=int, metavar="N", help="race of every match (default 7)")
    new.add_argument("--race-losers", type=int, metavar="N", help="de: race on the losers' side")
    new.add_argument("--race-final", type=int, metavar="N", help="race of the final(s)")
    new.add_argument(
        "--final",
        choices=[f.value for f in FinalMode],
        help="de: reset (default) or single",
    )
    new.add_argument("--se-at", type=int, metavar="N", help="de: single elimination once N players remain (4-32)")
    new.add_argument("--third-place", action="store_true", help="se: a match for third place")
    new.add_argument("--groups", type=int, metavar="G", help="groups: how many")
    new.add_argument("--advance", type=int, metavar="K", help="groups: the first K of each go on")
    new.add_argument("--group-format", choices=[f.value for f in GroupFormat], help="groups: rr (default) or de")
    new.add_argument("--then", choices=[Format.SE.value, Format.DE.value], help="groups: the knockout, de (default)")
    new.add_argument("--rules", choices=[r.value for r in Rules], help="wpa (default) or ffb")
    new.add_argument(
        "--shot-clock", type=int, metavar="S", help="a shot clock of S seconds a shot on the desks (default: none)"
    )
    new.add_argument(
        "--extension", type=int, default=25, metavar="S", help="with --shot-clock: each extension's seconds (25)"
    )
    new.add_argument("--checkin", action="store_true", help="the draw takes only the players checked in")
    new.add_argument("--fee", metavar="AMOUNT", help="the entry fee, e.g. 20.00")
    new.add_argument(
        "--late-start",
        default="15:5,10,14",
        metavar="MIN:C1,C2,…|off",
        help="WPA late start: minutes to be at the table and the calls' minutes (default 15:5,10,14), or off",
    )
    chk = with_db(inner.add_parser("checkin", help="players checked in at the door (before the draw)"))
    chk.add_argument("tournament")
    chk.add_argument("names", nargs="+", metavar="NAME")
    chk.add_argument("--undo", action="store_true", help="take the check-ins back")
    pay = with_db(inner.add_parser("payouts", help="the pot split by places' percentages, to the cent"))
    pay.add_argument("tournament")
    pay.add_argument("--pot", required=True, metavar="AMOUNT")
    pay.add_argument("--places", required=True, metavar="P1,P2,…", help="percentages, e.g. 50,30,20")
    pay.add_argument("--json", action="store_true", help='[{"place": 1, "amount": "68.68"}, …]')
    ent = with_db(inner.add_parser("entries", help="add entries from a CSV file (before the draw)"))
    ent.add_argument("tournament")
    ent.add_argument("file")
    drw = with_db(inner.add_parser("draw", help="seed, place byes, make the bracket"))
    drw.add_argument("tournament")
    drw.add_argument("--seed", type=int)
    tab = with_db(inner.add_parser("tables", help="the venue's tables, e.g. 1-8 or 1,2,5"))
    tab.add_argument("tournament")
    tab.add_argument("list")
    res = with_db(inner.add_parser("results", help="results as JSON lines (a file, or - for stdin)"))
    res.add_argument("tournament")
    res.add_argument("file")
    for name, what in (("show", "the bracket"), ("standings", "places and performance")):
        p = with_db(inner.add_parser(name, help=f"{what} as JSON"))
        p.add_argument("tournament")
        p.add_argument("--json", action="store_true", help="JSON (the only form)")
    syn = with_db(inner.add_parser("sync", help="send the matches on tables to the desks, take the desks' results"))
    syn.add_argument("tournament")
    syn.add_argument("--server", type=Path, required=True, metavar="DIR", help="the event server's folder")
    pho = with_db(inner.add_parser("phones", help="tables scored on the players' phones, each with a new key"))
    pho.add_argument("tournament")
    pho.add_argument("list", help="the tables, e.g. 5-8 or 5,7")
    pho.add_argument("--json", action="store_true", help='a list [{"table": 5, "key": "KEY"}]')
    pho.add_argument("--off", action="store_true", help="make them ordinary tables again (their keys stop working)")
    pho.add_argument(
        "--one-phone", action="store_true", help="one phone at the table may give both signatures (else one each)"
    )
    rck = with_db(inner.add_parser("racks", help="tables with a desk but no referee: their matches scored by racks"))
    rck.add_argument("tournament")
    rck.add_argument("list", help="the tables, e.g. 3-4 or 3,5")
    rck.add_argument("--off", action="store_true", help="a referee is back: every shot recorded again")
    acc = with_db(inner.add_parser("accept", help="a phone match's result as its log stands, signed or not"))
    acc.add_argument("tournament")
    acc.add_argument("match", help="the match's id, e.g. W1-3")
    sig = with_db(inner.add_parser("signatures", help="whether a phone match waits for both players' signatures"))
    sig.add_argument("tournament")
    sig.add_argument("needed", choices=["on", "off"], help="on (the default): both sign; off: a finished match counts")
    srv = with_db(inner.add_parser("serve", help="the tournament's pages and its phone tables, no event server"))
    srv.add_argument("tournament")
    srv.add_argument("--web", type=int, required=True, metavar="PORT", help="the port to serve at (0: any free one)")
    srv.add_argument("--lan", action="store_true", help="serve on the venue's network too (else this computer only)")
    crd = with_db(inner.add_parser("cards", help="a card to print for each phone table (PDF, A6, four to a page)"))
    crd.add_argument("tournament")
    crd.add_argument("--out", required=True, metavar="FILE.pdf")
    crd.add_argument(
        "--url",
        metavar="URL",
        help="the address the phones reach this laptop at, e.g. http://192.168.1.20:8080"
        " (default: where `tournament serve --lan` last served)",
    )
    crd.add_argument("--lang", choices=["en", "fr"], default="en", help="the cards' language (en, fr)")
    exp = with_db(inner.add_parser("export", help="the FargoRate file"))
    exp.add_argument("tournament")
    exp.add_argument("--fargo", required=True, metavar="FILE.csv")


CTX = "TournamentCli"
SAID = {
    "entries": (QT_TRANSLATE_NOOP("TournamentCli", "{n} entry added"),
                QT_TRANSLATE_NOOP("TournamentCli", "{n} entries added")),
    "tables": (QT_TRANSLATE_NOOP("TournamentCli", "{n} table"), QT_TRANSLATE_NOOP("TournamentCli", "{n} tables")),
    "results": (QT_TRANSLATE_NOOP("TournamentCli", "{n} result recorded"),
                QT_TRANSLATE_NOOP("TournamentCli", "{n} results recorded")),
    "written": (QT_TRANSLATE_NOOP("TournamentCli", "{n} match written to {path}"),
                QT_TRANSLATE_NOOP("TournamentCli", "{n} matches written to {path}")),
    "sent": (QT_TRANSLATE_NOOP("TournamentCli", "{n} assignment sent"),
             QT_TRANSLATE_NOOP("TournamentCli", "{n} assignments sent")),
    "taken_back": (QT_TRANSLATE_NOOP("TournamentCli", ", {n} taken back"),
                   QT_TRANSLATE_NOOP("TournamentCli", ", {n} taken back")),
    "cards": (QT_TRANSLATE_NOOP("TournamentCli", "{n} card written to {path} ({url})"),
              QT_TRANSLATE_NOOP("TournamentCli", "{n} cards written to {path} ({url})")),
}  # fmt: skip
"""The commands' answers, singular and plural, in the organizer's language (the environment's, as
the live event's commands: `referee_desk.main` gives the catalogue's `tr`)."""
RACKS_ON = QT_TRANSLATE_NOOP("TournamentCli", "table {table}: no referee, the desk scores the matches sent by racks")
RACKS_OFF = QT_TRANSLATE_NOOP("TournamentCli", "table {table}: a referee records every shot again")
DRAWN = QT_TRANSLATE_NOOP("TournamentCli", "drawn with seed {seed}")
CHECKED_IN = QT_TRANSLATE_NOOP("TournamentCli", "{name}: checked in")
CHECKED_OUT = QT_TRANSLATE_NOOP("TournamentCli", "{name}: check-in taken back")
PAYOUT = QT_TRANSLATE_NOOP("TournamentCli", "place {place}: {amount}")
REFUSED = QT_TRANSLATE_NOOP("TournamentCli", "refused: {why}")
LINE_REFUSED = QT_TRANSLATE_NOOP("TournamentCli", "line {line}: refused: {why}")


def _said(tr: Translate, key: str, n: int, **values: object) -> str:
    """`1 entry added`, `2 entries added`, in the words of `tr`."""
    one, many = SAID[key]
    return tr(CTX, one if n == 1 else many).format(n=n, **values)


def _checked(args: argparse.Namespace, tr: Translate = english) -> operations.Opened:
    """The tournament read whole from its checked log, before anything is written: a missing or
    unreadable database, an unknown tournament or a log changed outside the app is bad input."""
    with closing(open_store(args, write=False, code=2)) as reader:  # a missing file: nothing made, nothing migrated
        try:
            operations.find(reader, args.tournament)
        except TournamentRefused as exc:
            raise CliError(2, exc.message(tr)) from None
        return operations.open_tournament(reader, args.tournament)


SPREADSHEET_HINT = (
    " (an entry list is UTF-8: in Excel, save it as 'CSV UTF-8'; its 'CSV (séparateur: point-virgule)' is Windows-1252)"
)
"""Excel's usual French CSV export is Windows-1252; the spec's entry list is UTF-8."""

TEMPLATES = {"ffb": ffb_national_day}
"""`new --template NAME`: a ready format, as the Tournament window's template buttons give it."""
_FORMAT_OPTIONS = ("format", "race_losers", "final", "se_at", "groups", "advance", "group_format", "then")


def _door_options(args: argparse.Namespace) -> dict[str, Any]:
    """`--checkin`, `--fee`, `--late-start` as options (bad input: exit 2)."""
    fee = None
    if args.fee is not None:
        try:
            fee = money.amount(args.fee)
        except TournamentRefused as exc:
            raise CliError(2, f"--fee: {exc}") from None
    late: LateStart | None = None
    if args.late_start != "off":
        minutes, _, calls = args.late_start.partition(":")
        try:
            late = LateStart(int(minutes), tuple(int(c) for c in calls.split(",") if c.strip()))
        except ValueError:
            raise CliError(
                2, f"--late-start is MINUTES:C1,C2,… (as 15:5,10,14) or off, not {args.late_start}"
            ) from None
    return {"checkin": args.checkin, "fee": fee, "late_start": late}


def _options(args: argparse.Namespace) -> Options:
    return replace(_format_options(args), **_door_options(args))


def _format_options(args: argparse.Namespace) -> Options:
    clock = None if args.shot_clock is None else ShotClock(args.shot_clock, args.extension)
    if args.template is not None:
        given = [f"--{name.replace('_', '-')}" for name in _FORMAT_OPTIONS if getattr(args, name) is not None]
        if args.third_place:
            given.append("--third-place")
        if given:
            raise CliError(2, f"--template {args.template} sets the format: leave out {', '.join(given)}")
        options = TEMPLATES[args.template](7 if args.race is None else args.race, args.race_final)
        rules = options.rules if args.rules is None else Rules(args.rules)
        return replace(options, rules=rules, shot_clock=clock)
    if args.format is None:
        raise CliError(2, "give --format se|de|groups (or --template ffb)")
    return Options(
        Format(args.format),
        race=7 if args.race is None else args.race,
        race_losers=args.race_losers,
        race_final=args.race_final,
        final=FinalMode(args.final or FinalMode.RESET.value),
        se_at=args.se_at,
        third_place=args.third_place,
        groups=args.groups,
        advance=args.advance,
        group_format=GroupFormat(args.group_format or GroupFormat.RR.value),
        then=Format(args.then or Format.DE.value),
        rules=Rules(args.rules or Rules.WPA.value),
        shot_clock=clock,
    )


def _read_text(path: str, hint: str = "") -> str:
    """A file (or stdin for `-`) as UTF-8 text; bytes that are not UTF-8 are bad input on their line
    (`hint` says how to make the file right)."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise CliError(2, f"line 1: cannot read the file ({exc.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CliError(2, f"line {line}: not UTF-8 text{hint}") from None


def _dump(document: object, out: TextIO) -> None:
    out.write(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False) + "\n")  # strict JSON


CardsPdf = Callable[[str, Sequence[Card], Path], None]
"""Paints the phone tables' cards into a PDF file (the desk's Qt: `referee_desk.tournament.cards`)."""


def _run(args: argparse.Namespace, out: TextIO, tr: Translate, cards_pdf: CardsPdf | None = None) -> int:  # noqa: C901
    action = args.action
    if action == "new":
        options = _options(args)
        try:
            options.check()
        except TournamentRefused as exc:  # options out of range or at odds: the command line is wrong
            raise CliError(2, exc.message(tr)) from None
        with closing(open_store(args, write=True, code=2)) as store:
            try:
                tournament_id = operations.new_tournament(store, args.name, options)
            except TournamentRefused as exc:  # only the command line can be wrong here (the name)
                raise CliError(2, exc.message(tr)) from None
            out.write(tournament_id + "\n")
        return 0
    if action in ("show", "standings", "export"):
        opened = _checked(args, tr)
        t = opened.state.tournament
        if action == "show":
            _dump(show(t, opened.tournament_id), out)
        elif action == "standings":
            _dump(standings(t), out)
        else:
            target = Path(args.fargo)
            if not target.parent.is_dir():
                raise CliError(2, f"cannot write {target}: the folder {target.parent} does not exist")
            try:  # a new file under a random name, never through a link planted in the folder
                with new_file(target) as csv_file:
                    csv_file.handle.write(fargo_csv(t).encode("utf-8"))
            except OSError as exc:
                raise CliError(1, f"cannot write {target}: {exc.strerror or exc}") from None
            out.write(_said(tr, "written", len(fargo_rows(t)), path=args.fargo) + "\n")
        return 0
    if action == "payouts":
        return _payouts(args, out, tr)
    if action == "sync":
        return _sync(args, out, tr)
    if action == "phones":
        return _phones(args, out, tr)
    if action == "cards":
        return _cards(args, out, tr, cards_pdf)
    if action == "serve":
        return _serve(args, out, tr)
    if action in ("accept", "signatures"):
        return _phone_results(args, out, tr)
    hint = SPREADSHEET_HINT if action == "entries" else ""
    text = _read_text(args.file, hint) if action in ("entries", "results") else ""
    _checked(args, tr)
    with closing(open_store(args, write=True, code=2)) as store:
        if action == "entries":
            added = operations.add_entries(store, args.tournament, text)
            out.write(_said(tr, "entries", added) + "\n")
        elif action == "checkin":
            names = operations.checkin(store, args.tournament, args.names, undo=args.undo)
            said = CHECKED_OUT if args.undo else CHECKED_IN
            for name in names:
                out.write(tr(CTX, said).format(name=name) + "\n")
        elif action == "draw":
            seed = operations.draw(store, args.tournament, args.seed)
            out.write(tr(CTX, DRAWN).format(seed=seed) + "\n")
        elif action == "tables":
            tables = operations.set_tables(store, args.tournament, args.list)
            out.write(_said(tr, "tables", len(tables)) + "\n")
        elif action == "racks":
            said = RACKS_OFF if args.off else RACKS_ON
            for table in operations.set_rack_tables(store, args.tournament, args.list, off=args.off):
                out.write(tr(CTX, said).format(table=table) + "\n")
        else:
            count = operations.record_results(store, args.tournament, text.splitlines())
            out.write(_said(tr, "results", count) + "\n")
    return 0


def _payouts(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    """`payouts`: the pot split by the places' percentages, to the cent, summing to the pot."""
    _checked(args, tr)
    try:
        pot, shares = money.amount(args.pot), money.percentages(args.places)
    except TournamentRefused as exc:
        raise CliError(2, exc.message(tr)) from None
    amounts = money.split(pot, shares)
    if args.json:
        _dump(money.payout_json(amounts), out)
    else:
        for place, value in enumerate(amounts, start=1):
            out.write(tr(CTX, PAYOUT).format(place=place, amount=f"{value:f}") + "\n")
    return 0


def _phones(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    """`phones`: the tables made phone tables with their new keys (a link where the serving address is
    known), or made ordinary tables again with `--off` (phone.md §1)."""
    opened = _checked(args, tr)
    with closing(open_store(args, write=True, code=2)) as store:
        try:
            made = operations.set_phones(store, opened.tournament_id, args.list, off=args.off, one_phone=args.one_phone)
        except operations.TablesBadInput as exc:
            raise CliError(2, exc.message(tr)) from None
        url = store.phone_url(opened.tournament_id)
    if args.json:
        _dump([{"table": table, "key": key} for table, key in made], out)
        return 0
    for table, key in made:
        if key is None:
            out.write(f"table {table}: scored on a desk again\n")
        elif url is not None:
            out.write(f"table {table}: {score_link(url, table, key)}\n")
        else:
            out.write(f"table {table}: key {key}\n")
    return 0


ACCEPTED = QT_TRANSLATE_NOOP("TournamentCli", "{match}: {winner} wins {a}-{b} (the phone's result, accepted)")
SIGNATURES = {
    True: QT_TRANSLATE_NOOP("TournamentCli", "phone matches wait for both players' signatures"),
    False: QT_TRANSLATE_NOOP("TournamentCli", "phone matches count once finished, without signatures"),
}


def _phone_results(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    """`accept`: a phone match's log result completes it (a dispute settled, or no signatures);
    `signatures on|off`: the organizer's option (`phone_results`)."""
    from referee_app.event import phone_results

    opened = _checked(args, tr)
    with closing(open_store(args, write=True, code=2)) as store:
        if args.action == "accept":
            event = phone_results.accept(store, opened.tournament_id, args.match)
            a, b = event.score
            out.write(tr(CTX, ACCEPTED).format(match=event.match, winner=event.winner, a=a, b=b) + "\n")
        else:
            needed = args.needed == "on"
            phone_results.set_signatures(store, opened.tournament_id, needed)
            out.write(tr(CTX, SIGNATURES[needed]) + "\n")
    return 0


def _serve(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    """`serve`: the pages and the phone tables from this database until SIGINT or SIGTERM (phone.md §1);
    the request being written is finished, then it exits 0."""
    import signal
    import threading

    from referee_app.event.pages import Serving
    from referee_app.system import stop_signals
    from referee_app.web.server import ListenError

    if not 0 <= args.web <= 65535:
        raise CliError(2, f"--web: {args.web} is not a port (1-65535, or 0 for any free one)")
    opened = _checked(args, tr)
    words = getattr(args, "words", None)
    languages = {"en": english} if words is None else {code: words(code) for code in ("en", "fr")}
    done = threading.Event()
    for sig in stop_signals():  # before the address is printed: a stop asked at once is a clean stop
        signal.signal(sig, lambda *_: done.set())
    try:
        serving = Serving(args.db, opened.tournament_id, args.web, args.lan, languages, words, tr).start()
    except ListenError as exc:
        raise CliError(1, str(exc)) from None
    try:
        host = lan_address() if args.lan else None
        if host is not None:
            url = f"http://{host}:{serving.port}"
            with closing(open_store(args, write=True, code=1)) as store:
                store.set_phone_url(opened.tournament_id, url)
        out.write(f"serving http://127.0.0.1:{serving.port}/bracket\n")
        if host is not None:
            out.write(f"phones: {url}/score/N (the cards: tournament cards; the keys: tournament phones)\n")
        out.flush()
        while not done.wait(0.5):  # a wait with no timeout is never interrupted by Ctrl+C on Windows
            pass
    finally:
        serving.stop()
    return 0


def _cards(args: argparse.Namespace, out: TextIO, tr: Translate, paint: CardsPdf | None) -> int:
    """`cards`: one card per phone table, with its link at the address the phones reach (phone.md §1)."""
    if paint is None:
        raise CliError(1, "the cards are printed by the desk: run `referee-app tournament cards ...`")
    target = Path(args.out)
    if not target.parent.is_dir():
        raise CliError(2, f"cannot write {target}: the folder {target.parent} does not exist")
    opened = _checked(args, tr)
    with closing(open_store(args, write=False, code=2)) as store:
        keys = store.phone_keys(opened.tournament_id)
        served = store.phone_url(opened.tournament_id)
    given = args.url if args.url is not None else served
    try:
        if given is None:
            raise no_address()
        url = check_url(given)
    except TournamentRefused as exc:  # the address is the command line's: bad input
        raise CliError(2, exc.message(tr)) from None
    made = cards(opened.state.tournament.phones, keys, url)
    try:
        paint(opened.state.tournament.name, made, target)
    except OSError as exc:
        raise CliError(1, f"cannot write {target}: {exc.strerror or exc}") from None
    out.write(_said(tr, "cards", len(made), path=target, url=url) + "\n")
    return 0


def _sync(args: argparse.Namespace, out: TextIO, tr: Translate) -> int:
    """One round with the event server: the desks' results taken, the matches on tables sent."""
    import psycopg

    from referee_app.event.live import sync
    from referee_app.venue.model import EventServerError, first_line
    from referee_app.venue.server import Cluster

    _checked(args, tr)
    try:
        conninfo = Cluster(args.server.resolve()).organizer_conninfo()
        with (
            closing(open_store(args, write=True, code=2)) as store,
            psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn,
        ):
            work = sync(store, args.tournament, conn, tr=tr)
    except EventServerError as exc:
        raise CliError(1, str(exc)) from None
    except psycopg.Error as exc:
        raise CliError(1, f"the event server: {first_line(exc)}") from None
    for line in work.done:
        out.write(line + "\n")
    for line in work.problems:
        print(line, file=sys.stderr)
    withdrawn = _said(tr, "taken_back", len(work.withdraw)) if work.withdraw else ""
    out.write(_said(tr, "sent", len(work.send)) + withdrawn + "\n")
    return 1 if work.problems else 0


def cmd_tournament(
    args: argparse.Namespace, out: TextIO, tr: Translate = english, cards_pdf: CardsPdf | None = None
) -> int:
    """Run one tournament subcommand; errors go to stderr with the spec's exit code. `tr`: the
    organizer's language for the answers and refusals (English by default); `cards_pdf`: the desk's
    painter of the phone tables' cards, given by the GUI's entry point."""
    try:
        return _run(args, out, tr, cards_pdf)
    except CliError as exc:
        print(exc, file=sys.stderr)
        return exc.code
    except operations.LineRefused as exc:
        print(tr(CTX, LINE_REFUSED).format(line=exc.line, why=exc.message(tr)), file=sys.stderr)
        return 1
    except TournamentRefused as exc:
        print(tr(CTX, REFUSED).format(why=exc.message(tr)), file=sys.stderr)
        return 1
    except operations.BadInput as exc:
        entries = exc.__cause__
        print("\n".join(entries.messages(tr)) if isinstance(entries, EntriesInvalid) else exc, file=sys.stderr)
        return 2
    except (Tampered, NotOurs, operations.DamagedTournament) as exc:  # read before any write: bad input
        print(in_words(exc, tr), file=sys.stderr)
        return 2
    except StoreError as exc:
        print(in_words(exc, tr), file=sys.stderr)
        return 1
