"""Before the draw: how many matches, and the longest chain of matches one player can face.

The chain bounds the day whatever the number of tables (a 64-player double elimination:
13 matches; switched to single elimination at 16: 9).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee_app.tournament.bracket import Bracket, build
from referee_app.tournament.model import FromBest, FromGroup, GroupFormat, Options


@dataclass(frozen=True, slots=True)
class Plan:
    matches: int
    """Matches played (no byes), without a reset final."""
    most_matches: int
    """With the reset final, when it can be played."""
    longest_chain: int
    """The most matches one player can play, one after the other."""


def plan(options: Options, players: int) -> Plan:
    """The plan for `players` entries with these options (raises `TournamentRefused` as the draw would)."""
    bracket = build(options, [f"player {i}" for i in range(1, players + 1)])
    played = [s for s in bracket.matches if not s.is_bye]
    reset = sum(1 for s in played if s.conditional)
    return Plan(len(played) - reset, len(played), longest_chain(bracket))


def longest_chain(bracket: Bracket) -> int:
    """Longest path a player can follow through the bracket, counting matches played (not byes)."""
    by_id = bracket.by_id

    @cache
    def longest(mid: str) -> int:
        spec = by_id[mid]
        nexts = [m for m in (spec.winner_to, spec.loser_to) if m is not None]
        return (0 if spec.is_bye else 1) + max((longest(m) for m in nexts), default=0)

    @cache
    def from_group(g: int) -> int:
        """A player's matches from a round-robin group on: its own, then the longest after it
        (another group when it is a qualifying pool, else the knockout)."""
        best = g in bracket.best_pools
        fed = [
            s
            for s in bracket.matches
            if any(
                (isinstance(x, FromGroup) and x.group == g) or (best and isinstance(x, FromBest)) for x in (s.a, s.b)
            )
        ]
        after = (from_group(s.group) if s.group is not None else longest(s.id) for s in fed)
        return len(bracket.groups[g - 1]) - 1 + max(after, default=0)

    if bracket.groups and bracket.group_format is GroupFormat.RR:
        return max(from_group(g) for g in range(1, len(bracket.groups) + 1))
    return max((longest(s.id) for s in bracket.matches if s.round == 1 and s.stage == 1), default=0)
