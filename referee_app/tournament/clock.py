"""The call and WPA §22's late-start clock, as pure functions of the tournament and a time `now`.

A match the queue puts on a table is called (`called`, call 0); while a called player is not at the
table, the calls are made again at the late start's minutes (5, 10, 14 by default) and, once every
call was made and the minutes are up, the organizer is *proposed* a forfeit naming the absent player
and the calls made. Nothing here applies a forfeit or reads a clock: the running part
(`event.call_clock`) records what `due` says and the organizer confirms a `Proposal`. A player busy
on another table (another event of the venue) is not called, so not timed, until they are free.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.events import Called, Forfeit
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.state import Tournament, parse_utc, player_key, utc_text

CTX = "Tournament"
REASON = QT_TRANSLATE_NOOP(
    "Tournament", "late start: not at table {table} {minutes} minutes after the call at {called} (calls at {calls})"
)
"""The reason a confirmed late-start forfeit gives (the log keeps it in English; the window says it)."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """A forfeit proposed to the organizer (never applied by itself): who is absent, the calls made."""

    match: str
    table: int
    absent: tuple[str, ...]
    called_at: datetime
    calls: tuple[datetime, ...]
    minutes: int

    def reason(self, tr: Translate = english) -> str:
        def hhmm(at: datetime) -> str:
            return at.strftime("%H:%M:%S UTC")

        return tr(CTX, REASON).format(
            table=self.table,
            minutes=self.minutes,
            called=hhmm(self.called_at),
            calls=", ".join(hhmm(c) for c in self.calls),
        )

    def forfeit(self, player: str) -> Forfeit:
        """The walkover to record when the organizer confirms it for `player` (one of `absent`)."""
        return Forfeit(self.match, player, self.reason())


@dataclass(frozen=True, slots=True)
class MatchClock:
    """A called match on its table, as of `now`: what the board, the pages and the desk show."""

    match: str
    table: int
    called_at: datetime
    calls: tuple[datetime, ...]
    """The repeated calls made since the match was called (1, 2, 3…), oldest first."""
    at_table: tuple[str, ...]
    timed: tuple[str, ...]
    """Called, not at the table, not busy elsewhere: their clock runs."""
    busy: tuple[str, ...]
    """Not at the table, playing elsewhere: held, not timed."""
    minutes: int
    """Whole minutes since the call."""
    next_call: datetime | None
    proposal: Proposal | None


def _current_calls(t: Tournament, match: str) -> tuple[Called, tuple[Called, ...]] | None:
    """The latest call 0 of `match` and the repeated calls made after it."""
    made = t.calls.get(match, ())
    first = max((i for i, c in enumerate(made) if c.call == 0), default=None)
    if first is None:
        return None
    return made[first], tuple(c for c in made[first + 1 :] if c.call > 0)


def begun(t: Tournament, match: str) -> bool:
    """A desk started the match: its referee did, at the table, so both players are there. A phone
    table's match log is started when the match goes to the table (phone.md §3), before anyone is
    there: its players are at the table by their own `at_table` (the page's "I'm here", the lag)."""
    return match in t.started and match not in t.by_phone


def at_table(t: Tournament, match: str) -> tuple[str, ...]:
    """The players of `match` at its table (all of them once a desk started it), in a/b order."""
    slot = t.slots.get(match)
    if slot is None:
        return ()
    players = [p for p in (slot.a, slot.b) if p]
    if begun(t, match) or slot.status is not MatchStatus.PLAYING:
        return tuple(players) if begun(t, match) or slot.played else ()
    said = {player_key(a.player) for a in t.arrivals.get(match, ())}
    return tuple(p for p in players if player_key(p) in said)


def clock_of(t: Tournament, match: str, now: datetime, busy: Iterable[str] = ()) -> MatchClock | None:
    """The clock of a called match still on its table and not started (None otherwise)."""
    slot = t.slots.get(match)
    current = _current_calls(t, match)
    if slot is None or slot.status is not MatchStatus.PLAYING or slot.table is None or current is None:
        return None
    first, repeats = current
    called_at = parse_utc(first.at)
    calls = tuple(parse_utc(c.at) for c in repeats)
    here = at_table(t, match)
    held = {player_key(b) for b in busy}
    away = [p for p in (slot.a, slot.b) if p and p not in here]
    timed = tuple(p for p in away if player_key(p) not in held)
    busy_now = tuple(p for p in away if player_key(p) in held)
    minutes = max(0, int((now - called_at).total_seconds() // 60))
    late = t.options.late_start
    next_call: datetime | None = None
    proposal: Proposal | None = None
    if late is not None and timed and not begun(t, match):
        k = len(calls)
        if k < len(late.calls):
            next_call = called_at + timedelta(minutes=late.calls[k])
            if k:
                next_call = max(next_call, calls[-1] + timedelta(minutes=late.calls[k] - late.calls[k - 1]))
        else:
            due = called_at + timedelta(minutes=late.minutes)
            if calls:
                due = max(due, calls[-1] + timedelta(minutes=late.minutes - late.calls[-1]))
            if now >= due:
                proposal = Proposal(match, slot.table, timed, called_at, calls, late.minutes)
    return MatchClock(match, slot.table, called_at, calls, here, timed, busy_now, minutes, next_call, proposal)


def clocks(t: Tournament, now: datetime, busy: Iterable[str] = ()) -> list[MatchClock]:
    """Every called match on a table, not started, by table."""
    held = tuple(busy)
    found = (clock_of(t, m, now, held) for m in t.on_table if not begun(t, m))
    return sorted((c for c in found if c is not None), key=lambda c: c.table)


def proposals(t: Tournament, now: datetime, busy: Iterable[str] = ()) -> list[Proposal]:
    """The forfeits proposed to the organizer now, by table."""
    return [c.proposal for c in clocks(t, now, busy) if c.proposal is not None]


def due(t: Tournament, now: datetime, busy: Iterable[str] = ()) -> list[Called]:
    """The calls to record at `now`: each match on a table not called there yet (unless a player is
    busy elsewhere), and each repeated call whose time has come. At most one call per match."""
    held = tuple(busy)
    folded = {player_key(b) for b in held}
    at = utc_text(now)
    out: list[Called] = []
    for match, table in sorted(t.on_table.items(), key=lambda m: m[1]):
        slot = t.slots.get(match)
        if slot is None or slot.status is not MatchStatus.PLAYING or begun(t, match):
            continue
        players = tuple(p for p in (slot.a, slot.b) if p)
        current = _current_calls(t, match)
        if current is None or current[0].table != table:
            if not any(player_key(p) in folded for p in players):
                out.append(Called(match, table, 0, players, at))
            continue
        c = clock_of(t, match, now, held)
        if c is not None and c.next_call is not None and now >= c.next_call:
            out.append(Called(match, table, len(c.calls) + 1, c.timed, at))
    return out


def call_times(t: Tournament, match: str) -> tuple[str | None, tuple[str, ...]]:
    """`show`'s `called_at` and `calls` for a match: the latest call 0 and the repeated calls after it."""
    current = _current_calls(t, match)
    if current is None:
        return None, ()
    return current[0].at, tuple(c.at for c in current[1])
