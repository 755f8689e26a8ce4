"""In French, the tournament window says its rule refusals and a damaged tournament in French:
whole sentences with the names and numbers in them, no English left."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store
from referee_app.venue.server import Cluster
from tests.gui.conftest import Desk
from tests.gui.tournament.test_storage import _organizer
from tests.gui.tournament.test_window import shown_of

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster

ENGLISH = {
    "the", "is", "not", "has", "was", "only", "cannot", "be", "of", "in", "to", "and", "with", "already",
    "yet", "its", "must", "needs", "need", "there", "result", "race", "winner", "loser", "fewer", "seed",
    "within", "changed", "outside", "app", "event", "tournament", "correct", "send", "racks", "it",
}  # fmt: skip
"""Words of the English refusals that French never writes."""


def _english_words(text: str) -> set[str]:
    return {word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH}


def _in_french(desk: Desk) -> None:
    desk.window.set_language("fr")


def test_a_refused_result_and_a_bad_seed_are_said_in_french(desk: Desk, tmp_path: Path) -> None:
    _in_french(desk)
    try:
        window = TournamentWindow(store=Store(tmp_path / "organizer.db"))
        organizer = _organizer(desk.qtbot, window, tmp_path)
        organizer.drawn(8, seed=5, tables="1-4")
        playing = next(m for m in shown_of(window)["matches"] if m["status"] == "playing")
        assert window.results_page.pick_match(playing["id"])
        window.results_page.record_result()
        assert window.results_page.pick_match(playing["id"])  # the same match again: it has its result
        window.results_page.record_result()
        said = organizer.notice()
        assert said.startswith(f"{playing['id']} a déjà un résultat\u00a0:"), said
        assert _english_words(said) == set(), said

        other = next(m for m in shown_of(window)["matches"] if m["status"] == "playing")
        assert window.results_page.pick_match(other["id"])
        window.results_page.score_a.setValue(3)
        window.results_page.score_b.setValue(2)  # not a race to 7 won
        window.results_page.record_result()
        said = organizer.notice()
        assert said.startswith(f"{other['id']} se joue en 7 manches gagnantes\u00a0:") and "(et non 3-2)" in said, said
        assert _english_words(said) == set(), said
        window.close()

        seeded = TournamentWindow(store=Store(tmp_path / "seeded.db"))
        organizer = _organizer(desk.qtbot, seeded, tmp_path)
        organizer.create()
        rows = "".join(f"Player {i};{700 - i};;;;{99 if i == 3 else ''}\n" for i in range(1, 7))
        entries = organizer.entries_file(6, "name;rating;fargo_id;licence;club;seed\n" + rows)
        assert seeded.entries_page.import_entries(entries)
        organizer.key("Ctrl+2")
        organizer.type("drawSeed", "12")
        organizer.click("drawButton")
        said = organizer.notice()
        assert said == "la tête de série 99 de Player 3 n’est pas comprise entre 1 et 6", said
        assert seeded.session.tournament is not None and seeded.session.tournament.bracket is None  # nothing drawn
        organizer.key("Ctrl+Z")
        seeded.results_page.undo()
        assert _english_words(organizer.notice()) == set(), organizer.notice()
        seeded.close()
    finally:
        desk.window.set_language("en")


def test_an_altered_tournament_is_refused_in_french(desk: Desk, tmp_path: Path) -> None:
    db = tmp_path / "organizer.db"
    window = TournamentWindow(store=Store(db))
    _organizer(desk.qtbot, window, tmp_path).drawn(4, seed=1234)
    tournament_id = window.session.tournament_id
    window.close()
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER tournament_events_append_only_update")
    con.execute("UPDATE tournament_events SET body = replace(body, '1234', '9999') WHERE seq = 3")
    con.commit()
    con.close()

    _in_french(desk)
    try:
        reopened = TournamentWindow(store=Store(db))
        _organizer(desk.qtbot, reopened, tmp_path)
        said: Any = reopened.notice.text()
        assert said == (
            f"Ce tournoi ne peut pas être ouvert\u00a0: tournoi {tournament_id}\u00a0: "
            "l’événement 3 a été modifié en dehors de l’application"
        ), said
        assert reopened.session.state is None
        reopened.close()
    finally:
        desk.window.set_language("en")


def _board(desk: Desk, conninfo: str) -> Any:
    from referee_desk.venue.board_window import BoardWindow

    board = BoardWindow(conninfo)
    desk.qtbot.addWidget(board)
    board.show()
    return board


def test_the_board_says_a_tournament_it_cannot_find_in_french(desk: Desk, tmp_path: Path) -> None:
    Store(tmp_path / "organizer.db").close()
    _in_french(desk)
    try:
        from referee_app.event.live import board_sync
        from referee_app.event.operations import TournamentRefused
        from referee_app.venue.board import BoardWatcher

        board = _board(desk, "host=/nowhere dbname=none")
        with pytest.raises(TournamentRefused) as refused:  # what `Board.follow` hands the window
            board_sync(BoardWatcher(board.conninfo), tmp_path / "organizer.db", "Open de Nice", board.show_sync)
        board.sync_refused(refused.value)
        said = board.notice.text()
        assert said.startswith("synchronisation du tournoi\u00a0: aucun tournoi 'Open de Nice' dans "), said
        board.close()
    finally:
        desk.window.set_language("en")


def test_the_boards_sync_lines_are_in_french(desk: Desk, event_server: Cluster, tmp_path: Path) -> None:
    from tests.tournament.test_live import organizer

    path, _ = organizer(tmp_path)
    _in_french(desk)
    from referee_desk.i18n import qt_translate

    from referee_app.event.board_run import Board, BoardOptions

    run = None
    try:
        board = _board(desk, event_server.organizer_conninfo())
        seen: list[str] = []  # every notice: the next round's may replace this one at once
        board.notices.notice.connect(lambda _level, text: seen.append(text))
        options = BoardOptions(event_server.folder, tournament="Open de Lyon", db=path)
        run = Board.open(options, out=None).follow("fr", board.bridge.synced.emit, tr=qt_translate,
                                                   sync_refused=board.sync_refused)  # fmt: skip
        assert run.sync is not None
        desk.qtbot.waitUntil(lambda: any("envoyé à la table" in text for text in seen), timeout=15000)
        said = next(text for text in seen if "envoyé à la table" in text)
        assert re.search(r"W1-1\u00a0: \S+ contre \S+ envoyé à la table [12]", said), said
        assert "sent to" not in said and _english_words(said) == set(), said
    finally:
        if run is not None:
            run.close()
        desk.window.set_language("en")
