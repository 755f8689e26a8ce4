"""The phone tables served (phone.md §1): `PhoneScoring`, their API on the database's own thread,
for `tournament serve`, the tournament window's players' pages and `board --tournament` alike
(`pages.TournamentPages` serves them; `pages.Serving` is `tournament serve` itself).

One thread owns the database (the process's `HeldTournament`: `PhoneTables`, its store and the
tournament's session): every API request is handed to it and answered from it, so requests are
decided and written one at a time, through the one session the process's other writers (the
window) decide through too, and a stop lets the one being written finish. After each tap
recorded, and after every move of the tournament the follower hands on (the organizer's: the
tables' new matches are started then), whoever serves is told when the tournament moved on
(`on_change`); the pages put them on `/bracket` (`TournamentPages`), whose view is made on a
thread of its own, so a tap never waits for it. Two servers on one database (the window and
`tournament serve`, two processes) stay whole: each write checks the log's head in its
transaction, a server that lost the race answers 503 with nothing written, and the phone sends
its tap again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

from referee_app.event.call_clock import CallClock, SystemTime, TimeSource
from referee_app.event.door_api import DoorApi
from referee_app.event.follow import HeldTournament
from referee_app.event.phone_api import Answer, PhoneTables, PhoneTableView
from referee_app.event.session import ChangedElsewhere
from referee_app.i18n import Translate, english
from referee_app.log.store import StoreError
from referee_app.tournament.model import MatchStatus, TournamentRefused
from referee_app.tournament.state import State
from referee_app.worker import Worker

T = TypeVar("T")
TICK_S = 1.0
"""The call clock's second."""
Tables = dict[int, PhoneTableView]
"""Phone tables as they stand, by table."""
OnChange = Callable[[State, Tables], None]
"""Told on the database's thread: the tournament now, and the phone tables that moved (every phone
table when the tournament moved on and they were asked for, else the one a tap was recorded on)."""


def phone_scores(tables: Mapping[int, PhoneTableView], tournament: State | None) -> dict[str, tuple[int, int]]:
    """The racks so far of each bracket match a phone table is playing, in the bracket's order of
    its players: the phone match's A and B are the bracket's a and b."""
    if tournament is None:
        return {}
    slots = tournament.tournament.slots
    scores: dict[str, tuple[int, int]] = {}
    for shown in tables.values():
        match, score = shown.match, shown.score
        if match is not None and match in slots and slots[match].status is MatchStatus.PLAYING and score is not None:
            scores[match] = score
    return scores


class _Refresh(Worker):
    """The phone tables looked at again when the tournament moved on without them (the
    organizer's decision, another program's): the tables' new matches are started then."""

    name = "phones-refresh"

    def __init__(self, scoring: PhoneScoring) -> None:
        super().__init__()
        self.scoring = scoring

    def step(self) -> None:
        self._wake.wait()
        self._wake.clear()
        if not self.stopping:
            self.scoring.refresh()

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        self._wake.set()  # tried again after the back-off


class _Ticker(Worker):
    """The call clock's second: the calls due recorded (a match put on a table is called; the late
    start's calls are made again at their minutes)."""

    name = "call-clock"

    def __init__(self, scoring: PhoneScoring) -> None:
        super().__init__()
        self.scoring = scoring

    def step(self) -> None:
        self._wake.wait(TICK_S)
        self._wake.clear()
        if not self.stopping:
            self.scoring.tick()


class PhoneScoring:
    """The phone tables' API of one tournament (`phone_http.Scoring`), answered on the database's
    thread of the process's `HeldTournament` (one of its own without `held`), until `stop`.
    `on_change` is told what moved; with `tables`, it gets every phone table when the tournament
    moved on (the window shows their scores). Each answer's words are in the request's language
    among `languages` (the pages'), else in `tr`'s."""

    def __init__(
        self,
        db: Path,
        tournament: str,
        tr: Translate = english,
        on_change: OnChange | None = None,
        tables: bool = False,
        languages: Mapping[str, Translate] | None = None,
        held: HeldTournament | None = None,
        time: TimeSource | None = None,
    ) -> None:
        """Reads the tournament (a wrong name, a damaged log raise as `tournament serve` says them).
        `time`: the call clock's and the door's (the computer's by default; tests move their own)."""
        self._owned = held is None
        self.held = held if held is not None else HeldTournament.open(db, tournament).start()
        try:
            session = self.held.session
            self.api = self.held.thread.run(
                lambda: PhoneTables(db, tournament, tr, languages=languages, session=session)
            )
        except BaseException:
            if self._owned:
                self.held.stop()
            raise
        self.time: TimeSource = time or SystemTime()
        self.calls = CallClock(self.api.session, self.time)
        """The call and the late-start clock, ticked with every look at the tournament."""
        self.door = DoorApi(self.api.session, self.time, tr, languages)
        self.db = db
        self.on_change = on_change
        self.tables = tables
        self._seq: int | None = None
        self._refresh = _Refresh(self)
        self._ticker = _Ticker(self)

    @property
    def tournament_id(self) -> str:
        return self.api.tournament_id

    def start(self) -> PhoneScoring:
        self._refresh.start()
        self._ticker.start()
        self.held.follower.subscribe(self._followed)
        return self

    def _followed(self, state: State, elsewhere: bool) -> None:
        """The follower's new state: one the phones have not told of (the organizer's, another
        program's) gets the tables looked at again."""
        if state.seq != self._seq:
            self._refresh.poke()

    def _run(self, work: Callable[..., T], *args: Any) -> T:
        return self.held.thread.run(work, *args)

    async def _ask(self, work: Callable[..., T], *args: Any) -> T:
        """`work` on the database's thread, awaited by the web's loop: the request's one hand-off.

        Shielded: a phone whose Wi-Fi drops once its tap is sent closes the connection, and the
        server then cancels the handler; the tap it received whole is still recorded (its resend is
        answered as recorded), never dropped because it was still queued for the thread."""
        return await asyncio.shield(asyncio.wrap_future(self.held.thread.submit(work, *args)))

    def _tell(self, table: int | None = None, answered: PhoneTableView | None = None) -> None:
        """On the database's thread: `on_change` the tournament and the tables that moved."""
        state = self.api.state()
        moved = state.seq != self._seq
        self._seq = state.seq
        if self.on_change is None or (not moved and answered is None):
            return
        tables: Tables = {}
        if moved and self.tables:
            tables = {t: self.api.table_view(t) for t in sorted(state.tournament.phones)}
        if table is not None and answered is not None:
            tables[table] = answered
        self.on_change(state, tables)

    def refresh(self) -> None:
        """The tables' new matches started now, and whoever serves told (on the database's thread)."""
        self._run(self._refreshed)

    def _refreshed(self) -> None:
        self.api.refresh()
        self._tell()

    def tick(self) -> None:
        """The calls due now recorded (on the database's thread): the call clock's second."""
        self._run(self._ticked)

    def _ticked(self) -> None:
        with suppress(TournamentRefused, StoreError, ChangedElsewhere):  # the next second tries again
            if self.calls.tick():
                self._tell()

    def _get(self, table: int, authorization: str | None, address: str, asked: Sequence[str]) -> Answer:
        answer = self.api.get(table, authorization, address, asked)
        if answer.status == 200:
            self._tell()  # a GET may start the table's next match
        return answer

    def _post(self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str]) -> Answer:
        answer = self.api.post(table, authorization, address, body, asked)
        if answer.status == 200:
            self.held.follower.logs_moved()  # the tap's match log: the pusher, the Results tab
            self._tell(table, answer.view)
        return answer

    def _dispute(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str]
    ) -> Answer:
        answer = self.api.dispute(table, authorization, address, body, asked)
        if answer.status == 200:
            self._tell(table, answer.view)  # the window shows it at once
        return answer

    async def get(self, table: int, authorization: str | None, address: str, asked: Sequence[str] = ()) -> Answer:
        return await self._ask(self._get, table, authorization, address, asked)

    async def post(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        return await self._ask(self._post, table, authorization, address, body, asked)

    async def dispute(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        return await self._ask(self._dispute, table, authorization, address, body, asked)

    async def here(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        return await self._ask(self._here, table, authorization, address, body, asked)

    def _here(self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str]) -> Answer:
        answer = self.api.here(table, authorization, address, body, asked)
        if answer.status == 200:
            self._tell(table, answer.view)  # the pages show the player at the table at once
        return answer

    async def door_get(self, token: str, asked: Sequence[str] = ()) -> Answer:
        return await self._ask(self.door.door_get, token, asked)

    async def door_post(self, token: str, body: bytes, asked: Sequence[str] = ()) -> Answer:
        answer = await self._ask(self.door.door_post, token, body, asked)
        if answer.status == 200:
            self.nudge()
        return answer

    async def me_get(self, secret: str, asked: Sequence[str] = ()) -> Answer:
        return await self._ask(self.door.me_get, secret, asked)

    def early(self, status: int, table: str, asked: Sequence[str] = ()) -> Answer:
        """A 404 or 413 given before the tournament is asked, in the request's language."""
        return self.api.early(status, table, asked)

    def speak(self, tr: Translate) -> None:
        """Answer in `tr`'s words a request asking for none of the pages' languages (the board's
        own language, known once it follows the event)."""
        self.api.tr = tr

    def nudge(self) -> None:
        """Look at the tables again now (the follower does it after every move)."""
        self._refresh.poke()

    def stop(self) -> None:
        """Stop looking; what is being written is finished, then the database is closed (with
        the tournament held, when it is this one's own)."""
        self.held.follower.unsubscribe(self._followed)
        self._ticker.stop()
        self._refresh.stop()
        try:
            self._run(self.api.close)
        finally:
            if self._owned:
                self.held.stop()
