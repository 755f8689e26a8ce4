"""One way for a test to wait: `eventually` for something to happen, `stays` for nothing to happen.

A test on a loaded 2-core machine cannot count on a fixed sleep: too short and it fails by timing,
too long and every run pays for it. Both helpers poll a condition briefly instead, and say on
failure what they waited for and the last value they saw. This is the tests' one deadline loop.
GUI tests wait with pytest-qt's `qtbot.waitUntil`, which keeps Qt's events flowing meanwhile; for
"nothing happens" in a window, `stays(..., pause=qt_pause(qtbot))` keeps them flowing too.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

POLL_S = 0.02
"""How often a condition is asked again: brief, so that a wait ends soon after the condition holds."""


def default_timeout() -> float:
    """5 s on a developer's machine; 15 s on CI, whose runners are slower and busier."""
    return 15.0 if os.environ.get("CI") else 5.0


@dataclass(frozen=True, repr=False)
class NotYet:
    """A condition's answer that is false and says why: `eventually` shows what it `saw` on failure."""

    saw: object

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return repr(self.saw)


Pause = Callable[[float], None]
"""How a wait lets time pass between two asks: `time.sleep`, or Qt's loop running (`qt_pause`)."""


def qt_pause(qtbot: Any) -> Pause:
    """A pause that runs Qt's event loop (pytest-qt's `qtbot.wait`), for a window's tests."""
    return lambda seconds: qtbot.wait(max(1, round(seconds * 1000)))


def _polls(limit: float, every: float, pause: Pause) -> Iterator[tuple[float, bool]]:
    """The tests' one deadline loop: yields (seconds since the start, whether `limit` has passed)
    about `every` seconds, the last time once `limit` has passed."""
    start = time.monotonic()
    deadline = time.monotonic() + limit
    while True:
        now = time.monotonic()
        yield now - start, now >= deadline
        if now >= deadline:
            return
        pause(every)


def eventually(
    cond: Callable[[], T],
    what: str,
    timeout: float | None = None,
    *,
    ignoring: tuple[type[Exception], ...] = (),
    every: float = POLL_S,
    pause: Pause = time.sleep,
) -> T:
    """Ask `cond` until it answers something true, and return that answer.

    Fails after `timeout` seconds (`default_timeout()` unless given), naming `what` and the last
    answer (a `NotYet` answer says why). An exception of a type in `ignoring` (a server not up
    yet) counts as "not yet". A `cond` that does work each time (plays a round) asks less often
    with `every`; a window's test passes `pause=qt_pause(qtbot)`."""
    __tracebackhide__ = True
    limit = default_timeout() if timeout is None else timeout
    last: object = None
    for _elapsed, over in _polls(limit, every, pause):
        try:
            last = cond()
        except ignoring as exc:
            last = exc
        else:
            if last:
                return last  # type: ignore[return-value]  # a true answer of cond's: its T
        if over:
            break
    pytest.fail(f"waited {limit:g} s for {what}; the last value seen: {last!r}")


def stays(cond: Callable[[], object], for_s: float, what: str, *, pause: Pause = time.sleep) -> None:
    """Check that `cond` answers something true all along `for_s` seconds: the "nothing happens" check.

    Fails as soon as it does not, naming `what`, how long it held and the answer."""
    __tracebackhide__ = True
    for elapsed, _over in _polls(for_s, POLL_S, pause):
        seen = cond()
        if not seen:
            pytest.fail(f"{what} held only {elapsed:.2f} s of {for_s:g} s; then: {seen!r}")
