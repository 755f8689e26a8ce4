"""Why an event is refused, in words a referee understands.

Each refusal has a stable code and an English template with named
parameters; the GUI translates the template by its code, so the core stays
free of Qt and of any translation machinery.
"""

from __future__ import annotations

from referee_app.game.events import EventType
from referee_app.game.labels import foul_label, how_label
from referee_app.game.vocab import Foul, RackHow
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

CONTEXT = "Refusal"

TEMPLATES: dict[str, str] = {
    "match_over": QT_TRANSLATE_NOOP(
        "Refusal", "The match is over: only a note, a signature or an undo can be recorded."
    ),
    "match_void": QT_TRANSLATE_NOOP("Refusal", "The match is void: only a note or an undo can be recorded."),
    "void_after_result": QT_TRANSLATE_NOOP(
        "Refusal", "The match has a result: to void it, undo the event that won it first."
    ),
    "before_lag": QT_TRANSLATE_NOOP("Refusal", "The lag has not been decided yet: record the lag first."),
    "lag_decided": QT_TRANSLATE_NOOP("Refusal", "The lag has already been decided."),
    "already_started": QT_TRANSLATE_NOOP("Refusal", "The match has already started."),
    "not_due": QT_TRANSLATE_NOOP("Refusal", "It is {due}'s turn, not {player}'s."),
    "no_break_due": QT_TRANSLATE_NOOP("Refusal", "No break is due now: the rack has already been broken."),
    "break_due": QT_TRANSLATE_NOOP("Refusal", "The rack has not been broken yet: record the break first."),
    "option_pending": QT_TRANSLATE_NOOP("Refusal", "{chooser} must first choose: shoot, or hand the table back."),
    "no_option": QT_TRANSLATE_NOOP("Refusal", "No option is offered now."),
    "no_push_out": QT_TRANSLATE_NOOP("Refusal", "A push-out is only allowed on the first shot after a legal break."),
    "no_call_on_break": QT_TRANSLATE_NOOP("Refusal", "Under {rules} rules nothing can be announced on the break."),
    "foul_not_here": QT_TRANSLATE_NOOP("Refusal", "The foul '{foul}' does not apply to {stroke}."),
    "ball_not_on_table": QT_TRANSLATE_NOOP("Refusal", "Ball {ball} is not on the table."),
    "no_warning_due": QT_TRANSLATE_NOOP("Refusal", "{player} is not on two consecutive fouls: no warning is due."),
    "already_warned": QT_TRANSLATE_NOOP("Refusal", "{player} has already been warned."),
    "no_shot_clock": QT_TRANSLATE_NOOP("Refusal", "This match is played without a shot clock."),
    "extension_not_due": QT_TRANSLATE_NOOP(
        "Refusal", "{player} is not about to shoot: an extension is taken before one's own shot."
    ),
    "no_extension_left": QT_TRANSLATE_NOOP("Refusal", "{player} has no extension left in this rack."),
    "penalty_foul_break_due": QT_TRANSLATE_NOOP("Refusal", "A foul penalty cannot be given while the break is due."),
    "stalemate_break_due": QT_TRANSLATE_NOOP("Refusal", "A stalemate cannot be declared before the rack is broken."),
    "undo_nothing": QT_TRANSLATE_NOOP("Refusal", "There is nothing to undo."),
    "undo_not_latest": QT_TRANSLATE_NOOP(
        "Refusal", "Only the latest event still in force can be undone (event {latest}), not event {target}."
    ),
    "undo_start": QT_TRANSLATE_NOOP("Refusal", "The start of the match cannot be undone."),
    "scored_by_racks": QT_TRANSLATE_NOOP(
        "Refusal", "This match is scored by racks: only who won each rack is recorded, not {event}."
    ),
    "scored_by_shots": QT_TRANSLATE_NOOP(
        "Refusal", "This match is scored shot by shot: record the strokes, not only who won the rack."
    ),
    "ten_on_break_spotted": QT_TRANSLATE_NOOP(
        "Refusal", "Under {rules} rules the 10 on the break is spotted: it does not win the rack."
    ),
    "not_the_breaker": QT_TRANSLATE_NOOP(
        "Refusal", "Only the breaker can win a rack by {how}: {breaker} broke this rack, not {player}."
    ),
    "sign_not_finished": QT_TRANSLATE_NOOP("Refusal", "The result can only be signed once the match is finished."),
    "sign_void": QT_TRANSLATE_NOOP("Refusal", "The match is void: there is no result to sign."),
    "already_signed": QT_TRANSLATE_NOOP("Refusal", "{player} has already signed the result."),
}


STROKE_LABELS: dict[EventType, str] = {
    EventType.BREAK: QT_TRANSLATE_NOOP("Refusal", "a break"),
    EventType.PUSH_OUT: QT_TRANSLATE_NOOP("Refusal", "a push-out"),
    EventType.SHOT: QT_TRANSLATE_NOOP("Refusal", "a shot"),
    EventType.OPTION: QT_TRANSLATE_NOOP("Refusal", "an option"),
    EventType.WARNING: QT_TRANSLATE_NOOP("Refusal", "a warning"),
    EventType.EXTENSION: QT_TRANSLATE_NOOP("Refusal", "a shot-clock extension"),
    EventType.PENALTY: QT_TRANSLATE_NOOP("Refusal", "a foul penalty"),
}


def _in_words(value: object, tr: Translate) -> object:
    """A parameter as a person reads it: codes (a foul, a stroke) by their translated label."""
    if isinstance(value, Foul):
        return foul_label(value, tr)
    if isinstance(value, RackHow):
        return how_label(value, tr)
    if isinstance(value, EventType):
        return tr(CONTEXT, STROKE_LABELS[value])
    return value


class RuleViolation(ValueError):
    """An event the rules do not allow now. The state does not change."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message())

    def message(self, tr: Translate = english) -> str:
        """The refusal in words, translated by `tr` (English by default); no internal code shows."""
        words = {name: _in_words(value, tr) for name, value in self.params.items()}
        return tr(CONTEXT, TEMPLATES[self.code]).format(**words)
