"""The match graph drawn from the seeds (spec §3, §4): single and double elimination, groups.

Built once at the draw, deterministically, from the number of players and the options:
every match, where its players come from, where they go, and the step at which a loser
goes out (which fixes places). Byes are structural: a side that can never hold a player
is marked at the draw, so a round-1 bye drops no loser into the losers' side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.draw import berger, bracket_size, draw_key, slot_order, snake
from referee_app.tournament.model import (
    FinalMode,
    Format,
    FromBest,
    FromGroup,
    FromLoser,
    FromSeed,
    FromWinner,
    GroupFormat,
    MatchSpec,
    Options,
    Qualifying,
    Side,
    Sizes,
    Source,
    TournamentRefused,
)

FINAL_OUT = 10_000
"""The elimination step of the final's loser (place 2)."""
SE_OUT = 1_000
"""Single-elimination rounds go out above every losers' round (`--se-at`)."""
P3_LOSER_OUT = 5_000
P3_WINNER_OUT = 5_001
QUALIFYING_OUT = 1_000
"""A qualifying pool's rank r goes out at step -(QUALIFYING_OUT + r): below everyone of the groups."""

Ordering = Callable[[list[int]], list[int]]


def _natural(xs: list[int]) -> list[int]:
    return xs


def _reverse(xs: list[int]) -> list[int]:
    return xs[::-1]


def _half_shift(xs: list[int]) -> list[int]:
    h = len(xs) // 2
    return xs[h:] + xs[:h]


def _reverse_half_shift(xs: list[int]) -> list[int]:
    return _half_shift(xs[::-1])


def _pair_flip(xs: list[int]) -> list[int]:
    out = list(xs)
    for i in range(0, len(out) - 1, 2):
        out[i], out[i + 1] = out[i + 1], out[i]
    return out


ORDERINGS: Mapping[str, Ordering] = {
    "natural": _natural,
    "reverse": _reverse,
    "half_shift": _half_shift,
    "reverse_half_shift": _reverse_half_shift,
    "pair_flip": _pair_flip,
}

# How each winners' round's losers drop into the losers' side, per bracket size (log2 of the
# slots): entry r-1 orders the losers of winners' round r. Chosen by a coordinate search over
# the orderings above, scored by simulated rematches (bench/tournament.py measures them).
# Coin-flip simulation, 1,500 outcomes (600 at 128 and 256): naive drops 3.13 rematches at 16
# and 27.1 at 128; these orders 0.76 at 16 (0.25 before the losers' semi-final), 0.72 at 32,
# 0.71 at 64 and 128 (0.25 early).
DROP_ORDERS: dict[int, tuple[str, ...]] = {
    2: ("reverse", "natural"),
    3: ("reverse", "natural", "natural"),
    4: ("half_shift", "reverse_half_shift", "reverse", "natural"),
    5: ("reverse", "half_shift", "reverse_half_shift", "reverse", "natural"),
    6: ("natural", "reverse", "reverse_half_shift", "half_shift", "natural", "natural"),
    7: ("natural", "reverse", "reverse_half_shift", "pair_flip", "half_shift", "natural", "natural"),
    8: ("natural", "half_shift", "reverse_half_shift", "pair_flip", "half_shift", "reverse", "natural", "natural"),
}
NAIVE = "natural"


def drop_orders(k: int) -> tuple[str, ...]:
    """The drop orderings used for a bracket of 2**k slots (natural where none is tabled)."""
    table = DROP_ORDERS.get(k, ())
    return tuple(table[r] if r < len(table) else NAIVE for r in range(k))


@dataclass(frozen=True, slots=True)
class Bracket:
    """The drawn tournament's structure; names are attached by seed (`seeds[s-1]`).

    `groups` holds every group's members as sources, the qualifying pools first (groups
    1..`qualifying`), then the groups; a member of a group may be a qualifying pool's place."""

    matches: tuple[MatchSpec, ...]
    seeds: tuple[str, ...]
    groups: tuple[tuple[Source, ...], ...] = ()
    group_format: GroupFormat | None = None
    advance: int = 0
    qualifiers: Mapping[tuple[int, int], str] = field(default_factory=dict)
    out_counts: Mapping[int, int] = field(default_factory=dict)
    by_id: Mapping[str, MatchSpec] = field(default_factory=dict)
    qualifying: int = 0
    """How many of the groups are qualifying pools (groups 1..qualifying)."""
    straight: Mapping[int, int] = field(default_factory=dict)
    """Per qualifying pool, how many go straight on."""
    best_rank: int = 0
    best_places: int = 0
    best_pools: tuple[int, ...] = ()
    """The qualifying pools whose player ranked `best_rank` is compared across pools for the
    `best_places` places left."""

    def group_advance(self, group: int) -> int:
        """How many of a group go straight on (a qualifying pool's own number, else `advance`)."""
        return self.straight.get(group, self.advance) if group <= self.qualifying else self.advance

    def place(self, out: int) -> int:
        """The first place of the tie of players going out at step `out` (spec §6)."""
        return 1 + len(self.seeds) - sum(c for step, c in self.out_counts.items() if step <= out)


class _Graph:
    """Matches added in play order (each after those that feed it), byes tracked as they go."""

    def __init__(self) -> None:
        self.specs: dict[str, MatchSpec] = {}
        self.counts: dict[int, int] = {}

    def empty(self, source: Source, empty_entrant: bool) -> bool:
        if isinstance(source, FromWinner):
            spec = self.specs[source.match]
            return spec.empty_a and spec.empty_b
        if isinstance(source, FromLoser):
            return self.specs[source.match].is_bye
        return empty_entrant

    def add(self, spec: MatchSpec, a_empty: bool = False, b_empty: bool = False) -> MatchSpec:
        spec = replace(spec, empty_a=self.empty(spec.a, a_empty), empty_b=self.empty(spec.b, b_empty))
        self.specs[spec.id] = spec
        return spec

    def count(self, out: int, n: int = 1) -> None:
        self.counts[out] = self.counts.get(out, 0) + n


Entrant = tuple[Source, bool]
"""A knockout's entrant by seed: where the player comes from, and whether it is a bye."""


def _single(
    graph: _Graph,
    entrants: Sequence[Entrant],
    *,
    stage: int,
    first_round: int,
    race: int,
    race_final: int,
    third_place: bool,
) -> None:
    """Single elimination of the entrants (seed order); its last match is `F1`."""
    size = bracket_size(len(entrants))
    order = slot_order(size)
    padded = list(entrants) + [(FromSeed(s), True) for s in range(len(entrants) + 1, size + 1)]
    rounds = size.bit_length() - 1
    previous: list[str] = []
    for r in range(1, rounds + 1):
        count = size >> r
        current: list[str] = []
        for i in range(1, count + 1):
            last = r == rounds
            mid = "F1" if last else f"W{first_round + r - 1}-{i}"
            if r == 1:
                (a, a_empty), (b, b_empty) = padded[order[2 * i - 2] - 1], padded[order[2 * i - 1] - 1]
            else:
                a, b, a_empty, b_empty = FromWinner(previous[2 * i - 2]), FromWinner(previous[2 * i - 1]), False, False
            semi = third_place and r == rounds - 1
            out = None if semi else (FINAL_OUT if last else SE_OUT + r)
            spec = graph.add(
                MatchSpec(
                    mid,
                    stage,
                    Side.F if last else Side.W,
                    first_round + r - 1,
                    1 if last else i,
                    race_final if last else race,
                    a,
                    b,
                    None,
                    None,
                    loser_out=out,
                ),
                a_empty,
                b_empty,
            )
            if not spec.is_bye and out is not None:
                graph.count(out)
            current.append(mid)
        previous = current
    if third_place and rounds >= 2:
        semis = [f"W{first_round + rounds - 2}-{i}" for i in (1, 2)]
        p3 = graph.add(
            MatchSpec(
                "P3",
                stage,
                Side.P,
                first_round + rounds - 1,
                1,
                race,
                FromLoser(semis[0]),
                FromLoser(semis[1]),
                None,
                None,
                loser_out=P3_LOSER_OUT,
                winner_out=P3_WINNER_OUT,
            )
        )
        if not p3.is_bye:
            graph.count(P3_LOSER_OUT)
        if not (p3.empty_a and p3.empty_b):
            graph.count(P3_WINNER_OUT)


def _double(
    graph: _Graph,
    entrants: Sequence[Entrant],
    *,
    stage: int,
    prefix: str,
    side_w: Side,
    side_l: Side,
    race: int,
    race_losers: int,
    stop: int | None,
    out_of: Callable[[int], int],
) -> tuple[list[str], list[str]]:
    """Double elimination until `stop` players remain (None: to one per side).

    Returns the matches whose winners survive on each side (winners' side, losers' side),
    top first. A losers' round r loser goes out at step `out_of(r)`.
    """
    size = bracket_size(len(entrants))
    k = size.bit_length() - 1
    rounds_w = k if stop is None else (2 * size // stop).bit_length() - 1
    order = slot_order(size)
    padded = list(entrants) + [(FromSeed(s), True) for s in range(len(entrants) + 1, size + 1)]
    orders = drop_orders(k)
    w: dict[int, list[str]] = {}
    for r in range(1, rounds_w + 1):
        w[r] = []
        for i in range(1, (size >> r) + 1):
            mid = f"{prefix}W{r}-{i}"
            if r == 1:
                (a, a_empty), (b, b_empty) = padded[order[2 * i - 2] - 1], padded[order[2 * i - 1] - 1]
            else:
                a, b, a_empty, b_empty = FromWinner(w[r - 1][2 * i - 2]), FromWinner(w[r - 1][2 * i - 1]), False, False
            graph.add(MatchSpec(mid, stage, side_w, r, i, race, a, b, None, None), a_empty, b_empty)
            w[r].append(mid)
    lose: list[str] = []
    for r in range(1, 2 * rounds_w - 1):
        current: list[str] = []
        if r == 1:
            dropped = ORDERINGS[orders[0]](list(range(1, len(w[1]) + 1)))
            pairs: list[tuple[Source, Source]] = [
                (FromLoser(w[1][dropped[2 * i] - 1]), FromLoser(w[1][dropped[2 * i + 1] - 1]))
                for i in range(len(dropped) // 2)
            ]
        elif r % 2 == 0:
            wr = r // 2 + 1
            dropped = ORDERINGS[orders[wr - 1]](list(range(1, len(w[wr]) + 1)))
            pairs = [(FromLoser(w[wr][d - 1]), FromWinner(lose[i])) for i, d in enumerate(dropped)]
        else:
            pairs = [(FromWinner(lose[2 * i]), FromWinner(lose[2 * i + 1])) for i in range(len(lose) // 2)]
        for i, (a, b) in enumerate(pairs, start=1):
            mid = f"{prefix}L{r}-{i}"
            spec = graph.add(MatchSpec(mid, stage, side_l, r, i, race_losers, a, b, None, None, loser_out=out_of(r)))
            if not spec.is_bye:
                graph.count(out_of(r))
            current.append(mid)
        lose = current
    if not lose:  # two slots: the first match's loser is the losers' side
        return w[rounds_w], []
    return w[rounds_w], lose


def _knockout(graph: _Graph, entrants: Sequence[Entrant], options: Options, stage: int) -> None:
    """The elimination part (the whole tournament, or the stage after the groups)."""
    if options.knockout is Format.SE:
        _single(
            graph,
            entrants,
            stage=stage,
            first_round=1,
            race=options.race,
            race_final=options.final_race,
            third_place=options.third_place,
        )
        return
    size = bracket_size(len(entrants))
    if options.se_at is not None and options.se_at >= size:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "--se-at {se_at} needs more than {se_at} players in the knockout, not {players}"
            ),
            se_at=options.se_at,
            players=len(entrants),
        )
    top, bottom = _double(
        graph,
        entrants,
        stage=stage,
        prefix="",
        side_w=Side.W,
        side_l=Side.L,
        race=options.race,
        race_losers=options.losers_race,
        stop=options.se_at,
        out_of=lambda r: r,
    )
    if options.se_at is not None:
        rounds_w = int(top[0].split("-")[0][1:])
        se_entrants = [(FromWinner(m), graph.empty(FromWinner(m), False)) for m in top + bottom]
        _single(
            graph,
            se_entrants,
            stage=stage,
            first_round=rounds_w + 1,
            race=options.race,
            race_final=options.final_race,
            third_place=False,
        )
        return
    champion_l: Source = FromWinner(bottom[0]) if bottom else FromLoser(top[0])
    reset = options.final is FinalMode.RESET
    graph.add(
        MatchSpec(
            "F1",
            stage,
            Side.F,
            1,
            1,
            options.final_race,
            FromWinner(top[0]),
            champion_l,
            None,
            None,
            loser_out=FINAL_OUT,
        )
    )
    if reset:
        graph.add(
            MatchSpec(
                "F2",
                stage,
                Side.F,
                2,
                1,
                options.final_race,
                FromWinner("F1"),
                FromLoser("F1"),
                None,
                None,
                loser_out=FINAL_OUT,
                conditional=True,
            )
        )
    graph.count(FINAL_OUT)


def _link(graph: _Graph) -> dict[str, MatchSpec]:
    """Fill in `winner_to`/`loser_to` from the sources."""
    winner_to: dict[str, str] = {}
    loser_to: dict[str, str] = {}
    for spec in graph.specs.values():
        for source in (spec.a, spec.b):
            if isinstance(source, FromWinner):
                winner_to[source.match] = spec.id
            elif isinstance(source, FromLoser):
                loser_to[source.match] = spec.id
    return {
        mid: replace(spec, winner_to=winner_to.get(mid), loser_to=loser_to.get(mid))
        for mid, spec in graph.specs.items()
    }


def build(options: Options, seeds: Sequence[str], draw_seed: int = 0) -> Bracket:
    """The bracket for the seeded players (`seeds[0]` is seed 1). Refuses impossible options.

    `draw_seed` places the qualifying pools' places in the groups (the only draw after the seeds)."""
    n = len(seeds)
    if n < 2:
        raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "a draw needs at least 2 players"))
    if n > 256:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "a draw takes at most 256 players, not {players}"), players=n
        )
    graph = _Graph()
    if options.format is not Format.GROUPS:
        _knockout(graph, [(FromSeed(s), False) for s in range(1, n + 1)], options, stage=1)
        specs = _link(graph)
        return Bracket(tuple(specs.values()), tuple(seeds), out_counts=dict(graph.counts), by_id=specs)
    return _groups(graph, options, seeds, draw_seed)


def _round_robin(graph: _Graph, g: int, members: Sequence[Source], race: int) -> None:
    """A round-robin group's matches in Berger order (players numbered by their place in `members`)."""
    for r, pairs in enumerate(berger(len(members)), start=1):
        for i, (x, y) in enumerate(pairs, start=1):
            graph.add(
                MatchSpec(f"G{g}-{r}-{i}", 1, Side.G, r, i, race, members[x - 1], members[y - 1], None, None, group=g)
            )


@dataclass(frozen=True, slots=True)
class _Morning:
    """The qualifying pools as drawn, and the places they fill in the groups (in drawn order)."""

    pools: tuple[tuple[Source, ...], ...]
    places: tuple[Source, ...]
    straight: dict[int, int]
    best_pools: tuple[int, ...]
    best_places: int


def _qualifying(graph: _Graph, q: Qualifying, n: int, groups: int, race: int, draw_seed: int) -> _Morning:
    """The qualifying pools: seeds after `q.direct` dealt in the snake (one of the first seeds after
    them heads each pool), round robin; the places straight from each pool and the best players of
    `q.best_rank`, put in drawn order (SHA-256 of "{draw_seed}:{place}", as the spec draws ties),
    kept apart from their own pool's players (`_apart`)."""
    playing = n - q.direct
    if playing < 2 * q.pools:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "{pools} qualifying pools need at least {least} players after the first {direct} seeds, not {players}",
            ),
            pools=q.pools,
            least=2 * q.pools,
            direct=q.direct,
            players=playing,
        )
    dealt = snake(playing, q.pools)
    pools = tuple(tuple(FromSeed(q.direct + s) for s in members) for members in dealt)
    rule = Sizes(size for size, _ in sorted(q.advance))
    straight: dict[int, int] = {}
    places: list[Source] = []
    for g, members in enumerate(pools, start=1):
        k = q.straight(len(members))
        if k is None:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "the qualifying rule takes pools of {sizes}, not pools of {size}"
                    " ({players} players in {pools} pools)",
                ),
                sizes=rule,
                size=len(members),
                players=playing,
                pools=q.pools,
            )
        straight[g] = k
        places += [FromGroup(g, rank) for rank in range(1, k + 1)]
        _round_robin(graph, g, members, race)
    candidates = tuple(g for g, members in enumerate(pools, start=1) if straight[g] < q.best_rank <= len(members))
    extra = q.places - len(places)
    if extra < 0:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "{straight} players go straight on from the qualifying pools, more than the {places} places",
            ),
            straight=len(places),
            places=q.places,
        )
    if extra > len(candidates):
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "the {places} places need {extra} more players ranked {rank}, and only {pools}"
                " qualifying pools have one to compare",
            ),
            places=q.places,
            extra=extra,
            rank=q.best_rank,
            pools=len(candidates),
        )
    places += [FromBest(i, q.best_rank) for i in range(1, extra + 1)]
    for g, members in enumerate(pools, start=1):
        for rank in range(straight[g] + 1, len(members) + 1):
            if not (rank == q.best_rank and g in candidates):
                graph.count(-(QUALIFYING_OUT + rank))
    if len(candidates) > extra:
        graph.count(-(QUALIFYING_OUT + q.best_rank), len(candidates) - extra)
    drawn = sorted(places, key=lambda p: draw_key(draw_seed, str(p)))
    return _Morning(pools, _apart(drawn, q.direct, groups, candidates), straight, candidates, extra)


def _apart(drawn: list[Source], direct: int, groups: int, best_pools: tuple[int, ...]) -> tuple[Source, ...]:
    """The places in drawn order, moved only as far as needed so that two players of one qualifying
    pool never share a group (they have met already): the first arrangement, position by position,
    taking the earliest drawn place that fits. A best place may be any compared pool's, so it shares
    a group with no other place of those pools. Kept as drawn when no arrangement fits."""
    size = direct + len(drawn)
    group_of = {p: g for g, members in enumerate(snake(size, groups)) for p in members}

    def pools_of(place: Source) -> set[int]:
        if isinstance(place, FromGroup):
            return {place.group}
        return set(best_pools) if isinstance(place, FromBest) else set()

    def clash(x: Source, y: Source) -> bool:
        if isinstance(x, FromBest) and isinstance(y, FromBest):
            return False  # the best of different pools, by their making
        return bool(pools_of(x) & pools_of(y))

    placed: list[Source] = []
    budget = [20_000]  # tries: an arrangement that cannot be found is given up quickly

    def fill(left: list[Source]) -> bool:
        if not left:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        group = group_of[direct + len(placed) + 1]
        mates = [placed[i] for i in range(len(placed)) if group_of[direct + i + 1] == group]
        for place in left:
            if not any(clash(place, mate) for mate in mates):
                placed.append(place)
                if fill([p for p in left if p is not place]):
                    return True
                placed.pop()
        return False

    return tuple(placed) if fill(list(drawn)) else tuple(drawn)


def _groups(graph: _Graph, options: Options, seeds: Sequence[str], draw_seed: int) -> Bracket:  # noqa: C901
    n = len(seeds)
    assert options.groups is not None and options.advance is not None
    g_count, advance = options.groups, options.advance
    entrants: list[Source] = [FromSeed(s) for s in range(1, n + 1)]
    morning: _Morning | None = None
    if options.qualifying is not None:
        q = options.qualifying
        morning = _qualifying(graph, q, n, g_count, options.race, draw_seed)
        entrants = [FromSeed(s) for s in range(1, q.direct + 1)] + list(morning.places)
    offset = 0 if morning is None else len(morning.pools)
    if len(entrants) < g_count * 2:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "{groups} groups need at least {least} players, not {players}"),
            groups=g_count,
            least=2 * g_count,
            players=len(entrants),
        )
    dealt = tuple(tuple(entrants[p - 1] for p in members) for members in snake(len(entrants), g_count))
    smallest = min(len(members) for members in dealt)
    if smallest <= advance:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "groups of {size} cannot send {advance} on: lower --advance or --groups"
            ),
            size=smallest,
            advance=advance,
        )
    qualifiers: dict[tuple[int, int], str] = {}
    for g, members in enumerate(dealt, start=offset + 1):
        if options.group_format is GroupFormat.RR:
            _round_robin(graph, g, members, options.race)
            for rank in range(advance + 1, len(members) + 1):
                graph.count(-rank)
            continue
        size = bracket_size(len(members))
        if advance > size // 2:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "a double-elimination group of {size} cannot send {advance} on"),
                size=len(members),
                advance=advance,
            )
        before = dict(graph.counts)
        sub = _Graph()
        sub.specs = graph.specs
        top, bottom = _double(
            sub,
            [(s, False) for s in members],
            stage=1,
            prefix=f"G{g}-",
            side_w=Side.G,
            side_l=Side.G,
            race=options.race,
            race_losers=options.losers_race,
            stop=advance,
            out_of=lambda r: r,
        )
        # Ranks in the group: those out in a later losers' round rank higher (spec §3).
        remaining = len(members)
        rank_of: dict[int, int] = {}
        for r in range(1, 2 * size):
            remaining -= sub.counts.get(r, 0)
            rank_of[r] = remaining + 1
        for mid in list(graph.specs):
            spec = graph.specs[mid]
            if mid.startswith(f"G{g}-L") and spec.loser_out is not None and spec.loser_out > 0:
                graph.specs[mid] = replace(spec, loser_out=-rank_of[spec.loser_out], group=g)
            elif mid.startswith(f"G{g}-"):
                graph.specs[mid] = replace(spec, group=g)
        graph.counts = before
        for r, c in sub.counts.items():
            graph.count(-rank_of[r], c)
        for k, mid in enumerate(top + bottom, start=1):
            qualifiers[(g, k)] = mid
    order = _group_seeding(g_count, advance, bracket_size(g_count * advance))
    knockout: list[Entrant] = []
    for g, rank in order:
        source = (offset + g, rank)
        empty = False
        if source in qualifiers:
            empty = graph.empty(FromWinner(qualifiers[source]), False)
        knockout.append((FromGroup(*source), empty))
    _knockout(graph, knockout, options, stage=2)
    specs = _link(graph)
    for (g, k), mid in qualifiers.items():
        target = next(s.id for s in specs.values() if s.stage == 2 and FromGroup(g, k) in (s.a, s.b))
        specs[mid] = replace(specs[mid], winner_to=target)
    return Bracket(
        tuple(specs.values()),
        tuple(seeds),
        groups=dealt if morning is None else morning.pools + dealt,
        group_format=options.group_format,
        advance=advance,
        qualifiers=qualifiers,
        out_counts=dict(graph.counts),
        by_id=specs,
        qualifying=offset,
        straight={} if morning is None else morning.straight,
        best_rank=0 if morning is None or options.qualifying is None else options.qualifying.best_rank,
        best_places=0 if morning is None else morning.best_places,
        best_pools=() if morning is None else morning.best_pools,
    )


def _meets(p: int, q: int) -> int:
    """The round in which bracket positions p and q (0-based) can meet: later is farther apart."""
    return (p ^ q).bit_length()


def _group_seeding(groups: int, advance: int, size: int) -> list[tuple[int, int]]:
    """(group, rank) by knockout seed: winners by group number, then each rank kept away from its group."""
    position = {seed: p for p, seed in enumerate(slot_order(size))}
    placed: dict[int, list[int]] = {g: [] for g in range(1, groups + 1)}
    seeding: list[tuple[int, int]] = []
    for rank in range(1, advance + 1):
        free = list(range(1, groups + 1))
        for j in range(groups):
            seed = (rank - 1) * groups + j + 1
            if rank == 1:
                g = free[0]
            else:
                g = max(free, key=lambda c: (min(_meets(position[seed], position[s]) for s in placed[c]), -c))
            free.remove(g)
            placed[g].append(seed)
            seeding.append((g, rank))
    return seeding
