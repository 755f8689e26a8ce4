"""A rule preset added in the core alone plays on the desk.

The third preset lives in this test only: the new-match dialog lists it from the core's table and
the break panel offers what `allowed` says, with no change to ui/."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLineEdit

from referee_app.game.events import Break, Lag
from referee_app.game.presets import PRESETS
from referee_app.game.rules import LISTABLE_ON_BREAK, LISTABLE_ON_SHOT, allowed
from referee_app.game.state import PerSeat
from referee_app.game.vocab import RackHow
from tests.builders import TEN_WINS_ON_BREAK
from tests.gui.conftest import Desk


def _type(desk: Desk, name: str, text: str) -> None:
    line = desk.widget(name)
    assert isinstance(line, QLineEdit)
    QTest.keyClicks(line, text)


def test_a_preset_added_to_the_core_table_is_listed_and_played_on_the_desk(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PRESETS, TEN_WINS_ON_BREAK.name, TEN_WINS_ON_BREAK)
    desk.click("newMatchButton")
    desk.qtbot.waitUntil(lambda: desk.widget("newMatchDialog").isVisible(), timeout=2000)
    rules = desk.widget("newRules")
    assert isinstance(rules, QComboBox)
    listed = [rules.itemData(i) for i in range(rules.count())]
    assert listed == ["wpa", "ffb", TEN_WINS_ON_BREAK.name]
    assert rules.itemText(2) == TEN_WINS_ON_BREAK.title
    rules.setCurrentIndex(2)
    _type(desk, "newPlayerA", "Ana")
    _type(desk, "newPlayerB", "Ben")
    desk.click("newMatchButtonsOk")
    desk.qtbot.waitUntil(lambda: desk.window.controller.session is not None, timeout=2000)
    assert desk.state.setup.rules == TEN_WINS_ON_BREAK.name
    desk.key("A")  # Ana wins the lag and breaks
    assert isinstance(desk.session.history.entries[-1].event, Lag)
    # no announcement is offered under this preset, and the listable break fouls are the core's
    assert desk.widget("breakAnnounce").isHidden()
    shown = {f for f, b in desk.page.break_panel.fouls.items() if not b.isHidden()}
    assert shown == set(LISTABLE_ON_BREAK)
    desk.click("breakAddDropped")
    desk.click("droppedBall10")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")
    recorded = desk.session.history.entries[-1].event
    assert isinstance(recorded, Break) and recorded.call is None
    assert desk.state.score == PerSeat(1, 0) and desk.state.racks[0].how is RackHow.TEN_ON_BREAK
    assert "T10" in desk.text("matchHeader")
    desk.start()  # the window left on a match under a preset that outlives this test


def test_the_announcement_follows_the_preset(desk: Desk) -> None:
    desk.start(rules="ffb")
    desk.key("A")
    assert not desk.widget("breakAnnounce").isHidden()
    desk.start(rules="wpa")
    desk.key("A")
    assert desk.widget("breakAnnounce").isHidden()


def test_shot_fouls_offered_are_the_cores(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.key("]")  # 4 balls to a cushion
    desk.key("Return")  # a legal dry break
    shown = {f for f, b in desk.page.shot_panel.fouls.items() if not b.isHidden()}
    assert shown == set(LISTABLE_ON_SHOT) == set(allowed(desk.state).shot_fouls)
