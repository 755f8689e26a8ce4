"""The door: names found as a volunteer types them, the door QR's token that changes every minute,
and the player's own page (`/me`): its secret, how a secret finds its player, what the page shows.

No I/O and no clock: the running part (`event.door_api`) gives the time and the process's door
secret. The log keeps a /me secret's fingerprint only (`checked_in.me`); the secret itself lives in
the player's link, so a copy of the log opens nobody's page.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.clock import call_times, clock_of
from referee_app.tournament.events import late_start_to_dict, money_text
from referee_app.tournament.model import MatchStatus, TournamentRefused
from referee_app.tournament.state import Tournament
from referee_app.words.names import name_key

TOKEN_CHARS = 20
"""A door token: 80 bits of an HMAC, hex."""
SECRET_BYTES = 32


def find_player(t: Tournament, typed: str) -> str:
    """The entry `typed` names, case and accents ignored (as the entry list matches names):
    `TournamentRefused` when none does."""
    key = name_key(typed)
    entry = next((e for e in t.entries if name_key(e.name) == key), None)
    if entry is None:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "no entry named {name!r}"), name=typed.strip())
    return entry.name


def matching(t: Tournament, typed: str, limit: int = 8) -> list[str]:
    """The players not checked in yet whose name (or a word of it) starts with what was typed, case
    and accents ignored, best first: a volunteer types three letters and presses Enter."""
    key = name_key(typed)
    if not key:
        return []
    waiting = [e.name for e in t.entries if e.name not in t.checked_in]
    whole = [n for n in waiting if name_key(n).startswith(key)]
    words = [n for n in waiting if n not in whole and any(w.startswith(key) for w in name_key(n).split())]
    inside = [n for n in waiting if n not in whole and n not in words and key in name_key(n)]
    return (sorted(whole, key=name_key) + sorted(words, key=name_key) + sorted(inside, key=name_key))[:limit]


def minute_of(now: datetime) -> int:
    return int(now.timestamp() // 60)


def door_token(secret: bytes, tournament_id: str, minute: int) -> str:
    """The door QR's token for one minute: a photo of it sent home is no use a minute later."""
    digest = hmac.new(secret, f"door:{tournament_id}:{minute}".encode(), hashlib.sha256).hexdigest()
    return digest[:TOKEN_CHARS]


def door_token_fits(secret: bytes, tournament_id: str, token: str, now: datetime) -> bool:
    """The token is this minute's or the last one's (a player who scanned at :59 still picks a name)."""
    if len(token) != TOKEN_CHARS or not token.isascii():
        return False
    minute = minute_of(now)
    return any(hmac.compare_digest(door_token(secret, tournament_id, m), token) for m in (minute, minute - 1))


def me_secret(random_bytes: bytes) -> str:
    """A /me secret from 32 random bytes: URL-safe, 43 characters."""
    if len(random_bytes) < SECRET_BYTES:
        raise ValueError("a /me secret needs 32 random bytes")
    return base64.urlsafe_b64encode(random_bytes[:SECRET_BYTES]).decode().rstrip("=")


def me_fingerprint(secret: str) -> str:
    """What the log keeps of a /me secret."""
    return hashlib.sha256(f"me:{secret}".encode()).hexdigest()


def device_fingerprint(device: str) -> str:
    """What the log keeps of a phone's own id (32 hex)."""
    return hashlib.sha256(f"device:{device}".encode()).hexdigest()[:32]


def player_of(t: Tournament, secret: str) -> str | None:
    """The player whose /me secret this is (None: nobody's), compared in constant time."""
    if not 20 <= len(secret) <= 100 or not secret.isascii():
        return None
    presented = me_fingerprint(secret)
    found = None
    for name, checkin in t.checkins.items():
        if checkin.me and hmac.compare_digest(checkin.me, presented):
            found = name
    return found


@dataclass(frozen=True, slots=True)
class Ledger:
    """The fees: who paid what and how, who has not, the totals (never floats)."""

    rows: tuple[tuple[str, bool | None, str, str, str], ...]
    """(name, present (None without check-in), amount paid or "", method or "", note)."""
    cash: str
    other: str
    total: str
    unpaid: tuple[str, ...]


def ledger(t: Tournament) -> Ledger:
    """The fees as the organizer prints them, by name."""
    rows = []
    cash = other = Decimal("0")
    unpaid = []
    for e in sorted(t.entries, key=lambda e: name_key(e.name)):
        paid = t.paid.get(e.name)
        present = (e.name in t.checked_in) if t.options.checkin else None
        if paid is None:
            rows.append((e.name, present, "", "", ""))
            if present is not False:
                unpaid.append(e.name)
            continue
        rows.append((e.name, present, money_text(paid.amount), paid.method, paid.note))
        if paid.method == "cash":
            cash += paid.amount
        else:
            other += paid.amount
    return Ledger(tuple(rows), money_text(cash), money_text(other), money_text(cash + other), tuple(unpaid))


def _opponent(a: str | None, b: str | None, name: str) -> str | None:
    return b if a == name else a


def me_json(t: Tournament, name: str, now: datetime, busy: Sequence[str] = ()) -> dict[str, Any]:
    """What the player's own page shows: their next match (its table, its call, the clock), their
    results. Nothing of anyone else's but names and scores the board shows anyway."""
    mine = [s for s in t.slots.values() if name in (s.a, s.b)]
    upcoming = [s for s in mine if s.status in (MatchStatus.PLAYING, MatchStatus.READY, MatchStatus.WAITING)]
    upcoming.sort(key=lambda s: (s.status is not MatchStatus.PLAYING, s.status is not MatchStatus.READY))
    nxt: dict[str, Any] | None = None
    if upcoming:
        s = upcoming[0]
        called_at, calls = call_times(t, s.spec.id)
        clock = clock_of(t, s.spec.id, now, busy)
        nxt = {
            "match": s.spec.id,
            "opponent": _opponent(s.a, s.b, name),
            "status": s.status.value,
            "table": s.table,
            "called_at": called_at if s.status is MatchStatus.PLAYING else None,
            "calls": list(calls) if s.status is MatchStatus.PLAYING else [],
            "at_table": list(clock.at_table) if clock is not None else [],
            "minutes": clock.minutes if clock is not None else None,
            "late_start": late_start_to_dict(t.options.late_start),
        }
    results = [
        {
            "match": s.spec.id,
            "opponent": _opponent(s.a, s.b, name),
            "score": list(s.outcome.score) if s.outcome is not None and s.outcome.score is not None else None,
            "won": s.winner == name,
            "forfeit": s.status is MatchStatus.FORFEIT,
        }
        for s in mine
        if s.played
    ]
    paid = t.paid.get(name)
    return {
        "name": name,
        "tournament": t.name,
        "present": name in t.checked_in,
        "paid": paid is not None,
        "next": nxt,
        "results": results,
        "fee": None if t.options.fee is None or paid is not None else money_text(t.options.fee),
    }
