"""The pot split (payouts): Decimal to the cent, summing exactly to the pot, in place order; ties
share; bad amounts and percentages refused in words."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.money import amount, divide, payout_json, payout_sheet, percentages, split

CENT = Decimal("0.01")
POTS = st.integers(1, 10**9).map(lambda cents: Decimal(cents) / 100)
TENTHS = st.lists(st.integers(1, 400), min_size=1, max_size=20).filter(lambda p: sum(p) <= 1000)
"""Places' percentages in tenths (12.5 %), making at most 100 together."""


@given(POTS, TENTHS)
def test_percentages_that_make_100_pay_the_whole_pot_to_the_cent(pot: Decimal, tenths: list[int]) -> None:
    shares = [Decimal(p) / 10 for p in tenths]
    if sum(shares) < 100:
        shares.append(100 - sum(shares))
    amounts = split(pot, shares)
    assert sum(amounts) == pot
    assert all(a == a.quantize(CENT) and a >= 0 for a in amounts)
    assert all(abs(a - pot * s / 100) <= CENT for a, s in zip(amounts, shares, strict=True))


@given(POTS, TENTHS)
def test_each_place_within_a_cent_and_the_sum_the_pots_share(pot: Decimal, tenths: list[int]) -> None:
    shares = [Decimal(p) / 10 for p in tenths]
    amounts = split(pot, shares)
    wanted = pot if sum(shares) == 100 else (pot * sum(shares) / 100).quantize(CENT, "ROUND_DOWN")
    assert sum(amounts) == wanted
    assert all(abs(a - pot * s / 100) <= CENT for a, s in zip(amounts, shares, strict=True))
    assert all(type(a) is Decimal for a in amounts), "money is never a float"


@given(POTS, st.integers(1, 12))
def test_a_tie_shares_equally_to_the_cent(pot: Decimal, k: int) -> None:
    parts = divide(pot, [Decimal(1)] * k)
    assert sum(parts) == pot and max(parts) - min(parts) <= CENT


def test_the_issues_example_and_the_json() -> None:
    amounts = split(Decimal("137.37"), [Decimal(50), Decimal(30), Decimal(20)])
    assert amounts == [Decimal("68.69"), Decimal("41.21"), Decimal("27.47")]
    assert payout_json(amounts) == [
        {"place": 1, "amount": "68.69"},
        {"place": 2, "amount": "41.21"},
        {"place": 3, "amount": "27.47"},
    ]


def test_ties_share_their_places_amounts() -> None:
    amounts = split(Decimal("100.00"), [Decimal(40), Decimal(25), Decimal(15), Decimal(10), Decimal(10)])
    sheet = payout_sheet([(1, ["Ana"]), (2, ["Ben"]), (3, ["Dora", "Carl"]), (5, ["Eva", "Finn"])], amounts)
    assert [(p.place, p.names[0], str(p.amount)) for p in sheet] == [
        (1, "Ana", "40.00"), (2, "Ben", "25.00"), (3, "Carl", "12.50"), (3, "Dora", "12.50"), (5, "Eva", "5.00"),
        (5, "Finn", "5.00"),
    ]  # fmt: skip


@pytest.mark.parametrize("typed", ["", "abc", "-5", "0", "1e3000", "NaN", "Infinity", "12.345", "1" * 30])
def test_a_bad_pot_is_refused(typed: str) -> None:
    with pytest.raises(TournamentRefused):
        amount(typed)


@pytest.mark.parametrize("typed", ["", "50,,30", "50,30,30", "0,100", "-10,110", "NaN", "50;50"])
def test_bad_places_are_refused(typed: str) -> None:
    with pytest.raises(TournamentRefused):
        percentages(typed)
