"""The desk's controller: builds nothing itself, records events through the session.

Views call `record(event)`; the controller hands it to the core session (which
checks, persists, then moves the state) and publishes the outcome through two
signals: `state_changed` for every view to re-render, and `notice` for the one
notice area. A refusal or a storage problem never changes the state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

if TYPE_CHECKING:  # the core is imported when a database is opened, after the desk has painted
    from referee_app.events import Event, MatchStarted
    from referee_app.session import Session
    from referee_app.state import State
    from referee_app.store import Store


def qt_translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


class DeskController(QObject):
    state_changed = Signal(object)  # State
    notice = Signal(str, str)  # level ("refusal", "error", "info"), text
    match_opened = Signal(str)  # match id

    def __init__(self, store: Store | None = None) -> None:
        super().__init__()
        self.store: Store | None = store
        self.session: Session | None = None
        self._clock_started: float | None = None

    @property
    def state(self) -> State | None:
        return self.session.state if self.session else None

    # --- matches ---------------------------------------------------------------------
    def attach(self, store: Store) -> None:
        """Use `store` from now on (the desk opens its database after its first paint)."""
        self.store = store

    def open_match(self, match_id: str) -> bool:
        from referee_app.session import Session
        from referee_app.store import StoreError

        if self.store is None:
            return False
        try:
            self.session = Session(self.store, match_id)
        except StoreError as exc:
            self.notice.emit("error", str(exc))
            return False
        self._clock_started = None
        self.match_opened.emit(match_id)
        self.publish()
        return True

    def new_match(self, setup: MatchStarted) -> bool:
        from referee_app.session import Session
        from referee_app.store import StoreError

        if self.store is None:
            return False
        try:
            self.session = Session.start(self.store, setup)
        except StoreError as exc:
            self.notice.emit("error", str(exc))
            return False
        self.match_opened.emit(self.session.match_id)
        self.publish()
        return True

    def publish(self, notice: str = "") -> None:
        if self.session is not None:
            self.state_changed.emit(self.session.state)
        self.notice.emit("info", notice)

    # --- shot clock ------------------------------------------------------------------
    def start_clock(self) -> None:
        self._clock_started = time.monotonic()

    def clock_seconds(self) -> float | None:
        if self._clock_started is None:
            return None
        return round(time.monotonic() - self._clock_started, 1)

    # --- recording -------------------------------------------------------------------
    def record(self, event: Event) -> bool:
        """Record `event`; True when it is in the log. Refusals go to the notice area."""
        from dataclasses import replace

        from referee_app.events import PushOut, Shot

        if isinstance(event, Shot | PushOut) and event.clock_s is None and self._clock_started is not None:
            event = replace(event, clock_s=self.clock_seconds())
        if not self._attempt(lambda session: session.record(event), event):
            return False
        if isinstance(event, Shot | PushOut):
            self._clock_started = None
        return True

    def undo(self) -> bool:
        """Void the latest event in force (an `undo` line is appended)."""
        return self._attempt(lambda session: session.undo(), "undo")

    def _attempt(self, action: Callable[[Session], object], what: object) -> bool:
        """Run `action` on the session; publish the new state, or say why nothing changed."""
        from referee_app.refusals import RuleViolation
        from referee_app.store import StoreError

        if self.session is None:
            return False
        try:
            action(self.session)
        except RuleViolation as refusal:
            self.notice.emit("refusal", refusal.message(qt_translate))
            return False
        except StoreError as exc:
            self.notice.emit("error", str(exc))
            return False
        except Exception:  # a bug: keep the desk alive, say so, log the traceback
            import logging

            logging.getLogger(__name__).exception("recording %r failed", what)
            self.notice.emit("error", self.tr("Internal error: the event was not recorded (see the log)."))
            return False
        self.publish()
        return True
