"""The pot split into payouts: percentages to the cent, summing exactly to the pot. Decimal only.

Each place gets its percentage of the pot rounded down to the cent; the cents left over (fewer than
the number of places) go one each to the best places first, so the amounts sum to the pot and a
better place never gets less than a worse one with the same or a smaller percentage. Tied players
share the sum of the places they tie for, split the same way (the first names alphabetically get
the odd cents): the payout sheet once places are known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.model import TournamentRefused

CENT = Decimal("0.01")
MAX_POT = Decimal("10000000.00")
MAX_PLACES = 64


def amount(text: str) -> Decimal:
    """A pot typed by the organizer (`1234.50`): positive, in cents at most; refused otherwise."""
    try:
        value = Decimal(text.strip()) if len(text) <= 20 else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or not CENT <= value <= MAX_POT or value != value.quantize(CENT):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a pot is an amount from 0.01 to 10000000.00, in cents, not {text}"),
            text=text,
        )
    return value


def percentages(text: str) -> tuple[Decimal, ...]:
    """`50,30,20` as the places' percentages: each above 0, together at most 100."""
    try:
        parts = tuple(Decimal(p.strip()) for p in text.split(",")) if len(text) <= 400 else ()
    except InvalidOperation:
        parts = ()
    if (
        not parts
        or len(parts) > MAX_PLACES
        or not all(p.is_finite() and p > 0 for p in parts)
        or sum(parts, Decimal(0)) > 100
    ):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "places are percentages above 0 separated by commas (as 50,30,20), at most 100 together, not {text}",
            ),
            text=text,
        )
    return parts


def split(pot: Decimal, shares: Sequence[Decimal]) -> list[Decimal]:
    """`pot` split by `shares` (percentages, or any weights when they sum to 100), to the cent: the
    amounts sum exactly to the pot's share of 100 % (the whole pot when the shares make 100)."""
    total = sum(shares, Decimal(0))
    if not shares or total <= 0:
        return []
    wanted = pot if total == 100 else (pot * total / 100).quantize(CENT, ROUND_DOWN)
    amounts = [(pot * s / 100).quantize(CENT, ROUND_DOWN) for s in shares]
    left = int((wanted - sum(amounts, Decimal(0))) / CENT)
    for i in range(left):  # fewer cents than places: one each, best places first
        amounts[i % len(amounts)] += CENT
    return amounts


def divide(whole: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """`whole` (in cents) divided in proportion to `weights`, exactly: each rounded down to the cent,
    then the cents left (fewer than the parts) one each to the first parts."""
    total = sum(weights, Decimal(0))
    amounts = [(whole * w / total).quantize(CENT, ROUND_DOWN) for w in weights]
    left = int((whole - sum(amounts, Decimal(0))) / CENT)
    for i in range(left):
        amounts[i % len(amounts)] += CENT
    return amounts


@dataclass(frozen=True, slots=True)
class Payout:
    place: int
    names: tuple[str, ...]
    amount: Decimal
    """Each name's amount."""


def payout_sheet(places: Sequence[tuple[int, Sequence[str]]], amounts: Sequence[Decimal]) -> list[Payout]:
    """Who gets what once places are known: `places` as standings gives them (first place of a tie,
    the names), `amounts` by place (1st, 2nd, …). A tie of k players at place p shares the amounts
    of places p..p+k-1 equally, to the cent (the odd cents to the first names)."""
    out: list[Payout] = []
    for place, names in places:
        paid = list(amounts[place - 1 : place - 1 + len(names)])
        if not paid:
            continue
        pot = sum(paid, Decimal(0))
        each = divide(pot, [Decimal(1)] * len(names))
        for name, value in zip(sorted(names), each, strict=True):
            out.append(Payout(place, (name,), value))
    return out


def payout_json(amounts: Sequence[Decimal]) -> list[Mapping[str, object]]:
    """`payouts --json`: `[{"place": 1, "amount": "68.68"}, …]`."""
    return [{"place": i, "amount": f"{a:f}"} for i, a in enumerate(amounts, start=1)]
