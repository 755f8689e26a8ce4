"""A match scored by racks (spec 1.3 §2a) is a match log like any other: stored, chained, verified,
merged, listed and counted; its statistics count racks and break-and-runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.game.events import Entry
from referee_app.game.history import replay
from referee_app.game.state import summary
from referee_app.game.vocab import Seat
from referee_app.log.logfile import format_log, read_log
from referee_app.log.merge import merge
from referee_app.log.projection import project_log
from referee_app.log.session import Session
from referee_app.log.stats import add_up, match_stats
from referee_app.log.store import Store, StoreError
from referee_app.organizer.operations import import_entries
from tests.builders import decode, ev, started
from tests.crafted import tamper

RACKS = Path(__file__).resolve().parents[1] / "examples" / "racks"


def example(name: str) -> list[Entry]:
    return [line.entry for line in read_log(str(RACKS / f"{name}.jsonl"))]


def played_on_the_desk(store: Store) -> Session:
    """A race to 3 scored by racks: lag to Ana, who breaks; every way a rack can end."""
    session = Session.start(store, decode(started("ffb", 3, scoring="racks")))  # type: ignore[arg-type]
    for obj in (
        ev("lag", winner="A"),
        ev("rack", winner="A", how="ten_on_break"),  # Ana broke rack 1
        ev("rack", winner="A"),  # Ben broke rack 2: a 10 for Ana, not a run
        ev("stalemate"),
        ev("rack", winner="B", how="three_fouls"),  # Ana broke rack 4
        ev("rack", winner="B", how="break_and_run"),  # Ben broke rack 5
        ev("rack", winner="A", how="break_and_run"),  # Ana broke rack 6
        ev("sign", player="B"),
        ev("sign", player="A"),
    ):
        session.record(decode(obj))
    return session


def test_stored_and_read_back_equals_the_session_and_its_projection(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    session = played_on_the_desk(store)
    again = Store(tmp_path / "m.db")
    stored = again.load(session.match_id)
    assert replay(stored).state == session.state
    assert summary(replay(stored).state)["score"] == {"A": 3, "B": 2}
    [listed] = again.summaries()
    assert listed.projection == project_log(stored)
    assert listed.projection is not None and listed.projection.status == "finished"
    assert listed.projection.score == (3, 2) and listed.projection.winner is Seat.A
    assert [r.how.value for r in listed.projection.racks] == [
        "ten_on_break", "ten", "stalemate", "three_fouls", "break_and_run", "break_and_run",
    ]  # fmt: skip


def test_the_hash_chain_is_verified_and_an_edited_rack_is_caught(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "m.db"
    session = played_on_the_desk(Store(db))
    match_id = session.match_id
    session.store.close()
    assert cli(["verify", match_id, "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith(f"ok {match_id} events 10 head ")
    # someone gives rack 2 to Ben behind the app's back
    tamper(db, 'UPDATE events SET body = replace(body, \'"winner": "A"\', \'"winner": "B"\') WHERE seq = 4')
    with pytest.raises(StoreError):
        Store(db).check_chain(match_id)
    assert cli(["verify", match_id, "--db", str(db)]) != 0


def test_merged_from_another_desk_and_listed(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    desk = Store(tmp_path / "desk.db")
    session = played_on_the_desk(desk)
    desk.close()
    ours = Store(tmp_path / "ours.db")
    import_entries(ours, example("10-rack-scoring-signed"))
    report = merge(ours, tmp_path / "desk.db")
    assert len(report.added) == 1 and report.conflicts == []
    assert format_log(ours.load(session.match_id)) == format_log(Store(tmp_path / "desk.db").load(session.match_id))
    again = merge(ours, tmp_path / "desk.db")
    assert again.added == [] and len(again.already_here) == 1
    ours.close()
    assert cli(["matches", "--db", str(tmp_path / "ours.db")]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 2
    assert any("Ana v Ben  ffb race to 3  finished 3-2" in line for line in listed)
    assert any("Ana Lopez v Ben Novak  wpa race to 2  finished 2-1" in line for line in listed)


def test_statistics_count_racks_and_break_and_runs(tmp_path: Path) -> None:
    session = played_on_the_desk(Store(tmp_path / "m.db"))
    figures = match_stats(session.store.load(session.match_id))
    ana, ben = figures[Seat.A], figures[Seat.B]
    assert (ana.racks_won, ben.racks_won) == (3, 2)
    # Ana: the 10 on the break (rack 1) and a break-and-run (rack 6); Ben: rack 5. Ana's 10 in
    # rack 2, which Ben broke, and Ben's rack on three fouls are not runs.
    assert (ana.break_and_runs, ben.break_and_runs) == (2, 1)
    assert (ana.three_foul_losses, ben.three_foul_losses) == (1, 0)
    assert (ana.matches_won, ben.matches_won) == (1, 0)
    assert ana.breaks == ana.fouls == ana.innings == 0  # no stroke is recorded under rack scoring
    # the stored projection counts the same as a replay of the log
    [listed] = session.store.summaries()
    assert listed.projection is not None
    assert listed.projection.figures(("Ana", "Ben")) == figures


def test_the_examples_statistics_over_both_scorings(tmp_path: Path) -> None:
    ffb, signed = example("09-rack-scoring-ffb"), example("10-rack-scoring-signed")
    totals = {p.player: p for p in add_up(match_stats(log) for log in (ffb, signed))}
    karim, lea = totals["Karim Benali"], totals["Léa Moreau"]
    assert (karim.racks_won, lea.racks_won) == (3, 1)
    assert karim.break_and_runs == 1 and lea.break_and_runs == 0  # Léa's run was undone
    assert lea.three_foul_losses == 0 and karim.three_foul_losses == 1
    assert (totals["Ana Lopez"].racks_won, totals["Ben Novak"].racks_won) == (2, 1)
    assert totals["Ana Lopez"].break_and_runs == 0  # Ana won two 10s, Ben broke both racks


def test_a_rack_scored_match_with_a_shot_clock_is_never_stored(tmp_path: Path) -> None:
    from dataclasses import replace

    from referee_app.game.events import MatchStarted, ShotClock
    from referee_app.game.vocab import Scoring
    from referee_app.log.codec import LogFormatError

    store = Store(tmp_path / "m.db")
    setup = MatchStarted(players=("Ana", "Ben"), race_to=3, scoring=Scoring.RACKS, shot_clock=ShotClock())
    with pytest.raises(LogFormatError, match="shot_clock"):
        Session.start(store, setup)
    assert store.match_rows() == []
    session = Session.start(store, replace(setup, shot_clock=None))
    assert session.state.extensions_left is None and len(store.match_rows()) == 1
