"""Organizer scale: 64 table databases holding a season of matches, merged, listed, counted, exported.

Builds 64 table databases (10,000 matches of 272 events in all, half with a shot clock) and
a smaller set of 1,280, then prints each figure against its baseline measured in the same run:
- Matches page open vs a bare QTableView filled from one SQL query;
- the longest time the GUI thread is blocked while the page opens, filters and merges;
- merge of the 64 databases vs the work it cannot avoid: reading, checking, replaying and tallying
  every incoming log, plus SQL `INSERT ... SELECT` of the same rows, database by database in step
  (`merge_floor_ratio`, target <= 1.3); re-merge (nothing new) vs the `INSERT ... SELECT` alone;
- `stats` and the CSV export vs reading and decoding every event row;
- peak memory of stats + CSV at 10,000 matches vs at 1,280 (each in its own process).
Ends with `page_ratio N gui_block_ms N merge_floor_ratio N remerge_ratio N stats_ratio N csv_ratio N
memory_growth N`. Usage: bench/season.py [MATCHES] (10,000 by default).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.synthetic import TABLES, season
from referee_app.log.merge import MergeReport, merge
from referee_app.log.projection import replay_and_project
from referee_app.log.store import Store


def timed(fn, *args):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t0, result


def _insert_select_one(con: sqlite3.Connection, path: Path) -> float:
    t0 = time.perf_counter()
    con.execute("ATTACH ? AS other", (str(path),))
    with con:
        con.execute("INSERT OR IGNORE INTO matches SELECT * FROM other.matches")
        con.execute("INSERT OR IGNORE INTO events SELECT * FROM other.events")
    con.execute("DETACH other")
    return time.perf_counter() - t0


def merge_and_floor(paths: list[Path], folder: Path) -> tuple[float, float, float, list[MergeReport]]:
    """Merge every database into `folder/organizer.db`, each just after the work its merge cannot
    avoid (INSERT ... SELECT of its rows; reading, replaying and tallying its logs), in step: this
    machine's speed drifts by a fifth over the minutes each would take in a row, and the merge
    ratio read 1.12 to 1.57 for the same code. Returns (merge, INSERT ... SELECT, checking) seconds
    and the merge reports."""
    target = folder / "sql.db"
    Store(target).close()  # our schema and pragmas
    con = sqlite3.connect(target)
    con.execute("PRAGMA synchronous = FULL")
    organizer = folder / "organizer.db"
    merging = baseline = checking = 0.0
    reports = []
    for path in paths:
        baseline += _insert_select_one(con, path)
        checking += replay_and_tally([path])
        elapsed, report = timed(merge, Store(organizer), path)
        merging += elapsed
        reports.append(report)
    con.close()
    return merging, baseline, checking, reports


def replay_and_tally(paths: list[Path]) -> float:
    """What a merge cannot avoid besides copying rows: read and check every incoming log (its chain
    and bodies), replay it through the rules and tally it (one walk, as merge does)."""
    t0 = time.perf_counter()
    for path in paths:
        other = Store.open_readonly(path)
        for row in other.match_rows():
            replay_and_project(other.load(row.match_id))
        other.close()
    return time.perf_counter() - t0


def read_and_decode(db: Path) -> float:
    """Floor for statistics and exports: read every event row and decode its JSON."""
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    t0 = time.perf_counter()
    for (body,) in con.execute("SELECT body FROM events"):
        json.loads(body)
    elapsed = time.perf_counter() - t0
    con.close()
    return elapsed


CHILD = """
import resource, sys, time
sys.path[0] = sys.argv[1]
from pathlib import Path
from referee_app.log import stats
from referee_app.organizer.exports import write_csv
from referee_app.log.store import Store
store = Store.open_readonly(Path(sys.argv[2]))
t0 = time.perf_counter()
per_match = [s.projection.figures((s.match.player_a, s.match.player_b)) for s in store.iter_summaries()]
rows = stats.add_up(per_match)
t1 = time.perf_counter()
write_csv(store.iter_summaries(), Path(sys.argv[3]))
t2 = time.perf_counter()
print(t1 - t0, t2 - t1, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def stats_and_csv(db: Path, out: Path) -> tuple[float, float, float]:
    """Seconds for stats, seconds for the CSVs, and peak MiB, in a process of their own."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(Path(__file__).resolve().parents[1]), str(db), str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    stats_s, csv_s, peak = (float(x) for x in done.stdout.split())
    return stats_s, csv_s, peak


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small_dir, big_dir = folder / "small", folder / "big"
        small_dir.mkdir()
        big_dir.mkdir()
        t0 = time.perf_counter()
        small, big = season(small_dir, 1_280), season(big_dir, matches)
        print(f"built {TABLES} + {TABLES} table databases ({1_280} and {matches} matches) "
              f"in {time.perf_counter() - t0:.0f} s")  # fmt: skip

        merge_s, baseline, checking, reports = merge_and_floor(big, folder)
        floor_merge = baseline + checking
        organizer = folder / "organizer.db"
        assert sum(len(r.added) for r in reports) == matches
        remerge_s, again = timed(lambda: [merge(Store(organizer), p) for p in big])
        assert sum(len(r.already_here) for r in again) == matches
        print(f"merge {TABLES} databases: {merge_s:.2f} s;  re-merge, nothing new: {remerge_s:.2f} s;  "
              f"INSERT ... SELECT of the same rows: {baseline:.2f} s;  reading, replaying and tallying every "
              f"incoming log: {checking:.2f} s")  # fmt: skip

        small_org = folder / "organizer-small.db"
        for p in small:
            merge(Store(small_org), p)
        floor = read_and_decode(organizer)
        stats_s, csv_s, peak_big = stats_and_csv(organizer, folder / "csv-big")
        _, _, peak_small = stats_and_csv(small_org, folder / "csv-small")
        print(f"reading and decoding every event row: {floor:.2f} s;  stats: {stats_s:.2f} s;  CSV: {csv_s:.2f} s")
        print(f"peak memory, stats + CSV: {peak_small:.0f} MiB at 1,280 matches, {peak_big:.0f} MiB at {matches}")
        page_ratio, gui_block_ms = gui_figures(organizer, big[:4])
        print(
            f"page_ratio {page_ratio:.2f} gui_block_ms {gui_block_ms:.0f} "
            f"merge_floor_ratio {merge_s / floor_merge:.2f} remerge_ratio {remerge_s / baseline:.2f} "
            f"stats_ratio {stats_s / floor:.2f} csv_ratio {csv_s / floor:.2f} memory_growth {peak_big / peak_small:.2f}"
        )


def gui_figures(organizer: Path, to_merge: list[Path]) -> tuple[float, float]:
    """(Matches page open / bare QTableView, longest GUI-thread block in ms); see bench/season_gui.py."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("season_gui.py")), str(organizer), *map(str, to_merge)],
        capture_output=True,
        text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
        return float("nan"), float("nan")
    print(done.stdout.strip().splitlines()[0])
    page, block = done.stdout.strip().splitlines()[-1].split()
    return float(page), float(block)


if __name__ == "__main__":
    main()
