"""A desk decides only its own table's bracket match, once, by the rules (issue 32, items 1-3),
through a real PostgreSQL: another table's login is refused and reported, a desk reads only its
own table's assignments, a result undone by hand never comes back, a void match never counts, a
concession or another race is left to the organizer, and a match started by hand (from the
command line, or offline from the printed draw) completes its bracket match, as the board shows it."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.event.live import read_server, report_lines, server_desks, store_decider
from referee_app.game.events import MatchStarted
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.events import Undo
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.venue import db
from referee_app.venue.board import BoardModel, refresh
from referee_app.venue.model import match_setup
from referee_app.venue.server import Cluster
from tests.builders import decode, ev
from tests.conftest import table_link
from tests.tournament.test_live import Desk, organizer, rack, sync, tournament

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def board_row(server: Any, table: str) -> dict[str, Any]:
    model = BoardModel()
    with psycopg.connect(server.organizer_conninfo()) as conn:
        refresh(conn, model)
    [row] = [t for t in (row.to_json() for row in model.tables()) if t["table"] == table]
    return row


def sent_to(path: Path, tid: str, match: str) -> Any:
    return next(s for s in tournament(path, tid).sent if s.match == match)


def test_a_desk_reads_only_its_own_tables_assignments(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    links = {table: table_link(event_server, table) for table in ("1", "2")}
    assert sync(event_server, path, tid, capsys)[0] == 0
    for table in ("1", "2"):
        with psycopg.connect(links[table].conninfo()) as conn:
            every = db.assignments(conn)  # as the board asks: every table's
            raw = {str(t) for (t,) in conn.execute("SELECT table_no FROM assignments").fetchall()}
        assert {a.table for a in every} == {table} and raw == {table}
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        assert {a.table for a in db.assignments(conn)} == {"1", "2"}  # the organizer reads them all


def test_another_tables_login_cannot_complete_a_match_and_is_reported(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    two = Desk(event_server, tmp_path / "desk2", "2")
    sync(event_server, path, tid, capsys)
    w11 = sent_to(path, tid, "W1-1")  # table 1's assignment, its id learnt somehow
    forged = MatchStarted(players=("Ana", "Dora"), race_to=2, table="1", assignment=w11.assignment)
    two.play(Session.start(two.store, forged), first_wins=False)
    two.push()
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 1
    assert "W1-1: a match recorded on table 2 (Ana v Dora) names the match sent to table 1: not applied" in err
    slot = tournament(path, tid).tournament.slots["W1-1"]
    assert slot.status is MatchStatus.PLAYING and slot.outcome is None
    assert board_row(event_server, "1")["next"]["id"] == w11.assignment  # still waiting for table 1
    # the board's own sync says it too (its report lines are the window's and the board's)
    model = BoardModel()
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        work = store_decider(path, tid)(read_server(conn, model), server_desks(model))
    lines = report_lines(work, "")
    assert any(line.problem and "names the match sent to table 1" in line.text for line in lines)
    assert tournament(path, tid).tournament.slots["W1-1"].outcome is None


def test_a_result_undone_by_hand_never_comes_back_with_a_second_match(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    one = Desk(event_server, tmp_path / "desk1", "1")
    sync(event_server, path, tid, capsys)
    a = one.next_assignment()
    assert a is not None
    one.play(one.start(a))
    one.push()
    sync(event_server, path, tid, capsys)
    assert tournament(path, tid).tournament.slots["W1-1"].winner == "Ana"
    store = Store(path)
    try:
        top = operations.open_tournament(store, tid).state.frames
        assert top is not None
        operations.record(store, tid, [Undo(top.seq)])
    finally:
        store.close()
    one.play(one.start(a), first_wins=False)  # the same assignment again, another match id: Dora wins
    one.push()
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 1
    assert "W1-1: the desk's result was undone by hand" in err
    assert "is a second match for an assignment whose match is" in err
    slot = tournament(path, tid).tournament.slots["W1-1"]
    assert slot.status is MatchStatus.PLAYING and slot.outcome is None


def test_a_match_voided_after_its_result_was_taken_is_reported(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    one = Desk(event_server, tmp_path / "desk1", "1")
    sync(event_server, path, tid, capsys)
    a = one.next_assignment()
    assert a is not None
    session = one.start(a)
    one.play(session)
    one.push()
    sync(event_server, path, tid, capsys)
    assert tournament(path, tid).tournament.slots["W1-1"].winner == "Ana"
    last = session.history.entries[-1].seq
    session.record(decode(ev("undo", target=last)))
    session.record(decode(ev("void", reason="abandoned")))
    assert session.state.void
    one.push()
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 1
    assert "W1-1: the desk's match was voided after its result was taken: it counts nowhere" in err
    # chosen: reported, never undone by itself (a later match may already hang on it); the organizer undoes it
    assert tournament(path, tid).tournament.slots["W1-1"].winner == "Ana"


def test_a_concession_or_another_race_is_left_to_the_organizer(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    desks = [Desk(event_server, tmp_path / f"desk{t}", t) for t in ("1", "2")]
    sync(event_server, path, tid, capsys)
    one, two = desks[0].next_assignment(), desks[1].next_assignment()
    assert one is not None and two is not None
    # table 1: started as a race to 3 (the bracket's is 2), 2-0, then the other concedes
    session = Session.start(desks[0].store, replace(match_setup(one), race_to=3))
    desks[0].play(session, race=2)
    session.record(decode(ev("concede", player="B")))
    assert session.state.over and session.state.score.as_json() == {"A": 2, "B": 0}
    desks[0].push()
    # table 2: a race to 1, won 1-0
    desks[1].play(Session.start(desks[1].store, replace(match_setup(two), race_to=1)), race=1)
    desks[1].push()
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 1
    assert "W1-1: the desk's match ended 2-0 before the race was won (a concession or a penalty)" in err
    assert "W1-2: the desk played a race to 1, the bracket's is 2: not applied" in err
    t = tournament(path, tid).tournament
    assert t.slots["W1-1"].outcome is None and t.slots["W1-2"].outcome is None


def accented_organizer(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "organizer.db"
    store = Store(path)
    try:
        tid = operations.new_tournament(store, "Open de Lyon", Options(Format.DE, race=2))
        names = "name,rating\nÉva Martin,600\nBen,590\nCarl,580\nZoé Lefèvre,570\n"
        operations.add_entries(store, tid, names)
        operations.draw(store, tid, 11)
        operations.set_tables(store, tid, "1,2")
    finally:
        store.close()
    return path, tid


def test_matches_started_by_hand_complete_their_bracket_matches(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = accented_organizer(tmp_path)
    desks = [Desk(event_server, tmp_path / f"desk{t}", t) for t in ("1", "2")]
    sync(event_server, path, tid, capsys)
    w11, w12 = sent_to(path, tid, "W1-1"), sent_to(path, tid, "W1-2")
    assert {w11.players, w12.players} == {("Éva Martin", "Zoé Lefèvre"), ("Ben", "Carl")}
    # table 1, connected, from the command line: no table, no assignment, names without accents or case
    desks[0].play(Session.start(desks[0].store, MatchStarted(players=("ZOE LEFEVRE", "eva martin"), race_to=2)))
    desks[0].push()
    assert board_row(event_server, "1")["next"] is None  # the board links it: table 1 is not offered W1-1 again
    # table 2, from the printed draw while the server was down, linked when the desk is back
    event_server.stop()
    try:
        setup = MatchStarted(players=("Carl", "Ben"), race_to=2, table="2", event="Open de Lyon")
        desks[1].play(Session.start(desks[1].store, setup), first_wins=False)
    finally:
        event_server.start()
    desks[1].push()
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, err
    assert "W1-1: Zoé Lefèvre wins 2-0 on table 1 (from the desk)" in out
    assert "W1-2: Ben wins 2-0 on table 2 (from the desk)" in out
    t = tournament(path, tid).tournament
    assert (t.slots["W1-1"].winner, t.slots["W1-1"].outcome and t.slots["W1-1"].outcome.score) == (
        "Zoé Lefèvre",
        (0, 2),
    )
    assert t.slots["W1-2"].winner == "Ben"


def test_the_command_line_starts_the_next_match_sent_to_its_table(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, tid = organizer(tmp_path)
    one = Desk(event_server, tmp_path / "desk1", "1")
    capsys.readouterr()
    assert cli(["next-match", "--db", str(one.path)]) == 1
    assert "no match is waiting for table 1" in capsys.readouterr().err
    sync(event_server, path, tid, capsys)
    assert cli(["next-match", "--db", str(one.path), "--referee", "René Colin"]) == 0
    said = capsys.readouterr().out
    found = re.search(r"match (\S+) started on table 1: Ana v Dora, race to 2 \(Winners' round 1\)", said)
    assert found is not None, said
    match_id = found.group(1)
    setup = Session(one.store, match_id).history.setup
    assert (setup.assignment, setup.referee) == (sent_to(path, tid, "W1-1").assignment, "René Colin")
    assert cli(["next-match", "--db", str(one.path)]) == 1  # started (and sent): not offered again
    assert "no match is waiting for table 1" in capsys.readouterr().err
    import json

    lines = [ev("lag", winner="A"), *rack(breaker_wins=True), *rack(breaker_wins=False)]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(json.dumps(o) + "\n" for o in lines)))
    assert cli(["record", "--match", match_id, "--db", str(one.path)]) == 0
    one.push()
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, err
    assert "W1-1: Ana wins 2-0 on table 1 (from the desk)" in out
