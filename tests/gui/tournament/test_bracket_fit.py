"""The bracket fitted to its view stays fitted as the view grows: the board window fits it on the
first tournament it shows, before its Tournament tab is laid out, and a TV then showed a speck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.tournament.show import view

PLAYERS = ("Éva Martin", "Ana López", "Célia Roux", "David Bézier", "Li Wei", "Ben Novak", "Karim Benali", "Dora Petit")


def drawn(tmp_path: Path) -> Any:
    store = Store(tmp_path / "t.db")
    try:
        tid = operations.new_tournament(store, "Open de Lyon", Options(Format.DE, race=5))
        operations.add_entries(store, tid, "name\n" + "".join(f"{p}\n" for p in PLAYERS))
        operations.draw(store, tid, 3)
        opened = operations.open_tournament(store, "Open de Lyon")
        return view(opened.state.tournament, opened.tournament_id)
    finally:
        store.close()


def test_the_board_windows_bracket_fills_a_tv_once_its_tab_is_shown(qtbot: Any, tmp_path: Path) -> None:
    """The board fits the bracket when its first tournament arrives, before the tab is laid out."""
    from referee_desk.venue.board_window import BoardWindow

    from referee_app.event.published import BoardTournament

    window = BoardWindow("host=127.0.0.1 port=1 connect_timeout=1")
    qtbot.addWidget(window)
    window.resize(1900, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.show_tournament(BoardTournament(drawn(tmp_path), {}, {}, {}, None, {}))
    window.tabs.setCurrentWidget(window.tournament_page)
    bracket = window.bracket
    qtbot.waitUntil(lambda: bracket.viewport().width() > 1000)
    scene = bracket.sceneRect()
    room = bracket.viewport().size()
    assert bracket.zoom == min(1.0, room.width() / scene.width(), room.height() / scene.height())
    assert bracket.zoom > 0.5  # it was 0.05, the smallest zoom: a speck in the middle of the TV
    bracket.zoom_out()  # a zoom the organizer chose is kept when the window changes
    chosen = bracket.zoom
    window.resize(1300, 800)
    qtbot.waitUntil(lambda: bracket.viewport().width() < 1000)
    assert bracket.zoom == chosen
