"""The lag and break panels on the real window: who breaks, the lag faults, what Enter will record,
the FFB announcement by key."""

from __future__ import annotations

from referee_app.game.vocab import LagFault, Pocket, Seat
from tests.gui.conftest import Desk


def test_o_lets_the_opponent_break_and_digits_tick_the_lag_faults(desk: Desk) -> None:
    """`O` did nothing (a language switch or the first label replaced its shortcut)."""
    desk.start()
    desk.key("O")
    assert desk.widget("lagOpponentBreaks").isChecked()  # type: ignore[attr-defined]
    desk.key("4")  # the fourth fault box: touched a side rail
    assert desk.widget("lagFault_side_rail").isChecked()  # type: ignore[attr-defined]
    assert desk.text("lagFault_side_rail").endswith("[4]")
    desk.key("B")  # B won the lag and lets A break; A's lag touched a side rail
    lag = desk.session.history.entries[-1].event
    assert (lag.winner, lag.breaker) == (Seat.B, Seat.A)
    assert lag.faults == ((Seat.A, (LagFault.SIDE_RAIL,)),)


def test_a_relag_clears_the_fault_boxes(desk: Desk) -> None:
    """The box stayed ticked for the next lag, charged to whoever lost it."""
    desk.start()
    desk.key("4")
    desk.key("R")
    assert not desk.widget("lagFault_side_rail").isChecked()  # type: ignore[attr-defined]
    desk.key("A")
    assert desk.session.history.entries[-1].event.faults == ()


def test_o_still_works_after_the_labels_are_set_again(desk: Desk) -> None:
    """What a language switch does to the panel: every label set again (a plain shortcut was lost)."""
    desk.start()
    desk.page.lag_panel.retranslate()
    desk.key("O")
    assert desk.widget("lagOpponentBreaks").isChecked()  # type: ignore[attr-defined]


def test_the_break_panel_says_what_enter_will_record(desk: Desk) -> None:
    """Findings 1, 19, 20: a foul break went in without a word; the count of balls to a cushion
    started at the legal 4 with nothing to show it was never counted."""
    desk.start(rules="ffb")
    desk.key("A")
    rails = desk.widget("breakRails")
    assert "border" in rails.styleSheet()  # not counted yet: outlined
    assert desk.text("breakPreview").startswith("Balls to a cushion not counted")
    desk.key("[")  # 3 balls to a cushion
    assert "border" not in rails.styleSheet()
    assert desk.text("breakPreview") == (
        "Enter records a foul break: only 3 balls to a cushion, FFB needs 4. "
        "Ben to shoot, ball in hand anywhere on the table."
    )
    desk.key("]")
    desk.key("C")  # the cue ball in a pocket: the panel says so before Enter
    assert desk.text("breakPreview").startswith("Enter records a foul break: scratch.")
    desk.key("Return")
    assert desk.state.at_table is Seat.B and desk.state.fouls[Seat.A] == 1


def test_the_ffb_announcement_has_keys(desk: Desk) -> None:
    """The 10 announced on the break needed the mouse."""
    desk.start(rules="ffb")
    desk.key("B")
    desk.key("0")
    assert desk.window.desk_page.break_panel.announce_dialog.isVisible()
    desk.key("E")  # the foot-left pocket, on the same key as on the shot panel
    assert desk.widget("breakAnnounce").currentData() == "FL"
    desk.key("]")
    assert "10 announced in FL" not in desk.text("breakPreview")  # the preview is the outcome, not the event
    desk.key("Return")
    assert desk.session.history.entries[-1].event.call.pocket is Pocket.FL
