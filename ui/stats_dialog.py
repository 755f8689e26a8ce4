"""Statistics per player over the chosen matches, one row a player (opened from the Matches page)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget


class StatsDialog(QDialog):
    """Statistics per player over the chosen matches, one row a player."""

    def __init__(self, rows: list[dict[str, object]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsDialog")
        self.setWindowTitle(self.tr("Statistics"))
        self.resize(1100, 400)
        layout = QVBoxLayout(self)
        headers = {
            "player": self.tr("Player"), "matches": self.tr("Matches"), "matches_won": self.tr("Won"),
            "racks_won": self.tr("Racks won"), "breaks": self.tr("Breaks"),
            "breaks_with_ball_made": self.tr("Ball made on the break"), "dry_breaks": self.tr("Dry breaks"),
            "break_fouls": self.tr("Break fouls"), "break_and_runs": self.tr("Break-and-runs"),
            "push_outs": self.tr("Push-outs"), "push_out_answers_shoot": self.tr("Push-outs: shot"),
            "push_out_answers_hand_back": self.tr("Push-outs: handed back"),
            "options_shoot": self.tr("Options: shot"), "options_hand_back": self.tr("Options: handed back"),
            "safeties": self.tr("Safeties"), "fouls": self.tr("Fouls"),
            "three_foul_losses": self.tr("Three-foul losses"), "innings": self.tr("Innings"),
            "timed_shots": self.tr("Timed shots"), "mean_shot_s": self.tr("Mean shot (s)"),
            "max_shot_s": self.tr("Longest shot (s)"),
        }  # fmt: skip
        keys = list(headers)
        self.table = QTableWidget(len(rows), len(keys), self)
        self.table.setObjectName("statsTable")
        self.table.setHorizontalHeaderLabels([headers[k] for k in keys])
        for r, row in enumerate(rows):
            for c, key in enumerate(keys):
                value = row.get(key)
                self.table.setItem(r, c, QTableWidgetItem("" if value is None else str(value)))
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table)
