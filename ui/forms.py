"""Form parts shared by every window that sets up a match: the OK/Cancel box with its check, the
shot clock's fields, a text field held to the spec's limit, a player's licence and club side by side.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from referee_app.game.events import ShotClock


def buttons(dialog: QDialog, name: str) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    box.setObjectName(name)
    box.button(QDialogButtonBox.StandardButton.Ok).setObjectName(f"{name}Ok")
    box.button(QDialogButtonBox.StandardButton.Cancel).setObjectName(f"{name}Cancel")
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def checked_form(dialog: QDialog, form: QFormLayout, name: str, accept: Callable[[], None]) -> QLabel:
    """Lay out `form`, a line saying what is missing, and OK (`{name}Ok`) and Cancel. OK runs `accept`,
    which closes the dialog only once the form is complete; the returned label is for its reason."""
    problem = QLabel(dialog)
    problem.setObjectName(f"{name}Problem")
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    box.button(QDialogButtonBox.StandardButton.Ok).setObjectName(f"{name}Ok")
    box.accepted.connect(accept)
    box.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    layout.addWidget(problem)
    layout.addWidget(box)
    return problem


class ShotClockFields:
    """The shot clock's switch and its four figures, in the match log's ranges (spec section 2),
    shared by the dialogs that set up a match (the desk's New match, the board's Send); each
    dialog lays them out with its own words."""

    def __init__(self, parent: QWidget, prefix: str) -> None:
        defaults = ShotClock()
        self.switch = QCheckBox(parent)
        self.switch.setObjectName(f"{prefix}ShotClock")
        self.shot_s = _spin(parent, f"{prefix}ShotS", 1, 600, defaults.shot_s)
        self.extension_s = _spin(parent, f"{prefix}ExtensionS", 1, 600, defaults.extension_s)
        self.extensions = _spin(parent, f"{prefix}Extensions", 0, 9, defaults.extensions_per_rack)
        self.after_break_s = _spin(parent, f"{prefix}AfterBreakS", 1, 60, defaults.after_break_s)
        self.figures = (self.shot_s, self.extension_s, self.extensions, self.after_break_s)
        self.switch.toggled.connect(self._toggled)
        self._toggled(False)

    def add_rows(self, form: QFormLayout, switch: str, labels: tuple[str, str, str, str]) -> None:
        """The switch, then a shot, an extension, extensions per rack, after the break."""
        self.switch.setText(switch)
        form.addRow(self.switch)
        for label, spin in zip(labels, self.figures, strict=True):
            form.addRow(label, spin)

    def _toggled(self, on: bool) -> None:
        for spin in self.figures:
            spin.setEnabled(on)

    def value(self) -> ShotClock | None:
        if not self.switch.isChecked():
            return None
        return ShotClock(*(spin.value() for spin in self.figures))

    def set_value(self, clock: ShotClock | None) -> None:
        self.switch.setChecked(clock is not None)
        if clock is not None:
            figures = (clock.shot_s, clock.extension_s, clock.extensions_per_rack, clock.after_break_s)
            for spin, figure in zip(self.figures, figures, strict=True):
                spin.setValue(figure)


def _spin(parent: QWidget, name: str, lo: int, hi: int, value: int) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(name)
    spin.setRange(lo, hi)
    spin.setValue(value)
    return spin


def limited_line(parent: QWidget, name: str, longest: int) -> QLineEdit:
    """A text field held to the spec's limit for its value (a longer text would be refused, not cut)."""
    line = QLineEdit(parent)
    line.setObjectName(name)
    line.setMaxLength(longest)
    return line


def licence_club_row(
    parent: QWidget, licence: QLineEdit, club: QLineEdit, licence_hint: str, club_hint: str
) -> QWidget:
    """A player's licence and club side by side (the hints come translated in the caller's own context)."""
    licence.setPlaceholderText(licence_hint)
    club.setPlaceholderText(club_hint)
    row = QWidget(parent)
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(licence, 1)
    layout.addWidget(club, 2)
    return row
