"""A question asked before a decision that is not lightly taken back, in one shape for every window.

The box is window-modal and opened, not run (`open`, not `exec`): the window's timers and
background work go on while it waits. Escape is always the "no"; a risky act (undoing a
recorded event, taking a table over) gets the warning icon and has "no" as its default.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget


def ask(
    parent: QWidget,
    name: str,
    title: str,
    text: str,
    yes: tuple[str, str],
    no: tuple[str, str],
    answered: Callable[[bool], object],
    *,
    risky: bool = False,
    yes_by_default: bool = False,
) -> QMessageBox:
    """Open the question `name`; `yes` and `no` are each (label, object name). `answered` gets
    True when "yes" was pressed, False on "no", Escape or the box closed."""
    icon = QMessageBox.Icon.Warning if risky else QMessageBox.Icon.Question
    box = QMessageBox(icon, title, text, parent=parent)
    box.setObjectName(name)
    role = QMessageBox.ButtonRole.DestructiveRole if risky else QMessageBox.ButtonRole.AcceptRole
    yes_button = box.addButton(yes[0], role)
    yes_button.setObjectName(yes[1])
    no_button = box.addButton(no[0], QMessageBox.ButtonRole.RejectRole)
    no_button.setObjectName(no[1])
    box.setDefaultButton(yes_button if yes_by_default else no_button)
    box.setEscapeButton(no_button)
    box.finished.connect(lambda _=0: answered(box.clickedButton() is yes_button))
    box.open()
    return box
