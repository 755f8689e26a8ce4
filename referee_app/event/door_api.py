"""The door's JSON API and the player's own page's, as plain functions: a request in, its answer out.

`GET /api/door/{token}`: the names not checked in yet (the page a player's phone opens from the
door's QR, whose token changes every minute). `POST /api/door/{token}` `{"name": …, "device": …}`:
that phone checks that player in, once, and gets the player's own page (`/me/{secret}`). A player
already here, or a phone that already checked someone in, is not checked in again: it is recorded
(`checkin_doubled`) for the organizer, and the phone is told to see the desk. `GET /api/me/{secret}`:
the player's page (`door.me_json`). Every decision goes through the process's one session of the
tournament, under its lock; the time is the time source's (tests move it).

Answers: 200; 400 (not JSON, a field missing or bad); 403 (the door's QR expired: scan it again);
404 (no such player, no such page); 409 (already checked in, or this phone checked in someone
else: the organizer is told); 503 (the laptop could not write: nothing recorded, try again).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from referee_app.event.call_clock import SystemTime, TimeSource
from referee_app.event.phone_api import Answer, speaking
from referee_app.event.session import ChangedElsewhere, TournamentSession
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.log.store import StoreError
from referee_app.tournament.door import (
    device_fingerprint,
    door_token,
    door_token_fits,
    find_player,
    me_fingerprint,
    me_json,
    me_secret,
    minute_of,
    player_of,
)
from referee_app.tournament.events import CheckedIn, CheckinDoubled
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.state import utc_text

CTX = "DoorApi"
DEVICE = re.compile(r"[A-Za-z0-9_-]{16,64}")

EXPIRED = QT_TRANSLATE_NOOP("DoorApi", "this door code has expired: scan the QR code at the door again")
NOT_JSON = QT_TRANSLATE_NOOP("DoorApi", "the request is not JSON")
BAD_FIELD = QT_TRANSLATE_NOOP("DoorApi", "the request's {field} is missing or not valid")
NO_SUCH_PLAYER = QT_TRANSLATE_NOOP("DoorApi", "no player of this tournament is named {name}: see the desk")
ALREADY_HERE = QT_TRANSLATE_NOOP("DoorApi", "{name} is already checked in: see the desk (the organizer has been told)")
ONE_PHONE = QT_TRANSLATE_NOOP(
    "DoorApi", "this phone already checked in {name}: one phone checks in one player (the organizer has been told)"
)
CLOSED = QT_TRANSLATE_NOOP("DoorApi", "check-in is closed: the draw is made, see the desk")
NO_PAGE = QT_TRANSLATE_NOOP("DoorApi", "this link opens no player's page: ask the desk for yours")
UNAVAILABLE = QT_TRANSLATE_NOOP(
    "DoorApi", "the laptop could not write the check-in just now: nothing was recorded, try again"
)


class DoorApi:
    """The door and the players' pages of one tournament, on the process's session."""

    def __init__(
        self,
        session: TournamentSession,
        time: TimeSource | None = None,
        tr: Translate = english,
        languages: Mapping[str, Translate] | None = None,
        secret: bytes | None = None,
    ) -> None:
        self.session = session
        self.time: TimeSource = time or SystemTime()
        self.tr = tr
        self.languages: dict[str, Translate] = dict(languages or {"en": english})
        self.secret = secret or secrets.token_bytes(32)
        """This process's door secret: a restart makes every old door code useless too."""

    # -- the door's QR ----------------------------------------------------------------------------

    def token(self) -> str:
        """The door code of this minute (the window shows its QR and makes a new one each minute)."""
        return door_token(self.secret, self.session.tournament_id, minute_of(self.time.now()))

    def link(self, base: str) -> str:
        return f"{base.rstrip('/')}/door/{self.token()}"

    # -- requests -----------------------------------------------------------------------------------

    def _said(self, asked: Sequence[str]) -> Translate:
        return speaking(asked, self.languages, self.tr)

    def _error(self, status: int, template: str, asked: Sequence[str], **values: object) -> Answer:
        text = self._said(asked)(CTX, template)
        return Answer(status, {"error": text.format(**values) if values else text})

    def _fits(self, token: str) -> bool:
        return door_token_fits(self.secret, self.session.tournament_id, token, self.time.now())

    def door_get(self, token: str, asked: Sequence[str] = ()) -> Answer:
        """The players a phone may check in (those not here yet), sorted."""
        if not self._fits(token):
            return self._error(403, EXPIRED, asked)
        with self.session.lock:
            t = self.session.tournament
            if t is None or t.bracket is not None:
                return self._error(409, CLOSED, asked)
            names = sorted((e.name for e in t.entries if e.name not in t.checked_in), key=str.casefold)
            return Answer(200, {"tournament": t.name, "names": names})

    def door_post(self, token: str, body: bytes, asked: Sequence[str] = ()) -> Answer:
        """Check in the player the phone names; the player's page link in return."""
        if not self._fits(token):
            return self._error(403, EXPIRED, asked)
        try:
            request: Any = json.loads(body)
        except (ValueError, RecursionError):
            return self._error(400, NOT_JSON, asked)
        if not isinstance(request, dict):
            return self._error(400, NOT_JSON, asked)
        name, device = request.get("name"), request.get("device")
        if not isinstance(name, str) or not 1 <= len(name) <= 80:
            return self._error(400, BAD_FIELD, asked, field="name")
        if not isinstance(device, str) or not DEVICE.fullmatch(device):
            return self._error(400, BAD_FIELD, asked, field="device")
        with self.session.lock:
            return self._check_in(name, device, asked)

    def _check_in(self, name: str, phone: str, asked: Sequence[str]) -> Answer:
        t = self.session.tournament
        if t is None or t.bracket is not None:
            return self._error(409, CLOSED, asked)
        try:
            player = find_player(t, name)
        except TournamentRefused:
            return self._error(404, NO_SUCH_PLAYER, asked, name=name.strip())
        at = utc_text(self.time.now())
        device = device_fingerprint(phone)
        # The page's secret comes from the phone's own id: the same phone asking again (its answer
        # lost on the Wi-Fi) gets the same link back, and the log's fingerprints give neither.
        secret = me_secret(hmac.new(phone.encode(), f"me:{t.name}:{player}".encode(), hashlib.sha256).digest())
        mine = t.checkins.get(player)
        if mine is not None and mine.device == device and mine.me == me_fingerprint(secret):
            return Answer(200, {"name": player, "me": f"/me/{secret}"})
        other = next((n for n, c in t.checkins.items() if c.device == device), None)
        try:
            if player in t.checked_in or other is not None:
                self.session.record(CheckinDoubled(player, "phone", device, at), at=at)
                if other is not None and other != player:
                    return Answer(409, {**self._error(409, ONE_PHONE, asked, name=other).body, "doubled": True})
                return Answer(409, {**self._error(409, ALREADY_HERE, asked, name=player).body, "doubled": True})
            self.session.record(CheckedIn(player, "phone", device, me_fingerprint(secret), at), at=at)
        except (StoreError, ChangedElsewhere, OSError):
            return self._error(503, UNAVAILABLE, asked)
        return Answer(200, {"name": player, "me": f"/me/{secret}"})

    def issue_me(self, name: str) -> str:
        """A door check-in by name (the volunteer's): the player checked in, with a page of their own
        whose link (`/me/{secret}`) the window shows once as a QR. Refused as any check-in."""
        with self.session.lock:
            t = self.session.tournament
            assert t is not None
            player = find_player(t, name)
            secret = me_secret(secrets.token_bytes(32))
            at = utc_text(self.time.now())
            self.session.record(CheckedIn(player, "door", "", me_fingerprint(secret), at), at=at)
            return f"/me/{secret}"

    def me_get(self, secret: str, asked: Sequence[str] = (), busy: Sequence[str] = ()) -> Answer:
        """The player's own page: their next match, its table and call, their results."""
        with self.session.lock:
            t = self.session.tournament
            name = None if t is None else player_of(t, secret)
            if t is None or name is None:
                return self._error(404, NO_PAGE, asked)
            return Answer(200, me_json(t, name, self.time.now(), busy))
