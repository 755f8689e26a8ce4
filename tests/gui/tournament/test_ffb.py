"""Organizer > Tournament: the FFB national template picked in the window, in English and French,
gives the whole day (qualifying pools, the afternoon's pools, the knockout) from a 42-player list."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QGraphicsSimpleTextItem, QLabel
from referee_desk.tournament.window import TournamentWindow

from referee_app.tournament.model import FromBest, FromSeed
from tests.gui.conftest import Desk
from tests.gui.tournament.test_window import Organizer
from tests.tournament.test_ffb_national_day import forty_two


@pytest.fixture
def organizer(qtbot, tmp_path: Path) -> Organizer:  # type: ignore[no-untyped-def]
    return Organizer(qtbot, tmp_path)


def _entries(tmp_path: Path) -> Path:
    path = tmp_path / "tn1.csv"
    lines = ["name;licence;club;seed"] + [f"{e.name};{e.licence};{e.club};{e.seed or ''}" for e in forty_two()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_ffb_template_gives_the_whole_national_day_and_draws_it_from_42_players(
    organizer: Organizer, tmp_path: Path
) -> None:
    window = organizer.window
    organizer.choose("formatChoice", "groups")
    check = organizer.widget("qualifyingCheck")
    assert isinstance(check, QCheckBox) and check.isVisible() and not check.isChecked()
    organizer.click("templateFfb")
    assert check.isChecked()
    assert check.text() == "first, for the players after seed 16: 6 pools, 16 go on"
    options = window.draw_page.options()
    assert options.qualifying is not None and (options.groups, options.advance, options.se_at) == (8, 2, 8)
    plan = organizer.widget("planLabel")
    assert isinstance(plan, QLabel)
    assert plan.text() == "42 players: 119 matches. The longest chain a player can face: 13 matches."
    assert "16 go on (the first 2 of each pool of 4, the first 3 of each pool of 5" in organizer.notice()
    organizer.click("qualifyingCheck")  # the afternoon alone
    assert window.draw_page.options().qualifying is None
    assert plan.text().startswith("42 players: 117 matches")  # 8 groups of 5 and 6, no morning
    organizer.click("qualifyingCheck")

    organizer.create("TN1 2017-18")
    assert window.entries_page.import_entries(_entries(tmp_path))
    organizer.key("Ctrl+2")
    organizer.type("drawSeed", "2017")
    organizer.click("drawButton")
    t = window.session.tournament
    assert t is not None and t.bracket is not None and t.options.qualifying is not None
    assert sorted(len(pool) for pool in t.bracket.groups[:6]) == [4, 4, 4, 4, 5, 5]
    assert [
        [t.bracket.seeds[s.seed - 1] for s in pool[:2] if isinstance(s, FromSeed)] for pool in t.bracket.groups[6:]
    ] == [[forty_two()[g - 1].name, forty_two()[16 - g].name] for g in range(1, 9)]
    items = window.bracket_page.bracket.match_items()
    assert {mid.split("-")[0] for mid in items if mid.startswith("G")} == {f"G{g}" for g in range(1, 15)}
    best = next(
        s.id for s in t.bracket.matches if s.group and any(isinstance(x, FromBest) and x.index == 1 for x in (s.a, s.b))
    )
    texts = [c.text() for c in items[best].childItems() if isinstance(c, QGraphicsSimpleTextItem)]
    assert "Best third #1" in texts  # the place not known yet, said as people say it


def test_the_ffb_template_speaks_french(desk: Desk) -> None:
    desk.window.open_tournament()
    window = desk.window.tournament_window
    assert isinstance(window, TournamentWindow)
    try:
        desk.window.set_language("fr")
        window.tabs.setCurrentWidget(window.draw_page)
        window.draw_page.ffb_button.click()
        label = window.draw_page.form_labels["qualifying"]
        assert label.text() == "Poules de qualification"
        assert window.draw_page.qualifying.text() == (
            "d’abord, pour les joueurs après la tête de série 16\xa0: 6 poules, 16 qualifiés"
        )
        assert window.notice.text().startswith("Formule nationale FFB\xa0: TS1 à TS22")
        assert "meilleurs troisièmes" in window.draw_page.qualifying.toolTip()
    finally:
        desk.window.set_language("en")
        window.close()
