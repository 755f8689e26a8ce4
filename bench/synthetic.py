"""A deterministic synthetic match log for the benchmarks: N racks, ~18 events each."""

from __future__ import annotations

from referee_app.events import Break, Called, Entry, Event, Lag, MatchStarted, Potted, Shot, Stalemate
from referee_app.vocab import Pocket, Seat

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
