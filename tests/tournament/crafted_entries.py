"""A tournament database whose entry list was rewritten outside the app and every hash chained
again, as an attacker with the file would: what the entry list refuses, in a log that verifies."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from pathlib import Path

from referee_app.cli.main import main
from referee_app.log.chain import chain_hash


def crafted_entries(db: Path, entries: list[dict[str, object]]) -> str:
    """A new tournament in `db` whose `entries_added` holds `entries` as they are (NaN allowed,
    as Python's JSON writes it); returns its id."""
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["tournament", "new", "Crafted", "--format", "se", "--db", str(db)]) == 0
    tid = out.getvalue().strip()
    body = json.dumps({"type": "entries_added", "entries": entries}, ensure_ascii=False, separators=(",", ":"))
    con = sqlite3.connect(db)
    (seq, kind, at, created) = con.execute(
        "SELECT seq, type, at, body FROM tournament_events WHERE tournament_id = ?", (tid,)
    ).fetchone()
    first = chain_hash("", tid, seq, kind, at, created)
    head = chain_hash(first, tid, 2, "entries_added", at, body)
    con.execute(
        "INSERT INTO tournament_events (tournament_id, seq, type, at, body, hash)"
        " VALUES (?, 2, 'entries_added', ?, ?, ?)",
        (tid, at, body, head),
    )
    con.execute("UPDATE tournaments SET head_seq = 2, head_hash = ? WHERE tournament_id = ?", (head, tid))
    con.commit()
    con.close()
    return tid
