"""phone.md §3: "the same `id` sent again for the same match gets the same answer as the first time
and records nothing more, whatever `after` it carries", through a real `tournament serve` on a real
SQLite file: the last signature (the one that completes the bracket match) whose answer was lost,
and a tap sent again after another phone scored."""

from __future__ import annotations

import socket
from contextlib import closing
from pathlib import Path
from typing import Any

from referee_app.event import operations
from referee_app.log.store import Store
from tests.event.taps import tap_body
from tests.event.test_score_page_words import play
from tests.event.test_serve import Served, served, venue  # noqa: F401 - the fixtures
from tests.waiting import eventually


def logged(db: Path, match_id: str) -> list[str]:
    with closing(Store(db)) as store:
        return [e.event.TYPE.value for e in store.load(match_id)]


def results(db: Path, tid: str) -> dict[str, Any]:
    with closing(Store(db)) as store:
        return dict(operations.open_tournament(store, tid).state.tournament.results)


def lost(port: int, table: int, key: str, tap: str, match_id: str, after: int, event: dict[str, Any]) -> None:
    """A tap whose answer never reaches the phone: the request sent whole, the connection closed
    before a byte of the answer is read (the Wi-Fi dropped)."""
    body = tap_body(tap, match_id, after, event)
    head = (
        f"POST /api/score/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {key}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(head.encode() + body)


def test_the_last_signature_sent_again_gets_the_first_answer_and_records_nothing_more(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
) -> None:
    db, tid, keys = venue
    play(served, 2, keys[2], "t2-")  # the other semi-final over: the final waits for table 1's
    status, semi = served.get(1, keys[1])
    version = semi["version"]
    for n, event in enumerate([{"type": "lag", "winner": "A"}, *[{"type": "rack", "winner": "A"}] * 2]):
        version = served.tap(1, keys[1], f"s{n}", version, event)[1]["version"]
    assert served.tap(1, keys[1], "sign-a", version, {"type": "sign", "player": "A"})[0] == 200
    first = served.tap(1, keys[1], "sign-b", version + 1, {"type": "sign", "player": "B"})
    status, body = first
    assert status == 200 and body["match"] == "F1" and body["version"] == 1  # the table took the final at once
    assert body["match_id"] != semi["match_id"] and body["state"]["status"] == "lag"
    semi_log, recorded = logged(db, semi["match_id"]), results(db, tid)
    assert semi_log.count("sign") == 2 and semi["match"] in recorded and len(recorded) == 2
    # the answer was lost: the phone sends it again, with the `after` it had
    again = served.tap(1, keys[1], "sign-b", version + 1, {"type": "sign", "player": "B"}, semi["match_id"])
    assert again == first  # the same status, the same body
    assert logged(db, semi["match_id"]) == semi_log and logged(db, body["match_id"]) == ["match_started"]
    assert results(db, tid) == recorded  # no result recorded twice
    assert served.get(1, keys[1]) == first  # and the table is as it said
    # the final's last signature, the tournament's last tap: the table is left with no match, again
    version = 1
    for n, event in enumerate([{"type": "lag", "winner": "B"}, *[{"type": "rack", "winner": "B"}] * 2]):
        version = served.tap(1, keys[1], f"f{n}", version, event)[1]["version"]
    assert served.tap(1, keys[1], "final-b", version, {"type": "sign", "player": "B"})[0] == 200
    last = served.tap(1, keys[1], "final-a", version + 1, {"type": "sign", "player": "A"})
    assert last[0] == 200 and last[1]["match"] is None and last[1]["version"] == 0
    final_log, recorded = logged(db, body["match_id"]), results(db, tid)
    assert "F1" in recorded and len(recorded) == 3
    assert served.tap(1, keys[1], "final-a", version + 1, {"type": "sign", "player": "A"}, body["match_id"]) == last
    assert logged(db, body["match_id"]) == final_log and results(db, tid) == recorded


def test_a_tap_sent_again_after_another_phone_scored_is_200_and_records_nothing(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
) -> None:
    db, _, keys = venue
    table = served.get(1, keys[1])[1]
    assert served.tap(1, keys[1], "lag", 1, {"type": "lag", "winner": "B"})[0] == 200
    lost(served.port, 1, keys[1], "first", table["match_id"], 2, {"type": "rack", "winner": "A"})  # its answer lost
    eventually(  # a loaded machine: the server may take a while to get to it
        lambda: served.get(1, keys[1])[1]["version"] == 3, "the laptop recording the tap all the same", 20
    )
    status, other = served.tap(1, keys[1], "second", 3, {"type": "rack", "winner": "B"})  # phone 2 scores
    assert status == 200 and other["version"] == 4 and other["state"]["score"] == {"A": 1, "B": 1}
    # phone 1 sends its tap again, on the version it had: recorded once already, so 200, nothing more
    status, again = served.tap(1, keys[1], "first", 2, {"type": "rack", "winner": "A"})
    assert status == 200 and again == other
    assert logged(db, table["match_id"]) == ["match_started", "lag", "rack", "rack"]
    # a tap never recorded, on the same stale version, is refused as moved on (409), not taken
    status, stale = served.tap(1, keys[1], "third", 2, {"type": "rack", "winner": "A"})
    assert status == 409 and stale == other
    assert logged(db, table["match_id"]) == ["match_started", "lag", "rack", "rack"]
    # "third" sent again on the version that is now the latest: its first answer was 409, so 409
    # again and nothing recorded, whatever `after` it carries (phone.md §3)
    assert served.tap(1, keys[1], "third", 4, {"type": "rack", "winner": "A"}) == (409, other)
    assert logged(db, table["match_id"]) == ["match_started", "lag", "rack", "rack"]


def test_a_tap_the_rules_refused_sent_again_is_refused_again_though_the_rules_would_take_it_now(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,  # noqa: F811
) -> None:
    db, _, keys = venue
    table = served.get(1, keys[1])[1]
    status, refused = served.tap(1, keys[1], "early", 1, {"type": "rack", "winner": "A"})  # a rack before the lag
    assert status == 422 and refused["refused"] and refused["table"]["version"] == 1
    assert served.tap(1, keys[1], "lag", 1, {"type": "lag", "winner": "A"})[0] == 200
    status, again = served.tap(1, keys[1], "early", 2, {"type": "rack", "winner": "A"})  # the lag is in now
    assert status == 422 and again["refused"] == refused["refused"] and again["table"]["version"] == 2
    assert logged(db, table["match_id"]) == ["match_started", "lag"]
    assert served.tap(1, keys[1], "rack-1", 2, {"type": "rack", "winner": "A"})[0] == 200  # a new id is taken
