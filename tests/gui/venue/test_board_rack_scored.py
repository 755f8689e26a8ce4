"""The board window's row for a table scored by racks (phones, or a desk with no referee)."""

from __future__ import annotations

from typing import Any

from referee_app.game.state import PerSeat
from referee_app.game.vocab import Scoring, Seat, Status
from referee_app.venue.board import BoardView, MatchOnBoard, ServerState, TableRow


def on_table(table: str, scoring: Scoring) -> TableRow:
    match = MatchOnBoard(
        match_id=f"m{table}", players=("Éva Martin", "Dora Petit"), race_to=5, rules="wpa", score=PerSeat(4, 2),
        rack=7, status=Status.PLAYING, at_table=None if scoring is Scoring.RACKS else Seat.A, fouls=PerSeat(0, 1),
        warning_due=(), winner=None, event="Open de Lyon", round="Winners' round 1", last_at="", age_s=9, broken="",
        scoring=scoring,
    )  # fmt: skip
    return TableRow(table, False, match, (), None, 0, "", phones=scoring is Scoring.RACKS)


def test_a_table_scored_by_racks_shows_no_foul_count(qtbot: Any) -> None:
    """Walking the board: a phone table read "Fouls 0–0", as if fouls were counted; rack scoring records none."""
    from referee_desk.venue.board_window import BoardWindow

    window = BoardWindow("host=127.0.0.1 port=1 connect_timeout=1")
    qtbot.addWidget(window)
    window.bridge.changed.emit(
        BoardView(1, (on_table("3", Scoring.RACKS), on_table("4", Scoring.SHOTS)), ServerState.ONLINE)
    )
    grid = window.grid
    header = [grid.horizontalHeaderItem(c).text() for c in range(grid.columnCount())]
    fouls = header.index("Fouls")
    rows = {
        grid.item(r, 0).text(): grid.item(r, fouls).text() if grid.item(r, fouls) else ""
        for r in range(grid.rowCount())
    }
    assert rows == {"3": "", "4": "0–1"}  # the desk's referee counts fouls: still shown
    assert grid.item(0, 1).text() == "phones" and grid.item(0, 3).text() == "4–2"
