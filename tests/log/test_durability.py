"""A recording process killed with SIGKILL loses nothing it acknowledged."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from referee_app.game.events import MatchStarted
from referee_app.log.codec import dumps, event_to_json
from referee_app.log.session import Session
from referee_app.log.store import Store
from tests.game.play_ahead import play_ahead
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # a writer SIGKILLed at random moments, 50 times

KILLS = 50


def _record_and_kill(db: Path, match_id: str, lines: list[str], after_acks: int, delay: float) -> list[int]:
    """Feed `lines` to `referee-app record`; SIGKILL it `delay` s after `after_acks` acks; return the acked seqs."""
    child = subprocess.Popen(
        [sys.executable, "-m", "referee_app", "record", "--db", str(db), "--match", match_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    acked: list[int] = []

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            assert not line.startswith("refused"), line
            acked.append(int(line.split()[1]))

    reader = threading.Thread(target=read)
    reader.start()

    def feed() -> None:
        assert child.stdin is not None
        try:
            for line in lines:
                child.stdin.write(line + "\n")
                child.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    feeder = threading.Thread(target=feed)
    feeder.start()
    eventually(  # asked every millisecond: the kill is to fall at a random moment mid-stream
        lambda: len(acked) >= after_acks or child.poll() is not None,
        f"{after_acks} events acknowledged",
        20,
        every=0.001,
    )
    time.sleep(delay)
    child.kill()  # SIGKILL; TerminateProcess on Windows
    child.wait()
    feeder.join()
    reader.join()
    return acked


def test_sigkill_at_random_moments_loses_no_acknowledged_event(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    session = Session.start(Store(db), MatchStarted(players=("Ana", "Ben"), race_to=99))
    match_id = session.match_id
    rnd = random.Random(20261129)
    acked_total = 0
    cut_short = 0
    for round_no in range(KILLS):
        state = Session(Store(db), match_id).state
        events = play_ahead(state, 80, seed=round_no)
        lines = [dumps(event_to_json(e)) for e in events]
        acked = _record_and_kill(db, match_id, lines, rnd.randint(0, len(lines) - 1), rnd.uniform(0, 0.004))
        acked_total += len(acked)
        cut_short += len(acked) < len(lines)
        raw = sqlite3.connect(db)
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = {seq for (seq,) in raw.execute("SELECT seq FROM events WHERE match_id = ?", (match_id,))}
        raw.close()
        assert set(acked) <= stored, f"round {round_no}: acknowledged but lost: {set(acked) - stored}"
        reopened = Session(Store(db), match_id)  # replays without a refusal
        assert reopened.history.next_seq == max(stored) + 1
    assert acked_total > KILLS  # the children really recorded between kills
    assert cut_short > KILLS // 2  # and most were killed mid-stream
