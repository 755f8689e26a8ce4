"""Crafted databases are refused before any row is read, or their bad matches reported, never a traceback;
a database from a newer version is refused with a sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_app.log.schema import MIGRATIONS
from referee_app.log.store import Store, StoreError
from tests.crafted import run, tamper


def test_a_recursive_view_is_refused_before_it_is_read(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(
        db,
        "DROP TRIGGER matches_keep",
        "ALTER TABLE matches RENAME TO m0",
        "CREATE VIEW matches AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n)"
        " SELECT 'id'||i AS match_id FROM n",
    )
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and "is not a match database" in err


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE events SET body = json_set(body, '$.match_id', 'other-id') WHERE seq = 1",
        "DELETE FROM events",
        'UPDATE events SET body = \'{"type": "note", "text": "x"}\' WHERE seq = 1',
        "UPDATE events SET body = '{\"type\": \"undo\", \"target\": ' || printf('%.5000c', '9') || '}' WHERE seq = 2",
    ],
    ids=["id-mismatch", "no-events", "seq1-note", "bigint"],
)
def test_crafted_logs_are_reported_not_crashed_on(tmp_path: Path, seeded: tuple[Path, str], edit: str) -> None:
    db, match_id = seeded
    tamper(db, edit)
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and f"damaged: match {match_id}" in err and "Traceback" not in err
    code, out, _ = run("matches", "--db", str(db))
    assert code == 0 and ("TAMPERED" in out or "damaged" in out)


def test_a_newer_schema_is_refused(seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(db, f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    for opener in (Store, Store.open_readonly):
        with pytest.raises(StoreError, match="made by a newer version"):
            opener(db)
