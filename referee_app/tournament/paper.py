"""The standings sheet as HTML that Qt's rich text prints: places, clubs, ratings, the event
performance of each player (spec §6), matches and racks won and lost.

Read from `show --json` and `standings --json` (spec §4, §6) only. Names are escaped: they
come from an entry list typed by anyone.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.wording import CTX, status_word

STANDINGS = QT_TRANSLATE_NOOP("Tournament", "Standings")
PLACE = QT_TRANSLATE_NOOP("Tournament", "Place")
PLAYER = QT_TRANSLATE_NOOP("Tournament", "Player")
CLUB = QT_TRANSLATE_NOOP("Tournament", "Club")
RATING = QT_TRANSLATE_NOOP("Tournament", "Fargo rating")
PERFORMANCE = QT_TRANSLATE_NOOP("Tournament", "Event performance")
MATCHES = QT_TRANSLATE_NOOP("Tournament", "Matches won-lost")
RACKS = QT_TRANSLATE_NOOP("Tournament", "Racks won-lost")
STILL_IN = QT_TRANSLATE_NOOP("Tournament", "still in")
DRAW_SEED = QT_TRANSLATE_NOOP("Tournament", "Draw seed {seed}")
PERFORMANCE_NOTE = QT_TRANSLATE_NOOP(
    "Tournament",
    "Event performance: the Fargo rating at which the racks expected against the rated opponents met "
    "equal the racks won (a walkover counts no rack).",
)

STYLE = (
    "<style>"
    "body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; }"
    "h1 { font-size: 18pt; margin: 0; } .sub { color: #555; }"
    "th { background: #e8e8e8; text-align: left; font-size: 8pt; padding: 4px 6px; white-space: nowrap; }"
    "td { padding: 3px 6px; } .num { text-align: right; } .note { font-size: 8pt; color: #555; }"
    "</style>"
)


def _e(text: object) -> str:
    return html.escape(str(text))


def records(shown: Mapping[str, Any]) -> dict[str, tuple[int, int, int, int]]:
    """(matches won, lost, racks won, lost) per player, from the matches played (byes count nothing)."""
    totals: dict[str, list[int]] = {}
    for m in shown.get("matches", []):
        if m["status"] not in ("done", "forfeit") or not m["a"] or not m["b"] or not m["winner"]:
            continue
        for seat in ("a", "b"):
            row = totals.setdefault(m[seat], [0, 0, 0, 0])
            row[0 if m[seat] == m["winner"] else 1] += 1
            if m["score"] is not None:
                mine, theirs = (m["score"][0], m["score"][1]) if seat == "a" else (m["score"][1], m["score"][0])
                row[2] += mine
                row[3] += theirs
    return {name: (r[0], r[1], r[2], r[3]) for name, r in totals.items()}


Number = Callable[[float], str]


def plain_number(value: float) -> str:
    """612.5, 657: a number as English writes it (the GUI passes its language's way)."""
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class Sheet:
    """The standings as words, in the page's language: what the HTML and the PDF both lay out."""

    title: str
    sub: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]
    """Right-aligned columns (numbers)."""
    note: str


PERFORMANCE_COLUMN = 4
"""The column printed in bold: the figure the sheet is for."""


def standings_sheet(
    shown: Mapping[str, Any], standings: Mapping[str, Any], tr: Translate = english, number: Number = plain_number
) -> Sheet:
    """Everyone placed, then those still in, each with club, rating and performance."""

    def t(text: str) -> str:
        return tr(CTX, text)

    entries = {e["name"]: e for e in shown.get("entries", [])}
    done = records(shown)
    performance = standings.get("performance", {})
    placed_rows: list[tuple[str, str]] = [
        (str(place["place"]), name) for place in standings.get("places", []) for name in place["names"]
    ]
    placed = {name for _, name in placed_rows}
    order = [(t(STILL_IN), name) for name in entries if name not in placed] + placed_rows  # still in: first
    rows = []
    for place, name in order:
        entry = entries.get(name, {})
        rating = entry.get("rating")
        perf = performance.get(name)
        won, lost, racks_won, racks_lost = done.get(name, (0, 0, 0, 0))
        rows.append(
            (
                place,
                name,
                str(entry.get("club", "") or ""),
                "" if rating is None else number(float(rating)),
                "" if perf is None else number(float(perf)),
                f"{won}-{lost}",
                f"{racks_won}-{racks_lost}",
            )
        )
    sub = [status_word(str(standings.get("status", "")), tr)]
    if shown.get("draw_seed") is not None:
        sub.append(t(DRAW_SEED).format(seed=shown["draw_seed"]))
    return Sheet(
        title=f"{shown.get('name', '')} — {t(STANDINGS)}",
        sub=" · ".join(sub),
        heads=tuple(t(h) for h in (PLACE, PLAYER, CLUB, RATING, PERFORMANCE, MATCHES, RACKS)),
        rows=tuple(rows),
        numeric=(False, False, False, True, True, True, True),
        note=t(PERFORMANCE_NOTE),
    )


def standings_html(
    shown: Mapping[str, Any], standings: Mapping[str, Any], tr: Translate = english, number: Number = plain_number
) -> str:
    """One table: everyone placed, then those still in, each with club, rating and performance."""
    sheet = standings_sheet(shown, standings, tr, number)
    body = []
    for row in sheet.rows:
        cells = []
        for column, text in enumerate(row):
            shown_text = f"<b>{_e(text)}</b>" if column == PERFORMANCE_COLUMN else _e(text)
            cells.append(f"<td class='num'>{shown_text}</td>" if sheet.numeric[column] else f"<td>{shown_text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    widths = (10, 25, 16, 10, 17, 11, 11)
    heads = "".join(f"<th width='{w}%'>{_e(h)}</th>" for w, h in zip(widths, sheet.heads, strict=True))
    return (
        f"<html><head><meta charset='utf-8'>{STYLE}</head><body>"
        f"<h1>{_e(sheet.title)}</h1>"
        f"<p class='sub'>{_e(sheet.sub)}</p>"
        f"<table width='100%' cellspacing='0' cellpadding='3' border='0.5'><tr>{heads}</tr>{''.join(body)}</table>"
        f"<p class='note'>{_e(sheet.note)}</p>"
        "</body></html>"
    )
