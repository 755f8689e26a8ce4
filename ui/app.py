"""Starting the desk: the database, the language, and which match to show first."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from referee_desk.desk.controller import DeskController
from referee_desk.i18n import Languages
from referee_desk.notices import Notice
from referee_desk.places import APPLICATION, ORGANIZATION, default_db_path
from referee_desk.window import DEMO_DB, DeskWindow

if TYPE_CHECKING:
    from referee_app.log.store import Store


def parse_args(argv: Sequence[str], commands: Sequence[str] = ()) -> argparse.Namespace:
    """The desk's options; `commands` are the headless ones the entry point names under --help."""
    epilog = None
    if commands:
        epilog = "commands (no window; `referee-app COMMAND --help` for each): " + ", ".join(commands)
    parser = argparse.ArgumentParser(
        prog="referee-app", description="10-ball referee desk: with no command, the desk window opens.", epilog=epilog
    )
    parser.add_argument("--db", type=Path, help="match database (default: the per-user data folder)")
    parser.add_argument("--demo", action="store_true", help="open on the demo matches")
    parser.add_argument("--match", help="open this match (its id)")
    parser.add_argument("--lang", choices=["en", "fr"], help="language (default: as last chosen, else the system's)")
    parser.add_argument(
        "--overlay", type=int, metavar="PORT", help="serve the live overlay on this port (Match > Live overlay)"
    )
    parser.add_argument("--overlay-lan", action="store_true", help="let other devices on the network open the overlay")
    parser.add_argument(
        "--smoke", action="store_true", help="check this copy works (a match in a temporary folder), then quit"
    )
    args = parser.parse_args(list(argv))
    if args.db is not None and not args.db.parent.is_dir():  # a desk that could not save: refused before it opens
        parser.error(
            f"--db {args.db}: the folder {args.db.parent} does not exist (make it first, or give a database"
            " in a folder that exists; a USB stick that is not plugged in looks the same)"
        )
    return args


def first_match_in_progress(store: Store) -> str | None:
    """The newest match still being played, from the projections (nothing is replayed)."""
    playing = [s.match for s in store.iter_summaries(figures=False) if s.status in ("lag", "playing")]
    return playing[-1].match_id if playing else None


def build_desk(args: argparse.Namespace, settings: QSettings, defer: bool = False) -> DeskWindow:
    """The desk window; with `defer`, the database is opened once the window has painted."""
    languages = Languages(settings)
    languages.switch(args.lang or languages.initial())
    window = DeskWindow(DeskController(), settings, languages, keys_later=defer)
    if defer:

        def then() -> None:
            if os.environ.get("REFEREE_APP_EXIT_AFTER_PAINT"):  # bench/app_start.py times start to paint
                print("painted", flush=True)
                QCoreApplication.quit()
                return
            window.install_shortcuts()
            open_database(window, args)
            start_overlay(window, args)
            window.resume_event_link()

        after_first_paint(window, then)
    else:
        open_database(window, args)
        start_overlay(window, args)
        window.resume_event_link()
    return window


def start_overlay(window: DeskWindow, args: argparse.Namespace) -> None:
    """`--overlay PORT`: the pages' address goes to the standard output (a stream operator reads it)."""
    port, lan = getattr(args, "overlay", None), getattr(args, "overlay_lan", False)
    if port is None:  # the overlay comes back with the desk when the referee left it on
        from referee_desk.overlay.dialog import remembered

        kept = remembered(window.settings)
        if kept is None:
            return
        port, lan = kept
    if window.start_overlay(port, lan) and window.overlay and window.overlay.server:
        print(f"overlay {window.overlay.server.url('overlay')}", flush=True)


class _FirstPaint(QObject):
    def __init__(self, window: QWidget, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.then)
        return False


def after_first_paint(window: QWidget, then: Callable[[], None]) -> None:
    """Run `then` once `window` has painted: the referee sees the desk at once, data follows."""
    window.installEventFilter(_FirstPaint(window, then))


def open_database(window: DeskWindow, args: argparse.Namespace) -> None:
    """Open the database and the match to show (the core's imports happen here, after the paint)."""
    from referee_app.log.store import Store, StoreError
    from referee_app.organizer.demo import load_demo

    db = args.db or default_db_path()
    if args.demo and args.db is None:
        db = db.with_name(DEMO_DB)
    try:
        store = Store(db, create_folder=args.db is None)  # the desk's own data folder is made on first use
    except StoreError as exc:
        window.show_notice(Notice.ERROR, str(exc))
        return
    window.controller.attach(store)
    if getattr(args, "log_file", False):  # the desk's log beside its database (`where` names it); not in tests
        from referee_app.worker import log_file_for, log_to_file

        log_to_file(log_file_for(Path(store.path)))
    if args.demo:
        loaded = window.controller.operate(
            QCoreApplication.translate("DeskWindow", "Loading the demo matches"), lambda: load_demo(store)
        )
        if loaded is None:  # a broken seed: the start page keeps the reason on screen
            window.refresh_match_list()
            return
    if args.match:
        opened = window.open_match(args.match)
    elif args.demo:
        match_id = first_match_in_progress(store)
        opened = match_id is not None and window.open_match(match_id)
    else:
        opened = window.resume()
    if opened:
        return  # the list of matches is filled when the start page is next shown: it replays every match
    window.refresh_match_list()
    if not store.match_rows():
        window.show_standing_notice(
            Notice.INFO,
            lambda: QCoreApplication.translate(
                "DeskWindow", "No matches yet: start a new match, or load the demo matches."
            ),
        )


def run_desk(argv: Sequence[str], commands: Sequence[str] = ()) -> int:
    import logging

    logging.basicConfig(level=logging.INFO)
    args = parse_args(argv, commands)  # first: --help and a bad option need no window, nor a display
    if args.smoke:
        from referee_desk.smoke import run_smoke

        return run_smoke(sys.stdout, sys.stderr)
    args.log_file = True
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    window = build_desk(args, QSettings(), defer=True)
    window.freezes_on_open = True  # the app's own run: the tournament window's pauses kept short (`pauses`)
    from referee_desk.notices import install_excepthooks

    install_excepthooks(window.controller.notices)  # anything uncaught: logged beside the database and said on the desk
    window.showMaximized()  # a laptop at the table: all of its screen, within the task bar
    return app.exec()
