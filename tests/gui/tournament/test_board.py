"""The board following a tournament (`board --tournament T --db D --web P`), without the
tournament window: the bracket and the queue in the board window, the bracket and the players'
page on its web site (real headless Chromium), both at start and again after a desk's result
comes back through a real PostgreSQL."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.venue.server import Cluster
from tests.conftest import free_port
from tests.tournament.test_live import Desk

pytest.importorskip("playwright")  # the `browser` fixture fails on CI when Playwright is missing
from playwright.sync_api import Page, expect

from tests.waiting import eventually

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster

PLAYERS = ("Éva Martin", "Ana López", "Célia Roux", "David Bézier")


def organizer_db(tmp_path: Path, tables: str = "1,2") -> Path:
    path = tmp_path / "live.db"
    store = Store(path)
    try:
        tid = operations.new_tournament(store, "Open de Lyon", Options(Format.DE, race=2))
        operations.add_entries(store, tid, "name,rating\n" + "".join(f"{p},{600 - i}\n" for i, p in enumerate(PLAYERS)))
        operations.draw(store, tid, 11)
        operations.set_tables(store, tid, tables)
    finally:
        store.close()
    return path


def shown(path: Path) -> dict[str, Any]:
    from referee_app.tournament.show import show

    store = Store.open_readonly(path)
    try:
        opened = operations.open_tournament(store, "Open de Lyon")
        return show(opened.state.tournament, opened.tournament_id)
    finally:
        store.close()


@pytest.fixture
def language(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The board's language, installed for the test and taken out after (never the user's
    settings, which `board_language` reads): append "fr" before opening the board for French."""
    from PySide6.QtCore import QCoreApplication, QTranslator
    from referee_desk.i18n import FOLDER
    from referee_desk.venue import board_window

    wanted: list[str] = []
    installed: list[QTranslator] = []

    def board_language(_args: argparse.Namespace) -> str:
        code = wanted[-1] if wanted else "en"
        if code != "en":
            translator = QTranslator()
            assert translator.load(str(FOLDER / f"referee_{code}.qm"))
            QCoreApplication.installTranslator(translator)
            installed.append(translator)
        return code

    monkeypatch.setattr(board_window, "board_language", board_language)
    yield wanted
    for translator in installed:
        QCoreApplication.removeTranslator(translator)


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    yield context.new_page()
    context.close()


def test_the_board_publishes_the_tournament_it_follows_in_its_window_and_web_pages(
    qtbot: Any, event_server: Cluster, tmp_path: Path, page: Page, language: list[str]
) -> None:
    from referee_desk.i18n import translator_for
    from referee_desk.venue.board_window import open_board

    path = organizer_db(tmp_path)
    args = argparse.Namespace(
        server=event_server.folder, tournament="Open de Lyon", db=path, web=free_port(), lan=False,
        no_window=False, lang="en", words=translator_for,
    )  # fmt: skip
    board = open_board(args)
    window = board.window
    qtbot.addWidget(window)
    window.show()
    try:
        matches = shown(path)["matches"]
        qtbot.waitUntil(lambda: window.tournament_page is not None, timeout=5000)
        assert len(window.bracket.match_items()) == len(matches)  # both sides and the finals
        assert window.tabs.tabText(1) == "T&ournament"
        assert "Open de Lyon" in window.tournament_title.text() and "hot seat: W2-1" in window.tournament_title.text()
        assert board.server is not None
        page.goto(board.server.url("bracket"))
        expect(page.locator("h1#name")).to_have_text("Open de Lyon")
        expect(page.locator(".match")).to_have_count(len(matches))
        expect(page.locator("#match-W2-1 .label")).to_contain_text("Hot seat")
        playing = {m["table"]: m for m in matches if m["status"] == "playing"}
        for number, m in playing.items():
            card = page.locator(f'.tablecard[data-table="{number}"]')
            expect(card.locator(".players")).to_have_text(f"{m['a']} – {m['b']}")
        first = playing[1]
        page.goto(board.server.url("player") + "?name=" + first["a"].replace(" ", "+"))
        # on its table and not begun: the board's call clock calls its players within a second (WPA §22)
        expect(page.locator(".player .when")).to_have_text("You are called: go to table 1")

        desk = Desk(event_server, tmp_path / "desk1", "1")
        qtbot.waitUntil(lambda: desk.next_assignment() is not None, timeout=15_000)  # the window goes on meanwhile
        sent = desk.next_assignment()
        assert sent is not None and set(sent.players) == {first["a"], first["b"]}
        desk.play(desk.start(sent), race=sent.race_to)  # the first-named player wins
        desk.push()
        page.goto(board.server.url("bracket"))
        expect(page.locator(f"#match-{first['id']} .seat.won .who")).to_have_text(sent.players[0], timeout=15000)

        def done_in_window() -> bool:
            shown = window.tournament_view
            return shown is not None and any(m.id == first["id"] and m.status == "done" for m in shown.view.matches)

        qtbot.waitUntil(done_in_window, timeout=5000)
    finally:
        board.close()


def test_the_board_with_no_window_publishes_the_tournament_on_its_web_pages(
    event_server: Cluster, tmp_path: Path, page: Page
) -> None:
    import subprocess
    import sys

    path = organizer_db(tmp_path)
    port = free_port()
    board = subprocess.Popen(
        [sys.executable, "-m", "referee_desk.main", "board", "--server", str(event_server.folder),
         "--tournament", "Open de Lyon", "--db", str(path), "--web", str(port), "--no-window", "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert board.stdout is not None
        assert board.stdout.readline().strip() == f"board http://127.0.0.1:{port}/board"
        matches = shown(path)["matches"]
        page.goto(f"http://127.0.0.1:{port}/bracket?lang=en")
        expect(page.locator("h1#name")).to_have_text("Open de Lyon")
        expect(page.locator(".match")).to_have_count(len(matches))
        on_two = next(m for m in matches if m["table"] == 2)
        page.goto(f"http://127.0.0.1:{port}/player?lang=fr&name=" + on_two["b"].replace(" ", "+"))
        expect(page.locator(".player .when")).to_have_text("En train de jouer sur la table 2")

        desk = Desk(event_server, tmp_path / "desk2", "2")  # the desk starts what it was sent
        sent = eventually(desk.next_assignment, "the desk sent its match", 15)
        assert sent.round == "Winners' round 1"
        desk.start(sent)
        desk.push()
        page.goto(f"http://127.0.0.1:{port}/board?lang=fr")  # the round in the page's language
        expect(page.locator('section.table[data-table="2"] .info')).to_contain_text("Tableau gagnants, tour 1")
    finally:
        board.terminate()
        board.wait(timeout=10)
    assert board.returncode == 0


def test_a_french_board_says_its_tournaments_problems_in_french(
    qtbot: Any, event_server: Cluster, tmp_path: Path, language: list[str]
) -> None:
    from referee_desk.i18n import translator_for
    from referee_desk.venue.board_window import open_board

    path = organizer_db(tmp_path, tables="91,92")  # tables no test gave a key
    language.append("fr")
    args = argparse.Namespace(
        server=event_server.folder, tournament="Open de Lyon", db=path, web=None, lan=False,
        no_window=False, lang="fr", words=translator_for,
    )  # fmt: skip
    board = open_board(args)
    qtbot.addWidget(board.window)
    try:
        qtbot.waitUntil(lambda: "91" in board.window.notice.text(), timeout=10000)
        assert "la table 91 n’a pas encore de clé sur le serveur de l’événement" in board.window.notice.text()
        assert board.window.tabs.tabText(1) == "T&ournoi"
    finally:
        board.close()
