"""Killing the organizer's process mid-results loses nothing it acknowledged."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from referee_app.event.operations import open_tournament
from referee_app.log.store import Store
from referee_app.tournament.model import MatchStatus

WRITER = textwrap.dedent(
    """
    import json, sys
    from referee_app.log.store import Store
    from referee_app.event import operations
    from referee_app.tournament.model import Format, MatchStatus, Options

    store = Store(sys.argv[1])
    tid = operations.new_tournament(store, "Killed Open", Options(Format.DE, race=3))
    operations.add_entries(store, tid, "name\\n" + "\\n".join(f"P{i:02d}" for i in range(32)) + "\\n")
    operations.draw(store, tid, 7)
    operations.set_tables(store, tid, "1-8")
    while True:
        state = operations.open_tournament(store, tid).state
        slot = next(s for s in state.tournament.slots.values() if s.status is MatchStatus.PLAYING)
        line = json.dumps({"match": slot.spec.id, "winner": slot.a, "score": [3, 1]})
        operations.record_results(store, tid, [line])
        print("ok", slot.spec.id, flush=True)
    """
)


def test_a_kill_mid_results_keeps_every_acknowledged_result(tmp_path: Path) -> None:
    db = tmp_path / "organizer.db"
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert child.stdout is not None
    acknowledged = [child.stdout.readline().split()[1] for _ in range(12)]
    child.kill()  # SIGKILL; TerminateProcess on Windows
    child.wait()
    store = Store.open_readonly(db)
    try:
        t = open_tournament(store, "Killed Open").state.tournament
    finally:
        store.close()
    done = {m for m, s in t.slots.items() if s.status is MatchStatus.DONE}
    assert set(acknowledged) <= done
    assert len(done) <= len(acknowledged) + 1  # at most the one being written when the kill came


DRAWER = textwrap.dedent(
    """
    import sys
    from referee_app.log.store import Store
    from referee_app.event import operations
    from referee_app.tournament.model import Format, Options

    store = Store(sys.argv[1])
    entries = "name,rating\\n" + "".join(f"P{i:03d},{500 + i}\\n" for i in range(128))
    n = 0
    while True:
        n += 1
        tid = operations.new_tournament(store, f"Cup {n}", Options(Format.DE, race=5))
        operations.add_entries(store, tid, entries)
        operations.draw(store, tid, n)
        print("ok", tid, flush=True)
    """
)


def test_a_kill_mid_draw_keeps_every_acknowledged_draw_and_half_draws_none(tmp_path: Path) -> None:
    db = tmp_path / "organizer.db"
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, "-c", DRAWER, str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert child.stdout is not None
    acknowledged = [child.stdout.readline().split()[1] for _ in range(4)]
    child.kill()  # SIGKILL; TerminateProcess on Windows
    child.wait()
    store = Store.open_readonly(db)
    try:
        opened = {t.tournament_id: open_tournament(store, t.tournament_id).state for t in store.tournaments()}
    finally:
        store.close()
    for tid in acknowledged:
        t = opened[tid].tournament
        assert t.bracket is not None and len(t.entries) == 128
    for state in opened.values():  # the one being written when the kill came: whole or not drawn, never half
        t = state.tournament
        assert t.bracket is None or (len(t.entries) == 128 and all(e.seed for e in t.entries))
