"""Organizer > Tournament, clicked and typed as an organizer would: entries, the plan and the draw,
the bracket, results (walkover, correction shown first, undo) and the tables."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPushButton, QSpinBox, QWidget
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.operations import parse_tables
from referee_app.tournament.events import Created, Drawn, EntriesAdded, ResultRecorded
from referee_app.tournament.model import Entry, Format, Options
from referee_app.tournament.show import TournamentView, round_name, show, view
from referee_app.tournament.state import replay
from tests.gui.conftest import Desk


def shown_of(window: TournamentWindow) -> dict[str, Any]:
    """Spec §4's view of the tournament the window shows (what `show --json` would print)."""
    t = window.session.tournament
    return {"matches": [], "queue": [], "tables": []} if t is None else show(t, window.session.tournament_id)


def view_of(window: TournamentWindow) -> TournamentView:
    """The typed view of the tournament the window shows (what the bracket and the paper draw)."""
    return view(window.session.tournament, window.session.tournament_id)


class Organizer:
    def __init__(self, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        self.qtbot = qtbot
        self.tmp_path = tmp_path
        self.window = TournamentWindow()
        qtbot.addWidget(self.window)
        self.window.show()
        qtbot.waitExposed(self.window)
        self.window.activateWindow()

    def widget(self, name: str) -> QWidget:
        found = self.window.findChild(QWidget, name)
        dialog = self.window.dialog
        if dialog is not None and dialog.isVisible() and dialog.findChild(QWidget, name) is not None:
            found = dialog.findChild(QWidget, name)
        assert found is not None, f"no widget named {name}"
        return found

    def click(self, name: str) -> None:
        widget = self.widget(name)
        assert widget.isVisible(), f"{name} is not visible"
        assert widget.isEnabled(), f"{name} is not enabled"
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton)

    def type(self, name: str, text: str) -> None:
        edit = self.widget(name)
        assert isinstance(edit, QLineEdit)
        edit.clear()
        QTest.keyClicks(edit, text)

    def choose(self, name: str, data: object) -> None:
        combo = self.widget(name)
        assert isinstance(combo, QComboBox)
        index = combo.findData(data)
        assert index >= 0, f"{name} has no {data!r}"
        combo.setCurrentIndex(index)

    def key(self, sequence: str) -> None:
        """A shortcut pressed with the focus wherever it is in the window."""
        combo = QKeySequence(sequence)[0]
        if QApplication.activeWindow() is not self.window and not self.window.isAncestorOf(QApplication.activeWindow()):
            self.window.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.window, timeout=2000)
        target = QApplication.focusWidget()
        if target is None or target.window() is not self.window:
            target = self.window
        QTest.keyClick(target, combo.key(), combo.keyboardModifiers())

    def notice(self) -> str:
        return self.window.notice.text()

    def create(self, name: str = "Open de Lyon") -> None:
        self.type("tournamentName", name)
        self.click("createTournament")

    def entries_file(self, players: int, text: str | None = None) -> Path:
        path = self.tmp_path / "entries.csv"
        rows = "".join(f"Player {i};{700 - 3 * i},5;FR{i:04d};L{i};Club {i % 5}\n" for i in range(1, players + 1))
        path.write_text(text if text is not None else "name;rating;fargo_id;licence;club\n" + rows, encoding="utf-8")
        return path

    def drawn(self, players: int, seed: int = 1234, tables: str = "") -> None:
        self.create()
        assert self.window.entries_page.import_entries(self.entries_file(players))
        self.key("Ctrl+2")
        self.type("drawSeed", str(seed))
        self.click("drawButton")
        if tables:
            self.key("Ctrl+5")
            self.type("tablesEdit", tables)
            self.click("setTables")

    def rows(self, table: str) -> list[list[str]]:
        widget = self.widget(table)
        return [
            [widget.item(r, c).text() for c in range(widget.columnCount())]  # type: ignore[attr-defined]
            for r in range(widget.rowCount())  # type: ignore[attr-defined]
        ]


@pytest.fixture
def organizer(qtbot, tmp_path: Path) -> Organizer:  # type: ignore[no-untyped-def]
    return Organizer(qtbot, tmp_path)


def test_the_desks_organizer_menu_opens_the_tournament_window_with_its_key(desk: Desk) -> None:
    desk.window.activateWindow()
    QTest.keyClick(desk.window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window = desk.window.tournament_window
    assert window is not None and window.isVisible()
    assert desk.window.act_tournament.text() == "Tournament…"
    assert desk.window.organizer_menu.title() == "&Organizer"
    window.close()


def test_entries_imported_from_a_french_spreadsheet_then_edited_checked_in_and_withdrawn(organizer: Organizer) -> None:
    organizer.create()
    assert organizer.window.tabs.currentWidget() is organizer.window.entries_page
    assert organizer.window.entries_page.import_entries(organizer.entries_file(5))
    assert organizer.notice() == "5 players imported from entries.csv."
    rows = organizer.rows("entriesTable")
    assert rows[0] == ["Player 1", "", "697.5", "FR0001", "L1", "Club 1", ""]  # decimal comma, ID kept as text

    organizer.window.entries_page.select_entry("Player 2")
    organizer.key("Ctrl+K")
    assert organizer.rows("entriesTable")[1][6] == "yes"
    assert organizer.widget("entriesCount").text() == "5 players, 1 checked in"  # type: ignore[attr-defined]

    organizer.window.entries_page.select_entry("Player 3")
    organizer.click("editEntry")
    organizer.type("entryFargoId", "123456")
    organizer.type("entryRating", "abc")
    organizer.window.dialog._accept()  # type: ignore[union-attr]
    assert "The rating is a number" in organizer.widget("entryProblem").text()  # type: ignore[attr-defined]
    for slip in ("-50", "1e308", "nan"):
        organizer.type("entryRating", slip)
        organizer.window.dialog._accept()  # type: ignore[union-attr]
        assert organizer.widget("entryProblem").text() == "A rating is from 0 to 3000."  # type: ignore[attr-defined]
        assert organizer.window.dialog.isVisible()  # type: ignore[union-attr]
    organizer.type("entryRating", "655")
    organizer.type("entryClub", "BC Lyon")
    organizer.type("entryName", " Player\u00a0\u00a03 ")
    organizer.window.dialog._accept()  # type: ignore[union-attr]
    assert organizer.rows("entriesTable")[2] == ["Player 3", "", "655", "123456", "L3", "BC Lyon", ""]

    organizer.window.entries_page.select_entry("Player 5")
    organizer.click("withdrawEntry")
    assert organizer.widget("confirmWithdraw").text() == "Withdraw Player 5? They leave the entry list."  # type: ignore[attr-defined]
    organizer.click("confirmYes")
    assert [r[0] for r in organizer.rows("entriesTable")] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert organizer.notice() == "Player 5 is withdrawn."


def test_an_edit_that_would_enter_a_player_twice_is_refused_in_the_dialog(organizer: Organizer) -> None:
    organizer.create()
    entries = "Nom;Licence;ID Fargo\nÉva Martin;L001;111\nBen Novak;L002;222\n"
    assert organizer.window.entries_page.import_entries(organizer.entries_file(0, entries))
    organizer.window.entries_page.select_entry("Ben Novak")
    for field, text, said in (
        ("entryName", "EVA MARTIN", "'EVA MARTIN' is already entered (as 'Éva Martin')"),
        ("entryLicence", "l001", "licence 'l001' is already entered (for 'Éva Martin')"),
        ("entryFargoId", "111", "Fargo ID '111' is already entered (for 'Éva Martin')"),
    ):
        organizer.click("editEntry")
        organizer.type(field, text)
        organizer.window.dialog._accept()  # type: ignore[union-attr]
        assert organizer.widget("entryProblem").text() == said  # type: ignore[attr-defined]
        assert organizer.window.dialog.isVisible()  # type: ignore[union-attr]
        organizer.window.dialog.reject()  # type: ignore[union-attr]
    assert [r[0] for r in organizer.rows("entriesTable")] == ["Éva Martin", "Ben Novak"]


def test_a_bad_entry_file_adds_nobody_and_names_its_lines(organizer: Organizer) -> None:
    organizer.create()
    bad = organizer.entries_file(0, "name,rating\nAna Lopez,612\nBen Novak,lots\nana lopez,500\n")
    assert not organizer.window.entries_page.import_entries(bad)
    assert "line 3: rating 'lots' is not a number" in organizer.notice()
    assert "line 4: 'ana lopez' is already entered" in organizer.notice()
    assert organizer.rows("entriesTable") == []


def test_an_excel_windows_csv_is_read_as_windows_1252_once_the_organizer_says_so(organizer: Organizer) -> None:
    organizer.create()
    path = organizer.tmp_path / "inscrits.csv"
    text = "Nom;Cote Fargo;Club;Tête de série\r\nJérôme Dupont;512,5;Nîmes;1\r\nÉlodie Crêpe;;Sète;\r\n"
    path.write_bytes(text.encode("cp1252"))
    assert not organizer.window.entries_page.import_entries(path)
    assert organizer.rows("entriesTable") == []  # nothing until the organizer answers
    question = organizer.widget("encodingQuestion")
    assert "not UTF-8 text (line 1)" in question.text()  # type: ignore[attr-defined]
    organizer.click("encodingCancel")
    organizer.qtbot.waitUntil(lambda: not question.isVisible())
    assert organizer.rows("entriesTable") == [] and organizer.notice() == "Nothing imported from inscrits.csv."

    assert not organizer.window.entries_page.import_entries(path)
    organizer.click("readAsWindows")
    organizer.qtbot.waitUntil(
        lambda: organizer.window.session.tournament is not None and bool(organizer.rows("entriesTable"))
    )
    assert [(r[0], r[1], r[2], r[5]) for r in organizer.rows("entriesTable")] == [
        ("Jérôme Dupont", "1", "512.5", "Nîmes"),
        ("Élodie Crêpe", "", "", "Sète"),
    ]
    assert organizer.notice() == "2 players imported from inscrits.csv."


def test_the_plan_is_shown_before_the_draw_and_follows_the_options(organizer: Organizer) -> None:
    window = organizer.window
    assert window.tabs.currentWidget() is window.draw_page  # nothing created yet: the format first
    spin = organizer.widget("planPlayers")
    assert isinstance(spin, QSpinBox)
    spin.setValue(64)
    organizer.choose("formatChoice", Format.DE)
    plan = organizer.widget("planLabel").text()  # type: ignore[attr-defined]
    assert plan == (
        "64 players: 126 matches, 127 if the second final is played."
        " The longest chain a player can face: 13 matches, the second final included."
    )
    organizer.choose("seAtChoice", 16)
    assert organizer.widget("planLabel").text() == (  # type: ignore[attr-defined]
        "64 players: 119 matches. The longest chain a player can face: 9 matches."
    )
    organizer.choose("formatChoice", Format.SE)
    assert not organizer.widget("seAtChoice").isVisible()
    assert organizer.widget("thirdPlace").isVisible()
    organizer.click("templateWpa")
    assert window.draw_page.options().group_format.value == "de" and window.draw_page.options().groups == 8
    organizer.click("templateFfb")
    assert window.draw_page.options().rules.value == "ffb" and window.draw_page.options().se_at == 8


def test_the_draw_prints_its_seed_and_draws_both_sides_with_the_hot_seat(organizer: Organizer) -> None:
    organizer.drawn(16, seed=4321)
    window = organizer.window
    assert window.tabs.currentWidget() is window.bracket_page
    assert organizer.widget("drawSeedLabel").text() == "Draw seed: 4321. Anyone can check the draw with it."  # type: ignore[attr-defined]
    items = window.bracket_page.bracket.match_items()
    same = replay(
        [
            Created("Open de Lyon", Options(Format.DE)),
            EntriesAdded(tuple(Entry(f"Player {i}", 700 - 3 * i + 0.5) for i in range(1, 17))),
            Drawn(4321),
        ]
    )
    assert set(items) == set(same.tournament.slots)  # every match drawn, F2 only once it is due
    labels = {mid: item.toolTip() for mid, item in items.items()}
    assert labels["W4-1"].startswith("W4-1 · Hot seat")
    assert labels["L6-1"].startswith("L6-1 · Losers' final")
    assert labels["F1"].startswith("F1 · Final")
    t = window.session.tournament
    assert t is not None
    # the names the desks' assignments carry (the engine's rule) are the ones drawn
    assert window.shown.names == {mid: round_name(t, mid) for mid in t.slots}
    # winners' side above the losers' side, the final to the right of both
    assert items["W1-1"].y() < items["L1-1"].y() and items["F1"].x() > items["L6-1"].x()
    texts = [t.text() for t in window.bracket_page.bracket.scene().items() if hasattr(t, "text") and callable(t.text)]
    assert "Winners' side" in texts and "Losers' side" in texts


def test_the_bracket_of_128_players_zooms_with_the_keys_and_finds_a_player(organizer: Organizer) -> None:
    organizer.drawn(128)
    view = organizer.window.bracket_page.bracket
    assert len(view.match_items()) == 128 - 1 + 128 - 2 + 1  # winners', losers' side and F1
    view.set_zoom(1.0)
    view.setFocus()
    organizer.key("Ctrl++")
    assert view.zoom == pytest.approx(1.25)
    organizer.key("Ctrl+-")
    organizer.key("Ctrl+-")
    assert view.zoom == pytest.approx(0.8)
    organizer.key("Ctrl+0")
    rect = view.sceneRect()
    assert view.zoom == pytest.approx(
        min(view.viewport().width() / rect.width(), view.viewport().height() / rect.height())
    )
    view.set_zoom(1.0)
    organizer.type("bracketFind", "Player 77")
    QTest.keyClick(organizer.widget("bracketFind"), Qt.Key.Key_Return)
    item = next(
        i
        for i in view.match_items().values()
        if "Player 77" in [c.text() for c in i.childItems() if hasattr(c, "text")]
    )
    assert view.mapToScene(view.viewport().rect()).boundingRect().contains(item.sceneBoundingRect().center())


def _record(organizer: Organizer, match: str, winner: str, score: tuple[int, int]) -> None:
    assert organizer.window.results_page.pick_match(match)
    combo = organizer.widget("winnerChoice")
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findText(winner))
    organizer.widget("scoreA").setValue(score[0])  # type: ignore[attr-defined]
    organizer.widget("scoreB").setValue(score[1])  # type: ignore[attr-defined]


def test_results_walkover_correction_shown_first_and_undo(organizer: Organizer) -> None:
    organizer.drawn(4, tables="1-2")
    window = organizer.window
    organizer.key("Ctrl+4")
    first = next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")
    _record(organizer, "W1-1", first["a"], (7, 3))
    organizer.key("Ctrl+Return")
    assert organizer.notice() == f"W1-1: {first['a']} wins 7-3."
    assert {r[0]: r[4] for r in organizer.rows("resultsTable")}["W1-1"] == "7-3"

    second = next(m for m in shown_of(window)["matches"] if m["id"] == "W1-2")
    _record(organizer, "W1-2", second["b"], (0, 0))
    organizer.click("walkoverButton")
    assert organizer.notice() == f"W1-2: {second['b']} wins by walkover ({second['a']} does not play)."
    assert {r[0]: r[6] for r in organizer.rows("resultsTable")}["W1-2"] == "walkover"

    # A bad score is refused with the reason, nothing changes.
    _record(organizer, "W2-1", first["a"], (7, 7))
    organizer.click("recordResult")
    assert "W2-1 is a race to 7" in organizer.notice()

    # The correction shows the bracket as it would be; cancelled, nothing changes.
    _record(organizer, "W1-1", first["b"], (5, 7))
    organizer.click("correctResult")
    dialog = window.dialog
    assert dialog is not None and dialog.objectName() == "correctionDialog"
    changes = organizer.widget("correctionChanges").text()  # type: ignore[attr-defined]
    assert "W1-1" in changes and "W2-1" in changes and "L1-1" in changes
    assert dialog.view.match_items()["W2-1"].pen().width() == 3  # type: ignore[attr-defined]
    organizer.click("cancelCorrection")
    assert next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")["winner"] == first["a"]
    window.results_page.pick_match("W1-1")
    _record(organizer, "W1-1", first["b"], (5, 7))
    organizer.click("correctResult")
    organizer.click("confirmCorrection")
    corrected = next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")
    assert corrected["winner"] == first["b"] and corrected["score"] == [5, 7]
    assert next(m for m in shown_of(window)["matches"] if m["id"] == "W2-1")["a"] == first["b"]

    organizer.key("Ctrl+Z")  # a correction is asked first (the bracket moves with it)
    asked = f"Undo the correction of W1-1 ({first['b']} wins 7-5)? The result before it comes back."
    assert organizer.widget("confirmUndo").text() == asked  # type: ignore[attr-defined]
    organizer.click("confirmYes")
    assert organizer.notice().startswith(f"Undone: the correction of W1-1 ({first['b']} wins 7-5).")
    assert next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")["winner"] == first["a"]


def test_the_tables_show_what_is_on_each_and_the_queue_waits_in_order(organizer: Organizer) -> None:
    organizer.drawn(16, tables="1-3")
    rows = organizer.rows("tablesTable")
    assert [r[0] for r in rows] == ["1", "2", "3"]
    shown = shown_of(organizer.window)
    on = {m["table"]: m for m in shown["matches"] if m["status"] == "playing"}
    assert rows[0][1:] == [on[1]["id"], "Winners' round 1", f"{on[1]['a']} v {on[1]['b']}"]
    queue = organizer.widget("queueList")
    assert [queue.item(i).text().split(" · ")[0] for i in range(queue.count())] == shown["queue"]  # type: ignore[attr-defined]
    assert len(shown["queue"]) == 8 - 3
    organizer.type("tablesEdit", "1-")
    organizer.key("Ctrl+T")
    assert organizer.notice() == "Tables are listed as 1-8 or 1,2,5."
    organizer.type("tablesEdit", "1-100000")  # the command line's rule: a typo, not 100,000 tables
    organizer.key("Ctrl+T")
    assert organizer.notice() == "Tables are listed as 1-8 or 1,2,5."
    assert organizer.window.session.tournament is not None and organizer.window.session.tournament.tables == (1, 2, 3)


def test_a_match_the_queue_holds_back_says_why(organizer: Organizer) -> None:
    """A winners' match ready before a losers' match that takes the freed table first says why."""
    organizer.drawn(16, tables="1-3")
    window = organizer.window
    queue = organizer.widget("queueList")
    for _ in range(30):
        state = window.session.state
        assert state is not None
        t = state.tournament
        mid = min(t.on_table)
        slot = t.slots[mid]
        assert slot.a is not None and window.session.record(ResultRecorded(mid, slot.a, (slot.spec.race, 0)))
        texts = [queue.item(i).text() for i in range(queue.count())]  # type: ignore[attr-defined]
        told = [text for text in texts if " · waits: the losers' side and the hot seat play first (L" in text]
        if told:
            assert told[0].startswith("W")
            return
    pytest.fail("no winners' match ever waited behind a losers' match")


def test_table_lists_are_read_as_organizers_write_them() -> None:
    assert parse_tables("1-4, 7") == (1, 2, 3, 4, 7)
    assert parse_tables("2;5") == (2, 5)
    for bad in ("", "4-1", "one", "1-"):
        with pytest.raises(ValueError):
            parse_tables(bad)


def test_every_button_says_its_key(organizer: Organizer) -> None:
    for button in organizer.window.findChildren(QPushButton):
        if button.objectName().startswith("template") or button.objectName() == "withdrawAbsent":
            continue
        assert button.text().endswith("]"), button.objectName()


def test_the_window_speaks_french_and_leaves_no_english_on_any_tab(desk: Desk, tmp_path: Path) -> None:
    from tests.gui.test_languages import _texts, _untranslated

    desk.window.open_tournament()
    window = desk.window.tournament_window
    assert window is not None
    organizer = Organizer.__new__(Organizer)
    organizer.window, organizer.tmp_path, organizer.qtbot = window, tmp_path, desk.qtbot
    organizer.drawn(8, tables="1-2")
    left = []
    try:
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            desk.window.set_language("en")
            english = _texts(window)
            desk.window.set_language("fr")
            left += [
                line
                for line in _untranslated(english, _texts(window))
                if not re.search(r"= '(Player \d+|\d+ tables\.|Open de Lyon · [\d-]+)'$", line)  # data; "tables"
            ]
        assert window.windowTitle() == "Tournoi – Open de Lyon"
        names = {mid: item.toolTip() for mid, item in window.bracket_page.bracket.match_items().items()}
        assert names["W3-1"].startswith("W3-1 · Hot seat (finale du tableau gagnants)")
        assert names["L2-1"].startswith("L2-1 · Tableau perdants, tour 2")
        assert organizer.rows("tablesTable")[0][2] == "Tableau gagnants, tour 1"
    finally:
        desk.window.set_language("en")
        window.close()
    assert left == [], "\n".join(left)


def test_a_result_typed_on_the_keyboard_alone(organizer: Organizer) -> None:
    organizer.drawn(8, tables="1-4")
    organizer.key("Ctrl+4")
    table = organizer.widget("resultsTable")
    assert QApplication.focusWidget() is table
    QTest.keyClick(table, Qt.Key.Key_Down)  # the first match on a table
    first = organizer.window.results_page.picked_match()
    assert first is not None and first.status == "playing"
    QTest.keyClick(table, Qt.Key.Key_W, Qt.KeyboardModifier.AltModifier)  # &Winner
    winner = QApplication.focusWidget()
    assert isinstance(winner, QComboBox)
    QTest.keyClick(winner, Qt.Key.Key_Down)  # player B
    organizer.key("Ctrl+Return")
    done = next(m for m in shown_of(organizer.window)["matches"] if m["id"] == first.id)
    assert done["winner"] == first.b and done["score"] == [0, 7]


def test_the_bracket_redrawn_after_results_equals_one_drawn_afresh(organizer: Organizer) -> None:
    from referee_desk.tournament.bracket_view import BracketView

    organizer.drawn(12, tables="1-3")
    window = organizer.window
    for _ in range(9):
        live = next(m for m in shown_of(window)["matches"] if m["status"] == "playing")
        assert window.results_page.pick_match(live["id"])
        window.results_page.record_result()

    def texts(view: BracketView) -> dict[str, tuple[str, list[str], str]]:
        return {
            mid: (
                item.toolTip(),
                sorted(c.text() for c in item.childItems() if hasattr(c, "text")),
                item.brush().color().name(),
            )
            for mid, item in view.match_items().items()
        }

    fresh = BracketView()
    fresh.show_bracket(view_of(window))
    assert texts(window.bracket_page.bracket) == texts(fresh)
    assert len(window.bracket_page.bracket.scene().items()) == len(fresh.scene().items())  # nothing left behind


def test_no_shows_hold_the_draw_until_withdrawn_and_a_disqualification_needs_its_reason(organizer: Organizer) -> None:
    organizer.create()
    assert organizer.window.entries_page.import_entries(organizer.entries_file(6))
    for name in ("Player 1", "Player 2", "Player 3", "Player 4"):
        organizer.window.entries_page.select_entry(name)
        organizer.key("Ctrl+K")
    organizer.key("Ctrl+2")
    organizer.key("Ctrl+Shift+D")
    assert organizer.notice().startswith("Not drawn: 2 players are not checked in (Player 5, Player 6).")
    assert organizer.window.session.tournament.bracket is None  # type: ignore[union-attr]
    organizer.key("Ctrl+1")
    organizer.click("withdrawAbsent")
    asked = organizer.widget("confirmWithdrawAbsent").text()  # type: ignore[attr-defined]
    assert asked == "Withdraw the 2 players not checked in (Player 5, Player 6)?"
    organizer.click("confirmYes")
    assert organizer.notice() == "2 players not checked in are withdrawn."
    assert [r[0] for r in organizer.rows("entriesTable")] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    organizer.key("Ctrl+2")
    organizer.key("Ctrl+Shift+D")
    assert organizer.notice().startswith("Drawn with seed")
    organizer.key("Ctrl+1")
    assert not organizer.widget("withdrawAbsent").isVisible()
    organizer.window.entries_page.select_entry("Player 3")
    organizer.click("disqualify")
    assert organizer.notice() == "Write the reason for the disqualification first."
    organizer.type("disqualifyReason", "unsportsmanlike conduct")
    organizer.click("disqualify")
    organizer.click("confirmYes")
    assert organizer.notice() == "Player 3 is disqualified: unsportsmanlike conduct"
    theirs = [m for m in shown_of(organizer.window)["matches"] if "Player 3" in (m["a"], m["b"])]
    assert any(m["status"] == "forfeit" and m["winner"] != "Player 3" for m in theirs)
    assert not any(m["status"] in ("ready", "playing") for m in theirs)  # never called to a table again


def test_a_result_won_by_the_second_player_is_said_with_the_winners_racks_first(organizer: Organizer) -> None:
    organizer.drawn(4, tables="1-2")
    window = organizer.window
    organizer.key("Ctrl+4")
    first = next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")
    _record(organizer, "W1-1", first["b"], (4, 7))
    organizer.key("Ctrl+Return")
    assert organizer.notice() == f"W1-1: {first['b']} wins 7-4."  # "wins 4-7" read as a loss
    assert {r[0]: r[4] for r in organizer.rows("resultsTable")}["W1-1"] == "4-7"  # the list keeps A-B, as the sheet
    organizer.key("Ctrl+Z")
    assert organizer.notice().startswith(f"Undone: the result of W1-1 ({first['b']} wins 7-4).")
