"""Two ready formats: the FFB national tournament and the WPA world-event format.

FFB (TN1 2017-18, 42 players; `ffb_national_day`): seeds from the national ranking, hand
seeds TS1-TS22 in the entry list (8 of rank 1, 8 of rank 2, 6 of rank 3). Saturday morning,
the 6 rank-3 seeds and the unseeded play qualifying pools, one rank-3 seed heading each
(26 players: four pools of 4, two of 5); 16 qualify: the top 2 of each pool of 4 and the top 3
of each pool of 5, and the places left (2 for 42 players) to the best thirds of the pools of 4,
compared across pools by the spec's group order counted per match played (head to head aside:
they never met). The source is cut short before saying how those last two places are filled;
this is our reading. Saturday afternoon, 8 pools of 4: TS1 with TS16, TS2 with TS15... (the
snake), filled by the 16 qualifiers in drawn order; the pools wait until the morning is over.
Then the top 2 of each pool go to a 16-player double elimination until the quarter-finals,
then single elimination; the winner of TS1's pool is seed 1 of the knockout.
`ffb_national(32)` is the afternoon alone.

WPA (World 9-ball 2007/2010): groups of 8 played as double elimination, two wins in, two
losses out (4 of 8 go on), then single elimination with a longer final.
"""

from __future__ import annotations

from dataclasses import replace

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.model import Format, GroupFormat, Options, Qualifying, Rules, TournamentRefused

FFB_DIRECT = 16
"""Rank-1 and rank-2 seeds (TS1-TS16) go straight to the afternoon's pools."""


def ffb_national(players: int = 32, race: int = 7, race_final: int | None = None) -> Options:
    """Pools of 4, enough of each to a 16-player double knockout to the quarter-finals, then SE.

    32 players (the national tournament's afternoon alone): 8 pools, top 2; 64 players: 16 pools,
    winners. The whole day, morning included, is `ffb_national_day`.
    """
    groups = players // 4
    if groups not in (2, 4, 8, 16):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "the FFB format plays pools of 4 into a 16-player knockout, not {players} players"
            ),
            players=players,
        )
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
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "the WPA format plays groups of 8: {players} players do not divide into them"
            ),
            players=players,
        )
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


FFB_MORNING = Qualifying(pools=6, direct=FFB_DIRECT, places=16, advance=((4, 2), (5, 3)), best_rank=3)
"""The national tournament's Saturday morning: 6 pools of 4 or 5 after TS16, 16 places."""


def ffb_national_day(race: int = 7, race_final: int | None = None) -> Options:
    """The whole national tournament from its entry list (TN1 2017-18: 42 players): the morning's
    qualifying pools, the afternoon's pools of 4, the 16-player double knockout to the quarter-finals.

    Fields of 40 to 44 players fill the morning's pools of 4 and 5 (more best thirds when smaller);
    others are refused at the draw with the reason."""
    return replace(ffb_national(32, race, race_final), qualifying=FFB_MORNING)
