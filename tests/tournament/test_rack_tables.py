"""Tables with a desk but no referee (`tournament racks`): the matches the tournament sends there
say "racks", the desk opens them scored by racks without anyone choosing it, and the desk's
finished, signed match completes its bracket match, through a real PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.vocab import Scoring
from referee_app.log.session import Session
from referee_app.tournament.events import AssignmentSent, event_from_dict
from referee_app.venue.model import match_setup
from referee_app.venue.server import Cluster
from tests.builders import decode, ev
from tests.tournament.test_live import CLOCK, Desk, operations_rows, organizer, sync, tournament

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def test_a_rack_table_is_sent_its_matches_by_racks_and_its_desks_result_completes_the_bracket(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path, shot_clock=CLOCK)
    capsys.readouterr()
    assert cli(["tournament", "racks", tid, "9", "--db", str(path)]) != 0
    assert "table 9 is not one of the venue's tables" in capsys.readouterr().err
    assert cli(["tournament", "racks", tid, "2", "--db", str(path)]) == 0
    assert capsys.readouterr().out == "table 2: no referee, the desk scores the matches sent by racks\n"
    desks = {table: Desk(event_server, tmp_path / f"desk{table}", table) for table in ("1", "2")}
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, out + err
    shots, racks = desks["1"].next_assignment(), desks["2"].next_assignment()
    assert shots is not None and racks is not None
    assert (shots.scoring, shots.shot_clock) == (Scoring.SHOTS, CLOCK)
    assert racks.scoring is Scoring.RACKS
    setup = match_setup(racks)  # the desk's one key: nobody chose the scoring
    assert (setup.scoring, setup.shot_clock, setup.assignment) == (Scoring.RACKS, None, racks.id)
    session = Session.start(desks["2"].store, setup)
    for obj in (ev("lag", winner="A"), ev("rack", winner="B"), ev("rack", winner="B"), ev("sign", player="A"),
                ev("sign", player="B")):  # fmt: skip
        session.record(decode(obj))
    desks["2"].push()
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, out + err
    state = tournament(path, tid)
    taken = next(s for s in state.sent if s.assignment == racks.id)
    slot = state.tournament.slots[taken.match]
    assert (slot.winner, slot.outcome and slot.outcome.score) == (racks.players[1], (0, 2))
    assert slot.outcome is not None and slot.outcome.match_id == session.match_id
    sent = [event_from_dict(json.loads(r.body)) for r in operations_rows(path, tid) if r.type == "assignment_sent"]
    assert {(s.table, s.racks) for s in sent if isinstance(s, AssignmentSent)} >= {(1, False), (2, True)}
    assert cli(["tournament", "racks", tid, "2", "--off", "--db", str(path)]) == 0
    assert capsys.readouterr().out == "table 2: a referee records every shot again\n"
    assert tournament(path, tid).tournament.rack_tables == frozenset()


def test_an_assignment_by_racks_has_no_shot_clock(event_server: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert cli(["assign", "--server", str(event_server.folder), "--table", "3", "--players", "A", "B", "--race", "3",
                "--scoring", "racks", "--shot-clock", "30"]) != 0  # fmt: skip
    assert "a match scored by racks has no shot clock" in capsys.readouterr().err


def test_an_assignment_sent_reads_back_with_its_scoring_and_an_old_one_as_every_shot() -> None:
    racks = AssignmentSent("W1-1", 2, "x.W1-1.1", ("Ana", "Ben"), racks=True)
    assert event_from_dict(json.loads(json.dumps(racks.to_dict()))) == racks
    old = {"type": "assignment_sent", "match": "W1-1", "table": 1, "assignment": "a", "players": ["Ana", "Ben"]}
    assert AssignmentSent("W1-1", 1, "a", ("Ana", "Ben")).to_dict() == old  # written as before
    assert event_from_dict(old) == AssignmentSent("W1-1", 1, "a", ("Ana", "Ben"), racks=False)


def test_the_command_lines_next_match_opens_a_racks_assignment_by_racks(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    path, tid = organizer(tmp_path, shot_clock=CLOCK)
    assert cli(["tournament", "racks", tid, "1-2", "--db", str(path)]) == 0
    desk = Desk(event_server, tmp_path / "desk1", "1")
    assert sync(event_server, path, tid, capsys)[0] == 0
    assert cli(["next-match", "--db", str(desk.path)]) == 0  # no referee asked for: there is none
    found = re.search(r"match (\S+) started on table 1", capsys.readouterr().out)
    assert found is not None
    setup = Session(desk.store, found.group(1)).history.setup
    assert (setup.scoring, setup.shot_clock, setup.referee) == (Scoring.RACKS, None, "")
