"""The organizer's tournament window shows each call while a called player is not at the table: the
minutes since the call (its time source moved on by the test), the calls made again, who is there;
a player who says "I'm here" on the table's phone is shown at the table, and the band goes once both are."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.call_clock import CallClock, StepTime
from referee_app.event.phone_api import PhoneTables
from referee_app.log.store import Store
from tests.gui.tournament.test_disputes import phones  # noqa: F401 - the fixture

T0 = datetime(2026, 12, 6, 10, 30, tzinfo=UTC)


@pytest.fixture
def window(qtbot, phones: tuple[Path, PhoneTables, dict[int, str]]) -> Iterator[TournamentWindow]:  # type: ignore[no-untyped-def]  # noqa: F811
    db, api, _ = phones
    CallClock(api.session, StepTime(T0)).tick()  # the laptop's clock called both semi-finals at 10:30
    opened = TournamentWindow(store=Store(db))
    opened.now = lambda: T0 + timedelta(minutes=7, seconds=30)
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    yield opened
    opened.close()


def test_the_window_shows_the_minutes_since_each_call_and_who_is_at_the_table(
    qtbot,  # type: ignore[no-untyped-def]
    window: TournamentWindow,
    phones: tuple[Path, PhoneTables, dict[int, str]],  # noqa: F811
) -> None:
    _, api, keys = phones
    band = window.findChild(QLabel, "callBanner")
    assert band is not None
    window.refresh()
    assert band.isVisible()
    table = api.get(1, f"Bearer {keys[1]}", "127.0.0.1").body
    a, b = table["players"]["A"], table["players"]["B"]
    away = "not at the table, 7 min since the call"
    assert f"Table 1: {a} v {b} · {a}: {away} · {b}: {away}" in band.text().splitlines()
    body = json.dumps({"id": "h1", "match_id": table["match_id"], "device": "p0123456789", "player": "B"}).encode()
    assert api.here(1, f"Bearer {keys[1]}", "127.0.0.1", body).status == 200  # Ben says so on the table's page
    qtbot.waitUntil(lambda: f"{b}: at the table" in band.text(), timeout=10000)  # read from the log
    window.now = lambda: T0 + timedelta(minutes=9)
    window.call_timer.timeout.emit()  # the minutes move on by themselves
    assert f"{a}: not at the table, 9 min since the call" in band.text()
    lag = {"id": "l1", "match_id": table["match_id"], "after": table["version"], "device": "p0123456789",
           "event": {"type": "lag", "winner": "A"}}  # fmt: skip
    assert api.post(1, f"Bearer {keys[1]}", "127.0.0.1", json.dumps(lag).encode()).status == 200
    qtbot.waitUntil(lambda: not any(line.startswith("Table 1:") for line in band.text().splitlines()), timeout=10000)
