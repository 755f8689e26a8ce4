"""`tournament serve` puts a phone table's racks on the board's pages as they are tapped (the
`/bracket` page's live score), in the bracket's order of the players, and drops them once the
match is completed."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

from referee_app.event.pages import Serving
from tests.event.organizer import organizer
from tests.event.taps import tap_json
from tests.waiting import NotYet, eventually


def _post(port: int, key: str, body: dict[str, Any]) -> dict[str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/api/score/1", headers={"Authorization": f"Bearer {key}"})
        made_on = json.loads(conn.getresponse().read())["match_id"]  # the tap is made on the match on the table
        sent = tap_json(body["id"], made_on, body["after"], body["event"])
        conn.request("POST", "/api/score/1", body=json.dumps(sent).encode(), headers={"Authorization": f"Bearer {key}"})
        response = conn.getresponse()
        answer: dict[str, Any] = json.loads(response.read())
        assert response.status == 200, answer
        return answer
    finally:
        conn.close()


def _live(serving: Serving, match: str, expected: list[int] | None) -> bool:
    """`match`'s racks in what /tournament.json serves come to be `expected` (else the test fails)."""

    def shown() -> bool | NotYet:
        published = json.loads(serving.server.feed.tournament_document())
        live = None if published is None else published["live"].get(match)
        return live == expected or NotYet(live)

    return eventually(shown, f"{match}'s racks {expected} live on the bracket")


def test_a_phone_tables_racks_are_live_on_the_bracket_page_until_the_match_is_complete(tmp_path: Path) -> None:
    db, tid, keys = organizer(tmp_path, "1-2", "1")
    key = keys[1]
    serving = Serving(db, tid, 0).start()
    try:
        first = _post(serving.port, key, {"id": "a", "after": 1, "event": {"type": "lag", "winner": "A"}})
        match = first["match"]
        assert _live(serving, match, [0, 0])
        answer = _post(serving.port, key, {"id": "b", "after": 2, "event": {"type": "rack", "winner": "B"}})
        assert _live(serving, match, [0, 1])  # B is the bracket's b: the order of the bracket page
        for n, event in enumerate(
            [{"type": "rack", "winner": "B"}, {"type": "sign", "player": "A"}, {"type": "sign", "player": "B"}]
        ):
            answer = _post(serving.port, key, {"id": f"c{n}", "after": answer["version"], "event": event})
        assert _live(serving, match, None)  # completed: no live score left for it
        shown = json.loads(serving.server.feed.current().tournament_json)["show"]
        assert next(m for m in shown["matches"] if m["id"] == match)["winner"] == first["players"]["B"]
    finally:
        serving.stop()
