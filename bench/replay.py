"""Replay a 1,000-rack match from SQLite vs only reading and JSON-decoding its rows.

Prints both timings, events per second, and ends with `ratio X target <= 2`.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # not bench/: its click.py would shadow `click`

from bench.synthetic import synthetic_entries
from referee_app.game.history import replay
from referee_app.log.codec import parse_event_text
from referee_app.log.store import Store

RACKS = 1000
RUNS = 15


def main() -> None:
    entries = synthetic_entries(RACKS)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        match_id = entries[0].event.match_id  # type: ignore[union-attr]
        store.create_match(entries[0])
        store.append_many(match_id, entries[1:])
        final = replay(store.load(match_id)).state
        assert final.rack == RACKS + 1 and not final.finished, "the synthetic match must replay to its end"

        def read_rows() -> None:
            # the rows whole, as the store keeps them (hash included since the log is chained)
            rows = store.db.execute(
                "SELECT seq, type, at, body, hash FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
            )
            for _seq, _kind, _at, body, _hash in rows:
                json.loads(body)

        def full_replay() -> None:
            parse_event_text.cache_clear()  # cold, as when a desk opens a match
            replay(store.load(match_id))

        base, full = [], []
        for _ in range(RUNS):
            for fn, out in ((read_rows, base), (full_replay, full)):
                t0 = time.perf_counter()
                fn()
                out.append(time.perf_counter() - t0)
    n = len(entries)
    b, f = statistics.median(base), statistics.median(full)
    info = parse_event_text.cache_info()
    print(f"events: {n} ({RACKS} racks); distinct event bodies decoded per replay: {info.misses}")
    print(f"read + json.loads rows: {b * 1000:.1f} ms  ({n / b:,.0f} events/s)")
    print(f"load + replay:          {f * 1000:.1f} ms  ({n / f:,.0f} events/s)")
    print(f"ratio {f / b:.2f} target <= 2")


if __name__ == "__main__":
    main()
