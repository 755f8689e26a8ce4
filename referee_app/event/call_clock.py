"""The call and the late-start clock as they run: a time source, and the session's calls recorded.

`CallClock.tick()` records what `tournament.clock.due` says at the time source's `now` (the window
and `serve` tick every second); `here` records a player at the table; `confirm` turns the forfeit
proposed now into the walkover, with the calls in its reason. The clock never forfeits anyone by
itself. Tests drive a `StepTime`: no test waits fifteen minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Protocol

from referee_app.event.session import TournamentSession
from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.clock import MatchClock, Proposal, clocks, due, proposals
from referee_app.tournament.events import AtTable, Called, Forfeit
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.state import utc_text


class TimeSource(Protocol):
    def now(self) -> datetime:
        """Aware UTC now."""
        ...


class SystemTime:
    """The computer's clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class StepTime:
    """A clock the tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.at = start.astimezone(UTC)

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> datetime:
        self.at += timedelta(seconds=seconds)
        return self.at


def nobody_busy() -> frozenset[str]:
    return frozenset()


class CallClock:
    """One tournament's calls, on one session (the process's one writer of that tournament)."""

    def __init__(
        self,
        session: TournamentSession,
        time: TimeSource | None = None,
        busy: Callable[[], Iterable[str]] = nobody_busy,
    ) -> None:
        self.session = session
        self.time: TimeSource = time or SystemTime()
        self.busy = busy
        """The players on a table of another event of the venue (not timed while they are)."""

    def tick(self) -> list[Called]:
        """Record the calls due now (none while nothing is due); returns them."""
        t = self.session.tournament
        if t is None or t.bracket is None:
            return []
        now = self.time.now()
        calls = due(t, now, tuple(self.busy()))
        if calls:  # a call another clock made meanwhile is refused whole: nothing is called twice
            self.session.record(*calls, at=utc_text(now))
        return calls

    def clocks(self) -> list[MatchClock]:
        t = self.session.tournament
        return [] if t is None else clocks(t, self.time.now(), tuple(self.busy()))

    def proposals(self) -> list[Proposal]:
        t = self.session.tournament
        return [] if t is None else proposals(t, self.time.now(), tuple(self.busy()))

    def here(self, match: str, player: str, by: str, tap: str = "", device: str = "") -> bool:
        """`player` is at the table of `match`; False when this tap was already recorded (nothing more)."""
        t = self.session.tournament
        if tap and t is not None and any(a.tap == tap for seen in t.arrivals.values() for a in seen):
            return False
        now = utc_text(self.time.now())
        self.session.record(AtTable(match, player, by, now, device, tap), at=now)
        return True

    def confirm(self, match: str, player: str) -> Forfeit:
        """The organizer confirms the forfeit proposed for `match` against `player` (refused when
        none is proposed now, or `player` is not one of the absent)."""
        forfeit = self.proposed(match, player)
        self.session.record(forfeit, at=utc_text(self.time.now()))
        return forfeit

    def proposed(self, match: str, player: str) -> Forfeit:
        """The walkover the organizer would confirm for `match` against `player` (refused as `confirm`)."""
        proposal = next((p for p in self.proposals() if p.match == match), None)
        if proposal is None or player not in proposal.absent:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "no late-start forfeit is proposed for {name} in {match}: every call is made first",
                ),
                name=player,
                match=match,
            )
        return proposal.forfeit(player)
