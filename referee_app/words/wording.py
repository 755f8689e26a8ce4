"""Events and outcomes in words, for the desk's history, the match sheet and the CLI.

Qt-free: every string is marked with `QT_TRANSLATE_NOOP("Wording", ...)` for
lupdate and passes through `tr` (English when none is given).
"""

from __future__ import annotations

from referee_app.game.events import (
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
    RackWon,
    Relag,
    Shot,
    Signed,
    Stalemate,
    Undo,
    Void,
    WarningGiven,
)
from referee_app.game.labels import (
    CTX,
    FOUL_LABELS,
    PENALTY_LABELS,
    foul_label,
    how_label,
    lag_fault_label,
    name,
    pocket_label,
    rules_label,
)
from referee_app.game.rules import fouls_of
from referee_app.game.state import State
from referee_app.game.vocab import Choice, CueBallFate, Foul, RackHow, Scoring
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english


def joined(parts: list[str], tr: Translate = english) -> str:
    """The parts of one line joined as the language writes it (French puts a space before ";")."""
    return tr(CTX, QT_TRANSLATE_NOOP("Wording", "; ")).join(parts)


def seconds(value: float, tr: Translate = english) -> str:
    """A duration with one decimal, with the language's decimal mark ("12.3 s", "12,3 s")."""
    whole, tenth = f"{value:.1f}".split(".")
    return tr(CTX, QT_TRANSLATE_NOOP("Wording", "{whole}.{tenth} s")).format(whole=whole, tenth=tenth)


def _balls(potted: tuple[BallPocket, ...], tr: Translate = english) -> str:
    return ", ".join(f"{p.ball} ({pocket_label(p.pocket, tr)})" for p in potted)


FOUL_ORDER = tuple(FOUL_LABELS)
"""The order fouls are named in: the facts a referee records first, then the ones called."""


def foul_labels(event: Break | PushOut | Shot, before: State, tr: Translate = english) -> list[str]:
    """Every foul of a stroke in words: those the referee listed and those its facts show (a wrong
    ball first, no rail, too few balls to a cushion...), each once, as the rules count them."""

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
        template = (
            QT_TRANSLATE_NOOP("Wording", "Match: {a} v {b}, race to {race} ({rules}), scored by racks")
            if event.scoring is Scoring.RACKS
            else QT_TRANSLATE_NOOP("Wording", "Match: {a} v {b}, race to {race} ({rules})")
        )
        return t(CTX, template).format(
            a=event.players[0], b=event.players[1], race=event.race_to, rules=rules_label(event)
        )
    if isinstance(event, Lag):
        text = t(CTX, QT_TRANSLATE_NOOP("Wording", "Lag won by {winner}; {breaker} breaks")).format(
            winner=before.setup.name(event.winner),
            breaker=before.setup.name(event.first_breaker),
        )
        for loser, faults in event.faults:  # the loser's lag faults, in the history as on the sheet
            text += " — " + t(CTX, QT_TRANSLATE_NOOP("Wording", "lag faults of {name}: {faults}")).format(
                name=before.setup.name(loser), faults=", ".join(lag_fault_label(f, tr) for f in faults)
            )
        return text
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
            # "safety" in the log means no ball was called: a foul entered before any call is not a safety
            # "no ball called" read as a calling infraction: the foul alone is said ("Ana — foul: ...")
            text = (
                who
                if fouls_of(before, event)
                else t(CTX, QT_TRANSLATE_NOOP("Wording", "{name}: safety")).format(name=who)
            )
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
    if isinstance(event, Void):
        text = t(CTX, QT_TRANSLATE_NOOP("Wording", "Match void: it counts nowhere"))
        if not event.reason:
            return text
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "{void} ({reason})")).format(void=text, reason=event.reason)
    if isinstance(event, Note):
        # one line per event everywhere (history, transcript, sheet): a note's lines joined by " / "
        text = " / ".join(line.strip() for line in event.text.splitlines() if line.strip())
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Note: {text}")).format(text=text)
    if isinstance(event, RackWon):
        if event.how is RackHow.TEN:
            return t(CTX, QT_TRANSLATE_NOOP("Wording", "Rack won by {name}")).format(name=name(before, event.winner))
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "Rack won by {name}: {how}")).format(
            name=name(before, event.winner), how=how_label(event.how, tr, by_racks=True)
        )
    if isinstance(event, Signed):
        return t(CTX, QT_TRANSLATE_NOOP("Wording", "{name} signs the result")).format(name=name(before, event.player))
    assert isinstance(event, Undo)
    return t(CTX, QT_TRANSLATE_NOOP("Wording", "Undo of event {seq}")).format(seq=event.target)
