"""A called player says "I'm here" on the table's page (`POST /api/score/N/here`), and the lag seats
both: each an `at_table` in the tournament's log that stops their late-start clock; the request's
answers in phone.md's manner (the key, 400, 409 for another match, an id sent again records nothing)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from referee_app.event.call_clock import CallClock, StepTime
from referee_app.event.phone_api import Answer, PhoneTables, WrongKeys
from referee_app.event.phone_here import call_json
from referee_app.tournament.clock import clocks, due
from tests.event.test_phone_api import HERE, Clock, auth, tap, venue  # noqa: F401 - the fixture

T0 = datetime(2026, 12, 6, 10, 30, tzinfo=UTC)
DEVICE = "p7Qx2mR9kL0a"


@pytest.fixture
def api(venue: tuple[Path, str, dict[int, str]]) -> Iterator[PhoneTables]:  # noqa: F811
    db, tid, _ = venue
    tables = PhoneTables(db, tid, wrong_keys=WrongKeys(Clock()), clock=lambda: "2026-12-06T10:33:00.000Z")
    yield tables
    tables.close()


def call_of(api: PhoneTables, table: int) -> dict[str, Any] | None:
    t = api.state().tournament
    match = next((m for m, n in t.on_table.items() if n == table), None)
    return call_json(t, None if match is None else t.slots[match])


def here(api: PhoneTables, key: str, table: int, **fields: Any) -> Answer:
    return api.here(table, auth(key), HERE, json.dumps(fields).encode())


def test_a_called_player_says_they_are_here_once_and_the_lag_seats_both(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    api: PhoneTables,
) -> None:
    _, _, keys = venue
    first = api.get(1, auth(keys[1]), HERE).body
    assert list(first) == [  # phone.md's GET, as it is: the call is the tournament's (/tournament.json)
        *("table", "match", "match_id", "version", "round", "race_to", "rules", "players", "signed", "state")
    ]
    assert call_of(api, 1) is None  # on the table, not called yet
    clock = CallClock(api.session, StepTime(T0))
    assert {c.table for c in clock.tick()} == {1, 2}  # both semi-finals called, on the phone tables too
    table = api.get(1, auth(keys[1]), HERE).body
    assert call_of(api, 1) == {"called_at": "2026-12-06T10:30:00.000Z", "calls": [], "here": {"A": False, "B": False}}
    match_id, a = table["match_id"], table["players"]["A"]

    said = here(api, keys[1], 1, id="h-1", match_id=match_id, device=DEVICE, player="A")
    assert said.status == 200 and said.body["match_id"] == match_id
    assert call_of(api, 1)["here"] == {"A": True, "B": False}  # type: ignore[index]
    again = here(api, keys[1], 1, id="h-1", match_id=match_id, device=DEVICE, player="A")
    assert again.status == 200
    arrivals = api.state().tournament.arrivals[table["match"]]
    assert [(x.player, x.by, x.device, x.tap, x.at) for x in arrivals] == [
        (a, "phone", DEVICE, "h-1", "2026-12-06T10:33:00.000Z")
    ]  # once
    [timed] = [c for c in clocks(api.state().tournament, T0 + timedelta(minutes=5)) if c.table == 1]
    assert timed.timed == (table["players"]["B"],)  # only the one not here is timed
    assert [c.players for c in due(api.state().tournament, T0 + timedelta(minutes=5)) if c.table == 1] == [
        (table["players"]["B"],)
    ]  # and only they are called again at +5

    assert tap(api, keys[1], 1, "lag", 1, {"type": "lag", "winner": "B"}).status == 200
    assert call_of(api, 1)["here"] == {"A": True, "B": True}  # type: ignore[index]  # the lag: both at the table
    assert [x.by for x in api.state().tournament.arrivals[table["match"]]] == ["phone", "lag"]
    assert not [c for c in due(api.state().tournament, T0 + timedelta(minutes=5)) if c.table == 1]  # no call again


def test_the_here_request_is_refused_as_a_tap_is(venue: tuple[Path, str, dict[int, str]], api: PhoneTables) -> None:  # noqa: F811
    _, _, keys = venue
    CallClock(api.session, StepTime(T0)).tick()
    match_id = api.get(1, auth(keys[1]), HERE).body["match_id"]
    good = {"id": "h-2", "match_id": match_id, "device": DEVICE, "player": "B"}
    assert here(api, keys[1], 1, **{**good, "match_id": "another-match"}).status == 409  # never lands in another
    assert here(api, keys[2], 1, **good).status == 401  # table 2's key
    assert here(api, "WRONG", 1, **good).status == 401
    assert here(api, keys[1], 3, **good).status == 404  # a desk's table
    for bad in ({"device": "short"}, {"player": "C"}, {"id": ""}, {"match_id": 7}, {"extra": 1}):
        answer = here(api, keys[1], 1, **{**good, **bad})
        assert answer.status == 400, bad
    assert api.here(1, auth(keys[1]), HERE, b'{"id": "h", "id": "h2"}').status == 400  # a repeated key
    assert api.here(1, auth(keys[1]), HERE, b"not json").status == 400
    assert not api.state().tournament.arrivals  # nothing recorded by any of them
    assert here(api, keys[1], 1, **good).status == 200
