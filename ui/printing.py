"""Match sheets as PDF: the core's sheet HTML printed by Qt (QTextDocument on QPdfWriter)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QMarginsF, QRectF, QSizeF, Qt, QTranslator
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)
from referee_desk.i18n import FOLDER, qt_translate

from referee_app.game.events import Entry
from referee_app.log.newfile import new_file

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
    from PySide6.QtWidgets import QWidget
from referee_app.words.sheet import build_sheet, sheet_pages

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


MARGIN_MM = 15
BAND_MM = 7
"""The band above each page's text for the match's header, and below it for the page number."""

Part = tuple[str, str]
"""One sheet to print: its HTML, and the header line repeated on each of its pages."""


def paint_sheets(device: QPdfWriter | QPrinter, parts: list[Part]) -> None:
    """Each sheet from a new page; every page headed by its match and numbered "1/2" within its sheet
    (Qt's own pagination numbers pages but repeats nothing, and a second page must say whose it is)."""
    painter = QPainter(device)
    try:
        area = device.pageLayout().paintRectPixels(device.resolution())
        band = BAND_MM * device.resolution() / 25.4
        body = QSizeF(area.width(), area.height() - 2 * band)
        small = QFont("DejaVu Sans", 7)
        first = True
        for html, header in parts:
            doc = QTextDocument()
            doc.documentLayout().setPaintDevice(device)
            doc.setDocumentMargin(0)
            doc.setPageSize(body)
            doc.setHtml(html)
            pages = doc.pageCount()
            for n in range(pages):
                if not first:
                    device.newPage()
                first = False
                painter.setFont(small)
                painter.setPen(Qt.GlobalColor.darkGray)
                painter.drawText(QRectF(0, 0, body.width(), band), Qt.AlignmentFlag.AlignVCenter, header)
                painter.drawText(
                    QRectF(0, band + body.height(), body.width(), band),
                    Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                    f"{n + 1}/{pages}",
                )
                painter.save()
                painter.translate(0, band - n * body.height())
                doc.drawContents(painter, QRectF(0, n * body.height(), body.width(), body.height()))
                painter.restore()
    finally:
        painter.end()


def print_parts(parts: list[Part], paper: str = "a4", title: str = "") -> bytes:
    """The sheets as a PDF on A4 or Letter paper, made in memory: Qt's PDF writer does not report a
    failed write, so the bytes are written to the disk by the caller, which checks every write."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(PAPER[paper]))
    writer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("referee-app")
    paint_sheets(writer, parts)
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
    data = print_parts([sheet_pages(sheet, qt_translate) for sheet in sheets], paper, title=title)
    if isinstance(out, Path):
        with new_file(out) as pdf:
            pdf.handle.write(data)
    else:
        out.write(data)


def open_preview(parent: QWidget, part: Part) -> QPrintPreviewDialog:
    """A sheet in Qt's print preview (print it, or save it as a PDF), opened without blocking; it
    prints as the exported PDF does (a header and "1/2" on every page)."""
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    dialog = QPrintPreviewDialog(parent)
    dialog.setObjectName("printPreview")
    dialog.printer().setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)
    dialog.paintRequested.connect(lambda printer: paint_sheets(printer, [part]))
    dialog.open()
    return dialog
