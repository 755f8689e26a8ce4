"""The bracket PDF of a 16-player double elimination on A3, in French: the second final is printed
with the rest (never alone on a page of its own), and no match's label runs into the next column."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGraphicsSimpleTextItem
from referee_desk.printing import use_language
from referee_desk.tournament.bracket_view import MatchItem, build_scene
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.session import MemoryLog
from referee_app.tournament.events import Created, Drawn, EntriesAdded, Event, TablesSet
from referee_app.tournament.layout import BOX_W
from referee_app.tournament.model import Entry, Format, MatchStatus, Options
from referee_app.tournament.state import apply, replay
from tests.gui.tournament.test_paper import _poppler
from tests.gui.tournament.test_window import shown_of, view_of
from tests.tournament.play import names, winning


def _to_the_second_final(qtbot: Any) -> TournamentWindow:
    """16 players played through to a second final (the losers' champion won the first)."""
    events: list[Event] = [
        Created("Open de Lyon", Options(Format.DE)),
        EntriesAdded(tuple(Entry(name, rating=700 - i) for i, name in enumerate(names(16)))),
        Drawn(1),
        TablesSet((1, 2, 3, 4)),
    ]
    state = replay(events)
    rng = random.Random(5)
    while "F2" not in state.tournament.slots:
        t = state.tournament
        ready = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        match = rng.choice(ready)
        event = winning(t, match, match != "F1", rng.randrange(t.slots[match].spec.race))
        state = apply(state, event)
        events.append(event)
    window = TournamentWindow(MemoryLog(events), "t-1")
    qtbot.addWidget(window)
    return window


def test_a3_keeps_the_second_final_with_the_rest_and_french_labels_in_their_column(qtbot: Any, tmp_path: Path) -> None:
    window = _to_the_second_final(qtbot)
    translator = use_language("fr")
    try:
        window.refresh()
        path = tmp_path / "tableau.pdf"
        assert window.bracket_page.export_bracket(path)
        scene, _plan = build_scene(view_of(window), font_scale=1.5)
        labels = [
            child
            for item in scene.items()
            if isinstance(item, MatchItem)
            for child in item.childItems()
            if isinstance(child, QGraphicsSimpleTextItem) and child.y() < 0
        ]
    finally:
        if translator is not None:
            QCoreApplication.removeTranslator(translator)
    pages = int(re.search(r"Pages:\s+(\d+)", _poppler("pdfinfo", str(path))).group(1))  # type: ignore[union-attr]
    where = {
        n: " ".join(_poppler("pdftotext", "-f", str(n), "-l", str(n), str(path), "-").split())
        for n in range(1, pages + 1)
    }
    final = next(n for n, text in where.items() if re.search(r"\bF1 · ", text))
    second = next(n for n, text in where.items() if re.search(r"\bF2 · ", text))
    assert second == final, f"the second final on page {second}, the final on page {final}"
    for n, text in where.items():  # no page holds only the second final
        assert len(re.findall(r"\b[WLF]\d*-?\d* · ", text)) > 1, f"page {n}: {text[:200]}"
    assert len(labels) == len(shown_of(window)["matches"])
    too_wide = [label.text() for label in labels if label.boundingRect().width() > BOX_W - 4]
    assert too_wide == []
    assert any("en 7 manches" in label.text() for label in labels)  # the race is still said
