"""The Tables tab's "Publish online" switch (issue 40), clicked in the tournament window: a wrong
name online is refused in words and nothing starts; with the venue's login file (made by `mirror
add-event`) the tournament reaches the cloud's PostgreSQL (a cluster of its own, through a relay
standing for the venue's link), the line says the copy is current; the link cut, it says since
when the copy is behind; back, current again; switched off, nothing more is sent."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store
from tests.conftest import required
from tests.gui.tournament.test_phone_tables_tab import _organizer
from tests.mirror.stack import Cloud, Gate, login, run_cli
from tests.waiting import eventually

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cloud() -> Iterator[Cloud]:
    from referee_app.venue.server import EventServerError, pg_binary

    try:
        pg_binary("initdb")
    except EventServerError:
        required("PostgreSQL (apt: postgresql)")
    made = Cloud.start()
    try:
        run_cli("mirror", "init-cloud", "--db", made.admin)
        yield made
    finally:
        made.stop()


def held(cloud: Cloud) -> dict[str, Any] | None:
    import psycopg

    with psycopg.connect(cloud.admin, autocommit=True) as conn:
        row = conn.execute("SELECT body FROM mirror_docs WHERE event = 'club-night' AND doc = 'tournament'").fetchone()
    return json.loads(gzip.decompress(bytes(row[0]))) if row else None


def test_publish_online_from_the_window(qtbot, tmp_path: Path, cloud: Cloud, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    run_cli("mirror", "add-event", "club-night", "--db", cloud.admin, "--out", str(tmp_path / "venue"))
    gate = Gate(cloud.port).start()
    (tmp_path / "gated").write_text(login(tmp_path / "venue", port=gate.port) + "\n")
    w = TournamentWindow(store=Store(_organizer(tmp_path, 8, "1-4")))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.tabs.setCurrentWidget(w.queue_page)
    box = w.queue_page.online_box
    try:
        box.event_name.setText("Club Night!")
        box.switch.click()
        assert not box.switch.isChecked() and box.pusher is None
        assert "lower-case letters" in box.status.text()
        box.event_name.setText("club-night")
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "gated"), ""))
        box.login_button.click()
        assert box.login_button.text() == "gated [Ctrl+Shift+U]"
        box.switch.click()
        assert box.switch.isChecked()
        qtbot.waitUntil(lambda: "current" in box.status.text(), timeout=30000)
        assert (held(cloud) or {}).get("show", {}).get("name") == "Open de Lyon"
        gate.cut()
        qtbot.waitUntil(lambda: "behind since" in box.status.text(), timeout=60000)
        w.queue_page.tables_edit.setText("1-6")  # a change meanwhile, made at the venue
        w.queue_page.set_tables()
        gate.restore()
        qtbot.waitUntil(lambda: "current" in box.status.text(), timeout=60000)
        eventually(lambda: (held(cloud) or {}).get("show", {}).get("tables") == [1, 2, 3, 4, 5, 6], "the change online")
        box.switch.click()
        assert box.pusher is None and box.status.text() == "Not published online."
    finally:
        box.stop()
        gate.stop()
        w.close()
