"""Starting the desk: the database, the language, and which match to show first."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from referee_app.demo import load_demo
from referee_app.session import Session
from referee_app.store import Store, StoreError
from ui.controller import DeskController
from ui.i18n import Languages
from ui.main import APPLICATION, ORGANIZATION, default_db_path
from ui.main_window import DeskWindow


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="referee-app", description="10-ball referee desk (GUI)")
    parser.add_argument("--db", type=Path, help="match database (default: the per-user data folder)")
    parser.add_argument("--demo", action="store_true", help="open on the demo matches")
    parser.add_argument("--match", help="open this match (its id)")
    parser.add_argument("--lang", choices=["en", "fr"], help="language (default: as last chosen, else the system's)")
    return parser.parse_args(list(argv))


def first_match_in_progress(store: Store) -> str | None:
    for row in reversed(store.match_rows()):
        try:
            if not Session(store, row.match_id).state.finished:
                return row.match_id
        except StoreError:
            continue
    return None


def build_desk(args: argparse.Namespace, settings: QSettings) -> DeskWindow:
    db = args.db or default_db_path()
    if args.demo and args.db is None:
        db = db.with_name("demo.db")
    store = Store(db)
    languages = Languages(settings)
    languages.switch(args.lang or languages.initial())
    window = DeskWindow(DeskController(store), settings, languages)
    if args.demo:
        load_demo(store)
    if args.match:
        window.open_match(args.match)
    elif args.demo:
        match_id = first_match_in_progress(store)
        if match_id:
            window.open_match(match_id)
    elif not window.resume() and not store.match_rows():
        window.show_notice("info", window.tr("No matches yet: start a new match, or load the demo matches."))
    return window


def run_desk(argv: Sequence[str]) -> int:
    logging.basicConfig(level=logging.INFO)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    args = parse_args(argv)
    try:
        window = build_desk(args, QSettings())
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    window.show()
    return app.exec()
