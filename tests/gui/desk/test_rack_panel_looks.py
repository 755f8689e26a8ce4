"""The rack panel as seen from the table: what the walkthrough found too faint to notice."""

from __future__ import annotations

from PySide6.QtGui import QColor

from referee_app.game.vocab import RackHow
from tests.gui.conftest import Desk
from tests.gui.desk.test_rack_scoring_on_the_desk import start_by_racks


def middle_colour(desk: Desk, name: str) -> QColor:
    """The colour the referee sees in the middle of a button, left of its words (painted, not a property)."""
    button = desk.button(name)
    image = button.grab().toImage()
    return image.pixelColor(6, image.height() // 2)


def test_a_way_chosen_for_the_next_rack_stands_out_in_yellow(desk: Desk) -> None:
    """Break-and-run pressed was grey on grey: from two metres nobody saw the next key would take it."""
    start_by_racks(desk, race_to=5)
    desk.click("lagWonA")
    plain = middle_colour(desk, "rackWay_break_and_run")
    desk.key("R")
    chosen = middle_colour(desk, "rackWay_break_and_run")
    assert chosen.red() > 200 and chosen.green() > 170 and chosen.blue() < 130, chosen.name()  # yellow
    assert abs(chosen.lightness() - plain.lightness()) < 80 and chosen.saturation() - plain.saturation() > 100
    assert desk.text("rackWay_break_and_run").startswith("✔ ")
    assert not desk.text("rackWay_three_fouls").startswith("✔")
    desk.key("F")  # one way at a time: the mark moves
    assert desk.text("rackWay_three_fouls").startswith("✔ ")
    assert middle_colour(desk, "rackWay_break_and_run").name() == plain.name()
    desk.key("A")  # the rack is taken with that way; the next one starts ordinary, and looks it
    assert desk.state.racks[-1].how is RackHow.THREE_FOULS
    assert middle_colour(desk, "rackWay_three_fouls").name() == plain.name()
    assert not desk.text("rackWay_three_fouls").startswith("✔")
