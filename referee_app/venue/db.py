"""The event database's door: every PostgreSQL statement the desks, the board and the CLI run.

No other module writes SQL for the event server; a column is added here and in `schema.py`'s DDL.
"""

from __future__ import annotations

from typing import Any

from referee_app.venue.model import Assignment


def insert_assignment(conn: Any, a: Assignment) -> None:
    conn.execute(
        "INSERT INTO assignments (id, table_no, player_a, player_b, race_to, rules, break_order, event, round)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (a.id, a.table, a.players[0], a.players[1], a.race_to, a.rules, a.break_order, a.event, a.round),
    )
