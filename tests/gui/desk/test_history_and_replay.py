"""The desk's history and replay: local times, rack separators, long lines wrapped, the prompt naming
the foul, a replay that fits a laptop screen."""

from __future__ import annotations

import re

from tests.gui.conftest import Desk


def test_each_history_line_shows_its_local_time(desk: Desk) -> None:
    """No event carried a time, so a protest could not say when the warning was given."""
    import re

    from referee_app.words.localtime import local_hm

    desk.start()
    desk.key("A")
    first = desk.page.history.item(0).text()
    assert re.match(r"^1\. \d\d:\d\d Match: Ana v Ben", first)
    assert first.split()[1] == local_hm(desk.session.history.entries[0].at)


def test_the_history_separates_racks_and_strikes_a_separator_with_its_event(desk: Desk) -> None:
    """Nothing separated one rack from the next in the desk's history."""
    desk.start(race_to=3)
    desk.key("A")
    desk.run_rack()
    lines = desk.page.history.lines()
    assert lines[-1] == "   —— Rack 1 to Ana (called 10): 1–0 ——"
    assert lines[-2].endswith("Ana: 10 in FL, made")
    last = desk.session.history.entries[-1].seq
    desk.key("Backspace")  # the rack-winning 10 is undone: its separator is struck with it
    desk.click("undoQuestionYes")  # the undo changes the score: the desk asks first
    rows = desk.page.history
    separator = next(rows.item(r) for r in range(rows.count()) if rows.item(r).text().startswith("   —— Rack 1"))
    assert rows.is_struck(last) and separator.font().strikeOut()


def test_the_replay_fits_a_laptop_screen_and_follows_the_rack(desk: Desk) -> None:
    """The window ran off a 768-px screen; the rack combo said "Rack 1" on rack 2; no times."""
    from PySide6.QtWidgets import QComboBox, QSlider

    desk.start(race_to=3)
    desk.key("A")
    desk.run_rack()
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")
    desk.window.open_replay()
    dialog = desk.window.dialog
    assert dialog is not None
    room = dialog.screen().availableGeometry()
    assert room.contains(dialog.frameGeometry()) or dialog.frameGeometry().bottom() <= room.bottom()
    assert dialog.height() <= room.height() - 48
    rack, slider = dialog.findChild(QComboBox, "replayRack"), dialog.findChild(QSlider, "replaySlider")
    assert rack.currentText() == "Rack 2"  # the last event is rack 2's break
    slider.setValue(3)
    assert rack.currentText() == "Rack 1"
    assert re.match(r"^4\. \d\d:\d\d ", desk.text("replayEvent"))  # seq, then the local time
    dialog.reject()


def test_the_prompt_names_the_foul_and_a_long_history_line_wraps(desk: Desk) -> None:
    """Item 1 (seen under Xvfb in French): the foul line ran past the history's edge, and the prompt
    said what follows a foul but not which foul it was."""
    desk.start(rules="ffb")
    desk.key("A")
    desk.key("[")
    desk.key("C")
    desk.key("Return")
    assert desk.text("promptLine") == (
        "Foul by Ana: scratch, only 3 balls to a cushion, FFB needs 4. "
        "Ben to shoot, ball in hand anywhere on the table."
    )
    history = desk.page.history
    history.resize(220, history.height())  # narrower than the foul line
    desk.qtbot.wait(10)
    item = history.item(history.count() - 1)
    one_line = history.fontMetrics().lineSpacing()
    assert history.visualItemRect(item).height() >= 2 * one_line
    assert history.horizontalScrollBar().maximum() == 0  # nothing hidden past the edge
    desk.key("X")  # Ben plays a safety: the foul is no longer the news
    assert not desk.text("promptLine").startswith("Foul")
