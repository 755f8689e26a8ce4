"""What the live overlay shows: the replayed state, plus the banner and the shot clock.

A snapshot is plain JSON. Its state fields are exactly `referee-app replay`'s summary
(spec §5), so a page, vMix or a script reads the same values the command line prints;
`version` is the log's head seq, which grows with every recorded event and every undo
(undo appends a line), and survives a desk restart.
"""

from __future__ import annotations

from typing import Any

from referee_app.game.events import Option, PushOut, Undo, WarningGiven
from referee_app.game.history import History
from referee_app.game.state import State, summary

NO_MATCH: dict[str, Any] = {"version": 0, "match_id": None, "status": "no_match"}
"""What the pages show before the desk has a match open."""


def banner(history: History) -> dict[str, Any] | None:
    """The short news of the last event: a rack or the match won, a warning, a push-out,
    an option offered or taken. None after an undo or an event with no news."""
    if len(history.entries) < 2:
        return None
    event = history.entries[-1].event
    if isinstance(event, Undo):
        return None
    before, after = history.timeline[-2], history.timeline[-1]
    if after.finished and not before.finished:
        return {"kind": "match", "seat": _seat(after.winner), "result": _value(after.result)}
    if len(after.racks) > len(before.racks):
        won = after.racks[-1]
        return {"kind": "rack", "seat": _seat(won.winner), "rack": won.rack, "how": won.how.value}
    if isinstance(event, WarningGiven):
        return {"kind": "warning", "seat": event.player.value}
    if isinstance(event, PushOut):
        return {"kind": "push_out", "seat": _seat(before.at_table)}
    if isinstance(event, Option):
        return {"kind": "option_taken", "seat": _seat(before.at_table), "choice": event.choice.value}
    if after.option is not None:
        return {"kind": "option", "seat": _seat(after.at_table), "after": after.option.value}
    return None


def snapshot(match_id: str, history: History, lang: str = "en") -> dict[str, Any]:
    """The state the pages render after the last event of `history`."""
    state: State = history.state
    setup = state.setup
    return {
        "version": len(history.entries),
        "match_id": match_id,
        **summary(state),
        "preset": setup.preset.short,
        "event": setup.event,
        "round": setup.round,
        "table": setup.table,
        "shot_clock": None if setup.shot_clock is None else {"shot_s": setup.shot_clock.shot_s},
        "banner": banner(history),
        "lang": lang,
    }


def vmix_fields(view: dict[str, Any], clock: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The snapshot as one flat row: vMix's JSON data source reads a list of flat objects."""
    if view.get("match_id") is None:
        return [{"Status": "no_match"}]
    players, score, fouls = view["players"], view["score"], view["fouls"]
    ext = view["extensions_left"] or {}
    row: dict[str, Any] = {"Status": view["status"], "RaceTo": view["race_to"], "Rules": view["preset"]}
    row["Rack"] = view["rack"]
    for seat in ("A", "B"):
        row[f"Player{seat}"] = players[seat]
        row[f"Score{seat}"] = score[seat]
        row[f"Fouls{seat}"] = fouls[seat]
        row[f"Warned{seat}"] = "yes" if view["warned"][seat] else ""
        row[f"AtTable{seat}"] = ">" if view["at_table"] == seat else ""
        row[f"Breaker{seat}"] = "B" if view["breaker"] == seat else ""
        row[f"Extensions{seat}"] = ext.get(seat, "")
    row["BallInHand"] = "yes" if view["cue_ball"] == "in_hand" else ""
    row["BallsOnTable"] = " ".join(str(n) for n in view["balls_on_table"])
    row["ClockRunning"] = "yes" if clock and clock.get("running") else ""
    row["ClockSeconds"] = "" if not clock else round(clock["remaining_s"])
    row["Winner"] = players[view["winner"]] if view["winner"] else ""
    return [row]


def _seat(seat: Any) -> str | None:
    return None if seat is None else str(seat.value)


def _value(value: Any) -> str | None:
    return None if value is None else str(value.value)
