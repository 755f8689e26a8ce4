"""The bracket and the standings on paper (PDF, A4 or A3, in the installed language).

The bracket is the window's own scene with larger type, printed in tiles: as many rounds
across a page as fit at a legible size, cut between matches, never through one. Every box
says its match, round and race, so a tile read alone still makes sense. The standings are
the core's sheet laid out here from its content in the page's language (a column as wide as
its words, names and clubs wrapped between words, the heading row on every page).
"""

from __future__ import annotations

import errno
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen
from PySide6.QtWidgets import QApplication
from referee_desk.i18n import qt_translate
from referee_desk.tournament.bracket_view import MatchItem, build_scene
from referee_desk.tournament.dialogs import local_number

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.newfile import new_file
from referee_app.tournament.layout import BOX_H, BOX_W, COL_W, Layout
from referee_app.tournament.paper import Sheet, ledger_words, payout_words, standings_sheet
from referee_app.tournament.show import TournamentView, standings_view
from referee_app.tournament.state import Tournament
from referee_app.tournament.wording import CTX

PAPER = {"a4": QPageSize.PageSizeId.A4, "a3": QPageSize.PageSizeId.A3}
FONT_SCALE = 1.5
"""The paper's type against the screen's: names at 12 points before the page's scale."""
MIN_SCALE = 0.6
"""Never print smaller than this (names at 7.2 points): more pages rather than unreadable ones."""
MARGIN_MM = 10.0
HEADER_PT = 28.0
CUT_ABOVE = 16.0
"""Where a page ends above a box: below the box above it, above this box's match line."""
PAGE_OF = QT_TRANSLATE_NOOP("Tournament", "page {n} of {total}")
BRACKET = QT_TRANSLATE_NOOP("Tournament", "Bracket")


def ensure_app() -> None:
    """A scene is a widgets class: it needs a QApplication (headless when there is no display)."""
    if QApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QApplication([])


def _writer(device: QBuffer, paper: str, landscape: bool, title: str, margin_mm: float = MARGIN_MM) -> QPdfWriter:
    writer = QPdfWriter(device)
    writer.setPageSize(QPageSize(PAPER[paper]))
    orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    writer.setPageOrientation(orientation)
    writer.setPageMargins(QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("referee-app")
    return writer


@dataclass(frozen=True, slots=True)
class Tile:
    source: QRectF
    """The part of the scene printed on one page."""
    boxes: frozenset[str]
    """The matches printed on it (a match cut by the page's edge goes whole on the page it starts on)."""


def tiles(plan: Layout, scene_rect: QRectF, page_w: float, page_h: float) -> tuple[float, list[Tile]]:
    """The scale and the parts of the scene, page by page (sizes in points)."""
    scale = max(MIN_SCALE, min(1.0, page_w / scene_rect.width()))
    # the last column on a page needs its box, not a whole column's gap: 7 columns fit in 6 gaps and a box
    fit = max(1, int((page_w / scale - BOX_W - 40) / COL_W + 1e-6) + 1)
    tall = (page_h - HEADER_PT) / scale - BOX_H - CUT_ABOVE  # room for a box that starts near the bottom
    xs = sorted({box.x for box in plan.boxes.values()})
    # the columns shared evenly between the pages they need: 8 columns where 7 fit go 4 and 4, never
    # 7 and the second final alone on a page of its own
    columns_per_page = -(-len(xs) // -(-len(xs) // fit)) if xs else fit
    found: list[Tile] = []
    for first in range(0, len(xs), columns_per_page):
        chunk = xs[first : first + columns_per_page]
        left = scene_rect.left() if first == 0 else chunk[0] - 20
        right = min(scene_rect.right(), left + page_w / scale, chunk[-1] + BOX_W + 30)
        boxes = [b for b in plan.boxes.values() if chunk[0] <= b.x <= chunk[-1]]
        starts = sorted(b.y - CUT_ABOVE for b in boxes)
        top = scene_rect.top() if first == 0 else min(starts) - HEADER_PT
        end = max(starts) + 1
        while top < end:
            limit = top + tall
            # the page ends just above the last box that starts before the limit (never through a box's start)
            cut = end if limit >= end else max((y for y in starts if top < y <= limit), default=limit)
            mine = [b for b in boxes if top <= b.y - CUT_ABOVE < cut]
            if mine:
                bottom = max(cut, max(b.y + BOX_H + 4 for b in mine))
                found.append(Tile(QRectF(left, top, right - left, bottom - top), frozenset(b.id for b in mine)))
            top = cut
    return scale, found


def _buffer() -> QBuffer:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


def _finished(buffer: QBuffer) -> bytes:
    """The PDF's bytes, once its writer is gone; Qt's writer reports no failure, so it is checked."""
    data = bytes(buffer.data().data())
    buffer.close()
    if not data.startswith(b"%PDF-") or not data.rstrip().endswith(b"%%EOF"):
        raise OSError(errno.EIO, "Qt's PDF writer did not finish the file")
    return data


def bracket_pdf(shown: TournamentView, paper: str = "a3", names: Mapping[str, str] | None = None) -> tuple[bytes, int]:
    """The bracket of `shown` as PDF bytes, made in memory, and its number of pages."""
    ensure_app()
    name = shown.name
    scene, plan = build_scene(shown, qt_translate, font_scale=FONT_SCALE, names=names)
    buffer = _buffer()
    writer = _writer(buffer, paper, landscape=True, title=name)
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(errno.EIO, "Qt cannot paint the PDF")
    try:
        dpi = writer.resolution() / 72.0  # device pixels per point
        page = writer.pageLayout().paintRectPoints()
        scale, parts = tiles(plan, scene.sceneRect(), page.width(), page.height())
        items = {item.match_id: item for item in scene.items() if isinstance(item, MatchItem)}
        header = QFont("DejaVu Sans")
        header.setPointSizeF(11)
        title = f"{name} — {qt_translate(CTX, BRACKET)}"
        for n, tile in enumerate(parts, start=1):
            if n > 1:
                writer.newPage()
            painter.setFont(header)
            band = QRectF(0, 0, page.width() * dpi, HEADER_PT * dpi)
            painter.drawText(band, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
            painter.drawText(
                band,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                qt_translate(CTX, PAGE_OF).format(n=n, total=len(parts)),
            )
            for mid, item in items.items():
                item.setVisible(mid in tile.boxes)
            source = tile.source
            target = QRectF(0, HEADER_PT * dpi, source.width() * scale * dpi, source.height() * scale * dpi)
            scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    finally:
        painter.end()
    del writer  # the PDF's trailer is written when the writer goes
    return _finished(buffer), len(parts)


STANDINGS_MARGIN_MM = 15.0
BODY_PT = 9.0
HEAD_PT = 7.5
TITLE_PT = 16.0
NOTE_PT = 7.5
PAD_PT = 4.0
"""Room either side of a cell's words, and above and below them."""
MAX_LINES = 3
"""A name or a club longer than this many lines is elided on the last one."""


def _wrap(text: str, metrics: QFontMetricsF, width: float, max_lines: int = MAX_LINES) -> list[str]:
    """`text` in lines no wider than `width`, cut between words only; a single word too wide, or a
    last line with words left over, is elided ("…"), never broken letter by letter."""
    lines: list[str] = []
    words = text.split()
    line = ""
    for i, word in enumerate(words):
        tried = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(tried) <= width:
            line = tried
            continue
        if line:
            lines.append(line)
        line = word
        if len(lines) == max_lines - 1:
            rest = " ".join(words[i:])
            lines.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width))
            return lines
    if line:
        lines.append(
            line
            if metrics.horizontalAdvance(line) <= width
            else metrics.elidedText(line, Qt.TextElideMode.ElideRight, width)
        )
    return lines or [""]


def _widest_word(texts: Sequence[str], metrics: QFontMetricsF) -> float:
    """Rounded up, and one unit more: the column is later given back its width less its padding, and
    that float sum came out a hair under the word, which `_wrap` then elided ("performan…")."""
    return math.ceil(max((metrics.horizontalAdvance(w) for text in texts for w in text.split()), default=0.0)) + 1


def column_widths(sheet: Sheet, body: QFontMetricsF, head: QFontMetricsF, width: float, pad: float) -> list[float]:
    """Widths laid out from the content in the page's language: a number column as wide as its widest
    figure and the longest word of its heading (headings wrap between words); the player and the club
    share the rest by their natural widths, or, when both cannot be whole, the shorter whole (up to
    half) and the longer wrapped."""
    n = len(sheet.heads)
    columns = [[row[c] for row in sheet.rows] for c in range(n)]
    natural = [max((body.horizontalAdvance(t) for t in columns[c]), default=0.0) + 2 * pad for c in range(n)]
    heading = [_widest_word([sheet.heads[c]], head) + 2 * pad for c in range(n)]
    text_columns = [1, 2]  # the player and the club
    widths = [max(natural[c], heading[c]) for c in range(n)]
    fixed = sum(widths[c] for c in range(n) if c not in text_columns)
    room = max(width - fixed, 0.0)
    wanted = {c: widths[c] for c in text_columns}
    if sum(wanted.values()) <= room:  # everything on one line: the spare room goes to the names and clubs
        spare = room - sum(wanted.values())
        for c in text_columns:
            widths[c] = wanted[c] + spare * wanted[c] / sum(wanted.values())
        return widths
    # the shorter of the two (most often the names) whole if it takes at most half; the other wraps
    short, long_ = sorted(text_columns, key=lambda c: wanted[c])
    widths[short] = min(wanted[short], room / 2)
    widths[long_] = room - widths[short]
    return widths


def standings_pdf(
    tournament: Tournament, paper: str = "a4", payouts: tuple[Decimal, Sequence[Decimal]] | None = None
) -> bytes:
    """The standings sheet, with each player's event performance, as PDF bytes: columns laid out from
    their content, names and clubs wrapped between words, the heading row on every page, no row
    split between two pages. `payouts` (the pot and the places' amounts): the payout sheet follows,
    on a page of its own, once places are known."""
    sheets = [standings_sheet(tournament, qt_translate, local_number)]
    if payouts is not None and standings_view(tournament).places:
        sheets.append(payout_words(tournament, payouts[0], payouts[1], qt_translate))
    return sheets_pdf(sheets, tournament.name, paper)


def ledger_pdf(tournament: Tournament, paper: str = "a4") -> bytes:
    """The entry fees' ledger as PDF bytes, laid out as the standings."""
    return sheets_pdf([ledger_words(tournament, qt_translate)], tournament.name, paper)


def sheets_pdf(sheets: Sequence[Sheet], title: str, paper: str = "a4") -> bytes:
    """Sheets, each from a new page, as PDF bytes."""
    ensure_app()
    buffer = _buffer()
    writer = _writer(buffer, paper, landscape=False, title=title, margin_mm=STANDINGS_MARGIN_MM)
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(errno.EIO, "Qt cannot paint the PDF")
    try:
        for n, sheet in enumerate(sheets):
            if n:
                writer.newPage()
            _paint_standings(painter, writer, sheet)
    finally:
        painter.end()
    del writer
    return _finished(buffer)


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _paint_standings(painter: QPainter, writer: QPdfWriter, sheet: Sheet) -> None:
    dpi = writer.resolution() / 72.0
    page = writer.pageLayout().paintRectPoints()
    width, height = page.width() * dpi, page.height() * dpi
    pad = PAD_PT * dpi
    fonts = {k: _font(pt, bold) for k, pt, bold in (("body", BODY_PT, False), ("bold", BODY_PT, True),
             ("head", HEAD_PT, True), ("title", TITLE_PT, True), ("note", NOTE_PT, False))}  # fmt: skip
    metrics = {k: QFontMetricsF(f, writer) for k, f in fonts.items()}
    widths = column_widths(sheet, metrics["bold"], metrics["head"], width, pad)
    xs = [sum(widths[:c]) for c in range(len(widths))]
    line_h = {k: m.lineSpacing() for k, m in metrics.items()}
    heads = [_wrap(h, metrics["head"], widths[c] - 2 * pad, 4) for c, h in enumerate(sheet.heads)]
    head_h = max(len(lines) for lines in heads) * line_h["head"] + 2 * pad
    cells = [[_wrap(text, metrics["body"], widths[c] - 2 * pad) for c, text in enumerate(row)] for row in sheet.rows]
    row_hs = [max(len(lines) for lines in row) * line_h["body"] + pad for row in cells]
    note = _wrap(sheet.note, metrics["note"], width, 6)
    top_first = line_h["title"] + line_h["body"] * 1.6
    top_other = line_h["body"] * 1.6
    footer = line_h["note"] * 1.5
    # which rows go on which page: a row never split, the heading row repeated on every page
    pages: list[list[int]] = [[]]
    y = top_first + head_h
    for i, h in enumerate(row_hs):
        if y + h > height - footer and pages[-1]:
            pages.append([])
            y = top_other + head_h
        pages[-1].append(i)
        y += h
    note_h = len(note) * line_h["note"] + pad
    if y + note_h > height - footer:
        pages.append([])
    page_of = qt_translate(CTX, PAGE_OF)
    grid = QPen(QColor("#999999"))
    grid.setWidthF(0.5 * dpi)
    for n, rows in enumerate(pages, start=1):
        if n > 1:
            writer.newPage()
        if n == 1:
            painter.setFont(fonts["title"])
            painter.drawText(QRectF(0, 0, width, line_h["title"]), Qt.AlignmentFlag.AlignLeft, sheet.title)
            painter.setFont(fonts["body"])
            painter.setPen(QColor("#555555"))
            painter.drawText(QRectF(0, line_h["title"], width, line_h["body"]), Qt.AlignmentFlag.AlignLeft, sheet.sub)
            painter.setPen(QColor("black"))
            y = top_first
        else:
            painter.setFont(fonts["body"])
            painter.drawText(QRectF(0, 0, width, line_h["body"]), Qt.AlignmentFlag.AlignLeft, sheet.title)
            y = top_other
        painter.fillRect(QRectF(0, y, width, head_h), QColor("#e8e8e8"))
        painter.setFont(fonts["head"])
        for c, lines in enumerate(heads):
            align = Qt.AlignmentFlag.AlignRight if sheet.numeric[c] else Qt.AlignmentFlag.AlignLeft
            for k, text in enumerate(lines):
                box = QRectF(xs[c] + pad, y + pad + k * line_h["head"], widths[c] - 2 * pad, line_h["head"])
                painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)
        y += head_h
        painter.setPen(grid)
        painter.drawLine(QPointF(0, y), QPointF(width, y))
        for i in rows:
            for c, lines in enumerate(cells[i]):
                painter.setPen(QColor("black"))
                painter.setFont(fonts["bold"] if c == sheet.bold else fonts["body"])
                align = Qt.AlignmentFlag.AlignRight if sheet.numeric[c] else Qt.AlignmentFlag.AlignLeft
                for k, text in enumerate(lines):
                    box = QRectF(xs[c] + pad, y + pad / 2 + k * line_h["body"], widths[c] - 2 * pad, line_h["body"])
                    painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)
            y += row_hs[i]
            painter.setPen(grid)
            painter.drawLine(QPointF(0, y), QPointF(width, y))
        painter.setPen(QColor("black"))
        if n == len(pages):
            painter.setFont(fonts["note"])
            for k, text in enumerate(note):
                painter.drawText(
                    QRectF(0, y + pad + k * line_h["note"], width, line_h["note"]), Qt.AlignmentFlag.AlignLeft, text
                )
        painter.setFont(fonts["note"])
        painter.drawText(
            QRectF(0, height - line_h["note"], width, line_h["note"]),
            Qt.AlignmentFlag.AlignRight,
            page_of.format(n=n, total=len(pages)),
        )


def write_bracket_pdf(
    shown: TournamentView, path: Path, paper: str = "a3", names: Mapping[str, str] | None = None
) -> int:
    """The bracket as a PDF at `path`, whole or not at all (never through a planted name); its pages."""
    data, pages = bracket_pdf(shown, paper, names)
    with new_file(path) as pdf:
        pdf.handle.write(data)
    return pages


def write_standings_pdf(tournament: Tournament, path: Path, paper: str = "a4") -> None:
    data = standings_pdf(tournament, paper)
    with new_file(path) as pdf:
        pdf.handle.write(data)
