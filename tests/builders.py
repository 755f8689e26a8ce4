"""Small builders that write match-log events the way the spec spells them."""

from __future__ import annotations

from typing import Any

from referee_app.game.events import Entry, Event
from referee_app.game.history import History, replay
from referee_app.game.presets import BreakRequirement, Preset, TenOnBreak
from referee_app.game.rules import apply
from referee_app.game.state import State
from referee_app.log.codec import event_from_json

PRESETS = ("wpa", "ffb")

TEN_WINS_ON_BREAK = Preset(
    name="ten_wins_on_break",
    title="Test preset: the 10 on the break wins",
    short="T10",
    call_on_break=False,
    ten_on_break=TenOnBreak.WINS,
    break_requirement=BreakRequirement.BALL_OR_RAILS,
    break_rails=4,
    early_ten_wins=False,
)
"""A throw-away third preset, known to tests only (the 10 on a legal break wins, as in 9-ball)."""


def started(rules: str = "wpa", race_to: int = 3, **extra: Any) -> dict[str, Any]:
    return {
        "type": "match_started",
        "players": {"A": "Ana", "B": "Ben"},
        "race_to": race_to,
        "rules": rules,
        **extra,
    }


def ev(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **fields}


def pot(ball: int, pocket: str = "FL") -> dict[str, Any]:
    return {"ball": ball, "pocket": pocket}


def brk(*balls: int, rails: int = 5, **fields: Any) -> dict[str, Any]:
    """A break; by default a legal one with `balls` dropped in FL."""
    return ev("break", rails=rails, pocketed=[pot(b, "FL") for b in balls], **fields)


def made(ball: int, pocket: str = "FL", *also: int, **fields: Any) -> dict[str, Any]:
    """A shot that calls `ball` in `pocket` and drops it (plus `also`, in HR)."""
    pocketed = [pot(ball, pocket)] + [pot(b, "HR") for b in also]
    return ev("shot", call=pot(ball, pocket), pocketed=pocketed, **fields)


def miss(ball: int = 1, pocket: str = "FL", **fields: Any) -> dict[str, Any]:
    return ev("shot", call=pot(ball, pocket), **fields)


def decode(obj: dict[str, Any]) -> Event:
    return event_from_json(obj)[0]


def history(*objs: dict[str, Any]) -> History:
    return replay(Entry(i, decode(o)) for i, o in enumerate(objs, start=1))


def play(*objs: dict[str, Any], rules: str = "wpa", race_to: int = 3, lag: str = "A", **setup: Any) -> State:
    """State after match_started (Ana A, Ben B), a lag won by `lag` who breaks, then `objs`."""
    return history(started(rules, race_to, **setup), ev("lag", winner=lag), *objs).state


def step(state: State, obj: dict[str, Any]) -> State:
    return apply(state, decode(obj))
