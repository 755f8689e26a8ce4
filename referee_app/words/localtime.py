"""The stored UTC times as the people in the room read them: the computer's local time.

The log keeps UTC (spec §2); every place a person reads a time (the desk, the Matches
page, sheets, CSV, `matches`, `history`) shows it local, and the CSV also says the offset.
A time that is not one (a crafted or damaged `at`) reads as empty, never as a guess.
"""

from __future__ import annotations

from datetime import datetime

from referee_app.log.codec import is_utc_time


def local(at: str) -> datetime | None:
    """`at` in the local time zone; None when it is not a UTC time as the spec writes it (another
    offset, none, a year outside 1970..9999), or when the local clock cannot show it."""
    if not is_utc_time(at):
        return None
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone()
    except (ValueError, OverflowError, OSError):
        return None


def local_date(at: str) -> str:
    moment = local(at)
    return "" if moment is None else moment.strftime("%Y-%m-%d")


def local_hm(at: str) -> str:
    moment = local(at)
    return "" if moment is None else moment.strftime("%H:%M")


def local_stamp(at: str, seconds: bool = False) -> str:
    """Date and time, as a list shows them ("2026-11-29 21:10"; with `seconds`, "21:10:07")."""
    moment = local(at)
    return "" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")
