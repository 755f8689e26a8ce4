"""Property: whatever a table's phones send once the race can be won — racks, signatures,
"I don't agree", undo, each sometimes sent again — the tournament stays consistent with the match
log: a match completes exactly when its log is finished and signed by both (a disputing player's
signature withdraws the dispute first), a dispute stands only for a player who has not signed, and
a dispute sent again is recorded once."""

from __future__ import annotations

import json
import tempfile
from contextlib import closing
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from referee_app.event import operations
from referee_app.event.phone_api import PhoneTables
from referee_app.game.vocab import Seat
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.events import Disputed
from referee_app.tournament.model import Format, MatchStatus, Options
from tests.event.taps import tap_body

ENTRIES = "name\nAna Lopez\nBen Novak\n"
STEPS = st.lists(
    st.sampled_from(["rack A", "rack B", "sign A", "sign B", "dispute A", "dispute B", "undo", "again"]),
    min_size=1,
    max_size=25,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_disputes_signatures_and_resends_keep_the_bracket_true_to_the_log(steps: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "t.db"
        with closing(Store(db)) as store:
            tid = operations.new_tournament(store, "Night", Options(Format.SE, race=2))
            operations.add_entries(store, tid, ENTRIES)
            operations.draw(store, tid, 1)
            operations.set_tables(store, tid, "1")
            key = operations.set_phones(store, tid, "1")[0][1]
        assert key is not None
        api = PhoneTables(db, tid)
        auth = f"Bearer {key}"
        try:
            first = api.get(1, auth, "p").body
            match, match_id = first["match"], first["match_id"]
            lag = tap_body("lag", match_id, 1, {"type": "lag", "winner": "A"})
            version = api.post(1, auth, "p", lag).body["version"]
            last: tuple[str, bytes] | None = None
            disputes_ok: set[str] = set()
            for n, step in enumerate(["rack A", "rack B", "rack A", *steps]):  # the race won first, then anything
                if step == "again":
                    if last is None:
                        continue
                    kind, body = last
                else:
                    what, seat = [*step.split(), ""][:2]
                    if what == "dispute":
                        kind, body = "dispute", json.dumps({"id": f"d{n}", "after": version, "player": seat}).encode()
                    else:
                        tapped = {"rack": {"type": "rack", "winner": seat}, "sign": {"type": "sign", "player": seat},
                                 "undo": {"type": "undo", "target": version}}[what]  # fmt: skip
                        kind, body = "tap", tap_body(f"t{n}", match_id, version, tapped)
                answer = api.dispute(1, auth, "p", body) if kind == "dispute" else api.post(1, auth, "p", body)
                assert answer.status in (200, 409, 422), answer.body
                last = (kind, body)
                if answer.status == 200 and kind == "dispute":
                    disputes_ok.add(json.loads(body)["id"])
                table = answer.body if answer.status != 422 else answer.body["table"]
                version = table["version"]
                state = api.state()
                t = state.tournament
                log = Session(api.store, match_id).state
                done = t.slots[match].status is MatchStatus.DONE
                both = log.finished and log.signed[Seat.A] and log.signed[Seat.B]
                assert done == both, (step, log.signed, t.disputes)
                for player in t.disputes.get(match, ()):  # a signature withdraws its player's dispute
                    assert not log.signed[Seat.A if player == log.setup.players[0] else Seat.B]
                if done:
                    outcome = t.results[match]
                    assert outcome.score == (log.score[Seat.A], log.score[Seat.B]) and outcome.match_id == match_id
                    break
            event("a dispute recorded" if disputes_ok else "no dispute")
            event("completed" if api.state().tournament.slots[match].status is MatchStatus.DONE else "still playing")
            assert disputes_ok <= api.state().dispute_taps
            with closing(Store(db)) as store:
                replayed = operations.open_tournament(store, tid).state
            recorded = []
            frame = replayed.frames
            while frame is not None:
                if isinstance(frame.event, Disputed):
                    recorded.append(frame.event.tap)
                frame = frame.below
            assert sorted(recorded) == sorted(disputes_ok)  # each once, however often it was sent
        finally:
            api.close()
