"""A match's history as text anyone can read, line by line: what `referee-app history` prints.

Each event is worded exactly as the desk's history shows it (`wording.describe`), after its
seq and its local time; a voided event says which undo voided it; the end of each rack is
a line of its own with the winner, how, and the score after it. A protest is settled from it.
"""

from __future__ import annotations

from referee_app.game.events import Undo
from referee_app.game.history import History
from referee_app.game.labels import CTX, how_label, name, result_label
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.words.localtime import local_hm
from referee_app.words.wording import describe


def local_time(at: str) -> str:
    """The stored UTC time as the local clock reads it (HH:MM), for the people in the room."""
    return local_hm(at) or "--:--"


def transcript(history: History, tr: Translate = english) -> list[str]:
    """The lines of the history: events, voided marks, and rack and match ends."""
    voided_by = {entry.event.target: entry.seq for entry in history.entries if isinstance(entry.event, Undo)}
    lines: list[str] = []
    for index, entry in enumerate(history.entries):
        before = history.timeline[index - 1] if index else history.timeline[0]
        text = f"{entry.seq}. {local_time(entry.at)} {describe(entry.event, before, tr)}"
        undo = voided_by.get(entry.seq)
        if undo is not None:
            text += " " + tr(CTX, QT_TRANSLATE_NOOP("Wording", "[voided by event {seq}]")).format(seq=undo)
            lines.append(text)
            continue
        lines.append(text)
        lines += ends_after(history, index, tr)
    return lines


def ends_after(history: History, index: int, tr: Translate = english) -> list[str]:
    """The rack and match ends that entry `index` brought, as separator lines ("—— Rack 2 to
    Ben (called 10): 1–1 ——"); none for an undo. The desk's history panel shows the same lines."""
    entry = history.entries[index]
    if isinstance(entry.event, Undo):
        return []
    before = history.timeline[index - 1] if index else history.timeline[0]
    after = history.timeline[index]
    lines = []
    for won in after.racks[len(before.racks) :]:
        score = f"{after.score.a}–{after.score.b}"
        if won.winner is None:
            end = tr(CTX, QT_TRANSLATE_NOOP("Wording", "Rack {rack}: {how}, replayed")).format(
                rack=won.rack, how=how_label(won.how, tr, by_racks=after.by_racks)
            )
        else:
            end = tr(CTX, QT_TRANSLATE_NOOP("Wording", "Rack {rack} to {name} ({how}): {score}")).format(
                rack=won.rack,
                name=name(after, won.winner),
                how=how_label(won.how, tr, by_racks=after.by_racks),
                score=score,
            )
        lines.append(f"   —— {end} ——")
    if after.finished and not before.finished and after.winner is not None:
        mine, theirs = after.score[after.winner], after.score[after.winner.other]
        result = result_label(after.result, tr) if after.result is not None else ""
        lines.append(
            "   == "
            + tr(CTX, QT_TRANSLATE_NOOP("Wording", "{name} wins the match {won}–{lost} ({result})")).format(
                name=name(after, after.winner), won=mine, lost=theirs, result=result
            )
            + " =="
        )
    return lines
