"""`show --json` and `standings --json` (spec §4, §6), the Fargo-scale performance, the FargoRate file."""

from __future__ import annotations

import csv
import io
import random

import pytest

from referee_app.tournament.events import Forfeit
from referee_app.tournament.fargo import fargo_csv, safe_cell
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.show import performance, round_name, show, standings
from referee_app.tournament.state import apply

from .play import drawn, play_out


@pytest.mark.parametrize(
    ("won", "expected"), [(1, 233), (2, 350), (3, 428), (4, 492), (5, 550), (6, 608), (7, 672), (8, 750), (9, 867)]
)
def test_performance_reproduces_fargorates_ten_rack_table(won: int, expected: int) -> None:
    assert performance([(550.0, won, 10 - won)]) == expected


def test_performance_is_null_without_a_rated_opponent_or_when_every_rack_went_one_way() -> None:
    assert performance([]) is None
    assert performance([(550.0, 7, 0)]) is None
    assert performance([(550.0, 0, 7), (600.0, 0, 7)]) is None
    # Against two opponents the fit weighs each rack: 7-5 vs 500 and 3-7 vs 700.
    mixed = performance([(500.0, 7, 5), (700.0, 3, 7)])
    assert mixed is not None and 540 < mixed < 600


def test_places_in_double_elimination_tie_per_losers_round() -> None:
    state = play_out(drawn(Options(Format.DE, race=3), 16), random.Random(4))
    places = standings(state.tournament)["places"]
    assert [(row["place"], len(row["names"])) for row in places] == [
        (1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (7, 2), (9, 4), (13, 4),
    ]  # fmt: skip


def test_places_with_byes_count_only_players_who_went_out() -> None:
    state = play_out(drawn(Options(Format.DE, race=3), 24), random.Random(8))
    places = standings(state.tournament)["places"]
    # 24 players: round 1's 8 byes pair with its 8 losers in L1 (all byes, nobody goes out),
    # so L2 puts out 8 at once: 17-24.
    assert [(row["place"], len(row["names"])) for row in places] == [
        (1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (7, 2), (9, 4), (13, 4), (17, 8),
    ]  # fmt: skip


def test_places_are_fixed_when_a_player_goes_out() -> None:
    state = drawn(Options(Format.DE, race=3), 8)
    rng = random.Random(1)
    seen: dict[str, int] = {}
    for _ in range(40):
        ready = [m for m, s in state.tournament.slots.items() if s.status is MatchStatus.READY]
        if not ready:
            break
        slot = state.tournament.slots[rng.choice(ready)]
        assert slot.a
        state = apply(state, Forfeit(slot.spec.id, slot.a))
        for row in standings(state.tournament)["places"]:
            for name in row["names"]:
                assert seen.setdefault(name, row["place"]) == row["place"]
    assert len(seen) == 8


def test_show_prints_entries_ratings_and_the_draw_seed() -> None:
    entries = [Entry("Ana Lopez", 612, "1234567", "FR-1", "Lyon"), Entry("Ben Novak", 587.5), Entry("Carl Ito")]
    t = drawn(Options(Format.SE, race=5), entries, draw_seed=1234).tournament
    document = show(t, "t-1")
    assert (document["id"], document["name"], document["status"], document["draw_seed"]) == (
        "t-1",
        "Test Open",
        "drawn",
        1234,
    )
    assert document["entries"][0] == {
        "name": "Ana Lopez",
        "seed": 1,
        "rating": 612,
        "fargo_id": "1234567",
        "licence": "FR-1",
        "club": "Lyon",
        "present": None,
        "paid": None,
    }
    assert document["entries"][1]["rating"] == 587.5
    assert document["queue"] == ["W1-2"]
    final = document["matches"][-1]
    assert (final["id"], final["side"], final["from_a"], final["from_b"], final["race"]) == (
        "F1",
        "F",
        "winner W1-1",
        "winner W1-2",
        5,
    )


def test_the_fargorate_file_lists_matches_played_only_and_guards_formulas() -> None:
    state = drawn(
        Options(Format.SE, race=3), [Entry("=cmd()", fargo_id="+1"), Entry("Ben", fargo_id="42"), Entry("@Dan")]
    )
    t = state.tournament
    # W1-1 is seed 1's bye; W1-2 a walkover; the final played.
    w12 = t.slots["W1-2"]
    assert w12.a and w12.b
    state = apply(state, Forfeit("W1-2", w12.b))
    state = play_out(state, random.Random(2))
    text = fargo_csv(state.tournament)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Player #1", "", "", "Player #2", ""]
    assert rows[1] == [
        "Fargo ID",
        "Player Name",
        "Score",
        "Fargo ID",
        "Player Name",
        "Score",
        "Date",
        "Game",
        "Table",
        "Event",
    ]
    assert len(rows) == 3
    row = rows[2]
    assert row[7:] == ["10-Ball", "", "Test Open"] and row[6] == "2026-12-01"
    for cell in (c for r in rows for c in r):
        assert not cell.startswith(("=", "+", "-", "@"))
    assert safe_cell("-3") == "'-3" and safe_cell("Ana") == "Ana"


def test_standings_list_performance_for_everyone() -> None:
    state = drawn(Options(Format.SE, race=3), 4)
    state = play_out(state, random.Random(3))
    table = standings(state.tournament)
    assert list(table) == ["format", "status", "places", "performance"]
    assert table["format"] == "referee-app/standings@1"
    assert set(table["performance"]) == {e.name for e in state.tournament.entries}


def test_round_names_for_the_overlay_and_the_board() -> None:
    t = drawn(Options(Format.DE), 16).tournament
    names = {m: round_name(t, m) for m in ("W1-1", "W3-2", "W4-1", "L3-1", "L6-1", "F1", "F2")}
    assert names == {
        "W1-1": "Winners' round 1",
        "W3-2": "Winners' round 3",
        "W4-1": "Hot seat",
        "L3-1": "Losers' round 3",
        "L6-1": "Losers' final",
        "F1": "Final",
        "F2": "Second final",
    }
    switched = drawn(Options(Format.DE, se_at=8), 32).tournament
    assert [round_name(switched, m) for m in ("W3-1", "W4-1", "W5-1", "F1")] == [
        "Winners' round 3",
        "Quarter-final",
        "Semi-final",
        "Final",
    ]
    groups = drawn(Options(Format.GROUPS, groups=2, advance=2, then=Format.SE, third_place=True), 8).tournament
    assert [round_name(groups, m) for m in ("G2-3-1", "W1-1", "P3")] == [
        "Group 2, round 3",
        "Semi-final",
        "Third place",
    ]
    french = {"Losers' round {n}": "Tour perdants {n}"}
    assert round_name(t, "L2-3", lambda context, text: french.get(text, text)) == "Tour perdants 2"
