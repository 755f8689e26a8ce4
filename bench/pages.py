"""The phone tables' and the tournament's pages measured by third-party tools, through a real
`tournament serve` (issue 38): Lighthouse (npm `lighthouse`, the machine's Chromium, its default
mobile profile: a 412-px phone on a simulated slow 4G) and axe-core (npm `axe-core`, injected into
the page in Chromium through Playwright, on a 360x740 touch phone).

- Lighthouse on `/score/N`, `/player?name=…` and `/bracket`, in English and French (`?lang=`):
  performance, accessibility, best practices and the cumulative layout shift of each;
- axe on the same three pages in both languages, and on `/score` in each state a table goes
  through: before the lag, mid-match, waiting for the signatures, disputed, and over (both signed).

Both tools come from `scripts/pages/` (`scripts/install.sh` installs them). Lighthouse takes a
minute or two per page on a busy 2-core machine: `--no-lighthouse` runs axe alone (the test
`tests/web/test_pages_axe.py` runs the axe part in CI).

Usage: `pages.py [--no-lighthouse]`. Last line: `lighthouse_min_performance N min_accessibility N
min_best_practices N max_cls X axe_violations N` (targets: >= 95, 100, >= 95, <= 0.1, 0).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
if Path(sys.path[0]).resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)  # the project root, not bench/ (its click.py would shadow the package)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.served import Served

TOOLS = ROOT / "scripts" / "pages" / "node_modules"
AXE = TOOLS / "axe-core" / "axe.min.js"
LIGHTHOUSE = TOOLS / "lighthouse" / "cli" / "index.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
LANGS = ("en", "fr")


def chromium() -> str:
    path = os.environ.get("REFEREE_TEST_CHROMIUM") or shutil.which("chromium")
    if path is None:
        sys.exit("Chromium is needed (apt install chromium)")
    return path


class Api:
    """The phone API as a phone uses it (phone.md §3), to take a table to a state the page is checked in."""

    def __init__(self, url: str, keys: dict[int, str]) -> None:
        self.address = urlsplit(url)
        self.keys = keys

    def call(self, method: str, path: str, table: int, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(self.address.hostname or "", self.address.port, timeout=10)
        headers = {"Authorization": f"Bearer {self.keys[table]}", "Content-Type": "application/json"}
        connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        response = connection.getresponse()
        answer = json.loads(response.read() or b"null")
        connection.close()
        return response.status, answer

    def table(self, table: int) -> dict[str, Any]:
        status, answer = self.call("GET", f"/api/score/{table}", table)
        assert status == 200, answer
        return dict(answer)

    def tap(self, table: int, event: dict[str, Any], device: str = "bench-phone-a", path: str = "") -> None:
        """One tap made on the table as it stands (with phone.md 1.1's `match_id` and `device`, or
        without them for a server that takes 1.0's taps only)."""
        now = self.table(table)
        body: dict[str, Any] = {"id": secrets.token_hex(8), "after": now["version"]}
        body |= {"player": event["player"]} if path else {"event": event}
        status, answer = self.call(
            "POST", f"/api/score/{table}{path}", table, body | {"match_id": now["match_id"], "device": device}
        )
        if status == 400 and "field" in str(answer):
            status, answer = self.call("POST", f"/api/score/{table}{path}", table, body)
        assert status == 200, (status, answer)

    def win(self, table: int, racks: int) -> None:
        for _ in range(racks):
            self.tap(table, {"type": "rack", "winner": "A"})


def score_states(api: Api, race: int) -> list[tuple[str, int]]:
    """Tables 1-4 taken to the states the page is checked in: (state, table)."""
    api.tap(2, {"type": "lag", "winner": "A"})
    api.win(2, 1)
    for table in (3, 4):
        api.tap(table, {"type": "lag", "winner": "A"})
        api.win(table, race)
    api.tap(4, {"type": "dispute", "player": "B"}, path="/dispute")
    return [("before the lag", 1), ("mid-match", 2), ("waiting for signatures", 3), ("disputed", 4)]


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (each: id, impact, the nodes' targets)."""
    page.evaluate(AXE.read_text())
    result = page.evaluate("tags => axe.run(document, { runOnly: { type: 'tag', values: tags } })", AXE_TAGS)
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]]} for v in result["violations"]
    ]


def open_page(browser: Any, url: str, lang: str) -> tuple[Any, Any]:
    """A phone's page at `url`, drawn (its script ran and its state came)."""
    context = browser.new_context(**PHONE, locale="fr-FR" if lang == "fr" else "en-US")
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("!document.getElementById('needs')")  # the script ran
    return context, page


def check_axe(browser: Any, served: Served, race: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every page and state, in both languages: (what, its violations)."""
    api = Api(served.url, served.keys)
    found: list[tuple[str, list[dict[str, Any]]]] = []

    def check(what: str, url: str, lang: str, ready: str) -> None:
        context, page = open_page(browser, url, lang)
        try:
            page.wait_for_selector(ready, state="visible")
            found.append((f"{what} {lang}", axe_violations(page)))
        finally:
            context.close()

    states = score_states(api, race)
    ready = {
        "before the lag": "#lag-A",
        "mid-match": "#rack-A",
        "waiting for signatures": "#sign-A",
        "disputed": "#disputed:not(:empty)",
    }
    for lang in LANGS:
        for state, table in states:
            check(
                f"/score/{table} ({state})",
                f"{served.url}/score/{table}?lang={lang}#k={served.keys[table]}",
                lang,
                ready[state],
            )
        check("/player", f"{served.url}/player?lang={lang}&name=ana", lang, "#answer .player")
        check("/bracket", f"{served.url}/bracket?lang={lang}", lang, "#bracket .match")
    # over: both signed, on the pages that saw the match (a phone that did not says "no match now")
    seen = [open_page(browser, f"{served.url}/score/3?lang={lang}#k={served.keys[3]}", lang) for lang in LANGS]
    try:
        for _, page in seen:
            page.wait_for_selector("#sign-A", state="visible")
        api.tap(3, {"type": "sign", "player": "A"}, device="bench-phone-a")
        api.tap(3, {"type": "sign", "player": "B"}, device="bench-phone-b")
        for lang, (_, page) in zip(LANGS, seen, strict=True):
            page.wait_for_selector("#done", state="visible")
            found.append((f"/score/3 (over) {lang}", axe_violations(page)))
    finally:
        for context, _ in seen:
            context.close()
    return found


def lighthouse(url: str, out: Path) -> dict[str, float]:
    """Lighthouse's default (mobile) run on `url`: the three categories' scores and the CLS."""
    flags = "--headless=new --no-sandbox --disable-gpu"
    command = ["node", str(LIGHTHOUSE), url, f"--chrome-flags={flags}", "--output=json", f"--output-path={out}",
               "--only-categories=performance,accessibility,best-practices", "--quiet"]  # fmt: skip
    subprocess.run(command, check=True, env=dict(os.environ, CHROME_PATH=chromium()), timeout=600)
    report = json.loads(out.read_text())
    scores = {name: round(100 * (category["score"] or 0)) for name, category in report["categories"].items()}
    scores["cls"] = report["audits"]["cumulative-layout-shift"]["numericValue"]
    failed = [
        name for name, audit in report["audits"].items() if audit.get("score") is not None and audit["score"] < 0.9
    ]
    timings = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index")
    shown = " ".join(f"{name} {report['audits'][name].get('displayValue', '')}" for name in timings)
    print(f"  {shown}; below 0.9: {', '.join(failed) or 'none'}", flush=True)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-lighthouse", action="store_true", help="axe only")
    args = parser.parse_args()
    if not AXE.exists() or not LIGHTHOUSE.exists():
        sys.exit("Lighthouse and axe-core are needed: ./scripts/install.sh")
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="pages-bench-"))
    race = 3
    served = Served.start(folder, race=race)
    results: dict[str, list[float]] = {"performance": [], "accessibility": [], "best-practices": [], "cls": []}
    try:
        if not args.no_lighthouse:  # first: the tables as drawn (table 2 before the lag)
            for lang in LANGS:
                pages = [
                    f"/score/2?lang={lang}#k={served.keys[2]}",
                    f"/player?lang={lang}&name=ana",
                    f"/bracket?lang={lang}",
                ]
                for path in pages:
                    report = folder / f"lighthouse-{len(results['cls'])}.json"  # kept: the run's details
                    scores = lighthouse(served.url + path, report)
                    for name in results:
                        results[name].append(scores[name])
                    shown = path.split("#")[0]
                    said = f"performance {scores['performance']} accessibility {scores['accessibility']}"
                    print(
                        f"lighthouse {shown} {said} best_practices {scores['best-practices']} cls {scores['cls']:.3f}"
                    )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), headless=True)
            found = check_axe(browser, served, race)
            browser.close()
    finally:
        served.stop()
    for what, violations in found:
        print(f"axe {what} violations {len(violations)}" + "".join(f"\n  {v}" for v in violations), flush=True)
    total = sum(len(v) for _, v in found)
    if results["cls"]:
        print(f"lighthouse_min_performance {min(results['performance']):.0f} "
              f"min_accessibility {min(results['accessibility']):.0f} "
              f"min_best_practices {min(results['best-practices']):.0f} max_cls {max(results['cls']):.3f} "
              f"axe_violations {total}")  # fmt: skip
    else:
        print(f"axe_violations {total}")


if __name__ == "__main__":
    main()
