"""A read never changes a file, and a new database is made only where one is meant: another program's
database, an empty file, a mistyped path, a read-only folder; a backup is complete while a desk records."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee_app.log.codec import parse_line
from referee_app.log.store import Store
from tests.crafted import SEED, START, digest, run


def test_reading_another_programs_database_changes_nothing(tmp_path: Path) -> None:
    other = tmp_path / "other-app.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    con.commit()
    con.close()
    before = digest(other)
    for command in (["matches"], ["stats"], ["export", "--all", "--format", "csv", "--out", str(tmp_path / "o")]):
        code, _, err = run(*command, "--db", str(other))
        assert code == 1 and "not a match database" in err
    code, _, err = run("import", str(SEED), "--db", str(other))
    assert code == 1 and "another program's tables" in err
    assert digest(other) == before and not (tmp_path / "o").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other-app.db"]  # no -wal, no -shm


def test_an_empty_file_or_a_mistyped_path_is_not_a_new_database(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert run("matches", "--db", str(empty))[0] == 1 and empty.stat().st_size == 0
    assert run("matches", "--db", str(tmp_path / "typo" / "m.db"))[0] == 1
    code, _, err = run("import", str(SEED), "--db", str(tmp_path / "typo" / "m.db"))
    assert code == 1 and "does not exist" in err and not (tmp_path / "typo").exists()


def test_backup_is_a_complete_copy_while_the_desk_holds_the_database_open(tmp_path: Path) -> None:
    from referee_app.log.session import Session

    live = tmp_path / "live.db"
    store = Store(live)  # the desk's open connection: its events sit in the WAL
    session = Session.start(store, parse_line(START)[0])  # type: ignore[arg-type]
    for n in range(50):
        session.record(parse_line(f'{{"type": "note", "text": "n{n}"}}')[0])
    code, _, _ = run("backup", str(tmp_path / "copy.db"), "--db", str(live))
    assert code == 0
    assert Store.open_readonly(tmp_path / "copy.db").load(session.match_id)[-1].seq == 51
    assert run("backup", str(tmp_path / "copy.db"), "--db", str(live))[0] == 1  # never overwrites
    store.close()


def test_a_database_in_a_read_only_folder_can_be_read(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, match_id = seeded
    store = Store.open_readonly(db)
    assert store.load(match_id)[0].seq == 1
    # what a read-only folder forces: the immutable reading (no -shm can be made there), which sees
    # every event once the desk has closed the file (its last connection folds the WAL back in)
    checkpoint = sqlite3.connect(db)
    checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    checkpoint.close()
    uri = db.resolve().as_uri()
    immutable = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
    assert immutable.execute("SELECT count(*) FROM events").fetchone()[0] == len(store.load(match_id))
