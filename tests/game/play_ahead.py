"""Valid random continuations of a match, for tests and benchmarks that need volume."""

from __future__ import annotations

import random

from referee_app.game import rules
from referee_app.game.events import Event
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import State
from referee_app.log.codec import event_from_json
from tests.game.strategies import random_event


def play_ahead(state: State, count: int, seed: int, allow_end: bool = False) -> list[Event]:
    """Up to `count` events the rules accept one after the other from `state`."""
    rnd = random.Random(seed)
    out: list[Event] = []
    tries = 0
    while len(out) < count and tries < count * 20:
        tries += 1
        event = event_from_json(random_event(rnd, state))[0]
        if type(event).__name__ == "Concede" and not allow_end:
            continue
        try:
            after = rules.apply(state, event)
        except RuleViolation:
            continue
        if after.finished and not allow_end:
            continue
        out.append(event)
        state = after
    return out
