"""The standings sheet as words in the page's language: places, clubs, ratings, the event
performance of each player (spec §6), matches and racks won and lost.

Read from the tournament's typed state; the GUI paints the `Sheet` into a PDF (`QPainter`:
names are drawn as text, never read as markup).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import standings_view
from referee_app.tournament.state import Tournament
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


def records(t: Tournament) -> dict[str, tuple[int, int, int, int]]:
    """(matches won, lost, racks won, lost) per player, from the matches played (byes count nothing,
    a walkover counts a match and no rack)."""
    totals: dict[str, list[int]] = {}
    for slot in t.slots.values():
        if slot.status not in (MatchStatus.DONE, MatchStatus.FORFEIT) or not (slot.a and slot.b and slot.winner):
            continue
        score = slot.outcome.score if slot.outcome is not None and slot.status is MatchStatus.DONE else None
        for seat, name in (("a", slot.a), ("b", slot.b)):
            row = totals.setdefault(name, [0, 0, 0, 0])
            row[0 if name == slot.winner else 1] += 1
            if score is not None:
                mine, theirs = score if seat == "a" else (score[1], score[0])
                row[2] += mine
                row[3] += theirs
    return {name: (r[0], r[1], r[2], r[3]) for name, r in totals.items()}


Number = Callable[[float], str]


def plain_number(value: float) -> str:
    """612.5, 657: a number as English writes it (the GUI passes its language's way)."""
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class Sheet:
    """The standings as words, in the page's language: what the PDF lays out."""

    title: str
    sub: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]
    """Right-aligned columns (numbers)."""
    note: str


PERFORMANCE_COLUMN = 4
"""The column printed in bold: the figure the sheet is for."""


def standings_sheet(tournament: Tournament, tr: Translate = english, number: Number = plain_number) -> Sheet:
    """Everyone placed, then those still in, each with club, rating and performance."""

    def t(text: str) -> str:
        return tr(CTX, text)

    entries = {e.name: e for e in tournament.entries}
    done = records(tournament)
    table = standings_view(tournament)
    placed_rows = [(str(place), name) for place, names in table.places for name in names]
    placed = {name for _, name in placed_rows}
    order = [(t(STILL_IN), name) for name in entries if name not in placed] + placed_rows  # still in: first
    rows = []
    for place, name in order:
        entry = entries.get(name)
        rating = None if entry is None else entry.rating
        perf = table.performance.get(name)
        won, lost, racks_won, racks_lost = done.get(name, (0, 0, 0, 0))
        rows.append(
            (
                place,
                name,
                "" if entry is None else entry.club,
                "" if rating is None else number(float(rating)),
                "" if perf is None else number(float(perf)),
                f"{won}-{lost}",
                f"{racks_won}-{racks_lost}",
            )
        )
    sub = [status_word(table.status.value, tr)]
    if tournament.draw_seed is not None:
        sub.append(t(DRAW_SEED).format(seed=tournament.draw_seed))
    return Sheet(
        title=f"{tournament.name} — {t(STANDINGS)}",
        sub=" · ".join(sub),
        heads=tuple(t(h) for h in (PLACE, PLAYER, CLUB, RATING, PERFORMANCE, MATCHES, RACKS)),
        rows=tuple(rows),
        numeric=(False, False, False, True, True, True, True),
        note=t(PERFORMANCE_NOTE),
    )
