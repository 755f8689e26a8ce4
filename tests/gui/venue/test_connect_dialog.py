"""Event > Connect: the key and the fingerprint show whole (checked against the organizer's card),
the key can be shown, and once connected the light says which table the desk is."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QLineEdit

from referee_app.venue.server import Cluster
from tests.conftest import table_key
from tests.gui.conftest import Desk
from tests.gui.venue.test_event_desk_and_board import _type

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def test_the_connect_fields_show_the_whole_key_and_fingerprint(desk: Desk, event_server: Cluster) -> None:
    desk.window.open_connect()
    key, fingerprint = table_key(event_server, "7"), event_server.fingerprint()
    _type(desk, "connectServer", f"127.0.0.1:{event_server.port}")
    _type(desk, "connectKey", key)
    _type(desk, "connectFingerprint", fingerprint)
    for name, value in (("connectKey", key), ("connectFingerprint", fingerprint)):
        field = desk.widget(name)
        assert isinstance(field, QLineEdit)
        room = field.contentsRect().width() - 8  # the frame's and the text's margins
        assert field.fontMetrics().horizontalAdvance(value) <= room, f"{name} cuts {value!r}"
    field = desk.widget("connectKey")
    assert isinstance(field, QLineEdit) and field.echoMode() is QLineEdit.EchoMode.Password
    toggle = desk.widget("connectShowKey")
    assert isinstance(toggle, QCheckBox)
    desk.click("connectShowKey")
    assert field.echoMode() is QLineEdit.EchoMode.Normal and field.displayText() == key
    hint = desk.text("connectHint")  # a desk table has no card (only phone tables do): where the values come from
    assert "card" not in hint and "event-server add-table" in hint and "fingerprint" in hint
    desk.click("connectOk")
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected as table 7" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.window.disconnect_event()
