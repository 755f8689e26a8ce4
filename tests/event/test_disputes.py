"""A phone match's result without both signatures (`tournament.phone_results`): "I don't agree"
through the API, the dispute in the tournament's log, a signature that withdraws it, the
organizer's accept and typed result, the no-signature option, and the CLI's `accept` and
`signatures`."""

# ruff: noqa: F811  (the fixtures imported from the other phone tests are the parameters of the same name)

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee_app.event.phone_api import Answer, PhoneTables
from referee_app.event.session import TournamentSession
from referee_app.log.store import Store
from referee_app.tournament.events import Disputed, DisputeWithdrawn, SignaturesSet
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.state import disputed_tables, replay
from tests.event.test_phone_api import HERE, api, auth, events_of, run, shown, tap, venue  # noqa: F401 - fixtures


def dispute(api: PhoneTables, key: str, table: int, tap_id: str, after: int, player: str) -> Answer:
    body = json.dumps({"id": tap_id, "after": after, "player": player}).encode()
    return api.dispute(table, auth(key), HERE, body)


def win_the_race(api: PhoneTables, key: str, table: int, winner: str = "A", completes: bool = False) -> Answer:
    """Lag won by A, `winner` takes both racks: the race is won, nobody has signed (`completes`:
    the match is taken without signatures, so the table moved on)."""
    answer = tap(api, key, table, f"t{table}-lag", 1, {"type": "lag", "winner": "A"})
    for n in range(2):
        answer = tap(api, key, table, f"t{table}-r{n}", answer.body["version"], {"type": "rack", "winner": winner})
        assert answer.status == 200, answer.body
    assert answer.body["state"] is None if completes else answer.body["state"]["status"] == "finished"
    return answer


def tournament_of(db: Path, tid: str) -> TournamentSession:
    return TournamentSession.open(Store(db), tid)


def test_i_dont_agree_records_a_dispute_that_keeps_the_table_even_once_both_signed_until_the_player_signs(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    finished = win_the_race(api, keys[1], 1)
    match, match_id, version = finished.body["match"], finished.body["match_id"], finished.body["version"]
    loser = finished.body["players"]["B"]
    signed_a = tap(api, keys[1], 1, "sa", version, {"type": "sign", "player": "A"})
    assert signed_a.status == 200 and signed_a.disputed == ()
    answer = dispute(api, keys[1], 1, "d-b", signed_a.body["version"], "B")
    assert answer.status == 200 and answer.disputed == ("B",)
    assert answer.body == api.get(1, auth(keys[1]), HERE).body  # the table as GET gives it, phone.md's keys only
    assert api.get(1, auth(keys[1]), HERE).disputed == ("B",)
    session = tournament_of(db, tid)
    assert session.tournament is not None and session.tournament.disputes == {match: (loser,)}
    assert disputed_tables(session.tournament) == [(1, match, (loser,))]
    latest = session.state.latest if session.state else None
    assert isinstance(latest, Disputed) and (latest.match_id, latest.tap) == (match_id, "d-b")
    assert events_of(db, match_id)[-1] == "sign"  # no match-log event: the match log is phone.md's alone
    status = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == match)["status"]
    assert status == "playing"
    # B talks it over with the organizer, then signs: the dispute is withdrawn and the match completes
    signed_b = tap(api, keys[1], 1, "sb", signed_a.body["version"], {"type": "sign", "player": "B"})
    assert signed_b.status == 200 and signed_b.body["match"] is None and signed_b.disputed == ()
    session = tournament_of(db, tid)
    assert session.tournament is not None and session.tournament.disputes == {}
    done = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == match)
    assert (done["status"], done["score"]) == ("done", [2, 0])
    assert session.state is not None
    assert [type(e).__name__ for e in _events(session.state)[:2]] == ["ResultRecorded", "DisputeWithdrawn"]


def test_a_dispute_is_answered_as_a_tap_is_sent_again_stale_too_early_signed_or_bad(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables
) -> None:
    db, tid, keys = venue
    assert dispute(api, keys[1], 1, "early", 1, "B").status == 422  # no result yet
    assert "not over" in dispute(api, keys[1], 1, "early", 1, "B").body["refused"]
    finished = win_the_race(api, keys[1], 1)
    version = finished.body["version"]
    assert dispute(api, keys[1], 1, "stale", version - 1, "B").status == 409
    assert dispute(api, keys[2], 1, "other-key", version, "B").status == 401
    assert api.dispute(1, None, HERE, b'{"id":"x","after":1,"player":"B"}').status == 401
    assert dispute(api, keys[1], 3, "not-phones", version, "B").status == 404
    for body in (b"{", b"[]", b'{"id":"x","after":1}', b'{"id":"x","after":1,"player":"C"}',
                 b'{"id":"x y","after":1,"player":"A"}', b'{"id":"x","after":1,"player":"A","seq":2}'):  # fmt: skip
        assert api.dispute(1, auth(keys[1]), HERE, body).status == 400, body
    first = dispute(api, keys[1], 1, "d1", version, "A")
    again = dispute(api, keys[1], 1, "d1", 0, "B")  # the answer lost: the same id records nothing more
    assert (first.status, again.status, first.body, again.disputed) == (200, 200, again.body, ("A",))
    twice = dispute(api, keys[1], 1, "d2", version, "A")
    assert twice.status == 422 and "already disputes" in twice.body["refused"]
    assert twice.disputed == ("A",)  # a refusal still says the dispute in force (the page keeps showing it)
    signed = tap(api, keys[1], 1, "sb", version, {"type": "sign", "player": "B"})
    assert signed.status == 200
    refused = dispute(api, keys[1], 1, "d3", signed.body["version"], "B")
    assert refused.status == 422 and "has signed" in refused.body["refused"]
    state = tournament_of(db, tid).state
    assert state is not None and sum(isinstance(f, Disputed) for f in _events(state)) == 1


def _events(state: Any) -> list[Any]:
    frame, found = state.frames, []
    while frame is not None:
        found.append(frame.event)
        frame = frame.below
    return found


def test_the_organizer_accepts_the_phones_result_or_types_another_and_undo_brings_the_dispute_back(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, tid, keys = venue
    one = win_the_race(api, keys[1], 1)
    two = win_the_race(api, keys[2], 2, winner="B")
    assert dispute(api, keys[1], 1, "d1", one.body["version"], "B").status == 200
    # table 1: accepted from the command line, as the log stands (unsigned, disputed)
    code, out, _ = run(capsys, "tournament", "accept", tid, one.body["match"], "--db", str(db))
    assert (
        code == 0
        and out.strip() == f"{one.body['match']}: {one.body['players']['A']} wins 2-0 (the phone's result, accepted)"
    )
    done = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == one.body["match"])
    assert (done["status"], done["score"], done["winner"], done["match_id"]) == (
        "done", [2, 0], one.body["players"]["A"], one.body["match_id"])  # fmt: skip
    session = tournament_of(db, tid)
    assert session.tournament is not None and session.tournament.disputes == {}
    session.undo()  # the organizer takes it back: the dispute is in force again
    assert session.tournament is not None and session.tournament.disputes == {
        one.body["match"]: (one.body["players"]["B"],)
    }
    # table 2: another result typed (B disputed 0-2: A actually won 2-1)
    assert dispute(api, keys[2], 2, "d2", two.body["version"], "A").status == 200
    line = {"match": two.body["match"], "winner": two.body["players"]["A"], "score": [2, 1]}
    (tmp_path / "r.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert run(capsys, "tournament", "results", tid, str(tmp_path / "r.jsonl"), "--db", str(db))[0] == 0
    typed = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == two.body["match"])
    assert (typed["status"], typed["score"], typed["winner"]) == ("done", [2, 1], two.body["players"]["A"])
    session = tournament_of(db, tid)
    assert session.tournament is not None and list(session.tournament.disputes) == [one.body["match"]]
    assert api.get(2, auth(keys[2]), HERE).body["match"] is None  # the final waits for table 1's semi-final


def test_accept_refuses_in_words_a_match_not_on_the_phones_or_not_over(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    on_one = api.get(1, auth(keys[1]), HERE).body
    code, _, err = run(capsys, "tournament", "accept", tid, on_one["match"], "--db", str(db))
    assert code == 1 and "is not over on the phone (0-0)" in err
    code, _, err = run(capsys, "tournament", "accept", tid, "W9-9", "--db", str(db))
    assert code == 1 and "no match W9-9" in err
    final = "F1"
    code, _, err = run(capsys, "tournament", "accept", tid, final, "--db", str(db))
    assert code == 1 and "not being played on a phone table" in err
    assert events_of(db, on_one["match_id"]) == ["match_started"]


def test_without_signatures_a_finished_phone_match_completes_at_once_and_the_option_is_undoable(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    one = win_the_race(api, keys[1], 1)  # signatures needed (the default): it keeps the table
    assert one.body["match"] is not None
    code, out, _ = run(capsys, "tournament", "signatures", tid, "off", "--db", str(db))
    assert (code, out.strip()) == (0, "phone matches count once finished, without signatures")
    assert api.refresh().tournament.signatures_needed is False
    # the match already finished completes too, at the next look
    assert api.get(1, auth(keys[1]), HERE).body["match"] in (None, "F1")
    done = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == one.body["match"])
    assert (done["status"], done["score"]) == ("done", [2, 0])
    on_two = api.get(2, auth(keys[2]), HERE).body
    two = win_the_race(api, keys[2], 2, winner="B", completes=True)
    assert two.body["match"] is None  # the final went to table 1, the first free one
    done = next(m for m in shown(capsys, db, tid)["matches"] if m["id"] == on_two["match"])
    assert (done["status"], done["score"], done["winner"]) == ("done", [0, 2], on_two["players"]["B"])
    assert events_of(db, on_two["match_id"])[-1] == "rack"  # unsigned
    document = shown(capsys, db, tid)
    assert list(document) == list(json.loads(json.dumps(document)))  # show --json keeps its keys (no option in it)
    assert "signatures" not in json.dumps(document)
    code, _, err = run(capsys, "tournament", "signatures", tid, "off", "--db", str(db))
    assert code == 1 and "already taken without signatures" in err
    assert run(capsys, "tournament", "signatures", tid, "on", "--db", str(db))[0] == 0
    session = tournament_of(db, tid)
    assert session.tournament is not None and session.tournament.signatures_needed is True
    assert isinstance(session.undo(), SignaturesSet) and session.tournament.signatures_needed is False


def test_a_dispute_holds_its_match_even_when_signatures_are_no_longer_needed(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = venue
    one = win_the_race(api, keys[1], 1)
    assert dispute(api, keys[1], 1, "d", one.body["version"], "B").status == 200
    assert run(capsys, "tournament", "signatures", tid, "off", "--db", str(db))[0] == 0
    api.refresh()
    assert api.get(1, auth(keys[1]), HERE).body["match_id"] == one.body["match_id"]


def test_the_engine_refuses_disputes_that_are_not_of_a_phone_match_on_its_table(
    venue: tuple[Path, str, dict[int, str]], api: PhoneTables
) -> None:
    db, tid, keys = venue
    on_one = api.get(1, auth(keys[1]), HERE).body
    with closing(Store(db)) as store:
        session = TournamentSession.open(store, tid)
        assert session.state is not None
        t = session.state.tournament
        assert t.slots["F1"].status.value == "waiting"
        cases = [
            (Disputed("F1", on_one["players"]["A"], "x"), "not being played on a phone table"),
            (Disputed(on_one["match"], on_one["players"]["A"], "another-log"), "another match log"),
            (Disputed(on_one["match"], "Nobody Here", on_one["match_id"]), "is not in"),
            (DisputeWithdrawn(on_one["match"], on_one["players"]["A"]), "does not dispute"),
            (SignaturesSet(True), "already needed"),
            (Disputed(on_one["match"], on_one["players"]["A"], on_one["match_id"], "x" * 65), "64 characters"),
        ]
        for event, words in cases:
            with pytest.raises(TournamentRefused, match=words):
                session.record(event)
        session.record(Disputed(on_one["match"], on_one["players"]["A"], on_one["match_id"], "t1"))
        again = replay(_replayed(store, tid))
        assert again.tournament.disputes == session.state.tournament.disputes
        assert again.dispute_taps == frozenset({"t1"})
        session.undo()
        assert session.state.tournament.disputes == {} and session.state.dispute_taps == frozenset({"t1"})


def _replayed(store: Store, tid: str) -> list[Any]:
    from referee_app.tournament.events import event_from_dict

    _, rows = store.load_tournament(tid)
    return [event_from_dict(json.loads(r.body)) for r in rows]


def test_the_events_read_back_as_written() -> None:
    from referee_app.tournament.events import event_from_dict

    for event in (Disputed("W1-1", "Ana Lopez", "m-1", "tap-1"), DisputeWithdrawn("W1-1", "Ana Lopez"),
                  SignaturesSet(False)):  # fmt: skip
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    with pytest.raises(ValueError, match="needed"):
        event_from_dict({"type": "signatures_set", "needed": "no"})


def test_the_dispute_route_through_a_real_tournament_serve(
    venue: tuple[Path, str, dict[int, str]],
) -> None:
    import http.client
    import signal

    from tests.event.test_serve import Served

    db, tid, keys = venue
    served = Served(db, tid)
    try:

        def send(path: str, key: str | None, body: bytes) -> tuple[int, dict[str, Any], str | None]:
            conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {key}"} if key else {})}
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
            data, disputed = response.read(), response.getheader("X-Disputed")
            conn.close()
            return response.status, json.loads(data) if data.startswith(b"{") else {}, disputed

        version = 1
        for n, event in enumerate(({"type": "lag", "winner": "A"}, {"type": "rack", "winner": "B"},
                                   {"type": "rack", "winner": "B"})):  # fmt: skip
            status, table = served.tap(1, keys[1], f"s{n}", version, event)
            assert status == 200
            version = table["version"]
        body = json.dumps({"id": "no-1", "after": version, "player": "A"}).encode()
        assert send("/api/score/1/dispute", None, body)[0] == 401
        assert send("/api/score/1/dispute", keys[2], body)[0] == 401
        assert send("/api/score/3/dispute", keys[1], body)[0] == 404
        assert send("/api/score/1/dispute", keys[1], b'{"id":"no-1"}')[0] == 400
        assert send("/api/score/1/dispute", keys[1], b"x" * (17 * 1024))[0] == 413
        status, answer, disputed = send("/api/score/1/dispute", keys[1], body)
        assert (status, disputed) == (200, "A") and answer == served.get(1, keys[1])[1]
        again = send("/api/score/1/dispute", keys[1], body)
        assert again[:2] == (200, answer)
        served.conn.request("GET", "/api/score/1/dispute")
        response = served.conn.getresponse()
        response.read()
        assert response.status == 405
    finally:
        assert served.stop(signal.SIGTERM) == 0
    disputes = TournamentSession.open(Store(db), tid).tournament
    assert disputes is not None and list(disputes.disputes.values()) == [(table["players"]["A"],)]
