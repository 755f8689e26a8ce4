"""Two ready formats: the FFB national tournament and the WPA world-event format.

FFB (TN1 2017-18): pools of 4 where the seeds are paired TS1 with TS16, TS2 with TS15...
(the snake does exactly that), the top 2 of each pool to a 16-player double elimination
until the quarter-finals, then single elimination; the pool winner of TS1's pool is seed 1
of the knockout. Its Saturday-morning qualifying pools (the 6 rank-3 seeds and the
unseeded, one rank-3 seed per pool) are dealt by `ffb_morning_pools`.

WPA (World 9-ball 2007/2010): groups of 8 played as double elimination, two wins in, two
losses out (4 of 8 go on), then single elimination with a longer final.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee_app.tournament.draw import seed_order, snake
from referee_app.tournament.model import Entry, Format, GroupFormat, Options, Rules, TournamentRefused

FFB_DIRECT = 16
"""Rank-1 and rank-2 seeds (TS1-TS16) go straight to the afternoon's pools."""


def ffb_national(players: int = 32, race: int = 7, race_final: int | None = None) -> Options:
    """Pools of 4, enough of each to a 16-player double knockout to the quarter-finals, then SE.

    32 players (the national tournament's afternoon): 8 pools, top 2; 64 players: 16 pools, winners.
    """
    groups = players // 4
    if groups not in (2, 4, 8, 16):
        raise TournamentRefused(f"the FFB format plays pools of 4 into a 16-player knockout, not {players} players")
    return Options(
        Format.GROUPS,
        race=race,
        race_final=race_final,
        groups=groups,
        advance=max(1, 16 // groups),
        group_format=GroupFormat.RR,
        then=Format.DE,
        se_at=8,
        rules=Rules.FFB,
    )


def wpa_world(players: int, race: int = 9, race_final: int = 13) -> Options:
    """Double-elimination groups of 8 (two wins in, two losses out), then single elimination."""
    if players < 16 or players % 8:
        raise TournamentRefused(f"the WPA format plays groups of 8: {players} players do not divide into them")
    return Options(
        Format.GROUPS,
        race=race,
        race_final=race_final,
        groups=players // 8,
        advance=4,
        group_format=GroupFormat.DE,
        then=Format.SE,
        rules=Rules.WPA,
    )


@dataclass(frozen=True, slots=True)
class FfbMorning:
    """Saturday morning: the qualifying pools, and who waits for the afternoon."""

    pools: tuple[tuple[str, ...], ...]
    direct: tuple[str, ...]


def ffb_morning_pools(entries: Sequence[Entry], draw_seed: int) -> FfbMorning:
    """TS1-TS16 wait for the afternoon; the rest play pools, one rank-3 seed (TS17+) in each."""
    seeded = seed_order(entries, draw_seed)
    direct = tuple(e.name for e in seeded[:FFB_DIRECT])
    rest = seeded[FFB_DIRECT:]
    rank3 = sum(1 for e in rest if e.seed is not None)
    if rank3 < 1:
        raise TournamentRefused("the morning pools need rank-3 seeds (TS17 and after)")
    pools = snake(len(rest), rank3)
    return FfbMorning(tuple(tuple(rest[s - 1].name for s in pool) for pool in pools), direct)
