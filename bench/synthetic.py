"""A deterministic synthetic match log for the benchmarks: N racks, ~18 events each."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from referee_app.game.events import Break, Called, Entry, Event, Lag, MatchStarted, Potted, Shot, ShotClock, Stalemate
from referee_app.game.vocab import Pocket, Seat
from referee_app.log.projection import project_log
from referee_app.log.store import Store

POCKETS = list(Pocket)


def synthetic_events(racks: int) -> list[Event]:
    """`racks` racks of a race to 99: the breaker wins each until 98-98, then stalemates."""
    events: list[Event] = [
        MatchStarted(players=("Ana", "Ben"), race_to=99, match_id=f"bench-{racks}"),
        Lag(winner=Seat.A, breaker=Seat.A),
    ]
    for rack in range(racks):
        # With alternate breaks B breaks odd racks; the breaker drops the 2 and runs to a miss.
        events.append(Break(rails=5, pocketed=(Potted(2, Pocket.FL),)))
        for n, ball in enumerate((1, 3, 4, 5, 6, 7, 8, 9)):
            pocket = POCKETS[(rack + n) % 6]
            events.append(Shot(call=Called(ball, pocket)))  # a miss: the other player comes to the table
            events.append(Shot(call=Called(ball, pocket), pocketed=(Potted(ball, pocket),)))
        if rack < 196:
            events.append(Shot(call=Called(10, Pocket.FR), pocketed=(Potted(10, Pocket.FR),)))
        else:
            events.append(Stalemate())
    return events


def synthetic_entries(racks: int) -> list[Entry]:
    return [Entry(i, e, "2026-01-01T00:00:00.000Z") for i, e in enumerate(synthetic_events(racks), start=1)]


TABLES = 64
RACKS = 15  # a race to 8 that ends 8-7: 272 events
PLAYERS = [f"Player {n:03d}" for n in range(128)]


def season(folder: Path, matches: int, tables: int = TABLES) -> list[Path]:
    """`matches` finished matches of 272 events (half with a shot clock) spread over `tables` table
    databases, as an event's desks would hold them; returns their paths."""
    events = synthetic_events(RACKS)
    base = events[0]
    assert isinstance(base, MatchStarted)
    variants = {}
    for clocked in (False, True):
        setup = dataclasses.replace(base, race_to=8, shot_clock=ShotClock() if clocked else None, match_id="v")
        log = [Entry(i, e, "2026-03-01T10:00:00.000Z") for i, e in enumerate([setup, *events[1:]], start=1)]
        variants[clocked] = (setup, log[1:], project_log(log))  # the projection does not depend on names
    paths = []
    for table in range(tables):
        path = folder / f"table-{table + 1:02d}.db"
        store = Store(path)
        for n in range(table, matches, tables):
            setup, rest, projection = variants[n % 2 == 1]
            day = f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}T{10 + n % 10:02d}:00:00.000Z"
            start = dataclasses.replace(
                setup,
                players=(PLAYERS[n % 128], PLAYERS[(n * 7 + 1) % 128]),
                match_id=f"m{n:06d}",
                event=f"Open {1 + n % 12}",
                round=f"R{1 + n % 7}",
                table=str(table + 1),
            )
            entries = [Entry(1, start, day), *(e._replace(at=day) for e in rest)]
            store.add_match(entries, projection)
        store.close()
        paths.append(path)
    return paths
