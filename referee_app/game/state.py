"""The derived state of a match, and its JSON summary (match-log spec §5).

State is an immutable value; the rules engine makes a new one for every event.
`State` and `PerSeat` are typed NamedTuples rather than frozen dataclasses
because replay builds one per event: a tuple is built several times faster
than a frozen dataclass (see bench/replay.py), and is just as immutable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from referee_app.game.events import MatchStarted
from referee_app.game.vocab import (
    BALLS,
    Awaiting,
    CueBall,
    MatchResult,
    OptionAfter,
    RackHow,
    Scoring,
    Seat,
    Status,
)

T = TypeVar("T")

STATE_FORMAT = "referee-app/state@1"


class PerSeat(NamedTuple, Generic[T]):
    """One value for each seat (score, foul count, warning...), indexed by `Seat`."""

    a: T
    b: T

    def __getitem__(self, seat: Seat) -> T:  # type: ignore[override]
        """The value of `seat` ("A" or "B", a `Seat` or its plain letter); any other key is a
        `KeyError`, never silently the other seat (`PerSeat(3, 5)[0]` is refused)."""
        if seat == "A":
            return self.a
        if seat == "B":
            return self.b
        raise KeyError(seat)

    def set(self, seat: Seat, value: T) -> PerSeat[T]:
        return PerSeat(value, self.b) if seat is Seat.A else PerSeat(self.a, value)

    def as_json(self) -> dict[str, T]:
        return {"A": self.a, "B": self.b}


@dataclass(frozen=True, slots=True)
class RackResult:
    rack: int
    breaker: Seat
    winner: Seat | None
    how: RackHow


class State(NamedTuple):
    """Everything derived from the events so far."""

    setup: MatchStarted
    status: Status
    awaiting: Awaiting | None
    at_table: Seat | None
    rack: int
    breaker: Seat | None
    score: PerSeat[int]
    balls_on_table: frozenset[int]
    cue_ball: CueBall
    push_out_allowed: bool
    option: OptionAfter | None
    fouls: PerSeat[int]
    warned: PerSeat[bool]
    extensions_left: PerSeat[int] | None
    winner: Seat | None
    result: MatchResult | None
    racks: tuple[RackResult, ...]
    ten_spotted: bool = False
    """The last event brought the 10 back: the referee must spot it."""
    signed: PerSeat[bool] = PerSeat(False, False)
    """Who has signed the result (spec 1.3 `sign`); not in the summary, which a signature leaves as it was."""

    @property
    def by_racks(self) -> bool:
        """The match is scored by racks (spec §2a): nothing is tracked at the table."""
        return self.setup.scoring is Scoring.RACKS

    @property
    def lowest_ball(self) -> int | None:
        return min(self.balls_on_table) if self.balls_on_table else None

    @property
    def warning_due(self) -> tuple[Seat, ...]:
        return tuple(s for s in Seat if self.fouls[s] >= 2 and not self.warned[s])

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def over(self) -> bool:
        """Nothing but a note or an undo can follow: the match has a result, or it is void."""
        return self.status is Status.FINISHED or self.status is Status.VOID

    @property
    def void(self) -> bool:
        return self.status is Status.VOID


_INDEX = {name: i for i, name in enumerate(State._fields)}


def evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with `changes`: `_replace` at half the cost, as replay runs it per event."""
    values = list(state)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return tuple.__new__(State, values)


def fresh_extensions(setup: MatchStarted) -> PerSeat[int] | None:
    """Each player's extensions for a new rack; None with no shot clock, or when scored by racks."""
    if setup.shot_clock is None or setup.scoring is Scoring.RACKS:
        return None
    n = setup.shot_clock.extensions_per_rack
    return PerSeat(n, n)


def initial_state(setup: MatchStarted) -> State:
    """The state right after `match_started`: waiting for the lag (no balls under rack scoring)."""
    return State(
        setup=setup,
        status=Status.LAG,
        awaiting=Awaiting.LAG,
        at_table=None,
        rack=1,
        breaker=None,
        score=PerSeat(0, 0),
        balls_on_table=frozenset() if setup.scoring is Scoring.RACKS else frozenset(BALLS),
        cue_ball=CueBall.IN_HAND_KITCHEN,
        push_out_allowed=False,
        option=None,
        fouls=PerSeat(0, 0),
        warned=PerSeat(False, False),
        extensions_left=fresh_extensions(setup),
        winner=None,
        result=None,
        racks=(),
    )


def summary(state: State) -> dict[str, Any]:
    """The state summary printed by `referee-app replay`, keys in spec order (§5; §2a under rack
    scoring: nothing at the table, so `at_table`, `balls_on_table` and `cue_ball` are null)."""
    by_racks = state.by_racks
    option = None
    if state.option is not None:
        option = {"after": state.option.value, "choices": ["shoot", "hand_back"]}
    ext = state.extensions_left
    return {
        "format": STATE_FORMAT,
        "rules": str(state.setup.rules),
        "race_to": state.setup.race_to,
        "players": {"A": state.setup.players[0], "B": state.setup.players[1]},
        "status": state.status.value,
        "awaiting": state.awaiting.value if state.awaiting else None,
        "at_table": state.at_table.value if state.at_table else None,
        "rack": state.rack,
        "breaker": state.breaker.value if state.breaker else None,
        "score": state.score.as_json(),
        "balls_on_table": None if by_racks else sorted(state.balls_on_table),
        "cue_ball": None if by_racks else state.cue_ball.value,
        "push_out_allowed": state.push_out_allowed,
        "option": option,
        "fouls": state.fouls.as_json(),
        "warned": state.warned.as_json(),
        "warning_due": [s.value for s in state.warning_due],
        "extensions_left": ext.as_json() if ext is not None else None,
        "winner": state.winner.value if state.winner else None,
        "result": state.result.value if state.result else None,
        "racks": [
            {
                "rack": r.rack,
                "breaker": r.breaker.value,
                "winner": r.winner.value if r.winner else None,
                "how": r.how.value,
            }
            for r in state.racks
        ],
    }
