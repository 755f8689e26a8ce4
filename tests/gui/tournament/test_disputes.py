"""The phones' results in the tournament window (pytest-qt, real widgets, a real database): a
player's "I don't agree" shown at once (a banner naming the table, the row highlighted), the
dispute settled from the Results tab by accepting the phone's result or typing another, undone,
and the organizer's option to take results without signatures."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton, QTableWidget
from referee_desk.tournament.window import TournamentWindow

from referee_app.cli.main import main
from referee_app.event.phone_api import PhoneTables, WrongKeys
from referee_app.log.store import Store
from referee_app.tournament.clock import at_table
from tests.event.taps import tap_body
from tests.waiting import qt_pause, stays

ENTRIES = "name\nAna Lopez\nBen Novak\nCarl Ito\nDora Mey\n"
HERE = "192.168.1.31"


class Clock:
    def __call__(self) -> float:
        return 1000.0


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.fixture
def phones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[Path, PhoneTables, dict[int, str]]]:
    """Four players, single elimination, races to 2, tables 1 and 2 the phones'."""
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Club night", "--format", "se", "--race", "2", "--db", str(db)).strip()
    (tmp_path / "e.csv").write_text(ENTRIES, encoding="utf-8")
    run(capsys, "tournament", "entries", tid, str(tmp_path / "e.csv"), "--db", str(db))
    run(capsys, "tournament", "draw", tid, "--seed", "5", "--db", str(db))
    run(capsys, "tournament", "tables", tid, "1-2", "--db", str(db))
    keys = {item["table"]: item["key"] for item in json.loads(run(capsys, "tournament", "phones", tid, "1-2", "--json",
                                                                    "--db", str(db)))}  # fmt: skip
    api = PhoneTables(db, tid, wrong_keys=WrongKeys(Clock()))
    yield db, api, keys
    api.close()


def post(api: PhoneTables, key: str, table: int, tap: str, after: int, event: dict[str, Any]) -> dict[str, Any]:
    body = tap_body(tap, api.table_json(table)["match_id"], after, event)
    answer = api.post(table, f"Bearer {key}", HERE, body)
    assert answer.status == 200, answer.body
    return answer.body


def finish(api: PhoneTables, key: str, table: int, winner: str) -> dict[str, Any]:
    """The lag, then `winner` takes both racks: over, nobody signed."""
    body = post(api, key, table, f"{table}-lag", 1, {"type": "lag", "winner": "A"})
    for n in range(2):
        body = post(api, key, table, f"{table}-{n}", body["version"], {"type": "rack", "winner": winner})
    return body


def dispute(api: PhoneTables, key: str, table: int, version: int, seat: str) -> None:
    body = json.dumps({"id": f"d{table}{seat}", "after": version, "player": seat}).encode()
    assert api.dispute(table, f"Bearer {key}", HERE, body).status == 200


@pytest.fixture
def window(qtbot, phones: tuple[Path, PhoneTables, dict[int, str]]) -> Iterator[TournamentWindow]:  # type: ignore[no-untyped-def]
    db, _, _ = phones
    opened = TournamentWindow(store=Store(db))  # the store open as long as the window (a language change reads it)
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    yield opened
    opened.close()


def click(qtbot, window: TournamentWindow, name: str) -> None:  # type: ignore[no-untyped-def]
    widget = window.findChild(QPushButton, name) or window.findChild(QCheckBox, name)
    assert widget is not None and widget.isVisible() and widget.isEnabled(), name
    where = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) else widget.rect().center()  # on its box
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)


def row_of(window: TournamentWindow, match: str) -> int:
    table = window.findChild(QTableWidget, "resultsTable")
    assert table is not None
    return next(r for r in range(table.rowCount()) if table.item(r, 0).text() == match)


def test_a_dispute_shows_at_once_and_is_settled_by_accepting_or_typing_a_result_and_undone(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    window: TournamentWindow,
) -> None:
    _, api, keys = phones
    banner = window.findChild(QLabel, "disputeBanner")
    table = window.findChild(QTableWidget, "resultsTable")
    assert banner is not None and table is not None and not banner.isVisible()
    one = finish(api, keys[1], 1, "A")
    two = finish(api, keys[2], 2, "B")
    window.tabs.setCurrentWidget(window.results_page)
    said = time.monotonic()
    dispute(api, keys[1], 1, one["version"], "B")
    qtbot.waitUntil(banner.isVisible, timeout=1000)  # within a second, from another program's write
    assert time.monotonic() - said < 1.0
    b = one["players"]["B"]
    assert banner.text().startswith(f"Table 1: result disputed ({one['match']}: {b} does not agree)")
    row = row_of(window, one["match"])
    assert table.item(row, 6).text() == f"result disputed ({b} does not agree)"
    assert table.item(row, 0).background().color().name() == "#ffcdd2"
    unsigned = row_of(window, two["match"])  # the phone logs are read on a worker: shown within a second
    status = "over on the phone (0-2), not signed by both"
    qtbot.waitUntil(lambda: table.item(unsigned, 6).text() == status, timeout=1000)
    # settled by accepting the phone's result as it stands
    assert window.results_page.pick_match(one["match"])
    click(qtbot, window, "acceptPhoneResult")
    a = one["players"]["A"]
    assert window.notice.text() == f"{one['match']}: {a} wins 2-0, the phone's result accepted. The dispute is settled."
    assert not banner.isVisible()
    t = window.session.tournament
    assert t is not None and t.slots[one["match"]].status.value == "done" and t.disputes == {}
    window.results_page.undo()  # one result: undone at once, the dispute with it
    assert banner.isVisible() and window.session.tournament.disputes == {one["match"]: (b,)}  # type: ignore[union-attr]
    # table 2: A disputes 0-2; the organizer types the result the players agree on at the table
    dispute(api, keys[2], 2, two["version"], "A")
    qtbot.waitUntil(lambda: "Table 2: result disputed" in banner.text(), timeout=1000)
    assert window.results_page.pick_match(two["match"])
    combo = window.findChild(QComboBox, "winnerChoice")
    assert combo is not None
    page = window.results_page  # the form starts from the phone's result, to keep or change
    assert (combo.currentText(), page.score_a.value(), page.score_b.value()) == (two["players"]["B"], 0, 2)
    assert table.item(row_of(window, two["match"]), 4).text() == "0-2"
    combo.setCurrentIndex(combo.findText(two["players"]["A"]))
    window.results_page.score_a.setValue(2)
    window.results_page.score_b.setValue(1)
    click(qtbot, window, "recordResult")
    t = window.session.tournament
    assert t is not None and list(t.disputes) == [one["match"]]
    assert t.slots[two["match"]].outcome.score == (2, 1)  # type: ignore[union-attr]
    assert banner.text().startswith("Table 1: result disputed") and "Table 2" not in banner.text()


def test_accept_is_refused_in_words_for_a_match_not_over_and_the_no_signature_option_completes_at_once(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    window: TournamentWindow,
) -> None:
    _, api, keys = phones
    on_one = api.get(1, f"Bearer {keys[1]}", HERE).body
    window.tabs.setCurrentWidget(window.results_page)
    assert window.results_page.pick_match(on_one["match"])
    accept = window.findChild(QPushButton, "acceptPhoneResult")
    assert accept is not None and not accept.isEnabled()  # nothing to accept yet
    window.results_page.accept_phone_result()
    assert window.notice.text() == (
        f"{on_one['match']} is not over on the phone (0-0): there is no result to accept yet; type one if it is decided"
    )
    option = window.findChild(QCheckBox, "noSignatures")
    assert option is not None and not option.isChecked()
    click(qtbot, window, "noSignatures")
    assert window.session.tournament is not None and window.session.tournament.signatures_needed is False
    assert window.notice.text() == "A finished phone match now counts at once, without signatures."
    api.refresh()
    finished = finish(api, keys[1], 1, "B")
    assert finished["match"] is None or finished["match_id"] != on_one["match_id"]  # completed, unsigned
    qtbot.waitUntil(lambda: window.session.tournament.slots[on_one["match"]].status.value == "done", timeout=1000)  # type: ignore[union-attr]
    window.results_page.undo()  # the result first (the phone's), then the option
    window.results_page.undo()
    assert not option.isChecked() and window.session.tournament.signatures_needed is True  # type: ignore[union-attr]


def test_in_french_the_dispute_banner_the_rows_and_the_refusals_are_french(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    desk: Any,
) -> None:
    from tests.gui.tournament.test_french_refusals import _english_words

    desk.window.set_language("fr")
    db, api, keys = phones
    on_two = api.get(2, f"Bearer {keys[2]}", HERE).body
    one = finish(api, keys[1], 1, "A")
    dispute(api, keys[1], 1, one["version"], "B")
    window = TournamentWindow(store=Store(db))  # open until the desk's language goes back (its teardown)
    qtbot.addWidget(window)
    window.show()
    try:
        banner = window.findChild(QLabel, "disputeBanner")
        assert banner is not None and banner.isVisible()
        b = one["players"]["B"]
        called = f"Table 1\u00a0: résultat contesté ({one['match']}: {b} n’est pas d’accord)"
        assert banner.text().startswith(called)
        table = window.findChild(QTableWidget, "resultsTable")
        assert table is not None
        assert table.item(row_of(window, one["match"]), 6).text() == f"résultat contesté ({b} n’est pas d’accord)"
        assert window.results_page.pick_match(on_two["match"])
        window.results_page.accept_phone_result()
        said = window.notice.text()
        assert said.startswith(f"{on_two['match']} n’est pas fini sur le téléphone (0-0)\u00a0:"), said
        assert _english_words(said) == set(), said
    finally:
        window.close()
        desk.window.set_language("en")


@pytest.fixture
def phone_reads(monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """The threads the Results tab read the phone logs on, one a read."""
    from referee_desk.tournament import results_tab

    reads: list[threading.Thread] = []
    read = results_tab.unsigned_results

    def watched(*args: Any) -> dict[str, tuple[int, int]]:
        reads.append(threading.current_thread())
        return read(*args)

    monkeypatch.setattr(results_tab, "unsigned_results", watched)
    return reads


def test_a_phone_match_over_shows_on_the_results_tab_within_a_second_though_the_tournament_did_not_move(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    window: TournamentWindow,
    phone_reads: list[threading.Thread],
) -> None:
    _, api, keys = phones
    table = window.findChild(QTableWidget, "resultsTable")
    accept = window.findChild(QPushButton, "acceptPhoneResult")
    assert table is not None and accept is not None
    window.tabs.setCurrentWidget(window.results_page)
    on_one = api.get(1, f"Bearer {keys[1]}", HERE).body
    assert window.results_page.pick_match(on_one["match"]) and not accept.isEnabled()
    post(api, keys[1], 1, "1-lag", 1, {"type": "lag", "winner": "A"})  # the lag: both noted at the table
    match = on_one["match"]
    qtbot.waitUntil(lambda: len(at_table(window.session.tournament, match)) == 2, timeout=5000)  # type: ignore[arg-type]
    head = window.session.state.seq  # type: ignore[union-attr]
    finish(api, keys[1], 1, "B")  # taps in the match's log: the tournament's log does not move
    status = "over on the phone (0-2), not signed by both"
    qtbot.waitUntil(lambda: table.item(row_of(window, on_one["match"]), 6).text() == status, timeout=1000)
    assert window.session.state.seq == head and accept.isEnabled()  # type: ignore[union-attr]
    assert phone_reads and threading.main_thread() not in phone_reads  # replayed on a worker, never here
    click(qtbot, window, "acceptPhoneResult")
    assert window.session.tournament.slots[on_one["match"]].outcome.score == (0, 2)  # type: ignore[union-attr]


def test_the_phone_logs_are_read_only_while_the_results_tab_is_in_view(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    window: TournamentWindow,
    phone_reads: list[threading.Thread],
) -> None:
    """32 tables' logs read again each half-second for a tab nobody looks at is the window's
    processor taken from the phones' server on the same laptop: read when the tab is turned to."""
    _, api, keys = phones
    window.go_to("bracket")
    qtbot.waitUntil(lambda: window.results_page.reading is None)  # the window's first read (not yet shown) is in
    phone_reads.clear()
    on_one = api.get(1, f"Bearer {keys[1]}", HERE).body
    finish(api, keys[1], 1, "B")
    stays(lambda: phone_reads == [], 1.2, "no phone log read (two looks of the window's watch)", pause=qt_pause(qtbot))
    window.go_to("results")
    status = "over on the phone (0-2), not signed by both"
    qtbot.waitUntil(lambda: window.results_page.table.item(row_of(window, on_one["match"]), 6).text() == status)
    assert len(phone_reads) >= 1


def test_the_results_tab_says_a_result_signed_on_one_phone_and_both_players_disputing(
    qtbot,  # type: ignore[no-untyped-def]
    phones: tuple[Path, PhoneTables, dict[int, str]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, api, keys = phones
    tid = api.tournament_id
    one_phone = json.loads(run(capsys, "tournament", "phones", tid, "1", "--one-phone", "--json", "--db", str(db)))
    key = one_phone[0]["key"]
    body = finish(api, key, 1, "A")
    match, version = body["match"], body["version"]
    for seat in "AB":  # the one phone left at the table signs for both
        sign = tap_body(f"s{seat}", body["match_id"], version, {"type": "sign", "player": seat}, "table-phone")
        assert api.post(1, f"Bearer {key}", HERE, sign).status == 200
        version += 1
    two = finish(api, keys[2], 2, "B")
    dispute(api, keys[2], 2, two["version"], "A")
    dispute(api, keys[2], 2, two["version"], "B")
    opened = TournamentWindow(store=Store(db))
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    try:
        opened.tabs.setCurrentWidget(opened.results_page)
        table = opened.findChild(QTableWidget, "resultsTable")
        assert table is not None
        signed = row_of(opened, match)
        qtbot.waitUntil(lambda: table.item(signed, 6).text().endswith("· signed on one phone"), timeout=3000)
        a, b = two["players"]["A"], two["players"]["B"]
        assert table.item(row_of(opened, two["match"]), 6).text() == f"result disputed ({a} & {b} do not agree)"
        status = opened.findChild(QLabel, "phonesStatus")
        opened.tabs.setCurrentWidget(opened.queue_page)
        assert status is not None and "Table 1: " in status.text() and "one phone signs for both" in status.text()
    finally:
        opened.close()
