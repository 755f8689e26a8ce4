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
