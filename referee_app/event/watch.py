"""A tournament's log watched from another program: its state handed on within a second of a write.

The board (`referee-app board --tournament`) learns of the tournament through its sync's rounds,
which follow the event server's readings (every two seconds at most). A phone's "I don't agree",
written by `tournament serve` or the organizer's window, must show on the board at once:
`HeadWatch` looks at the log's head (one small query) every `every_s` and, when it moved, reads
the tournament again and hands it to `on_state`, on a thread of its own, read-only.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from referee_app.event.session import find, open_tournament
from referee_app.log.store import Store, StoreError
from referee_app.tournament.state import State

log = logging.getLogger(__name__)
EVERY_S = 0.25


class HeadWatch:
    """Hands the tournament `ref` (its id or name) of the database at `db` to `on_state`, with its id,
    each time its log moves on, until `stop`. A database that cannot be read is tried again at the
    next look."""

    def __init__(self, db: Path, ref: str, on_state: Callable[[State, str], None], every_s: float = EVERY_S) -> None:
        self.db = db
        self.ref = ref
        self.tournament_id = ""
        self.on_state = on_state
        self.every_s = every_s
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="tournament-watch", daemon=True)

    def start(self) -> HeadWatch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _watch(self) -> None:
        store: Store | None = None
        seen: int | None = None
        try:
            while not self._stopped.wait(self.every_s):
                try:
                    store = store or Store.open_readonly(self.db)
                    self.tournament_id = self.tournament_id or find(store, self.ref)
                    head = store.tournament_head(self.tournament_id)
                    if head is None or head == seen:
                        continue
                    state = open_tournament(store, self.tournament_id).state
                    seen = head
                except (StoreError, OSError, ValueError) as exc:  # a refusal too: the sync's rounds say it
                    log.debug("tournament-watch: %s", exc)
                    if store is not None:
                        store.close()
                    store = None
                    continue
                self.on_state(state, self.tournament_id)
        finally:
            if store is not None:
                store.close()
