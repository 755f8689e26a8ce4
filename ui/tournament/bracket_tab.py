"""The Bracket tab: the bracket drawn (zoom, find a player or a match), and the PDFs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget
from referee_desk.notices import Notice
from referee_desk.places import in_documents
from referee_desk.tournament.bracket_view import BracketView
from referee_desk.tournament.parts import Desk, Shown, button

from referee_app.tournament.model import MatchStatus


class BracketTab(QWidget):
    """The bracket as it stands; Ctrl+P prints it, Ctrl+Shift+P the standings."""

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("bracketPage")
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.zoom_in_button = button(desk, "zoomIn", "Ctrl++", lambda: self.bracket.zoom_in(), self)
        desk.key("actionZoomInEquals", "Ctrl+=", lambda: self.bracket.zoom_in())
        self.zoom_out_button = button(desk, "zoomOut", "Ctrl+-", lambda: self.bracket.zoom_out(), self)
        self.fit_button = button(desk, "zoomFit", "Ctrl+0", lambda: self.bracket.fit(), self)
        self.find_edit = QLineEdit(self)
        self.find_edit.setObjectName("bracketFind")
        self.find_edit.returnPressed.connect(self.find_in_bracket)
        self.paper_choice = QComboBox(self)
        self.paper_choice.setObjectName("paperChoice")
        self.paper_choice.addItem("A3", "a3")
        self.paper_choice.addItem("A4", "a4")
        self.print_bracket_button = button(desk, "printBracket", "Ctrl+P", self.choose_bracket_pdf, self)
        self.print_standings_button = button(desk, "printStandings", "Ctrl+Shift+P", self.choose_standings_pdf, self)
        for w in (self.zoom_in_button, self.zoom_out_button, self.fit_button):
            bar.addWidget(w)
        bar.addStretch(1)
        for tool in (self.paper_choice, self.print_bracket_button, self.print_standings_button, self.find_edit):
            bar.addWidget(tool)
        self.bracket = BracketView(self)
        layout.addLayout(bar)
        layout.addWidget(self.bracket, 1)

    def find_in_bracket(self) -> bool:
        """Show a match by its id (W2-3) or a player's next or last match."""
        text = self.find_edit.text().strip().casefold()
        matches = self.desk.shown.view.matches
        for m in matches:
            if m.id.casefold() == text:
                return self.bracket.centre_on(m.id)
        theirs = [m for m in matches if text and any(text in (name or "").casefold() for name in (m.a, m.b))]
        live = [m for m in theirs if m.to_play or m.status is MatchStatus.WAITING] or theirs
        if live:
            return self.bracket.centre_on(live[0].id)
        self.desk.say(Notice.REFUSAL, self.tr("No match or player {text!r} in the bracket.").format(text=text))
        return False

    def _pdf_path(self, title: str, name: str) -> Path | None:
        chosen, _ = QFileDialog.getSaveFileName(self, title, in_documents(name), self.tr("PDF (*.pdf)"))
        if not chosen:
            return None
        path = Path(chosen)
        return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")

    def choose_bracket_pdf(self) -> None:
        path = self._pdf_path(self.tr("The bracket as PDF"), self.tr("bracket.pdf"))
        if path is not None:
            self.export_bracket(path)

    def choose_standings_pdf(self) -> None:
        path = self._pdf_path(self.tr("The standings as PDF"), self.tr("standings.pdf"))
        if path is not None:
            self.export_standings(path)

    def export_bracket(self, path: Path) -> bool:
        """The bracket on the chosen paper, in the window's language; the file only when all went well."""
        shown = self.desk.shown
        if not shown.view.matches:
            self.desk.say(Notice.REFUSAL, self.tr("Nothing to print before the draw."))
            return False
        from referee_desk.tournament.paper import write_bracket_pdf  # deferred: printing is rare

        return self._write(path, lambda target: write_bracket_pdf(shown.view, target, self.paper(), shown.names))

    def export_standings(self, path: Path) -> bool:
        t = self.desk.shown.tournament
        if t is None:
            self.desk.say(Notice.REFUSAL, self.tr("Nothing to print before the draw."))
            return False
        from referee_desk.tournament.paper import write_standings_pdf

        return self._write(path, lambda target: write_standings_pdf(t, target, self.paper()))

    def paper(self) -> str:
        return str(self.paper_choice.currentData())

    def _write(self, path: Path, write: Callable[[Path], object]) -> bool:
        """Write the file (whole or not at all: the paper module writes beside it, then renames)."""
        try:
            if not path.parent.is_dir():
                raise OSError(self.tr("the folder {folder} does not exist").format(folder=path.parent))
            write(path)
        except OSError as exc:
            self.desk.say(Notice.ERROR, self.tr("Nothing written to {file}: {why}").format(file=path.name, why=exc))
            return False
        self.desk.say(Notice.INFO, self.tr("Written: {file}").format(file=path))
        return True

    def show_state(self, shown: Shown) -> None:
        self.bracket.show_bracket(shown.view, names=shown.names)

    def retranslate(self) -> None:
        self.zoom_in_button.setText(self.tr("Zoom in [Ctrl++]"))
        self.zoom_out_button.setText(self.tr("Zoom out [Ctrl+-]"))
        self.fit_button.setText(self.tr("Whole bracket [Ctrl+0]"))
        self.find_edit.setPlaceholderText(self.tr("Find a player or a match"))
        self.print_bracket_button.setText(self.tr("Bracket as PDF… [Ctrl+P]"))
        self.print_standings_button.setText(self.tr("Standings as PDF… [Ctrl+Shift+P]"))
