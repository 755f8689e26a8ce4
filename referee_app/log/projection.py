"""What lists, filters, statistics and CSVs need of a match, kept beside its log.

The log stays the truth. A projection is derived from it (the replayed state and the
`Tally` fold), stored in the same transaction as every append, import and merge, and
tagged with the log's head `(seq, hash)`: one whose head is not the log's is stale and
is made again from the log (`Store.summaries`, `referee-app rebuild`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from referee_app.game.events import Entry, Undo
from referee_app.game.history import LONG_HISTORY, History, ReplayRefused, collector_paused
from referee_app.game.played import Played, played
from referee_app.game.refusals import RuleViolation
from referee_app.game.state import RackResult, State
from referee_app.game.vocab import RackHow, Seat, Status
from referee_app.log.stats import PlayerStats, figures_of
from referee_app.log.tally import Tally, tally_of


@dataclass(frozen=True, slots=True)
class Projection:
    """A match's projection. The list reads the plain fields; the finished racks and the tally are
    kept as JSON text (`figures_text`) and read only by what needs them (statistics, racks.csv)."""

    status: str
    score: tuple[int, int]
    winner: Seat | None
    result: str
    last_at: str
    figures_text: str

    @property
    def racks(self) -> tuple[RackResult, ...]:
        data: dict[str, Any] = json.loads(self.figures_text)
        return tuple(
            RackResult(int(n), Seat(breaker), Seat(won) if won else None, RackHow(how))
            for n, breaker, won, how in data["racks"]
        )

    @property
    def by_racks(self) -> bool:
        """The match is scored by racks (spec 1.3 §2a): its `ten` is any legal 10, and no stroke was counted."""
        return '"scoring":"racks"' in self.figures_text

    @property
    def tally(self) -> Tally:
        return Tally.from_json(json.loads(self.figures_text)["tally"])

    @classmethod
    def from_columns(
        cls, status: str, score_a: int, score_b: int, winner: str, result: str, last_at: str, figures: str
    ) -> Projection:
        return cls(status, (score_a, score_b), Seat(winner) if winner else None, result, last_at, figures)

    @property
    def void(self) -> bool:
        """The match was voided (spec 1.2): it counts nowhere, though its log and sheet stay."""
        return self.status == Status.VOID.value

    def figures(self, players: tuple[str, str]) -> dict[Seat, PlayerStats]:
        """Both players' statistics for this match (as `stats.match_stats` gives them from the log);
        none for a void match, which counts nowhere."""
        if self.void:
            return {}
        return figures_of(players, self.winner, self.racks, self.tally)


def _figures_text(racks: tuple[RackResult, ...], tally: Tally, by_racks: bool = False) -> str:
    """The figures as stored; a rack-scored match says so (a shot-scored one's text is as it always was)."""
    scoring = ',"scoring":"racks"' if by_racks else ""
    return f'{{"racks":{_racks_text(racks)},"tally":{tally.to_text()}{scoring}}}'


_last_racks: list[tuple[tuple[RackResult, ...], str]] = []


def _racks_text(racks: tuple[RackResult, ...]) -> str:
    """The finished racks as JSON. States share one racks tuple until a rack ends, so the text made
    for the last tuple seen is used again (the desk records a click without encoding them all)."""
    if _last_racks and _last_racks[0][0] is racks:
        return _last_racks[0][1]
    listed = [[r.rack, r.breaker, r.winner, r.how] for r in racks]  # StrEnums: json writes them as their text
    text = json.dumps(listed, separators=(",", ":"))
    _last_racks[:] = [(racks, text)]  # the tuple is kept, so `is` cannot match another one later
    return text


def project(state: State, tally: Tally, last_at: str) -> Projection:
    """The projection of a match whose replay ended in `state`, counted by `tally`."""
    return Projection(
        status=state.status.value,
        score=(state.score.a, state.score.b),
        winner=state.winner,
        result=state.result.value if state.result else "",
        last_at=last_at,
        figures_text=_figures_text(state.racks, tally, state.by_racks),
    )


def project_history(history: History) -> Projection:
    """The projection of a replayed match, from scratch."""
    return project(history.state, tally_of(played(history)), history.entries[-1].at)


def project_log(entries: list[Entry]) -> Projection:
    return replay_and_project(entries)[1]


def replay_and_project(entries: list[Entry]) -> tuple[History, Projection]:
    """Replay a log through the rules and count its figures in the same walk (merge and import
    check every incoming log this way): the tally steps with each event as the replay adds it,
    as the desk's session does. An undo voids an event already counted, so a log that holds one
    is counted again from the events in force at the end. `ReplayRefused` as `replay`."""
    iterator = iter(entries)
    history = History(next(iterator))
    tally, undone = Tally(), False
    with collector_paused() as pause:
        step = tally.step
        for index, entry in enumerate(iterator, start=1):
            before = history.state
            try:
                after = history.add(entry)
            except RuleViolation as violation:
                raise ReplayRefused(index, violation) from None
            if type(entry.event) is Undo:
                undone = True
            elif not undone:
                step(Played(entry.seq, entry.at, entry.event, before, after))
        pause.freeze = len(history.entries) >= LONG_HISTORY
    if undone:
        tally = tally_of(played(history))
    return history, project(history.state, tally, history.entries[-1].at)
