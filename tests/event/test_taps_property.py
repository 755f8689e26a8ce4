"""Property: whatever two phones on one table send — taps on stale scores, answers lost and the
same tap sent again — the match log holds each accepted tap once, in the order accepted."""

from __future__ import annotations

import json
import tempfile
from contextlib import closing
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_app.event import operations
from referee_app.event.phone_api import PhoneTables
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from tests.event.taps import tap_body

ENTRIES = "name\nAna Lopez\nBen Novak\n"

# an action: which phone (0, 1), what it does: a rack to A or B, or sending again its last tap
actions = st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from(["A", "B", "again"]), st.booleans()),
    min_size=1,
    max_size=30,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions)
def test_two_phones_with_lost_answers_and_resends_leave_each_accepted_tap_once(
    steps: list[tuple[int, str, bool]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "t.db"
        with closing(Store(db)) as store:
            tid = operations.new_tournament(store, "Night", Options(Format.SE, race=9))
            operations.add_entries(store, tid, ENTRIES)
            operations.draw(store, tid, 1)
            operations.set_tables(store, tid, "1")
            key = operations.set_phones(store, tid, "1")[0][1]
        assert key is not None
        api = PhoneTables(db, tid)
        try:
            auth = f"Bearer {key}"
            match_id = api.table_json(1)["match_id"]
            lag = tap_body("lag", match_id, 1, {"type": "lag", "winner": "A"})
            assert api.post(1, auth, "p", lag).status == 200
            seen = [2, 2]  # the version each phone last saw
            last: list[bytes | None] = [None, None]  # each phone's last request, to send again
            accepted: list[str] = []  # tap ids in the order the laptop first recorded them
            expected: list[str] = []
            for n, (phone, what, lost) in enumerate(steps):
                if what == "again":
                    body = last[phone]
                    if body is None:
                        continue
                else:
                    tap = f"p{phone}-{n}"
                    body = tap_body(tap, match_id, seen[phone], {"type": "rack", "winner": what})
                    last[phone] = body
                answer = api.post(1, auth, f"phone{phone}", body)
                tap_id = json.loads(body)["id"]
                assert answer.status in (200, 409, 422)
                if answer.status == 200 and tap_id not in accepted:
                    accepted.append(tap_id)
                    expected.append(json.loads(body)["event"]["winner"])
                if not lost:  # the answer reached the phone
                    table = answer.body if answer.status != 422 else answer.body["table"]
                    seen[phone] = table["version"]
            match_id = api.get(1, auth, "p").body["match_id"]
            with closing(Store(db)) as store:
                logged = [e.event for e in store.load(match_id)][2:]
            assert [e.winner.value for e in logged] == expected  # type: ignore[union-attr]
        finally:
            api.close()
