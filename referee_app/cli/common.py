"""What every command of the command line shares: its failure, and opening the database."""

from __future__ import annotations

import argparse

from referee_app.log.store import Store, StoreError


class CliError(Exception):
    """A command that cannot go on: the sentence printed, and the exit code (1 refused, 2 bad input)."""

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        super().__init__(message)


def open_store(args: argparse.Namespace, write: bool = False, code: int = 1) -> Store:
    """The database to work on: read-only unless the command means to write. A missing `--db` or a
    database that cannot be opened (or is not ours) ends the command with `code`: the match commands
    say 1, the tournament's spec says bad input, 2."""
    if args.db is None:
        raise CliError(code, "no database: give --db PATH")
    try:
        if write:
            return Store(args.db, create_folder=getattr(args, "default_db", False))
        return Store.open_readonly(args.db)
    except StoreError as exc:
        raise CliError(code, str(exc)) from None
