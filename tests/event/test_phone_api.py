"""The phone tables' API (phone.md §3, §4) as plain functions on a real SQLite file: every answer,
taps recorded once, the key's reach, and a match signed by both completing its bracket match."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.cli.main import main
from referee_app.event.phone_api import Answer, PhoneTables, WrongKeys
from referee_app.game.vocab import Scoring
from referee_app.log.store import Store
from tests.event.taps import tap_body

ENTRIES = "name\nAna Lopez\nBen Novak\nCarl Ito\nDora Mey\n"
HERE = "192.168.1.31"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def venue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[Path, str, dict[int, str]]]:
    """Four players, single elimination, races to 2, tables 1-3, tables 1 and 2 the phones'."""
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Club night", "--format", "se", "--race", "2", "--db", str(db))[1].strip()
    (tmp_path / "e.csv").write_text(ENTRIES, encoding="utf-8")
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "e.csv"), "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "draw", tid, "--seed", "5", "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "tables", tid, "1-3", "--db", str(db))[0] == 0
    out = run(capsys, "tournament", "phones", tid, "1-2", "--json", "--db", str(db))[1]
    yield db, tid, {item["table"]: item["key"] for item in json.loads(out)}


@pytest.fixture
def api(venue: tuple[Path, str, dict[int, str]]) -> Iterator[PhoneTables]:
    db, tid, _ = venue
    tables = PhoneTables(db, tid, wrong_keys=WrongKeys(Clock()))
    yield tables
    tables.close()


def auth(key: str) -> str:
    return f"Bearer {key}"


def tap(
    api: PhoneTables,
    key: str,
    table: int,
    tap_id: str,
    after: int,
    event: dict[str, Any],
    match_id: str | None = None,
    device: str | None = None,
) -> Answer:
    """A tap made on `match_id` (by default the match on the table now)."""
    made_on = match_id or api.table_json(table)["match_id"] or "no-match"
    return api.post(table, auth(key), HERE, tap_body(tap_id, made_on, after, event, device))


def shown(capsys: pytest.CaptureFixture[str], db: Path, tid: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(run(capsys, "tournament", "show", tid, "--json", "--db", str(db))[1])
    return document


def events_of(db: Path, match_id: str) -> list[str]:
    with closing(Store(db)) as store:
        return [e.event.TYPE.value for e in store.load(match_id)]


def test_a_phone_sees_its_tables_match_started_at_version_1_waiting_for_the_lag(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    answer = api.get(1, auth(keys[1]), HERE)
    assert answer.status == 200
    body = answer.body
    assert list(body) == [
        *("table", "match", "match_id", "version", "round", "race_to", "rules", "players", "signed", "state")
    ]
    assert (body["table"], body["version"], body["race_to"], body["rules"]) == (1, 1, 2, "wpa")
    assert body["signed"] == {"A": False, "B": False}
    assert body["state"]["format"] == "referee-app/state@1" and body["state"]["status"] == "lag"
    match = next(m for m in shown(capsys, db, tid)["matches"] if m["table"] == 1)
    assert (body["match"], body["match_id"]) == (match["id"], match["match_id"])
    assert body["players"] == {"A": match["a"], "B": match["b"]}
    assert body["round"] == "Semi-final"
    with closing(Store(db)) as store:
        setup = store.load(body["match_id"])[0].event
    assert setup.scoring is Scoring.RACKS and setup.table == "1" and setup.event == "Club night"  # type: ignore[union-attr]
    assert setup.players == (match["a"], match["b"]) and setup.race_to == 2  # type: ignore[union-attr]


def test_the_same_401_for_no_key_a_wrong_key_and_another_tables_key_and_404_for_a_table_not_the_phones(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables
) -> None:
    _, _, keys = venue
    refused = [
        api.get(1, None, HERE),
        api.get(1, "Bearer ", HERE),
        api.get(1, auth(keys[2]), HERE),
        api.get(1, auth("AAAA-BBBB-CCCC-DDDD-EEEE-FFFF"), HERE),
        api.get(1, keys[1], HERE),  # not as a bearer
        tap(api, keys[2], 1, "t1", 1, {"type": "lag", "winner": "A"}),
    ]
    assert {a.status for a in refused} == {401} and len({json.dumps(a.body) for a in refused}) == 1
    assert api.get(3, auth(keys[1]), HERE).status == 404  # the venue's, not the phones'
    assert api.get(99, auth(keys[1]), HERE).status == 404
    assert api.get(1, auth(keys[1]), HERE).body["version"] == 1  # nothing was recorded


def test_past_20_wrong_keys_a_minute_an_address_gets_429_whatever_its_key(
    venue: tuple[Path, str, dict[int, str]], tmp_path: Path
) -> None:
    db, tid, keys = venue
    clock = Clock()
    with closing(PhoneTables(db, tid, wrong_keys=WrongKeys(clock))) as api:
        assert [api.get(1, auth("WRONG"), "10.0.0.9").status for _ in range(20)] == [401] * 20
        assert api.get(1, auth("WRONG"), "10.0.0.9").status == 429
        assert api.get(1, auth(keys[1]), "10.0.0.9").status == 429  # a right key does not stand out
        assert api.get(1, auth(keys[1]), HERE).status == 200  # another address
        clock.now += 61
        assert api.get(1, auth(keys[1]), "10.0.0.9").status == 200


def test_bad_requests_are_400_and_record_nothing(venue: tuple[Path, str, dict[int, str]], api: PhoneTables) -> None:
    _, _, keys = venue
    k = keys[1]
    lag = {"type": "lag", "winner": "A"}
    made = {"match_id": api.table_json(1)["match_id"], "device": "phone-of-A"}
    bad: list[bytes] = [
        b"not json",
        b"[1, 2]",
        json.dumps({"after": 1, "event": lag, **made}).encode(),
        json.dumps({"id": "x" * 65, "after": 1, "event": lag, **made}).encode(),
        json.dumps({"id": "a b", "after": 1, "event": lag, **made}).encode(),
        json.dumps({"id": "t", "after": "1", "event": lag, **made}).encode(),
        json.dumps({"id": "t", "after": True, "event": lag, **made}).encode(),
        json.dumps({"id": "t", "after": 1, **made}).encode(),
        json.dumps({"id": "t", "after": 1, "event": {"type": "shot", "player": "A"}, **made}).encode(),
        json.dumps({"id": "t", "after": 1, "event": {"type": "match_started"}, **made}).encode(),
        json.dumps({"id": "t", "after": 1, "event": {"type": "lag", "winner": "C"}, **made}).encode(),
        json.dumps({"id": "t", "after": 1, "event": {**lag, "seq": 2}, **made}).encode(),
        json.dumps({"id": "t", "after": 1, "event": lag, "extra": 1, **made}).encode(),
        # phone.md 1.1: the match the tap was made on and the phone are required
        json.dumps({"id": "t", "after": 1, "event": lag, "device": "phone-of-A"}).encode(),
        json.dumps({"id": "t", "after": 1, "event": lag, "match_id": made["match_id"]}).encode(),
        json.dumps({"id": "t", "after": 1, "event": lag, **made, "device": "short"}).encode(),
        json.dumps({"id": "t", "after": 1, "event": lag, **made, "device": "x" * 65}).encode(),
        json.dumps({"id": "t", "after": 1, "event": lag, **made, "match_id": 7}).encode(),
        b"\xff\xfe",
    ]
    for body in bad:
        answer = api.post(1, auth(k), HERE, body)
        assert answer.status == 400 and isinstance(answer.body["error"], str), body
    assert api.get(1, auth(k), HERE).body["version"] == 1


def play_to_the_signatures(api: PhoneTables, key: str, table: int, prefix: str) -> Answer:
    """Lag won by A, A wins the race to 2, both sign; returns the last answer."""
    steps = [
        {"type": "lag", "winner": "A"},
        {"type": "rack", "winner": "A"},
        {"type": "rack", "winner": "A"},
        {"type": "sign", "player": "A"},
        {"type": "sign", "player": "B"},
    ]
    answer = api.get(table, auth(key), HERE)
    version = answer.body["version"]
    for n, event in enumerate(steps):
        answer = tap(api, key, table, f"{prefix}-{n}", version, event)
        assert answer.status == 200, answer.body
        version = answer.body["version"]
    return answer


def test_a_match_signed_by_both_completes_its_bracket_match_and_the_table_takes_the_next(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    first = api.get(1, auth(keys[1]), HERE).body
    answer = tap(api, keys[1], 1, "p1-0", 1, {"type": "lag", "winner": "A"})
    assert answer.status == 200 and answer.body["version"] == 2 and answer.body["state"]["status"] != "lag"
    for n, after in ((1, 2), (2, 3)):
        answer = tap(api, keys[1], 1, f"p1-r{n}", after, {"type": "rack", "winner": "A"})
        assert answer.status == 200
    assert answer.body["state"]["status"] == "finished" and answer.body["state"]["score"] == {"A": 2, "B": 0}
    answer = tap(api, keys[1], 1, "p1-sa", 4, {"type": "sign", "player": "A"})
    assert answer.status == 200 and answer.body["signed"] == {"A": True, "B": False}
    match = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == first["match"])
    assert match["status"] == "playing"  # finished, signed by one: it keeps the table
    answer = tap(api, keys[1], 1, "p1-sb", 5, {"type": "sign", "player": "B"})
    assert answer.status == 200
    assert answer.body["match"] is None and answer.body["version"] == 0  # the final waits for the other semi-final
    document = shown(capsys, db, tid)
    done = next(m for m in document["matches"] if m["id"] == first["match"])
    assert (done["status"], done["score"], done["winner"], done["match_id"]) == (
        "done",
        [2, 0],
        first["players"]["A"],
        first["match_id"],
    )
    assert events_of(db, first["match_id"]) == ["match_started", "lag", "rack", "rack", "sign", "sign"]
    # the other semi-final on table 2; its result puts the final on table 1, started for the phones
    second = play_to_the_signatures(api, keys[2], 2, "p2")
    assert second.body["match"] is None
    final = api.get(1, auth(keys[1]), HERE).body
    assert final["match"] == "F1" and final["version"] == 1 and final["state"]["status"] == "lag"
    assert final["match_id"] not in (first["match_id"], None)
    shown_final = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == "F1")
    assert (shown_final["status"], shown_final["table"], shown_final["match_id"]) == ("playing", 1, final["match_id"])
    play_to_the_signatures(api, keys[1], 1, "p3")
    assert shown(capsys, db, tid)["status"] == "finished"


def test_a_tap_sent_again_records_nothing_more_and_gets_200_whatever_its_after(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables
) -> None:
    db, _, keys = venue
    first = tap(api, keys[1], 1, "same-1", 1, {"type": "lag", "winner": "B"})
    again = tap(api, keys[1], 1, "same-1", 1, {"type": "lag", "winner": "B"})
    later = tap(api, keys[1], 1, "same-1", 7, {"type": "rack", "winner": "A"})
    assert (first.status, again.status, later.status) == (200, 200, 200)
    assert first.body == again.body == later.body
    assert events_of(db, first.body["match_id"]) == ["match_started", "lag"]
    # the last signature's answer lost: sent again after the table moved on, it records nothing
    semi = api.table_json(2)["match_id"]
    last = play_to_the_signatures(api, keys[2], 2, "q")
    assert last.body["match_id"] is None  # the table waits for the final
    resent = tap(api, keys[2], 2, "q-4", 5, {"type": "sign", "player": "B"}, semi)
    assert resent.status == 200 and resent.body == api.get(2, auth(keys[2]), HERE).body


def test_a_stale_after_or_no_match_is_409_with_the_table_and_the_rules_refusals_are_422(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables
) -> None:
    db, _, keys = venue
    too_early = tap(api, keys[1], 1, "r0", 1, {"type": "rack", "winner": "A"})
    assert too_early.status == 422 and isinstance(too_early.body["refused"], str)
    assert too_early.body["table"] == api.get(1, auth(keys[1]), HERE).body and too_early.body["table"]["version"] == 1
    assert tap(api, keys[1], 1, "l1", 1, {"type": "lag", "winner": "A"}).status == 200
    stale = tap(api, keys[1], 1, "l2", 1, {"type": "rack", "winner": "B"})  # someone else scored first
    assert stale.status == 409 and stale.body == api.get(1, auth(keys[1]), HERE).body
    early_sign = tap(api, keys[1], 1, "s0", 2, {"type": "sign", "player": "A"})
    assert early_sign.status == 422 and "signed" in early_sign.body["refused"]
    undo = tap(api, keys[1], 1, "u1", 2, {"type": "undo", "target": 2})
    assert undo.status == 200 and undo.body["version"] == 3 and undo.body["state"]["status"] == "lag"
    match_id = undo.body["match_id"]
    assert events_of(db, match_id) == ["match_started", "lag", "undo"]
    play_to_the_signatures(api, keys[1], 1, "w")
    empty = tap(api, keys[1], 1, "n1", 0, {"type": "lag", "winner": "A"})
    assert empty.status == 409 and empty.body["match"] is None and empty.body["version"] == 0


def test_a_new_key_stops_the_old_one_at_once_while_serving(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    assert api.get(1, auth(keys[1]), HERE).status == 200
    new = json.loads(run(capsys, "tournament", "phones", tid, "1", "--json", "--db", str(db))[1])[0]["key"]
    assert api.get(1, auth(keys[1]), HERE).status == 401
    assert api.get(1, auth(new), HERE).status == 200
    assert run(capsys, "tournament", "phones", tid, "1", "--off", "--db", str(db))[0] == 0
    taken_back = api.get(1, auth(new), HERE)  # phone.md 1.1: a key taken back says so
    assert taken_back.status == 401 and taken_back.body["replaced"] is True
    assert api.get(1, auth("NEVER-THIS-TABLES"), HERE).status == 404


def test_a_result_the_organizer_types_completes_a_phone_match_and_the_table_moves_on(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, tid, keys = venue
    on_one = api.get(1, auth(keys[1]), HERE).body
    assert tap(api, keys[1], 1, "x", 1, {"type": "lag", "winner": "A"}).status == 200
    line = {"match": on_one["match"], "winner": on_one["players"]["B"], "score": [1, 2]}
    (tmp_path / "r.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert run(capsys, "tournament", "results", tid, str(tmp_path / "r.jsonl"), "--db", str(db))[0] == 0
    after = api.get(1, auth(keys[1]), HERE).body
    assert after["match"] is None and after["version"] == 0
    assert tap(api, keys[1], 1, "y", 2, {"type": "rack", "winner": "A"}).status == 409  # the old match is closed


def test_a_database_that_cannot_be_written_is_503_and_records_nothing(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee_app.log.store import StoreError

    _, _, keys = venue

    def full(*_: object, **__: object) -> None:
        raise StoreError("could not write: the disk is full")

    monkeypatch.setattr(api.store, "append", full)
    answer = tap(api, keys[1], 1, "d", 1, {"type": "lag", "winner": "A"})
    assert answer.status == 503 and "nothing was recorded" in answer.body["error"]
    monkeypatch.undo()
    assert api.get(1, auth(keys[1]), HERE).body["version"] == 1
    assert tap(api, keys[1], 1, "d", 1, {"type": "lag", "winner": "A"}).status == 200  # sent again: recorded once
