"""The desk says when the event server goes away and when it is back, through a real outage."""

from __future__ import annotations

import pytest

from referee_app.venue.model import LinkReport, LinkStatus
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster

GONE = "The event server cannot be reached: recording goes on here, and the events are sent when it is back."
BACK = "The event server is back: the events recorded meanwhile are being sent."


def test_the_desk_says_when_the_server_goes_away_and_when_it_is_back(desk: Desk, event_server: Cluster) -> None:
    desk.start()
    desk.window.link().connect_to(table_link(event_server, "5"))
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    assert desk.text("notice") != GONE  # nothing said while all is well
    event_server.stop()
    desk.click("lagWonA")  # the referee goes on
    desk.qtbot.waitUntil(lambda: desk.text("notice") == GONE, timeout=15000)
    event_server.start()
    desk.qtbot.waitUntil(lambda: desk.text("notice") == BACK, timeout=15000)
    desk.window.link().stop()


def test_said_once_per_change_and_not_for_catching_up(desk: Desk) -> None:
    link = desk.window.link()
    said: list[str] = []
    desk.window.controller.notice.connect(lambda _level, text: said.append(text))
    for status in (LinkStatus.CONNECTED, LinkStatus.CATCHING_UP, LinkStatus.OFFLINE, LinkStatus.OFFLINE,
                   LinkStatus.CATCHING_UP, LinkStatus.CONNECTED, LinkStatus.CONFLICT):  # fmt: skip
        link.reported.emit(LinkReport(status, behind=2))
    assert said == [GONE, BACK]
    link.reported.emit(None)  # the desk leaves the event
    link.reported.emit(LinkReport(LinkStatus.OFFLINE))  # a desk that opens while the server is away says so
    assert said == [GONE, BACK, GONE]
