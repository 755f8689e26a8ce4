"""Tamper evidence: every edit made outside the app is detected, the head hash is the same on every desk
and on the sheet, dropped triggers come back, and a tampered match never stops a merge."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee_app.log.store import Store, Tampered
from tests.crafted import ROOT, run, tamper


@pytest.mark.parametrize(
    "edit",
    [
        'UPDATE events SET body = \'{"type": "shot", "call": {"ball": 10, "pocket": "SL"}}\''
        " WHERE seq = (SELECT max(seq) FROM events)",
        "DELETE FROM events WHERE seq = (SELECT max(seq) FROM events)",
        "UPDATE matches SET player_a = 'Someone Else'",
        "UPDATE matches SET rules = 'ffb', race_to = 9",
        "UPDATE events SET type = 'note' WHERE seq = 3",
        "UPDATE events SET at = '1999-01-01T00:00:00Z' WHERE seq = 2",
    ],
    ids=["winning-shot", "last-event", "player", "rules-race", "type", "at"],
)
def test_every_edit_outside_the_app_is_detected(seeded: tuple[Path, str], edit: str) -> None:
    db, match_id = seeded
    code, out, _ = run("verify", match_id, "--db", str(db))
    assert code == 0 and out.startswith(f"ok {match_id}")
    tamper(db, edit)
    with pytest.raises(Tampered):
        Store.open_readonly(db).load(match_id)
    code, out, _ = run("verify", match_id, "--db", str(db))
    assert code == 1 and out.startswith("TAMPERED")
    code, out, _ = run("matches", "--db", str(db))
    assert "TAMPERED" in out


def test_the_head_hash_is_the_same_on_every_desk(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, match_id = seeded
    mine = tmp_path / "mine.db"
    assert run("merge", str(db), "--db", str(mine))[0] == 0
    heads = {run("verify", match_id, "--db", str(d))[1].split()[-1] for d in (db, mine)}
    assert len(heads) == 1 and len(heads.pop()) == 64


def test_a_read_write_open_puts_back_dropped_triggers(seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(db)
    store = Store(db)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("UPDATE events SET body = 'x' WHERE seq = 2")


def test_a_crafted_time_with_a_recomputed_chain_is_not_merged(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    """An attacker who knows the chain can re-hash: merge still checks every time it takes in."""
    from referee_app.log.store import GENESIS, chain_hash

    db, match_id = seeded
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER events_append_only_update")
    rows = con.execute("SELECT seq, type, at, body FROM events ORDER BY seq").fetchall()
    previous = GENESIS
    for seq, kind, at, body in rows:
        at = "../../../R" if seq == 1 else at
        previous = chain_hash(previous, match_id, seq, kind, at, body)
        con.execute("UPDATE events SET at = ?, hash = ? WHERE seq = ?", (at, previous, seq))
    con.execute("UPDATE matches SET head_hash = ?", (previous,))
    con.commit()
    con.close()
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and "its time is not a UTC time" in err


def test_the_sheet_carries_the_head_hash_verify_prints(seeded: tuple[Path, str]) -> None:
    from referee_app.words.sheet import build_sheet, sheet_html

    db, match_id = seeded
    head = run("verify", match_id, "--db", str(db))[1].split()[-1]
    sheet = build_sheet(Store.open_readonly(db).load(match_id))
    assert sheet.head_hash == head and head in sheet_html(sheet)


def test_a_tampered_match_here_does_not_stop_a_merge(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    theirs, match_id = seeded
    mine = tmp_path / "mine.db"
    assert run("merge", str(theirs), "--db", str(mine))[0] == 0
    tamper(mine, "UPDATE matches SET player_a = 'Someone Else'")  # our copy is the tampered one
    code, out, _ = run("import", str(ROOT / "seeds" / "ffb-circuit-martin-roux.jsonl"), "--db", str(theirs))
    assert code == 0
    new_id = out.split()[1]
    code, out, _ = run("merge", str(theirs), "--db", str(mine))
    # merge goes by heads: our copy is not read (nor changed), the new match comes in
    assert code == 0 and "1 added, 1 already here" in out and f"added: match {new_id}" in out
    assert run("verify", match_id, "--db", str(mine))[1].startswith("TAMPERED")
