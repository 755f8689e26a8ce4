"""The call at a connected desk: the match the organizer sent to this table calls its players; until
both are at the table the desk shows the minutes since the call, and its referee marks each player
present (a button and a key each: Ctrl+1, Ctrl+2). The mark goes to the event server
(`Pusher.mark_here`), whence the organizer's laptop stops that player's late-start clock.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from referee_app.venue.model import Assignment

REFRESH_MS = 15_000
"""The minutes since the call move on this often."""


class CallPanel(QWidget):
    """The call of the table's next match, in the desk's status bar; `here` says who was marked."""

    here = Signal(str)  # a player's name, as the assignment names them

    def __init__(self, parent: QWidget | None = None, now: Callable[[], datetime] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deskCall")
        self.now = now or (lambda: datetime.now(UTC))
        """The time source (the tests move it on)."""
        self.assignment: Assignment | None = None
        self.marking: tuple[str, ...] = ()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)
        self.label.setObjectName("deskCallText")
        self.label.setStyleSheet("font-weight: bold; color: #8b0000;")
        layout.addWidget(self.label)
        self.buttons = (QPushButton(self), QPushButton(self))
        for seat, button in enumerate(self.buttons):
            button.setObjectName(f"deskHere{'AB'[seat]}")
            button.clicked.connect(lambda _checked=False, s=seat: self.mark(s))
            layout.addWidget(button)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(REFRESH_MS)
        self.hide()

    def mark(self, seat: int) -> None:
        """The referee marks the player in `seat` (0: the first named) at the table (a key or a click)."""
        a = self.assignment
        if a is None or a.players[seat] in self.present():
            return
        name = a.players[seat]
        self.marking = (*self.marking, name)
        self.refresh()
        self.here.emit(name)

    def show_call(self, assignment: Assignment | None, marking: tuple[str, ...] = ()) -> None:
        """The table's next match (None: none) and the players marked here but not yet on the server."""
        if assignment is None or self.assignment is None or assignment.id != self.assignment.id:
            self.marking = ()
        self.assignment = assignment
        self.marking = tuple(dict.fromkeys((*self.marking, *marking)))
        self.refresh()

    def present(self) -> tuple[str, ...]:
        a = self.assignment
        return () if a is None else tuple(p for p in a.players if p in a.here or p in self.marking)

    def refresh(self) -> None:
        a = self.assignment
        present = self.present()
        if a is None or len(present) == len(a.players):
            self.hide()
            return
        parts = []
        if a.sent_at is not None:
            minutes = max(0, int((self.now() - a.sent_at).total_seconds() // 60))
            local = a.sent_at.astimezone().strftime("%H:%M")
            parts.append(self.tr("Called at {time} ({m} min)").format(time=local, m=minutes))
        else:
            parts.append(self.tr("Called"))
        away = [p for p in a.players if p not in present]
        parts.append(self.tr("not at the table: {names}").format(names=", ".join(away)))
        self.label.setText(" · ".join(parts))
        for seat, button in enumerate(self.buttons):
            name = a.players[seat]
            button.setText(self.tr("{name} is here [Ctrl+{n}]").format(name=name, n=seat + 1))
            button.setVisible(name not in present)
        self.show()
