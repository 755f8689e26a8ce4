"""The tournament the window shows: its log, the replayed state, and the one way to change it.

Every change is an event: checked by the engine first (a refusal changes nothing and says
why), written to the log, then shown. The log is anything with `load()` and `append(event)`;
`MemoryLog` keeps the events in memory until the tournament's own storage is plugged in.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from referee_app.tournament import show as shown
from referee_app.tournament.events import Event, Undo
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


class TournamentModel(QObject):
    """The replayed tournament; `record` is validate, then persist, then publish."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, log: TournamentLog, tournament_id: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.log = log
        self.tournament_id = tournament_id
        events = log.load()
        self.state: State | None = replay(events) if events else None

    @property
    def tournament(self) -> Tournament | None:
        return None if self.state is None else self.state.tournament

    def after(self, event: Event) -> State:
        """The state `event` would give (raises `TournamentRefused`), nothing recorded."""
        return apply(self.state, event)

    def record(self, event: Event) -> bool:
        """Apply and keep `event`; on a refusal, say why and change nothing."""
        try:
            after = self.after(event)
        except TournamentRefused as exc:
            self.refused.emit(str(exc))
            return False
        try:
            self.log.append(event)
        except OSError as exc:  # a full disk, a lost stick: the state does not move
            self.refused.emit(str(exc))
            return False
        self.state = after
        self.changed.emit()
        return True

    def can_undo(self) -> bool:
        frames = None if self.state is None else self.state.frames
        return frames is not None and frames.before is not None

    def undo(self) -> bool:
        """Void the latest decision still in force (as for a match)."""
        if self.state is None or self.state.frames is None:
            return False
        return self.record(Undo(self.state.frames.seq))

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
