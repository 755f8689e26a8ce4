"""A tournament round's name read back from its words and said in another language.

A desk is sent its match's round in the organizer's language ("Losers' round 2"); the overlay,
the board, the match sheet and the CSV each say it in their own ("Tableau perdants, tour 2"). The
round names live here, below every wing that shows them; the tournament wing names the rounds
with these same templates. A round typed by hand is shown as it was typed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

CTX = "Tournament"

WINNERS_ROUND = QT_TRANSLATE_NOOP("Tournament", "Winners' round {n}")
LOSERS_ROUND = QT_TRANSLATE_NOOP("Tournament", "Losers' round {n}")
LOSERS_FINAL = QT_TRANSLATE_NOOP("Tournament", "Losers' final")
HOT_SEAT = QT_TRANSLATE_NOOP("Tournament", "Hot seat")
FINAL = QT_TRANSLATE_NOOP("Tournament", "Final")
SECOND_FINAL = QT_TRANSLATE_NOOP("Tournament", "Second final")
THIRD_PLACE = QT_TRANSLATE_NOOP("Tournament", "Third-place match")
SEMI_FINAL = QT_TRANSLATE_NOOP("Tournament", "Semi-final")
QUARTER_FINAL = QT_TRANSLATE_NOOP("Tournament", "Quarter-final")
LAST_N = QT_TRANSLATE_NOOP("Tournament", "Last {n}")
"""`{half}` is there too, for the languages that say "1/8 final" rather than "last 16"."""
GROUP_ROUND = QT_TRANSLATE_NOOP("Tournament", "Group {g}, round {n}")
GROUP_WINNERS = QT_TRANSLATE_NOOP("Tournament", "Group {g}, winners' round {n}")
GROUP_LOSERS = QT_TRANSLATE_NOOP("Tournament", "Group {g}, losers' round {n}")
THIRD_PLACE_SHORT = QT_TRANSLATE_NOOP("Tournament", "Third place")
ROUND_N = QT_TRANSLATE_NOOP("Tournament", "Round {n}")

ROUNDS: tuple[str, ...] = (
    WINNERS_ROUND, LOSERS_ROUND, LOSERS_FINAL, HOT_SEAT, FINAL, SECOND_FINAL, THIRD_PLACE, SEMI_FINAL,
    QUARTER_FINAL, LAST_N, GROUP_ROUND, GROUP_WINNERS, GROUP_LOSERS, THIRD_PLACE_SHORT, ROUND_N,
)  # fmt: skip
"""Every round name an assignment may carry, in English."""

_FIELD = re.compile(r"\\\{(n|g|half)\\\}")


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(_FIELD.sub(lambda m: f"(?P<{m.group(1)}>\\d+)", re.escape(template)))


def round_in(text: str, languages: Mapping[str, Translate]) -> dict[str, str]:
    """A round's name (as the desk was sent it, in whichever of `languages` the organizer's
    window spoke) in each of `languages`, by code; {} for a round typed by hand, which is shown
    as it was typed. "Losers' round 2" -> {"en": "Losers' round 2", "fr": "Tableau perdants, tour 2"}."""
    said = " ".join(text.split())
    if not said:
        return {}
    for template in ROUNDS:
        for tr in languages.values():
            found = _pattern(tr(CTX, template)).fullmatch(said)
            if found is None:
                continue
            values = {key: int(value) for key, value in found.groupdict().items()}
            if "half" in values:
                values.setdefault("n", 2 * values["half"])
            values.setdefault("half", values.get("n", 0) // 2)
            values.setdefault("g", 0)
            return {code: each(CTX, template).format(**values) for code, each in languages.items()}
    return {}


def round_said(text: str, tr: Translate) -> str:
    """A round sent in English (or already in `tr`'s language) said in `tr`'s language, for the
    match sheet and the CSV; a round typed by hand as it was typed."""
    return round_in(text, {"en": english, "out": tr}).get("out", text)


class RoundWords:
    """`round_in` for one set of languages, each round worked out once: the desk's overlay and
    the board republish on every shot, and a round only changes with the match."""

    def __init__(self, languages: Mapping[str, Translate]) -> None:
        self.languages = dict(languages)
        self._known: dict[str, dict[str, str]] = {}

    def __call__(self, text: str) -> dict[str, str]:
        if text not in self._known:
            if len(self._known) > 256:  # rounds typed by hand are few, but never grow without end
                self._known.clear()
            self._known[text] = round_in(text, self.languages)
        return self._known[text]
