"""Recording one event through the session vs a bare sqlite-utils insert + commit.

Both write to a real SQLite file with the same pragmas (WAL, synchronous=FULL),
one committed transaction per event. Prints both, events per second, and ends
with `ratio X target <= 1.25`.
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


def bare_inserts(path: Path, bodies: list[str]) -> float:
    db = sqlite_utils.Database(path)
    apply_pragmas(db)
    db.execute(
        "CREATE TABLE rows (match_id TEXT, seq INTEGER, type TEXT, at TEXT, body TEXT, PRIMARY KEY (match_id, seq))"
    )
    table = db.table("rows")
    t0 = time.perf_counter()
    for seq, body in enumerate(bodies, start=2):
        with db.atomic():
            table.insert({"match_id": "m", "seq": seq, "type": "shot", "at": "2026-01-01T00:00:00.000Z", "body": body})
    return time.perf_counter() - t0


def session_records(path: Path, events: list) -> float:  # type: ignore[type-arg]
    session = Session.start(Store(path), events[0])
    t0 = time.perf_counter()
    for event in events[1:]:
        session.record(event)
    return time.perf_counter() - t0


def main() -> None:
    events = synthetic_events(100)[: EVENTS + 1]
    bodies = [event_to_text(e) for e in events[1:]]
    bare, rec = [], []
    with tempfile.TemporaryDirectory() as folder:
        for r in range(ROUNDS):
            bare.append(bare_inserts(Path(folder) / f"bare{r}.db", bodies))
            rec.append(session_records(Path(folder) / f"rec{r}.db", events))
    b, s = statistics.median(bare), statistics.median(rec)
    n = len(bodies)
    print(f"events per round: {n}, rounds: {ROUNDS}, same pragmas (WAL, synchronous=FULL)")
    print(f"bare sqlite-utils insert + commit: {b / n * 1e6:7.1f} us/event ({n / b:,.0f} events/s)")
    print(f"session.record (check+append):     {s / n * 1e6:7.1f} us/event ({n / s:,.0f} events/s)")
    print(f"ratio {s / b:.2f} target <= 1.25")


if __name__ == "__main__":
    main()
