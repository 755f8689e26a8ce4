"""The Matches page on a database too big to read in a blink: off the GUI thread, with Cancel.

The database is generated (bench/synthetic.py's season: finished matches of 272 events);
while the page reads it, merges into it or exports it, a timer on the GUI thread must keep
firing (the window answers), the progress bar shows, and the result is the same as the
small, inline path gives.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from referee_desk.organizer.matches_page import INLINE

from bench.heartbeat import Heartbeat
from bench.synthetic import season
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the organizer at a season's size

BIG = INLINE * 2


@pytest.fixture(scope="module")
def big_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("season")
    [db] = season(folder, BIG, tables=1)
    return db


def _desk_on(desk: Desk, db: Path) -> None:
    from referee_app.log.store import Store

    desk.window.controller.attach(Store(db))


def test_a_big_list_loads_off_the_gui_thread_and_the_window_answers(desk: Desk, big_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "big.db"
    shutil.copy(big_db, db)
    _desk_on(desk, db)
    page = desk.window.matches
    beat = Heartbeat()
    desk.window.show_start()
    assert page.task is not None and page.progress.isVisible() and page.cancel_button.isVisible()
    desk.qtbot.waitUntil(lambda: page.task is None, timeout=60_000)
    beat.stop()
    assert page.row_count() == BIG and not page.progress.isVisible()
    assert beat.longest < 0.5, f"the window froze for {beat.longest * 1000:.0f} ms"
    assert {page.row_text(i, 0) for i in range(BIG)} == {"finished"}


def test_a_big_list_is_kept_out_of_the_collectors_passes(desk: Desk, big_db: Path, tmp_path: Path) -> None:
    """The season's summaries live as long as the list: read with the collector paused, then frozen,
    so no later pass (in whatever thread runs it, holding the GIL) walks them again."""
    import gc

    db = tmp_path / "big.db"
    shutil.copy(big_db, db)
    _desk_on(desk, db)
    page = desk.window.matches
    frozen = gc.get_freeze_count()
    desk.window.show_start()
    desk.qtbot.waitUntil(lambda: page.task is None, timeout=60_000)
    assert page.row_count() == BIG and gc.isenabled()
    assert gc.get_freeze_count() - frozen >= 3 * BIG  # each summary, its index row and its projection


def test_cancel_stops_the_reading_and_says_so(desk: Desk, big_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "big.db"
    shutil.copy(big_db, db)
    _desk_on(desk, db)
    page = desk.window.matches
    desk.window.show_start()
    desk.click("cancelButton")
    desk.qtbot.waitUntil(lambda: page.task is None, timeout=60_000)
    assert page.notice.text().startswith("Reading the matches stopped: stopped after ")
    assert page.notice.property("level") == "info"


def test_a_big_merge_and_export_run_off_the_gui_thread(
    desk: Desk, big_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    organizer = tmp_path / "organizer.db"
    _desk_on(desk, organizer)
    page = desk.window.matches
    desk.window.show_start()
    monkeypatch.setattr(page, "choose_databases", lambda: [big_db])
    beat = Heartbeat()
    desk.click("mergeButton")
    assert page.task is not None and page.progress.isVisible()
    desk.qtbot.waitUntil(lambda: page.task is None and page.row_count() == BIG, timeout=120_000)
    beat.stop()
    assert f"{big_db.name}: {BIG} added, 0 already here, 0 in conflict" in page.notice.text()
    assert beat.longest < 0.5, f"the window froze for {beat.longest * 1000:.0f} ms"
    desk.window.match_list.selectAll()
    monkeypatch.setattr(page, "choose_folder", lambda: tmp_path / "csv")
    desk.click("exportCsvButton")
    desk.qtbot.waitUntil(lambda: page.task is None, timeout=60_000)
    with (tmp_path / "csv" / "matches.csv").open(encoding="utf-8-sig") as handle:
        assert len(list(csv.DictReader(handle))) == BIG
    assert page.notice.text() == f"2 files written to {tmp_path / 'csv'}"


def test_a_small_merge_runs_off_the_gui_thread_while_the_window_answers(
    desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a merge of a few matches replays each of them: the page's event loop must go on meanwhile.
    The merge waits for a timer of the GUI thread to fire, which it can only do if the loop runs."""
    import threading

    from PySide6.QtCore import QTimer

    from referee_app.organizer import operations

    (tmp_path / "table").mkdir()
    [other] = season(tmp_path / "table", 3, tables=1)
    _desk_on(desk, tmp_path / "organizer.db")
    page = desk.window.matches
    desk.window.show_start()
    monkeypatch.setattr(page, "choose_databases", lambda: [other])
    answered, merge_all = threading.Event(), operations.merge_all

    def merge_once_the_window_answered(*args, **kwargs):  # type: ignore[no-untyped-def]
        assert answered.wait(5), "the GUI thread's timer did not fire while the merge ran"
        return merge_all(*args, **kwargs)

    monkeypatch.setattr(operations, "merge_all", merge_once_the_window_answered)
    QTimer.singleShot(20, answered.set)
    desk.click("mergeButton")
    assert page.task is not None and page.progress.isVisible() and page.cancel_button.isVisible()
    desk.qtbot.waitUntil(lambda: page.task is None, timeout=30_000)
    assert f"{other.name}: 3 added, 0 already here, 0 in conflict" in page.notice.text()
    assert page.row_count() == 3 and not page.progress.isVisible()
