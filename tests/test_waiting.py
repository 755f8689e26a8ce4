"""The tests' one way to wait (`tests/waiting.py`): it returns as soon as it can, and a failure says
what was awaited and what was seen."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from tests.waiting import NotYet, default_timeout, eventually, qt_pause, stays


def answers(*values: object) -> Callable[[], object]:
    """A condition that answers `values` one per call, then the last one for ever."""
    given: Iterator[object] = iter(values)
    last: list[object] = [None]

    def cond() -> object:
        last[0] = next(given, last[0])
        if isinstance(last[0], Exception):
            raise last[0]
        return last[0]

    return cond


def test_eventually_returns_the_first_true_answer_without_waiting_out_the_timeout() -> None:
    started = time.monotonic()
    assert eventually(answers(None, 0, {"score": "2-1"}), "the score", timeout=30) == {"score": "2-1"}
    assert time.monotonic() - started < 5


def test_eventually_fails_after_the_timeout_naming_what_it_waited_for_and_the_last_answer() -> None:
    started = time.monotonic()
    with pytest.raises(pytest.fail.Exception) as failed:
        eventually(answers(0, [], "", None, {}), "table 3's rows on the event server", timeout=0.2)
    assert time.monotonic() - started >= 0.2
    assert str(failed.value) == "waited 0.2 s for table 3's rows on the event server; the last value seen: {}"


def test_a_not_yet_answer_is_false_and_says_why_on_failure() -> None:
    with pytest.raises(pytest.fail.Exception, match=r"the last value seen: \('W1-1', 'playing', 3\)$"):
        eventually(lambda: NotYet(("W1-1", "playing", 3)), "the final", timeout=0.1)


def test_eventually_asks_as_often_as_it_is_told() -> None:
    calls: list[float] = []
    with pytest.raises(pytest.fail.Exception):
        eventually(lambda: calls.append(time.monotonic()), "a round played", timeout=0.5, every=0.2)
    assert 2 <= len(calls) <= 4


def test_eventually_takes_the_exceptions_it_is_told_to_ignore_as_not_yet() -> None:
    refused = ConnectionRefusedError(111, "Connection refused")
    assert eventually(answers(refused, refused, "up"), "the server", ignoring=(OSError,)) == "up"
    with pytest.raises(pytest.fail.Exception, match=r"the last value seen: ConnectionRefusedError\(111"):
        eventually(answers(refused), "the server", timeout=0.1, ignoring=(OSError,))
    with pytest.raises(ConnectionRefusedError):  # any other exception is a failure of its own, at once
        eventually(answers(refused), "the server", timeout=30)


def test_the_default_timeout_is_longer_on_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    assert default_timeout() == 5.0
    monkeypatch.setenv("CI", "true")
    assert default_timeout() == 15.0


def test_stays_watches_for_the_whole_time_and_passes_when_nothing_happens() -> None:
    calls: list[float] = []
    started = time.monotonic()
    stays(lambda: calls.append(time.monotonic()) is None, 0.3, "no connection")
    assert calls[-1] - started >= 0.3  # asked once more at the end
    assert len(calls) > 3  # and all along, not once after a sleep


def test_a_qt_pause_runs_qt_s_loop_between_the_asks(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer

    fired: list[int] = []
    ticking = QTimer(interval=10)
    ticking.timeout.connect(lambda: fired.append(1))
    ticking.start()
    try:
        stays(lambda: True, 0.2, "nothing", pause=qt_pause(qtbot))  # a timer of the window's goes on meanwhile
        assert len(fired) >= 5
        assert eventually(lambda: len(fired) >= 30, "the timer firing on", pause=qt_pause(qtbot))
    finally:
        ticking.stop()


def test_stays_fails_as_soon_as_something_happens_and_says_what() -> None:
    started = time.monotonic()
    with pytest.raises(pytest.fail.Exception) as failed:
        stays(answers(True, True, False), 30, "the pusher holding no connection")
    assert time.monotonic() - started < 5
    assert str(failed.value).startswith("the pusher holding no connection held only 0.")
    assert str(failed.value).endswith(" s of 30 s; then: False")
