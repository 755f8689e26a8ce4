"""The day's plan: how many matches, the longest chain one player can face, and the queue's order.

The chain bounds the day whatever the number of tables (a 64-player double elimination:
13 matches, the second final included; switched to single elimination at 16: 9). It is read
off the bracket itself, so byes shorten it: a bye is not a match, and nobody loses one.

The queue (spec §4): the losers' side and the hot seat first, then the earliest round. Within
a round, a group stage plays first the groups whose winners meet first in the knockout, so
the knockout starts while the last groups play; then the match that has waited longest (players
who just finished do not pass a match that was ready before them); then the matches whose result
completes a next match. When a match waits behind one that was ready after it, `held_back` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.bracket import Bracket, build
from referee_app.tournament.model import FromBest, FromGroup, GroupFormat, MatchSpec, Options

CONTEXT = "Plan"

Priority = tuple[int, int, int, int, int, int, int]


def is_losers_side(spec: MatchSpec) -> bool:
    return spec.id.startswith("L") or "-L" in spec.id


def priority(spec: MatchSpec, hot_seat: str | None, unlocks: int = 0, feeds: int = 0, waited: int = 0) -> Priority:
    """A ready match's place in the queue, lowest first: its stage; the losers' side and the hot
    seat first; the earliest round; for a group's match, how soon its group's winner plays in the
    knockout (`feeds`: `knockout_order`); how long it has waited (`waited`: the order the matches
    were called in, earliest lowest); then the matches whose result completes a next match."""
    first = 0 if is_losers_side(spec) or spec.id == hot_seat else 1
    return (spec.stage, first, spec.round, feeds, waited, -unlocks, spec.index)


def knockout_order(bracket: Bracket) -> dict[int, int]:
    """Each group by how soon its players meet in the knockout: the place, in the bracket's order,
    of the first knockout match that takes a player from it. The groups that feed the same first
    match finish together, and that match (and those after it) start while other groups play."""
    order: dict[int, int] = {}
    for position, spec in enumerate(s for s in bracket.matches if s.group is None):
        for source in (spec.a, spec.b):
            if isinstance(source, FromGroup):
                order.setdefault(source.group, position)
    return order


HELD_FIRST = QT_TRANSLATE_NOOP("Plan", "the losers' side and the hot seat play first ({match})")
HELD_ROUND = QT_TRANSLATE_NOOP("Plan", "an earlier round plays first ({match})")
HELD_STAGE = QT_TRANSLATE_NOOP("Plan", "the groups play before the knockout ({match})")
HELD_GROUP = QT_TRANSLATE_NOOP(
    "Plan", "the groups whose winners meet first in the knockout play first, so it can start sooner ({match})"
)
_HELD = (HELD_STAGE, HELD_FIRST, HELD_ROUND, HELD_GROUP)
"""Why a match waits behind one that was ready after it: the first part of the priority it lost on."""


def held_reason(waiting: Priority, ahead: Priority) -> str | None:
    """The template saying why the match ranked `waiting` goes after the one ranked `ahead`, which was
    ready after it (None when it does not: `ahead` is not ranked before it on any of those grounds)."""
    for part, template in enumerate(_HELD):
        if ahead[part] != waiting[part]:
            return template if ahead[part] < waiting[part] else None
    return None


@dataclass(frozen=True, slots=True)
class Plan:
    matches: int
    """Matches played (no byes), without a reset final."""
    most_matches: int
    """With the reset final, when it can be played."""
    longest_chain: int
    """The most matches one player can play, one after the other (a second final included)."""
    chain: tuple[str, ...] = ()
    """One such chain, by match id (byes left out): the matches behind `longest_chain`."""

    def describe(self, players: int, tr: Translate = english) -> str:
        """The plan as an organizer reads it, in the words of `tr` (English by default)."""
        if self.most_matches > self.matches:
            text = tr(CONTEXT, PLAN_WITH_RESET).format(players=players, n=self.matches, most=self.most_matches)
        else:
            text = tr(CONTEXT, PLAN).format(players=players, n=self.matches)
        if self.most_matches > self.matches and any(m.endswith("F2") for m in self.chain):
            return text + " " + tr(CONTEXT, CHAIN_WITH_RESET).format(chain=self.longest_chain)
        return text + " " + tr(CONTEXT, CHAIN).format(chain=self.longest_chain)


PLAN = QT_TRANSLATE_NOOP("Plan", "{players} players: {n} matches.")
PLAN_WITH_RESET = QT_TRANSLATE_NOOP("Plan", "{players} players: {n} matches, {most} if the second final is played.")
CHAIN = QT_TRANSLATE_NOOP("Plan", "The longest chain a player can face: {chain} matches.")
CHAIN_WITH_RESET = QT_TRANSLATE_NOOP(
    "Plan", "The longest chain a player can face: {chain} matches, the second final included."
)


def plan(options: Options, players: int) -> Plan:
    """The plan for `players` entries with these options (raises `TournamentRefused` as the draw would)."""
    bracket = build(options, [f"player {i}" for i in range(1, players + 1)])
    played = [s for s in bracket.matches if not s.is_bye]
    reset = sum(1 for s in played if s.conditional)
    chain = longest_path(bracket)
    return Plan(len(played) - reset, len(played), len(chain), chain)


def longest_chain(bracket: Bracket) -> int:
    """How many matches the longest chain counts (see `longest_path`)."""
    return len(longest_path(bracket))


def longest_path(bracket: Bracket) -> tuple[str, ...]:
    """The longest run of matches one player can play, by id: a path through the bracket that
    follows a played match to where its winner or its loser goes, and a bye only to where its
    player goes (a bye has no loser), counting the matches played, not the byes. A second final
    is on the path of both finalists: it can be played."""
    by_id = bracket.by_id

    @cache
    def longest(mid: str) -> tuple[str, ...]:
        spec = by_id[mid]
        nexts = [spec.winner_to] if spec.is_bye else [spec.winner_to, spec.loser_to]
        after = max((longest(m) for m in nexts if m is not None), key=len, default=())
        return after if spec.is_bye else (mid, *after)

    @cache
    def from_group(g: int) -> tuple[str, ...]:
        """A player's matches from a round-robin group on: its own, then the longest after it
        (another group when it is a qualifying pool, else the knockout)."""
        best = g in bracket.best_pools
        fed = [
            s
            for s in bracket.matches
            if any(
                (isinstance(x, FromGroup) and x.group == g) or (best and isinstance(x, FromBest)) for x in (s.a, s.b)
            )
        ]
        after = (from_group(s.group) if s.group is not None else longest(s.id) for s in fed)
        own = tuple(f"group {g}" for _ in range(len(bracket.groups[g - 1]) - 1))
        return own + max(after, key=len, default=())

    if bracket.groups and bracket.group_format is GroupFormat.RR:
        return max((from_group(g) for g in range(1, len(bracket.groups) + 1)), key=len)
    starts = [s for s in bracket.matches if s.round == 1 and s.stage == 1 and not (s.empty_a and s.empty_b)]
    return max((longest(s.id) for s in starts), key=len, default=())
