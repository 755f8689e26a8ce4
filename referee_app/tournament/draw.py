"""The draw (spec §3): seed numbers, bracket positions, group dealing and round-robin order.

Deterministic: the only chance is `draw_seed`, an input that `show` prints, so anyone
can redo a draw by hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.model import Entry, TournamentRefused


def draw_key(draw_seed: int, name: str) -> str:
    """The drawn order of ties and unrated players: SHA-256 hex of "{draw_seed}:{name}"."""
    return hashlib.sha256(f"{draw_seed}:{name}".encode()).hexdigest()


def seed_order(entries: Sequence[Entry], draw_seed: int) -> tuple[Entry, ...]:
    """The entries by seed number: hand seeds kept, the rest by rating (highest first), then drawn.

    Refuses hand seeds outside 1..n or used twice.
    """
    n = len(entries)
    placed: dict[int, Entry] = {}
    for entry in entries:
        if entry.seed is None:
            continue
        if not 1 <= entry.seed <= n:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "{name}'s seed {seed} is not within 1..{players}"),
                name=entry.name,
                seed=entry.seed,
                players=n,
            )
        if entry.seed in placed:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "seed {seed} is given to both {first} and {second}"),
                seed=entry.seed,
                first=placed[entry.seed].name,
                second=entry.name,
            )
        placed[entry.seed] = entry
    others = sorted(
        (e for e in entries if e.seed is None),
        key=lambda e: (
            e.rating is None,
            -(e.rating if e.rating is not None else 0.0),
            draw_key(draw_seed, e.name),
        ),
    )
    free = iter(s for s in range(1, n + 1) if s not in placed)
    for entry in others:
        placed[next(free)] = entry
    return tuple(placed[s] for s in range(1, n + 1))


def bracket_size(n: int) -> int:
    """The smallest power of two >= n, at least 2."""
    size = 2
    while size < n:
        size *= 2
    return size


def slot_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket positions: from [1], each s of a list of length m becomes s, 2m+1-s."""
    order = [1]
    while len(order) < size:
        m = len(order)
        order = [x for s in order for x in (s, 2 * m + 1 - s)]
    return tuple(order)


def snake(n: int, groups: int) -> tuple[tuple[int, ...], ...]:
    """Seeds 1..n dealt into groups 1..G, then G..1, ... (seeds 1 and 2 never share a group)."""
    dealt: list[list[int]] = [[] for _ in range(groups)]
    for i in range(n):
        lap, pos = divmod(i, groups)
        dealt[pos if lap % 2 == 0 else groups - 1 - pos].append(i + 1)
    return tuple(tuple(g) for g in dealt)


def berger(players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Berger tables: rounds of (first, second) pairs by seed inside the group.

    With an odd number one player sits out each round and no pair is listed for it.
    """
    if players < 2:
        return ()
    n = players + players % 2
    m = n - 1
    rounds: list[tuple[tuple[int, int], ...]] = []
    for r in range(1, n):
        fixed = next(p for p in range(1, n) if (2 * p - (r + 1)) % m == 0)
        pairs: list[tuple[int, int]] = [(fixed, n) if r % 2 else (n, fixed)]
        for t in range(2, n // 2 + 1):
            first = (fixed + t - 2) % m + 1
            second = (r + 1 - first - 1) % m + 1
            pairs.append((first, second))
        rounds.append(tuple(p for p in pairs if n not in p or players == n))
    return tuple(rounds)
