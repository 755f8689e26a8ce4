"""The event's matches copied into a database of the organizer's (`pull`, the board's Pull and export):
each server log rebuilt, its chain checked against the server's, then merged by merge's rules."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from referee_app.game.events import Entry
from referee_app.log.codec import LogFormatError, parse_event_text
from referee_app.venue import db

if TYPE_CHECKING:
    from referee_app.log.merge import MergeReport
    from referee_app.log.store import Store


def pull_into(conninfo: str, store: Store) -> MergeReport:
    """Copy the server's matches into `store` through merge's rules (idempotent): each log is
    rebuilt in a scratch database, its hash chain compared with the server's, then merged."""
    import psycopg

    from referee_app.log.merge import merge
    from referee_app.log.store import Store

    with psycopg.connect(conninfo) as conn:
        db.server_id(conn)
        rows = db.all_events(conn)
    by_match: dict[str, list[db.ServerEvent]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, []).append(row)
    damaged: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Store(Path(folder) / "event.db")
        for match_id, match_rows in by_match.items():
            try:
                entries = [Entry(r.seq, parse_event_text(r.body), r.at) for r in match_rows]
                if [e.seq for e in entries] != list(range(1, len(entries) + 1)):
                    raise LogFormatError("events are missing")
                scratch.add_match(entries)
                if scratch.head(match_id)[1] != match_rows[-1].hash:
                    raise LogFormatError("its hash chain differs from the desk's")
            except Exception as exc:  # one bad match never stops the others; it is reported
                damaged[match_id] = str(exc)
        scratch.close()
        report = merge(store, Path(folder) / "event.db")
    report.damaged.update(damaged)
    return report
