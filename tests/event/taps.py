"""A phone's tap as phone.md 1.1 writes it: its id, the match it was made on, the version seen, the
phone (`device`) and the event. Each player signs on their own phone (two-phone tables): a `sign`
comes from the signing player's phone, every other tap from player A's."""

from __future__ import annotations

import json
from typing import Any


def phone_of(seat: str) -> str:
    """The device id of the phone of the player in `seat` ("A" or "B")."""
    return f"phone-of-{seat}"


def tap_json(
    tap: str, match_id: str | None, after: int, event: dict[str, Any], device: str | None = None
) -> dict[str, Any]:
    """The body of `POST /api/score/N`; `device` by default the phone of the player who taps."""
    seat = event.get("player", "A") if event.get("type") == "sign" else "A"
    return {"id": tap, "match_id": match_id, "after": after, "device": device or phone_of(seat), "event": event}


def tap_body(tap: str, match_id: str | None, after: int, event: dict[str, Any], device: str | None = None) -> bytes:
    return json.dumps(tap_json(tap, match_id, after, event, device)).encode()
