"""The tournament's session as the window holds it: the core's `TournamentSession`, with signals.

Every decision goes to the core (check, append, then the new state); this adapter only says what
happened: `changed` once the state moved, `refused` with the words of a refusal or a failed write
(nothing moved then). No rule lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Signal
from referee_desk.i18n import qt_translate

from referee_app.event.session import ChangedElsewhere, ReadApart, TournamentLog, TournamentSession
from referee_app.i18n import in_words
from referee_app.log.store import StoreError
from referee_app.tournament.events import Event
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.state import State, Tournament

T = TypeVar("T")


def said(exc: BaseException) -> str:
    """An error as the organizer reads it: the tournament's refusals and the database's errors in
    the window's language (their values in place), anything else as it is."""
    return str(in_words(exc, qt_translate))


class SignalledSession(QObject):
    """A `TournamentSession` that tells the window: `changed` after every move, `refused(words)`."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, log: TournamentLog, tournament_id: str = "", parent: QObject | None = None) -> None:
        """Reads the log once (a damaged log raises `StoreError`, as at opening)."""
        super().__init__(parent)
        self.core = TournamentSession(log, tournament_id)

    @property
    def state(self) -> State | None:
        return self.core.state

    @property
    def tournament(self) -> Tournament | None:
        return self.core.tournament

    @property
    def tournament_id(self) -> str:
        return self.core.tournament_id

    def after(self, event: Event) -> State:
        """The state `event` would give (raises `TournamentRefused`), nothing recorded."""
        return self.core.after(event)

    def record(self, *events: Event) -> bool:
        """Record `events` through the core; a refusal or a failed write is said, and False."""
        return self._do(lambda: self.core.record(*events)) is not None

    def set_phones(
        self, tables: tuple[int, ...], off: bool = False, one_phone: bool = False
    ) -> list[tuple[int, str | None]] | None:
        """Make `tables` phone tables with new keys (one-phone tables with `one_phone`; or, `off`,
        desks' again) through the core: each table with its key, or None (said why)."""
        return self._do(lambda: self.core.set_phones(tables, off, one_phone))

    def undo(self) -> Event | None:
        """Void the latest decision still in force; the decision voided, or None (said why)."""
        return self._do(self.core.undo)

    def redo(self) -> Event | None:
        """Take the decision just undone again; the decision, or None (said why)."""
        return self._do(self.core.redo)

    def can_undo(self) -> bool:
        return self.core.can_undo()

    def can_redo(self) -> bool:
        return self.core.can_redo()

    def moved_on(self) -> bool:
        """Has another program appended to the log since it was read here (raises `StoreError`)?"""
        return self.core.moved_on()

    def reload(self) -> None:
        """Read the log again and show it; a log that cannot be read whole is said, nothing moves."""
        try:
            self.core.reload()
        except (StoreError, ValueError, RecursionError) as exc:
            self.unreadable(exc)
            return
        self.changed.emit()

    def adopt(self, read: ReadApart | None, held: int | None) -> bool:
        """Show `read`, the log as read on a worker (`TournamentSession.adopt`); False: something
        was recorded here meanwhile, nothing moves."""
        if not self.core.adopt(read, held):
            return False
        self.changed.emit()
        return True

    def unreadable(self, exc: BaseException) -> None:
        """Say that the log could not be read again whole (nothing moved)."""
        self.refused.emit(self.tr("This tournament cannot be read again: {why}").format(why=said(exc)))

    def _do(self, work: Callable[[], T]) -> T | None:
        try:
            done = work()
        except ChangedElsewhere as exc:  # the core read the log again: show it as it is now
            self.changed.emit()
            self.refused.emit(said(exc))
            return None
        except (TournamentRefused, OSError, StoreError) as exc:  # refused, a full disk, a lost stick
            self.refused.emit(said(exc))
            return None
        self.changed.emit()
        return done
