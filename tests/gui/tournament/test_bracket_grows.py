"""The bracket in the window as results come in is the bracket drawn afresh: a result redraws its
boxes, and a second final that appears is added to the scene (the scene is not built again whole:
a 64-player double elimination takes the window's thread a fifth of a second to build)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem
from referee_desk.tournament import bracket_view
from referee_desk.tournament.bracket_view import BracketView, MatchItem

from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.tournament.show import view
from referee_app.tournament.state import apply
from referee_app.tournament.wording import names_of
from tests.tournament.play import drawn, winning


def drawing(item: QGraphicsItem) -> tuple[object, ...]:
    """What a scene item shows: its kind, place, stacking and words (a match's own texts too)."""
    words: tuple[str, ...] = ()
    if isinstance(item, QGraphicsSimpleTextItem):
        words = (item.text(),)
    if isinstance(item, MatchItem):
        texts = (c.text() for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem))
        words = (item.toolTip(), item.brush().color().name(), item.pen().color().name(), *sorted(texts))
    shape = item.path().boundingRect().getRect() if isinstance(item, QGraphicsPathItem) else ()
    return type(item).__name__, round(item.x(), 1), round(item.y(), 1), item.zValue(), words, shape


def scene_of(shown: BracketView) -> Counter[tuple[object, ...]]:
    """Every item of the scene, a match's texts too (not sorted out by `parentItem()`: asking it
    of the top items lets PySide delete the scene's other items)."""
    return Counter(drawing(i) for i in shown.scene().items())


def test_a_second_final_is_added_to_the_drawn_bracket_which_stays_the_one_drawn_afresh(
    qapp,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[object] = []  # the scene each whole build drew on
    build = bracket_view.build_scene
    monkeypatch.setattr(bracket_view, "build_scene", lambda *a, **k: built.append(a[3]) or build(*a, **k))
    state = drawn(Options(Format.DE), 16, tables=(1, 2, 3, 4))
    shown = BracketView()
    shown.show_bracket(view(state.tournament, "t"), names=names_of(state.tournament))
    rng = random.Random(7)
    grew = False
    while True:
        t = state.tournament
        ready = [m for m, s in t.slots.items() if s.status in (MatchStatus.READY, MatchStatus.PLAYING)]
        if not ready:
            break
        match = rng.choice(ready)
        state = apply(state, winning(t, match, match != "F1", rng.randrange(t.slots[match].spec.race)))
        before = set(shown.match_items())
        shown.show_bracket(view(state.tournament, "t"), names=names_of(state.tournament))
        if "F2" in shown.match_items() and "F2" not in before:  # the losers' side won F1: drawn now
            grew = True
            fresh = BracketView()
            fresh.show_bracket(view(state.tournament, "t"), names=names_of(state.tournament))
            assert scene_of(shown) == scene_of(fresh)
            assert shown.sceneRect() == fresh.sceneRect()
    assert grew and state.tournament.slots["F2"].status is MatchStatus.DONE
    assert built.count(shown.scene()) == 1  # its first drawing: never again whole
    fresh = BracketView()
    fresh.show_bracket(view(state.tournament, "t"), names=names_of(state.tournament))
    assert scene_of(shown) == scene_of(fresh)
