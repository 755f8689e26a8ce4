"""The `referee-app` entry point: headless subcommands, or the desk window.

It lives in the outer layer because the default database sits in the per-user
data folder that Qt names, and because `export --format pdf` needs Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from referee_desk.places import default_db_path

EVENT_COMMANDS = ("event-server", "connect", "push", "assign", "pull")
"""The live event's commands worded in the organizer's language (`board` has its window's)."""

if TYPE_CHECKING:
    from referee_app.i18n import Translate


def export_with_pdf(args: argparse.Namespace, out: TextIO) -> int:
    """`export`, with PDF sheets printed by Qt (the core writes CSV and JSON Lines itself; a French
    CSV takes its words from the desk's Qt catalogue)."""
    from referee_app.cli import main as cli

    if args.format == "csv" and args.lang != "en":  # the CSV's columns and words in that language
        return _in_language(args.lang, lambda tr: cli.cmd_export(args, out, tr=tr))
    if args.format != "pdf":
        return cli.cmd_export(args, out)
    from referee_desk.printing import write_sheets_pdf

    return _in_language(args.lang, lambda _tr: cli.cmd_export(args, out, pdf=write_sheets_pdf))


def _in_language(lang: str, run: Callable[[Translate], int]) -> int:
    """Run a command with the desk's Qt catalogue for `lang` installed (and taken out after)."""
    from PySide6.QtCore import QCoreApplication
    from referee_desk.i18n import qt_translate
    from referee_desk.printing import ensure_gui_app, use_language

    ensure_gui_app()
    translator = use_language(lang)
    try:
        return run(qt_translate)
    finally:
        if translator is not None:
            QCoreApplication.removeTranslator(translator)


def history_in_language(args: argparse.Namespace, out: TextIO) -> int:
    """`history --lang fr`: the desk's own French wording, from its Qt catalogue."""
    from referee_app.cli import main as cli

    if args.lang == "en":
        return cli.cmd_history(args, out)
    return _in_language(args.lang, lambda tr: cli.cmd_history(args, out, tr=tr))


def event_in_language(args: argparse.Namespace, out: TextIO) -> int:
    """The live event's commands (`event-server init`'s prompts, `pull`'s report...) in the
    organizer's language: `--lang`, else the environment's."""
    from referee_app.cli import main as cli
    from referee_app.cli.venue import language

    lang = language(args)
    if lang == "en":
        return cli.event_command(args, out)
    return _in_language(lang, lambda tr: cli.event_command(args, out, tr))


def tournament_in_language(args: argparse.Namespace, out: TextIO) -> int:
    """The tournament commands' answers and refusals in the organizer's language, as the live
    event's: the environment's (LC_ALL, LC_MESSAGES, LANG). `show` and `standings` print JSON;
    `cards` are painted by Qt in `--lang`'s words; `serve`'s pages take their words from the catalogue."""
    from referee_app.cli.tournament import cmd_tournament
    from referee_app.cli.venue import language

    if args.action == "serve":  # the board's pages' words, from the catalogue, in the page's language
        from referee_desk.i18n import translator_for

        args.words = translator_for
    if args.action == "cards":  # the phone tables' cards, painted by Qt in `--lang`'s words
        from referee_desk.tournament.cards import write_cards_pdf

        return _in_language(args.lang, lambda tr: cmd_tournament(args, out, tr, cards_pdf=write_cards_pdf))
    lang = language(args)
    if lang == "en" or args.action in ("show", "standings"):
        return cmd_tournament(args, out)
    return _in_language(lang, lambda tr: cmd_tournament(args, out, tr))


def mirror_in_language(args: argparse.Namespace, out: TextIO) -> int:
    """`mirror`: the online copy's pages carry the catalogue's words in each page language."""
    from referee_desk.i18n import translator_for

    from referee_app.cli.main import mirror_command

    args.words = translator_for
    return mirror_command(args, out)


def board_window(args: argparse.Namespace, out: TextIO) -> int:
    """`board`: the organizer's window (with --no-window, the web page only, from the core)."""
    from referee_desk.i18n import translator_for
    from referee_desk.venue.board_window import run_board

    args.words = translator_for  # the web page's words, from the catalogue, in the page's language
    return run_board(args, out, event_in_language)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and not args[0].startswith("-"):  # a subcommand: the desk (and Qt's GUI) stays unloaded
        from referee_app.cli import main as cli

        db = None if args[0] == "replay" else default_db_path()
        return cli.main(
            args,
            default_db=db,
            extra={
                "export": export_with_pdf,
                "board": board_window,
                "history": history_in_language,
                "tournament": tournament_in_language,
                "mirror": mirror_in_language,
                **dict.fromkeys(EVENT_COMMANDS, event_in_language),
            },
        )
    from referee_desk.app import run_desk

    commands: tuple[str, ...] = ()
    if "-h" in args or "--help" in args:  # the core is not loaded before the first paint otherwise
        from referee_app.cli.main import HEADLESS_COMMANDS

        commands = HEADLESS_COMMANDS
    return run_desk(args, commands)


if __name__ == "__main__":
    sys.exit(main())
