"""A phone match signed by both whose completion could not be written (the board's sync wrote the
tournament just then, or the disk was busy) is completed when the phone sends its tap again, or
at the table's next GET: never left finished and signed with its bracket match open."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.event.phone_api import PhoneTables
from referee_app.log.store import Store, StoreError
from referee_app.tournament.model import Format, MatchStatus, Options
from tests.event.taps import tap_body

HERE = "192.168.1.31"


def venue(path: Path) -> tuple[str, dict[int, str]]:
    with closing(Store(path)) as store:
        tid = operations.new_tournament(store, "Club night", Options(Format.SE, race=2))
        operations.add_entries(store, tid, "name\nAna\nBen\nCarl\nDora\n")
        operations.draw(store, tid, 3)
        operations.set_tables(store, tid, "1-2")
        keys = operations.set_phones(store, tid, "1-2")
    return tid, {table: key for table, key in keys if key is not None}


def post(api: PhoneTables, key: str, tap: str, after: int, event: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    body = tap_body(tap, api.table_json(1)["match_id"], after, event)
    answer = api.post(1, f"Bearer {key}", HERE, body)
    return answer.status, answer.body


@pytest.mark.parametrize("again", ["the tap sent again", "the table's next GET"])
def test_a_completion_that_failed_to_write_is_done_at_the_next_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, again: str
) -> None:
    path = tmp_path / "organizer.db"
    tid, keys = venue(path)
    api = PhoneTables(path, tid)
    try:
        version = api.get(1, f"Bearer {keys[1]}", HERE).body["version"]
        for n, event in enumerate([{"type": "lag", "winner": "A"}, {"type": "rack", "winner": "A"},
                                   {"type": "rack", "winner": "A"}, {"type": "sign", "player": "A"}]):  # fmt: skip
            status, body = post(api, keys[1], f"t{n}", version, event)
            assert status == 200, body
            version = body["version"]
        match = body["match"]
        real = api.session.log.append
        failing = {"left": 1}

        def busy(*args: Any, **kwargs: Any) -> Any:
            if failing["left"]:
                failing["left"] -= 1
                raise StoreError("could not write: database is locked")
            return real(*args, **kwargs)

        monkeypatch.setattr(api.session.log, "append", busy)  # the tournament's log: the completion's write
        status, body = post(api, keys[1], "sign-b", version, {"type": "sign", "player": "B"})
        assert status == 200, body  # the signature is durable (phone.md §3: 200, never an error for a kept event)
        assert body["match"] == match and body["signed"] == {"A": True, "B": True}  # not completed yet
        assert api.state().tournament.slots[match].status is MatchStatus.PLAYING
        if again == "the tap sent again":
            status, body = post(api, keys[1], "sign-b", version, {"type": "sign", "player": "B"})
        else:
            answer = api.get(1, f"Bearer {keys[1]}", HERE)
            status, body = answer.status, answer.body
        assert status == 200, body
        slot = api.state().tournament.slots[match]
        assert slot.status is MatchStatus.DONE and slot.outcome is not None and slot.outcome.score == (2, 0)
        assert body["match"] != match  # the table moved on
    finally:
        api.close()
