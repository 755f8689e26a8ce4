"""Languages: English (the source) and French, switched without a restart.

Translations are Qt Linguist files in `ui/translations/` (`.ts` sources, `.qm`
compiled with pyside6-lrelease and shipped). Installing a translator makes Qt
send a LanguageChange event to every widget, which re-labels itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

FOLDER = Path(__file__).resolve().parent / "translations"
LANGUAGES = {"en": "English", "fr": "Français"}
SETTING = "language"


def qt_translate(context: str, text: str) -> str:
    """The core's `Translate`: a marked string in the language installed now."""
    return QCoreApplication.translate(context, text)


class Languages:
    """Holds the installed translator; remembers the choice in the settings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.translators: list[QTranslator] = []
        self.current = "en"

    def initial(self) -> str:
        saved = self.settings.value(SETTING, "", type=str)
        if saved in LANGUAGES:
            return str(saved)
        system = QLocale.system().name().split("_")[0]
        return system if system in LANGUAGES else "en"

    def switch(self, code: str) -> bool:
        """Install `code`'s translations (English removes them); True when it took effect."""
        app = QCoreApplication.instance()
        if app is None or code not in LANGUAGES:
            return False
        ours = QTranslator(app)
        if code != "en" and not ours.load(str(FOLDER / f"referee_{code}.qm")):
            return False
        for old in self.translators:  # removing a translator also sends LanguageChange
            app.removeTranslator(old)
        self.translators = []
        if code != "en":
            app.installTranslator(ours)
            self.translators.append(ours)
            qt_own = QTranslator(app)  # Qt's own buttons and dialogs (OK, Cancel, the print preview)
            if qt_own.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt_own)
                self.translators.append(qt_own)
        self.current = code
        # numbers as the language writes them ("13,6" in French) wherever Qt shows one
        QLocale.setDefault(QLocale(QLocale.Language.French if code == "fr" else QLocale.Language.English))
        self.settings.setValue(SETTING, code)
        return True


def translator_for(lang: str) -> Callable[[str, str], str]:
    """(context, English text) -> text in `lang`, from the catalogue, without installing it: the
    web pages ask in their own language, whatever the desk's (English for a language we lack).
    Called from the web server's thread: the catalogues were loaded on the main thread (below)."""
    return _translators(lang if lang in LANGUAGES else "en")


@cache
def _translators(lang: str) -> Callable[[str, str], str]:
    if lang == "en":
        return lambda _context, text: text
    catalogue = QTranslator()
    if not catalogue.load(str(FOLDER / f"referee_{lang}.qm")):
        return lambda _context, text: text
    return lambda context, text: catalogue.translate(context, text) or text


for _lang in LANGUAGES:  # loaded on import, on the main thread: a QTranslator made first on a server's
    _translators(_lang)  # thread would make Qt take that thread for the application's own


def menu_text(label: str) -> str:
    """A menu item's label without its "[key]": a menu shows the key itself, beside it (the same
    strings, with the key, label the desk's buttons and the README)."""
    return re.sub(r"\s*\[[^\]]*\]$", "", label)
