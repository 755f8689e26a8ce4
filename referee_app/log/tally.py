"""A match's figures folded event by event: what statistics and the racks CSV count.

The same `step` runs when a match is replayed whole and when the desk records one
event, so the projection kept beside the log (see `projection`) costs a constant
time per click and equals what a fresh replay gives. Definitions are those of
`stats` (its docstring). Plain data, so it is stored as JSON.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee_app.game.events import SAFETY, Break, Option, Penalty, PushOut, Shot
from referee_app.game.played import Played
from referee_app.game.rules import fouls_of
from referee_app.game.vocab import Choice, OptionAfter, PenaltyKind, RackHow, Seat

RACK_SCORED_RUNS = (RackHow.BREAK_AND_RUN, RackHow.TEN_ON_BREAK)
"""Under rack scoring, the ways of winning that are a break-and-run (the opponent never came to the
table); a `ten` is not one, since who played in the rack is not recorded."""

COUNTERS = (
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
    "innings",
    "timed_shots",
)
"""Per-seat counts made by the strokes themselves (rack and match results come from the state)."""


@dataclass
class SeatTally:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTERS, 0))
    fouls_by_type: Counter[str] = field(default_factory=Counter)
    shot_total_s: float = 0.0
    shot_max_s: float | None = None
    _text: tuple[tuple[object, ...], str] | None = field(default=None, init=False, compare=False, repr=False)
    """The last JSON text made, with what it was made of: most strokes change neither seat's figures."""

    def to_json(self) -> dict[str, Any]:
        return {"counts": self.counts, "fouls": dict(self.fouls_by_type), "shot_total_s": self.shot_total_s,
                "shot_max_s": self.shot_max_s}  # fmt: skip

    def to_text(self) -> str:
        """`to_json` as compact JSON text, made again only when a figure changed."""
        made_of = (*self.counts.items(), *self.fouls_by_type.items(), self.shot_total_s, self.shot_max_s)
        if self._text is None or self._text[0] != made_of:
            self._text = (made_of, json.dumps(self.to_json(), separators=(",", ":")))
        return self._text[1]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatTally:
        return cls(dict(data["counts"]), Counter(data["fouls"]), float(data["shot_total_s"]), data["shot_max_s"])


@dataclass
class Tally:
    """The figures of one match so far, per seat, plus what an unfinished rack still needs."""

    seats: dict[Seat, SeatTally] = field(default_factory=lambda: {Seat.A: SeatTally(), Seat.B: SeatTally()})
    rack_fouls: dict[int, list[int]] = field(default_factory=dict)
    """rack -> [fouls of A, fouls of B]: the events with a standard foul, for racks.csv"""
    last_stroke: tuple[int, Seat] | None = None
    rack_strokes: dict[int, list[Seat]] = field(default_factory=dict)
    """The seats that played a stroke in racks not finished yet (for break-and-runs)."""

    def step(self, p: Played) -> None:
        """Count one event in force (`p` knows the states around it)."""
        event, seat = p.event, p.seat
        if isinstance(event, Penalty) and event.penalty is PenaltyKind.FOUL:
            self.seats[event.player].fouls_by_type["penalty"] += 1
            self._rack_foul(p.rack, event.player)
        if seat is not None:
            if isinstance(event, Option):
                self._option(self.seats[seat], event, p.before.option)
            else:
                self._stroke(p, seat)
        for rack in p.after.racks[len(p.before.racks) :]:
            strokes = self.rack_strokes.pop(rack.rack, [])
            if p.after.by_racks:  # no stroke recorded (spec §2a): the players said how the rack was won
                if rack.how in RACK_SCORED_RUNS:
                    self.seats[rack.breaker].counts["break_and_runs"] += 1
                continue
            won_by_breaker = rack.winner is rack.breaker and rack.how in (RackHow.TEN, RackHow.TEN_ON_BREAK)
            if won_by_breaker and set(strokes) <= {rack.breaker}:
                self.seats[rack.breaker].counts["break_and_runs"] += 1

    def _option(self, me: SeatTally, event: Option, after: OptionAfter | None) -> None:
        shoot = event.choice is Choice.SHOOT
        if after is OptionAfter.PUSH_OUT:
            me.counts["push_out_answers_shoot" if shoot else "push_out_answers_hand_back"] += 1
        else:
            me.counts["options_shoot" if shoot else "options_hand_back"] += 1

    def _stroke(self, p: Played, seat: Seat) -> None:
        me, event = self.seats[seat], p.event
        strokes = self.rack_strokes.setdefault(p.rack, [])
        if seat not in strokes:
            strokes.append(seat)
        if self.last_stroke != (p.rack, seat):
            me.counts["innings"] += 1
        self.last_stroke = (p.rack, seat)
        fouls = fouls_of(p.before, event)
        if fouls:  # most strokes have none: no set, no Counter update
            me.fouls_by_type.update({f.value for f in fouls})
            self._rack_foul(p.rack, seat)
        if isinstance(event, Break):
            me.counts["breaks"] += 1
            if event.pocketed:
                me.counts["breaks_with_ball_made"] += 1
            if fouls:
                me.counts["break_fouls"] += 1
            elif not event.pocketed:
                me.counts["dry_breaks"] += 1
        elif isinstance(event, PushOut):
            me.counts["push_outs"] += 1
        elif isinstance(event, Shot) and event.call == SAFETY and not fouls:
            me.counts["safeties"] += 1  # a foul with no ball called is a foul, not a safety played
        if isinstance(event, Shot | PushOut) and event.clock_s is not None:
            seconds = float(event.clock_s)
            me.counts["timed_shots"] += 1
            me.shot_total_s += seconds
            me.shot_max_s = seconds if me.shot_max_s is None else max(me.shot_max_s, seconds)

    def _rack_foul(self, rack: int, seat: Seat) -> None:
        self.rack_fouls.setdefault(rack, [0, 0])[0 if seat is Seat.A else 1] += 1

    def to_json(self) -> dict[str, Any]:
        return {"seats": {seat.value: t.to_json() for seat, t in self.seats.items()}, **self._racks_json()}

    def _racks_json(self) -> dict[str, Any]:
        return {
            "rack_fouls": {str(rack): f for rack, f in self.rack_fouls.items()},
            "last_stroke": [self.last_stroke[0], self.last_stroke[1].value] if self.last_stroke else None,
            "rack_strokes": {str(rack): [s.value for s in seats] for rack, seats in self.rack_strokes.items()},
        }

    def to_text(self) -> str:
        """`to_json` as compact JSON text (what a projection stores), without encoding again the
        seats' figures that did not change: the desk makes it at every click."""
        # Below: numbers and seat letters (a StrEnum formats as its letter), nothing to escape.
        seats = ",".join(f'"{seat}":{t.to_text()}' for seat, t in self.seats.items())
        fouls = ",".join(f'"{rack}":[{a},{b}]' for rack, (a, b) in self.rack_fouls.items())
        last = f'[{self.last_stroke[0]},"{self.last_stroke[1]}"]' if self.last_stroke else "null"
        strokes = ",".join(f'"{rack}":[{",".join(map(_QUOTED.format, played))}]'
                           for rack, played in self.rack_strokes.items())  # fmt: skip
        return f'{{"seats":{{{seats}}},"rack_fouls":{{{fouls}}},"last_stroke":{last},"rack_strokes":{{{strokes}}}}}'

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        last = data["last_stroke"]
        return cls(
            {Seat(seat): SeatTally.from_json(t) for seat, t in data["seats"].items()},
            {int(rack): list(f) for rack, f in data["rack_fouls"].items()},
            (int(last[0]), Seat(last[1])) if last else None,
            {int(rack): [Seat(s) for s in seats] for rack, seats in data["rack_strokes"].items()},
        )


_QUOTED = '"{}"'


def tally_of(events: list[Played]) -> Tally:
    """The figures of a whole match: the same fold the desk runs one event at a time."""
    tally = Tally()
    for p in events:
        tally.step(p)
    return tally
