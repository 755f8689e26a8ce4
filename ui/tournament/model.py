"""The tournament the window shows: its log, the replayed state, and the one way to change it.

Every change is an event: checked by the engine first (a refusal changes nothing and says
why), written to the log, then shown. The log is anything with `load()` and `append(event)`:
`StoreLog`, the organizer's database; `MemoryLog`, a tournament held in memory (the tests).
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from referee_desk.i18n import qt_translate

from referee_app.i18n import in_words
from referee_app.log.store import SeqTaken, Store, StoreError, TournamentRow
from referee_app.tournament import operations
from referee_app.tournament import show as shown
from referee_app.tournament.events import Created, Event, Undo, event_from_dict
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.state import State, Tournament, apply, replay


class TournamentLog(Protocol):
    """Where a tournament's events live: read them all, add one (durable before it returns)."""

    def load(self) -> list[Event]: ...

    def append(self, event: Event) -> None: ...


class MemoryLog:
    """A log held in memory (a new tournament not saved anywhere yet, and the tests)."""

    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = list(events or [])

    def load(self) -> list[Event]:
        return list(self.events)

    def append(self, event: Event) -> None:
        self.events.append(event)


class StoreLog:
    """The tournament's log in the organizer's database (the log wing's hash-chained tables).

    `load` refuses a damaged or altered tournament whole (as the command line does); `append`
    writes one event in its own transaction before it returns, so an acknowledged decision
    survives the app being killed. Without an id, the first event (the creation) makes one."""

    def __init__(self, store: Store, tournament_id: str | None = None) -> None:
        self.store = store
        self.tournament_id = tournament_id
        self.seq = 0

    def load(self) -> list[Event]:
        if self.tournament_id is None:
            return []
        operations.open_tournament(self.store, self.tournament_id)  # the chain, every event, the replay
        _, rows = self.store.load_tournament(self.tournament_id)
        self.seq = rows[-1].seq if rows else 0
        return [event_from_dict(json.loads(row.body)) for row in rows]

    def moved_on(self) -> bool:
        """Did another program append to this tournament since it was read here?"""
        if self.tournament_id is None:
            return False
        return self.store.tournament_head(self.tournament_id) != self.seq

    def append(self, event: Event) -> None:
        if self.tournament_id is None:
            if not isinstance(event, Created):
                raise StoreError("a tournament's log starts with its creation")
            self.tournament_id = operations.new_tournament(self.store, event.name, event.options)
            self.seq = 1
            return
        body = json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))
        row = TournamentRow(self.seq + 1, event.TYPE, operations.now(), body)
        self.store.append_tournament(self.tournament_id, [row])
        self.seq += 1


def said(exc: BaseException) -> str:
    """An error as the organizer reads it: the tournament's refusals and the database's errors in
    the window's language (their values in place), anything else as it is."""
    return str(in_words(exc, qt_translate))


class TournamentModel(QObject):
    """The replayed tournament; `record` is validate, then persist, then publish."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, log: TournamentLog, tournament_id: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.log = log
        self._id = tournament_id
        events = log.load()
        self.state: State | None = replay(events) if events else None
        self.undone: list[Event] = []
        """The decisions undone here, latest last, that Redo can take again."""

    @property
    def tournament_id(self) -> str:
        """The log's own id once it has one (the database's), else the one given."""
        return getattr(self.log, "tournament_id", None) or self._id

    @property
    def tournament(self) -> Tournament | None:
        return None if self.state is None else self.state.tournament

    def after(self, event: Event) -> State:
        """The state `event` would give (raises `TournamentRefused`), nothing recorded."""
        return apply(self.state, event)

    def record(self, event: Event) -> bool:
        """Apply and keep `event`; on a refusal, say why and change nothing. A new decision ends
        what Redo could take again (as in any editor)."""
        undone, self.undone, before = self.undone, [], self.state
        if self._record(event):
            return True
        if self.state is before:  # refused, nothing moved (a reload from elsewhere ends Redo)
            self.undone = undone
        return False

    def _record(self, event: Event) -> bool:
        try:
            after = self.after(event)
        except TournamentRefused as exc:
            self.refused.emit(said(exc))
            return False
        try:
            self.log.append(event)
        except SeqTaken:  # another program wrote first: show its events; this decision is taken again
            self.reload()
            self.refused.emit(
                self.tr(
                    "The tournament was changed elsewhere (a merged desk, the command line) and is shown again as it is now. Nothing was recorded: check, then do it again."  # noqa: E501
                )
            )
            return False
        except (OSError, StoreError) as exc:  # a full disk, a lost stick, another program: nothing moves
            self.refused.emit(said(exc))
            return False
        self.state = after
        self.changed.emit()
        return True

    def moved_on(self) -> bool:
        """Has another program appended to the log since it was read here (never for a memory log)?"""
        moved_on = getattr(self.log, "moved_on", None)
        return moved_on is not None and bool(moved_on())

    def reload(self) -> None:
        """Read the log again and show it; a log that cannot be read whole is refused, as at opening."""
        try:
            events = self.log.load()
        except (StoreError, ValueError, RecursionError) as exc:
            self.refused.emit(self.tr("This tournament cannot be read again: {why}").format(why=said(exc)))
            return
        self.state = replay(events) if events else None
        self.undone = []  # the log moved on elsewhere: what was undone here is no longer "the last"
        self.changed.emit()

    def can_undo(self) -> bool:
        return self.state is not None and self.state.latest is not None

    def undo(self) -> Event | None:
        """Void the latest decision still in force (as for a match); the decision voided, or None."""
        if self.state is None or self.state.frames is None or self.state.latest is None:
            return None
        event = self.state.latest
        self.undone.append(event)  # before `changed`: the window's Redo is offered at once
        if not self._record(Undo(self.state.frames.seq)):
            self.undone.pop()
            return None
        return event

    def can_redo(self) -> bool:
        return bool(self.undone)

    def redo(self) -> Event | None:
        """The decision just undone, taken again as a new event (the log keeps both, and the undo)."""
        if not self.undone:
            return None
        event = self.undone.pop()
        if not self._record(event):
            self.undone.append(event)
            return None
        return event

    def show(self, state: State | None = None) -> dict[str, Any]:
        """Spec §4's dict (of `state`, or of the current state)."""
        state = state or self.state
        if state is None:
            return {"status": "entries", "entries": [], "matches": [], "tables": [], "queue": []}
        return shown.show(state.tournament, self.tournament_id)

    def standings(self) -> dict[str, Any]:
        if self.state is None:
            return {"status": "entries", "places": [], "performance": {}}
        return shown.standings(self.state.tournament)
