"""The phone tables' cards on paper (phone.md §1): A6, four to an A4 page, one per phone table.

Each card says the table's number in large type, carries the QR code of the table's link (the
core encodes it: `referee_app.tournament.phones.qr_modules`; here its modules are painted as
squares), the link in text below it (split before its key when it is too wide: Android reads
no `.local` name, so the address is there to type), and one line on what to do. Dashed lines
show where to cut.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPdfWriter,
    QPen,
)
from referee_desk.i18n import qt_translate
from referee_desk.printing import ensure_gui_app

from referee_app.log.newfile import new_file
from referee_app.tournament.phones import CARD_CTX, CARD_TITLE, CARD_WHAT_TO_DO, Card

CARD_W_MM = 105.0
CARD_H_MM = 148.5
"""A6, four to an A4 page (210 x 297 mm)."""
QR_MM = 64.0
PAD_MM = 7.0
FONT = "DejaVu Sans"
MONO = "DejaVu Sans Mono"


def _font(family: str, points: float, bold: bool = False) -> QFont:
    font = QFont(family)
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def link_lines(link: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """The link on one line, or on two split before its key (`#k=…`) when one is too wide."""
    if metrics.horizontalAdvance(link) <= width or "#" not in link:
        return [link]
    address, _, key = link.partition("#")
    return [address, "#" + key]


def fitted_line(
    text: str, family: str, points: Sequence[float], width: float, device: QPaintDevice
) -> tuple[QFont, str]:
    """The largest of `points` at which `text` fits `width` on one line; at the smallest, the text
    shortened at its end (…). An 80-character event name at 9 points was cut at both ends."""
    for size in points:
        font = _font(family, size)
        metrics = QFontMetricsF(font, device)
        if metrics.horizontalAdvance(text) <= width:
            return font, text
    return font, metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def _paint_card(painter: QPainter, card: Card, box: QRectF, mm: float, event: str) -> None:
    pad = PAD_MM * mm
    inner = box.adjusted(pad, pad, -pad, -pad)
    center = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
    painter.setPen(QColor("black"))
    font, line = fitted_line(event, FONT, (9, 8, 7, 6), inner.width(), painter.device())
    painter.setFont(font)
    painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), 6 * mm), center, line)
    painter.setFont(_font(FONT, 34, bold=True))
    title = qt_translate(CARD_CTX, CARD_TITLE).format(n=card.table)
    painter.drawText(QRectF(inner.left(), inner.top() + 7 * mm, inner.width(), 16 * mm), center, title)
    size = len(card.modules)
    module = QR_MM * mm / size
    left = box.center().x() - QR_MM * mm / 2
    top = inner.top() + 26 * mm
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("black"))
    for y, row in enumerate(card.modules):
        x = 0
        while x < size:  # a run of dark modules as one rectangle: no seam between them
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            painter.drawRect(QRectF(left + start * module, top + y * module, (x - start) * module, module))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QColor("black"))
    mono = _font(MONO, 9)
    painter.setFont(mono)
    lines = link_lines(card.link, QFontMetricsF(mono, painter.device()), inner.width())
    below = top + QR_MM * mm + 1 * mm
    for line in lines:
        painter.drawText(QRectF(inner.left(), below, inner.width(), 5 * mm), center, line)
        below += 4.5 * mm
    painter.setFont(_font(FONT, 13, bold=True))
    what = qt_translate(CARD_CTX, CARD_WHAT_TO_DO)
    painter.drawText(
        QRectF(inner.left(), inner.bottom() - 14 * mm, inner.width(), 14 * mm),
        center | Qt.TextFlag.TextWordWrap,
        what,
    )


def cards_pdf(event: str, cards: Sequence[Card]) -> bytes:
    """The cards as PDF bytes, made in memory, in the installed language."""
    ensure_gui_app()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(event)
    writer.setCreator("referee-app")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(errno.EIO, "Qt cannot paint the PDF")
    try:
        mm = writer.resolution() / 25.4
        for first in range(0, len(cards), 4):
            if first:
                writer.newPage()
            cut = QPen(QColor("#999999"))
            cut.setStyle(Qt.PenStyle.DashLine)
            cut.setWidthF(0.2 * mm)
            painter.setPen(cut)
            painter.drawLine(QPointF(CARD_W_MM * mm, 0), QPointF(CARD_W_MM * mm, 2 * CARD_H_MM * mm))
            painter.drawLine(QPointF(0, CARD_H_MM * mm), QPointF(2 * CARD_W_MM * mm, CARD_H_MM * mm))
            for n, card in enumerate(cards[first : first + 4]):
                box = QRectF((n % 2) * CARD_W_MM * mm, (n // 2) * CARD_H_MM * mm, CARD_W_MM * mm, CARD_H_MM * mm)
                _paint_card(painter, card, box, mm, event)
    finally:
        painter.end()
    del writer  # the PDF's trailer is written when the writer goes
    data = bytes(buffer.data().data())
    buffer.close()
    if not data.startswith(b"%PDF-") or not data.rstrip().endswith(b"%%EOF"):
        raise OSError(errno.EIO, "Qt's PDF writer did not finish the file")
    return data


def write_cards_pdf(event: str, cards: Sequence[Card], path: Path) -> None:
    """The cards as a PDF at `path`, whole or not at all (never through a planted name), the
    organizer's alone: they carry every table's key (phone.md §4)."""
    data = cards_pdf(event, cards)
    with new_file(path, private=True) as pdf:
        pdf.handle.write(data)
