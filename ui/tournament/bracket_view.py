"""The bracket drawn: one box a match, a line from each match to the one its winner plays next.

Built from the tournament's typed view (`show.TournamentView`) and `layout` (the same plan as
the paper and the board's page), so storage never matters here. The scene is also what the PDF prints. The view
scrolls, and zooms with Ctrl + wheel or the keys (Ctrl++, Ctrl+-, Ctrl+0 fits).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)
from referee_desk.i18n import qt_translate

from referee_app.i18n import Translate
from referee_app.tournament import wording
from referee_app.tournament.layout import BOX_H, BOX_W, HEADER_H, ROW_H, Layout, layout
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import MatchView, TournamentView

INK = QColor("#1b1f24")
PAPER = QColor("#ffffff")
STATUS_FILL = {
    MatchStatus.READY: QColor("#fff4c2"),
    MatchStatus.PLAYING: QColor("#d4f5d4"),
    MatchStatus.DONE: QColor("#eef1f5"),
    MatchStatus.FORFEIT: QColor("#eef1f5"),
    MatchStatus.BYE: QColor("#f7f7f7"),
    MatchStatus.WAITING: QColor("#ffffff"),
}
CHANGED = QColor("#d81b60")
TITLE_COLOUR = QColor("#0d47a1")
LINE_COLOUR = QColor("#607d8b")


class MatchItem(QGraphicsRectItem):
    """One match: its id, round or table on top, then the two players with their racks."""

    def __init__(
        self,
        match: MatchView,
        x: float,
        y: float,
        label: str,
        changed: bool,
        tr: Translate,
        font_scale: float = 1.0,
        short_label: str = "",
    ) -> None:
        """`short_label`: the label without its round (the column's head names it), printed when the
        whole label would run past the column into the next one (French words are longer)."""
        super().__init__(0, 0, BOX_W, BOX_H)
        self.match_id = match.id
        self.setPos(x, y)
        self.setBrush(QBrush(STATUS_FILL.get(match.status, PAPER)))
        pen = QPen(CHANGED if changed else INK, 3 if changed else 1)
        pen.setCosmetic(False)
        self.setPen(pen)
        self.setToolTip(label)
        small = QFont("DejaVu Sans")
        small.setPointSizeF(6 * min(font_scale, 1.25))
        normal, bold = QFont("DejaVu Sans"), QFont("DejaVu Sans")
        normal.setPointSizeF(8 * font_scale)
        bold.setPointSizeF(8 * font_scale)
        bold.setBold(True)
        limit = round(30 / font_scale)
        room = BOX_W - 4  # within the box: the connector lines run in the gap beside it
        metrics = QFontMetricsF(small)
        if metrics.horizontalAdvance(label) > room and short_label:
            label = short_label
        head = QGraphicsSimpleTextItem(metrics.elidedText(label, Qt.TextElideMode.ElideMiddle, room), self)
        head.setFont(small)
        head.setBrush(QBrush(QColor("#455a64")))
        head.setPos(3, -11 * min(font_scale, 1.25))
        score = match.score
        for row, (name, source) in enumerate(((match.a, match.from_a), (match.b, match.from_b))):
            text = name if name else wording.source_text(source, tr)
            if name is None and match.status is MatchStatus.BYE:
                text = "—"
            won = name is not None and name == match.winner and match.status is not MatchStatus.BYE
            item = QGraphicsSimpleTextItem(_elide(text, limit), self)
            item.setFont(bold if won else normal)
            item.setBrush(QBrush(INK if name else QColor("#78909c")))
            item.setPos(5, 2 + row * BOX_H / 2)
            if score is not None:
                racks = QGraphicsSimpleTextItem(str(score[row]), self)
                racks.setFont(bold if won else normal)
                racks.setBrush(QBrush(INK))
                racks.setPos(BOX_W - 8 - racks.boundingRect().width(), 2 + row * BOX_H / 2)
        divider = QGraphicsRectItem(0, BOX_H / 2, BOX_W, 0.01, self)
        divider.setPen(QPen(QColor("#b0bec5"), 0.5))


def _elide(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def match_label(match: MatchView, names: Mapping[str, str], tr: Translate, with_round: bool = True) -> str:
    """`W2-3 · Winners' round 2 · table 4 · race to 7` (without the round: `W2-3 · table 4 · race to 7`)."""
    parts = [match.id, names.get(match.id, "") if with_round else ""]
    if match.table is not None:
        parts.append(tr(wording.CTX, wording.TABLE_N).format(n=match.table))
    parts.append(tr(wording.CTX, wording.RACE_TO).format(n=match.race))
    if match.status in (MatchStatus.BYE, MatchStatus.FORFEIT):
        parts.append(wording.status_word(match.status.value, tr))
    return " · ".join(p for p in parts if p)


def build_scene(
    shown: TournamentView,
    tr: Translate = qt_translate,
    changed: Collection[str] = (),
    scene: QGraphicsScene | None = None,
    font_scale: float = 1.0,
    names: Mapping[str, str] | None = None,
) -> tuple[QGraphicsScene, Layout]:
    """The bracket of `shown` as a scene; `changed` matches drawn in a strong colour."""
    scene = scene or QGraphicsScene()
    scene.clear()
    matches = shown.matches
    plan = layout(matches)
    names = names if names is not None else wording.round_names(matches, tr)
    by_id = {m.id: m for m in matches}
    for line in plan.lines:
        _draw_line(scene, plan, line)
    title_font = QFont("DejaVu Sans", 13)
    title_font.setBold(True)
    for band in plan.bands:
        title = _band_title(band.key, tr)
        if band.stage == 2 and band.key in ("W", "L"):
            title += " · " + tr(wording.CTX, wording.KNOCKOUT)
        text = scene.addSimpleText(title, title_font)
        text.setBrush(QBrush(TITLE_COLOUR))
        text.setPos(0, band.top - HEADER_H + 4)
    for mid, y in plan.head_positions().items():
        _draw_head(scene, plan, mid, y, names)
    for mid, box in plan.boxes.items():
        match = by_id[mid]
        label, short = match_label(match, names, tr), match_label(match, names, tr, with_round=False)
        scene.addItem(MatchItem(match, box.x, box.y, label, mid in changed, tr, font_scale, short))
    scene.setSceneRect(QRectF(-10, -10, plan.width + 20, plan.height + ROW_H))
    return scene, plan


def _draw_line(scene: QGraphicsScene, plan: Layout, line: tuple[str, str]) -> None:
    """The line from a match to the one its winner plays next."""
    a, b = plan.boxes[line[0]], plan.boxes[line[1]]
    start = QPointF(a.x + BOX_W, a.y + BOX_H / 2)
    end = QPointF(b.x, b.y + BOX_H / 2)
    bend = start.x() + max(12.0, (end.x() - start.x()) / 2)
    path = QPainterPath(start)
    path.lineTo(bend, start.y())
    path.lineTo(bend, end.y())
    path.lineTo(end)
    scene.addPath(path, QPen(LINE_COLOUR, 1.2)).setZValue(-1)  # under the boxes, drawn with them or after


def _draw_head(scene: QGraphicsScene, plan: Layout, mid: str, y: float, names: Mapping[str, str]) -> None:
    """A column's round name, above it."""
    font = QFont("DejaVu Sans", 8)
    font.setBold(True)
    head = scene.addSimpleText(names.get(mid, ""), font)
    head.setBrush(QBrush(INK))
    head.setPos(plan.boxes[mid].x, y)


def _grows(before: Layout, after: Layout) -> bool:
    """Whether `after` only adds to `before` (a second final drawn): every box, band, line and
    column head of `before` where it was."""
    heads = after.head_positions()
    return (
        after.bands == before.bands
        and all(after.boxes.get(mid) == box for mid, box in before.boxes.items())
        and set(before.lines) <= set(after.lines)
        and all(heads.get(mid) == y for mid, y in before.head_positions().items())
    )


def _band_title(key: str, tr: Translate) -> str:
    if key.startswith("G"):
        digits = "".join(ch for ch in key if ch.isdigit())
        side = key[-1] if key[-1] in "WL" else ""
        group = tr(wording.CTX, wording.GROUP_N).format(g=digits)
        return f"{group} · {wording.side_title(side, tr)}" if side else group
    return wording.side_title(key, tr)


class BracketView(QGraphicsView):
    """The bracket, scrolled with the bars or the arrows, zoomed with Ctrl + wheel or the keys."""

    MIN_ZOOM, MAX_ZOOM = 0.05, 4.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bracketView")
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QBrush(QColor("#fafafa")))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.zoom = 1.0
        self.plan: Layout | None = None
        self._drawn: dict[str, MatchView] = {}
        self._items: dict[str, MatchItem] = {}
        self._names: dict[str, str] = {}
        self._marked = False
        self._title: str | None = None

    def show_bracket(
        self, shown: TournamentView, changed: Collection[str] = (), names: Mapping[str, str] | None = None
    ) -> None:
        """Draw `shown`; when only results moved on (the same matches, in the same rounds), only the
        boxes that changed are drawn again (a result in a 128-player bracket changes a few); a
        match added where nothing moves (a second final) is added, not the whole scene drawn again."""
        matches = {m.id: m for m in shown.matches}
        names = dict(names) if names is not None else wording.round_names(shown.matches, qt_translate)
        kept = (
            self.plan is not None
            and not changed
            and not self._marked
            and shown.name == self._title
            and set(self._drawn) <= set(matches)
            and all(names.get(mid) == name for mid, name in self._names.items())
        )
        added = [mid for mid in matches if mid not in self._drawn]
        if kept and added:
            assert self.plan is not None
            plan = layout(shown.matches)
            kept = _grows(self.plan, plan)
            if kept:
                self._grow(plan, added, matches, names)
        if not kept:
            _, self.plan = build_scene(shown, qt_translate, changed, self.scene(), names=names)
            self._items = {i.match_id: i for i in self.scene().items() if isinstance(i, MatchItem)}
        else:
            assert self.plan is not None
            for mid, match in matches.items():
                if mid in self._drawn and match != self._drawn[mid]:
                    self.scene().removeItem(self._items[mid])
                    self._items[mid] = self._match_item(match, names)
                    self.scene().addItem(self._items[mid])
        self._drawn = matches
        self._names = names
        self._marked = bool(changed)
        self._title = shown.name

    def _match_item(self, match: MatchView, names: Mapping[str, str]) -> MatchItem:
        assert self.plan is not None
        box = self.plan.boxes[match.id]
        label = match_label(match, names, qt_translate)
        short = match_label(match, names, qt_translate, with_round=False)
        return MatchItem(match, box.x, box.y, label, False, qt_translate, short_label=short)

    def _grow(self, plan: Layout, added: list[str], matches: Mapping[str, MatchView], names: Mapping[str, str]) -> None:
        """The new matches' lines, column heads and boxes added to the scene as `build_scene` draws them."""
        assert self.plan is not None
        scene, before = self.scene(), self.plan
        for line in plan.lines:
            if line not in before.lines:
                _draw_line(scene, plan, line)
        known = before.head_positions()
        for mid, y in plan.head_positions().items():
            if mid not in known:
                _draw_head(scene, plan, mid, y, names)
        self.plan = plan
        for mid in added:
            self._items[mid] = self._match_item(matches[mid], names)
            scene.addItem(self._items[mid])
        scene.setSceneRect(QRectF(-10, -10, plan.width + 20, plan.height + ROW_H))

    def match_items(self) -> dict[str, MatchItem]:
        return dict(self._items)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = min(self.MAX_ZOOM, max(self.MIN_ZOOM, zoom))
        self.resetTransform()
        self.scale(self.zoom, self.zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * 1.25)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / 1.25)

    def fit(self) -> None:
        """The whole bracket in the window (never larger than 100 %)."""
        rect = self.sceneRect()
        if rect.width() <= 0 or rect.height() <= 0:
            return
        room = self.viewport().size()
        self.set_zoom(min(1.0, room.width() / rect.width(), room.height() / rect.height()))

    def centre_on(self, match_id: str) -> bool:
        item = self.match_items().get(match_id)
        if item is None:
            return False
        self.centerOn(item)
        return True

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            (self.zoom_in if event.angleDelta().y() > 0 else self.zoom_out)()
            event.accept()
            return
        super().wheelEvent(event)
