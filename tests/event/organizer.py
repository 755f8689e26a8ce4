"""An organizer's database for the phone tests: a drawn single elimination, its tables, some of
them the phones' with their keys (made through the core's operations, as the command line does)."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options

FOUR = ("Ana Lopez", "Ben Novak", "Carl Ito", "Dora Mey")


def organizer(
    tmp_path: Path, tables: str, phones: str, players: tuple[str, ...] = FOUR, seed: int = 4, name: str = "Club night"
) -> tuple[Path, str, dict[int, str]]:
    """Races to 2 on `tables`, `phones` the phones' tables: (database, tournament id, keys by table)."""
    db = tmp_path / "organizer.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, name, Options(Format.SE, race=2))
        operations.add_entries(store, tid, "name\n" + "".join(f"{player}\n" for player in players))
        operations.draw(store, tid, seed)
        operations.set_tables(store, tid, tables)
        keys = operations.set_phones(store, tid, phones)
    return db, tid, {table: key for table, key in keys if key is not None}
