"""Players' names as people read them: one spelling stored, and one way to tell two names apart.

The entry list, the board and the tournament's link to the desks all compare names here, so a
name typed on a desk without its accents ("Eva Martin") is the player the organizer sent
("Éva Martin") wherever it is looked at.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_SPACES = re.compile(r"\s+")


def normalise_name(name: str) -> str:
    """A name as it is stored: composed accents (NFC), every run of spaces of any kind (tabs,
    non-breaking spaces) one plain space, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()


def name_key(name: str) -> str:
    """What two names must differ in to be two players: not case, accents (nor their encoding) or
    spacing ("EVA MARTIN" is "Éva Martin")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", normalise_name(name)) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare.casefold())


def same_players(these: Iterable[str | None], those: Iterable[str | None]) -> bool:
    """The same two players, in either order, by `name_key`."""
    return sorted(name_key(p or "") for p in these) == sorted(name_key(p or "") for p in those)
