"""Statistics per player over the chosen matches, one row a player (opened from the Matches page).

Sortable by any column (numbers as numbers), and exported as CSV from here: the figures an
organizer checks are the ones a spreadsheet gets.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice, show_notice


class StatsDialog(QDialog):
    """Statistics per player over the chosen matches, one row a player."""

    def __init__(self, rows: list[dict[str, object]], parent: QWidget | None = None, sep: str = ",") -> None:
        super().__init__(parent)
        self.setObjectName("statsDialog")
        self.setWindowTitle(self.tr("Statistics"))
        self.resize(1100, 400)
        self.rows = rows
        self.sep = sep
        layout = QVBoxLayout(self)
        from referee_app.log.stats import STATS_COLUMNS  # the one table the CSV and the command line read

        keys = [column.key for column in STATS_COLUMNS]
        self.table = QTableWidget(len(rows), len(keys), self)
        self.table.setObjectName("statsTable")
        self.table.setHorizontalHeaderLabels([qt_translate("Stats", column.title) for column in STATS_COLUMNS])
        for r, row in enumerate(rows):
            for c, key in enumerate(keys):
                value = row.get(key)
                item = QTableWidgetItem()
                # numbers sort as numbers ("10" after "9"); an empty figure sorts first
                item.setData(Qt.ItemDataRole.DisplayRole, "" if value is None else value)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.setSortingEnabled(True)
        layout.addWidget(self.table)
        row_of_buttons = QHBoxLayout()
        self.notice = QLabel(self)
        self.notice.setObjectName("statsNotice")
        self.export_button = QPushButton(self.tr("Export CSV…"), self)
        self.export_button.setObjectName("statsExport")
        self.export_button.clicked.connect(self.choose_and_export)
        row_of_buttons.addWidget(self.notice, 1)
        row_of_buttons.addWidget(self.export_button)
        layout.addLayout(row_of_buttons)

    def choose_and_export(self) -> None:
        from referee_desk.places import documents_folder

        start = str(Path(documents_folder()) / "statistics.csv")
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export the statistics"), start, "CSV (*.csv)")
        if name:
            self.export(Path(name))

    def export(self, path: Path) -> Path | None:
        from referee_app.organizer.exports import ExportError, write_stats_csv

        try:
            written = write_stats_csv(self.rows, path, self.sep)
        except ExportError as exc:
            show_notice(self.notice, Notice.ERROR, str(exc))
            return None
        show_notice(self.notice, Notice.INFO, self.tr("Written: {path}").format(path=written))
        return written
