"""What the live overlay shows: the replayed state, plus the banner and the shot clock.

A snapshot is plain JSON. Its state fields are exactly `referee-app replay`'s summary
(spec §5), so a page, vMix or a script reads the same values the command line prints;
`version` is the log's head seq, which grows with every recorded event and every undo
(undo appends a line), and survives a desk restart.
"""

from __future__ import annotations

from typing import Any

from referee_app.game.events import Break, Option, Penalty, PushOut, Shot, Undo, WarningGiven
from referee_app.game.history import History
from referee_app.game.labels import FOUL_LABELS
from referee_app.game.rules import fouls_of
from referee_app.game.state import State, summary
from referee_app.game.vocab import CueBallFate, Foul, PenaltyKind, Seat

FOUL_ORDER = tuple(FOUL_LABELS)
"""The fouls in the order the desk names them (`words.wording.foul_labels`)."""
CUE_BALL_OFF_TABLE = "cue_ball_off_table"
"""The scratch the desk names "cue ball off the table"."""
PENALTY_FOUL = "penalty"
"""A foul the referee gave as a penalty (no stroke)."""

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
        "foul_names": last_fouls(history),
        "lang": lang,
    }


def last_fouls(history: History) -> dict[str, list[str]]:
    """Per seat on a foul, the fouls of its latest foul stroke (codes, as the desk lists them):
    the overlay names what "1 foul" was. Empty for a seat with no foul to its name now."""
    state = history.state
    wanted = {seat for seat in Seat if state.fouls[seat] > 0}
    found: dict[str, list[str]] = {seat.value: [] for seat in Seat}
    entries, timeline = history.entries, history.timeline
    for index in range(len(entries) - 1, 0, -1):
        if not wanted:
            break
        seq, event = entries[index].seq, entries[index].event
        if seq in history.voided or isinstance(event, Undo):
            continue
        before = timeline[index - 1]
        if isinstance(event, Penalty):
            if event.penalty is PenaltyKind.FOUL and event.player in wanted:
                wanted.discard(event.player)
                found[event.player.value] = [PENALTY_FOUL]
            continue
        if not isinstance(event, Break | PushOut | Shot) or before.at_table not in wanted:
            continue
        fouls = set(fouls_of(before, event)) | set(event.fouls)
        if fouls:
            wanted.discard(before.at_table)
            found[before.at_table.value] = [_foul_code(foul, event) for foul in sorted(fouls, key=FOUL_ORDER.index)]
    return found


def _foul_code(foul: Foul, event: Break | PushOut | Shot) -> str:
    if foul is Foul.SCRATCH and event.cue_ball is CueBallFate.OFF_TABLE:
        return CUE_BALL_OFF_TABLE
    return foul.value


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
    row["BallsOnTable"] = " ".join(str(n) for n in view["balls_on_table"] or ())  # null under rack scoring
    row["ClockRunning"] = "yes" if clock and clock.get("running") else ""
    row["ClockSeconds"] = "" if not clock else round(clock["remaining_s"])
    row["Winner"] = players[view["winner"]] if view["winner"] else ""
    return [row]


def _seat(seat: Any) -> str | None:
    return None if seat is None else str(seat.value)


def _value(value: Any) -> str | None:
    return None if value is None else str(value.value)
