"""One way for a test to wait: `eventually` for something to happen, `stays` for nothing to happen.

A test on a loaded 2-core machine cannot count on a fixed sleep: too short and it fails by timing,
too long and every run pays for it. Both helpers poll a condition briefly instead, and say on
failure what they waited for and the last value they saw. This is the tests' one deadline loop.
GUI tests wait with pytest-qt's `qtbot.waitUntil`, which keeps Qt's events flowing meanwhile.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

T = TypeVar("T")

POLL_S = 0.02
"""How often a condition is asked again: brief, so that a wait ends soon after the condition holds."""


def default_timeout() -> float:
    """5 s on a developer's machine; 15 s on CI, whose runners are slower and busier."""
    return 15.0 if os.environ.get("CI") else 5.0


def _polls(limit: float) -> Iterator[tuple[float, bool]]:
    """The tests' one deadline loop: yields (seconds since the start, whether `limit` has passed)
    about every `POLL_S`, the last time once `limit` has passed."""
    start = time.monotonic()
    deadline = time.monotonic() + limit
    while True:
        now = time.monotonic()
        yield now - start, now >= deadline
        if now >= deadline:
            return
        time.sleep(POLL_S)


def eventually(
    cond: Callable[[], T], what: str, timeout: float | None = None, *, ignoring: tuple[type[Exception], ...] = ()
) -> T:
    """Ask `cond` until it answers something true, and return that answer.

    Fails after `timeout` seconds (`default_timeout()` unless given), naming `what` and the last
    answer. An exception of a type in `ignoring` (a server not up yet) counts as "not yet"."""
    __tracebackhide__ = True
    limit = default_timeout() if timeout is None else timeout
    last: object = None
    for _elapsed, over in _polls(limit):
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


def stays(cond: Callable[[], object], for_s: float, what: str) -> None:
    """Check that `cond` answers something true all along `for_s` seconds: the "nothing happens" check.

    Fails as soon as it does not, naming `what`, how long it held and the answer."""
    __tracebackhide__ = True
    for elapsed, _over in _polls(for_s):
        seen = cond()
        if not seen:
            pytest.fail(f"{what} held only {elapsed:.2f} s of {for_s:g} s; then: {seen!r}")
