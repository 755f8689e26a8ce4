"""Match sheets as PDF: the core's sheet HTML printed by Qt (QTextDocument on QPdfWriter)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QMarginsF, QTranslator
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from referee_desk.controller import qt_translate
from referee_desk.i18n import FOLDER

from referee_app.game.events import Entry
from referee_app.log.newfile import new_file

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrintPreviewDialog
    from PySide6.QtWidgets import QWidget
from referee_app.words.sheet import build_sheet, sheets_html

PAPER = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


def ensure_gui_app() -> QCoreApplication:
    """Qt needs an application object to lay out text; headless when there is no display."""
    app = QCoreApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([])
    return app


def use_language(lang: str) -> QTranslator | None:
    """Install the translations for `lang` (None for English); keep the result alive."""
    if lang == "en":
        return None
    translator = QTranslator(QCoreApplication.instance())
    if translator.load(str(FOLDER / f"referee_{lang}.qm")):
        QCoreApplication.installTranslator(translator)
        return translator
    return None


def sheet_document(html: str) -> QTextDocument:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc


def print_html(html: str, paper: str = "a4", title: str = "") -> bytes:
    """`html` as a PDF on A4 or Letter paper, made in memory: Qt's PDF writer does not report a
    failed write, so the bytes are written to the disk by the caller, which checks every write."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(PAPER[paper]))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)  # print_ adds 2 cm
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("referee-app")
    sheet_document(html).print_(writer)
    del writer  # the PDF is finished (its trailer written) when the writer is gone
    data = bytes(buffer.data().data())
    buffer.close()
    if not data.startswith(b"%PDF-") or not data.rstrip().endswith(b"%%EOF"):
        raise OSError(errno.EIO, "Qt's PDF writer did not finish the file")
    return data


def write_sheets_pdf(logs: list[list[Entry]], out: Path | BinaryIO, paper: str = "a4") -> None:
    """The match sheets of `logs` as one PDF, a sheet from a new page each, in the installed language,
    into `out`: an open file (the exports' new file beside its target), or a path, written whole or
    not at all."""
    ensure_gui_app()
    sheets = [build_sheet(entries, qt_translate) for entries in logs]
    title = f"{sheets[0].players[0]} v {sheets[0].players[1]}" if len(sheets) == 1 else f"{len(sheets)} match sheets"
    data = print_html(sheets_html(sheets, qt_translate), paper, title=title)
    if isinstance(out, Path):
        with new_file(out) as pdf:
            pdf.handle.write(data)
    else:
        out.write(data)


def open_preview(parent: QWidget, html: str) -> QPrintPreviewDialog:
    """A sheet in Qt's print preview (print it, or save it as a PDF), opened without blocking."""
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    dialog = QPrintPreviewDialog(parent)
    dialog.setObjectName("printPreview")
    dialog.paintRequested.connect(lambda printer: sheet_document(html).print_(printer))
    dialog.open()
    return dialog
