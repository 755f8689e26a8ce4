"""Which keys stand for the six pockets: the same physical keys on a QWERTY and an AZERTY keyboard.

The pocket keys mirror the table as drawn (two rows of three under the left hand). Qt matches
a shortcut by the letter a key types, and an AZERTY keyboard types A Z E / Q S D on the keys
where QWERTY has Q W E / A S D, so the letters follow the referee's keyboard. Qt-light on
purpose: the window's menu reads it before the desk page (and the core) are imported.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication

SETTING = "pocket_keys"
ROWS: dict[str, tuple[str, str]] = {"qwerty": ("QWE", "ASD"), "azerty": ("AZE", "QSD")}
"""The letters of the two rows of pocket keys, row by row, left to right, on each layout."""
AZERTY_LOCALES = ("fr_FR", "fr_BE", "fr_LU", "fr_MC")

_current = ["qwerty"]


DIGIT_ROWS: dict[str, str] = {"qwerty": "1234567890", "azerty": "&é\"'(-è_çà"}
"""What the digit row types without Shift, keys 1 to 0: on AZERTY the digits need Shift, and a
laptop has no numpad, so the desk takes the unshifted characters (the digits still work too)."""
PLUS_KEYS: dict[str, tuple[str, ...]] = {"qwerty": ("+",), "azerty": ("=", "+")}
"""Ball down: `+` needs Shift on AZERTY, `=` (the same key) does not."""
COUNT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "qwerty": (("[",), ("]",)),
    "azerty": (("(", "["), (")", "]")),
}
"""Fewer / more balls to a cushion: `[` `]` need AltGr on AZERTY, `(` `)` need nothing."""


def digit_keys(digit: int) -> tuple[str, ...]:
    """The keys for `digit` (0..9): the unshifted key's character first (shown on the button)."""
    row = DIGIT_ROWS[_current[0]]
    unshifted = row[(digit - 1) % 10]
    return (unshifted,) if unshifted == str(digit) else (unshifted, str(digit))


def plus_keys() -> tuple[str, ...]:
    return PLUS_KEYS[_current[0]]


def count_keys() -> tuple[tuple[str, ...], tuple[str, ...]]:
    return COUNT_KEYS[_current[0]]


def current() -> str:
    return _current[0]


def key_at(row: int, column: int) -> str:
    return ROWS[_current[0]][row][column]


def key_hint() -> str:
    """The keys as the desk names them in a hint: "Q W E / A S D"."""
    top, bottom = ROWS[_current[0]]
    return f"{' '.join(top)} / {' '.join(bottom)}"


def choose(name: str, settings: QSettings | None = None) -> bool:
    if name not in ROWS:
        return False
    _current[0] = name
    if settings is not None:
        settings.setValue(SETTING, name)
    return True


def initial(settings: QSettings) -> str:
    """The saved choice; else AZERTY where the system's keyboard is French (France, Belgium...)."""
    saved = settings.value(SETTING, "", type=str)
    if saved in ROWS:
        return str(saved)
    method = QGuiApplication.inputMethod()
    name = method.locale().name() if method is not None else ""
    return "azerty" if name in AZERTY_LOCALES else "qwerty"
