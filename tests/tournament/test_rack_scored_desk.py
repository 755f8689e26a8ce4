"""A desk's match scored by racks (spec 1.3 §2a) completes its bracket match like any other and is
in the FargoRate file, through a real PostgreSQL event server."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.vocab import Scoring
from referee_app.log.session import Session
from referee_app.venue.model import match_setup
from referee_app.venue.server import Cluster
from tests.builders import decode, ev
from tests.tournament.test_live import Desk, organizer, sync, tournament

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def test_a_rack_scored_desk_match_completes_its_match_and_is_in_the_fargorate_file(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path, shot_clock=None)
    desk = Desk(event_server, tmp_path / "desk1", "1")
    Desk(event_server, tmp_path / "desk2", "2")  # both tables have their key
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, out + err
    a = desk.next_assignment()
    assert a is not None
    setup = match_setup(a, scoring=Scoring.RACKS)  # the desk's "Racks only": one match for the assignment
    session = Session.start(desk.store, setup)
    for obj in (ev("lag", winner="A"), ev("rack", winner="B", how="three_fouls"), ev("rack", winner="B"),
                ev("sign", player="A"), ev("sign", player="B")):  # fmt: skip
        session.record(decode(obj))
    desk.store.close()
    capsys.readouterr()
    assert cli(["merge", str(desk.path), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    b_name = a.players[1]
    assert f"W1-1: {b_name} wins 2-0 on table 1 (from the desk)" in out
    slot = tournament(path, tid).tournament.slots["W1-1"]
    assert (slot.winner, slot.outcome and slot.outcome.score) == (b_name, (0, 2))
    fargo = tmp_path / "fargo.csv"
    assert cli(["tournament", "export", tid, "--fargo", str(fargo), "--db", str(path)]) == 0
    rows = fargo.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3
    cells = rows[2].split(",")
    assert (cells[1], cells[2], cells[4], cells[5]) == (a.players[0], "0", b_name, "2")
    assert cells[7:] == ["10-Ball", "1", "Open de Lyon"]


def test_a_rack_scored_desk_pushes_to_the_event_and_its_result_is_taken(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path, shot_clock=None)
    desks = [Desk(event_server, tmp_path / f"desk{n}", str(n)) for n in (1, 2)]
    assert sync(event_server, path, tid, capsys)[0] == 0
    for desk in desks:
        a = desk.next_assignment()
        assert a is not None
        setup = match_setup(a, scoring=Scoring.RACKS)  # one match for the assignment
        session = Session.start(desk.store, setup)
        for obj in (ev("lag", winner="A"), ev("rack", winner="A", how="break_and_run"), ev("rack", winner="A")):
            session.record(decode(obj))
        desk.push()
    capsys.readouterr()
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, out + err
    slots = tournament(path, tid).tournament.slots
    assert {slots[m].outcome.score for m in ("W1-1", "W1-2")} == {(2, 0)}  # type: ignore[union-attr]
