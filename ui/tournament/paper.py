"""The bracket and the standings on paper (PDF, A4 or A3, in the installed language).

The bracket is the window's own scene with larger type, printed in tiles: as many rounds
across a page as fit at a legible size, cut between matches, never through one. Every box
says its match, round and race, so a tile read alone still makes sense. The standings are
the core's HTML printed by QTextDocument, as the match sheets are.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QApplication
from referee_desk.controller import qt_translate
from referee_desk.tournament.bracket_view import MatchItem, build_scene

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.newfile import new_file
from referee_app.tournament.layout import BOX_H, BOX_W, COL_W, Layout
from referee_app.tournament.paper import standings_html
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
    columns_per_page = max(1, int(page_w / scale // COL_W))
    tall = (page_h - HEADER_PT) / scale - BOX_H - CUT_ABOVE  # room for a box that starts near the bottom
    xs = sorted({box.x for box in plan.boxes.values()})
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


def bracket_pdf(
    shown: Mapping[str, Any], paper: str = "a3", names: Mapping[str, str] | None = None
) -> tuple[bytes, int]:
    """The bracket of `shown` (spec §4's dict) as PDF bytes, made in memory, and its number of pages."""
    ensure_app()
    name = str(shown.get("name", ""))
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


def standings_pdf(shown: Mapping[str, Any], standings: Mapping[str, Any], paper: str = "a4") -> bytes:
    """The standings sheet, with each player's event performance, as PDF bytes."""
    ensure_app()
    buffer = _buffer()
    # QTextDocument.print_ adds its own 2 cm margins
    writer = _writer(buffer, paper, landscape=False, title=str(shown.get("name", "")), margin_mm=0)
    doc = QTextDocument()
    doc.setHtml(standings_html(shown, standings, qt_translate))
    doc.print_(writer)
    del writer
    return _finished(buffer)


def write_bracket_pdf(
    shown: Mapping[str, Any], path: Path, paper: str = "a3", names: Mapping[str, str] | None = None
) -> int:
    """The bracket as a PDF at `path`, whole or not at all (never through a planted name); its pages."""
    data, pages = bracket_pdf(shown, paper, names)
    with new_file(path) as pdf:
        pdf.handle.write(data)
    return pages


def write_standings_pdf(shown: Mapping[str, Any], standings: Mapping[str, Any], path: Path, paper: str = "a4") -> None:
    data = standings_pdf(shown, standings, paper)
    with new_file(path) as pdf:
        pdf.handle.write(data)
