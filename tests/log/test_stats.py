"""Statistics against matches counted by hand, event by event (both presets)."""

from pathlib import Path

import pytest

from referee_app.game.vocab import Seat
from referee_app.log.logfile import read_log
from referee_app.log.stats import add_up, match_stats

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def _log(name: str) -> list:
    return [line.entry for line in read_log(str(SEEDS / name))]


# Counted by hand from the seed logs; see the comments in each case.
HAND_COUNTED = {
    # WPA final: Maria breaks racks 1 (dry) and 3 (the 6 down, then runs out); Jan pushes out after the
    # dry break, Maria hands it back; Maria scratches, plays the 5 first, no rail, then scratches warned.
    "wpa-open-final-lopez-novak.jsonl": {
        Seat.A: dict(
            racks_won=1,
            matches_won=0,
            breaks=2,
            breaks_with_ball_made=1,
            dry_breaks=1,
            break_fouls=0,
            break_and_runs=1,
            push_outs=0,
            push_out_answers_hand_back=1,
            options_shoot=0,
            safeties=0,
            fouls=4,
            three_foul_losses=1,
            innings=7,
            timed_shots=0,
        ),
        Seat.B: dict(
            racks_won=3,
            matches_won=1,
            breaks=2,
            breaks_with_ball_made=2,
            dry_breaks=0,
            break_fouls=0,
            break_and_runs=1,
            push_outs=1,
            push_out_answers_hand_back=0,
            options_shoot=1,
            safeties=3,
            fouls=0,
            three_foul_losses=0,
            innings=7,
            timed_shots=0,
        ),
    },
    # FFB: Emma wins rack 1 with the announced 10 on the break (a break-and-run); Lucas's break with
    # three balls to a cushion is a foul under FFB, and later he misses every ball (wrong ball first).
    "ffb-circuit-martin-roux.jsonl": {
        Seat.A: dict(
            racks_won=0,
            breaks=1,
            breaks_with_ball_made=1,
            dry_breaks=0,
            break_fouls=1,
            fouls=2,
            innings=2,
            break_and_runs=0,
        ),
        Seat.B: dict(
            racks_won=2,
            matches_won=1,
            breaks=1,
            breaks_with_ball_made=1,
            break_fouls=0,
            fouls=0,
            innings=3,
            break_and_runs=1,
        ),
    },
    # WPA with a shot clock: Omar's nine timed shots in rack 1 add to 122.5 s; Sofia's three are 48.5
    # (her safety, after an extension), 15.0 and 35.0 (the time foul).
    "wpa-league-in-progress.jsonl": {
        Seat.A: dict(safeties=1, fouls=1, innings=2, timed_shots=3, mean_shot_s=32.8, max_shot_s=48.5),
        Seat.B: dict(
            racks_won=1,
            breaks=2,
            breaks_with_ball_made=2,
            break_fouls=1,
            fouls=1,
            innings=3,
            timed_shots=9,
            mean_shot_s=13.6,
            max_shot_s=21.0,
            break_and_runs=0,
        ),
    },
}


@pytest.mark.parametrize("name", sorted(HAND_COUNTED))
def test_hand_counted_matches(name: str) -> None:
    stats = match_stats(_log(name))
    for seat, expected in HAND_COUNTED[name].items():
        row = stats[seat].row()
        assert {k: row[k] for k in expected} == expected, f"{name} {seat}"


def test_fouls_by_type() -> None:
    stats = match_stats(_log("wpa-open-final-lopez-novak.jsonl"))
    assert dict(stats[Seat.A].fouls_by_type) == {"scratch": 2, "wrong_ball_first": 1, "no_rail": 1}
    ffb = match_stats(_log("ffb-circuit-martin-roux.jsonl"))
    assert dict(ffb[Seat.A].fouls_by_type) == {"break_rails": 1, "wrong_ball_first": 1}


def test_player_totals_over_matches() -> None:
    logs = [_log(n) for n in sorted(HAND_COUNTED)]
    rows = {s.player: s for s in add_up(match_stats(log) for log in logs)}
    assert set(rows) == {"Maria Lopez", "Jan Novak", "Lucas Martin", "Emma Roux", "Sofia Berg", "Omar Haddad"}
    assert rows["Jan Novak"].matches == 1 and rows["Jan Novak"].racks_won == 3
    both = [*logs, _log("wpa-open-final-lopez-novak.jsonl")]
    only = add_up((match_stats(log) for log in both), player="Maria Lopez")
    assert len(only) == 1 and only[0].matches == 2 and only[0].fouls == 8 and only[0].innings == 14


def test_every_figure_has_one_column_in_the_one_table() -> None:
    """The dialog, the CSV and `referee-app stats` read `STATS_COLUMNS`: every figure a player's row
    holds, and every counter the tally keeps, is a column of it, once, with a short header and a title."""
    from referee_app.log.stats import STATS_COLUMNS, PlayerStats
    from referee_app.log.tally import COUNTERS

    keys = [column.key for column in STATS_COLUMNS]
    assert len(set(keys)) == len(keys)
    assert list(PlayerStats("Ana").row()) == keys
    assert set(COUNTERS) <= set(keys)
    shorts = [column.short for column in STATS_COLUMNS]
    assert len(set(shorts)) == len(shorts) and all(column.title for column in STATS_COLUMNS)
