"""State and events as display text: small Qt-free functions, tested without a window.

Every string is marked with `QT_TRANSLATE_NOOP("Presenter", ...)` so lupdate
finds it, and passes through `tr` (the GUI gives Qt's translator; tests and
headless callers get English).
"""

from __future__ import annotations

from referee_app.game.events import Break, PushOut, Shot
from referee_app.game.history import History
from referee_app.game.labels import RESULT_LABELS, foul_label, how_label, name, result_label, rules_label, tr_penalty
from referee_app.game.refusals import RuleViolation
from referee_app.game.rules import allowed, apply
from referee_app.game.state import State
from referee_app.game.vocab import Awaiting, CueBall, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.words.wording import describe, foul_labels

CTX = "Presenter"

__all__ = [  # the wording helpers are re-exported: the desk's widgets import display text from here alone
    "RESULT_LABELS",
    "break_preview",
    "cue_ball_line",
    "describe",
    "extensions_line",
    "foul_label",
    "foul_line",
    "fouls_line",
    "header_line",
    "how_label",
    "name",
    "prompt_line",
    "result_label",
    "rules_label",
    "spot_ten_line",
    "tr_penalty",
    "warning_prompt",
]


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
    if state.void:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "The match is void: it counts nowhere."))
    if state.finished:
        template = QT_TRANSLATE_NOOP("Presenter", "{winner} wins the match {a}–{b} ({how}).")
        assert state.winner is not None and state.result is not None
        return tr(CTX, template).format(
            winner=name(state, state.winner),
            a=state.score[state.winner],  # the winner's score first: "wins the match 3–1"
            b=state.score[state.winner.other],
            how=result_label(state.result, tr),
        )
    if state.awaiting is Awaiting.LAG:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Lag for the break: who won it?"))
    if state.awaiting is Awaiting.RACK:
        line = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Rack {rack}, broken by {name}: who wins it?")).format(
            rack=state.rack, name=name(state, state.breaker)
        )
        return f"{rack_end_line(state, tr)} {line}".strip()
    if state.awaiting is Awaiting.BREAK:
        line = tr(
            CTX, QT_TRANSLATE_NOOP("Presenter", "{name} to break, cue ball in hand behind the head string.")
        ).format(name=who)
        return f"{rack_end_line(state, tr)} {line}".strip()
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


def rack_end_line(state: State, tr: Translate = english) -> str:
    """How the last rack ended, said until the next break is entered ('' before the first)."""
    if not state.racks or state.awaiting not in (Awaiting.BREAK, Awaiting.RACK):
        return ""
    last = state.racks[-1]
    if last.winner is None:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Rack {rack}: {how}, replayed.")).format(
            rack=last.rack, how=how_label(last.how, tr, by_racks=state.by_racks)
        )
    return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Rack {rack} to {name} ({how}), {a}–{b}.")).format(
        rack=last.rack,
        name=name(state, last.winner),
        how=how_label(last.how, tr, by_racks=state.by_racks),
        a=state.score.a,
        b=state.score.b,
    )


def cue_ball_line(state: State, tr: Translate = english) -> str:
    if state.over:
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
    if state.ten_spotted and not state.over:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Spot the 10 on the foot spot"))
    return ""


def warning_prompt(state: State, tr: Translate = english) -> str:
    """The blocking prompt when the player due to shoot must be warned first ('' when none)."""
    blocked = allowed(state).warning_blocks
    if blocked is not None:
        text = tr(
            CTX,
            QT_TRANSLATE_NOOP(
                "Presenter", "{name} is on two consecutive fouls. Give the warning before the next shot."
            ),
        )
        return text.format(name=name(state, blocked))
    return ""


def break_preview(state: State, event: Break, tr: Translate = english) -> str:
    """What Enter will record, said before it is (a foul break once went in without a word):
    the fouls the rules see in the break as entered so far, then what follows it."""
    try:
        after = apply(state, event)
    except RuleViolation:
        return ""  # Enter will say why, in the notice
    fouls = foul_labels(event, state, tr)
    if fouls:
        head = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Enter records a foul break: {fouls}.")).format(
            fouls=", ".join(fouls)
        )
    else:
        head = tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Enter records a legal break."))
    return f"{head} {prompt_line(after, tr)}"


def foul_line(history: History, tr: Translate = english) -> str:
    """The foul the last stroke drew, said with the prompt until the next event ('' when none):
    "Foul by Ana: wrong ball first." The history names it too, but a long line may be cut there."""
    if len(history.entries) < 2:
        return ""
    event = history.entries[-1].event
    if not isinstance(event, Break | PushOut | Shot):
        return ""  # an undo, a decision, a warning...: the foul it followed is not the news
    before = history.timeline[-2]
    fouls = foul_labels(event, before, tr)
    if not fouls:
        return ""
    return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Foul by {name}: {fouls}.")).format(
        name=name(before, before.at_table), fouls=", ".join(fouls)
    )


def signatures_line(state: State, tr: Translate = english) -> str:
    """Who has signed the result (spec 1.3 `sign`), or that nobody has yet."""
    signed = [name(state, seat) for seat in Seat if state.signed[seat]]
    if not signed:
        return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Not signed yet: each player signs the result."))
    return tr(CTX, QT_TRANSLATE_NOOP("Presenter", "Signed by: {names}")).format(names=", ".join(signed))
