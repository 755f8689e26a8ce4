"""Statistics from match logs: pure functions over the events in force.

Definitions (the sheet and the CLI use the same):
- a break "with a ball made" dropped at least one object ball, foul or not; a
  "dry break" is a legal break with nothing down; a "break foul" is a foul break;
- a "break-and-run" is a rack the breaker won (called 10, or the 10 on the break)
  without the opponent playing a stroke in it;
- push-out answers and options are counted for the player who chose;
- fouls are counted once per stroke for each code it showed (listed or derived),
  a foul penalty as "penalty";
- an inning starts whenever a player comes to the table for a stroke (break,
  shot or push-out) after the opponent's stroke or at the start of a rack;
- shot times are the `clock_s` of shots and push-outs, when a clock ran.

A match scored by racks (spec 1.3 §2a) records no stroke: it counts matches, racks won,
three-foul losses and break-and-runs (a rack won as `break_and_run` or `ten_on_break`);
its strokes' columns (breaks, fouls, innings...) stay at 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee_app.game.events import Entry
from referee_app.game.played import played_from
from referee_app.game.state import RackResult
from referee_app.game.vocab import RackHow, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.tally import Tally, tally_of


@dataclass(frozen=True, slots=True)
class Column:
    """A statistics column: its key (the CSV's header and `PlayerStats`' field), its short header
    (`referee-app stats`' narrow table) and its title (the dialog's header, translated)."""

    key: str
    short: str
    title: str


STATS_COLUMNS: tuple[Column, ...] = (
    Column("player", "player", QT_TRANSLATE_NOOP("Stats", "Player")),
    Column("matches", "M", QT_TRANSLATE_NOOP("Stats", "Matches")),
    Column("matches_won", "won", QT_TRANSLATE_NOOP("Stats", "Won")),
    Column("win_pct", "win%", QT_TRANSLATE_NOOP("Stats", "Won (%)")),
    Column("racks_won", "racks", QT_TRANSLATE_NOOP("Stats", "Racks won")),
    Column("breaks", "breaks", QT_TRANSLATE_NOOP("Stats", "Breaks")),
    Column("breaks_with_ball_made", "made", QT_TRANSLATE_NOOP("Stats", "Ball made on the break")),
    Column("dry_breaks", "dry", QT_TRANSLATE_NOOP("Stats", "Dry breaks")),
    Column("break_fouls", "b.foul", QT_TRANSLATE_NOOP("Stats", "Break fouls")),
    Column("break_and_runs", "B&R", QT_TRANSLATE_NOOP("Stats", "Break-and-runs")),
    Column("push_outs", "push", QT_TRANSLATE_NOOP("Stats", "Push-outs")),
    Column("push_out_answers_shoot", "p.shoot", QT_TRANSLATE_NOOP("Stats", "Push-outs: shot")),
    Column("push_out_answers_hand_back", "p.back", QT_TRANSLATE_NOOP("Stats", "Push-outs: handed back")),
    Column("options_shoot", "o.shoot", QT_TRANSLATE_NOOP("Stats", "Options: shot")),
    Column("options_hand_back", "o.back", QT_TRANSLATE_NOOP("Stats", "Options: handed back")),
    Column("safeties", "safe", QT_TRANSLATE_NOOP("Stats", "Safeties")),
    Column("fouls", "fouls", QT_TRANSLATE_NOOP("Stats", "Fouls")),
    Column("three_foul_losses", "3F", QT_TRANSLATE_NOOP("Stats", "Three-foul losses")),
    Column("innings", "inn", QT_TRANSLATE_NOOP("Stats", "Innings")),
    Column("timed_shots", "timed", QT_TRANSLATE_NOOP("Stats", "Timed shots")),
    Column("mean_shot_s", "shot s", QT_TRANSLATE_NOOP("Stats", "Mean shot (s)")),
    Column("max_shot_s", "max s", QT_TRANSLATE_NOOP("Stats", "Longest shot (s)")),
)
"""Every statistics column, once: the dialog, the CSV and `referee-app stats` all read this table."""

COLUMNS = tuple(column.key for column in STATS_COLUMNS[1:])
"""The figures' keys, in order (`PlayerStats.row` gives them after the player's name)."""


@dataclass
class PlayerStats:
    """One player's figures over one match or many (add them with `+=`)."""

    player: str
    matches: int = 0
    matches_won: int = 0
    racks_won: int = 0
    breaks: int = 0
    breaks_with_ball_made: int = 0
    dry_breaks: int = 0
    break_fouls: int = 0
    break_and_runs: int = 0
    push_outs: int = 0
    push_out_answers_shoot: int = 0
    push_out_answers_hand_back: int = 0
    options_shoot: int = 0
    options_hand_back: int = 0
    safeties: int = 0
    fouls_by_type: Counter[str] = field(default_factory=Counter)
    three_foul_losses: int = 0
    innings: int = 0
    timed_shots: int = 0
    shot_total_s: float = 0.0
    max_shot_s: float | None = None
    finished_matches: int = 0

    @property
    def fouls(self) -> int:
        return sum(self.fouls_by_type.values())

    @property
    def win_pct(self) -> float | None:
        """Matches won, in % of the matches finished (one still being played counts for nobody)."""
        return round(100 * self.matches_won / self.finished_matches, 1) if self.finished_matches else None

    @property
    def mean_shot_s(self) -> float | None:
        return round(self.shot_total_s / self.timed_shots, 1) if self.timed_shots else None

    def __iadd__(self, other: PlayerStats) -> PlayerStats:
        for name in (*COUNTED, "shot_total_s", "finished_matches"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.fouls_by_type += other.fouls_by_type
        if other.max_shot_s is not None:
            self.max_shot_s = other.max_shot_s if self.max_shot_s is None else max(self.max_shot_s, other.max_shot_s)
        return self

    def row(self) -> dict[str, object]:
        return {"player": self.player, **{name: getattr(self, name) for name in COLUMNS}}


COUNTED = tuple(c for c in COLUMNS if c not in ("fouls", "win_pct", "mean_shot_s", "max_shot_s"))
"""The columns that add up across matches as they are."""


def figures_of(
    players: tuple[str, str], winner: Seat | None, racks: tuple[RackResult, ...], tally: Tally
) -> dict[Seat, PlayerStats]:
    """Both players' figures for one match: the strokes' counts (`tally`) and the results."""
    stats = {Seat.A: PlayerStats(players[0], matches=1), Seat.B: PlayerStats(players[1], matches=1)}
    if winner is not None:  # a finished match always has its winner (race, concession or penalty)
        stats[winner].matches_won = 1
        stats[Seat.A].finished_matches = stats[Seat.B].finished_matches = 1
    for rack in racks:
        if rack.winner is not None:
            stats[rack.winner].racks_won += 1
            if rack.how is RackHow.THREE_FOULS:
                stats[rack.winner.other].three_foul_losses += 1
    for seat, counted in tally.seats.items():
        me = stats[seat]
        for name, value in counted.counts.items():
            setattr(me, name, value)
        me.fouls_by_type = Counter(counted.fouls_by_type)
        me.shot_total_s, me.max_shot_s = counted.shot_total_s, counted.shot_max_s
    return stats


def match_stats(entries: list[Entry]) -> dict[Seat, PlayerStats]:
    """Both players' figures for one match log (none for a void match: it counts nowhere)."""
    history, events = played_from(entries)
    final = history.state
    if final.void:
        return {}
    return figures_of(final.setup.players, final.winner, final.racks, tally_of(events))


def add_up(per_match: Iterable[dict[Seat, PlayerStats]], player: str | None = None) -> list[PlayerStats]:
    """Figures per player name over many matches (only `player` when given), sorted by name."""
    totals: dict[str, PlayerStats] = {}
    for match in per_match:
        for one in match.values():
            if player is not None and one.player != player:
                continue
            total = totals.setdefault(one.player, PlayerStats(one.player))
            total += one
    return [totals[name] for name in sorted(totals)]
