"""The events of the match log: what the referee saw and decided.

Events are small frozen values that know nothing about legality (that is the
rules engine's job) and nothing about JSON (that is the codec's job). Field
names and defaults are those of the match-log spec, section 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final, NamedTuple

from referee_app.game.presets import WPA, Preset, preset
from referee_app.game.vocab import (
    BreakOrder,
    Choice,
    CueBallFate,
    Foul,
    LagFault,
    PenaltyKind,
    Pocket,
    RackHow,
    Scoring,
    Seat,
)


class EventType(StrEnum):
    MATCH_STARTED = "match_started"
    LAG = "lag"
    RELAG = "relag"
    BREAK = "break"
    PUSH_OUT = "push_out"
    SHOT = "shot"
    OPTION = "option"
    WARNING = "warning"
    EXTENSION = "extension"
    PENALTY = "penalty"
    CONCEDE = "concede"
    STALEMATE = "stalemate"
    VOID = "void"
    NOTE = "note"
    RACK = "rack"
    SIGN = "sign"
    UNDO = "undo"


class _Lowest:
    """Marker for a shot's `first_contact` left out: "the lowest ball"."""

    _instance: ClassVar[_Lowest | None] = None

    def __new__(cls) -> _Lowest:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "LOWEST"


LOWEST: Final = _Lowest()
SAFETY: Final = "safety"


class BallPocket(NamedTuple):
    """An object ball and a pocket: a call, or a ball that dropped there.

    One type for both, so "the call was made" is simply `call in pocketed` (a tuple
    comparison, done in C: replay asks it for most shots)."""

    ball: int
    pocket: Pocket


Called = BallPocket
Potted = BallPocket


@dataclass(frozen=True, slots=True)
class ShotClock:
    shot_s: int = 35
    extension_s: int = 25
    extensions_per_rack: int = 1
    after_break_s: int = 35


@dataclass(frozen=True, slots=True)
class MatchStarted:
    TYPE: ClassVar[EventType] = EventType.MATCH_STARTED
    players: tuple[str, str]
    race_to: int
    rules: str = WPA.name
    """The preset's name (`presets.PRESETS`); the codec refuses a name that is not there."""
    break_order: BreakOrder = BreakOrder.ALTERNATE
    shot_clock: ShotClock | None = None
    event: str = ""
    round: str = ""
    table: str = ""
    referee: str = ""
    match_id: str = ""
    licences: tuple[str, str] = ("", "")
    clubs: tuple[str, str] = ("", "")
    assignment: str = ""
    scoring: Scoring = Scoring.SHOTS
    """Spec 1.3: every stroke recorded, or only who won each rack (§2a)."""

    def name(self, seat: Seat) -> str:
        return self.players[0] if seat is Seat.A else self.players[1]

    @property
    def preset(self) -> Preset:
        """The rule preset this match is played under (rule book §1)."""
        return preset(self.rules)


@dataclass(frozen=True, slots=True)
class Lag:
    TYPE: ClassVar[EventType] = EventType.LAG
    winner: Seat
    breaker: Seat | None = None  # None in the file means "the winner"
    faults: tuple[tuple[Seat, tuple[LagFault, ...]], ...] = ()

    @property
    def first_breaker(self) -> Seat:
        return self.winner if self.breaker is None else self.breaker


@dataclass(frozen=True, slots=True)
class Relag:
    TYPE: ClassVar[EventType] = EventType.RELAG
    reason: str  # required since spec 1.1 (it may be empty)


@dataclass(frozen=True, slots=True)
class Break:
    TYPE: ClassVar[EventType] = EventType.BREAK
    first_contact: int | None = 1
    rails: int = 4
    pocketed: tuple[Potted, ...] = ()
    off_table: tuple[int, ...] = ()
    cue_ball: CueBallFate = CueBallFate.TABLE
    fouls: tuple[Foul, ...] = ()
    call: Called | None = None
    player: Seat | None = None


@dataclass(frozen=True, slots=True)
class PushOut:
    TYPE: ClassVar[EventType] = EventType.PUSH_OUT
    pocketed: tuple[Potted, ...] = ()
    off_table: tuple[int, ...] = ()
    cue_ball: CueBallFate = CueBallFate.TABLE
    fouls: tuple[Foul, ...] = ()
    clock_s: float | None = None
    player: Seat | None = None


@dataclass(frozen=True, slots=True)
class Shot:
    TYPE: ClassVar[EventType] = EventType.SHOT
    call: Called | str  # a Called, or SAFETY
    first_contact: int | _Lowest | None = LOWEST
    rail: bool = True
    pocketed: tuple[Potted, ...] = ()
    off_table: tuple[int, ...] = ()
    cue_ball: CueBallFate = CueBallFate.TABLE
    fouls: tuple[Foul, ...] = ()
    clock_s: float | None = None
    player: Seat | None = None


@dataclass(frozen=True, slots=True)
class Option:
    TYPE: ClassVar[EventType] = EventType.OPTION
    choice: Choice
    player: Seat | None = None


@dataclass(frozen=True, slots=True)
class WarningGiven:
    TYPE: ClassVar[EventType] = EventType.WARNING
    player: Seat


@dataclass(frozen=True, slots=True)
class Extension:
    TYPE: ClassVar[EventType] = EventType.EXTENSION
    player: Seat | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    TYPE: ClassVar[EventType] = EventType.PENALTY
    player: Seat
    penalty: PenaltyKind
    reason: str  # required since spec 1.1 (it may be empty)


@dataclass(frozen=True, slots=True)
class Concede:
    TYPE: ClassVar[EventType] = EventType.CONCEDE
    player: Seat


@dataclass(frozen=True, slots=True)
class Stalemate:
    TYPE: ClassVar[EventType] = EventType.STALEMATE


@dataclass(frozen=True, slots=True)
class Void:
    """The match does not count (started by mistake, the wrong players...); its log stays."""

    TYPE: ClassVar[EventType] = EventType.VOID
    reason: str  # required, as on a penalty (it may be empty)


@dataclass(frozen=True, slots=True)
class Note:
    TYPE: ClassVar[EventType] = EventType.NOTE
    text: str


@dataclass(frozen=True, slots=True)
class RackWon:
    """Rack scoring (spec §2a): `winner` won the rack being played, the way `how` says."""

    TYPE: ClassVar[EventType] = EventType.RACK
    winner: Seat
    how: RackHow = RackHow.TEN


@dataclass(frozen=True, slots=True)
class Signed:
    """Spec 1.3: `player` agrees with the result, as a signature on the paper sheet does; `device`
    (1.4) names the phone that gave it (the sheet says when both name the same one)."""

    TYPE: ClassVar[EventType] = EventType.SIGN
    player: Seat
    device: str | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    TYPE: ClassVar[EventType] = EventType.UNDO
    target: int


Event = (
    MatchStarted
    | Lag
    | Relag
    | Break
    | PushOut
    | Shot
    | Option
    | WarningGiven
    | Extension
    | Penalty
    | Concede
    | Stalemate
    | Void
    | Note
    | RackWon
    | Signed
    | Undo
)

EVENT_CLASSES: dict[EventType, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        MatchStarted,
        Lag,
        Relag,
        Break,
        PushOut,
        Shot,
        Option,
        WarningGiven,
        Extension,
        Penalty,
        Concede,
        Stalemate,
        Void,
        Note,
        RackWon,
        Signed,
        Undo,
    )
}


class Entry(NamedTuple):
    """One line of the match log: an event with its place (seq) and time (at).

    A NamedTuple, not a dataclass: the store builds one per row on every replay."""

    seq: int
    event: Event
    at: str = ""
