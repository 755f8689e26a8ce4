"""The organizer's board window calls the players of each match put on a table: a band above the
tabs (the minutes since the call, the calls made again, who is at the table), a chime for each new
call and, Event > Speak the calls on, the call spoken in the window's language; the minutes move on
with the window's time source, and the band goes once both players are at the table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from referee_desk.venue.board_window import BoardWindow

from referee_app.event.published import board_view
from referee_app.i18n import english
from referee_app.tournament.events import AtTable, Called
from referee_app.tournament.show import standings_view
from referee_app.tournament.show import view as tournament_view
from referee_app.tournament.state import State, apply, utc_text
from tests.event.test_voice import Heard
from tests.web.test_tournament_pages import tournament

T0 = datetime(2026, 12, 6, 10, 30, tzinfo=UTC)


def shown(state: State):  # type: ignore[no-untyped-def]
    t = state.tournament
    return board_view(tournament_view(t, "t"), standings_view(t), {"en": english}, t)


def table_one(state: State) -> tuple[str, str, str]:
    match = next(m for m, n in state.tournament.on_table.items() if n == 1)
    slot = state.tournament.slots[match]
    return match, str(slot.a), str(slot.b)


def test_the_board_window_calls_counts_the_minutes_chimes_and_speaks(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = BoardWindow("")
    qtbot.addWidget(window)
    heard = Heard()
    window.announcer.speaker = heard
    now = [T0]
    window.now = lambda: now[0]
    window.show()
    state = tournament(16)
    match, a, b = table_one(state)
    window.show_tournament(shown(state))  # nothing called yet: no band
    assert not window.calls.isVisible() and heard.sounds == []

    state = apply(state, Called(match, 1, 0, (a, b), utc_text(T0)))
    window.show_tournament(shown(state))
    band = window.calls
    assert band.isVisible()
    away = "not at the table, 0 min since the call"
    assert band.text() == f"Table 1: {a} v {b} · {a}: {away} · {b}: {away}"
    assert heard.sounds == [("chime",)]  # the voice is off by default: the chime alone

    window.act_voice.trigger()  # Event > Speak the calls
    now[0] = T0 + timedelta(minutes=5, seconds=3)
    state = apply(state, AtTable(match, a, "phone", utc_text(T0 + timedelta(minutes=2))))
    state = apply(state, Called(match, 1, 1, (b,), utc_text(now[0])))
    window.show_tournament(shown(state))
    five = f"{b}: not at the table, 5 min since the call"
    assert band.text().startswith(f"Table 1: {a} v {b} · {a}: at the table · {five}")
    assert "called again at" in band.text()
    assert heard.sounds[-2:] == [("chime",), ("say", f"Table 1: {b}, second call", "en")]

    now[0] = T0 + timedelta(minutes=9)
    window.call_timer.timeout.emit()  # the minutes move on, with no new state
    assert f"{b}: not at the table, 9 min since the call" in band.text()
    assert len(heard.sounds) == 3  # no call made: nothing said again

    state = apply(state, AtTable(match, b, "desk", utc_text(now[0])))
    window.show_tournament(shown(state))
    assert not band.isVisible()
