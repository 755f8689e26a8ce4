"""The tournament as people see it (spec §4, §6), made once per state, and what `--json` prints.

`view` is typed and frozen: the window, the paper and the board read it. `to_json` (and `show`,
`standings`) give the spec's dicts, in its key order, for the JSON edges only: the command
line's `--json` and the web pages' feed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.bracket import QUALIFYING_OUT, Bracket
from referee_app.tournament.clock import at_table, call_times
from referee_app.tournament.events import late_start_to_dict, money_text
from referee_app.tournament.model import WPA_LATE_START, Entry, Format, LateStart, MatchStatus, Side, Status
from referee_app.tournament.state import EMPTY, Payment, Slot, Tournament

SHOW_FORMAT = "referee-app/tournament@1"
STANDINGS_FORMAT = "referee-app/standings@1"


def _number(value: float | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def entry_json(entry: Entry, present: bool | None = None, paid: Payment | None = None) -> dict[str, Any]:
    return {
        "name": entry.name,
        "seed": entry.seed,
        "rating": _number(entry.rating),
        "fargo_id": entry.fargo_id,
        "licence": entry.licence,
        "club": entry.club,
        "present": present,
        "paid": None if paid is None else {"amount": money_text(paid.amount), "method": paid.method, "note": paid.note},
    }


def destinations(t: Tournament, slot: Slot) -> tuple[str | None, str | None]:
    """Where the winner and the loser go (spec §4), with the reset final's rule for F1."""
    spec = slot.spec
    if spec.id == "F1" and t.bracket is not None and "F2" in t.bracket.by_id:
        if slot.winner is None:
            return "F2", "F2"
        return ("F2", "F2") if "F2" in t.slots else (None, None)
    loser_to = None if slot.status is MatchStatus.BYE else spec.loser_to
    return spec.winner_to, loser_to


@dataclass(frozen=True, slots=True)
class MatchView:
    """One match as spec §4 shows it: its players (None: not known yet), where it stands, its result."""

    id: str
    stage: int
    side: Side
    round: int
    a: str | None
    b: str | None
    from_a: str
    from_b: str
    race: int
    status: MatchStatus
    winner: str | None
    score: tuple[int, int] | None
    table: int | None
    match_id: str | None
    winner_to: str | None
    loser_to: str | None
    called_at: str | None = None
    """UTC of the call to its table (the latest), or None."""
    calls: tuple[str, ...] = ()
    """UTC of the late-start clock's calls made since (the +5, +10, +14 minutes ones)."""
    at_table: tuple[str, ...] = ()
    """The players at its table (all of them once the match started), a/b order."""

    @property
    def to_play(self) -> bool:
        """On a table, or ready for one: a result may be typed."""
        return self.status in (MatchStatus.READY, MatchStatus.PLAYING)

    @property
    def played(self) -> bool:
        """Won at the table or by walkover (a bye is not played)."""
        return self.status in (MatchStatus.DONE, MatchStatus.FORFEIT)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "stage": self.stage,
            "side": self.side.value,
            "round": self.round,
            "a": self.a,
            "b": self.b,
            "from_a": self.from_a,
            "from_b": self.from_b,
            "race": self.race,
            "status": self.status.value,
            "winner": self.winner,
            "score": list(self.score) if self.score is not None else None,
            "table": self.table,
            "match_id": self.match_id,
            "winner_to": self.winner_to,
            "loser_to": self.loser_to,
            "called_at": self.called_at,
            "calls": list(self.calls),
            "at_table": list(self.at_table),
        }


@dataclass(frozen=True, slots=True)
class TournamentView:
    """The tournament as spec §4 shows it, made once per state."""

    id: str
    name: str
    status: Status
    draw_seed: int | None
    entries: tuple[Entry, ...]
    tables: tuple[int, ...]
    queue: tuple[str, ...]
    matches: tuple[MatchView, ...]
    phones: tuple[int, ...] = ()
    """The tables scored on the players' phones (phone.md), sorted."""
    checkin: bool = False
    present: frozenset[str] = frozenset()
    paid: Mapping[str, Payment] = field(default_factory=dict)
    fee: Decimal | None = None
    late_start: LateStart | None = WPA_LATE_START
    absent: tuple[str, ...] = ()
    doubled: tuple[tuple[str, str, str], ...] = ()
    """Second check-ins shown to the organizer: (name, by, at)."""
    one_phone: tuple[int, ...] = ()
    """The phone tables where one phone may give both signatures (phone.md 1.1), sorted."""

    def match(self, match_id: str) -> MatchView | None:
        return next((m for m in self.matches if m.id == match_id), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SHOW_FORMAT,
            "id": self.id,
            "name": self.name,
            "status": self.status.value,
            "draw_seed": self.draw_seed,
            "entries": [
                entry_json(e, (e.name in self.present) if self.checkin else None, self.paid.get(e.name))
                for e in self.entries
            ],
            "tables": list(self.tables),
            "phones": list(self.phones),
            "one_phone": list(self.one_phone),
            "queue": list(self.queue),
            "matches": [m.to_json() for m in self.matches],
            "checkin": self.checkin,
            "fee": None if self.fee is None else money_text(self.fee),
            "late_start": late_start_to_dict(self.late_start),
            "absent": list(self.absent),
            "doubled": [{"name": n, "by": by, "at": at} for n, by, at in self.doubled],
        }


NOTHING = TournamentView("", "", Status.ENTRIES, None, (), (), (), ())
"""What is shown before a tournament is created."""


def match_view(t: Tournament, slot: Slot) -> MatchView:
    spec = slot.spec
    winner_to, loser_to = destinations(t, slot)
    score = slot.outcome.score if slot.outcome is not None and slot.status is MatchStatus.DONE else None
    called_at, calls = call_times(t, spec.id)
    return MatchView(
        spec.id,
        spec.stage,
        spec.side,
        spec.round,
        slot.a or None,
        slot.b or None,
        str(spec.a),
        str(spec.b),
        spec.race,
        slot.status,
        slot.winner or None,
        (score[0], score[1]) if score is not None else None,
        slot.table,
        slot.match_id,
        winner_to,
        loser_to,
        called_at,
        calls,
        at_table(t, spec.id),
    )


def view(t: Tournament | None, tournament_id: str) -> TournamentView:
    """The tournament as everyone in the process reads it (`NOTHING` before its creation)."""
    if t is None:
        return NOTHING
    matches = tuple(match_view(t, slot) for slot in t.slots.values())
    return TournamentView(
        tournament_id,
        t.name,
        t.status,
        t.draw_seed,
        t.entries,
        tuple(t.tables),
        tuple(t.queue),
        matches,
        tuple(sorted(t.phones)),
        t.options.checkin,
        t.checked_in,
        t.paid,
        t.options.fee,
        t.options.late_start,
        t.absent,
        tuple((d.name, d.by, d.at) for d in t.doubled),
        tuple(sorted(t.one_phone & set(t.phones))),
    )


def show(t: Tournament, tournament_id: str) -> dict[str, Any]:
    """The bracket as `show --json` prints it."""
    return view(t, tournament_id).to_json()


def outs(t: Tournament) -> dict[str, int]:
    """Each player already out (or placed, once finished) and the place the bracket fixed."""
    bracket = t.bracket
    if bracket is None:
        return {}
    placed: dict[str, int] = {}
    for slot in t.slots.values():
        spec = slot.spec
        if not slot.played or slot.winner is None or slot.loser is None:
            continue
        if spec.id == "F1" and "F2" in t.slots:
            continue  # the hot seat lost F1: a second final decides
        if spec.loser_out is not None and slot.loser != EMPTY:
            placed[slot.loser] = bracket.place(spec.loser_out)
        if spec.winner_out is not None:
            placed[slot.winner] = bracket.place(spec.winner_out)
    for slot in t.slots.values():  # a third-place match that is a bye still places its player
        if slot.status is MatchStatus.BYE and slot.spec.winner_out is not None and slot.winner:
            placed[slot.winner] = bracket.place(slot.spec.winner_out)
    _group_outs(t, bracket, placed)
    if t.status is Status.FINISHED:
        final = t.slots.get("F2") or t.slots.get("F1")
        if final is not None and final.winner:
            placed[final.winner] = 1
    return placed


def _group_outs(t: Tournament, bracket: Bracket, placed: dict[str, int]) -> None:
    """Those a group did not send on, placed by their rank in it; a qualifying pool's below every
    group's, and its player of the compared rank only once the best are known (and not among them)."""
    best = set(t.best_order[: bracket.best_places])
    for g, order in t.group_order.items():
        qualifying = g <= bracket.qualifying
        for rank, name in enumerate(order, start=1):
            if rank <= bracket.group_advance(g):
                continue
            compared = rank == bracket.best_rank and g in bracket.best_pools
            if not qualifying:
                placed[name] = bracket.place(-rank)
            elif not compared or (t.best_order and name not in best):
                placed[name] = bracket.place(-(QUALIFYING_OUT + rank))


@dataclass(frozen=True, slots=True)
class Standings:
    """Places and performance (spec §6): the places fixed so far, best first, each with its names."""

    status: Status
    places: tuple[tuple[int, tuple[str, ...]], ...]
    performance: Mapping[str, int | None]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STANDINGS_FORMAT,
            "status": self.status.value,
            "places": [{"place": p, "names": list(names)} for p, names in self.places],
            "performance": dict(self.performance),
        }


def standings_view(t: Tournament) -> Standings:
    """The places the bracket fixed so far and every entry's event performance."""
    ties: dict[int, list[str]] = {}
    for name, place in outs(t).items():
        ties.setdefault(place, []).append(name)
    places = tuple((p, tuple(sorted(ties[p]))) for p in sorted(ties))
    return Standings(t.status, places, {e.name: performance_of(t, e.name) for e in t.entries})


def standings(t: Tournament) -> dict[str, Any]:
    """Places and performance as `standings --json` prints them."""
    return standings_view(t).to_json()


def racks_against(t: Tournament, name: str) -> list[tuple[float, int, int]]:
    """(opponent's rating, racks won, racks lost) for each match played against a rated opponent."""
    ratings = {e.name: e.rating for e in t.entries}
    faced: list[tuple[float, int, int]] = []
    for slot in t.slots.values():
        if slot.status is not MatchStatus.DONE or slot.outcome is None or slot.outcome.score is None:
            continue
        if name not in (slot.a, slot.b):
            continue
        other = slot.b if name == slot.a else slot.a
        rating = ratings.get(other or "")
        if rating is None:
            continue
        mine, theirs = slot.outcome.score if name == slot.a else slot.outcome.score[::-1]
        faced.append((rating, mine, theirs))
    return faced


def rack_chance(rating: float, opponent: float) -> float:
    """Fargo scale: 2 to 1 odds per 100 points."""
    return 1.0 / (1.0 + float(2.0 ** (-(rating - opponent) / 100.0)))


def performance(faced: Iterable[tuple[float, int, int]]) -> int | None:
    """The rating whose expected racks equal the racks won (spec §6), or None."""
    faced = [(r, w, lost) for r, w, lost in faced if w + lost > 0]
    won = sum(w for _, w, _ in faced)
    total = sum(w + lost for _, w, lost in faced)
    if not faced or won == 0 or won == total:
        return None
    low, high = min(r for r, _, _ in faced) - 5000.0, max(r for r, _, _ in faced) + 5000.0
    for _ in range(200):
        mid = (low + high) / 2
        expected = sum((w + lost) * rack_chance(mid, r) for r, w, lost in faced)
        if expected < won:
            low = mid
        else:
            high = mid
        if high - low < 1e-9:
            break
    return math.floor((low + high) / 2 + 0.5)


def performance_of(t: Tournament, name: str) -> int | None:
    return performance(racks_against(t, name))


ROUND = "Tournament"
"""The translation context of the round names (written out below: Qt's lupdate reads only a
literal context, and skips a call whose context is a name)."""
_WORDS = {
    "final": QT_TRANSLATE_NOOP("Tournament", "Final"),
    "second": QT_TRANSLATE_NOOP("Tournament", "Second final"),
    "third": QT_TRANSLATE_NOOP("Tournament", "Third place"),
    "hot": QT_TRANSLATE_NOOP("Tournament", "Hot seat"),
    "losers_final": QT_TRANSLATE_NOOP("Tournament", "Losers' final"),
    "semi": QT_TRANSLATE_NOOP("Tournament", "Semi-final"),
    "quarter": QT_TRANSLATE_NOOP("Tournament", "Quarter-final"),
    "winners": QT_TRANSLATE_NOOP("Tournament", "Winners' round {n}"),
    "losers": QT_TRANSLATE_NOOP("Tournament", "Losers' round {n}"),
    "round": QT_TRANSLATE_NOOP("Tournament", "Round {n}"),
    "group": QT_TRANSLATE_NOOP("Tournament", "Group {g}, round {n}"),
    "group_winners": QT_TRANSLATE_NOOP("Tournament", "Group {g}, winners' round {n}"),
    "group_losers": QT_TRANSLATE_NOOP("Tournament", "Group {g}, losers' round {n}"),
}
ROUND_WORDS: Mapping[str, str] = _WORDS
"""The engine's round names by key, for those who read a round back from its words."""


def round_name(t: Tournament, match: str, tr: Translate = english) -> str:
    """The round as the desk's overlay and the board say it ("Losers' round 3", "Hot seat")."""
    assert t.bracket is not None
    return _Rounds(t, tr).name(match)


def round_names_of(t: Tournament, tr: Translate = english) -> dict[str, str]:
    """Every match's `round_name`, the bracket counted once (not once a match: a window shows the
    126 of a 64-player double elimination each time the phones move the tournament on)."""
    if t.bracket is None:
        return {}
    rounds = _Rounds(t, tr)
    return {mid: rounds.name(mid) for mid in t.slots}


class _Rounds:
    """What a round's name reads of the whole bracket: how many matches each round has, and the
    last losers' round of each stage."""

    def __init__(self, t: Tournament, tr: Translate) -> None:
        assert t.bracket is not None
        self.t, self.tr = t, tr
        self.sizes: dict[tuple[int, Side, int], int] = {}
        self.last_losers: dict[int, int] = {}
        for s in t.bracket.matches:
            key = (s.stage, s.side, s.round)
            self.sizes[key] = self.sizes.get(key, 0) + 1
            if s.side is Side.L:
                self.last_losers[s.stage] = max(self.last_losers.get(s.stage, s.round), s.round)

    def say(self, key: str, **values: int) -> str:
        return self.tr(ROUND, _WORDS[key]).format(**values)

    def name(self, match: str) -> str:
        t, say = self.t, self.say
        assert t.bracket is not None
        spec = t.bracket.by_id[match]
        if spec.id == "F1":
            return say("final")
        if spec.id == "F2":
            return say("second")
        if spec.id == "P3":
            return say("third")
        if spec.id == t.hot_seat:
            return say("hot")
        if spec.group is not None:
            if spec.side is Side.G and "-W" in spec.id:
                return say("group_winners", g=spec.group, n=spec.round)
            if "-L" in spec.id:
                return say("group_losers", g=spec.group, n=spec.round)
            return say("group", g=spec.group, n=spec.round)
        same_round = self.sizes[(spec.stage, spec.side, spec.round)]
        if spec.side is Side.L:
            # switched to single elimination, the last losers' round sends several on: no final there
            final = spec.round == self.last_losers[spec.stage] and same_round == 1
            return say("losers_final") if final else say("losers", n=spec.round)
        single = t.options.knockout is Format.SE or spec.loser_out is not None  # the --se-at part
        if single and same_round == 2:
            return say("semi")
        if single and same_round == 4:
            return say("quarter")
        return say("winners" if t.options.knockout is Format.DE else "round", n=spec.round)
