"""The desk's side of the live overlay: each state and shot-clock reading goes to the server.

The server (`referee_app.web.server`) runs on the web's own thread; handing it a snapshot
is a hand-over to that thread's loop, so a click never waits for a browser. Nothing here decides what the
pages show: `referee_app.web.overlay.snapshot` does, from the session's history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from referee_desk.desk.controller import DeskController

if TYPE_CHECKING:
    from referee_app.game.state import State
    from referee_app.tournament.wording import RoundWords
    from referee_app.web.server import WebServer


class LiveOverlay(QObject):
    """Starts and stops the overlay server, and feeds it while it runs."""

    def __init__(self, controller: DeskController, language: Callable[[], str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.language = language
        self.server: WebServer | None = None
        self._round_words: RoundWords | None = None
        controller.state_changed.connect(self._state_changed)
        controller.clock_changed.connect(self._clock_changed)

    @property
    def running(self) -> bool:
        return self.server is not None

    def start(self, port: int, lan: bool = False) -> bool:
        """Listen on `port` (this computer only, or the LAN); False once the reason is on the notices."""
        from referee_desk.i18n import translator_for

        from referee_app.web.server import OVERLAY, WebServer

        self.stop()
        server = self.controller.operate(
            self.tr("Live overlay"), lambda: WebServer((OVERLAY,), port, lan, words=translator_for).start()
        )
        if server is None:
            return False
        self.server = server
        self.publish()
        server.feed.publish_clock(self.controller.clock_reading)
        return True

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def publish(self) -> None:
        """Send the open match's state as it is now (after a record, an undo, opening a match)."""
        from referee_app.web.overlay import NO_MATCH, snapshot

        if self.server is None:
            return
        session = self.controller.session
        view = NO_MATCH if session is None else snapshot(session.match_id, session.history, self.language())
        if view.get("round"):
            view = dict(view, rounds=self._rounds(str(view["round"])))
        self.server.feed.publish(view)

    def _rounds(self, text: str) -> dict[str, str]:
        """A tournament's round in each language a page may ask (the desk was sent it in the
        organizer's), worked out once per round: a click only looks it up."""
        if self._round_words is None:
            from referee_desk.i18n import LANGUAGES, translator_for

            from referee_app.tournament.wording import RoundWords

            self._round_words = RoundWords({code: translator_for(code) for code in LANGUAGES})
        return self._round_words(text)

    def _state_changed(self, _state: State) -> None:
        self.publish()

    def _clock_changed(self, reading: dict[str, Any]) -> None:
        if self.server is not None:
            self.server.feed.publish_clock(reading)
