"""The log's hash chain: what makes a stored match tamper-evident.

Each event's hash covers the previous hash, the match id, the seq, the event type,
its time and its canonical body, so the head hash of a log is the same wherever the
same log is held (every desk, the organizer's database, the sheet).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from referee_app.game.events import Entry
from referee_app.log.codec import event_to_text

GENESIS = ""
"""The hash before the first event of every match."""


def chain_hash(previous: str, match_id: str, seq: int, kind: str, at: str, body: str) -> str:
    """The hash of one stored event, chained over the previous one's."""
    text = "\x1f".join((previous, match_id, str(seq), kind, at, body))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def log_head(match_id: str, entries: Iterable[Entry]) -> str:
    """The hash that ends the chain of `entries` (what `referee-app verify` prints)."""
    head = GENESIS
    for entry in entries:
        head = chain_hash(head, match_id, entry.seq, entry.event.TYPE.value, entry.at, event_to_text(entry.event))
    return head
