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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee_app.events import SAFETY, Break, Entry, Option, Penalty, PushOut, Shot
from referee_app.played import played_from
from referee_app.rules import fouls_of
from referee_app.state import State
from referee_app.vocab import Choice, OptionAfter, PenaltyKind, RackHow, Seat

COLUMNS = (
    "matches",
    "matches_won",
    "racks_won",
    "breaks",
    "breaks_with_ball_made",
    "dry_breaks",
    "break_fouls",
    "break_and_runs",
    "push_outs",
    "push_out_answers_shoot",
    "push_out_answers_hand_back",
    "options_shoot",
    "options_hand_back",
    "safeties",
    "fouls",
    "three_foul_losses",
    "innings",
    "timed_shots",
    "mean_shot_s",
    "max_shot_s",
)


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
    shot_times: list[float] = field(default_factory=list)

    @property
    def fouls(self) -> int:
        return sum(self.fouls_by_type.values())

    @property
    def timed_shots(self) -> int:
        return len(self.shot_times)

    @property
    def mean_shot_s(self) -> float | None:
        return round(sum(self.shot_times) / len(self.shot_times), 1) if self.shot_times else None

    @property
    def max_shot_s(self) -> float | None:
        return max(self.shot_times) if self.shot_times else None

    def __iadd__(self, other: PlayerStats) -> PlayerStats:
        for name in COLUMNS:
            if name in ("fouls", "timed_shots", "mean_shot_s", "max_shot_s"):
                continue
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.fouls_by_type += other.fouls_by_type
        self.shot_times += other.shot_times
        return self

    def row(self) -> dict[str, object]:
        return {"player": self.player, **{name: getattr(self, name) for name in COLUMNS}}


def match_stats(entries: list[Entry]) -> dict[Seat, PlayerStats]:
    """Both players' figures for one match log."""
    history, events = played_from(entries)
    final: State = history.state
    stats = {seat: PlayerStats(final.setup.name(seat), matches=1) for seat in Seat}
    if final.winner is not None:
        stats[final.winner].matches_won = 1
    for rack in final.racks:
        if rack.winner is not None:
            stats[rack.winner].racks_won += 1
            if rack.how is RackHow.THREE_FOULS:
                stats[rack.winner.other].three_foul_losses += 1
    strokes_by_rack: dict[int, set[Seat]] = {}
    last_stroke: tuple[int, Seat] | None = None
    for p in events:
        seat, event = p.seat, p.event
        if isinstance(event, Penalty) and event.penalty is PenaltyKind.FOUL:
            stats[event.player].fouls_by_type["penalty"] += 1
        if seat is None:
            continue
        me = stats[seat]
        if isinstance(event, Option):
            after = p.before.option
            if after is OptionAfter.PUSH_OUT:
                if event.choice is Choice.SHOOT:
                    me.push_out_answers_shoot += 1
                else:
                    me.push_out_answers_hand_back += 1
            elif event.choice is Choice.SHOOT:
                me.options_shoot += 1
            else:
                me.options_hand_back += 1
            continue
        strokes_by_rack.setdefault(p.rack, set()).add(seat)
        if last_stroke != (p.rack, seat):
            me.innings += 1
        last_stroke = (p.rack, seat)
        fouls = {f.value for f in fouls_of(p.before, event)}
        me.fouls_by_type.update(fouls)
        if isinstance(event, Break):
            me.breaks += 1
            if event.pocketed:
                me.breaks_with_ball_made += 1
            if fouls:
                me.break_fouls += 1
            elif not event.pocketed:
                me.dry_breaks += 1
        elif isinstance(event, PushOut):
            me.push_outs += 1
        elif isinstance(event, Shot) and event.call == SAFETY:
            me.safeties += 1
        if isinstance(event, Shot | PushOut) and event.clock_s is not None:
            me.shot_times.append(float(event.clock_s))
    for rack in final.racks:
        won_by_breaker = rack.winner is rack.breaker and rack.how in (RackHow.TEN, RackHow.TEN_ON_BREAK)
        if won_by_breaker and strokes_by_rack.get(rack.rack, set()) <= {rack.breaker}:
            stats[rack.breaker].break_and_runs += 1
    return stats


def player_stats(logs: Iterable[list[Entry]], player: str | None = None) -> list[PlayerStats]:
    """Figures per player name over many matches (only `player` when given), by name."""
    totals: dict[str, PlayerStats] = {}
    for entries in logs:
        for figures in match_stats(entries).values():
            if player is not None and figures.player != player:
                continue
            total = totals.setdefault(figures.player, PlayerStats(figures.player))
            total += figures
    return [totals[name] for name in sorted(totals)]
