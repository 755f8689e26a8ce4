"""The rack panel as seen from the table: what the walkthrough found too faint to notice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


LONG_A, LONG_B = "Maximilien Delacroix-Beaumont", "Anne-Sophie Vandenberghe-Lefevre"  # typed with QTest: ASCII


def widest_line(button: Any, text: str) -> int:
    return max(button.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))


def test_long_names_are_shortened_on_the_big_buttons_never_cut_at_both_ends(desk: Desk, tmp_path: Path) -> None:
    """In French on a 1366 × 768 laptop the rack buttons read "aximilien Delacroix-Beaumo": now the
    name is shortened at its end (…), the words and the key stay whole, and the text is unchanged."""
    desk.window.resize(1366, 740)
    start_by_racks(desk, race_to=2, names=(LONG_A, LONG_B))
    lag = desk.button("lagWonA")
    assert widest_line(lag, lag.painted_text()) <= lag.width()
    desk.click("lagWonB")
    for seat, name in (("A", LONG_A), ("B", LONG_B)):
        button = desk.button(f"rackWon{seat}")
        assert desk.text(f"rackWon{seat}") == f"{name}\nwon the rack [{seat}]"  # the text itself, whole
        painted = button.painted_text()
        assert widest_line(button, desk.text(f"rackWon{seat}")) > button.width()  # the case: too wide
        assert widest_line(button, painted) <= button.width() - 2 * button.fontMetrics().horizontalAdvance("M")
        first, second = painted.split("\n")
        assert first.endswith("…") and name.startswith(first[:-1]) and len(first) > 8  # still their name
        assert second == f"won the rack [{seat}]"
    assert desk.page.grab().save(str(tmp_path / "long-names.png"))
    for winner in ("B", "B"):
        desk.look()
        desk.key(winner)
    sign = desk.button("signA")
    assert desk.text("signA") == f"{LONG_A} signs the result [Shift+A]"
    assert sign.painted_text().endswith(" signs the result [Shift+A]")  # the key is never the part cut
    assert widest_line(sign, sign.painted_text()) <= sign.width()
