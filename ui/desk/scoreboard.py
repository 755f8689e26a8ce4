"""The scoreboard: legible from two metres, rebuilt from the state on every change."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget
from referee_desk.desk import presenter
from referee_desk.i18n import qt_translate

from referee_app.game.state import State
from referee_app.game.vocab import Seat

PLAYER_STYLE = """
QFrame#playerCard { background: #202a33; border: 3px solid #202a33; border-radius: 10px; }
QFrame#playerCard[atTable="true"] { border-color: #ffd54a; background: #26333d; }
QFrame#playerCard[winner="true"] { border-color: #66bb6a; background: #1b3a24; }
QLabel { color: #f2f2f2; }
QLabel[role="name"] { font-size: 26px; font-weight: bold; }
QLabel[role="score"] { font-size: 64px; font-weight: bold; color: #ffffff; }
QLabel[role="fouls"] { font-size: 20px; font-weight: bold; color: #cfd8dc; }
QLabel[role="fouls"][level="two"] { color: #ff5252; }
QLabel[role="small"] { font-size: 16px; color: #b0bec5; }
QLabel[role="turn"] { font-size: 18px; font-weight: bold; color: #ffd54a; }
"""


class NameLabel(QLabel):
    """A player's name, shortened with "…" to the room it has: a long name must not widen the desk
    past the screen. The whole name is in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full_name = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_name(self, name: str) -> None:
        self.full_name = name
        self.setToolTip(name)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self.full_name, Qt.TextElideMode.ElideRight, self.width())
        if shown != self.text():
            self.setText(shown)


class PlayerCard(QFrame):
    def __init__(self, seat: Seat, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("playerCard")
        layout = QGridLayout(self)
        self.name = NameLabel(self)
        self.name.setObjectName(f"name{seat.value}")
        self.name.setProperty("role", "name")
        self.score = self._label("score", f"score{seat.value}")
        self.fouls = self._label("fouls", f"fouls{seat.value}")
        self.extensions = self._label("small", f"extensions{seat.value}")
        self.turn = self._label("turn", f"turn{seat.value}")
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # two lines beside the score, so the card is no taller than its score: the desk has to fit
        # a laptop's screen under a title bar and a task bar
        layout.addWidget(self.name, 0, 0)
        layout.addWidget(self.turn, 0, 1)
        layout.addWidget(self.fouls, 1, 0)
        layout.addWidget(self.extensions, 1, 1)
        layout.addWidget(self.score, 0, 2, 2, 1)
        layout.setColumnStretch(0, 1)  # the name takes the room there is
        layout.setHorizontalSpacing(24)

    def _label(self, role: str, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setProperty("role", role)
        return label

    def show_state(self, state: State) -> None:
        seat = self.seat
        self.name.set_name(presenter.name(state, seat))
        self.score.setText(str(state.score[seat]))
        self.fouls.setText(presenter.fouls_line(state, seat, qt_translate))
        self.fouls.setVisible(not state.by_racks)  # rack scoring records no foul (spec §2a)
        self.extensions.setText(presenter.extensions_line(state, seat, qt_translate))
        at_table = state.at_table is seat and not state.over
        won = state.finished and state.winner is seat
        if won:  # the winner's card is marked at the match end
            self.turn.setText("★ " + self.tr("winner"))
        else:
            self.turn.setText("▶ " + self.tr("at the table") if at_table else "")
        _restyle(self.fouls, "level", "two" if state.fouls[seat] >= 2 else "")
        _restyle(self, "atTable", "true" if at_table else "false")
        _restyle(self, "winner", "true" if won else "false")


def _restyle(widget: QWidget, name: str, value: str) -> None:
    """Set a property the style sheet selects on, re-polishing only when it changes."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


class Scoreboard(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreboard")
        self.setStyleSheet(PLAYER_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.cards = {seat: PlayerCard(seat, self) for seat in Seat}
        row.addWidget(self.cards[Seat.A])
        row.addWidget(self.cards[Seat.B])
        outer.addLayout(row)
        self.header = QLabel(self)
        self.header.setObjectName("matchHeader")
        self.header.setProperty("role", "small")
        self.header.setAlignment(Qt.AlignmentFlag.AlignCenter)
        outer.addWidget(self.header)

    def show_state(self, state: State) -> None:
        for card in self.cards.values():
            card.show_state(state)
        self.header.setText(presenter.header_line(state, qt_translate))
