"""A drawing of the table: the six pockets, the balls still on it, the cue ball.

Positions of the balls are not recorded, so the balls stand in a row on the
cloth in number order; what matters to the referee is which are left, which
is the lowest, where the cue ball is in hand, and when the 10 must be spotted.
Clicking a ball or a pocket is how a call is made.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget
from referee_desk.desk import presenter
from referee_desk.desk.pickers import POCKET_PLACES
from referee_desk.i18n import qt_translate

from referee_app.game.labels import pocket_label
from referee_app.game.state import State
from referee_app.game.vocab import CueBall, Pocket

# Pens and brushes made once and passed explicitly.
NO_PEN = QPen(Qt.PenStyle.NoPen)
NO_BRUSH = QBrush(Qt.BrushStyle.NoBrush)
LOWEST_RING = QPen(QColor("#ffffff"), 3)
CALLED_RING = QPen(QColor("#ffd54a"), 4, Qt.PenStyle.DotLine)
SPRITE_MARGIN = 4  # room around a ball's sprite for the 10's ring

BALL_COLOURS: dict[int, str] = {
    1: "#f2c20f",
    2: "#1b46b8",
    3: "#d32626",
    4: "#5a2a8a",
    5: "#ef7a12",
    6: "#12803d",
    7: "#7b1d1d",
    8: "#141414",
    9: "#f2c20f",
    10: "#1b46b8",
}
STRIPES = {9, 10}

# Pocket centres as fractions of the playing surface (x along the table, y across it).
POCKET_AT: dict[Pocket, tuple[float, float]] = {
    pocket: (col / 2, float(row)) for pocket, (row, col) in POCKET_PLACES.items()
}


def _circle(centre: QPointF, radius: float) -> QRectF:
    """The square around a circle. `drawEllipse(QPointF, rx, ry)` leaks a reference to None in
    PySide6 6.12 (a crash after some hundreds of paints), so circles are drawn from rectangles."""
    return QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)


def ball_diameter(cloth: QRectF) -> float:
    """Ten balls in a row, with gaps of a quarter ball, fit on the cloth."""
    return min(cloth.height() / 5.5, cloth.width() / 14)


def head_string_x(cloth: QRectF) -> float:
    """The head string, a quarter of the way along the cloth: the kitchen lies behind it."""
    return cloth.left() + cloth.width() / 4


def _paint_ball(p: QPainter, rect: QRectF, ball: int) -> None:
    colour = QColor(BALL_COLOURS[ball])
    p.setPen(NO_PEN)
    if ball in STRIPES:
        p.setBrush(QColor("#f4f1e8"))
        p.drawEllipse(rect)
        outline = QPainterPath()
        outline.addEllipse(rect)
        p.setClipPath(outline)  # the band stays inside the ball
        p.setBrush(colour)
        p.drawRect(QRectF(rect.left(), rect.top() + rect.height() * 0.25, rect.width(), rect.height() * 0.5))
        p.setClipping(False)
    else:
        p.setBrush(colour)
        p.drawEllipse(rect)
    p.setBrush(QColor("#ffffff"))
    p.drawEllipse(_circle(rect.center(), rect.width() * 0.26))
    p.setPen(QColor("#111111"))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(ball))
    if ball == 10:  # the money ball gets a gold ring
        p.setPen(QPen(QColor("#ffd54a"), 2))
        p.setBrush(NO_BRUSH)
        p.drawEllipse(rect.adjusted(-2, -2, 2, 2))


class TableView(QWidget):
    ball_clicked = Signal(int)
    pocket_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableView")
        self.setMinimumSize(480, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.state: State | None = None
        self.called_ball: int | None = None
        self.called_pocket: Pocket | None = None
        self._ball_rects: dict[int, QRectF] = {}
        self._pocket_rects: dict[Pocket, QRectF] = {}
        self._label_rects: dict[Pocket, QRectF] = {}
        self._background_key: tuple[object, ...] = ()
        self._plain = self._called = QPixmap()
        self._sprites: dict[tuple[int, float, float], QPixmap] = {}
        # every pixel is painted here: nothing behind the table needs painting first
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def set_state(
        self, state: State | None, called_ball: int | None = None, called_pocket: Pocket | None = None
    ) -> None:
        self.state = state
        self.called_ball = called_ball
        self.called_pocket = called_pocket
        self.update()

    def ball_rect(self, ball: int) -> QRectF:
        return self._ball_rects[ball]

    def pocket_rect(self, pocket: Pocket) -> QRectF:
        return self._pocket_rects[pocket]

    # --- geometry ------------------------------------------------------------------
    def _surface(self) -> QRectF:
        w, h = self.width(), self.height()
        rail = max(18.0, min(w, h) * 0.07)
        length = min(w - 2 * rail, (h - 2 * rail) * 2)
        width = length / 2
        x = (w - length) / 2
        y = (h - width) / 2
        return QRectF(x, y, length, width)

    # --- painting ------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        cloth = self._surface()
        plain, called = self._backgrounds(cloth)
        p = QPainter(self)
        p.drawPixmap(0, 0, plain)
        if self.called_pocket is not None:
            # the called pocket is copied from the drawing where every pocket is called
            rect, label = self._pocket_rects[self.called_pocket], self._label_rects[self.called_pocket]
            around = rect.adjusted(-4, -4, 4, 4).united(label.adjusted(-4, -4, 4, 4)).toAlignedRect()
            p.setClipRect(around)
            p.drawPixmap(0, 0, called)
            p.setClipping(False)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_balls(p, cloth)
        self._paint_cue_ball(p, cloth)
        p.end()

    def _backgrounds(self, cloth: QRectF) -> tuple[QPixmap, QPixmap]:
        """The table without balls, plain and with every pocket called: drawn once per size, since
        antialiased rails, strings and pockets cost more than the rest of a repaint together."""
        ratio = self.devicePixelRatioF()
        labels = tuple(pocket_label(pocket, qt_translate) for pocket in POCKET_AT)  # drawn in the language
        key = (self.width(), self.height(), ratio, self.font().key(), labels)
        if self._background_key != key:
            self._background_key = key
            self._sprites.clear()  # drawn for the old size
            self._plain, self._called = (self._draw_background(cloth, ratio, called) for called in (False, True))
        return self._plain, self._called

    def _draw_background(self, cloth: QRectF, ratio: float, called: bool) -> QPixmap:
        pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rail = cloth.height() * 0.09
        p.fillRect(self.rect(), QColor("#1d1d1d"))
        p.setBrush(QColor("#5b3416"))
        p.setPen(NO_PEN)
        p.drawRoundedRect(cloth.adjusted(-rail, -rail, rail, rail), rail * 0.6, rail * 0.6)
        p.setBrush(QColor("#1a6f45"))
        p.drawRect(cloth)
        # head string and foot spot
        p.setPen(QPen(QColor(255, 255, 255, 90), 1, Qt.PenStyle.DashLine))
        head_x = head_string_x(cloth)
        p.drawLine(QPointF(head_x, cloth.top()), QPointF(head_x, cloth.bottom()))
        foot = QPointF(cloth.left() + cloth.width() * 0.75, cloth.center().y())
        p.setPen(NO_PEN)
        p.setBrush(QColor(255, 255, 255, 140))
        p.drawEllipse(_circle(foot, 3))
        self._paint_pockets(p, cloth, rail, called)
        p.end()
        return pixmap

    def _paint_pockets(self, p: QPainter, cloth: QRectF, rail: float, called: bool) -> None:
        radius = rail * 0.85
        font = QFont(self.font())
        font.setPointSizeF(max(8.0, radius * 0.55))
        font.setBold(True)
        p.setFont(font)
        self._pocket_rects, self._label_rects = {}, {}
        for pocket, (fx, fy) in POCKET_AT.items():
            centre = QPointF(cloth.left() + fx * cloth.width(), cloth.top() + fy * cloth.height())
            rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            self._pocket_rects[pocket] = rect
            p.setPen(QPen(QColor("#ffd54a"), 4) if called else NO_PEN)
            p.setBrush(QColor("#050505"))
            p.drawEllipse(rect)
            p.setPen(QColor("#ffd54a") if called else QColor("#e0e0e0"))
            # the label sits on the cloth, towards the middle of the table
            dx = radius * (1.2 if fx == 0.0 else -3.2 if fx == 1.0 else -1.0)
            dy = radius * (0.6 if fy == 0.0 else -1.5)
            label = QRectF(centre.x() + dx, centre.y() + dy, 2 * radius, radius * 0.9)
            self._label_rects[pocket] = label
            p.drawText(label, Qt.AlignmentFlag.AlignCenter, pocket_label(pocket, qt_translate))

    def _paint_balls(self, p: QPainter, cloth: QRectF) -> None:
        self._ball_rects = {}
        if self.state is None:
            return
        balls = sorted(self.state.balls_on_table)
        lowest = self.state.lowest_ball
        diameter = ball_diameter(cloth)
        gap = diameter * 0.25
        total = len(balls) * diameter + max(0, len(balls) - 1) * gap
        # a little right of centre, clear of the kitchen's cue ball, but never into the foot rail
        x = min(cloth.center().x() - total / 2 + cloth.width() * 0.08, cloth.right() - cloth.width() * 0.03 - total)
        y = cloth.center().y() - diameter / 2
        for ball in balls:
            rect = QRectF(x, y, diameter, diameter)
            self._ball_rects[ball] = rect
            p.drawPixmap(QPointF(x - SPRITE_MARGIN, y - SPRITE_MARGIN), self._sprite(ball, diameter))
            if ball == lowest:
                p.setPen(LOWEST_RING)
                p.setBrush(NO_BRUSH)
                p.drawEllipse(rect.adjusted(-6, -6, 6, 6))
            if ball == self.called_ball:
                p.setPen(CALLED_RING)
                p.setBrush(NO_BRUSH)
                p.drawEllipse(rect.adjusted(-10, -10, 10, 10))
            x += diameter + gap
        hint = presenter.spot_ten_line(self.state, qt_translate)
        if hint:
            p.setPen(QColor("#ffd54a"))
            p.drawText(
                QRectF(cloth.left(), cloth.bottom() - cloth.height() * 0.18 - diameter, cloth.width(), diameter),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                hint,
            )

    def _sprite(self, ball: int, diameter: float) -> QPixmap:
        """A ball drawn once per size: copying it costs a fraction of its circles and number."""
        ratio = self.devicePixelRatioF()
        key = (ball, diameter, ratio)
        sprite = self._sprites.get(key)
        if sprite is None:
            side = math.ceil((diameter + 2 * SPRITE_MARGIN) * ratio)
            sprite = QPixmap(side, side)
            sprite.setDevicePixelRatio(ratio)
            sprite.fill(Qt.GlobalColor.transparent)
            p = QPainter(sprite)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            font = QFont(self.font())
            font.setPointSizeF(max(7.0, diameter * (0.26 if ball == 10 else 0.32)))  # two digits fit the spot too
            font.setBold(True)
            p.setFont(font)
            _paint_ball(p, QRectF(SPRITE_MARGIN, SPRITE_MARGIN, diameter, diameter), ball)
            p.end()
            self._sprites[key] = sprite
        return sprite

    def _paint_cue_ball(self, p: QPainter, cloth: QRectF) -> None:
        if self.state is None or self.state.over:
            return
        d = ball_diameter(cloth)
        text = presenter.cue_ball_line(self.state, qt_translate)
        # above the row of object balls, which reaches into the kitchen when the rack is full
        above_row = cloth.center().y() - d * 1.5
        if self.state.cue_ball is CueBall.IN_HAND_KITCHEN:
            centre = QPointF((cloth.left() + head_string_x(cloth)) / 2, above_row)
        elif self.state.cue_ball is CueBall.IN_HAND:
            centre = QPointF(cloth.left() + cloth.width() * 0.2, cloth.top() + cloth.height() * 0.18 + d * 0.45)
        else:
            centre = QPointF(cloth.left() + cloth.width() * 0.12, above_row)
        p.setBrush(QColor("#fbfbf6"))
        pen = QPen(QColor("#ffd54a"), 3, Qt.PenStyle.DashLine) if text else NO_PEN
        p.setPen(pen)
        p.drawEllipse(_circle(centre, d / 2))
        if text:
            font = QFont(self.font())
            font.setPointSizeF(max(8.0, d * 0.28))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("#ffd54a"))
            p.drawText(
                QRectF(cloth.left(), cloth.top() + cloth.height() * 0.18, cloth.width(), d * 0.9),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                text,
            )

    # --- clicks --------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        for ball, rect in self._ball_rects.items():
            if rect.adjusted(-4, -4, 4, 4).contains(point):
                self.ball_clicked.emit(ball)
                return
        for pocket, rect in self._pocket_rects.items():
            if rect.adjusted(-6, -6, 6, 6).contains(point):
                self.pocket_clicked.emit(pocket.value)
                return
        super().mousePressEvent(event)
