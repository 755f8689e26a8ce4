"""The draw (spec §3): slot order, seeds, byes, snake and Berger tables, checked by hand."""

from __future__ import annotations

import hashlib

import pytest

from referee_app.tournament.bracket import build
from referee_app.tournament.draw import berger, bracket_size, seed_order, slot_order, snake
from referee_app.tournament.model import Entry, Format, FromSeed, Options, TournamentRefused


def test_the_16_slot_order_is_the_specs() -> None:
    assert slot_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


def test_slot_orders_put_seeds_1_and_2_in_opposite_halves_and_each_pair_sums_to_size_plus_one() -> None:
    for size in (2, 4, 8, 32, 64, 128, 256):
        order = slot_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert order.index(1) < size // 2 <= order.index(2)
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))


def test_bracket_size() -> None:
    assert [bracket_size(n) for n in (2, 3, 4, 5, 24, 128, 129, 256)] == [2, 4, 4, 8, 32, 128, 256, 256]


def test_hand_seeds_are_kept_then_rating_then_drawn_by_sha256() -> None:
    entries = [
        Entry("Ana", rating=600),
        Entry("Ben", rating=700),
        Entry("Carl", seed=1),
        Entry("Dora"),
        Entry("Eve"),
        Entry("Finn", rating=600),
    ]
    order = [e.name for e in seed_order(entries, 99)]
    assert order[0] == "Carl"
    assert order[1] == "Ben"
    digest = {n: hashlib.sha256(f"99:{n}".encode()).hexdigest() for n in ("Ana", "Finn", "Dora", "Eve")}
    assert order[2:4] == sorted(["Ana", "Finn"], key=digest.__getitem__)
    assert order[4:] == sorted(["Dora", "Eve"], key=digest.__getitem__)


def test_another_draw_seed_can_change_the_drawn_part_only() -> None:
    entries = [Entry(f"P{i}") for i in range(12)] + [Entry("Top", rating=800)]
    orders = {tuple(e.name for e in seed_order(entries, s)) for s in range(5)}
    assert len(orders) > 1
    assert all(o[0] == "Top" for o in orders)


@pytest.mark.parametrize(("seeds", "why"), [((1, 1), "both"), ((0,), "within 1..3"), ((4,), "within 1..3")])
def test_bad_hand_seeds_are_refused(seeds: tuple[int, ...], why: str) -> None:
    entries = [Entry(f"P{i}", seed=s) for i, s in enumerate(seeds)] + [Entry("X"), Entry("Y")][: 3 - len(seeds)]
    with pytest.raises(TournamentRefused, match=why):
        seed_order(entries, 1)


def test_24_players_give_the_8_top_seeds_a_bye_and_no_bye_meets_a_bye() -> None:
    bracket = build(Options(Format.SE), [f"S{i}" for i in range(1, 25)])
    first = [m for m in bracket.matches if m.round == 1 and m.side.value == "W"]
    assert len(first) == 16
    byes = [m for m in first if m.is_bye]
    assert sorted(m.a.seed for m in byes if isinstance(m.a, FromSeed)) == list(range(1, 9))
    assert all(isinstance(m.b, FromSeed) and m.b.seed > 24 for m in byes)
    assert [str(m.a) + " v " + str(m.b) for m in first[:4]] == [
        "seed 1 v seed 32",
        "seed 16 v seed 17",
        "seed 8 v seed 25",
        "seed 9 v seed 24",
    ]


def test_snake_deals_1_to_G_then_back() -> None:
    assert snake(10, 3) == ((1, 6, 7), (2, 5, 8), (3, 4, 9, 10))
    assert snake(32, 8)[0] == (1, 16, 17, 32)


def test_berger_tables_match_fide_for_6_and_an_odd_group_sits_one_out() -> None:
    assert berger(6) == (
        ((1, 6), (2, 5), (3, 4)),
        ((6, 4), (5, 3), (1, 2)),
        ((2, 6), (3, 1), (4, 5)),
        ((6, 5), (1, 4), (2, 3)),
        ((3, 6), (4, 2), (5, 1)),
    )
    five = berger(5)
    assert len(five) == 5 and all(len(r) == 2 for r in five)
    pairs = {frozenset(p) for r in five for p in r}
    assert len(pairs) == 10
