"""Every operation that fails says why on the notice channel, at the right level.

Each organizer operation (export, merge, demo, print preview, statistics) is made to fail for real
(a damaged database, a folder that is a file, a broken seed); a bug is logged and shown as internal;
a refused event arrives as a refusal."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from referee_app.game.events import WarningGiven
from referee_app.game.vocab import Seat
from referee_app.log.store import Store
from tests.gui.conftest import Desk


def _damage(db: Path, match_id: str) -> None:
    """What a crafted or broken database holds: an event body that is not JSON."""
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER events_append_only_update")
    con.execute("UPDATE events SET body = '{not json' WHERE match_id = ? AND seq = 2", (match_id,))
    con.commit()
    con.close()


def _start_page_with_matches(desk: Desk) -> None:
    desk.window.show_start()
    desk.window.matches.match_list.selectAll()


def _notice(desk: Desk) -> tuple[str, str]:
    label = desk.widget("startNotice")
    return label.text(), label.property("level")  # type: ignore[attr-defined]


def test_export_into_a_folder_that_is_a_file_says_so_and_writes_nothing(
    desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk.start()
    not_a_folder = tmp_path / "sheets"
    not_a_folder.write_text("a file where the folder should be")
    _start_page_with_matches(desk)
    monkeypatch.setattr(desk.window.matches, "choose_folder", lambda: not_a_folder)
    desk.click("exportCsvButton")
    text, level = _notice(desk)
    assert level == "error"
    assert text.startswith("Export failed: ") and str(not_a_folder) in text
    assert not_a_folder.read_text() == "a file where the folder should be"


def test_a_damaged_match_is_reported_by_print_preview_and_statistics(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    match_id = desk.session.match_id
    _damage(desk.db, match_id)
    _start_page_with_matches(desk)
    desk.click("printPreviewButton")
    text, level = _notice(desk)
    assert level == "error" and text.startswith("Print preview failed:")
    assert f"match {match_id}: event 2 was changed outside the app" in text
    # statistics read the projection made when the match was recorded; one whose log must be
    # read again and cannot be is reported as not counted, never left out in silence
    con = sqlite3.connect(desk.db)
    con.execute("DELETE FROM projections WHERE match_id = ?", (match_id,))
    con.commit()
    con.close()
    desk.click("statsButton")
    text, level = _notice(desk)
    assert level == "error" and text.startswith("not counted: ") and "event 2 was changed" in text
    assert desk.window.matches.dialog is not None and desk.window.matches.dialog.isVisible()


def test_merging_a_file_that_is_not_a_database_is_an_error(
    desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "other-desk.db"
    other.write_text("this is not SQLite")
    desk.window.show_start()
    monkeypatch.setattr(desk.window.matches, "choose_databases", lambda: [other])
    desk.merge()
    text, level = _notice(desk)
    assert level == "error" and text.startswith("other-desk.db: not merged:")


def test_a_broken_demo_file_is_reported(desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "broken.jsonl").write_text('{"type": "match_started", "players": {"A": "Ana"}}\n')
    monkeypatch.setattr("referee_app.organizer.demo.SEEDS", seeds)
    desk.window.controller.attach(Store(tmp_path / "demo.db"))  # the demo matches load into the demo database
    desk.window.show_start()
    desk.click("demoButton")
    text, level = _notice(desk)
    assert level == "error"
    assert text.startswith("Loading the demo matches failed: line 1: field 'players': missing key 'B'")


def test_a_bug_in_an_operation_is_logged_and_shown_as_internal(
    desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    desk.start()
    _start_page_with_matches(desk)
    monkeypatch.setattr(desk.window.matches, "choose_folder", lambda: tmp_path)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in the exporter")

    monkeypatch.setattr("referee_app.organizer.exports.write_files", broken)
    with caplog.at_level(logging.ERROR, logger="referee_desk.desk.controller"):
        desk.click("exportJsonlButton")
    text, level = _notice(desk)
    assert (text, level) == ("Export failed: internal error (see the log).", "error")
    [record] = caplog.records
    assert record.exc_info is not None and "a bug in the exporter" in str(record.exc_info[1])


def test_a_refused_event_still_arrives_as_a_refusal(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.key("Return")
    assert not desk.window.controller.record(WarningGiven(player=Seat.A))
    assert desk.text("notice") == "Ana is not on two consecutive fouls: no warning is due."
    assert desk.widget("notice").property("level") == "refusal"


def _desk_started_on_demo(qtbot, tmp_path: Path, seeds: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The desk as `referee-app --demo` starts it, with the demo matches looked for in `seeds`."""
    from PySide6.QtCore import QSettings
    from referee_desk.app import build_desk, parse_args

    monkeypatch.setattr("referee_app.organizer.demo.SEEDS", seeds)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = build_desk(parse_args(["--demo", "--db", str(tmp_path / "demo.db")]), settings)
    qtbot.addWidget(window)
    return window


def test_the_desk_started_on_a_broken_demo_opens_and_says_why(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "broken.jsonl").write_text('{"type": "note", "text": "no match_started"}\n')
    notice = _desk_started_on_demo(qtbot, tmp_path, seeds, monkeypatch).matches.notice
    assert notice.property("level") == "error"
    assert notice.text() == "Loading the demo matches failed: line 1: the first event must be match_started"


def test_the_desk_says_when_the_demo_matches_are_not_installed(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "no-seeds"
    empty.mkdir()
    notice = _desk_started_on_demo(qtbot, tmp_path, empty, monkeypatch).matches.notice
    assert notice.property("level") == "error"
    assert notice.text() == f"Loading the demo matches failed: the demo matches are not installed (looked in {empty})"


def test_the_desk_as_started_says_and_logs_anything_uncaught_even_while_relabelling(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    """`referee-app` itself installs the hooks (not only the tests); an error while the window relabels
    itself for another language is said too, instead of taking Qt's event delivery down."""
    import sys
    import threading

    from PySide6.QtWidgets import QApplication, QLabel
    from referee_desk import app as desk_app

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)  # the window is built and shown, no event loop
    built: list[object] = []
    real_build = desk_app.build_desk
    monkeypatch.setattr(desk_app, "build_desk", lambda *a, **k: built.append(real_build(*a, **k)) or built[-1])
    assert desk_app.run_desk(["--db", str(tmp_path / "matches.db")]) == 0
    (window,) = built
    qtbot.addWidget(window)
    assert sys.excepthook.__qualname__.startswith("install_excepthooks")

    def boom() -> None:
        raise RuntimeError("a label that cannot be made")

    monkeypatch.setattr(window, "retranslate", boom)
    window.set_language("fr")
    said = "Un problème est survenu\u00a0: a label that cannot be made (voir le journal)."  # in the new language
    qtbot.waitUntil(lambda: any(said in label.text() for label in window.findChildren(QLabel)))
    assert any(r.exc_info and "uncaught" in r.getMessage() for r in caplog.records)
    window.set_language("en")
