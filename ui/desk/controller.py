"""The desk's controller: builds nothing itself, records events through the session.

Views call `record(event)`; the controller hands it to the core session (which
checks, persists, then moves the state) and publishes the outcome through two
signals: `state_changed` for every view to re-render, and `notice`, the
window's notice channel. A refusal or a storage problem never changes the state.

Organizer operations (export, merge, demo, print, statistics) go through
`operate`, the same path as recording, on the window's `NoticeChannel`
(`ui/notices.py`): what the user caused (a refusal, a damaged database, an
unwritable folder) is shown as a message; anything else is a bug, logged with
its traceback and shown as an internal error.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject, Signal
from referee_desk.notices import Notice, NoticeChannel

if TYPE_CHECKING:  # the core is imported when a database is opened, after the desk has painted
    from referee_app.game.events import Event, MatchStarted
    from referee_app.game.state import State
    from referee_app.log.session import Session
    from referee_app.log.store import Store


T = TypeVar("T")


class DeskController(QObject):
    state_changed = Signal(object)  # State
    match_opened = Signal(str)  # match id
    stroke_recorded = Signal()  # a shot, push-out or option is in the log: the shot clock starts over
    clock_changed = Signal(object)  # the shot clock's reading (ShotClockWidget.reading), for the overlay

    def __init__(self, store: Store | None = None) -> None:
        super().__init__()
        self.notices = NoticeChannel(self)
        """The desk window's notice channel: every page of the desk says what happened through it."""
        self.notice = self.notices.notice
        self.store: Store | None = store
        self.session: Session | None = None
        self._clock_started: float | None = None
        self._clock_paused_at: float | None = None
        self._clock_pauses_s = 0.0
        self.clock_reading: dict[str, float | bool] | None = None  # the latest `clock_changed`
        self._redo: list[Event] = []
        """The events the desk's undos voided, latest last: redo records them again."""
        self.clock_changed.connect(self._keep_clock_reading)

    @property
    def state(self) -> State | None:
        return self.session.state if self.session else None

    # --- matches ---------------------------------------------------------------------
    def attach(self, store: Store) -> None:
        """Use `store` from now on (the desk opens its database after its first paint)."""
        self.store = store

    def open_match(self, match_id: str) -> bool:
        from referee_app.log.session import Session

        store = self.store
        if store is None:
            return False
        session = self.operate(self.tr("Opening the match"), lambda: Session(store, match_id))
        if session is None:
            return False
        self.session = session
        self._clock_started = None
        self._redo.clear()
        self.match_opened.emit(match_id)
        self.publish()
        return True

    def new_match(self, setup: MatchStarted) -> bool:
        from referee_app.log.session import Session

        store = self.store
        if store is None:
            return False
        session = self.operate(self.tr("Starting the match"), lambda: Session.start(store, setup))
        if session is None:
            return False
        self.session = session
        self._redo.clear()
        self.match_opened.emit(self.session.match_id)
        self.publish()
        return True

    def publish(self, notice: str = "") -> None:
        if self.session is not None:
            self.state_changed.emit(self.session.state)
        self.inform(notice)

    # --- the notice channel (the window's) ---------------------------------------------
    def inform(self, text: str) -> None:
        self.notices.inform(text)

    def warn(self, level: Notice, text: str) -> None:
        self.notices.warn(level, text)

    def operate(self, what: str, action: Callable[[], T]) -> T | None:
        """`NoticeChannel.operate` on the desk's channel: `action`'s result, or None once the reason is said."""
        return self.notices.operate(what, action)

    def report(self, what: str, exc: BaseException) -> None:
        self.notices.report(what, exc)

    # --- shot clock ------------------------------------------------------------------
    def start_clock(self) -> None:
        self._clock_started = time.monotonic()
        self._clock_paused_at = None
        self._clock_pauses_s = 0.0

    def pause_clock(self) -> None:
        """A ruling or a re-spot: the time it takes is not the shooter's."""
        if self._clock_started is not None and self._clock_paused_at is None:
            self._clock_paused_at = time.monotonic()

    def resume_clock(self) -> None:
        if self._clock_started is not None and self._clock_paused_at is not None:
            self._clock_pauses_s += time.monotonic() - self._clock_paused_at
            self._clock_paused_at = None

    def _keep_clock_reading(self, reading: dict[str, float | bool]) -> None:
        self.clock_reading = reading

    def clock_seconds(self) -> float | None:
        if self._clock_started is None:
            return None
        end = self._clock_paused_at if self._clock_paused_at is not None else time.monotonic()
        return round(end - self._clock_started - self._clock_pauses_s, 1)

    # --- recording -------------------------------------------------------------------
    def record(self, event: Event, redoing: bool = False) -> bool:
        """Record `event`; True when it is in the log. Refusals go to the notice area."""
        from dataclasses import replace

        from referee_app.game.events import Option, PushOut, Shot

        if isinstance(event, Shot | PushOut) and event.clock_s is None and self._clock_started is not None:
            event = replace(event, clock_s=self.clock_seconds())
        if not self._attempt(lambda session: session.record(event)):
            return False
        if not redoing:
            self._redo.clear()  # a new event: what was undone before it is no longer next
        if isinstance(event, Shot | PushOut | Option):
            self._clock_started = None
            self.stroke_recorded.emit()
        return True

    def undo(self) -> bool:
        """Void the latest event in force (an `undo` line is appended); redo can record it again."""
        session = self.session
        target = session.history.undo_target if session is not None else None
        if not self._attempt(lambda session: session.undo()):
            return False
        if session is not None and target is not None:
            self._redo.append(session.history.entries[target - 1].event)
        return True

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> bool:
        """Record again the event the latest undo voided, as a new event (the undo stays in the log)."""
        if not self._redo:
            self.notice.emit(Notice.REFUSAL, self.tr("There is nothing to redo."))
            return False
        if not self.record(self._redo[-1], redoing=True):
            return False
        self._redo.pop()
        return True

    def _attempt(self, action: Callable[[Session], object]) -> bool:
        """Run `action` on the session; publish the new state, or say why nothing changed."""
        session = self.session
        if session is None:
            return False
        done = self.operate(self.tr("Recording"), lambda: action(session) or True)
        if done is None:
            return False
        self.publish()
        return True
