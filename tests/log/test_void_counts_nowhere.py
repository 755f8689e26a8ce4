"""A void match (spec 1.2) counts nowhere: statistics, CSVs, the day's PDF, the board; its log stays."""

from __future__ import annotations

import csv
from pathlib import Path

from referee_app.game.events import BallPocket, Break, Entry, Lag, MatchStarted, Shot, Void
from referee_app.game.vocab import Pocket, Seat
from referee_app.log import stats
from referee_app.log.codec import event_to_text
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.organizer.exports import write_csv, write_one_pdf
from referee_app.venue.board import BoardModel
from referee_app.venue.db import ServerEvent
from referee_app.words.sheet import build_sheet, sheet_html


def _two_matches(db: Path) -> tuple[Session, Session]:
    """Ana v Ben on table 3 started by mistake and voided, then the real Ana v Ben, won by Ana 1-0."""
    store = Store(db)
    ghost = Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=1, table="3"))
    ghost.record(Lag(winner=Seat.A))
    ghost.record(Void(reason="started by mistake"))
    real = Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=1, table="3"))
    real.record(Lag(winner=Seat.A))
    real.record(Break(rails=5, pocketed=tuple(BallPocket(b, Pocket.FL) for b in range(1, 10))))
    real.record(Shot(call=BallPocket(10, Pocket.SL), pocketed=(BallPocket(10, Pocket.SL),)))
    return ghost, real


def test_statistics_count_the_real_match_only(tmp_path: Path) -> None:
    ghost, real = _two_matches(tmp_path / "m.db")
    store = Store(tmp_path / "m.db")
    per_match = [s.projection.figures((s.match.player_a, s.match.player_b)) for s in store.iter_summaries()]
    rows = {r.player: r for r in stats.add_up(per_match)}
    assert rows["Ana"].matches == 1 and rows["Ana"].matches_won == 1 and rows["Ben"].matches == 1
    assert stats.match_stats(store.load(ghost.match_id)) == {}
    replayed = (stats.match_stats(store.load(m)) for m in (ghost.match_id, real.match_id))
    assert [r.matches for r in stats.add_up(replayed)] == [1, 1]
    assert len(store.load(ghost.match_id)) == 3  # the log and its audit trail stay


def test_the_csvs_leave_it_out(tmp_path: Path) -> None:
    _ghost, real = _two_matches(tmp_path / "m.db")
    written = write_csv(Store(tmp_path / "m.db").iter_summaries(), tmp_path / "out")
    for path in written:
        rows = list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()))
        assert rows and {r["match_id"] for r in rows} == {real.match_id}, path.name


def test_the_days_pdf_leaves_it_out_and_its_own_sheet_says_void(tmp_path: Path) -> None:
    ghost, real = _two_matches(tmp_path / "m.db")
    store = Store(tmp_path / "m.db")
    printed: list[list[str]] = []

    def pdf(logs, handle, paper):  # type: ignore[no-untyped-def]
        printed.append([entries[0].event.match_id for entries in logs])
        handle.write(b"%PDF-1.4 test\n%%EOF\n")

    write_one_pdf([store.load(ghost.match_id), store.load(real.match_id)], tmp_path / "out", "day.pdf", pdf)
    assert printed == [[real.match_id]]
    sheet = build_sheet(store.load(ghost.match_id))
    assert sheet.void == "started by mistake"
    html = sheet_html(sheet)
    assert "VOID" in html and "counts nowhere" in html and "started by mistake" in html


def _server_rows(log: list[Entry]) -> list[ServerEvent]:
    """A desk's log as the board reads it back from the event's server (table 3)."""
    match_id = log[0].event.match_id  # type: ignore[union-attr]
    return [ServerEvent(match_id, e.seq, e.event.TYPE.value, e.at, event_to_text(e.event), "", "3") for e in log]


def test_the_board_shows_the_real_match_not_the_ghost(tmp_path: Path) -> None:
    ghost, real = _two_matches(tmp_path / "m.db")
    store = Store(tmp_path / "m.db")
    model = BoardModel()
    ghost_log = store.load(ghost.match_id)
    model.add_rows(_server_rows(ghost_log))
    [three] = [t.to_json() for t in model.tables()]
    assert three["match"] is None and three["finished"] == []  # not "playing 0-0"
    model.add_rows(_server_rows(store.load(real.match_id)))
    [three] = [t.to_json() for t in model.tables()]
    assert three["match"]["match_id"] == real.match_id and [f["match_id"] for f in three["finished"]] == [real.match_id]
