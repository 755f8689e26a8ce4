"""The FargoRate file (spec §7): one row per match played, two header lines.

Every cell is guarded against spreadsheet formula injection: a cell may never start
with `=`, `+`, `-` or `@` (nor a tab or carriage return), so a player named "=HYPERLINK(...)"
stays text.
"""

from __future__ import annotations

import csv
import io

from referee_app.tournament.model import MatchStatus
from referee_app.tournament.state import Tournament

HEADER = (
    ("Player #1", "", "", "Player #2", ""),
    ("Fargo ID", "Player Name", "Score", "Fargo ID", "Player Name", "Score", "Date", "Game", "Table", "Event"),
)
GAME = "10-Ball"


def safe_cell(value: str) -> str:
    """The cell as text a spreadsheet will not run."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def fargo_rows(t: Tournament) -> list[tuple[str, ...]]:
    """The data rows: matches played (no byes, no walkovers), Player #1 is the match's `a`."""
    ids = {e.name: e.fargo_id for e in t.entries}
    rows: list[tuple[str, ...]] = []
    for slot in t.slots.values():
        outcome = slot.outcome
        if slot.status is not MatchStatus.DONE or outcome is None or outcome.score is None:
            continue
        a, b = slot.a or "", slot.b or ""
        table = "" if outcome.table is None else str(outcome.table)
        row = (ids.get(a, ""), a, str(outcome.score[0]), ids.get(b, ""), b, str(outcome.score[1]),
               outcome.ended_on or "", GAME, table, t.name)  # fmt: skip
        rows.append(tuple(safe_cell(cell) for cell in row))
    return rows


def fargo_csv(t: Tournament) -> str:
    """The whole file as text (UTF-8 when written, no BOM)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(HEADER)
    writer.writerows(fargo_rows(t))
    return out.getvalue()
