"""The latest state the pages show, handed over from any thread and read by the live streams.

The desk, the board and the tournament window publish from their own threads; `Feed.publish`
only hands the value to the web's event loop (`call_soon_threadsafe`), so a click never waits
for a browser. On the loop, the values that came within `HOLD_S` are encoded once for every
reader and the streams are woken. A value that cannot be encoded (a bug upstream) is logged
with its traceback and dropped: the pages keep their last state and the next good value reaches
them, so the feed never dies silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from time import monotonic
from typing import Any

from referee_app.web.overlay import NO_MATCH

log = logging.getLogger(__name__)

HOLD_S = 0.02
"""How long the feed holds a publication before the browsers get it: the desk repaints first.
A browser on the same computer (OBS, a preview tab) renders each change; doing it while the
desk repaints made the desk's click p95 1.6x slower on a 2-core laptop (bench/overlay.py)."""


def encode(value: Any) -> bytes:
    """Compact JSON as the pages read it; NaN and infinities are refused (a browser cannot parse them)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


@dataclass(frozen=True, slots=True)
class Published:
    """What the feed holds: the latest view, encoded once for every reader, and the shot clock."""

    serial: int
    view: dict[str, Any]
    view_json: bytes
    reading: dict[str, Any] | None
    read_at: float
    """`monotonic()` when the desk read its clock: a page that opens later counts from now."""
    tournament_json: bytes = b"null"
    """The board's tournament (`publish_tournament`), encoded once; `null` when there is none."""
    tournament: dict[str, Any] | None = None
    live_json: bytes = b"null"
    """The racks so far of the matches being played (`publish_live`), encoded once: a rack scored
    sends these few bytes to the bracket's pages, not the whole tournament again."""
    live: dict[str, Any] | None = None

    def clock(self) -> dict[str, Any] | None:
        """The shot clock as it stands at this moment (a running one has gone on since the reading)."""
        if self.reading is None or not self.reading.get("running"):
            return self.reading
        spent = monotonic() - self.read_at
        return dict(self.reading, remaining_s=max(0.0, round(self.reading["remaining_s"] - spent, 2)))


class Feed:
    """The latest snapshot of one server's pages; it lives on the web's event loop (`loop`)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._now = Published(0, NO_MATCH, encode(NO_MATCH), None, 0.0)
        self._inbox: list[tuple[str, Any]] = []  # the loop's own, like everything below
        self._flush: asyncio.TimerHandle | None = None
        self._changed: asyncio.Future[None] | None = None
        self._document: tuple[int, bytes] = (-1, b"null")
        self.closed = False

    def publish(self, view: dict[str, Any]) -> None:
        """Hand over a new view (`live.snapshot`, the board's view): from any thread, without waiting."""
        self._hand("view", view)

    def publish_tournament(self, tournament: dict[str, Any] | None) -> None:
        """Hand over the tournament the board's pages draw (bracket, tables, queue, players' next
        matches): spec §4's `show` dict with its layout and words, or None for no tournament."""
        self._hand("tournament", tournament)

    def publish_live(self, live: dict[str, Any]) -> None:
        """Hand over the racks so far of the matches being played (the tournament view's `live`,
        bracket match -> [a, b]) when nothing else of the tournament moved."""
        self._hand("live", live)

    def tournament_document(self) -> bytes:
        """`/tournament.json`: the tournament with the latest racks so far, encoded once a publication."""
        now = self._now
        if now.live is None or now.tournament is None:
            return now.tournament_json
        if self._document[0] != now.serial:
            self._document = (now.serial, encode(dict(now.tournament, live=now.live)))
        return self._document[1]

    def publish_clock(self, clock: dict[str, Any] | None) -> None:
        """Hand over the shot clock: `{"running", "remaining_s", "limit_s"}`, or None for no clock."""
        self._hand("clock", (clock, monotonic()))

    def current(self) -> Published:
        return self._now

    def _hand(self, kind: str, value: Any) -> None:
        if self.closed:
            return
        with contextlib.suppress(RuntimeError):  # the loop is gone: the process is ending
            self._loop.call_soon_threadsafe(self._take, kind, value)

    def _take(self, kind: str, value: Any) -> None:
        self._inbox.append((kind, value))
        if self._flush is None:  # the desk's repaint goes first; whatever comes meanwhile goes together
            self._flush = self._loop.call_later(HOLD_S, self._send)

    def _send(self) -> None:
        """Encode what came (the latest of each kind wins) and wake the streams. A value that does
        not encode is logged and left out: the pages keep what they had."""
        self._flush = None
        items, self._inbox = self._inbox, []
        now = self._now
        view, view_json, reading, read_at = now.view, now.view_json, now.reading, now.read_at
        tournament_json, tournament = now.tournament_json, now.tournament
        live_json, live = now.live_json, now.live
        sent = False
        for kind, value in items:
            try:
                if kind == "view":
                    view, view_json = value, encode(value)
                elif kind == "tournament":
                    tournament_json, tournament = encode(value), value
                elif kind == "live":
                    live_json, live = encode(value), value
                else:
                    clock, at = value
                    encode(clock)
                    reading, read_at = clock, at
                sent = True
            except Exception:
                log.exception("web: a %s could not be sent to the pages; they keep the last one", kind)
        if not sent:
            return  # nothing that could be sent
        self._now = Published(
            now.serial + 1, view, view_json, reading, read_at, tournament_json, tournament, live_json, live
        )
        self._wake()

    async def wait_after(self, serial: int, timeout: float) -> Published:
        """The latest publication once it is newer than `serial` (or after `timeout`, or on close)."""
        if self._now.serial == serial and not self.closed:
            if self._changed is None or self._changed.done():
                self._changed = self._loop.create_future()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._changed), timeout)
        return self._now

    def close(self) -> None:
        """No more publications; every stream is woken to end (on the loop)."""
        self.closed = True
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        self._wake()

    def _wake(self) -> None:
        if self._changed is not None and not self._changed.done():
            self._changed.set_result(None)
        self._changed = None
