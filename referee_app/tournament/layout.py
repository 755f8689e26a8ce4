"""Where each match of a bracket is drawn, from the tournament's typed view (`show.MatchView`).

One layout for the window's bracket view, the paper and the board's web page, so they all
look alike. Parts ("bands") are stacked top to bottom: each group, then the winners' side,
then the losers' side; a round is a column. A match fed by the winners of earlier matches
sits level with the middle of them, so the lines from each match to the next stay short;
the finals come after the last column of both sides, between them. Units are points
at 100 % zoom.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee_app.tournament.model import Side
from referee_app.tournament.show import MatchView

BOX_W = 210.0
BOX_H = 46.0
COL_W = 260.0
ROW_H = 64.0
BAND_GAP = 90.0
HEADER_H = 60.0


@dataclass(frozen=True, slots=True)
class Box:
    id: str
    x: float
    y: float
    band: str


@dataclass(frozen=True, slots=True)
class Band:
    """A part of the bracket: `key` is `W`, `L`, `G{g}`, `G{g}W`/`G{g}L`, with its stage."""

    key: str
    stage: int
    top: float


@dataclass(frozen=True, slots=True)
class Layout:
    boxes: dict[str, Box]
    bands: tuple[Band, ...]
    lines: tuple[tuple[str, str], ...]
    """(from, to): the winner of `from` goes on to `to`."""
    columns: dict[tuple[str, int, int], str]
    """(band, stage, column) -> a match id of that column (to name its round)."""
    width: float
    height: float

    def head_positions(self) -> dict[str, float]:
        """Where each column's round name goes, by the id of a match of that column (its y)."""
        tops = {(b.key, b.stage): b.top for b in self.bands}
        found: dict[str, float] = {}
        for (band, stage, _column), mid in self.columns.items():
            top = tops.get((band, stage)) if band != "F" else None
            found[mid] = (top if top is not None else self.boxes[mid].y) - 32
        return found

    def to_dict(self) -> dict[str, Any]:
        """For the board's page: plain numbers."""
        return {
            "boxes": {b.id: [round(b.x), round(b.y)] for b in self.boxes.values()},
            "lines": [list(line) for line in self.lines],
            "bands": [{"key": b.key, "stage": b.stage, "top": round(b.top)} for b in self.bands],
            "heads": [[round(self.boxes[mid].x), round(y), mid] for mid, y in self.head_positions().items()],
            "width": round(self.width),
            "height": round(self.height),
            "box": [BOX_W, BOX_H],
        }


def band_of(match: MatchView) -> str:
    """The part of the bracket a match is drawn in (`Band.key`); the finals and third place: `F`."""
    mid, side = match.id, match.side
    if side is Side.G:
        group = mid.split("-", 1)[0]
        return group + ("W" if "-W" in mid else "L" if "-L" in mid else "")
    if side in (Side.F, Side.P):
        return "F"
    return side.value


def layout(matches: Sequence[MatchView]) -> Layout:
    """The bracket's drawing plan."""
    by_id = {m.id: m for m in matches}
    feeders: dict[str, list[str]] = {}
    for m in matches:
        target = m.winner_to
        if target is not None and target in by_id and target != m.id:
            feeders.setdefault(target, []).append(m.id)
    column: dict[str, int] = {}

    def col(mid: str, seen: frozenset[str] = frozenset()) -> int:
        if mid not in column:
            fed = [f for f in feeders.get(mid, []) if f not in seen]
            first = by_id[mid].round - 1 if band_of(by_id[mid]).startswith("G") else 0
            column[mid] = 1 + max((col(f, seen | {mid}) for f in fed), default=first - 1)
        return column[mid]

    for mid in by_id:
        col(mid)
    if "P3" in by_id and "F1" in by_id:
        column["P3"] = column["F1"]
    order = _band_order(matches)
    bands: list[Band] = []
    ys: dict[str, float] = {}
    top = HEADER_H
    merged: list[str] = []
    for stage, key in order:
        members = [m.id for m in matches if m.stage == stage and band_of(m) == key]
        stacked: dict[int, int] = {}
        bottom = top
        for mid in sorted(members, key=lambda i: column[i]):
            own = [f for f in feeders.get(mid, []) if f in ys and band_of(by_id[f]) == key]
            other = [f for f in feeders.get(mid, []) if band_of(by_id[f]) != key]
            if other and key == "W":
                merged.append(mid)  # fed from both sides (after --se-at): placed after both
                continue
            if own:
                ys[mid] = sum(ys[f] for f in own) / len(own)
            else:
                row = stacked.get(column[mid], 0)
                stacked[column[mid]] = row + 1
                ys[mid] = top + row * ROW_H
            bottom = max(bottom, ys[mid] + ROW_H)
        bands.append(Band(key, stage, top))
        top = bottom + BAND_GAP
    # Matches fed from two parts (the finals, the single elimination after --se-at): between them.
    rest = merged + [m.id for m in matches if band_of(m) == "F"]
    for mid in sorted(rest, key=lambda i: column[i]):
        fed = [f for f in feeders.get(mid, []) if f in ys]
        if fed:
            ys[mid] = sum(ys[f] for f in fed) / len(fed)
            column[mid] = 1 + max(column[f] for f in fed)
        elif mid == "P3" and "F1" in ys:
            ys[mid], column[mid] = ys["F1"] + 2 * ROW_H, column["F1"]
        else:
            ys[mid] = HEADER_H
    _no_overlap(ys, column)
    boxes = {mid: Box(mid, column[mid] * COL_W, ys[mid], band_of(by_id[mid])) for mid in by_id}
    lines = tuple(
        (m.id, m.winner_to) for m in matches if m.winner_to is not None and m.winner_to in by_id and m.winner_to != m.id
    )
    columns: dict[tuple[str, int, int], str] = {}
    for mid, box in boxes.items():
        columns.setdefault((box.band, by_id[mid].stage, column[mid]), mid)
    width = max((b.x for b in boxes.values()), default=0.0) + BOX_W + 20
    height = max((b.y for b in boxes.values()), default=0.0) + ROW_H + 20
    return Layout(boxes, tuple(bands), lines, columns, width, height)


def _band_order(matches: Sequence[MatchView]) -> list[tuple[int, str]]:
    seen: list[tuple[int, str]] = []
    for m in matches:
        key = (m.stage, band_of(m))
        if key[1] != "F" and key not in seen:
            seen.append(key)

    def rank(item: tuple[int, str]) -> tuple[int, int, int, str]:
        stage, key = item
        if key.startswith("G"):
            digits = "".join(ch for ch in key[1:] if ch.isdigit())
            return (stage, 0, int(digits or 0), key)
        return (stage, 1, 0 if key == "W" else 1, key)

    return sorted(seen, key=rank)


def _no_overlap(ys: dict[str, float], column: dict[str, int]) -> None:
    """Push a box down when it would cover the one above it in its column."""
    by_column: dict[int, list[str]] = {}
    for mid in ys:
        by_column.setdefault(column[mid], []).append(mid)
    for mids in by_column.values():
        mids.sort(key=lambda m: ys[m])
        for above, below in itertools.pairwise(mids):
            if ys[below] < ys[above] + ROW_H:
                ys[below] = ys[above] + ROW_H
