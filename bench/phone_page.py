"""A real phone page on the hall's poor Wi-Fi (issue 38): `/score/N` in Chromium (the machine's,
through Playwright) with a phone's viewport and touch, on a network throttled through the DevTools
protocol (`Network.emulateNetworkConditions`: 400 kbps each way, 400 ms added to each request) with
2 % of the requests failed (route interception: one in 50), against a real `tournament serve`.

- `first_usable_ms`: from the navigation to the table's first buttons on the screen (the page's
  own clock: `performance.now()` when a lag or rack button is first shown);
- the lag, then 50 racks tapped, the two players in turn, 200-600 ms apart; each tap timed in the
  page from its `pointerdown` to its acknowledgement (the tap's queue empty, nothing said pending,
  the score showing it): `tap_ack_p50_ms`, `tap_ack_p95_ms`;
- mid-match the server is paused for 10 s (SIGSTOP, then SIGCONT: a laptop that stops answering and
  closes nothing) while a rack is tapped for each player once; those two are timed apart
  (`paused_ack_ms`, to the laptop's return and beyond);
- `recorded`: the racks in the table's score at the end, from the API (each tap once: a tap sent
  again is never recorded twice, and none is lost);
- `reload_kB`: the bytes a reload of the page costs until its buttons are back (its files revalidated,
  not downloaded again), on the same throttled network (route interception is off for the reload:
  Playwright turns the browser's cache off while it intercepts), and the bytes a second the page
  then costs while the table does not move (its looks answered 304).

Usage: `phone_page.py [--taps 50] [--seed 7]`. Last line: `taps 50 recorded 50 tap_ack_p50_ms N
tap_ack_p95_ms N first_usable_ms N reload_kB N` (targets: recorded = taps, <= 600, <= 1000,
<= 2000, <= 5).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if Path(sys.path[0]).resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)  # the project root, not bench/ (its click.py would shadow the package)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.pages import PHONE, Api, chromium
from bench.served import Served

LATENCY_MS = 400
BYTES_PER_S = 400_000 // 8
FAILED = 0.02
PAUSE_S = 10.0
TABLE = 1

WATCH = """
(() => {
  window.__usable = null;
  document.addEventListener("pointerdown", () => { window.__t0 = performance.now(); }, true);
  const shown = (id) => { const b = document.getElementById(id); return b && b.offsetParent !== null; };
  new MutationObserver(() => {
    if (window.__usable === null && ["lag-A", "rack-A"].some(shown)) window.__usable = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
"""

ACKED = """([seat, expected, table]) => {
  const racks = document.querySelector(`#player-${seat} .racks`);
  const queue = JSON.parse(localStorage.getItem(`score-queue-${table}`) || "[]");
  if (!racks || racks.textContent !== String(expected) || queue.length) return null;
  if (document.getElementById("pending").textContent) return null;
  return performance.now() - window.__t0;
}"""


LOADS = """() => performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
  .map((e) => [e.name.split("/").slice(3).join("/").split("#")[0] || "page", e.startTime, e.responseEnd])
  .map(([name, start, end]) => `${name} ${Math.round(start)}-${Math.round(end)}`).join(", ")"""


def throttled(context: Any, page: Any) -> Any:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": LATENCY_MS, "downloadThroughput": BYTES_PER_S}
    cdp.send("Network.emulateNetworkConditions", conditions | {"uploadThroughput": BYTES_PER_S})
    return cdp


def tap(page: Any, seat: str, timeout_ms: float) -> float:
    """One rack tapped for `seat`: the time to its acknowledgement, in ms."""
    before = int(page.text_content(f"#player-{seat} .racks") or 0)
    page.tap(f"#rack-{seat}")
    handle = page.wait_for_function(ACKED, arg=[seat, before + 1, TABLE], timeout=timeout_ms, polling=10)
    return float(handle.json_value())


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    served = Served.start(Path(tempfile.mkdtemp(prefix="phone-page-bench-")), race=args.taps)  # never won
    api = Api(served.url, served.keys)
    acks: list[float] = []
    paused: list[float] = []
    aborted = [0, 0]  # failed, all
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), headless=True)
            context = browser.new_context(**PHONE, locale="en-GB", bypass_csp=True)  # the timing's own script
            context.add_init_script(WATCH)
            page = context.new_page()
            cdp = throttled(context, page)
            received = [0]
            cdp.on(
                "Network.loadingFinished",
                lambda event: received.__setitem__(0, received[0] + event["encodedDataLength"]),
            )

            def maybe_fail(route: Any) -> None:
                aborted[1] += 1
                if aborted[1] % round(1 / FAILED) == 0:  # one request in 50 fails
                    aborted[0] += 1
                    route.abort("failed")
                else:
                    route.continue_()

            page.route("**/*", maybe_fail)
            page.goto(f"{served.url}/score/{TABLE}#k={served.keys[TABLE]}", wait_until="commit", timeout=60_000)
            page.wait_for_function("() => window.__usable !== null", timeout=60_000, polling=10)
            first_usable = float(page.evaluate("window.__usable"))
            loads = page.evaluate(LOADS)
            page.tap("#lag-A")
            page.wait_for_selector("#rack-A", state="visible", timeout=30_000)
            for n in range(args.taps - 2):
                seat = "AB"[n % 2]
                if n == args.taps // 2:  # the laptop stops answering for 10 s: one rack each tapped meanwhile
                    served.pause()
                    page.wait_for_timeout(500)
                    before = {s: int(page.text_content(f"#player-{s} .racks") or 0) for s in "AB"}
                    page.tap("#rack-A")
                    page.wait_for_timeout(1500)
                    page.tap("#rack-B")
                    page.wait_for_timeout(PAUSE_S * 1000 - 2000)
                    served.resume()
                    for s in "AB":
                        handle = page.wait_for_function(
                            ACKED, arg=[s, before[s] + 1, TABLE], timeout=60_000, polling=10
                        )
                        paused.append(float(handle.json_value()))
                acks.append(tap(page, seat, 30_000))
                page.wait_for_timeout(200 + rng.random() * 400)
            page.wait_for_timeout(1500)
            page.unroute_all()
            page.evaluate("window.__usable = null")
            received[0] = 0
            page.reload(wait_until="commit")
            back = "() => window.__usable !== null && document.getElementById('rack-A').offsetParent !== null"
            page.wait_for_function(back, polling=10, timeout=60_000)
            reload_kb = received[0] / 1000
            received[0] = 0  # a table that does not move, looked at every second: 304s
            page.wait_for_timeout(5000)
            idle = received[0] / 5
            table = api.table(TABLE)
            browser.close()
    finally:
        served.stop()
    score = table["state"]["score"]
    recorded = score["A"] + score["B"]
    taps = len(acks) + len(paused)
    print(f"first load: {loads}")
    print(f"idle: {idle:.0f} B/s while the table does not move")
    print(f"requests {aborted[1]} failed {aborted[0]}; paused 10 s: {len(paused)} taps acknowledged in "
          f"{', '.join(f'{t:.0f}' for t in paused)} ms; score {score['A']}-{score['B']}")  # fmt: skip
    print(f"taps {taps} recorded {recorded} tap_ack_p50_ms {statistics.median(acks):.0f} "
          f"tap_ack_p95_ms {p95(acks):.0f} first_usable_ms {first_usable:.0f} reload_kB {reload_kb:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
