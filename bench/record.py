"""Recording one event through the session vs a bare sqlite-utils insert + commit.

Both write to a real SQLite file with the same pragmas (WAL, synchronous=FULL),
one committed transaction per event, in step (a bare commit, then a recorded
event, and so on) so both meet the disk at the same moments. Prints both,
events per second, and ends with `ratio X target <= 1.25`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # not bench/: its click.py would shadow `click`

import sqlite_utils

from bench.synthetic import synthetic_events
from referee_app.log.codec import event_to_text
from referee_app.log.session import Session
from referee_app.log.store import Store, apply_pragmas

EVENTS = 1500
ROUNDS = 5


def _bare_table(path: Path) -> tuple[sqlite_utils.Database, sqlite_utils.db.Table]:
    db = sqlite_utils.Database(path)
    apply_pragmas(db)
    db.execute(
        "CREATE TABLE rows (match_id TEXT, seq INTEGER, type TEXT, at TEXT, body TEXT, PRIMARY KEY (match_id, seq))"
    )
    return db, db.table("rows")


def one_round(folder: Path, r: int, events: list, bodies: list[str]) -> tuple[float, float]:  # type: ignore[type-arg]
    """One match recorded both ways in step, event by event: each pair of commits meets the same
    disk (its flush times drift by tens of percent within a minute), so the ratio compares the work."""
    db, table = _bare_table(folder / f"bare{r}.db")
    session = Session.start(Store(folder / f"rec{r}.db"), events[0])
    bare = rec = 0.0
    clock = time.perf_counter
    for seq, (event, body) in enumerate(zip(events[1:], bodies, strict=True), start=2):
        t0 = clock()
        with db.atomic():
            table.insert({"match_id": "m", "seq": seq, "type": "shot", "at": "2026-01-01T00:00:00.000Z", "body": body})
        t1 = clock()
        session.record(event)
        t2 = clock()
        bare += t1 - t0
        rec += t2 - t1
    return bare, rec


def main() -> None:
    events = synthetic_events(100)[: EVENTS + 1]
    bodies = [event_to_text(e) for e in events[1:]]
    bare, rec = [], []
    with tempfile.TemporaryDirectory() as folder:
        for r in range(ROUNDS):
            b, s = one_round(Path(folder), r, events, bodies)
            bare.append(b)
            rec.append(s)
    b, s = statistics.median(bare), statistics.median(rec)
    n = len(bodies)
    print(f"events per round: {n}, rounds: {ROUNDS}, same pragmas (WAL, synchronous=FULL)")
    print(f"bare sqlite-utils insert + commit: {b / n * 1e6:7.1f} us/event ({n / b:,.0f} events/s)")
    print(f"session.record (check+append):     {s / n * 1e6:7.1f} us/event ({n / s:,.0f} events/s)")
    print(f"ratio {s / b:.2f} target <= 1.25")


if __name__ == "__main__":
    main()
