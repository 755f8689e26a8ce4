"""Hypothesis strategies: plausible events for whatever state a match is in.

Events are drawn mostly from what the state makes likely (balls on the table,
the seat at the table) so that long matches happen, with wild values mixed in
so that refusals are exercised too. Weights come from a Hypothesis-managed
`Random`, because Hypothesis deliberately over-draws boundary integers.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from referee_app.game.events import Event
from referee_app.game.state import State
from referee_app.game.vocab import Foul, Pocket
from referee_app.log.codec import event_from_json

POCKETS = [p.value for p in Pocket]
FOULS = [f.value for f in Foul]


def _stroke_facts(rnd: random.Random, state: State, foul_rate: float = 0.12) -> dict[str, Any]:
    on_table = sorted(state.balls_on_table) or [1]
    pool = on_table if rnd.random() < 0.97 else list(range(1, 11))
    balls = rnd.sample(pool, k=min(len(pool), rnd.choice([0, 0, 0, 1, 1, 2, 3])))
    split = len(balls) if rnd.random() < 0.95 else rnd.randint(0, len(balls))
    facts: dict[str, Any] = {"pocketed": [{"ball": b, "pocket": rnd.choice(POCKETS)} for b in balls[:split]]}
    if balls[split:]:
        facts["off_table"] = balls[split:]
    if rnd.random() < foul_rate / 2:
        facts["cue_ball"] = rnd.choice(["pocketed", "off_table"])
    if rnd.random() < foul_rate / 2:
        facts["fouls"] = rnd.sample(FOULS, k=rnd.randint(1, 2))
    return facts


def random_event(rnd: random.Random, state: State) -> dict[str, Any]:  # noqa: C901
    """A JSON event, likely (not certainly) acceptable in `state`."""
    likely = {
        "lag": ["lag"] * 3,
        "break": ["break"] * 6,
        "shot": ["shot"] * 12 + ["push_out"] * (4 if state.push_out_allowed else 0),
        "option": ["option"] * 6,
    }.get(state.awaiting.value if state.awaiting else "", [])
    rare = ["note", "penalty", "stalemate", "extension", "relag", "shot", "break", "option"]
    kind = rnd.choice(likely if likely and rnd.random() < 0.9 else rare)
    if state.warning_due and rnd.random() < 0.6:
        kind = "warning"
    if rnd.random() < 0.004:
        kind = "concede"
    seat = rnd.choice(["A", "B"])
    obj: dict[str, Any] = {"type": kind}
    if kind == "lag":
        obj |= {"winner": seat, "breaker": rnd.choice(["A", "B"])}
    elif kind == "break":
        obj |= _stroke_facts(rnd, state, 0.1) | {"rails": rnd.choice([2, 3, 4, 5, 6, 7])}
        if rnd.random() < 0.1:
            obj["first_contact"] = rnd.choice([None, 2, 3])
        if rnd.random() < 0.2:
            obj["call"] = {"ball": 10, "pocket": rnd.choice(POCKETS)}
    elif kind == "push_out":
        obj |= _stroke_facts(rnd, state)
    elif kind == "shot":
        obj |= _stroke_facts(rnd, state)
        target = rnd.choice(sorted(state.balls_on_table) or [1])
        if rnd.random() < 0.85:
            call = {"ball": target, "pocket": rnd.choice(POCKETS)}
            obj["call"] = call
            if rnd.random() < 0.6 and target not in obj.get("off_table", []):
                obj["pocketed"] = [call, *(p for p in obj["pocketed"] if p["ball"] != target)]
        else:
            obj["call"] = "safety"
        if rnd.random() < 0.08:
            obj["first_contact"] = rnd.choice([None, *range(1, 11)])
        if rnd.random() < 0.08:
            obj["rail"] = False
    elif kind == "option":
        obj["choice"] = rnd.choice(["shoot", "hand_back"])
    elif kind in ("warning", "concede"):
        obj["player"] = state.warning_due[0].value if kind == "warning" and state.warning_due else seat
    elif kind == "penalty":
        obj |= {"player": seat, "penalty": rnd.choice(["foul"] * 6 + ["rack", "match"]), "reason": "conduct"}
    elif kind == "relag":
        obj["reason"] = ""
    elif kind == "note":
        obj["text"] = "".join(rnd.choice("abc é🎱") for _ in range(rnd.randint(0, 8)))
    return obj


@st.composite
def event_for(draw: st.DrawFn, state: State) -> Event:
    rnd = draw(st.randoms(use_true_random=True))
    return event_from_json(random_event(rnd, state))[0]
