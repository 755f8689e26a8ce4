"""A tournament being run: check with the engine, make it durable, then move the state.

`TournamentSession` is the one way a decision enters a tournament, for the command line, the
board's sync and the window alike (the match side's `log.session.Session`, for a tournament):
`state.apply` checks it (a refusal changes nothing), the log appends it (a failed write changes
nothing), and only then does `session.state` move. Undo and redo are decisions too: the log
keeps both. Invariant (tested): `session.state` equals a fresh replay of what the log holds.

The log is anything with `load`, `append` and `moved_on`: `StoreLog`, the organizer's database
(the log wing's hash-chained tables); `MemoryLog`, a tournament held in memory.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol, TypeVar

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.store import SeqTaken, Store, StoreError, TournamentIndex, TournamentRow
from referee_app.tournament.entries import parse_entries
from referee_app.tournament.events import Created, Event, EventFormatError, Undo, event_from_dict
from referee_app.tournament.model import Entry, Options, TournamentRefused
from referee_app.tournament.phones import phones_change
from referee_app.tournament.state import State, Tournament, apply

T = TypeVar("T")


class DamagedTournament(StoreError):
    """A stored tournament whose log does not parse or replay: refused whole."""


class ChangedElsewhere(TournamentRefused):
    """Another program appended first: the session shows the log as it is now, nothing recorded."""


CHANGED_ELSEWHERE = QT_TRANSLATE_NOOP(
    "TournamentRefusal",
    "The tournament was changed elsewhere (a merged desk, the command line) and is shown again as it is now."
    " Nothing was recorded: check, then do it again.",
)


@dataclass(frozen=True, slots=True)
class Opened:
    tournament_id: str
    state: State


def now() -> str:
    """UTC now, as the match logs store times."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def encode(event: Event) -> str:
    """An event's JSON body as the log keeps it (the one encoder: the spec's keys, compact, UTF-8)."""
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


def row(seq: int, event: Event, at: str) -> TournamentRow:
    return TournamentRow(seq, event.TYPE, at, encode(event))


def find(store: Store, ref: str) -> str:
    """The tournament named by its id, or by its name when only one has it."""
    index = store.tournaments()
    if any(t.tournament_id == ref for t in index):
        return ref
    named = [t for t in index if t.name == ref] or [t for t in index if t.name.casefold() == ref.casefold()]
    if len(named) > 1:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{count} tournaments are named {name!r}: give the id"),
            count=len(named),
            name=ref,
        )
    if not named:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "no tournament {name!r} in {path}"), name=ref, path=store.path
        )
    return named[0].tournament_id


def open_tournament(store: Store, ref: str) -> Opened:
    """The tournament replayed from its checked log (the one replay of a stored tournament)."""
    tournament_id = find(store, ref)
    index, rows = store.load_tournament(tournament_id)
    state = replay(store, tournament_id, rows)
    _check_index(store, tournament_id, index, state)
    return Opened(tournament_id, state)


def replay(store: Store, tournament_id: str, rows: Sequence[TournamentRow], state: State | None = None) -> State:
    """The stored `rows` applied in order to `state` (None: from the start); a row that does not
    decode or that the tournament refuses is `DamagedTournament`."""
    for stored in rows:
        try:
            event = event_from_dict(json.loads(stored.body))
            if stored.type != event.TYPE:
                raise EventFormatError(f"filed as {stored.type!r} but holds {event.TYPE!r}")
            state = apply(state, event)
        except (ValueError, RecursionError) as exc:  # bad JSON, EventFormatError, TournamentRefused
            raise DamagedTournament(
                QT_TRANSLATE_NOOP("Store", "tournament {id} in {path} cannot be used: event {seq}: {why}"),
                id=tournament_id,
                path=store.path,
                seq=stored.seq,
                why=exc,
            ) from None
    assert state is not None
    return state


def _check_index(store: Store, tournament_id: str, index: TournamentIndex, state: State) -> None:
    if state.tournament.name != index.name:
        raise DamagedTournament(
            QT_TRANSLATE_NOOP("Store", "tournament {id} in {path}: its index and its log disagree"),
            id=tournament_id,
            path=store.path,
        )


@dataclass(frozen=True, slots=True)
class ReadApart:
    """The log as read on a worker (`StoreLog.reading`): the state, and the last event it holds."""

    state: State
    last: TournamentRow


def read_on(store: Store, tournament_id: str, held: State | None, last: TournamentRow | None) -> ReadApart:
    """The tournament as stored now, the whole chain checked, replaying only the events after `held`
    when the log still holds `last` (the event `held` ended on) at its place: the phones move a
    64-player bracket on every few seconds, and a whole replay takes a tenth of a second. A log that
    is not the one `held` came from (restored from a copy, say) is replayed whole."""
    index, rows = store.load_tournament(tournament_id)
    ours = held is not None and last is not None and len(rows) >= held.seq > 0 and rows[held.seq - 1] == last
    state = replay(store, tournament_id, rows[held.seq :] if ours and held else rows, held if ours else None)
    _check_index(store, tournament_id, index, state)
    return ReadApart(state, rows[-1])


def new_tournament(store: Store, name: str, options: Options, at: str | None = None) -> str:
    """Create a tournament (its `Created` event checked first); returns its new id."""
    event = Created(name, options)
    state = apply(None, event)
    tournament_id = uuid.uuid4().hex[:12]
    store.create_tournament(tournament_id, state.tournament.name, row(1, event, at or now()))
    return tournament_id


class TournamentLog(Protocol):
    """Where a tournament's events live: replay them, add some (durable before it returns)."""

    @property
    def tournament_id(self) -> str | None: ...

    def load(self) -> State | None:
        """The state the log holds (None: nothing yet); a damaged log raises `StoreError`."""
        ...

    def append(
        self, events: Sequence[Event], after: State, at: str, phone_keys: Mapping[int, str | None] | None = None
    ) -> None:
        """Add `events` (they lead to `after`) in one write, with the phone tables' keys they
        fingerprint (None: taken back); `SeqTaken` when another writer was first."""
        ...

    def moved_on(self) -> bool:
        """Has another program appended since the log was read here?"""
        ...


class MemoryLog:
    """A log held in memory (a new tournament not saved anywhere yet, and the tests)."""

    def __init__(self, events: Sequence[Event] = (), tournament_id: str | None = None) -> None:
        self.events: list[Event] = list(events)
        self.tournament_id = tournament_id
        self.phone_keys: dict[int, str] = {}

    def load(self) -> State | None:
        state: State | None = None
        for event in self.events:
            state = apply(state, event)
        return state

    def append(
        self, events: Sequence[Event], after: State, at: str, phone_keys: Mapping[int, str | None] | None = None
    ) -> None:
        self.events.extend(events)
        for table, key in (phone_keys or {}).items():
            if key is None:
                self.phone_keys.pop(table, None)
            else:
                self.phone_keys[table] = key

    def moved_on(self) -> bool:
        return False


class StoreLog:
    """The tournament's log in the organizer's database. `load` refuses a damaged or altered
    tournament whole; `append` writes in one transaction before it returns, so an acknowledged
    decision survives the app being killed. Without an id, the creation makes one."""

    def __init__(self, store: Store, tournament_id: str | None = None) -> None:
        self.store = store
        self.tournament_id = tournament_id
        self.seq = 0
        self._rows: list[TournamentRow] = []
        self._state: State | None = None
        """The rows last read or written here and the state they give: a log that moved on is read
        whole (its chain checked from the start) but only its new rows are replayed."""
        self.last: TournamentRow | None = None
        """The last event of the log as read or written here (`read_on` goes on from it)."""

    def load(self) -> State | None:
        if self.tournament_id is None:
            return None
        tournament_id = find(self.store, self.tournament_id)
        index, rows = self.store.load_tournament(tournament_id)
        kept = len(self._rows)
        if self._state is not None and rows[:kept] == self._rows:
            state = replay(self.store, tournament_id, rows[kept:], self._state)
        else:
            state = replay(self.store, tournament_id, rows)
        _check_index(self.store, tournament_id, index, state)
        self.tournament_id = tournament_id
        self.seq = state.seq
        self._rows, self._state = rows, state
        self.last = rows[-1] if rows else None
        return state

    def moved_on(self) -> bool:
        if self.tournament_id is None:
            return False
        return self.store.tournament_head(self.tournament_id) != self.seq

    def reading(self, held: State | None) -> Callable[[], ReadApart | None]:
        """The log read again on a connection of its own, to run on another thread (a window's
        worker), going on from `held` (the session's state) when it can (`read_on`);
        `TournamentSession.adopt` takes what it gives."""
        path, tournament_id, last = self.store.path, self.tournament_id, self.last

        def read() -> ReadApart | None:
            if tournament_id is None:
                return None
            with closing(Store.open_readonly(path)) as store:
                return read_on(store, tournament_id, held, last)

        return read

    def append(
        self, events: Sequence[Event], after: State, at: str, phone_keys: Mapping[int, str | None] | None = None
    ) -> None:
        first = after.seq - len(events) + 1
        rows = [row(first + i, event, at) for i, event in enumerate(events)]
        written = list(rows)
        if self.tournament_id is None:
            created = events[0]
            if not isinstance(created, Created):
                raise StoreError("a tournament's log starts with its creation")
            tournament_id = uuid.uuid4().hex[:12]
            self.store.create_tournament(tournament_id, after.tournament.name, rows[0])
            self.tournament_id, rows = tournament_id, rows[1:]
        if rows:
            self.store.append_tournament(self.tournament_id, rows, phone_keys)
        self.seq, self.last = after.seq, written[-1]
        if len(self._rows) == first - 1 and (self._state is None) == (first == 1):
            self._rows, self._state = self._rows + written, after
        else:  # not what was read here: the next load replays the whole log
            self._rows, self._state = [], None


class DbThread:
    """The one thread that owns a process's connection to the organizer's database (SQLite's
    connection is used by the thread that made it): work handed over from any thread runs there,
    one piece at a time, and at once when handed over from that thread itself."""

    def __init__(self, name: str = "tournament-db") -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=name)
        self._ident = self._pool.submit(threading.get_ident).result()

    def run(self, work: Callable[..., T], *args: object) -> T:
        if threading.get_ident() == self._ident:
            return work(*args)
        return self._pool.submit(work, *args).result()

    def submit(self, work: Callable[..., T], *args: object) -> Future[T]:
        """`work` handed over, its answer to come (for a caller that awaits it)."""
        return self._pool.submit(work, *args)

    def stop(self) -> None:
        """What is running is finished; what waits is dropped."""
        self._pool.shutdown(wait=True, cancel_futures=True)


class ThreadedLog:
    """A `StoreLog` on a connection of its own that lives on `thread`: the process's one session
    of a tournament is shared by the threads that decide (the window's, the phones', the sync's),
    and every read and write of its log runs on the database's thread. `store` is for work run
    on that thread too (the phone tables' match logs, in the same transactions)."""

    def __init__(self, path: Path, tournament_id: str | None, thread: DbThread) -> None:
        self.thread = thread
        self.inner: StoreLog = thread.run(lambda: StoreLog(Store(path), tournament_id))

    @property
    def tournament_id(self) -> str | None:
        return self.inner.tournament_id

    @property
    def store(self) -> Store:
        return self.inner.store

    @property
    def path(self) -> Path:
        return self.inner.store.path

    def load(self) -> State | None:
        return self.thread.run(self.inner.load)

    def append(
        self, events: Sequence[Event], after: State, at: str, phone_keys: Mapping[int, str | None] | None = None
    ) -> None:
        self.thread.run(self.inner.append, events, after, at, phone_keys)

    def moved_on(self) -> bool:
        return self.thread.run(self.inner.moved_on)

    def close(self) -> None:
        self.thread.run(self.inner.store.close)


Moved = Callable[[State], None]
"""Told the session's new state, on the thread that moved it (keep it short: a flag, a poke)."""


class TournamentSession:
    """One open tournament: its state in memory, its log where it is kept, the decisions Redo may
    take again. Every change goes through `record`, `undo` or `redo`.

    One session per tournament and process, shared by every writer in it (the window, its phone
    tables, the board's sync): `lock` makes each decision whole (checked on the state as it is,
    appended, then moved) whichever thread makes it, and `moved` hears every new state at once
    (the process's `LogFollower` hands it on), with no read of the disk."""

    def __init__(self, log: TournamentLog, tournament_id: str = "") -> None:
        self.log = log
        self._id = tournament_id
        self.lock = threading.RLock()
        """Held by one decision (or one phone request) at a time."""
        self.state: State | None = log.load()
        self.undone: list[Event] = []
        """The decisions undone here, latest last, that Redo can take again."""
        self.moved: list[Moved] = []
        """Told each new state (a decision here, a read of another program's)."""

    def _on_thread(self, work: Callable[..., T], *args: object) -> T:
        """`work` run on the log's database thread when it has one: the lock is only ever waited for
        there (a window's decision waits for a phone's request to end, never the other way round)."""
        if isinstance(self.log, ThreadedLog):
            return self.log.thread.run(work, *args)
        return work(*args)

    def _moved(self, state: State | None) -> None:
        if state is not None:
            for tell in list(self.moved):
                tell(state)

    @classmethod
    def open(cls, store: Store, ref: str) -> TournamentSession:
        """The tournament of the database named by id or name (replayed once, checked whole)."""
        return cls(StoreLog(store, find(store, ref)))

    @property
    def tournament_id(self) -> str:
        """The log's own id once it has one (the database's), else the one given."""
        return self.log.tournament_id or self._id

    @property
    def tournament(self) -> Tournament | None:
        return None if self.state is None else self.state.tournament

    def entries_from(self, text: str) -> tuple[Entry, ...]:
        """The players of an entry list's text (CSV), checked against those entered: all or none,
        `EntriesInvalid` naming every bad line (the one reader, for the command line and the window)."""
        t = self.tournament
        return parse_entries(text, existing=() if t is None else t.entries)

    def after(self, *events: Event) -> State:
        """The state `events` would give, in order (raises `TournamentRefused`), nothing recorded."""
        state = self.state
        for event in events:
            state = apply(state, event)
        assert state is not None, "no event given"
        return state

    def record(self, *events: Event, at: str | None = None) -> State:
        """Check `events` in order, append them in one write, then move the state; a new decision
        ends what Redo could take again. Refused (`TournamentRefused`), not written (`StoreError`,
        `OSError`): nothing changes. Another program wrote first: the log is read again and
        `ChangedElsewhere` says so."""
        return self._on_thread(self._record, events, at)

    def _record(self, events: Sequence[Event], at: str | None) -> State:
        with self.lock:
            state = self._commit(events, at)
            self.undone = []
            return state

    def set_phones(
        self, tables: tuple[int, ...], off: bool = False, one_phone: bool = False
    ) -> list[tuple[int, str | None]]:
        """Make `tables` phone tables, each with a new key (a table's old key stops working at once),
        one-phone tables with `one_phone`, or with `off` ordinary tables again (phone.md §1): one
        `phones_set` event, the keys kept in the same write. Each table with its key (None when
        turned off); refused as `record`."""
        return self._on_thread(self._set_phones, tables, off, one_phone)

    def _set_phones(self, tables: tuple[int, ...], off: bool, one_phone: bool) -> list[tuple[int, str | None]]:
        with self.lock:
            venue = () if self.tournament is None else self.tournament.tables
            event, keys = phones_change(venue, tables, off, one_phone)
            self._commit([event], phone_keys=keys)
            self.undone = []
            return list(keys.items())

    def _commit(
        self, events: Sequence[Event], at: str | None = None, phone_keys: Mapping[int, str | None] | None = None
    ) -> State:
        with self.lock:
            after = self.after(*events)
            try:
                self.log.append(events, after, at or now(), phone_keys)
            except SeqTaken:
                self.reload()
                raise ChangedElsewhere(CHANGED_ELSEWHERE) from None
            self.state = after
        self._moved(after)
        return after

    def moved_on(self) -> bool:
        return self.log.moved_on()

    def position(self) -> tuple[State | None, TournamentRow | None]:
        """The state held and the log's last event it ends on (`read_on` goes on from them)."""
        with self.lock:
            log = self.log.inner if isinstance(self.log, ThreadedLog) else self.log
            return self.state, log.last if isinstance(log, StoreLog) else None

    def catch_up(self) -> bool:
        """The guard against another program's write (a merge, the command line, a second server):
        the log's head looked at, and read again when it moved on (only its new events replayed).
        True when it had."""
        return self._on_thread(self._catch_up)

    def _catch_up(self) -> bool:
        with self.lock:
            if not self.log.moved_on():
                return False
            self.reload()
            return True

    def reload(self) -> State | None:
        """Read the log again (a log that cannot be read whole raises, and nothing moves); what was
        undone here is no longer "the last", so Redo forgets it."""
        return self._on_thread(self._reload)

    def _reload(self) -> State | None:
        with self.lock:
            self.state = self.log.load()
            self.undone = []
            state = self.state
        self._moved(state)
        return state

    def adopt(self, read: ReadApart | None, held: int | None) -> bool:
        """Take `read`, the log as read apart (`StoreLog.reading`), as `reload` would have read it,
        when nothing was recorded here since the read began (`held`: the seq held then). False
        when something was: the session keeps its own state (the log is looked at again later)."""
        with self.lock:
            if read is None or (None if self.state is None else self.state.seq) != held:
                return False
            log = self.log.inner if isinstance(self.log, ThreadedLog) else self.log
            if isinstance(log, StoreLog):
                log.seq, log.last = read.state.seq, read.last
            self.state = read.state
            self.undone = []
        self._moved(read.state)
        return True

    def can_undo(self) -> bool:
        return self.state is not None and self.state.latest is not None

    def undo(self) -> Event:
        """Void the latest decision still in force (as for a match); returns the decision voided."""
        return self._on_thread(self._undo)

    def _undo(self) -> Event:
        with self.lock:
            state = self.state
            if state is None or state.frames is None or state.latest is None:
                raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "nothing to undo"))
            event = state.latest
            self._commit([Undo(state.frames.seq)])
            self.undone.append(event)
            return event

    def can_redo(self) -> bool:
        return bool(self.undone)

    def redo(self) -> Event:
        """The decision just undone, taken again as a new event (the log keeps both, and the undo)."""
        return self._on_thread(self._redo)

    def _redo(self) -> Event:
        with self.lock:
            if not self.undone:
                raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "nothing to redo"))
            self._commit([self.undone[-1]])
            return self.undone.pop()
