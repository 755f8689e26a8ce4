"""The live overlay in a real browser (headless Chromium): it follows the desk without a reload,
agrees with `referee-app replay`, and survives the desk being killed and started again."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton

from referee_app.cli.main import main as cli
from tests.gui.conftest import Desk

pytest.importorskip("playwright")  # the `browser` fixture fails on CI when Playwright is missing
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # the machine's Chromium

DEMO_MATCH = "5d0c2a43-8f1e-4b7a-9c55-0a4be1d7f004"
"""The demo's FFB club match: Hugo Lefèvre on two fouls, the warning due."""


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    yield context.new_page()
    context.close()


def _open_rack(desk: Desk) -> None:
    desk.click("lagWonA")
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")


def _foul(desk: Desk) -> None:
    desk.click("pocketFL")
    desk.click("foul_scratch")


def _version(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-version") or 0)


def test_the_overlay_follows_each_event_and_the_undo_without_a_reload(desk: Desk, page: Page) -> None:
    desk.start(race_to=2)
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    page.goto(server.url("overlay"))
    expect(page.locator("#seat-A .name")).to_have_text("Ana")
    expect(page.locator("#seat-B .name")).to_have_text("Ben")
    expect(page.locator("#race")).to_have_text("Race to 2")
    page.evaluate("window.sameDocument = true")  # gone if the page reloads

    _open_rack(desk)
    expect(page.locator('#balls li[data-ball="4"]')).to_have_class(re.compile(r"\bgone\b"))
    expect(page.locator("#seat-A .breaker")).to_have_text("break")
    desk.click("pocketFL")
    desk.click("madeButton")  # the 1, called and made
    expect(page.locator('#balls li[data-ball="1"]')).to_have_class(re.compile(r"\bgone\b"))
    expect(page.locator('#balls li[data-ball="2"]')).not_to_have_class(re.compile(r"\bgone\b"))

    _foul(desk)  # Ana scratches: Ben has ball in hand
    expect(page.locator("#seat-A .fouls")).to_have_text("1 foul")
    expect(page.locator("#hand")).to_have_text("ball in hand")
    expect(page.locator("#seat-B .turn")).to_have_text("▶")
    _foul(desk)
    _foul(desk)  # Ana's second in a row: flagged, the warning due
    expect(page.locator("#seat-A .fouls")).to_have_text("2 fouls")
    expect(page.locator("#seat-A")).to_have_class(re.compile(r"\btwo-fouls\b"))
    expect(page.locator("#seat-A .warned")).to_have_text("")

    desk.click("warningGiven")
    expect(page.locator("#seat-A .warned")).to_have_text("warned")
    expect(page.locator("#banner")).to_have_text("Warning: Ana is on two fouls")
    expect(page.locator("#banner")).to_be_visible()
    warned_at = _version(page)

    desk.click("undoButton")
    expect(page.locator("#seat-A .warned")).to_have_text("")
    expect(page.locator("#banner")).to_be_hidden()
    assert _version(page) == warned_at + 1  # the undo is a new line in the log: a newer version
    assert page.evaluate("window.sameDocument") is True


def test_state_json_equals_the_replay_of_the_exported_log(
    desk: Desk, page: Page, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk.start(race_to=2)
    _open_rack(desk)
    _foul(desk)
    desk.click("undoButton")
    desk.click("pocketFL")
    desk.click("madeButton")
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    version = len(desk.session.history.entries)
    page.goto(server.url("overlay"))
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    served = json.loads(page.goto(server.url("state.json")).text())  # type: ignore[union-attr]

    log = tmp_path / "match.jsonl"
    capsys.readouterr()
    assert cli(["export-log", desk.session.match_id, "--db", str(desk.db)]) == 0
    log.write_text(capsys.readouterr().out, encoding="utf-8")
    assert cli(["replay", str(log)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert {key: served[key] for key in printed} == printed
    assert served["version"] == version


def test_the_overlay_dialog_starts_and_stops_the_server(desk: Desk, page: Page) -> None:
    desk.start()
    desk.window.open_overlay()
    dialog = desk.window.dialog
    assert dialog is not None
    port = dialog.findChild(QLabel, "overlayAddresses")
    toggle = dialog.findChild(QPushButton, "overlayToggle")
    lan = dialog.findChild(QCheckBox, "overlayLan")
    assert port is not None and toggle is not None and lan is not None and not lan.isChecked()
    free = _free_port()
    dialog.port.setValue(free)  # type: ignore[attr-defined]
    desk.qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert desk.window.overlay is not None and desk.window.overlay.running
    assert f"http://127.0.0.1:{free}/overlay" in port.text() and "/table" in port.text()
    page.goto(f"http://127.0.0.1:{free}/table")
    expect(page.locator("#seat-A .name")).to_have_text("Ana")
    desk.qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert not desk.window.overlay.running
    expect(page.locator("#board")).to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#status")).to_have_text("reconnecting…")
    assert desk.settings.value("overlay/port") in (free, str(free))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _desk_process(tmp_path: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    command = [sys.executable, "-m", "referee_desk.main", "--db", str(tmp_path / "desk.db"), "--overlay", str(port)]
    process = subprocess.Popen(
        [*command, *extra], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # the desk says where the overlay is once it listens
    assert line.strip() == f"overlay http://127.0.0.1:{port}/overlay", line
    return process


def test_a_killed_and_restarted_desk_the_page_resumes(tmp_path: Path, page: Page) -> None:
    port = _free_port()
    desk = _desk_process(tmp_path, port, "--demo", "--match", DEMO_MATCH)
    try:
        page.goto(f"http://127.0.0.1:{port}/table")
        expect(page.locator("#seat-A .name")).to_have_text("Hugo Lefèvre")
        expect(page.locator("#seat-A .fouls")).to_have_text("2 fouls")
        expect(page.locator("#seat-A .warned")).to_have_text("")
        page.evaluate("window.sameDocument = true")
    finally:
        desk.kill()  # SIGKILL; TerminateProcess on Windows
        desk.wait()
    expect(page.locator("#board")).to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#status")).to_have_text("reconnecting…")
    expect(page.locator("#seat-A .name")).to_have_text("Hugo Lefèvre")  # the last state stays, greyed

    # meanwhile the referee gives the warning from another desk program: it is in the log
    recorded = subprocess.run(
        [sys.executable, "-m", "referee_app", "record", "--db", str(tmp_path / "desk.db"), "--match", DEMO_MATCH],
        input='{"type": "warning", "player": "A"}\n',
        capture_output=True,
        text=True,
    )
    assert recorded.returncode == 0, recorded.stderr
    desk = _desk_process(tmp_path, port, "--match", DEMO_MATCH)
    try:
        expect(page.locator("#board")).not_to_have_class(re.compile(r"\bstale\b"), timeout=10_000)
        expect(page.locator("#seat-A .warned")).to_have_text("warned")
        expect(page.locator("#status")).to_have_text("")
        assert page.evaluate("window.sameDocument") is True
    finally:
        desk.terminate()
        desk.wait(timeout=10)


def test_the_shot_clock_counts_down_on_the_page_and_starts_over_with_the_shot(desk: Desk, page: Page) -> None:
    from referee_app.game.events import ShotClock

    desk.start(shot_clock=ShotClock(shot_s=30, after_break_s=30))
    _open_rack(desk)
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    page.goto(server.url("overlay"))
    expect(page.locator("#clock")).to_have_text("30")
    expect(page.locator("#clock")).not_to_have_class(re.compile(r"\brunning\b"))
    desk.click("clockStart")
    expect(page.locator("#clock")).to_have_class(re.compile(r"\brunning\b"))
    expect(page.locator("#clock")).to_have_text(re.compile(r"^(29|28|27)$"), timeout=4000)  # counting down
    vmix = json.loads(page.goto(server.url("vmix.json")).text())  # type: ignore[union-attr]
    assert vmix[0]["ClockRunning"] == "yes" and vmix[0]["PlayerA"] == "Ana"
    page.goto(server.url("overlay"))
    desk.click("pocketFL")
    desk.click("madeButton")
    expect(page.locator("#clock")).not_to_have_class(re.compile(r"\brunning\b"))
    expect(page.locator("#clock")).to_have_text("30")  # the next shot starts from full time


@pytest.mark.parametrize(
    ("news", "english", "french"),
    [
        (
            {"kind": "rack", "seat": "B", "rack": 3, "how": "ten_on_break"},
            "Ben wins rack 3 (10 announced on the break)",  # as the desk and the sheet say it
            "Ben gagne la manche 3 (10 annoncée à la casse)",
        ),
        ({"kind": "push_out", "seat": "A"}, "Push-out by Ana", "Push-out de Ana"),
        (
            {"kind": "option", "seat": "B", "after": "push_out"},
            "Ben to choose: play or hand back",
            "Ben choisit\u00a0: jouer ou rendre la main",
        ),
        ({"kind": "match", "seat": "A", "result": "race"}, "Ana wins the match 2–1", "Ana gagne le match 2–1"),
    ],
)
def test_banners_in_both_languages_and_both_styles(page: Page, news: dict[str, Any], english: str, french: str) -> None:
    from referee_desk.i18n import translator_for

    from referee_app.game.events import Entry
    from referee_app.game.history import replay
    from referee_app.web.overlay import snapshot
    from referee_app.web.server import OVERLAY, WebServer
    from tests.builders import brk, decode, ev, started

    objs = [started(race_to=2), ev("lag", winner="A"), brk(4)]
    history = replay(Entry(i, decode(o)) for i, o in enumerate(objs, start=1))
    view = dict(snapshot("m", history), banner=news, score={"A": 2, "B": 1})
    server = WebServer((OVERLAY,), port=0, words=translator_for).start()  # the words the desk hands in
    try:
        server.feed.publish(view)
        for query, text in [("", english), ("?lang=fr&style=lower", french)]:
            page.goto(server.url("overlay") + query)
            expect(page.locator("#banner")).to_have_text(text)
        assert "lower" in (page.locator("body").get_attribute("class") or "")
    finally:
        server.stop()


def test_the_dialog_shows_the_overlay_started_from_the_command_line(desk: Desk) -> None:
    desk.start()
    port = _free_port()
    assert desk.window.start_overlay(port)
    desk.window.open_overlay()
    dialog = desk.window.dialog
    assert dialog is not None and dialog.port.value() == port and not dialog.port.isEnabled()  # type: ignore[attr-defined]
    assert dialog.toggle.text() == "Stop the overlay"  # type: ignore[attr-defined]
    desk.window.overlay.stop()  # type: ignore[union-attr]


def test_a_taken_port_is_said_on_the_desk_and_the_desk_carries_on(desk: Desk) -> None:
    desk.start()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not desk.window.start_overlay(port)
    assert f"Live overlay failed: port {port} is already in use" in desk.text("notice")
    assert desk.window.overlay is not None and not desk.window.overlay.running
    desk.click("lagWonA")  # recording goes on as before
    assert desk.state.at_table is not None


def test_the_lan_choice_lists_this_computers_addresses(desk: Desk) -> None:
    from referee_desk.overlay.dialog import lan_addresses

    desk.start()
    desk.window.open_overlay()
    dialog = desk.window.dialog
    assert dialog is not None
    dialog.port.setValue(_free_port())  # type: ignore[attr-defined]
    dialog.lan.setChecked(True)  # type: ignore[attr-defined]
    desk.qtbot.mouseClick(dialog.toggle, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    server = desk.window.overlay.server  # type: ignore[union-attr]
    assert server is not None and server.lan
    text = dialog.addresses.text()  # type: ignore[attr-defined]
    for address in lan_addresses():
        assert not address.startswith("127.") and f"http://{address}:{server.port}/overlay" in text
    desk.window.overlay.stop()  # type: ignore[union-attr]


# --- on air: the overlay comes back with the desk, holds its layout, names the foul, hides while away ---


def test_the_overlay_left_on_comes_back_when_the_desk_starts_again(desk: Desk, qtbot: Any) -> None:
    from referee_desk.app import build_desk, parse_args

    desk.start()
    desk.window.open_overlay()
    dialog = desk.window.dialog
    free = _free_port()
    dialog.port.setValue(free)  # type: ignore[union-attr]
    desk.qtbot.mouseClick(dialog.toggle, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
    assert desk.window.overlay is not None and desk.window.overlay.running
    desk.window.close()  # the desk quits (or crashes) with the overlay on
    assert not desk.window.overlay.running

    again = build_desk(parse_args(["--db", str(desk.db)]), desk.settings)
    qtbot.addWidget(again)
    try:
        assert again.overlay is not None and again.overlay.running
        assert again.overlay.server is not None and again.overlay.server.port == free
        url = again.overlay.server.url("state.json")
        qtbot.waitUntil(lambda: json.loads(urlopen(url, timeout=5).read()).get("players") == {"A": "Ana", "B": "Ben"})
        # switched off by the referee: the next start leaves it off
        again.open_overlay()
        desk.qtbot.mouseClick(again.dialog.toggle, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
        assert not again.overlay.running
    finally:
        again.close()
    third = build_desk(parse_args(["--db", str(desk.db)]), desk.settings)
    qtbot.addWidget(third)
    assert third.overlay is None or not third.overlay.running
    third.close()


def _boxes(page: Page) -> dict[str, tuple[float, float]]:
    """Where the parts the eye follows are: left edge and width of each."""
    found = {}
    for name in ("#seat-A .score", "#seat-B .score", "#seat-A .name", "#seat-B .name", "#balls", ".middle",
                 "#rack", ".rackline"):  # fmt: skip
        box = page.locator(name).bounding_box()
        assert box is not None, name
        found[name] = (round(box["x"], 1), round(box["width"], 1))
    return found


@pytest.mark.parametrize("style", ["full", "lower"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chips_coming_and_going_move_nothing_sideways(page: Page, style: str, lang: str) -> None:
    from referee_app.web.overlay import snapshot
    from referee_app.web.server import OVERLAY, WebServer
    from tests.builders import brk, ev, history, miss, started

    calm = [started("ffb", race_to=5, shot_clock={"shot_s": 35}), ev("lag", winner="A"), brk(1, 2, 3)]
    stormy = [*calm, miss(4, cue_ball="pocketed"), miss(4, cue_ball="pocketed"), miss(4, first_contact=7)]
    server = WebServer((OVERLAY,), port=0).start()
    try:
        server.feed.publish(snapshot("m", history(*calm), lang))
        page.goto(server.url("overlay") + f"?style={style}")
        expect(page.locator("#seat-A .breaker")).not_to_be_empty()
        expect(page.locator("#hand")).to_be_empty()
        before = _boxes(page)
        server.feed.publish(snapshot("m", history(*stormy, ev("warning", player="A")), lang))
        expect(page.locator("#seat-A .warned")).not_to_be_empty()  # every chip is on now
        expect(page.locator("#seat-A .fouls")).not_to_be_empty()
        expect(page.locator("#seat-B .fouls")).not_to_be_empty()
        expect(page.locator("#hand")).not_to_be_empty()
        assert _boxes(page) == before
    finally:
        server.stop()


def test_the_overlay_names_the_foul_as_the_desk_does(desk: Desk, page: Page) -> None:
    desk.start(race_to=2)
    _open_rack(desk)
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    page.goto(server.url("overlay"))
    _foul(desk)  # Ana scratches
    expect(page.locator("#seat-A .fouls")).to_have_text("1 foul")
    expect(page.locator("#seat-A .foul")).to_have_text("scratch")
    expect(page.locator("#seat-B .foul")).to_have_text("")
    page.goto(server.url("overlay") + "?lang=fr")
    expect(page.locator("#seat-A .foul")).to_have_text("blanche empochée")
    desk.click("undoButton")  # undone: no foul, no name
    expect(page.locator("#seat-A .foul")).to_have_text("")


def test_every_foul_the_overlay_names_has_its_words_in_both_languages() -> None:
    """Each code `last_fouls` can give has the desk's own words (English and French) for the page."""
    from referee_desk.i18n import qt_translate
    from referee_desk.printing import use_language

    from referee_app.game.labels import FOUL_LABELS
    from referee_app.game.vocab import Foul
    from referee_app.web.overlay import CUE_BALL_OFF_TABLE, PENALTY_FOUL
    from referee_app.web.words import words_for

    codes = [foul.value for foul in Foul] + [CUE_BALL_OFF_TABLE, PENALTY_FOUL]
    english = words_for("overlay")
    assert {english[f"foul_{foul.value}"] for foul in Foul} == set(FOUL_LABELS.values())
    assert english[f"foul_{CUE_BALL_OFF_TABLE}"] == "cue ball off the table"
    translator = use_language("fr")
    try:
        french = words_for("overlay", qt_translate)
    finally:
        from PySide6.QtCore import QCoreApplication

        QCoreApplication.removeTranslator(translator)
    assert french["foul_scratch"] == "blanche empochée" and french["foul_wrong_ball_first"] == "mauvaise bille touchée"
    assert all(french[f"foul_{code}"] and french[f"foul_{code}"] != english[f"foul_{code}"] for code in codes)


def test_on_air_the_overlay_fades_out_while_the_desk_is_away_and_the_table_page_says_so(desk: Desk, page: Page) -> None:
    desk.start()
    port = _free_port()
    assert desk.window.start_overlay(port)
    tv = page.context.new_page()
    page.goto(f"http://127.0.0.1:{port}/overlay")
    tv.goto(f"http://127.0.0.1:{port}/table")
    expect(page.locator("#seat-A .name")).to_have_text("Ana")
    expect(page.locator("#board")).to_have_css("opacity", "1")
    # the TV has its words before the desk goes (on a loaded machine it could still be fetching them)
    expect(tv.locator("#rack")).to_have_text("Rack 1")
    desk.window.overlay.stop()  # type: ignore[union-attr]
    expect(page.locator("#board")).to_have_css("opacity", "0")  # faded out: nothing on the stream
    expect(page.locator("#status")).to_have_text("")  # never "reconnecting" on air
    expect(tv.locator("#status")).to_have_text("reconnecting…")  # the TV by the table says it
    assert desk.window.start_overlay(port)
    expect(page.locator("#board")).to_have_css("opacity", "1", timeout=10_000)
    expect(page.locator("#seat-A .name")).to_have_text("Ana")
    desk.window.overlay.stop()  # type: ignore[union-attr]


def test_a_page_that_cannot_stream_shows_the_match_from_the_first_load(desk: Desk, page: Page) -> None:
    desk.start()
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    page.route("**/events", lambda route: route.abort())  # a proxy or browser source that blocks the stream
    page.goto(server.url("overlay"))
    expect(page.locator("#seat-A .name")).to_have_text("Ana")
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator("#board")).to_have_css("opacity", "1")
    _open_rack(desk)  # and it keeps up, reading the state again while the stream is down
    expect(page.locator('#balls li[data-ball="4"]')).to_have_class(re.compile(r"\bgone\b"), timeout=5000)


@pytest.mark.parametrize(
    ("sent", "lang", "shown"),
    [
        ("Losers' round 2", "fr", "Tableau perdants, tour 2"),  # the board's sync sends the English
        ("Tableau perdants, tour 2", "en", "Losers' round 2"),  # a French tournament window, the French
        ("Last 16", "fr", "8e de finale"),
        ("Group 3, winners' round 1", "fr", "Poule 3, tableau gagnants, tour 1"),
        ("Poule B, barrage", "en", "Poule B, barrage"),  # a round typed by hand: as it was typed
    ],
)
def test_the_tournaments_round_follows_the_pages_language(
    desk: Desk, page: Page, sent: str, lang: str, shown: str
) -> None:
    desk.start(race_to=2, event="Open de Lyon", round=sent)
    assert desk.window.start_overlay(0)
    server = desk.window.overlay.server  # type: ignore[union-attr]
    for kind in ("overlay", "table"):
        page.goto(server.url(kind) + f"?lang={lang}")
        expect(page.locator("#seat-A .name")).to_have_text("Ana")
        expect(page.locator("#round")).to_have_text(shown)
