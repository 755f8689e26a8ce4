"""Every window has the one notice channel: an operation that fails is said on the window's own
notice strip, in the same words, whichever window ran it."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel
from referee_desk.notices import Notice, NoticeChannel
from referee_desk.tournament.window import TournamentWindow
from referee_desk.venue.board_window import BoardWindow

from tests.gui.conftest import Desk


def _fails() -> None:
    raise OSError(28, "No space left on device", "/media/stick/event.db")


def _said_on(channel: NoticeChannel, strip: QLabel) -> str:
    assert channel.operate("Exporting", _fails) is None
    return strip.text()


def test_the_desk_the_board_and_the_tournament_say_a_failure_on_their_own_strip(desk: Desk, qtbot: Any) -> None:
    board = BoardWindow("host=/nowhere dbname=none")
    qtbot.addWidget(board)
    tournament = TournamentWindow()
    qtbot.addWidget(tournament)
    expected = "Exporting failed: No space left on device: /media/stick/event.db"
    assert _said_on(desk.window.controller.notices, desk.window.matches.notice) == expected
    assert _said_on(board.notices, board.notice) == expected
    assert _said_on(tournament.notices, tournament.notice) == expected
    assert board.notice.property("level") == tournament.notice.property("level") == Notice.ERROR.value


def test_a_bug_is_logged_and_said_as_an_internal_error(qtbot: Any, caplog: Any) -> None:
    board = BoardWindow("host=/nowhere dbname=none")
    qtbot.addWidget(board)

    def bug() -> None:
        raise KeyError("players")

    assert board.notices.operate("Sending the match", bug) is None
    assert board.notice.text() == "Sending the match failed: internal error (see the log)."
    assert any(r.exc_info and isinstance(r.exc_info[1], KeyError) for r in caplog.records)


def test_the_tournament_windows_say_speaks_on_its_channel(qtbot: Any) -> None:
    window = TournamentWindow()
    qtbot.addWidget(window)
    heard: list[tuple[Notice, str]] = []
    window.notices.notice.connect(lambda level, text: heard.append((level, text)))
    window.say(Notice.REFUSAL, "Create the tournament first (Draw tab).")
    assert heard == [(Notice.REFUSAL, "Create the tournament first (Draw tab).")]
    assert window.notice.text() == "Create the tournament first (Draw tab)."
