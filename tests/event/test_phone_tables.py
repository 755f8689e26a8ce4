"""`referee-app tournament phones` (phone.md §1) and `phones` in `show --json` (tournament.md §4),
through real SQLite files: the keys, their rotation, what the log keeps of them, the refusals."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from referee_app.cli.main import main
from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.events import MatchStarted, PhonesSet, Undo, event_from_dict
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.phones import cards, check_url, fingerprint, key_fits, new_key
from referee_app.tournament.state import apply

ENTRIES = "name\nAna Lopez\nBen Novak\nCarl Ito\nDora Mey\nEva Roth\nFred Kahn\nGus Lind\nHugo Pia\n"
LINE = re.compile(r"^table (\d+): key ([A-Z0-9-]+)$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def venue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """A drawn single elimination of 8 on tables 1-6 (four matches on tables 1-4)."""
    db = tmp_path / "t.db"
    code, out, _ = run(capsys, "tournament", "new", "Open de Lyon", "--format", "se", "--race", "3", "--db", str(db))
    assert code == 0
    tid = out.strip()
    (tmp_path / "e.csv").write_text(ENTRIES, encoding="utf-8")
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "e.csv"), "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "draw", tid, "--seed", "7", "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "tables", tid, "1-6", "--db", str(db))[0] == 0
    return db, tid


def shown(capsys: pytest.CaptureFixture[str], db: Path, tid: str) -> dict[str, object]:
    code, out, _ = run(capsys, "tournament", "show", tid, "--json", "--db", str(db))
    assert code == 0
    document: dict[str, object] = json.loads(out)
    return document


def bits(key: str) -> float:
    """Random bits a key of base32 letters and digits can hold (dashes do not count)."""
    return len(key.replace("-", "")) * 5


def log_bodies(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return "\n".join(row[0] for row in conn.execute("SELECT body FROM tournament_events ORDER BY seq"))


def test_tables_become_phone_tables_each_with_its_own_key(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = venue
    assert shown(capsys, db, tid)["phones"] == []
    code, out, err = run(capsys, "tournament", "phones", tid, "5,3-4", "--db", str(db))
    assert (code, err) == (0, "")
    lines = [LINE.match(line) for line in out.splitlines()]
    assert all(lines) and [int(m.group(1)) for m in lines if m] == [5, 3, 4]
    keys = {int(m.group(1)): m.group(2) for m in lines if m}
    assert all(bits(key) >= 80 for key in keys.values()) and len(set(keys.values())) == 3
    assert shown(capsys, db, tid)["phones"] == [3, 4, 5]
    with closing(Store(db)) as store:
        assert store.phone_keys(tid) == keys
        state = operations.open_tournament(store, tid).state
    assert all(key_fits(key, state.tournament.phones[table]) for table, key in keys.items())
    assert key_fits(keys[3].replace("-", "").lower(), state.tournament.phones[3])  # dashes do not count
    assert not key_fits(keys[3], state.tournament.phones[4])  # another table's key


def test_the_log_keeps_no_key_and_a_new_key_replaces_the_old_one_everywhere(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = venue
    first = json.loads(run(capsys, "tournament", "phones", tid, "5", "--json", "--db", str(db))[1])
    assert [list(item) for item in first] == [["table", "key"]] and first[0]["table"] == 5
    old = first[0]["key"]
    code, out, _ = run(capsys, "tournament", "phones", tid, "5", "--json", "--db", str(db))
    assert code == 0
    new = json.loads(out)[0]["key"]
    assert new != old
    bodies = log_bodies(db)
    for key in (old, new):
        assert key not in bodies and key.replace("-", "") not in bodies
    assert fingerprint(new) in bodies  # what the log keeps: the fingerprint
    with closing(Store(db)) as store:
        assert store.phone_keys(tid) == {5: new}
        phones = operations.open_tournament(store, tid).state.tournament.phones
    assert key_fits(new, phones[5]) and not key_fits(old, phones[5])


def test_off_makes_ordinary_tables_and_their_keys_stop_working(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = venue
    keys = json.loads(run(capsys, "tournament", "phones", tid, "3-5", "--json", "--db", str(db))[1])
    code, out, _ = run(capsys, "tournament", "phones", tid, "3,5", "--off", "--db", str(db))
    assert code == 0 and out.splitlines() == ["table 3: scored on a desk again", "table 5: scored on a desk again"]
    assert shown(capsys, db, tid)["phones"] == [4]
    with closing(Store(db)) as store:
        assert set(store.phone_keys(tid)) == {4}
        phones = operations.open_tournament(store, tid).state.tournament.phones
    assert set(phones) == {4} and key_fits(keys[1]["key"], phones[4])


def test_the_link_is_printed_once_the_serving_address_is_known(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = venue
    with closing(Store(db)) as store:
        store.set_phone_url(tid, "http://192.168.1.20:8080")
    code, out, _ = run(capsys, "tournament", "phones", tid, "6", "--db", str(db))
    assert code == 0
    match = re.fullmatch(r"table 6: http://192\.168\.1\.20:8080/score/6#k=([A-Z0-9-]+)\n", out)
    assert match is not None and bits(match.group(1)) >= 80


@pytest.mark.parametrize("tables", ["7", "5-9", "0"])
def test_a_table_that_is_not_the_venues_is_bad_input_and_writes_nothing(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str], tables: str
) -> None:
    db, tid = venue
    before = log_bodies(db)
    code, out, err = run(capsys, "tournament", "phones", tid, tables, "--db", str(db))
    assert code == 2 and out == ""
    assert "is not one of the venue's tables (1, 2, 3, 4, 5, 6)" in err
    assert log_bodies(db) == before
    assert run(capsys, "tournament", "phones", tid, "5-x", "--db", str(db))[0] == 2


def test_a_table_whose_match_a_desk_plays_is_refused_and_a_phone_tables_match_is_the_phones(
    venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = venue
    document = shown(capsys, db, tid)
    on_two = next(m for m in document["matches"] if m["table"] == 2)  # type: ignore[attr-defined]
    with closing(Store(db)) as store:
        operations.record(store, tid, [MatchStarted(on_two["id"], "desk-match-1", 2)])
    before = log_bodies(db)
    code, out, err = run(capsys, "tournament", "phones", tid, "1-2", "--db", str(db))
    assert code == 1 and out == ""
    assert err.startswith(f"refused: table 2 is scored on a desk ({on_two['id']} is being played there)")
    assert log_bodies(db) == before
    # a match started on a phone table is the phones': the table's key can be replaced while it is played
    assert run(capsys, "tournament", "phones", tid, "1", "--db", str(db))[0] == 0
    on_one = next(m for m in document["matches"] if m["table"] == 1)  # type: ignore[attr-defined]
    with closing(Store(db)) as store:
        operations.record(store, tid, [MatchStarted(on_one["id"], "phone-match-1", 1)])
    assert run(capsys, "tournament", "phones", tid, "1", "--db", str(db))[0] == 0
    assert next(m for m in shown(capsys, db, tid)["matches"] if m["table"] == 1)["match_id"] == "phone-match-1"  # type: ignore[attr-defined,index]


def test_a_table_is_named_once_and_the_event_reads_back(venue: tuple[Path, str]) -> None:
    event = PhonesSet(((5, "a" * 64), (6, "b" * 64)), (7,))
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    with pytest.raises(ValueError, match="integers"):
        event_from_dict({"type": "phones_set", "keys": [], "off": ["5"]})
    db, tid = venue
    with closing(Store(db)) as store:
        state = operations.open_tournament(store, tid).state
    with pytest.raises(ValueError, match="a table is listed twice"):
        apply(state, PhonesSet(((5, "a" * 64),), (5,)))
    with pytest.raises(ValueError, match="not valid"):
        apply(state, PhonesSet(((5, "short"),)))


def test_a_card_needs_the_key_in_force_on_this_laptop() -> None:
    key = new_key()
    made = cards({5: fingerprint(key)}, {5: key}, "http://192.168.1.20:8080")
    assert [(c.table, c.link) for c in made] == [(5, f"http://192.168.1.20:8080/score/5#k={key}")]
    assert len(made[0].modules) == len(made[0].modules[0]) >= 21 + 8  # a QR code and its quiet zone
    with pytest.raises(TournamentRefused, match="table 5: its key is not on this laptop"):
        cards({5: fingerprint(key)}, {5: new_key()}, "http://192.168.1.20:8080")
    with pytest.raises(TournamentRefused, match="table 5: its key is not on this laptop"):
        cards({5: fingerprint(key)}, {}, "http://192.168.1.20:8080")


@pytest.mark.parametrize("url", ["http://localhost:8080", "http://[::1]:80", "http://0.0.0.0:8080", "10.0.0.5:80"])
def test_the_laptops_own_loopback_is_no_address_for_a_phone(url: str) -> None:
    with pytest.raises(TournamentRefused, match="cannot be reached from a phone"):
        check_url(url)
    assert check_url("http://10.0.0.5:8080/") == "http://10.0.0.5:8080"


def test_undoing_a_new_key_brings_no_key_back(venue: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    db, tid = venue
    old = json.loads(run(capsys, "tournament", "phones", tid, "5", "--json", "--db", str(db))[1])[0]["key"]
    new = json.loads(run(capsys, "tournament", "phones", tid, "5", "--json", "--db", str(db))[1])[0]["key"]
    with closing(Store(db)) as store:
        seq = operations.open_tournament(store, tid).state.seq
        state = operations.record(store, tid, [Undo(seq)])
    assert 5 not in state.tournament.phones  # the lost card's key is not in force again, nor the new one
    assert shown(capsys, db, tid)["phones"] == []
    assert old != new
