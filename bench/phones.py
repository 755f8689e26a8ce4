"""Phones at the table, through a real `tournament serve` (issue 29's benchmark).

A 64-player double elimination (races to 5) played out on 32 phone tables at 100 times a real
table's pace (a rack of five minutes in three seconds, the lag and each signature in a tenth of
a minute), on one laptop, all at once:

- table 1 is scored by a real phone page: `/score/1` in Chromium (the machine's, through
  Playwright) with a phone's viewport and touch, its big buttons tapped;
- tables 2-32 by two simulated phones each (HTTP keep-alive clients, a thread each, in a process
  of their own, each table's phones from an address of their own as on a venue's Wi-Fi) that look
  at the table once a second as the page does and tap each lag, rack and signature when the
  table's script says it happened: sometimes one phone taps, sometimes both race (one gets the 409
  of a stale score).
  10 % of the taps lose their answer after the server got the request (the client closes before
  reading it, then sends the same tap again, same id, on a new connection);
- 200 viewers follow `/bracket`'s live stream (`/events`, plain HTTP clients in a process of their
  own, from eight loopback addresses: 25 each, under the server's 32 streams per address), and
  `/bracket` is open in Chromium too;
- the organizer's tournament window (`bench/phones_window.py`, offscreen Qt, its own process) is
  open on the same database, with a 5 ms timer on its GUI thread.

Checked and timed, against a baseline in the same run (the same number of taps appended straight
to a match log through the log's session):
- `lost`: a tap answered 200 and not in its match's log; `duplicates`: log events beyond the taps
  recorded (a tap applied twice), from the organizer's database at the end;
- `ack_p95_ms`: a tap from its first sending to its 200 read (a dropped answer's resend included);
- `bracket_p95_ms`: a rack tapped (any phone's) to the `/bracket` page in Chromium showing the
  match's new racks (a frame after the change: the page notes the time in its next animation
  frame; the same clock, one machine);
- `gui_block_ms`: the longest gap of the window's 5 ms timer during the run (printed with the GUI
  thread's own processor time in the longest gaps: the machine's load apart from the window's work);
- the viewers: each must hold its stream to the end and receive the tournament's moves.

Usage: `phones.py [--players 64] [--tables 32] [--speed 100] [--viewers 200]` (smaller numbers for a
quick look). Last line: `lost N duplicates N ack_p95_ms N bracket_p95_ms N gui_block_ms N`
(targets: 0, 0, <= 100, <= 1000, <= 50).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/ (its click.py would shadow the package)

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from referee_app.event import operations
from referee_app.event.session import ReadApart, read_on
from referee_app.game.events import Lag, MatchStarted, RackWon
from referee_app.game.vocab import Scoring, Seat
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.web.server import MAX_STREAMS_PER_ADDRESS

RACE = 5
DROP = 0.10
REAL_RACK_S = 300.0
"""A rack of 10-ball at a club table, lag to last ball: five minutes."""
REAL_LAG_S = 6.0
REAL_SIGN_S = 6.0
"""The lag, and each player's signature once the match is over."""
POLL_S = 1.0
"""How often a phone looks at its table when nothing is due (the page's own beat)."""
STALL_S = 20.0
"""A phone page that shows the same table this long with a tap due has stalled (said, reloaded)."""
VIEWER_ADDRESSES = 8

VIEWERS = r"""
import json, selectors, socket, sys, time
port, crowd, per_address = (int(a) for a in sys.argv[1:4])
selector = selectors.DefaultSelector()
tails, received, closed = {}, {}, []
for n in range(crowd):
    sock = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{2 + n // per_address}", 0))
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
    sock.setblocking(False)
    selector.register(sock, selectors.EVENT_READ, n)
    tails[n], received[n] = b"", 0
selector.register(sys.stdin, selectors.EVENT_READ, None)
MARK = b"event: tournament\n"
ready = False
while True:
    events = selector.select(1.0)
    if any(key.data is None for key, _ in events):
        break
    for key, _ in events:
        try:
            data = key.fileobj.recv(1 << 20)
        except OSError:
            data = b""
        if not data:
            closed.append(key.data)
            selector.unregister(key.fileobj)
            continue
        text = tails[key.data] + data
        received[key.data] += text.count(MARK)
        tails[key.data] = text[-(len(MARK) - 1):]
    if not ready and all(received.values()):
        ready = True
        print("ready", flush=True)
print(json.dumps({"received": list(received.values()), "closed": closed}), flush=True)
"""

BRACKET_WATCH = """
window.__shown = [];
(() => {
  const last = {};
  let asked = false;
  const look = () => {
    asked = false;
    const at = Date.now();
    for (const node of document.querySelectorAll("#bracket .match")) {
      const racks = Array.from(node.querySelectorAll(".racks"), (r) => Number(r.textContent) || 0);
      const sum = racks.reduce((a, b) => a + b, 0);
      if (sum && last[node.dataset.id] !== sum) {
        last[node.dataset.id] = sum;
        window.__shown.push([node.dataset.id, sum, at]);
      }
    }
  };
  new MutationObserver(() => {
    if (!asked) {
      asked = true;
      requestAnimationFrame(look);  // the frame that shows the change
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


@dataclass
class Script:
    """What happens at one table's match, as the players would tell it: who wins the lag and each
    rack, when, and which phone(s) tap it (`taps`: "A", "B" or "AB", both racing)."""

    lag: str
    lag_at: float
    racks: list[str]
    rack_at: list[float]
    sign_at: dict[str, float]
    taps: list[str]

    @classmethod
    def made(cls, rng: random.Random, start: float, scale: float) -> Script:
        racks: list[str] = []
        while max(racks.count("A"), racks.count("B")) < RACE:
            racks.append(rng.choice("AB"))
        lag_at = start + REAL_LAG_S * scale * rng.uniform(0.5, 1.5)
        rack_at = [lag_at + REAL_RACK_S * scale * (n + rng.uniform(0.5, 1.5)) for n in range(len(racks))]
        end = rack_at[-1]
        sign_at = {seat: end + REAL_SIGN_S * scale * rng.uniform(0.5, 1.5) for seat in "AB"}
        taps = [rng.choice(("A", "B", "AB")) for _ in range(len(racks) + 1)]
        return cls(rng.choice("AB"), lag_at, racks, rack_at, sign_at, taps)

    def due(self, state: dict[str, Any], signed: dict[str, bool], seat: str) -> tuple[float, dict[str, Any]] | None:
        """The next tap this seat's phone makes on `state`, and when (None: nothing more of it)."""
        status = state["status"]
        if status == "lag":
            return (self.lag_at, {"type": "lag", "winner": self.lag}) if seat in self.taps[0] else None
        if status == "playing":
            n = state["score"]["A"] + state["score"]["B"]
            if n >= len(self.racks) or seat not in self.taps[n + 1]:
                return None
            return self.rack_at[n], {"type": "rack", "winner": self.racks[n]}
        if status == "finished" and not signed[seat]:
            return self.sign_at[seat], {"type": "sign", "player": seat}
        return None


@dataclass
class Table:
    """One table's scripts, shared by its phones (the players at it see the same match)."""

    number: int
    key: str
    rng: random.Random
    scale: float
    scripts: dict[str, Script] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def script(self, match_id: str) -> Script:
        with self.lock:
            if match_id not in self.scripts:
                self.scripts[match_id] = Script.made(self.rng, time.time(), self.scale)
            return self.scripts[match_id]


@dataclass(frozen=True)
class Tapped:
    """A rack tapped and acknowledged: its bracket match, the racks it made, when it was first sent."""

    match: str
    racks: int
    at: float


class Phone:
    """One player's phone at a table: a keep-alive HTTP client that looks and taps as the page does."""

    def __init__(self, port: int, table: Table, seat: str, rng: random.Random) -> None:
        self.port, self.table, self.seat, self.rng = port, table, seat, rng
        self.address = f"127.0.1.{table.number}"  # a phone's own address on the venue's Wi-Fi
        self.conn = self._connect()
        self.acks: list[float] = []
        self.dropped: list[bool] = []  # each ack's: its first answer was lost (sent twice)
        self.acked: list[tuple[str, str]] = []  # (match_id, tap id) answered 200
        self.racks: list[Tapped] = []
        self.serial = 0
        self.statuses: dict[int, int] = {}

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(self.address, 0))

    def _request(self, method: str, body: bytes | None, drop: bool = False) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Bearer {self.table.key}", "Content-Type": "application/json"}
        for _ in range(50):
            try:
                self.conn.request(method, f"/api/score/{self.table.number}", body=body, headers=headers)
                if drop:  # the answer is lost: the client goes before reading it
                    self.conn.close()
                    self.conn = self._connect()
                    drop = False
                    continue
                response = self.conn.getresponse()
                return response.status, json.loads(response.read())
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = self._connect()
                time.sleep(0.01)
        raise RuntimeError("no answer")

    def tap(self, table: dict[str, Any], event: dict[str, Any]) -> int:
        self.serial += 1
        tap = f"t{self.table.number}{self.seat}-{self.serial}"
        body = json.dumps(  # phone.md 1.1: the match the tap was made on, and this phone (one per seat)
            {"id": tap, "match_id": table["match_id"], "after": table["version"], "event": event,
             "device": f"bench-{self.table.number}-{self.seat}"}
        ).encode()  # fmt: skip
        at, start, drop = time.time(), time.perf_counter(), self.rng.random() < DROP
        status, answer = self._request("POST", body, drop=drop)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status == 200:
            self.acks.append(time.perf_counter() - start)
            self.dropped.append(drop)
            self.acked.append((str(table["match_id"]), tap))
            if event["type"] == "rack":
                score = answer["state"]["score"]
                self.racks.append(Tapped(str(table["match"]), score["A"] + score["B"], at))
        return status

    def play(self, finished: threading.Event) -> None:
        while not finished.is_set():
            table = self._request("GET", None)[1]
            if not table.get("match_id") or table.get("state") is None:
                finished.wait(POLL_S)
                continue
            due = self.table.script(table["match_id"]).due(table["state"], table["signed"], self.seat)
            if due is None:
                finished.wait(POLL_S)
                continue
            at, event = due
            wait = at - time.time()
            if wait > POLL_S:  # look again meanwhile, as the page does
                finished.wait(POLL_S)
                continue
            finished.wait(max(0.0, wait))
            self.tap(table, event)


class PhonePage:
    """Table 1, scored on a real phone page in Chromium: its buttons tapped (touch) as the script says."""

    def __init__(self, page: Page, table: Table) -> None:
        self.page, self.table = page, table
        self.racks: list[Tapped] = []
        self.taps = 0
        self.hidden = 0
        self.stalls: list[str] = []
        self.seen: tuple[Any, ...] = ()
        self.moved_at = time.time()

    def stalled(self, due_at: float) -> bool:
        """The page has shown the same table, with a tap due for `STALL_S`, for as long: said (what
        the page shows) and the page reloaded, as a player would (its unsent taps are kept)."""
        now = time.time()
        if now - self.moved_at < STALL_S or now - due_at < STALL_S:
            return False
        shows = self.page.evaluate(
            "() => JSON.stringify({version: table && table.version, queue: queue(), sending, message:"
            " document.getElementById('message').textContent, shown: Array.from("
            " document.querySelectorAll('main > section:not([hidden])'), (n) => n.id)})"
        )
        self.stalls.append(shows)
        print(f"table 1's page stalled, reloaded: {shows}", file=sys.stderr, flush=True)
        self.page.reload()
        self.moved_at = now
        return True

    def step(self) -> None:
        """Tap what is due now, if anything (the page shows the table as it stands)."""
        table = self.page.evaluate("() => table")
        if not table or not table.get("match_id") or table.get("state") is None:
            return
        pending = self.page.evaluate("() => queue().length")
        seen = (table["match_id"], table["version"], pending)
        if seen != self.seen:
            self.seen, self.moved_at = seen, time.time()
        script = self.table.script(table["match_id"])
        state = table["state"]
        for seat in "AB":  # one phone for both players: every tap is this page's
            due = script.due(state, table["signed"], seat)
            if due is None or due[0] > time.time():
                continue
            if self.stalled(due[0]) or pending:
                return  # a tap still being sent
            event = due[1]
            button = {"lag": f"#lag-{event.get('winner')}", "rack": f"#rack-{event.get('winner')}"}.get(
                event["type"], f"#sign-{event.get('player')}"
            )
            if not self.page.is_visible(button):
                return  # the page moved on since it was read (an answer came in): look again
            at = time.time()
            try:
                self.page.tap(button, timeout=5000)
            except PlaywrightTimeout:  # hidden meanwhile: the next look sees why
                self.hidden += 1
                return
            self.taps += 1
            if event["type"] == "rack":
                racks = state["score"]["A"] + state["score"]["B"] + 1
                self.racks.append(Tapped(str(table["match"]), racks, at))
            return


def p95(values: list[float]) -> float:
    """The 95th percentile of seconds, in ms."""
    return statistics.quantiles(values, n=20)[18] * 1000 if len(values) >= 20 else max(values, default=0) * 1000


def baseline(folder: Path, taps: int) -> list[float]:
    """The same number of taps appended straight to a match log (the log's session): seconds each."""
    with closing(Store(folder / "baseline.db")) as store:
        times: list[float] = []
        session = None
        for n in range(taps):
            if session is None or session.state.finished:
                setup = MatchStarted(("Ana", "Ben"), RACE, scoring=Scoring.RACKS)
                session = Session.start(store, setup)
                session.record(Lag(Seat.A))
            start = time.perf_counter()
            session.record(RackWon(Seat.A if n % 2 else Seat.B))
            times.append(time.perf_counter() - start)
        return times


def shown_after(taps: list[Tapped], shown: list[list[Any]]) -> tuple[list[float], int]:
    """Seconds from each rack tapped to `/bracket` showing its match with as many racks or more,
    and how many taps it never showed."""
    by_match: dict[str, list[tuple[int, float]]] = {}
    for match, racks, at in shown:
        by_match.setdefault(str(match), []).append((int(racks), at / 1000))
    latencies: list[float] = []
    missed = 0
    for tap in taps:
        seen = [at for racks, at in by_match.get(tap.match, []) if racks >= tap.racks and at >= tap.at - 0.001]
        if seen:
            latencies.append(min(seen) - tap.at)
        else:
            missed += 1
    return latencies, missed


def organizer_db(folder: Path, players: int, tables: int) -> tuple[Path, str, dict[int, str]]:
    db = folder / "organizer.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, "Bench open", Options(Format.DE, race=RACE))
        operations.add_entries(store, tid, "name\n" + "".join(f"Player {n:03d}\n" for n in range(players)))
        operations.draw(store, tid, 7)
        operations.set_tables(store, tid, f"1-{tables}")
        keys = {table: str(key) for table, key in operations.set_phones(store, tid, f"1-{tables}")}
        # table 1 is scored on one real page for both players: a one-phone table (phone.md 1.1), its key anew
        keys |= {table: str(key) for table, key in operations.set_phones(store, tid, "1", one_phone=True)}
    return db, tid, keys


class Progress:
    """Whether the tournament is over, as its log says: read going on from the last look (`read_on`),
    not replayed whole each second in the process that drives the browser."""

    def __init__(self, db: Path, tid: str) -> None:
        self.db, self.tid = db, tid
        self.read: ReadApart | None = None

    def finished(self) -> bool:
        with closing(Store.open_readonly(self.db)) as store:
            held = self.read
            self.read = read_on(store, self.tid, held and held.state, held and held.last)
        return self.read.state.tournament.status.value == "finished"


def simulate(config: dict[str, Any]) -> None:
    """The simulated phones, in a process of their own (as phones are devices of their own: the
    browser's driver does not hold their interpreter): they play until standard input closes, then
    print what they got as one JSON line."""
    rng = random.Random(config["seed"])
    scale = 1.0 / config["speed"]
    keys = {int(n): key for n, key in config["keys"].items()}
    tables = [Table(n, keys[n], random.Random(rng.random()), scale) for n in sorted(keys)]
    phones = [Phone(config["port"], table, seat, random.Random(rng.random())) for table in tables for seat in "AB"]
    done = threading.Event()
    threads = [threading.Thread(target=p.play, args=(done,), daemon=True) for p in phones]
    for thread in threads:
        thread.start()
    print("ready", flush=True)
    sys.stdin.read()
    done.set()
    for thread in threads:
        thread.join(timeout=30)
    statuses: dict[int, int] = {}
    for phone in phones:
        for status, count in phone.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    got = {
        "acks": [a for p in phones for a in p.acks],
        "dropped": [d for p in phones for d in p.dropped],
        "acked": [pair for p in phones for pair in p.acked],
        "racks": [[t.match, t.racks, t.at] for p in phones for t in p.racks],
        "statuses": statuses,
    }
    print(json.dumps(got), flush=True)


def started(command: list[str], ready: str = "ready") -> subprocess.Popen[str]:
    """A helper process, once it said `ready` on its first line."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith(ready):
        process.kill()
        sys.exit(f"{command[1]} did not start: {line!r}")
    return process


def ended(process: subprocess.Popen[str]) -> dict[str, Any]:
    """Close a helper's standard input (the run is over) and read its JSON line."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    line = process.stdout.readline()
    process.wait(timeout=60)
    return dict(json.loads(line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--speed", type=float, default=100.0, help="times a real table's pace")
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds before giving up")
    parser.add_argument("--simulate", help=argparse.SUPPRESS)  # the simulated phones' own process
    args = parser.parse_args()
    if args.simulate:
        simulate(json.loads(args.simulate))
        return
    chromium = os.environ.get("REFEREE_TEST_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("Chromium is needed (apt install chromium)")
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    folder = Path(tempfile.mkdtemp(prefix="phones-bench-"))
    db, tid, keys = organizer_db(folder, args.players, args.tables)
    load_before = os.getloadavg()
    server = subprocess.Popen(
        [sys.executable, "-m", "referee_desk.main", "tournament", "serve", tid, "--web", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    helpers: list[subprocess.Popen[str]] = []
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().split(":")[2].split("/")[0])
        window = started([sys.executable, str(ROOT / "bench" / "phones_window.py"), str(db)])
        helpers.append(window)
        per_address = max(1, min(MAX_STREAMS_PER_ADDRESS, -(-args.viewers // VIEWER_ADDRESSES)))
        viewers = started([sys.executable, "-c", VIEWERS, str(port), str(args.viewers), str(per_address)])
        helpers.append(viewers)
        rng = random.Random(5)
        table_1 = Table(1, keys[1], random.Random(rng.random()), 1.0 / args.speed)
        config = {"port": port, "speed": args.speed, "seed": rng.random(), "keys": {n: keys[n] for n in keys if n != 1}}
        progress = Progress(db, tid)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True)
            phone_context = browser.new_context(
                viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, device_scale_factor=2
            )
            page = PhonePage(phone_context.new_page(), table_1)
            page.page.goto(f"http://127.0.0.1:{port}/score/1#k={keys[1]}")
            bracket = browser.new_page(viewport={"width": 1600, "height": 900})
            bracket.add_init_script(BRACKET_WATCH)
            bracket.goto(f"http://127.0.0.1:{port}/bracket")
            bracket.wait_for_selector("#bracket .match")
            began = time.perf_counter()
            phones = started([sys.executable, str(ROOT / "bench" / "phones.py"), "--simulate", json.dumps(config)])
            helpers.append(phones)
            assert window.stdin is not None
            window.stdin.write("go\n")  # the window's blocks are measured from here: the run, not its setup
            window.stdin.flush()
            looked = time.perf_counter()
            while True:
                page.step()
                time.sleep(0.05)
                if time.perf_counter() - began > args.timeout:
                    shows = page.page.evaluate(
                        "() => JSON.stringify({table, queue: queue(), sending, message:"
                        " document.getElementById('message').textContent, shown: Array.from("
                        " document.querySelectorAll('main > section:not([hidden])'), (n) => n.id)})"
                    )
                    sys.exit(f"not finished after {args.timeout:g} s; table 1's page: {shows}")
                if time.perf_counter() - looked > 1.0:
                    looked = time.perf_counter()
                    if progress.finished():
                        break
            took = time.perf_counter() - began
            simulated = ended(phones)
            shown: list[list[Any]] = bracket.evaluate("window.__shown")
            browser.close()
        load_after = os.getloadavg()
        crowd = ended(viewers)
        gui = ended(window)
    finally:
        for process in helpers:
            if process.poll() is None:
                process.kill()
        server.terminate()
        server.wait(timeout=30)
    acked = [(str(m), str(t)) for m, t in simulated["acked"]]
    acks = [float(a) for a in simulated["acks"]]
    resent = [a for a, d in zip(acks, simulated["dropped"], strict=True) if d]
    once = [a for a, d in zip(acks, simulated["dropped"], strict=True) if not d]
    with closing(sqlite3.connect(db)) as conn:
        taps = set(conn.execute("SELECT match_id, tap_id FROM phone_taps").fetchall())
        events = dict(conn.execute("SELECT match_id, count(*) - 1 FROM events GROUP BY match_id").fetchall())
        per_match = dict(conn.execute("SELECT match_id, count(*) FROM phone_taps GROUP BY match_id").fetchall())
    lost = sum(1 for pair in set(acked) if pair not in taps)
    duplicates = sum(max(0, events.get(m, 0) - n) for m, n in per_match.items())
    statuses = {int(k): v for k, v in simulated["statuses"].items()}
    all_racks = [Tapped(str(m), int(n), float(at)) for m, n, at in simulated["racks"]] + page.racks
    to_bracket, missed = shown_after(all_racks, shown)
    from_page, _ = shown_after(page.racks, shown)
    straight = baseline(folder, len(taps))
    received = sorted(crowd["received"])
    print(f"{args.players} players on {args.tables} phone tables at {args.speed:g}x a table's pace: {took:.0f} s")
    print(
        f"{len(set(acked))} taps acknowledged to the simulated phones ({len(taps)} recorded in"
        f" {len(per_match)} matches, {page.taps} tapped in Chromium, {page.hidden} taps there on a button hidden"
        f" meanwhile, its page stalled {len(page.stalls)} times); answers {dict(sorted(statuses.items()))}"
    )
    print(
        f"tap to 200: median {statistics.median(acks) * 1000:.1f} ms, p95 {p95(acks):.1f} ms;"
        f" baseline (straight to the log, same run): median {statistics.median(straight) * 1000:.1f} ms,"
        f" p95 {p95(straight):.1f} ms ({p95(acks) / max(p95(straight), 1e-9):.0f}x); p95 of the {len(resent)} taps"
        f" whose first answer was lost {p95(resent):.1f} ms, of the others {p95(once):.1f} ms"
    )
    print(
        f"rack tapped to /bracket in Chromium: {len(to_bracket)} racks, median"
        f" {statistics.median(to_bracket) * 1000:.0f} ms, p95 {p95(to_bracket):.0f} ms, max"
        f" {max(to_bracket) * 1000:.0f} ms, never shown {missed}; from the Chromium phone page alone:"
        f" {len(from_page)} racks, p95 {p95(from_page):.0f} ms"
    )
    print(
        f"viewers on /bracket's stream: {len(received)}, {len(crowd['closed'])} dropped; tournament events each:"
        f" min {received[0]}, median {statistics.median(received):.0f}, max {received[-1]}"
    )
    print(
        f"tournament window: longest block {gui['longest_ms']:.1f} ms, the longest the GUI thread itself worked"
        f" {gui['busiest_ms']:.1f} ms (five longest blocks [ms, its own processor ms, at s] {gui['longest']}),"
        f" shown again {gui['shown_again']} times; the GUI thread while late (10 ms samples): {gui['late_in']};"
        f" processor time in the run: the GUI thread {gui['gui_cpu_s']} s, the window's process (its workers"
        f" too) {gui['process_cpu_s']} s; its longest garbage collection {gui['gc_longest_ms']} ms"
        f" ({gui['gc_oldest']} of the oldest generation)"
    )
    print(
        f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min; {os.cpu_count()} cores, shared)"
    )
    print(
        f"lost {lost} duplicates {duplicates} ack_p95_ms {p95(acks):.0f} bracket_p95_ms {p95(to_bracket):.0f}"
        f" gui_block_ms {gui['longest_ms']:.0f}"
    )


if __name__ == "__main__":
    main()
