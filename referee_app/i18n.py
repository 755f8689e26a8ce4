"""Marking text for translation without importing Qt.

`QT_TRANSLATE_NOOP(context, text)` returns `text` unchanged; Qt's `lupdate`
finds the calls by name, so strings the core hands to the GUI (refusals,
sheet labels, display text) land in the `.ts` files. The GUI translates them
with `QCoreApplication.translate(context, text)`; headless code uses them as
they are (English).
"""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str, str], str]
"""(context, English text) -> text in the user's language."""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    return text


def english(context: str, text: str) -> str:
    """The identity translation used headless."""
    return text


def in_words(value: object, tr: Translate = english) -> object:
    """A value as a person reads it: an error that can say itself (`message(tr)`, as the tournament's
    refusals and the store's errors do) in the user's language; anything else as it is."""
    said = getattr(value, "message", None) if isinstance(value, BaseException) else None
    if callable(said):
        text = said(tr)
        if isinstance(text, str):
            return text
    return value
