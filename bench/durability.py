"""Durability under SIGKILL, more times than the test does: a `referee-app record` child is
killed at random moments; every event it acknowledged must be in the database afterwards.

Prints the kills, the events acknowledged, the losses (must be 0) and the integrity checks;
last line: `lost X target <= 0`.
"""

from __future__ import annotations

import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

from tests.game.test_durability import _record_and_kill

from referee_app.game.events import MatchStarted
from referee_app.log.codec import dumps, event_to_json
from referee_app.log.session import Session
from referee_app.log.store import Store
from tests.game.play_ahead import play_ahead

KILLS = 300


def main() -> None:
    rnd = random.Random(7)
    acked_total = lost = checks = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "m.db"
        match_id = Session.start(Store(db), MatchStarted(players=("Ana", "Ben"), race_to=99)).match_id
        for round_no in range(KILLS):
            state = Session(Store(db), match_id).state
            lines = [dumps(event_to_json(e)) for e in play_ahead(state, 60, seed=1000 + round_no)]
            acked = _record_and_kill(db, match_id, lines, rnd.randint(0, len(lines) - 1), rnd.uniform(0, 0.004))
            acked_total += len(acked)
            raw = sqlite3.connect(db)
            checks += raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            stored = {seq for (seq,) in raw.execute("SELECT seq FROM events WHERE match_id = ?", (match_id,))}
            raw.close()
            lost += len(set(acked) - stored)
            Session(Store(db), match_id)  # reopens and replays
        events = len(stored)
    print(
        f"kills: {KILLS} in {time.perf_counter() - t0:.0f} s; events acknowledged: {acked_total}; in the log: {events}"
    )
    print(f"integrity_check ok: {checks}/{KILLS}; every reopen replayed")
    print(f"lost {lost} target <= 0")


if __name__ == "__main__":
    main()
