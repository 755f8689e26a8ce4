"""The tournament window's dialogs: an entry edited, a correction shown before it is made."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QLocale, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.tournament.bracket_view import BracketView

from referee_app.tournament.entries import MAX_RATING, clash, normalise_name
from referee_app.tournament.model import Entry
from referee_app.tournament.show import MatchView, TournamentView


def local_number(value: float) -> str:
    """612,5 in French, 612.5 in English: as the window's language writes a number (no thousands
    separator: a rating is typed back as it is read)."""
    locale = QLocale()
    locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    return locale.toString(float(value), "g", 6)


class EntryDialog(QDialog):
    """One entry's name, rating, Fargo ID, licence, club and seed (a Fargo ID is not a rating)."""

    edited = Signal(object)

    def __init__(
        self, entry: Entry, drawn: bool, parent: QWidget | None = None, others: tuple[Entry, ...] = ()
    ) -> None:
        super().__init__(parent)
        self.others = others
        """The other players: an edit that would enter one of them twice is refused, as the entry list does."""
        self.setObjectName("entryDialog")
        self.setWindowTitle(self.tr("Entry: {name}").format(name=entry.name))
        form = QFormLayout(self)
        self.name = QLineEdit(entry.name, self)
        self.name.setObjectName("entryName")
        self.name.setMaxLength(80)
        self.name.setEnabled(not drawn)  # after the draw, the bracket holds the name
        self.rating = QLineEdit("" if entry.rating is None else local_number(entry.rating), self)
        self.rating.setObjectName("entryRating")
        self.fargo_id = QLineEdit(entry.fargo_id, self)
        self.fargo_id.setObjectName("entryFargoId")
        self.licence = QLineEdit(entry.licence, self)
        self.licence.setObjectName("entryLicence")
        self.club = QLineEdit(entry.club, self)
        self.club.setObjectName("entryClub")
        self.seed = QSpinBox(self)
        self.seed.setObjectName("entrySeed")
        self.seed.setRange(0, 256)
        self.seed.setSpecialValueText(self.tr("drawn"))
        self.seed.setValue(entry.seed or 0)
        self.seed.setEnabled(not drawn)
        self.problem = QLabel(self)
        self.problem.setObjectName("entryProblem")
        self.problem.setWordWrap(True)
        wide = self.fontMetrics().horizontalAdvance("M" * 26)  # a long name or club whole (40 characters)
        for edit in (self.name, self.club):
            edit.setMinimumWidth(wide)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Fargo rating"), self.rating)
        form.addRow(self.tr("Fargo ID"), self.fargo_id)
        form.addRow(self.tr("Licence"), self.licence)
        form.addRow(self.tr("Club"), self.club)
        form.addRow(self.tr("Seed"), self.seed)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.setObjectName("entryButtons")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _accept(self) -> None:
        text = self.rating.text().strip().replace(",", ".")
        try:
            rating = float(text) if text else None
        except ValueError:
            self.problem.setText(self.tr("The rating is a number, such as 612 (the Fargo ID goes below it)."))
            return
        if rating is not None and not 0 <= rating <= MAX_RATING:  # also refuses nan and inf
            self.problem.setText(self.tr("A rating is from 0 to {most}.").format(most=MAX_RATING))
            return
        entry = Entry(
            normalise_name(self.name.text()),  # stored as an imported name is: one player, one spelling
            rating,
            fargo_id=self.fargo_id.text().strip(),
            licence=self.licence.text().strip(),
            club=self.club.text().strip(),
            seed=self.seed.value() or None,
        )
        twice = clash(entry, self.others, qt_translate)
        if twice is not None:
            self.problem.setText(twice)
            return
        self.edited.emit(entry)
        self.accept()


def changed_matches(before: TournamentView, after: TournamentView) -> list[str]:
    """Matches whose players, status or result differ between two views of the tournament."""
    old = {m.id: _as_seen(m) for m in before.matches}
    changed = [m.id for m in after.matches if old.get(m.id) != _as_seen(m)]
    changed += [mid for mid in old if after.match(mid) is None]
    return changed


def _as_seen(match: MatchView) -> tuple[object, ...]:
    """What a correction can change in a match: its players, status and result."""
    return (match.a, match.b, match.status, match.winner, match.score)


class CorrectionDialog(QDialog):
    """The bracket as the correction would leave it, the matches it changes marked, before it is made."""

    def __init__(
        self,
        summary: str,
        after: TournamentView,
        changed: list[str],
        parent: QWidget | None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("correctionDialog")
        self.setWindowTitle(self.tr("Correct a result"))
        self.resize(1000, 650)
        layout = QVBoxLayout(self)
        self.summary = QLabel(summary, self)
        self.summary.setObjectName("correctionSummary")
        self.summary.setWordWrap(True)
        self.changes = QLabel(self.tr("Matches it changes (marked): {ids}").format(ids=", ".join(changed)), self)
        self.changes.setObjectName("correctionChanges")
        self.view = BracketView(self)
        self.view.setObjectName("correctionBracket")
        self.view.show_bracket(after, changed, names)
        layout.addWidget(self.summary)
        layout.addWidget(self.changes)
        layout.addWidget(self.view, 1)
        buttons = QDialogButtonBox(self)
        buttons.setObjectName("correctionButtons")
        self.confirm = buttons.addButton(self.tr("Correct it"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.confirm.setObjectName("confirmCorrection")
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("cancelCorrection")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if changed:
            self.view.centre_on(changed[0])
