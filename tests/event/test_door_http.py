"""The door's routes through a real server (`tournament serve`'s `Serving`, in process): the door
page and its API (the QR's code of the minute; a stranger's path is a plain 404), then the player's
own page and its JSON."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

from referee_app.event import operations
from referee_app.event.pages import Serving
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options


def _get(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json", "Accept-Language": "fr"})
        response = conn.getresponse()
        return response.status, response.read(), response.getheader("Content-Type", "")
    finally:
        conn.close()


def _json(data: bytes) -> Any:
    return json.loads(data.decode())


def test_a_phone_checks_in_at_the_door_and_opens_its_page(tmp_path: Path) -> None:
    db = tmp_path / "door.db"
    store = Store(db)
    tid = operations.new_tournament(store, "Soirée", Options(Format.SE, checkin=True))
    operations.add_entries(store, tid, "name\nAna Lopez\nBen Novak\nÉva Martin\n")
    store.close()
    serving = Serving(db, tid, 0).start()
    try:
        port = serving.port
        token = serving.phones.door.token()
        status, page, kind = _get(port, "GET", f"/door/{token}")
        assert status == 200 and kind.startswith("text/html") and b"/door.js" in page
        status, data, _ = _get(port, "GET", f"/api/door/{token}")
        assert status == 200 and _json(data)["names"] == ["Ana Lopez", "Ben Novak", "Éva Martin"]
        assert _get(port, "GET", "/api/door/0123456789abcdef0123")[0] == 403, "not this minute's code"
        assert _get(port, "GET", "/api/door/../../etc")[0] == 404
        body = json.dumps({"name": "eva martin", "device": "a-phone-of-my-own-1234"}).encode()
        status, data, _ = _get(port, "POST", f"/api/door/{token}", body)
        assert status == 200, data
        link = _json(data)["me"]
        status, data, _ = _get(port, "POST", f"/api/door/{token}", body.replace(b"eva martin", b"Ana Lopez"))
        assert status == 409 and _json(data)["doubled"] and "Éva Martin" in _json(data)["error"]
        status, page, kind = _get(port, "GET", link)
        assert status == 200 and kind.startswith("text/html")
        status, data, _ = _get(port, "GET", "/api" + link)
        me = _json(data)
        assert status == 200 and me["name"] == "Éva Martin" and me["present"] is True
        assert _get(port, "GET", "/api/me/" + "A" * 43)[0] == 404
    finally:
        serving.stop()
