"""The words a rule refers to: fouls, lag faults, pockets, rack and match outcomes, penalties.

They stand in the game wing because the rules' refusals name fouls; `words.wording` builds
sentences out of them. Qt-free: every string is marked for lupdate and passes through `tr`.
"""

from __future__ import annotations

from referee_app.game.events import MatchStarted
from referee_app.game.presets import PRESETS
from referee_app.game.state import State
from referee_app.game.vocab import Foul, LagFault, MatchResult, PenaltyKind, Pocket, RackHow, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

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
    RackHow.BREAK_AND_RUN: QT_TRANSLATE_NOOP("Wording", "break-and-run"),
}

RACK_TEN = QT_TRANSLATE_NOOP("Wording", "10 pocketed")
"""`ten` under rack scoring (spec §2a): the 10 pocketed legally; no call is recorded there."""

RESULT_LABELS: dict[MatchResult, str] = {
    MatchResult.RACE: QT_TRANSLATE_NOOP("Wording", "race won"),
    MatchResult.CONCESSION: QT_TRANSLATE_NOOP("Wording", "concession"),
    MatchResult.PENALTY: QT_TRANSLATE_NOOP("Wording", "penalty"),
    MatchResult.VOID: QT_TRANSLATE_NOOP("Wording", "void"),
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


def name(state: State, seat: Seat | None) -> str:
    return "" if seat is None else state.setup.name(seat)


def rules_label(setup: MatchStarted) -> str:
    return rules_short(setup.rules)


def rules_short(name: str) -> str:
    """A preset's short label ("WPA"); a name no preset has (another version's) as it is, in capitals."""
    known = PRESETS.get(name)
    return known.short if known is not None else name.upper()


def tr_penalty(kind: PenaltyKind, tr: Translate = english) -> str:
    return tr(CTX, PENALTY_LABELS[kind])


def how_label(how: RackHow, tr: Translate = english, *, by_racks: bool = False) -> str:
    """How a rack was won, in words; `by_racks`: the match is scored by racks, where `ten` is any
    legal 10 (no call is recorded)."""
    if by_racks and how is RackHow.TEN:
        return tr(CTX, RACK_TEN)
    return tr(CTX, HOW_LABELS[how])


def result_label(result: MatchResult, tr: Translate = english) -> str:
    return tr(CTX, RESULT_LABELS[result])
