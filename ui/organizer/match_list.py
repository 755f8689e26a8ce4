"""The Matches page's list as a model: Qt asks for the cells it shows, so a season of matches
costs no more to show than a screenful, and a filter swaps a list of rows.

Imported when the first matches arrive (after the window's first paint): it needs the `Qt`
namespace, whose Python bindings are slow to load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from referee_app.game.labels import rules_short
from referee_app.game.vocab import Seat
from referee_app.words.localtime import local_stamp

if TYPE_CHECKING:
    from referee_app.log.store import Summary

Index = QModelIndex | QPersistentModelIndex


COLUMNS = ("status", "players", "score", "winner", "rules", "event", "round", "table", "referee", "started", "finished")
"""What a tournament director scans, in order (the review asked for winner, table, referee and the
finish time, and for the round in a column of its own)."""


class MatchListModel(QAbstractTableModel):
    """The shown matches (`rows`), one line each: the `COLUMNS`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Summary] = []
        self.headers: list[str] = []
        self.status_labels: dict[str, str] = {}

    def show(self, rows: list[Summary]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def text(self, row: int, column: int) -> str:
        summary = self.rows[row]
        match, projection = summary.match, summary.projection
        if column == 0:
            return self.status_labels.get(summary.status, summary.status)
        if column == 1:
            return f"{match.player_a} v {match.player_b}"
        if column == 2:
            return "" if projection is None else f"{projection.score[0]}–{projection.score[1]}"
        if column == 3:
            if projection is None or projection.winner is None:
                return ""
            return match.player_a if projection.winner is Seat.A else match.player_b
        if column == 4:
            return rules_short(match.rules)
        if column == 5:
            return match.event
        if column == 6:
            return match.round
        if column == 7:
            return match.table
        if column == 8:
            return match.referee
        if column == 9:
            return local_stamp(match.created_at)
        if projection is None or summary.status != "finished":
            return ""
        return local_stamp(projection.last_at)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return self.text(index.row(), index.column())
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and section < len(self.headers)
        ):
            return self.headers[section]
        return None
