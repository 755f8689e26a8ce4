"""CSV and JSON Lines exports for organizers' spreadsheets, sites and rating systems.

`racks.csv` has one row per rack (every rack winner, which rating systems
need, not only the score); `matches.csv` one row per match.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from referee_app.events import Entry, MatchStarted
from referee_app.history import replay
from referee_app.logfile import format_log
from referee_app.played import played
from referee_app.vocab import Seat

RACK_COLUMNS = (
    "date", "event", "round", "table", "match_id", "player_a", "player_b",
    "rack", "breaker", "winner", "how", "fouls_a", "fouls_b",
)  # fmt: skip
MATCH_COLUMNS = (
    "date", "event", "round", "table", "match_id", "player_a", "player_b", "rules", "race_to",
    "score_a", "score_b", "winner", "result", "status", "racks", "started_at", "last_event_at",
)  # fmt: skip


def _fouls_per_rack(entries: list[Entry]) -> dict[tuple[int, Seat], int]:
    counts: dict[tuple[int, Seat], int] = {}
    for p in played(replay(entries)):
        offender = p.fouler
        if offender is not None:
            counts[(p.rack, offender)] = counts.get((p.rack, offender), 0) + 1
    return counts


def rack_rows(entries: list[Entry]) -> list[dict[str, object]]:
    """One row per finished (or voided) rack of one match."""
    state = replay(entries).state
    setup = state.setup
    fouls = _fouls_per_rack(entries)
    base = _match_base(setup, entries)
    return [
        {
            **base,
            "rack": r.rack,
            "breaker": setup.name(r.breaker),
            "winner": setup.name(r.winner) if r.winner else "",
            "how": r.how.value,
            "fouls_a": fouls.get((r.rack, Seat.A), 0),
            "fouls_b": fouls.get((r.rack, Seat.B), 0),
        }
        for r in state.racks
    ]


def _match_base(setup: MatchStarted, entries: list[Entry]) -> dict[str, object]:
    return {
        "date": entries[0].at[:10],
        "event": setup.event,
        "round": setup.round,
        "table": setup.table,
        "match_id": setup.match_id,
        "player_a": setup.players[0],
        "player_b": setup.players[1],
    }


def match_row(entries: list[Entry]) -> dict[str, object]:
    state = replay(entries).state
    setup = state.setup
    return {
        **_match_base(setup, entries),
        "rules": setup.rules,
        "race_to": setup.race_to,
        "score_a": state.score.a,
        "score_b": state.score.b,
        "winner": setup.name(state.winner) if state.winner else "",
        "result": state.result.value if state.result else "",
        "status": state.status.value,
        "racks": len(state.racks),
        "started_at": entries[0].at,
        "last_event_at": entries[-1].at,
    }


def to_csv(rows: Iterable[dict[str, object]], columns: tuple[str, ...]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def racks_csv(logs: Iterable[list[Entry]]) -> str:
    return to_csv((row for entries in logs for row in rack_rows(entries)), RACK_COLUMNS)


def matches_csv(logs: Iterable[list[Entry]]) -> str:
    return to_csv((match_row(entries) for entries in logs), MATCH_COLUMNS)


def jsonl(entries: list[Entry]) -> str:
    return format_log(entries)


def file_stem(entries: list[Entry]) -> str:
    """A file name a person can read: date, players, and the start of the match id."""
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    players = f"{setup.players[0]}-v-{setup.players[1]}"
    safe = re.sub(r"[^\w.-]+", "_", players, flags=re.UNICODE).strip("_")
    return f"{entries[0].at[:10]}_{safe}_{setup.match_id[:8]}"


PdfWriter = Callable[[list[Entry], Path, str], None]
"""(entries, path, paper) -> None: supplied by the desk package, which has Qt."""


def write_files(
    logs: list[list[Entry]], kind: str, folder: Path, pdf: PdfWriter | None = None, paper: str = "a4"
) -> list[Path]:
    """Write the matches into `folder`: racks.csv and matches.csv ("csv"), one log per match
    ("jsonl"), or one sheet per match ("pdf", through `pdf`). Returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    if kind == "csv":
        files = {"racks.csv": racks_csv(logs), "matches.csv": matches_csv(logs)}
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return [folder / name for name in files]
    if kind == "pdf" and pdf is None:
        raise ValueError("PDF sheets need Qt: they are written by the desk package")
    written = []
    for entries in logs:
        path = folder / f"{file_stem(entries)}.{kind}"
        if kind == "pdf":
            assert pdf is not None
            pdf(entries, path, paper)
        else:
            path.write_text(jsonl(entries), encoding="utf-8")
        written.append(path)
    return written
