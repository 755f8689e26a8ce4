"""The rules engine: `apply(state, event) -> state` and `allowed(state)`.

A pure state machine over the events of the match log. It never reads the
clock, draws numbers or does I/O. Each handler names the rule-book section
(`shared/rules/10-ball.md`) it implements. An event the rules do not allow
raises `RuleViolation`; the state passed in is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from referee_app.game.events import (
    LOWEST,
    Break,
    Called,
    Concede,
    Event,
    EventType,
    Extension,
    Lag,
    MatchStarted,
    Note,
    Option,
    Penalty,
    Potted,
    PushOut,
    RackWon,
    Relag,
    Shot,
    Signed,
    Stalemate,
    Undo,
    Void,
    WarningGiven,
)
from referee_app.game.presets import BreakRequirement, TenOnBreak
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import PerSeat, RackResult, State, evolve, fresh_extensions
from referee_app.game.vocab import (
    BALLS,
    RACK_WAYS,
    REFEREE_FOULS,
    TEN,
    Awaiting,
    BreakOrder,
    Choice,
    CueBall,
    CueBallFate,
    Foul,
    MatchResult,
    OptionAfter,
    PenaltyKind,
    RackHow,
    Seat,
    Status,
)

RACK_WAYS_OF_THE_BREAKER: tuple[RackHow, ...] = (RackHow.BREAK_AND_RUN, RackHow.TEN_ON_BREAK)
"""Spec §2a: the ways of winning a rack that only its breaker can have."""

# Enum members read in the replay hot path (_on_shot, _continue): on Python 3.11 a
# module constant is ten times faster to read than `Awaiting.SHOT`.
_SHOT = Awaiting.SHOT
_OPTION = Awaiting.OPTION
_IN_PLACE = CueBall.IN_PLACE
_ON_TABLE = CueBallFate.TABLE
_SEAT_A = Seat.A
_new_tuple = tuple.__new__

# --- helpers shared by the handlers -------------------------------------------------


def _name(state: State, seat: Seat) -> str:
    return state.setup.name(seat)


def _require_play(state: State) -> None:
    """Section 9 / spec §2: nothing but notes after the end (or a void), only the lag before it."""
    _require_not_finished(state)
    if state.status is Status.LAG:
        raise RuleViolation("before_lag")


def _refuse_by_racks(state: State, kind: EventType) -> None:
    """Spec §2a: under rack scoring no stroke, option, warning, extension or foul is recorded."""
    if state.by_racks:
        raise RuleViolation("scored_by_racks", event=kind)


def _require_not_finished(state: State) -> None:
    if state.status is Status.FINISHED:
        raise RuleViolation("match_over")
    if state.status is Status.VOID:
        raise RuleViolation("match_void")


def _check_actor(state: State, player: Seat | None) -> Seat:
    """Spec §1: a `player` given on a stroke or option must be the seat due to act."""
    assert state.at_table is not None
    if player is not None and player is not state.at_table:
        raise RuleViolation("not_due", due=_name(state, state.at_table), player=_name(state, player))
    return state.at_table


def _check_on_table(state: State, balls: Iterable[int | None]) -> None:
    for ball in balls:
        if ball is not None and ball not in state.balls_on_table:
            raise RuleViolation("ball_not_on_table", ball=ball)


def _refuse_listed(fouls: Iterable[Foul], forbidden: Iterable[Foul], stroke: EventType) -> None:
    """Spec §3: a derived code listed where it cannot apply is refused."""
    for foul in fouls:
        if foul in forbidden:
            raise RuleViolation("foul_not_here", foul=foul, stroke=stroke)


def _stroke_fouls(listed: Iterable[Foul], cue_ball: CueBallFate, off_table: tuple[int, ...]) -> set[Foul]:
    """Fouls every stroke shares: what the referee listed, scratch, ball off the table."""
    fouls = set(listed)
    if cue_ball is not CueBallFate.TABLE:
        fouls.add(Foul.SCRATCH)
    if off_table:
        fouls.add(Foul.BALL_OFF_TABLE)
    return fouls


def _balls_after(
    state: State, pocketed: tuple[Potted, ...], off_table: tuple[int, ...], spot_ten: bool = True
) -> tuple[frozenset[int], bool]:
    """Balls left after a stroke; the 10 comes back unless it won (section 8)."""
    if not pocketed and not off_table:
        return state.balls_on_table, False
    down = {p.ball for p in pocketed} | set(off_table)
    balls = state.balls_on_table - down
    if spot_ten and TEN in down:
        return balls | {TEN}, True
    return balls, False


def _finish(state: State, winner: Seat, result: MatchResult) -> State:
    """Section 9: the match ends; the table stays as the last event left it."""
    return evolve(
        state,
        status=Status.FINISHED,
        awaiting=None,
        at_table=None,
        option=None,
        push_out_allowed=False,
        winner=winner,
        result=result,
    )


def _new_rack(state: State, breaker: Seat) -> State:
    """Section 3: rack the balls; the breaker has the cue ball in the kitchen. Under rack
    scoring (spec §2a) only the rack's number and breaker move on: the next rack is awaited."""
    if state.by_racks:
        return evolve(state, rack=state.rack + 1, breaker=breaker)
    return evolve(
        state,
        rack=state.rack + 1,
        breaker=breaker,
        at_table=breaker,
        awaiting=Awaiting.BREAK,
        balls_on_table=frozenset(BALLS),
        cue_ball=CueBall.IN_HAND_KITCHEN,
        push_out_allowed=False,
        option=None,
        fouls=PerSeat(0, 0),
        warned=PerSeat(False, False),
        extensions_left=fresh_extensions(state.setup),
        ten_spotted=False,
    )


def _next_breaker(state: State, rack_winner: Seat) -> Seat:
    """Section 2: who breaks the next rack."""
    assert state.breaker is not None
    order = state.setup.break_order
    if order is BreakOrder.WINNER:
        return rack_winner
    if order is BreakOrder.LOSER:
        return rack_winner.other
    return state.breaker.other


def _rack_won(state: State, winner: Seat, how: RackHow) -> State:
    """Section 9: score the rack, then end the match or rack the next one."""
    assert state.breaker is not None
    score = state.score.set(winner, state.score[winner] + 1)
    racks = (*state.racks, RackResult(state.rack, state.breaker, winner, how))
    scored = evolve(state, score=score, racks=racks)
    if score[winner] >= state.setup.race_to:
        return _finish(scored, winner, MatchResult.RACE)
    return _new_rack(scored, _next_breaker(state, winner))


def _standard_foul(state: State, offender: Seat, balls: frozenset[int], ten_spotted: bool) -> State:
    """Sections 6-7: ball in hand for the opponent; the three-foul rule."""
    base = evolve(
        state,
        balls_on_table=balls,
        ten_spotted=ten_spotted,
        option=None,
        push_out_allowed=False,
        cue_ball=CueBall.IN_HAND,
    )
    count = state.fouls[offender] + 1
    if count >= 3:
        if state.warned[offender]:
            return _rack_won(evolve(base, fouls=base.fouls.set(offender, 2)), offender.other, RackHow.THREE_FOULS)
        count = 2  # unwarned third foul: an ordinary foul, the warning still due
    return evolve(
        base,
        fouls=base.fouls.set(offender, count),
        at_table=offender.other,
        awaiting=Awaiting.SHOT,
    )


def _continue(
    state: State,
    played: Seat,
    next_up: Seat,
    balls: frozenset[int],
    ten_spotted: bool,
    awaiting: Awaiting = Awaiting.SHOT,
    option: OptionAfter | None = None,
    push_out_allowed: bool = False,
) -> State:
    """After a legal stroke by `played`, `next_up` plays from where the cue ball lies.

    Section 7: the legal stroke clears `played`'s foul count and warning. The state is
    built in one call because replay runs this for almost every event.
    """
    fouls, warned = state.fouls, state.warned
    if (fouls.a or warned.a) if played is _SEAT_A else (fouls.b or warned.b):
        fouls, warned = fouls.set(played, 0), warned.set(played, False)
    # In State's field order, built as the tuple it is: `State(...)` would first run the Python
    # `__new__` NamedTuple writes, which costs twice the tuple itself.
    return _new_tuple(
        State,
        (
            state.setup,
            state.status,
            awaiting,
            next_up,  # at_table
            state.rack,
            state.breaker,
            state.score,
            balls,
            _IN_PLACE,
            push_out_allowed,
            option,
            fouls,
            warned,
            state.extensions_left,
            state.winner,
            state.result,
            state.racks,
            ten_spotted,
            state.signed,
        ),
    )


# --- handlers, one per event type ----------------------------------------------------


def _on_match_started(state: State, event: MatchStarted) -> State:
    raise RuleViolation("already_started")


def _on_lag(state: State, event: Lag) -> State:
    """Section 2: the lag winner picks the breaker of rack 1."""
    _require_not_finished(state)
    if state.status is not Status.LAG:
        raise RuleViolation("lag_decided")
    breaker = event.first_breaker
    if state.by_racks:  # spec §2a: who breaks rack 1; then the racks' winners are awaited
        return evolve(state, status=Status.PLAYING, awaiting=Awaiting.RACK, breaker=breaker)
    return evolve(state, status=Status.PLAYING, awaiting=Awaiting.BREAK, at_table=breaker, breaker=breaker)


def _on_relag(state: State, event: Relag) -> State:
    """Section 2: a re-lag changes nothing, and only happens before the lag is decided."""
    _require_not_finished(state)
    if state.status is not Status.LAG:
        raise RuleViolation("lag_decided")
    return state


def break_fouls(state: State, event: Break) -> set[Foul]:
    """Sections 1 and 3: the fouls of a break, listed and derived (the preset sets the rails rule)."""
    fouls = _stroke_fouls(event.fouls, event.cue_ball, event.off_table)
    if event.first_contact != 1:
        fouls.add(Foul.WRONG_BALL_FIRST)
    preset = state.setup.preset
    enough = event.rails >= preset.break_rails
    if preset.break_requirement is BreakRequirement.BALL_OR_RAILS:
        enough = enough or bool(event.pocketed)
    if not enough:
        fouls.add(Foul.BREAK_RAILS)
    return fouls


def push_out_fouls(event: PushOut) -> set[Foul]:
    """Section 4: a push-out's fouls (wrong ball first and no rail do not apply)."""
    return _stroke_fouls(event.fouls, event.cue_ball, event.off_table)


def _on_break(state: State, event: Break) -> State:
    """Sections 1 and 3: break legality, break fouls, the 10 on the break."""
    _refuse_by_racks(state, EventType.BREAK)
    _require_play(state)
    if state.awaiting is not Awaiting.BREAK:
        raise RuleViolation("no_break_due")
    breaker = _check_actor(state, event.player)
    preset = state.setup.preset
    if event.call is not None and not preset.call_on_break:
        raise RuleViolation("no_call_on_break", rules=preset.short)
    _refuse_listed(event.fouls, (Foul.NO_RAIL,), EventType.BREAK)
    _check_on_table(state, [event.first_contact, *(p.ball for p in event.pocketed), *event.off_table])

    if break_fouls(state, event):
        balls, spotted = _balls_after(state, event.pocketed, event.off_table)
        return _standard_foul(state, breaker, balls, spotted)

    if _ten_on_break_wins(preset.ten_on_break, event):
        balls, _ = _balls_after(state, event.pocketed, event.off_table, spot_ten=False)
        return _rack_won(_continue(state, breaker, breaker, balls, False), breaker, RackHow.TEN_ON_BREAK)
    balls, spotted = _balls_after(state, event.pocketed, event.off_table)
    shooter = breaker if event.pocketed else breaker.other
    return _continue(state, breaker, shooter, balls, spotted, push_out_allowed=True)


def _ten_on_break_wins(rule: TenOnBreak, event: Break) -> bool:
    """Section 1: whether the 10 dropping on this legal, foul-free break wins the rack."""
    if rule is TenOnBreak.ANNOUNCED_WINS:
        return event.call is not None and event.call in event.pocketed
    if rule is TenOnBreak.WINS:
        return any(p.ball == TEN for p in event.pocketed)
    return False


def _on_push_out(state: State, event: PushOut) -> State:
    """Section 4: the push-out, and the option it gives the opponent."""
    _refuse_by_racks(state, EventType.PUSH_OUT)
    _require_play(state)
    if state.awaiting is Awaiting.OPTION:
        assert state.at_table is not None
        raise RuleViolation("option_pending", chooser=_name(state, state.at_table))
    if state.awaiting is not Awaiting.SHOT or not state.push_out_allowed:
        raise RuleViolation("no_push_out")
    pusher = _check_actor(state, event.player)
    _refuse_listed(event.fouls, (Foul.WRONG_BALL_FIRST, Foul.NO_RAIL, Foul.BREAK_RAILS), EventType.PUSH_OUT)
    _check_on_table(state, [*(p.ball for p in event.pocketed), *event.off_table])

    balls, spotted = _balls_after(state, event.pocketed, event.off_table)
    if push_out_fouls(event):
        return _standard_foul(state, pusher, balls, spotted)
    return _continue(state, pusher, pusher.other, balls, spotted, Awaiting.OPTION, OptionAfter.PUSH_OUT)


def shot_fouls(state: State, event: Shot) -> tuple[Foul, ...]:
    """Section 5: the fouls a shot's facts show, after those the referee listed (may repeat)."""
    lowest = min(state.balls_on_table)
    first = lowest if event.first_contact is LOWEST else event.first_contact
    if first == lowest and (event.pocketed or event.rail) and event.cue_ball is _ON_TABLE and not event.off_table:
        return event.fouls  # the usual case, answered without building anything
    derived: list[Foul] = []
    if first != lowest:
        derived.append(Foul.WRONG_BALL_FIRST)
    if not event.pocketed and not event.rail:
        derived.append(Foul.NO_RAIL)
    if event.cue_ball is not CueBallFate.TABLE:
        derived.append(Foul.SCRATCH)
    if event.off_table:
        derived.append(Foul.BALL_OFF_TABLE)
    return event.fouls + tuple(derived) if derived else event.fouls


def fouls_of(state: State, event: Event) -> set[Foul]:
    """The fouls a stroke (break, push-out or shot) showed in `state`; empty for anything else."""
    if isinstance(event, Shot):
        return set(shot_fouls(state, event))
    if isinstance(event, Break):
        return break_fouls(state, event)
    if isinstance(event, PushOut):
        return push_out_fouls(event)
    return set()


def _refuse_stroke(state: State) -> None:
    """Why a shot or push-out cannot be played now (it is not awaited)."""
    _refuse_by_racks(state, EventType.SHOT)
    _require_play(state)
    if state.awaiting is Awaiting.OPTION:
        assert state.at_table is not None
        raise RuleViolation("option_pending", chooser=_name(state, state.at_table))
    raise RuleViolation("break_due")


def _on_shot(state: State, event: Shot) -> State:
    """Section 5: called shots, the option after a wrongful pocket, the 10 winning.

    Written for speed as well as reading: replay runs it for most events of a log.
    """
    if state.awaiting is not _SHOT:
        _refuse_stroke(state)
    shooter = state.at_table
    assert shooter is not None
    if event.player is not None and event.player is not shooter:
        _check_actor(state, event.player)
    if event.fouls:
        _refuse_listed(event.fouls, (Foul.BREAK_RAILS,), EventType.SHOT)
    on_table = state.balls_on_table
    called = event.call if type(event.call) is Called else None
    if called is not None and called.ball not in on_table:
        raise RuleViolation("ball_not_on_table", ball=called.ball)
    first = event.first_contact
    if type(first) is int and first not in on_table:
        raise RuleViolation("ball_not_on_table", ball=first)
    pocketed, off_table = event.pocketed, event.off_table
    for potted in pocketed:  # _check_on_table, without building the list of balls
        if potted.ball not in on_table:
            raise RuleViolation("ball_not_on_table", ball=potted.ball)
    for ball in off_table:
        if ball not in on_table:
            raise RuleViolation("ball_not_on_table", ball=ball)

    # A foul when shot_fouls finds one: one the referee listed, or one the facts show (its usual
    # case asked here without the call; the lowest ball is looked for only when a first ball is named).
    if event.fouls or not (
        (first is LOWEST or first == min(on_table))
        and (pocketed or event.rail)
        and event.cue_ball is _ON_TABLE
        and not off_table
    ):
        balls, spotted = _balls_after(state, pocketed, off_table)
        return _standard_foul(state, shooter, balls, spotted)

    if not pocketed:  # a miss or a safety: the table as it was, the other player's turn
        return _continue(state, shooter, shooter.other, on_table, False)
    made = called is not None and called in pocketed
    if made and called is not None and called.ball == TEN:
        remaining, _ = _balls_after(state, pocketed, off_table, spot_ten=False)
        if not remaining or state.setup.preset.early_ten_wins:
            return _rack_won(_continue(state, shooter, shooter, remaining, False), shooter, RackHow.TEN)
    balls, spotted = _balls_after(state, pocketed, off_table)
    if made:
        return _continue(state, shooter, shooter, balls, spotted)
    return _continue(state, shooter, shooter.other, balls, spotted, _OPTION, OptionAfter.POCKETED_WITHOUT_CALL)


def _on_option(state: State, event: Option) -> State:
    """Sections 4 and 5.3: shoot from the position, or hand the table back."""
    _refuse_by_racks(state, EventType.OPTION)
    _require_play(state)
    if state.awaiting is not Awaiting.OPTION:
        raise RuleViolation("no_option")
    chooser = _check_actor(state, event.player)
    shooter = chooser if event.choice is Choice.SHOOT else chooser.other
    return evolve(state, at_table=shooter, awaiting=Awaiting.SHOT, option=None, ten_spotted=False)


def _on_warning(state: State, event: WarningGiven) -> State:
    """Section 7: the warning after the second consecutive foul."""
    _refuse_by_racks(state, EventType.WARNING)
    _require_play(state)
    who = _name(state, event.player)
    if state.fouls[event.player] < 2:
        raise RuleViolation("no_warning_due", player=who)
    if state.warned[event.player]:
        raise RuleViolation("already_warned", player=who)
    return evolve(state, warned=state.warned.set(event.player, True))


def _on_extension(state: State, event: Extension) -> State:
    """Section 10: one shot-clock extension per player per rack."""
    _refuse_by_racks(state, EventType.EXTENSION)
    _require_play(state)
    if state.extensions_left is None:
        raise RuleViolation("no_shot_clock")
    assert state.at_table is not None
    player = state.at_table if event.player is None else event.player
    if state.awaiting not in (Awaiting.BREAK, Awaiting.SHOT) or player is not state.at_table:
        raise RuleViolation("extension_not_due", player=_name(state, player))
    left = state.extensions_left[player]
    if left <= 0:
        raise RuleViolation("no_extension_left", player=_name(state, player))
    return evolve(state, extensions_left=state.extensions_left.set(player, left - 1))


def _on_penalty(state: State, event: Penalty) -> State:
    """Sections 6 and 9: unsportsmanlike conduct and other referee decisions (spec §2a: under
    rack scoring a `foul` penalty is refused, a `rack` one gives the rack with `how` "penalty")."""
    if event.penalty is PenaltyKind.FOUL:
        _refuse_by_racks(state, EventType.PENALTY)
    _require_not_finished(state)
    if event.penalty is PenaltyKind.MATCH:
        return _finish(state, event.player.other, MatchResult.PENALTY)
    _require_play(state)
    if event.penalty is PenaltyKind.RACK:
        return _rack_won(state, event.player.other, RackHow.PENALTY)
    if state.awaiting is Awaiting.BREAK:
        raise RuleViolation("penalty_foul_break_due")
    return _standard_foul(state, event.player, state.balls_on_table, False)


def _on_concede(state: State, event: Concede) -> State:
    """Section 9: conceding loses the match, under both presets."""
    _require_not_finished(state)
    return _finish(state, event.player.other, MatchResult.CONCESSION)


def _on_stalemate(state: State, event: Stalemate) -> State:
    """Section 9: the rack is void and the same player breaks again."""
    _require_play(state)
    if state.awaiting is Awaiting.BREAK:
        raise RuleViolation("stalemate_break_due")
    assert state.breaker is not None
    void = RackResult(state.rack, state.breaker, None, RackHow.STALEMATE)
    return _new_rack(evolve(state, racks=(*state.racks, void)), state.breaker)


def _on_void(state: State, event: Void) -> State:
    """Spec §2 (1.2): a match started by mistake counts nowhere; a result, once there, stands."""
    if state.status is Status.FINISHED:
        raise RuleViolation("void_after_result")
    _require_not_finished(state)
    return evolve(
        state,
        status=Status.VOID,
        awaiting=None,
        at_table=None,
        option=None,
        push_out_allowed=False,
        winner=None,
        result=MatchResult.VOID,
    )


def _on_note(state: State, event: Note) -> State:
    return state


def _on_rack(state: State, event: RackWon) -> State:
    """Spec §2a: who won the rack being played, and how; the next rack or the end as after a
    rack won in shot scoring (the break order, the race)."""
    if not state.by_racks:
        raise RuleViolation("scored_by_shots")
    _require_play(state)
    assert state.breaker is not None
    refusal = rack_refusal(state, event.winner, event.how)
    if refusal is not None:
        raise refusal
    return _rack_won(state, event.winner, event.how)


def rack_refusal(state: State, winner: Seat, how: RackHow) -> RuleViolation | None:
    """Why `winner` cannot have won the rack being played the way `how` says (spec §2a table),
    or None: only the breaker breaks and runs or wins with the 10 on the break, and the 10 on the
    break wins a rack only where the preset says so."""
    breaker = state.breaker
    if how is RackHow.TEN_ON_BREAK and state.setup.preset.ten_on_break is TenOnBreak.SPOTTED:
        return RuleViolation("ten_on_break_spotted", rules=state.setup.preset.short)
    if how in RACK_WAYS_OF_THE_BREAKER and winner is not breaker and breaker is not None:
        return RuleViolation("not_the_breaker", how=how, player=_name(state, winner), breaker=_name(state, breaker))
    return None


def _on_sign(state: State, event: Signed) -> State:
    """Spec 1.3: a player agrees with the result, once the match is finished, once per player."""
    if state.status is Status.VOID:
        raise RuleViolation("sign_void")
    if state.status is not Status.FINISHED:
        raise RuleViolation("sign_not_finished")
    if state.signed[event.player]:
        raise RuleViolation("already_signed", player=_name(state, event.player))
    return evolve(state, signed=state.signed.set(event.player, True))


def _on_undo(state: State, event: Undo) -> State:
    raise TypeError("undo is resolved by the match history, not by the rules")


HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    MatchStarted: _on_match_started,
    Lag: _on_lag,
    Relag: _on_relag,
    Break: _on_break,
    PushOut: _on_push_out,
    Shot: _on_shot,
    Option: _on_option,
    WarningGiven: _on_warning,
    Extension: _on_extension,
    Penalty: _on_penalty,
    Concede: _on_concede,
    Stalemate: _on_stalemate,
    Void: _on_void,
    Note: _on_note,
    RackWon: _on_rack,
    Signed: _on_sign,
    Undo: _on_undo,
}


def apply(state: State, event: Event) -> State:
    """The state after `event`, or `RuleViolation` (the state given is untouched)."""
    return HANDLERS[type(event)](state, event)


LISTABLE_ON_BREAK: tuple[Foul, ...] = tuple(f for f in REFEREE_FOULS if f is not Foul.SHOT_CLOCK)
"""Fouls a referee lists on a break (the other break fouls are facts: first ball, cushions, cue ball).
The shot clock is left out: it runs from the first shot after the break (section 10, our reading)."""

LISTABLE_ON_SHOT: tuple[Foul, ...] = (Foul.SCRATCH, Foul.WRONG_BALL_FIRST, Foul.NO_RAIL, *REFEREE_FOULS)
"""Fouls a referee can record for a shot at one press (a ball off the table is a fact of its own)."""


@dataclass(frozen=True, slots=True)
class Allowed:
    """What can be recorded now, and every rule-based choice the GUI makes from it."""

    lag: bool
    break_: bool
    shot: bool
    push_out: bool
    option: bool
    warning: tuple[Seat, ...]
    extension: bool
    penalty_foul: bool
    penalty_rack: bool
    penalty_match: bool
    concede: bool
    stalemate: bool
    void: bool
    """The match can be voided: before the lag or while playing, never once it has a result."""
    call_on_break: bool
    """The breaker may announce the 10 (the preset allows it and a break is due)."""
    warning_blocks: Seat | None
    """The player due to shoot or break who must be warned first (section 7): the GUI holds the
    stroke until the warning is recorded."""
    break_fouls: tuple[Foul, ...]
    """The fouls the referee can list on the break now (empty when no break is due)."""
    shot_fouls: tuple[Foul, ...]
    """The fouls the referee can record for the shot now (empty when no shot is due)."""
    rack_ways: tuple[tuple[Seat, RackHow], ...] = ()
    """Rack scoring (spec §2a): every (winner, how) a `rack` event may name now."""
    sign: tuple[Seat, ...] = ()
    """The players who may sign the result now (spec 1.3: finished, not signed yet)."""


def allowed(state: State) -> Allowed:
    """The events the rules accept in `state` (undo is the history's business)."""
    playing = state.status is Status.PLAYING
    awaiting = state.awaiting
    ext = state.extensions_left
    by_racks = state.by_racks
    breaking = awaiting is Awaiting.BREAK
    shooting = awaiting is Awaiting.SHOT
    at_table = state.at_table
    return Allowed(
        lag=state.status is Status.LAG,
        break_=breaking,
        shot=shooting,
        push_out=shooting and state.push_out_allowed,
        option=awaiting is Awaiting.OPTION,
        warning=state.warning_due if playing else (),
        extension=(ext is not None and (breaking or shooting) and at_table is not None and ext[at_table] > 0),
        penalty_foul=playing and not breaking and not by_racks,
        penalty_rack=playing,
        penalty_match=not state.over,
        concede=not state.over,
        stalemate=playing and not breaking,
        void=not state.over,
        call_on_break=breaking and state.setup.preset.call_on_break,
        warning_blocks=at_table if (breaking or shooting) and at_table in state.warning_due else None,
        break_fouls=LISTABLE_ON_BREAK if breaking else (),
        shot_fouls=LISTABLE_ON_SHOT if shooting else (),
        rack_ways=_rack_ways(state) if awaiting is Awaiting.RACK else (),
        sign=tuple(s for s in Seat if not state.signed[s]) if state.status is Status.FINISHED else (),
    )


def _rack_ways(state: State) -> tuple[tuple[Seat, RackHow], ...]:
    return tuple((seat, how) for seat in Seat for how in RACK_WAYS if rack_refusal(state, seat, how) is None)
