"""The standings sheet as words in the page's language: places, clubs, ratings, the event
performance of each player (spec §6), matches and racks won and lost.

Read from the tournament's typed state; the GUI paints the `Sheet` into a PDF (`QPainter`:
names are drawn as text, never read as markup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.door import ledger
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.money import payout_sheet
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
    bold: int = 4
    """The column printed in bold: the figure the sheet is for (the standings' performance)."""


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
    absent = set(tournament.absent)  # not drawn (check-in): not in the standings
    order = [(t(STILL_IN), name) for name in entries if name not in placed | absent] + placed_rows  # still in: first
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


PAYOUTS = QT_TRANSLATE_NOOP("Tournament", "Payouts")
AMOUNT = QT_TRANSLATE_NOOP("Tournament", "Amount")
POT = QT_TRANSLATE_NOOP("Tournament", "Pot {pot}, paid out {paid}")
PAYOUT_NOTE = QT_TRANSLATE_NOOP(
    "Tournament",
    "Each place gets its share of the pot to the cent, rounded down; the cents left go one each to the best "
    "places. Tied players share the amounts of the places they tie for.",
)
FEES = QT_TRANSLATE_NOOP("Tournament", "Entry fees")
PRESENT = QT_TRANSLATE_NOOP("Tournament", "Present")
PAID = QT_TRANSLATE_NOOP("Tournament", "Paid")
METHOD = QT_TRANSLATE_NOOP("Tournament", "How")
NOTE = QT_TRANSLATE_NOOP("Tournament", "Note")
YES = QT_TRANSLATE_NOOP("Tournament", "yes")
NO = QT_TRANSLATE_NOOP("Tournament", "no")
CASH = QT_TRANSLATE_NOOP("Tournament", "cash")
OTHER = QT_TRANSLATE_NOOP("Tournament", "other")
FEE_TOTALS = QT_TRANSLATE_NOOP("Tournament", "Cash {cash} · other {other} · total {total} · not paid yet: {unpaid}")
FEE_EACH = QT_TRANSLATE_NOOP("Tournament", "Entry fee {fee}")


def payout_words(tournament: Tournament, pot: Decimal, amounts: Sequence[Decimal], tr: Translate = english) -> Sheet:
    """The payout sheet once places are known: each paid place, its player(s) and amount (ties share)."""

    def t(text: str) -> str:
        return tr(CTX, text)

    places = [(place, names) for place, names in standings_view(tournament).places]
    sheet = payout_sheet(places, amounts)
    paid = sum((p.amount for p in sheet), Decimal(0))
    return Sheet(
        title=f"{tournament.name} — {t(PAYOUTS)}",
        sub=t(POT).format(pot=f"{pot:f}", paid=f"{paid:f}"),
        heads=(t(PLACE), t(PLAYER), t(AMOUNT)),
        rows=tuple((str(p.place), p.names[0], f"{p.amount:f}") for p in sheet),
        numeric=(False, False, True),
        note=t(PAYOUT_NOTE),
        bold=2,
    )


def ledger_words(tournament: Tournament, tr: Translate = english) -> Sheet:
    """The fees' ledger the organizer prints: who paid, how much and how, the totals."""

    def t(text: str) -> str:
        return tr(CTX, text)

    book = ledger(tournament)
    how = {"cash": t(CASH), "other": t(OTHER), "": ""}
    rows = tuple(
        (name, "" if present is None else t(YES if present else NO), amount, how[method], note)
        for name, present, amount, method, note in book.rows
    )
    fee = tournament.options.fee
    return Sheet(
        title=f"{tournament.name} — {t(FEES)}",
        sub="" if fee is None else t(FEE_EACH).format(fee=f"{fee:f}"),
        heads=(t(PLAYER), t(PRESENT), t(PAID), t(METHOD), t(NOTE)),
        rows=rows,
        numeric=(False, False, True, False, False),
        note=t(FEE_TOTALS).format(cash=book.cash, other=book.other, total=book.total, unpaid=len(book.unpaid)),
        bold=2,
    )
