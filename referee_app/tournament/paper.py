"""The standings sheet as HTML that Qt's rich text prints: places, clubs, ratings, the event
performance of each player (spec §6), matches and racks won and lost.

Read from `show --json` and `standings --json` (spec §4, §6) only. Names are escaped: they
come from an entry list typed by anyone.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
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


def standings_html(shown: Mapping[str, Any], standings: Mapping[str, Any], tr: Translate = english) -> str:
    """One table: everyone placed, then those still in, each with club, rating and performance."""

    def t(text: str) -> str:
        return _e(tr(CTX, text))

    entries = {e["name"]: e for e in shown.get("entries", [])}
    done = records(shown)
    performance = standings.get("performance", {})
    rows: list[tuple[str, str]] = [
        (str(place["place"]), name) for place in standings.get("places", []) for name in place["names"]
    ]
    placed = {name for _, name in rows}
    rows = [(t(STILL_IN), name) for name in entries if name not in placed] + rows  # still in: ahead of those out
    body = []
    for place, name in rows:
        entry = entries.get(name, {})
        rating = entry.get("rating")
        perf = performance.get(name)
        won, lost, racks_won, racks_lost = done.get(name, (0, 0, 0, 0))
        body.append(
            f"<tr><td>{place}</td><td>{_e(name)}</td><td>{_e(entry.get('club', ''))}</td>"
            f"<td class='num'>{'' if rating is None else _e(rating)}</td>"
            f"<td class='num'><b>{'' if perf is None else _e(perf)}</b></td>"
            f"<td class='num'>{won}-{lost}</td><td class='num'>{racks_won}-{racks_lost}</td></tr>"
        )
    widths = (10, 25, 16, 10, 17, 11, 11)
    heads = "".join(
        f"<th width='{w}%'>{t(h)}</th>"
        for w, h in zip(widths, (PLACE, PLAYER, CLUB, RATING, PERFORMANCE, MATCHES, RACKS), strict=True)
    )
    sub = [status_word(str(standings.get("status", "")), tr)]
    if shown.get("draw_seed") is not None:
        sub.append(tr(CTX, DRAW_SEED).format(seed=shown["draw_seed"]))
    return (
        f"<html><head><meta charset='utf-8'>{STYLE}</head><body>"
        f"<h1>{_e(shown.get('name', ''))} — {t(STANDINGS)}</h1>"
        f"<p class='sub'>{_e(' · '.join(sub))}</p>"
        f"<table width='100%' cellspacing='0' cellpadding='3' border='0.5'><tr>{heads}</tr>{''.join(body)}</table>"
        f"<p class='note'>{t(PERFORMANCE_NOTE)}</p>"
        "</body></html>"
    )
