"""State and events as display text: small Qt-free functions, tested without a window.

Every string is marked with `QT_TRANSLATE_NOOP("Presenter", ...)` so lupdate
finds it, and passes through `tr` (the GUI gives Qt's translator; tests and
headless callers get English).
"""

from __future__ import annotations

from referee_app.events import (
    SAFETY,
    BallPocket,
    Break,
    Concede,
    Event,
    Extension,
    Lag,
    MatchStarted,
    Note,
    Option,
    Penalty,
    PushOut,
    Relag,
    Shot,
    Stalemate,
    Undo,
    WarningGiven,
)
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.state import State
from referee_app.vocab import Awaiting, Choice, CueBall, CueBallFate, Foul, MatchResult, PenaltyKind, RackHow, Seat

CTX = "Presenter"

FOUL_LABELS: dict[Foul, str] = {
    Foul.WRONG_BALL_FIRST: QT_TRANSLATE_NOOP("Presenter", "wrong ball first"),
    Foul.NO_RAIL: QT_TRANSLATE_NOOP("Presenter", "no rail"),
    Foul.SCRATCH: QT_TRANSLATE_NOOP("Presenter", "scratch"),
    Foul.BALL_OFF_TABLE: QT_TRANSLATE_NOOP("Presenter", "ball off the table"),
    Foul.BREAK_RAILS: QT_TRANSLATE_NOOP("Presenter", "too few balls to a cushion on the break"),
    Foul.DOUBLE_HIT: QT_TRANSLATE_NOOP("Presenter", "double hit"),
    Foul.PUSH_SHOT: QT_TRANSLATE_NOOP("Presenter", "push shot"),
    Foul.BALLS_MOVING: QT_TRANSLATE_NOOP("Presenter", "shot while balls moving"),
    Foul.TOUCHED_BALL: QT_TRANSLATE_NOOP("Presenter", "touched a ball"),
    Foul.NO_FOOT_ON_FLOOR: QT_TRANSLATE_NOOP("Presenter", "no foot on the floor"),
    Foul.JUMP_MISCUE: QT_TRANSLATE_NOOP("Presenter", "miscue on a jump"),
    Foul.BAD_CUE_BALL_PLACEMENT: QT_TRANSLATE_NOOP("Presenter", "bad cue ball placement"),
    Foul.CUE_ON_TABLE: QT_TRANSLATE_NOOP("Presenter", "cue on the table"),
    Foul.SHOT_CLOCK: QT_TRANSLATE_NOOP("Presenter", "shot clock expired"),
}

HOW_LABELS: dict[RackHow, str] = {
    RackHow.TEN: QT_TRANSLATE_NOOP("Presenter", "called 10"),
    RackHow.TEN_ON_BREAK: QT_TRANSLATE_NOOP("Presenter", "10 announced on the break"),
    RackHow.THREE_FOULS: QT_TRANSLATE_NOOP("Presenter", "three fouls"),
    RackHow.PENALTY: QT_TRANSLATE_NOOP("Presenter", "penalty"),
    RackHow.STALEMATE: QT_TRANSLATE_NOOP("Presenter", "stalemate"),
}

RESULT_LABELS: dict[MatchResult, str] = {
    MatchResult.RACE: QT_TRANSLATE_NOOP("Presenter", "race won"),
    MatchResult.CONCESSION: QT_TRANSLATE_NOOP("Presenter", "concession"),
    MatchResult.PENALTY: QT_TRANSLATE_NOOP("Presenter", "penalty"),
}

PENALTY_LABELS: dict[PenaltyKind, str] = {
    PenaltyKind.FOUL: QT_TRANSLATE_NOOP("Presenter", "foul"),
    PenaltyKind.RACK: QT_TRANSLATE_NOOP("Presenter", "loss of the rack"),
    PenaltyKind.MATCH: QT_TRANSLATE_NOOP("Presenter", "loss of the match"),
}


def foul_label(foul: Foul, tr: Translate = english) -> str:
    return tr(CTX, FOUL_LABELS[foul])


def name(state: State, seat: Seat | None) -> str:
    return "" if seat is None else state.setup.name(seat)


def rules_label(setup: MatchStarted) -> str:
    return setup.rules.value.upper()


def header_line(state: State, tr: Translate = english) -> str:
    """Race, rack, rules and breaker in one line for the scoreboard."""
    text = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Race to {race} · Rack {rack} · {rules}"))
    line = text.format(race=state.setup.race_to, rack=state.rack, rules=rules_label(state.setup))
    if state.breaker is not None:
        line += " · " + tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Break: {name}")).format(name=name(state, state.breaker))
    return line


def prompt_line(state: State, tr: Translate = english) -> str:
    """What the desk is waiting for, in one sentence."""
    who = name(state, state.at_table)
    if state.finished:
        template = QT_TRANSLATE_NOOP("Presenter", "{winner} wins the match {a}–{b} ({how}).")
        assert state.winner is not None and state.result is not None
        return tr(CTX, template).format(
            winner=name(state, state.winner),
            a=state.score.a,
            b=state.score.b,
            how=tr(CTX, RESULT_LABELS[state.result]),
        )
    if state.awaiting is Awaiting.LAG:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Lag for the break: who won it?"))
    if state.awaiting is Awaiting.BREAK:
        return tr(
            CTX, QT_TRANSLATE_NOOP("Presenter", "{name} to break, cue ball in hand behind the head string.")
        ).format(name=who)
    if state.awaiting is Awaiting.OPTION:
        return tr(
            CTX, QT_TRANSLATE_NOOP("Presenter", "{name} to choose: shoot from here, or hand the table back.")
        ).format(name=who)
    if state.cue_ball is CueBall.IN_HAND:
        text = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "{name} to shoot, ball in hand anywhere on the table."))
    else:
        text = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "{name} to shoot."))
    line = text.format(name=who)
    if state.push_out_allowed:
        line += " " + tr(CTX, QT_TRANSLATE_NOOP("Presenter", "A push-out is allowed."))
    return line


def cue_ball_line(state: State, tr: Translate = english) -> str:
    if state.finished:
        return ""
    if state.cue_ball is CueBall.IN_HAND_KITCHEN:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Ball in hand behind the head string"))
    if state.cue_ball is CueBall.IN_HAND:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Ball in hand anywhere"))
    return ""


def fouls_line(state: State, seat: Seat, tr: Translate = english) -> str:
    """Consecutive fouls, with the two-foul state spelled out."""
    count = state.fouls[seat]
    if count >= 2 and state.warned[seat]:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "2 fouls · WARNED"))
    if count >= 2:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "2 fouls · warning due"))
    return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Fouls: {count}")).format(count=count)


def extensions_line(state: State, seat: Seat, tr: Translate = english) -> str:
    if state.extensions_left is None:
        return ""
    return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Extensions: {count}")).format(count=state.extensions_left[seat])


def spot_ten_line(state: State, tr: Translate = english) -> str:
    if state.ten_spotted and not state.finished:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Spot the 10 on the foot spot"))
    return ""


def warning_prompt(state: State, tr: Translate = english) -> str:
    """The blocking prompt when the player due to shoot must be warned first ('' when none)."""
    if state.at_table in state.warning_due and state.awaiting in (Awaiting.SHOT, Awaiting.BREAK):
        text = tr(
            CTX,
            QT_TRANSLATE_NOOP(
                "Presenter", "{name} is on two consecutive fouls. Give the warning before the next shot."
            ),
        )
        return text.format(name=name(state, state.at_table))
    return ""


def _balls(potted: tuple[BallPocket, ...]) -> str:
    return ", ".join(f"{p.ball} ({p.pocket.value})" for p in potted)


def _fouls(fouls: tuple[Foul, ...], cue_ball: CueBallFate, off_table: tuple[int, ...], tr: Translate) -> list[str]:
    labels = [foul_label(f, tr) for f in dict.fromkeys(fouls)]
    if cue_ball is not CueBallFate.TABLE and foul_label(Foul.SCRATCH, tr) not in labels:
        labels.append(foul_label(Foul.SCRATCH, tr))
    if off_table:
        labels.append(
            tr(CTX, QT_TRANSLATE_NOOP("Presenter", "off the table: {balls}")).format(
                balls=", ".join(map(str, off_table))
            )
        )
    return labels


def _with_fouls(text: str, labels: list[str], tr: Translate) -> str:
    if not labels:
        return text
    return text + " — " + tr(CTX, QT_TRANSLATE_NOOP("Presenter", "foul: {fouls}")).format(fouls=", ".join(labels))


def describe(event: Event, before: State, tr: Translate = english) -> str:
    """One event in words, as the history panel and the sheet list it."""
    who = name(before, before.at_table)
    t = tr
    if isinstance(event, MatchStarted):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Match: {a} v {b}, race to {race} ({rules})")).format(
            a=event.players[0], b=event.players[1], race=event.race_to, rules=rules_label(event)
        )
    if isinstance(event, Lag):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Lag won by {winner}; {breaker} breaks")).format(
            winner=before.setup.name(event.winner),
            breaker=before.setup.name(event.first_breaker),
        )
    if isinstance(event, Relag):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Re-lag")) + (f": {event.reason}" if event.reason else "")
    if isinstance(event, Break):
        text = t(CTX, QT_TRANSLATE_NOOP("Presenter", "{name} breaks: {rails} balls to a cushion")).format(
            name=who, rails=event.rails
        )
        if event.pocketed:
            text += "; " + t(CTX, QT_TRANSLATE_NOOP("Presenter", "down: {balls}")).format(balls=_balls(event.pocketed))
        if event.call is not None:
            text += "; " + t(CTX, QT_TRANSLATE_NOOP("Presenter", "10 announced in {pocket}")).format(
                pocket=event.call.pocket.value
            )
        return _with_fouls(text, _fouls(event.fouls, event.cue_ball, event.off_table, tr), tr)
    if isinstance(event, PushOut):
        text = t(CTX, QT_TRANSLATE_NOOP("Presenter", "{name} pushes out")).format(name=who)
        if event.pocketed:
            text += "; " + t(CTX, QT_TRANSLATE_NOOP("Presenter", "down: {balls}")).format(balls=_balls(event.pocketed))
        return _with_fouls(text, _fouls(event.fouls, event.cue_ball, event.off_table, tr), tr)
    if isinstance(event, Shot):
        if event.call == SAFETY:
            text = t(CTX, QT_TRANSLATE_NOOP("Presenter", "{name}: safety")).format(name=who)
        else:
            assert isinstance(event.call, BallPocket)
            made = event.call in event.pocketed
            template = (
                QT_TRANSLATE_NOOP("Presenter", "{name}: {ball} in {pocket}, made")
                if made
                else QT_TRANSLATE_NOOP("Presenter", "{name}: {ball} in {pocket}, missed")
            )
            text = t(CTX, template).format(name=who, ball=event.call.ball, pocket=event.call.pocket.value)
        others = tuple(p for p in event.pocketed if p != event.call)
        if others:
            text += "; " + t(CTX, QT_TRANSLATE_NOOP("Presenter", "down: {balls}")).format(balls=_balls(others))
        if event.clock_s is not None:
            text += f" ({event.clock_s:.1f} s)"
        return _with_fouls(text, _fouls(event.fouls, event.cue_ball, event.off_table, tr), tr)
    if isinstance(event, Option):
        template = (
            QT_TRANSLATE_NOOP("Presenter", "{name} shoots from the position")
            if event.choice is Choice.SHOOT
            else QT_TRANSLATE_NOOP("Presenter", "{name} hands the table back")
        )
        return t(CTX, template).format(name=who)
    if isinstance(event, WarningGiven):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Warning to {name}")).format(name=name(before, event.player))
    if isinstance(event, Extension):
        seat = event.player or before.at_table
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Extension for {name}")).format(name=name(before, seat))
    if isinstance(event, Penalty):
        text = t(CTX, QT_TRANSLATE_NOOP("Presenter", "Penalty against {name}: {kind}")).format(
            name=name(before, event.player), kind=t(CTX, PENALTY_LABELS[event.penalty])
        )
        return text + (f" ({event.reason})" if event.reason else "")
    if isinstance(event, Concede):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "{name} concedes the match")).format(
            name=name(before, event.player)
        )
    if isinstance(event, Stalemate):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Stalemate: the rack is void"))
    if isinstance(event, Note):
        return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Note: {text}")).format(text=event.text)
    assert isinstance(event, Undo)
    return t(CTX, QT_TRANSLATE_NOOP("Presenter", "Undo of event {seq}")).format(seq=event.target)


def tr_penalty(kind: PenaltyKind, tr: Translate = english) -> str:
    return tr(CTX, PENALTY_LABELS[kind])


def how_label(how: RackHow, tr: Translate = english) -> str:
    return tr(CTX, HOW_LABELS[how])
