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

from referee_app.event import operations, session
from referee_app.log.store import Store
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
    assert window.shown.state is window.session.state  # nothing new since (the follower's read is shown)
    window.close()
    elsewhere.close()


def _row_status(window: TournamentWindow, match: str) -> str:
    table = window.results_page.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == match)
    return table.item(row, 6).text()


def test_a_move_from_elsewhere_draws_the_tab_in_view_first_and_a_tab_turned_to_at_once(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    """The phones move the tournament on every few seconds: the tab the organizer looks at is drawn
    with the read, the others one an event-loop turn after (the window answers a key between them),
    and a tab the organizer turns to before its turn is drawn before it is seen."""
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    organizer.drawn(8, seed=7, tables="1-4")
    window.go_to("bracket")
    playing = [m for m in shown_of(window)["matches"] if m["status"] == "playing"]
    elsewhere = Store(db)
    seen: list[tuple[bool, str, str, bool]] = []
    first, second = (str(m["id"]) for m in playing[:2])

    def look() -> tuple[bool, str, str, bool]:
        box = window.bracket_page.bracket.match_items()[first]
        scored = "7" in [c.text() for c in box.childItems() if hasattr(c, "text")]  # its racks drawn
        return scored, _row_status(window, first), _row_status(window, second), window.results_page in window.later

    def at_the_read() -> None:  # right after the window's own refresh (connected after it)
        seen.append(look())
        if len(seen) == 2:  # the second time, the organizer turns to the Results tab at once
            window.go_to("results")
            seen.append(look())

    window.session.changed.connect(at_the_read)
    for n, m in enumerate(playing[:2]):
        line = f'{{"match": "{m["id"]}", "winner": "{m["a"]}", "score": [7, {n}]}}'
        assert operations.record_results(elsewhere, window.session.tournament_id, [line]) == 1
        qtbot.waitUntil(lambda n=n: len(seen) >= n + 1)
        qtbot.waitUntil(lambda: not window.later)  # every tab drawn, a turn each
    # the bracket in view shows the result at the read; the Results tab is not drawn yet then
    assert seen[0] == (True, "playing", "playing", True)
    assert seen[1] == (True, "done", "playing", True)
    assert seen[2] == (True, "done", "done", False)  # turned to: drawn before it is seen
    window.close()
    elsewhere.close()


def test_a_move_from_elsewhere_keeps_the_result_the_organizer_is_typing(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    organizer.drawn(8, seed=7, tables="1-4")
    window.go_to("results")
    first, second = [m for m in shown_of(window)["matches"] if m["status"] == "playing"][:2]
    page = window.results_page
    assert page.pick_match(str(first["id"]))
    page.winner_choice.setCurrentIndex(1)  # half typed: B wins 7-5
    page.score_a.setValue(5)
    page.score_b.setValue(7)
    elsewhere = Store(db)
    line = f'{{"match": "{second["id"]}", "winner": "{second["a"]}", "score": [7, 1]}}'
    assert operations.record_results(elsewhere, window.session.tournament_id, [line]) == 1
    qtbot.waitUntil(lambda: _row_status(window, str(second["id"])) == "done")
    assert page.picked_match() is not None and page.picked_match().id == first["id"]  # type: ignore[union-attr]
    assert (page.winner_choice.currentText(), page.score_a.value(), page.score_b.value()) == (first["b"], 5, 7)
    window.close()
    elsewhere.close()
