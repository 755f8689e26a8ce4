"""The tournament window follows a log another program moves on (the phones' server, the command
line) without replaying it on the GUI thread: a 64-player bracket takes a tenth of a second to
replay, and the phones move it on every few seconds (bench/phones.py measures the window's longest
block; this keeps the replay where it belongs)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store
from referee_app.tournament import operations, session
from referee_app.tournament.state import State
from tests.gui.tournament.test_storage import _organizer
from tests.gui.tournament.test_window import shown_of


def _status(window: TournamentWindow, match: str) -> str:
    return str(next(m for m in shown_of(window)["matches"] if m["id"] == match)["status"])


def test_a_result_written_elsewhere_is_replayed_on_a_worker_and_then_shown(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    organizer.drawn(8, seed=7, tables="1-4")
    first = next(m for m in shown_of(window)["matches"] if m["status"] == "playing")
    replayed_on: list[threading.Thread] = []
    replay = session.replay

    def watched(*args: Any) -> State:
        replayed_on.append(threading.current_thread())
        return replay(*args)

    elsewhere = Store(db)  # the phones' server, on the same database
    line = f'{{"match": "{first["id"]}", "winner": "{first["a"]}", "score": [7, 3]}}'
    assert operations.record_results(elsewhere, window.session.tournament_id, [line]) == 1
    monkeypatch.setattr(session, "replay", watched)  # from here on, only the window reads
    qtbot.waitUntil(lambda: _status(window, str(first["id"])) == "done")
    assert replayed_on and threading.main_thread() not in replayed_on
    assert organizer.notice().startswith("Shown again")
    assert window.reading is None and window.follow() is False  # nothing new since
    window.close()
    elsewhere.close()
