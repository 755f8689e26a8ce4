"""A phone table's call and its players' arrivals: what `GET /api/score/N` says of the call, the
body of `POST /api/score/N/here` ("I'm here", one player), and the arrivals a lag makes.

The late-start clock (`tournament.clock`) counts a called player until they are at the table; at a
phone table that is when the player says so on the table's page, or when the lag is recorded
there (whoever taps it: both are at the table then). Each is an `at_table` event in the
tournament's log; a request sent again (its id) records nothing more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from referee_app.event.phone_results import (
    BAD_FIELD,
    NOT_JSON,
    TAP_ID,
    UNKNOWN_FIELD,
    BadRequest,
    request_json,
)
from referee_app.game.vocab import Seat
from referee_app.log.codec import DEVICE
from referee_app.tournament.clock import at_table, call_times
from referee_app.tournament.events import AtTable
from referee_app.tournament.state import Slot, Tournament

HERE_FIELDS = frozenset({"id", "match_id", "device", "player"})


@dataclass(frozen=True, slots=True)
class HereRequest:
    """`POST /api/score/N/here`'s body: the request's id, the match seen, the phone, the seat."""

    tap: str
    match_id: str
    device: str
    seat: Seat


def parse_here(body: bytes) -> HereRequest | tuple[str, dict[str, str]]:
    """The request, or why it is a 400 (a `PhoneApi` template and its values)."""
    try:
        request = request_json(body)
    except BadRequest as refused:
        return refused.template, refused.values
    if not isinstance(request, dict):
        return NOT_JSON, {}
    for name in request:
        if name not in HERE_FIELDS:
            return UNKNOWN_FIELD, {"field": json.dumps(str(name)[:40])}
    tap, match_id, device, player = (request.get(k) for k in ("id", "match_id", "device", "player"))
    if not isinstance(tap, str) or not TAP_ID.fullmatch(tap):
        return BAD_FIELD, {"field": "id"}
    if not isinstance(match_id, str) or not 1 <= len(match_id) <= 64:
        return BAD_FIELD, {"field": "match_id"}
    if not isinstance(device, str) or not DEVICE.fullmatch(device):
        return BAD_FIELD, {"field": "device"}
    if player not in ("A", "B"):
        return BAD_FIELD, {"field": "player"}
    return HereRequest(tap, match_id, device, Seat(player))


def call_json(t: Tournament, slot: Slot | None) -> dict[str, Any] | None:
    """The table's `call`: None while its match is not called (or none is on it), else when it was,
    the calls made again, and which seat (a -> A, b -> B) is at the table."""
    if slot is None:
        return None
    called_at, calls = call_times(t, slot.spec.id)
    if called_at is None:
        return None
    here = at_table(t, slot.spec.id)
    return {
        "called_at": called_at,
        "calls": list(calls),
        "here": {"A": slot.a in here, "B": slot.b in here},
    }


def already_here(t: Tournament, tap: str) -> bool:
    """This request's id was recorded already (its answer lost, sent again)."""
    return any(a.tap == tap for seen in t.arrivals.values() for a in seen)


def arrivals_by_lag(t: Tournament, slot: Slot, lag_played: bool, at: str) -> list[AtTable]:
    """Both players at the table once the phones recorded the lag (those not at the table yet)."""
    if not lag_played or slot.a is None or slot.b is None:
        return []
    here = at_table(t, slot.spec.id)
    return [AtTable(slot.spec.id, p, "lag", at) for p in (slot.a, slot.b) if p not in here]
