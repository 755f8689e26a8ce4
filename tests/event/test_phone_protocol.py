"""phone.md 1.1's protocol through the API: a tap names its match and its phone, each player signs
on their own phone unless the table is a one-phone table, a replaced key says so and is never a
guess; match-log 1.4's `device` on `sign`, read back on the sheet."""

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.event.phone_api import PhoneTables, WrongKeys
from referee_app.game.events import MatchStarted, Signed
from referee_app.game.vocab import Seat
from referee_app.log.codec import LogFormatError, event_from_json, event_to_json
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.words.sheet import build_sheet, sheet_html
from tests.event.taps import phone_of, tap_body
from tests.event.test_phone_api import HERE, Clock, auth, events_of, run, shown, venue  # noqa: F401 - the fixture

SIGNED_ON_ONE_PHONE = "Both signatures were given on the same phone."


def post(
    api: PhoneTables, key: str, tap: str, match_id: str, after: int, event: dict[str, Any], device: str = ""
) -> Any:
    return api.post(1, auth(key), HERE, tap_body(tap, match_id, after, event, device or None))


def finished(api: PhoneTables, key: str, prefix: str = "") -> tuple[str, int]:
    """Table 1's match played to its end (lag and both racks to A), unsigned: its log and version."""
    match_id = api.table_json(1)["match_id"]
    version = 1
    for n, event in enumerate([{"type": "lag", "winner": "A"}, *[{"type": "rack", "winner": "A"}] * 2]):
        answer = post(api, key, f"{prefix}p{n}", match_id, version, event)
        assert answer.status == 200, answer.body
        version = answer.body["version"]
    return match_id, version


def test_a_tap_made_for_the_previous_match_never_lands_in_the_next(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
) -> None:
    db, _, keys = venue
    api = PhoneTables(db, venue[1])
    try:
        first, version = finished(api, keys[1])
        # made offline on match 1 at the lag (version 1), a lag for B and a rack, sent late
        assert post(api, keys[1], "sA", first, version, {"type": "sign", "player": "A"}).status == 200
        signed = post(api, keys[1], "sB", first, version + 1, {"type": "sign", "player": "B"})
        assert signed.status == 200
        # table 1's semi-final done; the final waits for table 2's: play table 2's semi-final
        second = api.table_json(2)["match_id"]
        v = 1
        rack, signs = (
            {"type": "rack", "winner": "A"},
            [{"type": "sign", "player": "A"}, {"type": "sign", "player": "B"}],
        )
        for n, event in enumerate([{"type": "lag", "winner": "A"}, rack, rack, *signs]):
            answer = api.post(2, auth(keys[2]), HERE, tap_body(f"t2-{n}", second, v, event))
            assert answer.status == 200, answer.body
            v = answer.body["version"]
        final = api.table_json(1)
        assert final["match"] == "F1" and final["match_id"] != first and final["version"] == 1
        for n, (after, event) in enumerate([(1, {"type": "lag", "winner": "B"}), (2, {"type": "rack", "winner": "B"})]):
            stale = post(api, keys[1], f"offline-{n}", first, after, event)
            assert stale.status == 409 and stale.body == api.table_json(1)  # the table as it stands
        undo = post(api, keys[1], "offline-undo", first, 1, {"type": "undo", "target": 1})
        assert undo.status == 409
        assert events_of(db, final["match_id"]) == ["match_started"]  # nothing landed in the final
        # the same on the final's own id: taken
        assert post(api, keys[1], "lag", final["match_id"], 1, {"type": "lag", "winner": "B"}).status == 200
    finally:
        api.close()


def test_on_a_two_phone_table_one_phone_cannot_give_both_signatures(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
) -> None:
    db, tid, keys = venue
    api = PhoneTables(db, tid)
    try:
        match_id, version = finished(api, keys[1])
        assert post(api, keys[1], "sA", match_id, version, {"type": "sign", "player": "A"}, "phone-one").status == 200
        both = post(api, keys[1], "sB", match_id, version + 1, {"type": "sign", "player": "B"}, "phone-one")
        assert both.status == 422 and "own phone" in both.body["refused"]
        assert both.body["table"]["signed"] == {"A": True, "B": False}
        again = post(api, keys[1], "sB", match_id, version + 1, {"type": "sign", "player": "B"}, "phone-two")
        assert again.status == 422  # the same tap id sent again: the same answer, whatever it carries now
        assert events_of(db, match_id).count("sign") == 1
        # B on their own phone: taken, and the sign events name the phones
        assert (
            post(api, keys[1], "sB2", match_id, version + 1, {"type": "sign", "player": "B"}, "phone-two").status == 200
        )
        with closing(Store(db)) as store:
            signs = [e.event for e in store.load(match_id) if isinstance(e.event, Signed)]
            sheet = sheet_html(build_sheet(store.load(match_id)))
        assert [(s.player.value, s.device) for s in signs] == [("A", "phone-one"), ("B", "phone-two")]
        assert SIGNED_ON_ONE_PHONE not in sheet
    finally:
        api.close()


def test_a_one_phone_table_takes_both_signatures_from_one_phone_and_the_sheet_says_so(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, tid, _ = venue
    made = json.loads(run(capsys, "tournament", "phones", tid, "1", "--one-phone", "--json", "--db", str(db))[1])
    key = made[0]["key"]
    assert shown(capsys, db, tid)["one_phone"] == [1] and shown(capsys, db, tid)["phones"] == [1, 2]
    api = PhoneTables(db, tid)
    try:
        match_id, version = finished(api, key)
        assert post(api, key, "sA", match_id, version, {"type": "sign", "player": "A"}, "the-table-phone").status == 200
        last = post(api, key, "sB", match_id, version + 1, {"type": "sign", "player": "B"}, "the-table-phone")
        assert last.status == 200 and last.body["match_id"] != match_id  # completed: the table moved on
        with closing(Store(db)) as store:
            assert SIGNED_ON_ONE_PHONE in sheet_html(build_sheet(store.load(match_id)))
    finally:
        api.close()
    # `phones` again without --one-phone: the two-phone rule back (and a new key)
    run(capsys, "tournament", "phones", tid, "1", "--db", str(db))
    assert shown(capsys, db, tid)["one_phone"] == []


def test_a_replaced_key_says_replaced_and_never_locks_the_new_card_out(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, tid, keys = venue
    api = PhoneTables(db, tid, wrong_keys=WrongKeys(Clock()))
    try:
        new = json.loads(run(capsys, "tournament", "phones", tid, "1", "--json", "--db", str(db))[1])[0]["key"]
        for _ in range(60):  # an old tab polling a minute with the lost card's key
            old = api.get(1, auth(keys[1]), HERE)
            assert old.status == 401 and old.body["replaced"] is True and "replaced" in old.body["error"]
        assert api.get(1, auth(new), HERE).status == 200  # the new card, from the same phone: not locked out
        wrong = api.get(1, auth("NOT-THIS-TABLES-KEY"), HERE)
        assert wrong.status == 401 and "replaced" not in wrong.body  # a guess is no replaced key
        assert api.get(1, auth(keys[2]), HERE).body.get("replaced") is None  # nor another table's key
        for _ in range(25):  # real guesses still count
            api.get(1, auth("GUESS"), "10.0.0.7")
        assert api.get(1, auth(new), "10.0.0.7").status == 429
    finally:
        api.close()


def test_a_sign_names_its_device_as_match_log_1_4_says() -> None:
    event, _, _ = event_from_json({"type": "sign", "player": "A", "device": "p7Qx2mR9kL0a"})
    assert event == Signed(Seat.A, "p7Qx2mR9kL0a")
    assert event_to_json(event) == {"type": "sign", "player": "A", "device": "p7Qx2mR9kL0a"}
    plain, _, _ = event_from_json({"type": "sign", "player": "B"})  # every 1.3 log still reads
    assert event_to_json(plain) == {"type": "sign", "player": "B"}
    for bad in ("short", "x" * 65, "with space1", 12345678, None, "é" * 10):
        with pytest.raises(LogFormatError, match="device"):
            event_from_json({"type": "sign", "player": "A", "device": bad})


def test_the_phone_of_each_seat_is_a_valid_device() -> None:
    for seat in "AB":
        event_from_json({"type": "sign", "player": seat, "device": phone_of(seat)})


def test_a_phone_match_carries_its_players_licences_and_clubs(tmp_path: Path) -> None:
    """As a desk's match does (event-day m17): the sheets and the federation's export need them."""
    db = tmp_path / "club.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, "Licensed", Options(Format.SE, race=2))
        rows = "".join(
            f"{name},C{n},L-{n}\n" for n, name in enumerate(("Ana Lopez", "Ben Novak", "Carl Ito", "Dora Mey"))
        )
        operations.add_entries(store, tid, "name,club,licence\n" + rows)
        operations.draw(store, tid, 4)
        operations.set_tables(store, tid, "1")
        operations.set_phones(store, tid, "1")
    api = PhoneTables(db, tid)
    try:
        match_id = api.table_json(1)["match_id"]
    finally:
        api.close()
    with closing(Store(db)) as store:
        setup = store.load(match_id)[0].event
    assert isinstance(setup, MatchStarted)
    numbers = [int(club[1:]) for club in setup.clubs]
    assert setup.clubs == (f"C{numbers[0]}", f"C{numbers[1]}") and setup.licences == (
        f"L-{numbers[0]}",
        f"L-{numbers[1]}",
    )


def test_a_new_key_undone_leaves_both_keys_answered_replaced(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The organizer undoes "new key": the table has no key then (a lost card's is never given
    back), and a phone holding either the old or the new one is told its card was replaced."""
    from referee_app.event.session import TournamentSession

    db, tid, keys = venue
    new = json.loads(run(capsys, "tournament", "phones", tid, "1", "--json", "--db", str(db))[1])[0]["key"]
    with closing(Store(db)) as store:
        TournamentSession.open(store, tid).undo()
    api = PhoneTables(db, tid, wrong_keys=WrongKeys(Clock()))
    try:
        for key in (keys[1], new):
            answer = api.get(1, auth(key), HERE)
            assert answer.status == 401 and answer.body["replaced"] is True
    finally:
        api.close()
