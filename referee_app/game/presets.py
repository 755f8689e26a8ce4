"""Rule presets as data: one row per preset, one field per difference (rule book §1).

The engine reads these fields and never tests a preset's name, so a preset is
added by adding a row here (or, in a test, to `PRESETS`), with no change to the
engine or the GUI. The name is what `match_started.rules` stores.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee_app.game.vocab import RuleSet
from referee_app.i18n import QT_TRANSLATE_NOOP


class BreakRequirement(StrEnum):
    """What a legal break needs besides the 1 struck first (rule book §1, §3)."""

    BALL_OR_RAILS = "ball_or_rails"
    """At least one object ball pocketed, or enough balls to a cushion (WPA)."""
    RAILS = "rails"
    """Enough balls to a cushion, whatever dropped (the seed's literal wording)."""


class TenOnBreak(StrEnum):
    """What the 10 dropping on a legal, foul-free break does (rule book §1)."""

    SPOTTED = "spotted"
    """The 10 comes back; play goes on (WPA)."""
    ANNOUNCED_WINS = "announced_wins"
    """The breaker wins the rack if the 10 was announced and dropped in that pocket (FFB)."""
    WINS = "wins"
    """The breaker wins the rack, called or not (as in 9-ball)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """One rule preset: the switches of rule book §1."""

    name: str
    """Stored in `match_started.rules`: lowercase, stable."""
    title: str
    """What the new-match dialog lists (marked for translation, context "Preset")."""
    short: str
    """The short label on the scoreboard and the sheets (e.g. "WPA")."""
    call_on_break: bool
    """The breaker may announce the 10 in a pocket (`break.call`)."""
    ten_on_break: TenOnBreak
    break_requirement: BreakRequirement
    break_rails: int
    """How many distinct object balls must reach a cushion on the break."""
    early_ten_wins: bool
    """A called 10 made while other object balls remain wins the rack (else it is spotted)."""


CONTEXT = "Preset"

WPA = Preset(
    name=RuleSet.WPA.value,
    title=QT_TRANSLATE_NOOP("Preset", "WPA world standardized rules"),
    short="WPA",
    call_on_break=False,
    ten_on_break=TenOnBreak.SPOTTED,
    break_requirement=BreakRequirement.BALL_OR_RAILS,
    break_rails=4,
    early_ten_wins=False,
)

FFB = Preset(
    name=RuleSet.FFB.value,
    title=QT_TRANSLATE_NOOP("Preset", "FFB (French federation)"),
    short="FFB",
    call_on_break=True,
    ten_on_break=TenOnBreak.ANNOUNCED_WINS,
    break_requirement=BreakRequirement.RAILS,
    break_rails=4,
    early_ten_wins=True,
)

PRESETS: dict[str, Preset] = {preset.name: preset for preset in (WPA, FFB)}
"""Every preset a match may name, in the order the new-match dialog lists them."""


def preset(name: str) -> Preset:
    """The preset called `name` (the codec has checked it exists)."""
    return PRESETS[name]
