"""The words of the game and of the match log, as string enums.

Values are exactly the spellings of the match-log spec, so the database, the
JSON files and the CSV exports read as words.
"""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    A = "A"
    B = "B"

    other: Seat
    """The opponent's seat (a plain attribute: replay asks for it on most events)."""


Seat.A.other = Seat.B
Seat.B.other = Seat.A


class Pocket(StrEnum):
    HL = "HL"
    HR = "HR"
    SL = "SL"
    SR = "SR"
    FL = "FL"
    FR = "FR"


class RuleSet(StrEnum):
    WPA = "wpa"
    FFB = "ffb"


class BreakOrder(StrEnum):
    ALTERNATE = "alternate"
    WINNER = "winner"
    LOSER = "loser"


class Scoring(StrEnum):
    """What a match's log records (spec 1.3): every stroke, or only who won each rack."""

    SHOTS = "shots"
    """A referee records every stroke (spec §2)."""
    RACKS = "racks"
    """Only the racks: a table with no referee, scored by the players (spec §2a)."""


class CueBallFate(StrEnum):
    """Where the cue ball ended a stroke (a fact the referee records)."""

    TABLE = "table"
    POCKETED = "pocketed"
    OFF_TABLE = "off_table"


class CueBall(StrEnum):
    """How the incoming player finds the cue ball (derived state)."""

    IN_HAND_KITCHEN = "in_hand_kitchen"
    IN_HAND = "in_hand"
    IN_PLACE = "in_place"


class Foul(StrEnum):
    # Derived from the facts (a referee may list them too).
    WRONG_BALL_FIRST = "wrong_ball_first"
    NO_RAIL = "no_rail"
    SCRATCH = "scratch"
    BALL_OFF_TABLE = "ball_off_table"
    BREAK_RAILS = "break_rails"
    # Called by the referee only.
    DOUBLE_HIT = "double_hit"
    PUSH_SHOT = "push_shot"
    BALLS_MOVING = "balls_moving"
    TOUCHED_BALL = "touched_ball"
    NO_FOOT_ON_FLOOR = "no_foot_on_floor"
    JUMP_MISCUE = "jump_miscue"
    BAD_CUE_BALL_PLACEMENT = "bad_cue_ball_placement"
    CUE_ON_TABLE = "cue_on_table"
    SHOT_CLOCK = "shot_clock"


DERIVED_FOULS: tuple[Foul, ...] = (
    Foul.WRONG_BALL_FIRST,
    Foul.NO_RAIL,
    Foul.SCRATCH,
    Foul.BALL_OFF_TABLE,
    Foul.BREAK_RAILS,
)
"""Spec §3: the codes the engine derives from a stroke's facts (a referee may list them too)."""

REFEREE_FOULS: tuple[Foul, ...] = (
    Foul.DOUBLE_HIT,
    Foul.PUSH_SHOT,
    Foul.BALLS_MOVING,
    Foul.TOUCHED_BALL,
    Foul.NO_FOOT_ON_FLOOR,
    Foul.JUMP_MISCUE,
    Foul.BAD_CUE_BALL_PLACEMENT,
    Foul.CUE_ON_TABLE,
    Foul.SHOT_CLOCK,
)
"""Spec §3: the codes only the referee can call (named, not sliced from the enum's order)."""


class LagFault(StrEnum):
    CROSSED_CENTER = "crossed_center"
    NO_FOOT_RAIL = "no_foot_rail"
    FOOT_RAIL_TWICE = "foot_rail_twice"
    SIDE_RAIL = "side_rail"
    POCKETED = "pocketed"
    OFF_TABLE = "off_table"
    IN_POCKET_JAW = "in_pocket_jaw"
    FOUL = "foul"


class Choice(StrEnum):
    SHOOT = "shoot"
    HAND_BACK = "hand_back"


class PenaltyKind(StrEnum):
    FOUL = "foul"
    RACK = "rack"
    MATCH = "match"


class Status(StrEnum):
    LAG = "lag"
    PLAYING = "playing"
    FINISHED = "finished"
    VOID = "void"
    """Voided (spec 1.2): started by mistake; over, and it counts nowhere."""


class Awaiting(StrEnum):
    LAG = "lag"
    BREAK = "break"
    SHOT = "shot"
    OPTION = "option"
    RACK = "rack"
    """Rack scoring (spec §2a): who wins the rack being played."""


class OptionAfter(StrEnum):
    PUSH_OUT = "push_out"
    POCKETED_WITHOUT_CALL = "pocketed_without_call"


class RackHow(StrEnum):
    TEN = "ten"
    TEN_ON_BREAK = "ten_on_break"
    THREE_FOULS = "three_fouls"
    PENALTY = "penalty"
    STALEMATE = "stalemate"
    BREAK_AND_RUN = "break_and_run"
    """Rack scoring only: the breaker won without the opponent coming to the table."""


RACK_WAYS: tuple[RackHow, ...] = (RackHow.TEN, RackHow.BREAK_AND_RUN, RackHow.TEN_ON_BREAK, RackHow.THREE_FOULS)
"""Spec §2a: the `how` a `rack` event may name (a penalty or a stalemate has its own event)."""


class MatchResult(StrEnum):
    RACE = "race"
    CONCESSION = "concession"
    PENALTY = "penalty"
    VOID = "void"


BALLS: tuple[int, ...] = tuple(range(1, 11))
TEN = 10
