"""The tournament window keeps its tournament in the organizer's database: what it shows after a
restart is what the command line reads; an altered log is refused whole; several tournaments."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from referee_desk.tournament.window import TournamentWindow

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.show import show
from tests.gui.conftest import Desk
from tests.gui.tournament.test_window import Organizer, shown_of
from tests.tournament.crafted_entries import crafted_entries


def _organizer(qtbot, window: TournamentWindow, tmp_path: Path) -> Organizer:  # type: ignore[no-untyped-def]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    organizer = Organizer.__new__(Organizer)
    organizer.window, organizer.tmp_path, organizer.qtbot = window, tmp_path, qtbot
    return organizer


def test_the_desks_tournament_lives_in_its_database_and_reads_back_the_same(desk: Desk, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    QTest.keyClick(desk.window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window = desk.window.tournament_window
    assert window is not None
    organizer = _organizer(desk.qtbot, window, tmp_path)
    organizer.drawn(8, seed=99, tables="1-2")
    live = next(m for m in shown_of(window)["matches"] if m["status"] == "playing")
    assert window.results_page.pick_match(live["id"])
    window.results_page.record_result()
    shown = shown_of(window)
    window.close()

    store = Store(desk.db)
    (index,) = store.tournaments()
    assert index.name == "Open de Lyon"
    opened = operations.open_tournament(store, index.tournament_id)
    assert show(opened.state.tournament, index.tournament_id) == shown  # the same log, replayed elsewhere
    assert opened.state.tournament.results[live["id"]].ended_on is not None  # the FargoRate file's date
    capsys.readouterr()
    assert cli(["tournament", "show", "Open de Lyon", "--json", "--db", str(desk.db)]) == 0
    assert '"draw_seed": 99' in capsys.readouterr().out

    again = TournamentWindow(store=Store(desk.db))  # the app started again: the newest tournament opens
    _organizer(desk.qtbot, again, tmp_path)
    assert shown_of(again) == shown
    assert again.choice.currentText().startswith("Open de Lyon · ")
    again.results_page.undo()  # undo as for a match, kept in the database too
    assert operations.open_tournament(Store(desk.db), index.tournament_id).state.tournament.results == {}
    again.close()


def test_an_altered_tournament_is_refused_whole_and_a_new_one_offered(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    organizer.drawn(4, seed=1234)
    window.close()
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER tournament_events_append_only_update")
    con.execute("UPDATE tournament_events SET body = replace(body, '1234', '9999') WHERE seq = 3")
    con.commit()
    con.close()
    before = db.read_bytes()

    reopened = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, reopened, tmp_path)
    assert reopened.notice.text().startswith("This tournament cannot be opened:")
    assert "changed outside the app" in reopened.notice.text()
    assert reopened.session.state is None and reopened.tabs.currentWidget() is reopened.draw_page
    assert db.read_bytes() == before  # reading never writes
    reopened.close()


def test_two_tournaments_in_one_database_are_picked_from_the_corner(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    assert window.choice.currentText() == "New tournament…"
    organizer.create("Open de Lyon")
    window.choice.activated.emit(window.choice.findData(None))  # New tournament…
    assert window.session.state is None and window.draw_page.name_edit.text() == ""
    organizer.create("Coupe de Nice")
    names = [window.choice.itemText(i).split(" · ")[0] for i in range(window.choice.count())]
    assert names == ["Open de Lyon", "Coupe de Nice", "New tournament…"]
    window.choice.activated.emit(0)
    assert window.session.tournament is not None and window.session.tournament.name == "Open de Lyon"
    assert window.windowTitle() == "Tournament – Open de Lyon"
    window.close()


def _playing(window: TournamentWindow) -> list[dict[str, object]]:
    return [m for m in shown_of(window)["matches"] if m["status"] == "playing"]


def test_a_result_written_by_another_program_shows_in_the_open_window(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    organizer = _organizer(qtbot, window, tmp_path)
    organizer.drawn(8, seed=7, tables="1-4")
    first, second = _playing(window)[:2]
    elsewhere = Store(db)  # the command line, or a merged desk's result, on the same database
    line = f'{{"match": "{first["id"]}", "winner": "{first["a"]}", "score": [7, 3]}}'
    assert operations.record_results(elsewhere, window.session.tournament_id, [line]) == 1
    qtbot.waitUntil(lambda: next(m for m in shown_of(window)["matches"] if m["id"] == first["id"])["status"] == "done")
    assert organizer.notice().startswith("Shown again")
    assert window.shown.state is window.session.state  # nothing new since (the follower's read is shown)

    assert window.held is not None
    window.held.follower.stop()  # another write lands before the window looks: the organizer's next decision
    line = f'{{"match": "{second["id"]}", "winner": "{second["b"]}", "score": [2, 7]}}'
    assert operations.record_results(elsewhere, window.session.tournament_id, [line]) == 1
    third = next(m for m in _playing(window) if m["id"] not in (first["id"], second["id"]))
    assert window.results_page.pick_match(str(third["id"]))
    window.results_page.record_result()
    assert "changed elsewhere" in organizer.notice() and "Nothing was recorded" in organizer.notice()
    states = {m["id"]: m["status"] for m in shown_of(window)["matches"]}
    assert states[second["id"]] == "done" and states[third["id"]] == "playing"  # the other's shown, this one not kept
    stored = operations.open_tournament(Store(db), window.session.tournament_id).state.tournament.results
    assert set(stored) == {first["id"], second["id"]}
    assert window.results_page.pick_match(str(third["id"]))
    window.results_page.record_result()  # done again on the tournament as it now is: kept
    assert set(operations.open_tournament(Store(db), window.session.tournament_id).state.tournament.results) == {
        first["id"],
        second["id"],
        third["id"],
    }
    window.close()


def test_a_crafted_entry_list_the_csv_would_refuse_is_a_damaged_tournament(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "organizer.db"
    crafted_entries(db, [{"name": "Ann", "rating": float("nan")}, {"name": "Bob\x00", "rating": 500}])
    before = db.read_bytes()
    window = TournamentWindow(store=Store(db))
    _organizer(qtbot, window, tmp_path)
    assert window.notice.text().startswith("This tournament cannot be opened:")
    assert "event 2: rating nan is out of range" in window.notice.text()
    assert window.session.state is None
    assert db.read_bytes() == before
    window.close()
