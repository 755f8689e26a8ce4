"""The Matches page's columns and the statistics dialog, checked against a match scored by hand."""

from __future__ import annotations

from PySide6.QtCore import Qt

from referee_app.game.vocab import Seat
from tests.gui.conftest import Desk


def test_the_matches_page_shows_winner_table_and_referee(desk: Desk) -> None:
    """No Table, Referee, Winner or finish time columns; the round folded into the event."""
    from referee_app.game.events import Concede

    desk.start(table="7", referee="Claire Dubois", round="Final")
    desk.key("A")
    desk.window.controller.record(Concede(player=Seat.A))
    desk.window.show_start()
    page = desk.window.matches
    headers = [page.model.headerData(c, Qt.Orientation.Horizontal) for c in range(page.model.columnCount())]
    row = {header: page.row_text(0, c) for c, header in enumerate(headers)}
    assert {k: row[k] for k in ("Winner", "Round", "Table", "Referee")} == {
        "Winner": "Ben",
        "Round": "Final",
        "Table": "7",
        "Referee": "Claire Dubois",
    }
    assert row["Finished"] and row["Finished"] >= row["Started"]  # local time, when the match ended


def test_statistics_recount_a_hand_scored_match_sort_and_export(desk: Desk, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A match scored by hand from its transcript, the dialog's figures equal
    to it, sortable as numbers, and the same figures in the CSV it exports."""
    import csv
    from pathlib import Path

    from PySide6.QtWidgets import QFileDialog

    example = Path(__file__).resolve().parents[2] / "examples" / "03-three-fouls-warned.jsonl"
    from referee_app.cli.main import main as cli

    assert cli(["import", str(example), "--db", str(desk.db)]) == 0
    desk.window.show_start()
    page = desk.window.matches
    page.show_stats()
    dialog = page.dialog
    table = dialog.table  # type: ignore[union-attr]
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    figures = {
        table.item(r, 0).text(): {header[c]: table.item(r, c).text() for c in range(table.columnCount())}
        for r in range(table.rowCount())
    }
    # By hand, from `referee-app history`: Marco breaks (2 down) and misses; Lea scratches; Marco
    # misses; Lea hits the 3 first; Marco plays a safety; Lea is warned, then hits no rail: three fouls.
    lea, marco = figures["Lea"], figures["Marco"]
    assert (lea["Fouls"], lea["Safeties"], lea["Three-foul losses"], lea["Racks won"], lea["Innings"]) == (
        "3", "0", "1", "0", "3")  # fmt: skip
    assert (marco["Fouls"], marco["Safeties"], marco["Breaks"], marco["Ball made on the break"]) == ("0", "1", "1", "1")
    assert (marco["Racks won"], marco["Innings"], marco["Won (%)"]) == ("1", "3", "")  # the match is not over
    fouls_column = header.index("Fouls")
    table.sortItems(fouls_column, Qt.SortOrder.DescendingOrder)
    assert table.item(0, 0).text() == "Lea"
    target = tmp_path / "stats.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "CSV (*.csv)"))
    desk.qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
    with target.open(encoding="utf-8-sig") as handle:
        rows = {row["player"]: row for row in csv.DictReader(handle)}
    assert rows["Lea"]["fouls"] == "3" and rows["Marco"]["safeties"] == "1"
    dialog.close()  # type: ignore[union-attr]
