"""The Door tab with the keyboard only: Ctrl+6, three letters, Enter checks the player in with the
fee noted; Down picks the second name; the count of present and expected; a check-in twice shown;
then, drawn and on tables, the late start's calls on a clock the test moves, the forfeit proposed
at +15 and confirmed with the keys (Ctrl+Shift+F, then Yes)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton
from referee_desk.tournament.window import TournamentWindow

from referee_app.event.call_clock import StepTime
from referee_app.event.session import MemoryLog
from referee_app.tournament.events import CheckinDoubled, Created, Drawn, EntriesAdded, TablesSet
from referee_app.tournament.model import Entry, Format, MatchStatus, Options

NAMES = ("Ana Lopez", "Ben Novak", "Carl Ito", "Dora Mey", "Éva Martin", "Eve Marsh")


def _keys(qtbot, window: TournamentWindow, sequence: str) -> None:  # type: ignore[no-untyped-def]
    combo = QKeySequence(sequence)[0]
    if QApplication.activeWindow() is not window:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    target = QApplication.focusWidget() or window
    QTest.keyClick(target, combo.key(), combo.keyboardModifiers())


def test_the_door_by_keyboard_only(qtbot) -> None:  # type: ignore[no-untyped-def]
    options = Options(Format.SE, race=3, checkin=True, fee=Decimal("15.00"))
    window = TournamentWindow(MemoryLog([Created("Soirée", options), EntriesAdded(tuple(Entry(n) for n in NAMES))]))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    time = StepTime(datetime(2026, 12, 6, 19, 0, tzinfo=UTC))
    door = window.door_page
    door.time = door.clock.time = time
    _keys(qtbot, window, "Ctrl+6")
    assert QApplication.focusWidget() is door.search, "Ctrl+6 puts the keys in the name field"
    QTest.keyClicks(door.search, "lop")
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    t = window.session.tournament
    assert t is not None and "Ana Lopez" in t.checked_in and t.paid["Ana Lopez"].amount == Decimal("15.00")
    assert door.search.text() == "" and "Ana Lopez: checked in, fee paid." in window.notice.text()
    QTest.keyClicks(door.search, "ev")  # "Éva Martin" (accents ignored) and "Eve Marsh": Down takes the second
    assert [door.matches.item(i).text() for i in range(door.matches.count())] == ["Éva Martin", "Eve Marsh"]
    QTest.keyClick(door.search, Qt.Key.Key_Down)
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    t = window.session.tournament
    assert t is not None and "Eve Marsh" in t.checked_in and "Éva Martin" not in t.checked_in
    QTest.keyClicks(door.search, "EVA")
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    QTest.keyClicks(door.search, "dor")
    QTest.keyClick(door.search, Qt.Key.Key_Tab)  # to the fee: End is "not paid yet", Shift+Tab back to the name
    assert QApplication.focusWidget() is door.fee
    QTest.keyClick(door.fee, Qt.Key.Key_End)
    QTest.keyClick(door.fee, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is door.search
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    t = window.session.tournament
    assert t is not None and "Dora Mey" in t.checked_in and "Dora Mey" not in t.paid
    assert door.count.text() == "4 present of 6 expected · 3 paid"
    window.session.record(CheckinDoubled("Dora Mey", "phone", "abc", "2026-12-06T19:01:00.000Z"))
    assert "Checked in twice" in door.doubled.text() and "Dora Mey" in door.doubled.text()

    # the draw of the four present, two tables: the calls, the proposal, the confirmation by keys
    assert window.session.record(Drawn(3), TablesSet((1, 2)))
    t = window.session.tournament
    assert t is not None and set(t.absent) == {"Ben Novak", "Carl Ito"}
    door.tick()
    t = window.session.tournament
    assert t is not None and all(t.calls.get(m) for m in t.on_table), "every match on a table called"
    for _ in range(15 * 60 // 30):
        time.advance(30)
        door.tick()
    assert door.late.isVisible() and "forfeit proposed" in door.late.text()
    match = door.proposals[0].match
    assert window.session.tournament.slots[match].status is MatchStatus.PLAYING  # type: ignore[union-attr]
    _keys(qtbot, window, "Ctrl+Shift+F")
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    yes = dialog.findChild(QPushButton, "confirmYes")
    assert yes is not None and not yes.isDefault(), "No is the default"
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)
    for _ in range(3):  # Tab from the default (No) to Yes, then Space: the keys alone
        if QApplication.focusWidget() is yes:
            break
        QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is yes
    QTest.keyClick(yes, Qt.Key.Key_Space)
    t = window.session.tournament
    assert t is not None and t.slots[match].status is MatchStatus.FORFEIT
    assert "late start" in t.results[match].reason


def test_the_door_qr_reads_back_as_its_link(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil
    import subprocess

    from referee_desk.tournament.door_tab import qr_pixmap

    link = "http://192.168.1.20:8080/door/0123456789abcdef0123"
    path = tmp_path / "door.png"
    assert qr_pixmap(link).save(str(path))
    exe = shutil.which("zbarimg")
    assert exe, "zbarimg is missing: scripts/install.sh installs zbar-tools"
    read = subprocess.run([exe, "-q", "--raw", str(path)], capture_output=True, text=True, check=True).stdout
    assert read.strip() == link


def test_a_door_check_in_by_name_gives_the_player_their_own_page(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil
    import subprocess

    from referee_app.event.door_api import DoorApi
    from referee_app.tournament.door import player_of

    options = Options(Format.SE, race=3, checkin=True, fee=Decimal("15.00"))
    window = TournamentWindow(MemoryLog([Created("Soirée", options), EntriesAdded(tuple(Entry(n) for n in NAMES))]))
    qtbot.addWidget(window)
    door = window.door_page
    api = DoorApi(window.session.core, StepTime(datetime(2026, 12, 6, 19, 0, tzinfo=UTC)))
    door.door = lambda: (api, "http://192.168.1.20:8080")  # type: ignore[method-assign]  # the pages serving
    QTest.keyClicks(door.search, "gin")  # nobody: said, nothing recorded
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    assert window.session.tournament is not None and not window.session.tournament.checked_in
    door.search.clear()
    QTest.keyClicks(door.search, "car")
    QTest.keyClick(door.search, Qt.Key.Key_Return)
    t = window.session.tournament
    assert t is not None and "Carl Ito" in t.checked_in and t.paid["Carl Ito"].amount == Decimal("15.00")
    path = tmp_path / "me.png"
    assert door.me_qr.pixmap().save(str(path))
    exe = shutil.which("zbarimg")
    assert exe
    link = subprocess.run([exe, "-q", "--raw", str(path)], capture_output=True, text=True, check=True).stdout.strip()
    assert link.startswith("http://192.168.1.20:8080/me/")
    assert player_of(t, link.rsplit("/", 1)[1]) == "Carl Ito", "the QR opens Carl's own page"
