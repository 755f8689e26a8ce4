"""The calls as the organizer's board says them: each match called to a table whose players are not
all there, the minutes since the call and the calls made again (WPA §22), in words; and the calls to
announce (`voice.CallMade`) as the tournament records them. Read from the view (`show`'s `called_at`,
`calls`, `at_table`), so the window, the pages and the voice say the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from referee_app.event.voice import CallMade
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import MatchView, TournamentView
from referee_app.words.localtime import local_hm

CTX = "Call"
CALL = QT_TRANSLATE_NOOP("Call", "Table {n}: {a} v {b}")
AWAY = QT_TRANSLATE_NOOP("Call", "{name}: not at the table, {m} min since the call")
HERE = QT_TRANSLATE_NOOP("Call", "{name}: at the table")
AGAIN = QT_TRANSLATE_NOOP("Call", "called again at {times}")


def _utc(text: str) -> datetime | None:
    try:
        at = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return at if at.tzinfo is not None else None


def waiting(view: TournamentView, live: Mapping[str, tuple[int, int]] | None = None) -> list[MatchView]:
    """The matches called to a table and not begun (no rack scored, not everybody at the table),
    the latest call first."""
    live = live or {}
    called = [
        m
        for m in view.matches
        if m.status is MatchStatus.PLAYING
        and m.table is not None
        and m.called_at
        and sum(live.get(m.id, (0, 0))) == 0
        and any(p not in m.at_table for p in (m.a, m.b) if p)
    ]
    return sorted(called, key=lambda m: m.called_at or "", reverse=True)


def calls_made(view: TournamentView, live: Mapping[str, tuple[int, int]] | None = None) -> list[CallMade]:
    """Each waiting match's latest call (0: to the table; 1, 2, 3: made again), naming those not at
    the table: what the board announces when it first sees it."""
    out = []
    for m in waiting(view, live):
        assert m.table is not None
        away = tuple(p for p in (m.a, m.b) if p and p not in m.at_table)
        out.append(CallMade(m.id, m.table, away, len(m.calls)))
    return out


def call_lines(
    view: TournamentView, now: datetime, tr: Translate = english, live: Mapping[str, tuple[int, int]] | None = None
) -> list[str]:
    """One line a waiting match: "Table 5: Ana Lopez v Ben Novak · Ben Novak: not at the table, 7 min
    since the call · called again at 10:35" (times in the laptop's own zone)."""
    lines = []
    for m in waiting(view, live):
        called = _utc(m.called_at or "")
        minutes = 0 if called is None else max(0, int((now - called).total_seconds() // 60))
        parts = [tr(CTX, CALL).format(n=m.table, a=m.a or "", b=m.b or "")]
        for p in (m.a, m.b):
            if p:
                parts.append(tr(CTX, HERE if p in m.at_table else AWAY).format(name=p, m=minutes))
        again = [hm for hm in (local_hm(c) for c in m.calls) if hm]
        if again:
            parts.append(tr(CTX, AGAIN).format(times=", ".join(again)))
        lines.append(" · ".join(parts))
    return lines
