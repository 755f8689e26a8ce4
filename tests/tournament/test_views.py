"""The typed views the process reads are the same tournament as the JSON the command line prints."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee_app.tournament.model import Format, Options
from referee_app.tournament.paper import records, standings_sheet
from referee_app.tournament.show import show, standings, standings_view, view
from referee_app.tournament.state import State

from .play import drawn, play_out


def _recount(document: dict) -> dict[str, tuple[int, int, int, int]]:  # type: ignore[type-arg]
    """Matches and racks won and lost, counted from `show --json` as a reader of the spec would."""
    totals: dict[str, list[int]] = {}
    for m in document["matches"]:
        if m["status"] not in ("done", "forfeit") or not (m["a"] and m["b"] and m["winner"]):
            continue
        for seat, other in (("a", "b"), ("b", "a")):
            row = totals.setdefault(m[seat], [0, 0, 0, 0])
            row[0 if m[seat] == m["winner"] else 1] += 1
            if m["score"] is not None:
                row[2] += m["score"][0 if seat == "a" else 1]
                row[3] += m["score"][0 if other == "a" else 1]
    return {name: (r[0], r[1], r[2], r[3]) for name, r in totals.items()}


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 40), st.sampled_from([Format.DE, Format.SE]), st.integers(0, 10_000), st.floats(0, 1))
def test_the_typed_view_is_the_json_and_the_sheet_counts_what_it_shows(
    players: int, fmt: Format, seed: int, share: float
) -> None:
    state = drawn(Options(fmt, race=3), players, draw_seed=seed, tables=(1, 2))
    seen: list[State] = []
    full = play_out(state, random.Random(seed), forfeit_rate=share / 3, check=seen.append)
    for s in (state, seen[len(seen) // 2], full):
        t = s.tournament
        assert view(t, "t").to_json() == show(t, "t")
        assert standings_view(t).to_json() == standings(t)
        assert records(t) == _recount(show(t, "t"))
        sheet = standings_sheet(t)
        assert sorted(row[1] for row in sheet.rows) == sorted(e.name for e in t.entries)
        assert sheet.title == f"{t.name} — Standings"
