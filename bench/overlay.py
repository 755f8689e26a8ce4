"""The live overlay: from the desk's record to the change in a real browser's page, and what
having the overlay open costs the desk's clicks.

1. A desk window (offscreen) records 200 "called ball made" clicks with the overlay on and
   headless Chromium (the machine's, driven by Playwright) showing `/overlay`. The page
   notes the wall-clock time it rendered each version; the desk notes the time just
   before each click. Latency = render time - click time.
2. The desk's click (release to repainted window, as in bench/click.py) is timed in
   alternating blocks without and with the overlay open in the browser (`/overlay` and
   `/table` both listening); the ratio compares the two p95s of the same run. Clicks come
   at a referee's pace, not back to back: after each one the desk idles PAUSE_S (and, with
   the overlay, until both pages show it), in both kinds of block: five clicks a second,
   still far quicker than strokes come. With 50 ms between clicks, the browser's
   compositing after one click still overlaps the next on a 2-core machine, and the ratio
   measures the browser rather than the desk (1.08 to 1.10 was seen that way; 1.41 with
   clicks back to back).
3. The board's site with a crowd: 256 live pages (plain HTTP clients in a process of their own,
   each following `/events` as a browser does, from eight loopback addresses: 32 each, the cap
   per address) while the board publishes 100 results, one every 0.2 s. Latency = the time the
   last of the 256 received a result - the time it was published (the same clock, one machine).

Last line: `overlay_p95_ms N click_ratio N crowd256_p95_ms N`
(targets: p95 <= 100 ms, ratio <= 1.1, crowd p95 <= 500 ms).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path[0] = str(Path(__file__).resolve().parents[1])

from playwright.sync_api import Page, sync_playwright
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from referee_desk.desk.controller import DeskController
from referee_desk.window import DeskWindow

from bench.click import p95
from referee_app.game.events import Break, Lag, MatchStarted
from referee_app.game.vocab import Awaiting, Pocket, Seat
from referee_app.log.store import Store
from referee_app.web.server import BOARD, MAX_STREAMS_PER_ADDRESS, TOURNAMENT, WebServer

EVENTS = 200
BLOCKS = 4
BLOCK_CLICKS = 100
PAUSE_S = 0.2
CROWD = 256
RESULTS = 100
TABLES = 16

PAGES = r"""
import json, selectors, socket, sys, time
port, crowd, results, per_address = (int(a) for a in sys.argv[1:5])
selector = selectors.DefaultSelector()
buffers, seen, arrived = {}, {}, {}
for n in range(crowd):
    sock = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{2 + n // per_address}", 0))
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: board\r\nAccept: text/event-stream\r\n\r\n")
    sock.setblocking(False)
    selector.register(sock, selectors.EVENT_READ)
    buffers[sock] = b""
MARK = b'event: state\ndata: {"version":'
ready = False
deadline = time.time() + 120
while len(arrived) < results and time.time() < deadline:
    for key, _ in selector.select(1.0):
        sock = key.fileobj
        data = sock.recv(65536)
        at = time.time()
        if not data:
            sys.exit("a page lost its stream")
        buffer = buffers[sock] + data
        while (start := buffer.find(MARK)) >= 0 and (end := buffer.find(b",", start + len(MARK))) >= 0:
            version = int(buffer[start + len(MARK):end])
            seen[version] = seen.get(version, 0) + 1
            if seen[version] == crowd and version:
                arrived[version] = at  # the last of the pages has it (0: the state they opened on)
            buffer = buffer[end:]
        buffers[sock] = buffer[-len(MARK):]
    if not ready and seen.get(0) == crowd:
        ready = True
        print("ready", flush=True)
print(json.dumps(arrived), flush=True)
"""


def click_made(app: QApplication, window: DeskWindow) -> float | None:
    """One "called ball made" click, timed from the release to the flushed repaint (seconds);
    None when a dry break had to be recorded first (a rack was won)."""
    controller = window.controller
    state = controller.state
    assert state is not None
    if state.awaiting is Awaiting.BREAK:
        controller.record(Break(rails=5))
        return None
    page = window.desk_page
    page.shot_panel.pick_pocket(Pocket.FR)
    QTest.mousePress(page.shot_panel.made, Qt.MouseButton.LeftButton)
    app.processEvents()
    started = time.perf_counter()
    QTest.mouseRelease(page.shot_panel.made, Qt.MouseButton.LeftButton)
    app.processEvents()
    return time.perf_counter() - started


def idle(app: QApplication, seconds: float) -> None:
    """The referee looks at the table: the desk's event loop runs, nothing is clicked."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.processEvents()
        time.sleep(0.002)


def version(window: DeskWindow) -> int:
    return len(window.controller.session.history.entries)  # type: ignore[union-attr]


def latency(app: QApplication, window: DeskWindow, page: Page) -> list[float]:
    """Milliseconds from each click to the page showing its state."""
    clicked: dict[int, float] = {}
    while len(clicked) < EVENTS:
        at = time.time() * 1000
        if click_made(app, window) is None:
            continue
        clicked[version(window)] = at
        page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(window))
    rendered = {int(v): at for v, at in page.evaluate("window.__renders")}
    return [rendered[v] - at for v, at in clicked.items()]


def alternate_blocks(
    app: QApplication,
    window: DeskWindow,
    turn_on: Callable[[], None],
    turn_off: Callable[[], None],
    settle: Callable[[], None] = lambda: None,
) -> tuple[list[float], list[float]]:
    """Click times (ms) without and with something on (`turn_on`/`turn_off`), in alternating blocks of
    BLOCK_CLICKS paced clicks; `settle` runs after each click with it on (untimed)."""
    without: list[float] = []
    with_it: list[float] = []
    for block in range(2 * BLOCKS):
        on = block % 2 == 1
        if on:
            turn_on()
        times = with_it if on else without
        done = 0
        while done < BLOCK_CLICKS:
            seconds = click_made(app, window)
            if seconds is not None:
                times.append(seconds * 1000)
                done += 1
            if on:
                settle()
            idle(app, PAUSE_S)
        if on:
            turn_off()
    return without, with_it


def click_blocks(app: QApplication, window: DeskWindow, pages: list[Page]) -> tuple[list[float], list[float]]:
    """Click times (ms) without and with the overlay open in the browser."""

    def shown() -> None:
        for page in pages:
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(window))

    def turn_on() -> None:
        assert window.start_overlay(0)
        server = window.overlay.server  # type: ignore[union-attr]
        for page, name in zip(pages, ("overlay", "table"), strict=True):
            page.goto(server.url(name))
        shown()

    def turn_off() -> None:
        shown()
        for page in pages:
            page.goto("about:blank")
        window.overlay.stop()  # type: ignore[union-attr]

    return alternate_blocks(app, window, turn_on, turn_off, shown)


def board_view(version: int) -> dict[str, Any]:
    """The board of a 16-table event, as the watcher sends it; table 1's score moves with `version`."""
    tables = []
    for number in range(1, TABLES + 1):
        score = {"A": version % 7, "B": 3} if number == 1 else {"A": 2, "B": 1}
        match = {"match_id": f"m{number}", "players": {"A": f"Player {number}A", "B": f"Player {number}B"},
                 "race_to": 7, "rules": "WPA", "score": score, "rack": 4, "status": "playing", "at_table": "A",
                 "fouls": {"A": 0, "B": 1}, "warning_due": [], "winner": None, "event": "Open de Lyon",
                 "round": "Winners' side, round 1", "last_at": "", "age_s": 12, "broken": ""}  # fmt: skip
        tables.append({"table": str(number), "online": True, "match": match, "finished": [], "next": None,
                       "conflicts": 0})  # fmt: skip
    return {"version": version, "server": "online", "tables": tables}


def crowd_latency() -> list[float]:
    """Milliseconds from each result published on the board's site to the last of 256 pages having it."""
    server = WebServer((BOARD, TOURNAMENT), port=0).start()
    try:
        server.feed.publish(board_view(0))
        time.sleep(0.2)
        command = [sys.executable, "-c", PAGES, str(server.port), str(CROWD), str(RESULTS)]
        pages = subprocess.Popen([*command, str(MAX_STREAMS_PER_ADDRESS)], stdout=subprocess.PIPE, text=True)
        assert pages.stdout is not None
        if pages.stdout.readline().strip() != "ready":
            sys.exit("the 256 pages did not all get their stream")
        published: dict[int, float] = {}
        for version in range(1, RESULTS + 1):
            published[version] = time.time()
            server.feed.publish(board_view(version))
            time.sleep(PAUSE_S)
        arrived = {int(v): at for v, at in json.loads(pages.stdout.readline()).items()}
        pages.wait(timeout=30)
    finally:
        server.stop()
    if len(arrived) < RESULTS:
        sys.exit(f"only {len(arrived)} of {RESULTS} results reached all {CROWD} pages")
    return sorted((arrived[v] - at) * 1000 for v, at in published.items())


def main() -> None:
    chromium = os.environ.get("REFEREE_TEST_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("Chromium is needed (apt install chromium)")
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        window = DeskWindow(DeskController(Store(Path(folder) / "m.db")), settings)
        window.resize(1366, 768)
        window.show()
        QTest.qWaitForWindowExposed(window)
        window.controller.new_match(MatchStarted(players=("Ana", "Ben"), race_to=99))
        window.controller.record(Lag(winner=Seat.A))
        assert window.start_overlay(0)
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(window.overlay.server.url("overlay"))  # type: ignore[union-attr]
        page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(window))
        ms = sorted(latency(app, window, page))
        window.overlay.stop()  # type: ignore[union-attr]
        pages = [page, browser.new_page(viewport={"width": 1280, "height": 720})]
        without, with_overlay = click_blocks(app, window, pages)
        browser.close()
    print(f"record to page, {len(ms)} events: median {statistics.median(ms):.1f} ms, p95 {p95(ms):.1f} ms,")
    print(f"  max {ms[-1]:.1f} ms (Chromium headless, /overlay, over Server-Sent Events on 127.0.0.1)")
    print(
        f"desk click without the overlay: {len(without)} clicks, median {statistics.median(without):.2f} ms,"
        f" p95 {p95(without):.2f} ms"
    )
    print(
        f"desk click with /overlay and /table open: {len(with_overlay)} clicks,"
        f" median {statistics.median(with_overlay):.2f} ms, p95 {p95(with_overlay):.2f} ms"
    )
    crowd = crowd_latency()
    print(
        f"result to the last of {CROWD} pages on the board's site, {len(crowd)} results:"
        f" median {statistics.median(crowd):.1f} ms, p95 {p95(crowd):.1f} ms, max {crowd[-1]:.1f} ms"
    )
    ratio = p95(with_overlay) / p95(without)
    print(f"overlay_p95_ms {p95(ms):.1f} click_ratio {ratio:.2f} crowd256_p95_ms {p95(crowd):.1f}")


if __name__ == "__main__":
    main()
