"""The one reader of the live event hands each refresh to every subscriber, whatever one of them does."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from referee_app.venue.board import BoardModel, BoardView, BoardWatcher, Reading, ServerState


def reading(version: int) -> Reading:
    return Reading(BoardView(version, (), ServerState.ONLINE), BoardModel(), None, True)


def test_a_failing_subscriber_is_logged_once_and_the_others_still_get_each_refresh(
    caplog: pytest.LogCaptureFixture,
) -> None:
    views: list[dict[str, Any]] = []
    later: list[int] = []
    reader = BoardWatcher("host=/nowhere dbname=none", views.append)

    def broken(_reading: Reading) -> None:
        raise KeyError("a view the feed cannot encode")

    reader.subscribe(broken)
    reader.subscribe(lambda r: later.append(r.view["version"]))
    with caplog.at_level(logging.ERROR, logger="referee_app"):
        reader._hand_out(reading(1))
        reader._hand_out(reading(2))
    assert [v["version"] for v in views] == [1, 2] and later == [1, 2]  # in the order they subscribed
    assert [r.message for r in caplog.records] == ["board: a subscriber failed"]  # once, with its traceback
    assert caplog.records[0].exc_info is not None
    reader.unsubscribe(broken)
    reader._hand_out(reading(3))
    assert later == [1, 2, 3]
