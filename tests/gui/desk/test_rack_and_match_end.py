"""The end of a rack and of the match on the real window: said until the next break, the winner marked,
the sheet and the next match offered, the clock off."""

from __future__ import annotations

from referee_app.game.vocab import Seat
from tests.gui.conftest import Desk


def test_the_end_of_a_rack_is_said_until_the_next_break(desk: Desk) -> None:
    """The desk went straight to the next break panel, saying nothing."""
    desk.start(race_to=2)
    desk.key("A")
    desk.run_rack()
    prompt = desk.text("promptLine")
    assert prompt.startswith("Rack 1 to Ana (called 10), 1–0.") and "Ben to break" in prompt
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")  # the next break is entered: the announcement has done its job
    assert "Rack 1" not in desk.text("promptLine")


def test_the_match_end_puts_the_winners_score_first_and_offers_the_sheet_and_the_next_match(desk: Desk) -> None:
    """The winner's score comes first (it said "wins the match 1–3"), and the sheet and the next match are offered."""
    desk.start(race_to=1)
    desk.key("B")
    desk.run_rack()
    assert desk.text("finishedResult") == "Ben wins the match 1–0 (race won)."
    assert desk.state.score.a == 0
    desk.look()  # the match end holds the keys a moment
    desk.key("P")
    preview = desk.page.preview
    assert preview.isVisible() and preview.objectName() == "printPreview"
    preview.reject()
    desk.key("N")
    assert desk.window.dialog is not None and desk.window.dialog.objectName() == "newMatchDialog"
    desk.window.dialog.reject()


def test_the_winner_is_marked_and_the_clock_is_off_at_the_match_end(desk: Desk) -> None:
    """The winner's card was not marked and "Start clock [K]" stayed live."""
    from referee_app.game.events import ShotClock

    desk.start(race_to=1, shot_clock=ShotClock())
    desk.key("B")
    desk.run_rack()
    cards = desk.page.scoreboard.cards
    assert cards[Seat.B].property("winner") == "true" and cards[Seat.A].property("winner") == "false"
    assert desk.text("turnB") == "★ winner" and desk.text("turnA") == ""
    assert not desk.button("clockStart").isEnabled()
