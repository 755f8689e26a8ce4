"""Events and outcomes in words, for the desk's history, the match sheet and the CLI.

Qt-free: every string is marked with `QT_TRANSLATE_NOOP("Wording", ...)` for
lupdate and passes through `tr` (English when none is given).
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
from referee_app.presets import PRESETS
from referee_app.state import State
from referee_app.vocab import Choice, CueBallFate, Foul, LagFault, MatchResult, PenaltyKind, Pocket, RackHow, Seat

CTX = "Wording"
POCKET_CTX = "Pocket"

FOUL_LABELS: dict[Foul, str] = {
    Foul.WRONG_BALL_FIRST: QT_TRANSLATE_NOOP("Wording", "wrong ball first"),
    Foul.NO_RAIL: QT_TRANSLATE_NOOP("Wording", "no rail"),
    Foul.SCRATCH: QT_TRANSLATE_NOOP("Wording", "scratch"),
    Foul.BALL_OFF_TABLE: QT_TRANSLATE_NOOP("Wording", "ball off the table"),
    Foul.BREAK_RAILS: QT_TRANSLATE_NOOP("Wording", "too few balls to a cushion on the break"),
    Foul.DOUBLE_HIT: QT_TRANSLATE_NOOP("Wording", "double hit"),
    Foul.PUSH_SHOT: QT_TRANSLATE_NOOP("Wording", "push shot"),
    Foul.BALLS_MOVING: QT_TRANSLATE_NOOP("Wording", "shot while balls moving"),
    Foul.TOUCHED_BALL: QT_TRANSLATE_NOOP("Wording", "touched a ball"),
    Foul.NO_FOOT_ON_FLOOR: QT_TRANSLATE_NOOP("Wording", "no foot on the floor"),
    Foul.JUMP_MISCUE: QT_TRANSLATE_NOOP("Wording", "miscue on a jump"),
    Foul.BAD_CUE_BALL_PLACEMENT: QT_TRANSLATE_NOOP("Wording", "bad cue ball placement"),
    Foul.CUE_ON_TABLE: QT_TRANSLATE_NOOP("Wording", "cue on the table"),
    Foul.SHOT_CLOCK: QT_TRANSLATE_NOOP("Wording", "shot clock expired"),
}

LAG_FAULT_LABELS: dict[LagFault, str] = {
    LagFault.CROSSED_CENTER: QT_TRANSLATE_NOOP("Wording", "crossed into the other half"),
    LagFault.NO_FOOT_RAIL: QT_TRANSLATE_NOOP("Wording", "missed the foot rail"),
    LagFault.FOOT_RAIL_TWICE: QT_TRANSLATE_NOOP("Wording", "foot rail twice"),
    LagFault.SIDE_RAIL: QT_TRANSLATE_NOOP("Wording", "touched a side rail"),
    LagFault.POCKETED: QT_TRANSLATE_NOOP("Wording", "pocketed"),
    LagFault.OFF_TABLE: QT_TRANSLATE_NOOP("Wording", "off the table"),
    LagFault.IN_POCKET_JAW: QT_TRANSLATE_NOOP("Wording", "in the jaw of a corner pocket"),
    LagFault.FOUL: QT_TRANSLATE_NOOP("Wording", "foul"),
}

HOW_LABELS: dict[RackHow, str] = {
    RackHow.TEN: QT_TRANSLATE_NOOP("Wording", "called 10"),
    RackHow.TEN_ON_BREAK: QT_TRANSLATE_NOOP("Wording", "10 announced on the break"),
    RackHow.THREE_FOULS: QT_TRANSLATE_NOOP("Wording", "three fouls"),
    RackHow.PENALTY: QT_TRANSLATE_NOOP("Wording", "penalty"),
    RackHow.STALEMATE: QT_TRANSLATE_NOOP("Wording", "stalemate"),
}

RESULT_LABELS: dict[MatchResult, str] = {
    MatchResult.RACE: QT_TRANSLATE_NOOP("Wording", "race won"),
    MatchResult.CONCESSION: QT_TRANSLATE_NOOP("Wording", "concession"),
    MatchResult.PENALTY: QT_TRANSLATE_NOOP("Wording", "penalty"),
}

PENALTY_LABELS: dict[PenaltyKind, str] = {
    PenaltyKind.FOUL: QT_TRANSLATE_NOOP("Wording", "foul"),
    PenaltyKind.RACK: QT_TRANSLATE_NOOP("Wording", "loss of the rack"),
    PenaltyKind.MATCH: QT_TRANSLATE_NOOP("Wording", "loss of the match"),
}


POCKET_LABELS: dict[Pocket, str] = {
    Pocket.HL: QT_TRANSLATE_NOOP("Pocket", "HL"),
    Pocket.SL: QT_TRANSLATE_NOOP("Pocket", "SL"),
    Pocket.FL: QT_TRANSLATE_NOOP("Pocket", "FL"),
    Pocket.HR: QT_TRANSLATE_NOOP("Pocket", "HR"),
    Pocket.SR: QT_TRANSLATE_NOOP("Pocket", "SR"),
    Pocket.FR: QT_TRANSLATE_NOOP("Pocket", "FR"),
}
"""A pocket as people read it: the log's code (head/side/foot, left/right) in English; French
uses the federation's own orientation (bas/milieu/haut, gauche/droite)."""


def foul_label(foul: Foul, tr: Translate = english) -> str:
    return tr(CTX, FOUL_LABELS[foul])


def lag_fault_label(fault: LagFault, tr: Translate = english) -> str:
    return tr(CTX, LAG_FAULT_LABELS[fault])


def pocket_label(pocket: Pocket, tr: Translate = english) -> str:
    return tr(POCKET_CTX, POCKET_LABELS[pocket])


def joined(parts: list[str], tr: Translate = english) -> str:
    """The parts of one line joined as the language writes it (French puts a space before ";")."""
    return tr(CTX, QT_TRANSLATE_NOOP("Wording", "; ")).join(parts)


def seconds(value: float, tr: Translate = english) -> str:
    """A duration with one decimal, with the language's decimal mark ("12.3 s", "12,3 s")."""
    whole, tenth = f"{value:.1f}".split(".")
    return tr(CTX, QT_TRANSLATE_NOOP("Wording", "{whole}.{tenth} s")).format(whole=whole, tenth=tenth)


def name(state: State, seat: Seat | None) -> str:
    return "" if seat is None else state.setup.name(seat)


def rules_label(setup: MatchStarted) -> str:
    return rules_short(setup.rules)


def rules_short(name: str) -> str:
    """A preset's short label ("WPA"); a name no preset has (another version's) as it is, in capitals."""
    known = PRESETS.get(name)
    return known.short if known is not None else name.upper()


def _balls(potted: tuple[BallPocket, ...], tr: Translate = english) -> str:
    return ", ".join(f"{p.ball} ({pocket_label(p.pocket, tr)})" for p in potted)


FOUL_ORDER = tuple(FOUL_LABELS)
"""The order fouls are named in: the facts a referee records first, then the ones called."""


def foul_labels(event: Break | PushOut | Shot, before: State, tr: Translate = english) -> list[str]:
    """Every foul of a stroke in words: those the referee listed and those its facts show (a wrong
    ball first, no rail, too few balls to a cushion...), each once, as the rules count them."""
    from referee_app.rules import fouls_of  # here: the rules' refusals import this module

    found = set(fouls_of(before, event)) | set(event.fouls)
    labels = []
    for foul in sorted(found, key=FOUL_ORDER.index):
        if foul is Foul.BREAK_RAILS and isinstance(event, Break):
            preset = before.setup.preset
            template = (
                QT_TRANSLATE_NOOP("Wording", "only 1 ball to a cushion, {rules} needs {needed}")
                if event.rails == 1
                else QT_TRANSLATE_NOOP("Wording", "only {rails} balls to a cushion, {rules} needs {needed}")
            )
            labels.append(tr(CTX, template).format(rails=event.rails, rules=preset.short, needed=preset.break_rails))
        elif foul is Foul.BALL_OFF_TABLE and event.off_table:
            labels.append(
                tr(CTX, QT_TRANSLATE_NOOP("Wording", "off the table: {balls}")).format(
                    balls=", ".join(map(str, event.off_table))
                )
            )
        elif foul is Foul.SCRATCH and event.cue_ball is CueBallFate.OFF_TABLE:
            labels.append(tr(CTX, QT_TRANSLATE_NOOP("Wording", "cue ball off the table")))
        else:
            labels.append(foul_label(foul, tr))
    return labels


def _down(potted: tuple[BallPocket, ...], tr: Translate) -> str:
    return tr(CTX, QT_TRANSLATE_NOOP("Wording", "down: {balls}")).format(balls=_balls(potted, tr))


def _with_fouls(text: str, labels: list[str], tr: Translate) -> str:
    if not labels:
        return text
    return text + " — " + tr(CTX, QT_TRANSLATE_NOOP("Wording", "foul: {fouls}")).format(fouls=", ".join(labels))


def describe(event: Event, before: State, tr: Translate = english) -> str:
    """One event in words, as the history panel and the sheet list it."""
    who = name(before, before.at_table)
    t = tr
    if isinstance(event, MatchStarted):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Match: {a} v {b}, race to {race} ({rules})")).format(
            a=event.players[0], b=event.players[1], race=event.race_to, rules=rules_label(event)
        )
    if isinstance(event, Lag):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Lag won by {winner}; {breaker} breaks")).format(
            winner=before.setup.name(event.winner),
            breaker=before.setup.name(event.first_breaker),
        )
    if isinstance(event, Relag):
        if not event.reason:
            return t(CTX, QT_TRANSLATE_NOOP("Wording", "Re-lag"))
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Re-lag: {reason}")).format(reason=event.reason)
    if isinstance(event, Break):
        template = (
            QT_TRANSLATE_NOOP("Wording", "{name} breaks: 1 ball to a cushion")
            if event.rails == 1
            else QT_TRANSLATE_NOOP("Wording", "{name} breaks: {rails} balls to a cushion")
        )
        parts = [t(CTX, template).format(name=who, rails=event.rails)]
        if event.pocketed:
            parts.append(_down(event.pocketed, tr))
        if event.call is not None:
            parts.append(
                t(CTX, QT_TRANSLATE_NOOP("Wording", "10 announced in {pocket}")).format(
                    pocket=pocket_label(event.call.pocket, tr)
                )
            )
        return _with_fouls(joined(parts, tr), foul_labels(event, before, tr), tr)
    if isinstance(event, PushOut):
        parts = [t(CTX, QT_TRANSLATE_NOOP("Wording", "{name} pushes out")).format(name=who)]
        if event.pocketed:
            parts.append(_down(event.pocketed, tr))
        return _with_fouls(joined(parts, tr), foul_labels(event, before, tr), tr)
    if isinstance(event, Shot):
        if event.call == SAFETY:
            from referee_app.rules import fouls_of

            # "safety" in the log means no ball was called: a foul entered before any call is not a safety
            unnamed = bool(fouls_of(before, event))
            template = (
                QT_TRANSLATE_NOOP("Wording", "{name}: no ball called")
                if unnamed
                else QT_TRANSLATE_NOOP("Wording", "{name}: safety")
            )
            text = t(CTX, template).format(name=who)
        else:
            assert isinstance(event.call, BallPocket)
            made = event.call in event.pocketed
            template = (
                QT_TRANSLATE_NOOP("Wording", "{name}: {ball} in {pocket}, made")
                if made
                else QT_TRANSLATE_NOOP("Wording", "{name}: {ball} in {pocket}, missed")
            )
            text = t(CTX, template).format(name=who, ball=event.call.ball, pocket=pocket_label(event.call.pocket, tr))
        others = tuple(p for p in event.pocketed if p != event.call)
        text = joined([text, _down(others, tr)], tr) if others else text
        if event.clock_s is not None:
            text += f" ({seconds(event.clock_s, tr)})"
        return _with_fouls(text, foul_labels(event, before, tr), tr)
    if isinstance(event, Option):
        template = (
            QT_TRANSLATE_NOOP("Wording", "{name} shoots from the position")
            if event.choice is Choice.SHOOT
            else QT_TRANSLATE_NOOP("Wording", "{name} hands the table back")
        )
        return t(CTX, template).format(name=who)
    if isinstance(event, WarningGiven):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Warning to {name}")).format(name=name(before, event.player))
    if isinstance(event, Extension):
        seat = event.player or before.at_table
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Extension for {name}")).format(name=name(before, seat))
    if isinstance(event, Penalty):
        text = t(CTX, QT_TRANSLATE_NOOP("Wording", "Penalty against {name}: {kind}")).format(
            name=name(before, event.player), kind=t(CTX, PENALTY_LABELS[event.penalty])
        )
        if not event.reason:
            return text
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "{penalty} ({reason})")).format(penalty=text, reason=event.reason)
    if isinstance(event, Concede):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "{name} concedes the match")).format(name=name(before, event.player))
    if isinstance(event, Stalemate):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Stalemate: the rack is void"))
    if isinstance(event, Note):
        # one line per event everywhere (history, transcript, sheet): a note's lines joined by " / "
        text = " / ".join(line.strip() for line in event.text.splitlines() if line.strip())
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Note: {text}")).format(text=text)
    assert isinstance(event, Undo)
    return t(CTX, QT_TRANSLATE_NOOP("Wording", "Undo of event {seq}")).format(seq=event.target)


def tr_penalty(kind: PenaltyKind, tr: Translate = english) -> str:
    return tr(CTX, PENALTY_LABELS[kind])


def how_label(how: RackHow, tr: Translate = english) -> str:
    return tr(CTX, HOW_LABELS[how])


def result_label(result: MatchResult, tr: Translate = english) -> str:
    return tr(CTX, RESULT_LABELS[result])
