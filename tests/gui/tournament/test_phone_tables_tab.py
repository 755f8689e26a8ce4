"""The Tables tab's phone tables (phone.md §1) clicked in the tournament window on a real SQLite
file: tables marked, refused in words, un-marked, a lost card's table re-keyed (the old key refused
at once by the window's own site), the cards printed at the laptop's LAN address (QR codes read
back with zbar); and the window's players' pages answering a phone's taps over HTTP (real aiohttp),
the window showing the score and completing the bracket match once both players signed."""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import subprocess
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QPushButton
from referee_desk.tournament.window import TournamentWindow

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.events import MatchStarted
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.tournament.phones import fingerprint, lan_address, score_link
from tests.conftest import required
from tests.event.taps import tap_json


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _organizer(tmp_path: Path, players: int, tables: str) -> Path:
    db = tmp_path / "organizer.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, "Open de Lyon", Options(Format.SE, race=2))
        names = "".join(f"Player {n:02d},{700 - n}\n" for n in range(1, players + 1))
        operations.add_entries(store, tid, "name,rating\n" + names)
        operations.draw(store, tid, 5)
        operations.set_tables(store, tid, tables)
    return db


def shown_window(qtbot, tmp_path: Path, players: int, tables: str) -> TournamentWindow:  # type: ignore[no-untyped-def]
    """The tournament window on a new organizer's database, shown on its Tables tab."""
    w = TournamentWindow(store=Store(_organizer(tmp_path, players, tables)))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.tabs.setCurrentWidget(w.queue_page)
    return w


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[TournamentWindow]:  # type: ignore[no-untyped-def]
    """Eight players on tables 1-8: the first round on tables 1-4, tables 5-8 free."""
    w = shown_window(qtbot, tmp_path, 8, "1-8")
    yield w
    w.close()


def _click(qtbot, w: TournamentWindow, name: str, text: str | None = None) -> None:  # type: ignore[no-untyped-def]
    box = w.queue_page.phones_box
    if text is not None:
        box.edit.clear()
        QTest.keyClicks(box.edit, text)
    QTest.mouseClick(box.findChild(type(box.on_button), name), Qt.MouseButton.LeftButton)


def _keys(w: TournamentWindow) -> dict[int, str]:
    assert w.store is not None
    return w.store.phone_keys(w.session.tournament_id)


def _start_site(qtbot, w: TournamentWindow, lan: bool) -> int:  # type: ignore[no-untyped-def]
    port = _port()
    page = w.queue_page
    page.web_port.setValue(port)
    page.web_lan.setChecked(lan)
    QTest.mouseClick(page.web_button, Qt.MouseButton.LeftButton)
    assert page.connections.site is not None
    return port


def _request(port: int, method: str, path: str, key: str | None, body: Any = None) -> tuple[int, dict[str, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        conn.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data.startswith(b"{") else {"page": data.decode()}
    finally:
        conn.close()


def test_tables_marked_refused_in_words_unmarked_and_shown_without_their_keys(qtbot, window: TournamentWindow) -> None:  # type: ignore[no-untyped-def]
    _click(qtbot, window, "phonesOn", "5-6")
    t = window.session.tournament
    assert t is not None and sorted(t.phones) == [5, 6]
    keys = _keys(window)
    assert sorted(keys) == [5, 6] and all(t.phones[n] == fingerprint(keys[n]) for n in keys)  # the CLI's event
    assert window.notice.text() == "Scored on the phones now: 5, 6."
    status = window.queue_page.phones_box.status.text()
    assert status.count("Table ") == 2 and "no match on it" in status
    for key in keys.values():
        assert key not in status and key.replace("-", "") not in status  # no key whole on the screen
        assert f"key …{key.replace('-', '')[-4:]}" in status

    _click(qtbot, window, "phonesOn", "9")
    assert window.notice.text().startswith("table 9 is not one of the venue's tables (1, 2, 3, 4, 5, 6, 7, 8)")
    _click(qtbot, window, "phonesOn", "5-x")
    assert window.notice.text() == "Phone tables are listed as 5-8 or 5,7."
    _click(qtbot, window, "phonesOn", "5")
    assert window.notice.text() == "Already scored on the phones: a lost card's table gets a new key."
    assert _keys(window) == keys  # a printed card still works

    t = window.session.tournament
    assert t is not None
    on_one = next(s.spec.id for s in t.slots.values() if s.status is MatchStatus.PLAYING and s.table == 1)
    assert window.session.record(MatchStarted(on_one, "a-desks-match", 1))  # a desk plays table 1
    _click(qtbot, window, "phonesOn", "1")
    assert window.notice.text() == (
        f"table 1 is scored on a desk ({on_one} is being played there): it can be scored on the players' phones once"
        " that match is over"
    )
    assert sorted(window.session.tournament.phones) == [5, 6]  # type: ignore[union-attr]

    _click(qtbot, window, "phonesOff", "6")
    assert sorted(window.session.tournament.phones) == [5]  # type: ignore[union-attr]
    assert _keys(window) == {5: keys[5]} and window.notice.text() == "Scored on a desk again: 6."
    _click(qtbot, window, "phonesNewKey", "7")
    assert window.notice.text() == "Table 7 is not scored on the phones: mark it first."


def test_the_cards_button_prints_the_lan_link_and_a_new_key_refuses_the_old_at_once(  # type: ignore[no-untyped-def]
    qtbot, window: TournamentWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdftoppm, zbarimg = shutil.which("pdftoppm"), shutil.which("zbarimg")
    if pdftoppm is None or zbarimg is None:
        required("pdftoppm and zbarimg (poppler-utils, zbar-tools)")
    host = lan_address()
    if host is None:
        required("a network address on this machine")
    _click(qtbot, window, "phonesOn", "5-6")
    pdf = tmp_path / "cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(pdf), "PDF (*.pdf)"))
    _click(qtbot, window, "phonesCards")
    assert not pdf.exists() and "start the players' web page with" in window.notice.text()  # no address yet

    port = _start_site(qtbot, window, lan=True)
    url = f"http://{host}:{port}"
    assert f"{url}/score/5" in window.queue_page.phones_box.status.text()
    _click(qtbot, window, "phonesCards")
    assert window.notice.text() == f"2 cards written to {pdf} ({url})."
    subprocess.run([str(pdftoppm), "-r", "150", "-png", str(pdf), str(tmp_path / "page")], check=True)
    found = subprocess.run(
        [str(zbarimg), "-q", "--raw", str(tmp_path / "page-1.png")], capture_output=True, text=True
    ).stdout.split()
    keys = _keys(window)
    assert sorted(found) == sorted(score_link(url, n, keys[n]) for n in (5, 6))  # the LAN link, key in the fragment
    assert all("127.0.0.1" not in link and "localhost" not in link for link in found)

    old = keys[5]
    assert _request(port, "GET", "/api/score/5", old)[0] == 200  # free table: no match, but the key opens it
    _click(qtbot, window, "phonesNewKey", "5")
    new = _keys(window)[5]
    assert new != old and _keys(window)[6] == keys[6]
    status, body = _request(port, "GET", "/api/score/5", old)
    assert status == 401 and "error" in body  # refused at once
    status, body = _request(port, "GET", "/api/score/5", new)
    assert (status, body["table"], body["match"]) == (200, 5, None)


def test_the_windows_site_takes_a_phones_taps_and_the_window_shows_them_and_the_result(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = shown_window(qtbot, tmp_path, 4, "1-3")
    try:
        port = _start_site(qtbot, w, lan=False)
        _click(qtbot, w, "phonesOn", "1")
        key = _keys(w)[1]
        status, page = _request(port, "GET", "/score/1", None)
        assert status == 200 and "<html" in page["page"].lower()  # the phone's page, from the window
        status, table = _request(port, "GET", "/api/score/1", key)
        assert status == 200 and table["version"] == 1 and table["state"]["status"] == "lag"
        a, b = table["players"]["A"], table["players"]["B"]
        qtbot.waitUntil(lambda: w.session.tournament.started.get(table["match"]) == table["match_id"], timeout=5000)  # type: ignore[union-attr]

        def tap(tap_id: str, after: int, event: dict[str, Any]) -> dict[str, Any]:
            status, body = _request(
                port, "POST", "/api/score/1", key, tap_json(tap_id, table["match_id"], after, event)
            )
            assert status == 200, body
            return body

        version = tap("t1", 1, {"type": "lag", "winner": "A"})["version"]
        version = tap("t2", version, {"type": "rack", "winner": "A"})["version"]
        assert tap("t2", 1, {"type": "rack", "winner": "A"})["version"] == version  # sent again: nothing more
        qtbot.waitUntil(lambda: f"{a} 1-0 {b}" in w.queue_page.phones_box.status.text(), timeout=5000)
        site = w.queue_page.connections.site
        assert site is not None
        qtbot.waitUntil(  # the bracket page's live score, as its feed has it
            lambda: (site.server.feed.current().live or {}).get(table["match"]) == [1, 0], timeout=5000
        )
        _click(qtbot, w, "phonesOff", "1")  # its phones are scoring: asked first, No by default
        question = w.dialog
        assert question is not None and question.isVisible() and table["match"] in question.text()  # type: ignore[attr-defined]
        assert question.defaultButton().objectName() == "confirmNo"  # type: ignore[attr-defined]
        QTest.mouseClick(question.findChild(QPushButton, "confirmNo"), Qt.MouseButton.LeftButton)
        assert sorted(w.session.tournament.phones) == [1]  # type: ignore[union-attr]
        assert w.notice.text() == "The phones go on scoring 1."

        version = tap("t3", version, {"type": "rack", "winner": "A"})["version"]
        qtbot.waitUntil(lambda: "waiting for both signatures" in w.queue_page.phones_box.status.text(), timeout=5000)
        version = tap("t4", version, {"type": "sign", "player": "A"})["version"]
        tap("t5", version, {"type": "sign", "player": "B"})

        def completed() -> bool:
            t = w.session.tournament
            return t is not None and table["match"] in t.results

        qtbot.waitUntil(completed, timeout=5000)  # the window read the phones' result from the log
        result = w.session.tournament.results[table["match"]]  # type: ignore[union-attr]
        assert (result.winner, result.score) == (a, (2, 0))
        assert w.session.state == operations.open_tournament(Store(w.store.path), w.session.tournament_id).state  # type: ignore[union-attr]
    finally:
        w.close()


def test_the_phone_tables_refusals_and_words_are_french_in_french(desk, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    desk.window.set_language("fr")
    try:
        w = shown_window(desk.qtbot, tmp_path, 8, "1-8")
        box = w.queue_page.phones_box
        assert box.title() == "Tables marquées sur les téléphones des joueurs"
        assert box.cards_button.text() == "Imprimer les cartes… [Ctrl+Shift+M]"
        _click(desk.qtbot, w, "phonesOn", "9")
        assert w.notice.text().startswith("la table 9 n’est pas une des tables de la salle (1, 2, 3, 4, 5, 6, 7, 8)")
        _click(desk.qtbot, w, "phonesOn", "5 a 8")
        assert w.notice.text() == "Les tables au téléphone s’écrivent 5-8 ou 5,7."
        _click(desk.qtbot, w, "phonesOn", "5")
        assert w.notice.text() == "Marquées au téléphone désormais\u00a0: 5."
        assert "Table 5\u00a0: aucun match · clé …" in box.status.text()
        w.close()
    finally:
        desk.window.set_language("en")


def test_tables_selected_in_the_list_are_the_ones_marked(qtbot, window: TournamentWindow) -> None:  # type: ignore[no-untyped-def]
    table = window.queue_page.tables_table
    table.setFocus()
    table.clearSelection()
    rows = {table.item(row, 0).text(): row for row in range(table.rowCount())}
    QTest.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(table.item(rows["7"], 0)).center()
    )
    QTest.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ControlModifier,
        table.visualItemRect(table.item(rows["8"], 0)).center(),
    )
    assert window.queue_page.phones_box.edit.text() == "7,8"
    _click(qtbot, window, "phonesOn")
    assert sorted(window.session.tournament.phones) == [7, 8]  # type: ignore[union-attr]
