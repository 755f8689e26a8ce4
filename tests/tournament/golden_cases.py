"""The brackets whose drawing plan and round names are kept in `golden/layouts.json`: one of each
shape (double elimination, its switch to single elimination, single elimination with a third
place, groups, double-elimination groups, a single final), part played so that results, a second
final and byes show."""

from __future__ import annotations

import random

from referee_app.tournament.model import FinalMode, Format, GroupFormat, MatchStatus, Options
from referee_app.tournament.state import Tournament, apply
from tests.tournament.play import drawn, winning

CASES: dict[str, tuple[Options, int, int]] = {
    "de16": (Options(Format.DE), 16, 10),
    "de16_to_f2": (Options(Format.DE), 16, 1000),
    "de24": (Options(Format.DE), 24, 0),
    "de128": (Options(Format.DE), 128, 60),
    "de_se16_64": (Options(Format.DE, se_at=16), 64, 30),
    "se13_p3": (Options(Format.SE, third_place=True), 13, 5),
    "se32_p3": (Options(Format.SE, third_place=True), 32, 0),
    "groups4": (Options(Format.GROUPS, groups=4, advance=2), 16, 20),
    "groupsde": (Options(Format.GROUPS, groups=4, advance=4, group_format=GroupFormat.DE, then=Format.SE), 32, 40),
    "de8single": (Options(Format.DE, final=FinalMode.SINGLE), 8, 1000),
}
"""Name: (options, players, results recorded at most)."""


def played(key: str) -> Tournament:
    """The case's tournament with its results (the same every time: seeded)."""
    options, players, steps = CASES[key]
    state = drawn(options, players, tables=(1, 2, 3, 4))
    rng = random.Random(7)
    for _ in range(steps):
        t = state.tournament
        ready = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        if not ready:
            break
        match = rng.choice(ready)
        # the losers' side champion wins F1 in "de16_to_f2": the second final is drawn
        a_wins = match != "F1" if key == "de16_to_f2" else rng.random() < 0.5
        state = apply(state, winning(t, match, a_wins, rng.randrange(t.slots[match].spec.race)))
    return state.tournament
