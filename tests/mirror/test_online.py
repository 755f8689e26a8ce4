"""The event online (issue 40), through the real parts: the cloud's PostgreSQL (a second cluster,
TLS, the roles `mirror init-cloud` makes), `mirror push` as a process, two `mirror serve`
processes and Debian's nginx on the repository's configuration in front of them."""

from __future__ import annotations

import concurrent.futures
import gzip
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.tournament.show import view
from tests.conftest import required
from tests.mirror.stack import ROOT, Cloud, MirrorProcess, Nginx, login, run_cli, wait_for

pytestmark = pytest.mark.slow

PLAYERS = [f"Player {n:02d}" for n in range(16)]


@dataclass
class Online:
    cloud: Cloud
    folder: Path
    reader: Path
    venues: dict[str, Path]
    mirrors: list[MirrorProcess]
    nginx: Nginx

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.nginx.port}{path}"


@pytest.fixture(scope="module")
def online(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Online]:
    from referee_app.venue.server import EventServerError, pg_binary

    try:
        pg_binary("initdb")
    except EventServerError:
        required("PostgreSQL (apt: postgresql)")
    if not Path("/usr/sbin/nginx").exists():
        required("nginx (apt: nginx)")
    folder = tmp_path_factory.mktemp("online")
    cloud = Cloud.start()
    started: list[Any] = []
    mirrors: list[MirrorProcess] = []
    try:
        reader = folder / "reader"
        run_cli("mirror", "init-cloud", "--db", cloud.admin, "--reader-file", str(reader))
        run_cli("mirror", "init-cloud", "--db", cloud.admin)  # a second run changes nothing
        venues = {}
        for event in ("open-a", "open-b"):
            venues[event] = folder / f"venue-{event}"
            run_cli("mirror", "add-event", event, "--db", cloud.admin, "--out", str(venues[event]))
        mirrors += [MirrorProcess.start(f"@{reader}") for _ in range(2)]
        started += mirrors
        nginx = Nginx.start([m.port for m in mirrors])
        started.append(nginx)
        yield Online(cloud, folder, reader, venues, mirrors, nginx)
    finally:
        for part in [*reversed(started), *mirrors]:  # `mirrors` too: a test restarts one in its place
            part.stop()
        cloud.stop()


def organizer_db(folder: Path, name: str = "Club open") -> tuple[Path, str]:
    db = folder / "organizer.db"
    with closing(Store(db)) as store:
        tid = operations.new_tournament(store, name, Options(Format.DE, race=3))
        operations.add_entries(
            store, tid, "name,licence\n" + "".join(f"{p},FR{n:05d}\n" for n, p in enumerate(PLAYERS))
        )
        operations.draw(store, tid, 3)
        operations.set_tables(store, tid, "1-4")
    return db, tid


def play_one(db: Path, tid: str) -> bool:
    """One more result recorded (the first match with both players), False when none is left."""
    with closing(Store(db)) as store:
        state = operations.TournamentSession.open(store, tid).state
        for match in view(state.tournament, tid).matches:
            if match.a and match.b and match.status in (MatchStatus.READY, MatchStatus.PLAYING):
                line = json.dumps({"match": match.id, "winner": match.a, "score": [match.race or 3, 1]})
                operations.record_results(store, tid, [line])
                return True
    return False


def admin_query(online: Online, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(online.cloud.admin, autocommit=True) as conn:
        cursor = conn.execute(sql.encode(), args)
        return cursor.fetchall() if cursor.description else []


def held_tournament(online: Online, event: str) -> dict[str, Any] | None:
    rows = admin_query(online, "SELECT body FROM mirror_docs WHERE event = %s AND doc = 'tournament'", (event,))
    return json.loads(gzip.decompress(bytes(rows[0][0]))) if rows else None


def push(online: Online, db: Path, event: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "referee_app", "mirror", "push", "--db", str(db), "--event", event,
         "--cloud", f"@{online.venues[event]}", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_a_push_killed_midway_resends_nothing_and_the_copy_catches_up(online: Online, tmp_path: Path) -> None:
    db, tid = organizer_db(tmp_path)
    first = push(online, db, "open-a")
    try:
        wait_for(lambda: held_tournament(online, "open-a") is not None, "the first copy in the cloud")
        for _ in range(6):  # results come in while it pushes
            play_one(db, tid)
        first.send_signal(signal.SIGKILL)  # killed where it stands, maybe mid-transaction
        first.wait()
        for _ in range(4):
            play_one(db, tid)  # meanwhile the event goes on
        with closing(Store.open_readonly(db)) as store:
            seq = operations.TournamentSession.open(store, tid).state.seq
        second = push(online, db, "open-a")
        try:
            wait_for(lambda: (held_tournament(online, "open-a") or {}).get("seq") == seq, "the copy to catch up")
        finally:
            second.send_signal(signal.SIGTERM)
            _out, err = second.communicate(timeout=30)
        assert second.returncode == 0, err
    finally:
        if first.poll() is None:
            first.kill()
    resent = admin_query(online, "SELECT doc, version, times FROM mirror_received WHERE times > 1")
    assert resent == [], f"sent twice: {resent}"
    versions = admin_query(
        online,
        "SELECT doc, array_agg(version ORDER BY version) FROM mirror_received WHERE event = 'open-a' GROUP BY doc",
    )
    for doc, got in versions:
        assert got == list(range(1, len(got) + 1)), f"{doc}: versions out of order {got}"
    public = held_tournament(online, "open-a")
    assert public is not None
    assert public["show"]["entries"] and all("licence" not in e for e in public["show"]["entries"])
    assert "FR00001" not in json.dumps(public)


def test_a_venue_login_reads_and_writes_only_its_own_event(online: Online, tmp_path: Path) -> None:
    import psycopg

    db, _tid = organizer_db(tmp_path, "Event B")
    done = push(online, db, "open-b", "--once")
    assert done.wait(timeout=120) == 0, done.stderr.read() if done.stderr else ""
    with psycopg.connect(login(online.venues["open-a"]), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM mirror_docs WHERE event = 'open-b'").fetchone() == (0,)
        assert conn.execute("SELECT event FROM mirror_events").fetchall() == [("open-a",)]
        changed = conn.execute("UPDATE mirror_docs SET body = 'x' WHERE event = 'open-b'").rowcount
        assert changed == 0
        assert conn.execute("DELETE FROM mirror_docs WHERE event = 'open-b'").rowcount == 0
        with pytest.raises(psycopg.Error):
            conn.execute(
                "INSERT INTO mirror_docs (event, owner, doc, version, digest, body)"
                " VALUES ('open-b', 'referee_venue_open_b', 'live', 99, '0123456789', 'x')"
            )
        with pytest.raises(psycopg.Error):
            conn.execute(
                "INSERT INTO mirror_docs (event, doc, version, digest, body)"
                " VALUES ('open-b', 'live', 99, '0123456789', 'x')"
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO mirror_events (event, owner) VALUES ('open-c', current_user)")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT * FROM mirror_received")
    assert held_tournament(online, "open-b") is not None  # untouched
    with pytest.raises(psycopg.OperationalError):  # the cloud takes no login without TLS
        psycopg.connect(login(online.venues["open-a"], sslmode="disable"), connect_timeout=5).close()


def test_the_mirrors_login_can_only_read(online: Online) -> None:
    import psycopg

    with psycopg.connect(login(online.reader), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM mirror_events").fetchone() is not None
        for statement in (
            "UPDATE mirror_docs SET version = version + 1",
            "DELETE FROM mirror_docs",
            "INSERT INTO mirror_events (event, owner) VALUES ('x', current_user)",
            "UPDATE mirror_events SET seen_at = now()",
            "CREATE TABLE mine (n int)",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement.encode())


def test_a_mirror_killed_under_load_is_not_missed(online: Online, tmp_path: Path) -> None:
    db, _tid = organizer_db(tmp_path, "Event B again")
    assert push(online, db, "open-b", "--once").wait(timeout=120) == 0
    stop = threading.Event()
    statuses: list[int] = []
    lock = threading.Lock()

    def load(n: int) -> None:
        k = 0
        while not stop.is_set():
            k += 1  # a new address each time: past the cache, to the mirrors
            status, _headers, body = get(online.url(f"/e/open-b/tournament.json?viewer={n}-{k}"))
            with lock:
                statuses.append(status if status != 200 or json.loads(body)["show"]["name"] else -1)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for n in range(8):
            pool.submit(load, n)
        wait_for(lambda: len(statuses) > 50, "the load to start")
        online.mirrors[0].kill()  # one mirror gone mid-load
        before = len(statuses)
        wait_for(lambda: len(statuses) > before + 200, "more requests after the kill", 60)
        stop.set()
    assert set(statuses) == {200}, {s: statuses.count(s) for s in set(statuses)}
    online.mirrors[0] = MirrorProcess.start(f"@{online.reader}", online.mirrors[0].port)


def test_the_cache_serves_with_validators_and_the_pages_say_how_fresh(online: Online, tmp_path: Path) -> None:
    db, _tid = organizer_db(tmp_path, "Event B fresh")
    assert push(online, db, "open-b", "--once").wait(timeout=120) == 0
    status, headers, body = get(online.url("/e/open-b/tournament.json"), {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert "max-age" in headers["Cache-Control"] and headers["ETag"]
    page = json.loads(gzip.decompress(body))
    assert page["show"]["name"] == "Event B fresh" and page["mirror"]["offline_since"] is None
    status, headers, _ = get(online.url("/e/open-b/tournament.json"), {"If-None-Match": headers["ETag"]})
    assert status == 304
    status, _headers, small = get(online.url("/e/open-b/live.json"))
    assert status == 200 and len(small) < 300
    assert json.loads(small) == {"seq": page["seq"], "live": {}, "mirror": page["mirror"]}
    for _n in range(5):
        _status, headers, _ = get(online.url("/e/open-b/tournament.json"))
    assert headers["X-Cache"] in ("HIT", "UPDATING", "REVALIDATED")
    assert get(online.url("/e/no-such-event/bracket"))[0] == 404
    request = urllib.request.Request(online.url("/e/open-b/tournament.json"), data=b"x", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code in (403, 405)
    # the venue stops: an hour without a heartbeat, the page says since when
    admin_query(online, "UPDATE mirror_events SET seen_at = now() - interval '1 hour' WHERE event = 'open-b'")
    wait_for(
        lambda: json.loads(get(online.url("/e/open-b/tournament.json?after-the-cut"))[2])["mirror"]["offline_since"],
        "the venue said offline",
    )


def test_the_public_bracket_in_a_browser_says_it_is_online_and_offline(
    online: Online, tmp_path: Path, browser: Any
) -> None:
    db, _tid = organizer_db(tmp_path, "Event B page")
    assert push(online, db, "open-b", "--once").wait(timeout=120) == 0
    admin_query(online, "UPDATE mirror_events SET seen_at = now() WHERE event = 'open-b'")
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.goto(online.url("/e/open-b/bracket"))
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        assert page.text_content("#name") == "Event B page"
        assert page.text_content("#fresh").startswith("Updated at")
        assert page.locator("#bracket .match").count() > 10
        page.screenshot(path=str(tmp_path / "bracket-360.png"))
        admin_query(online, "UPDATE mirror_events SET seen_at = now() - interval '1 hour' WHERE event = 'open-b'")
        page.wait_for_function(
            "() => (document.getElementById('fresh') || {}).textContent?.startsWith('The venue is offline since')",
            timeout=30000,
        )
        page.goto(online.url("/e/open-b/player?name=Player%2003"))
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        assert "Player 03" in (page.text_content("#answer") or "")
        if os.environ.get("MIRROR_SHOTS"):
            page.screenshot(path=os.environ["MIRROR_SHOTS"] + "/player-360.png")
    finally:
        page.close()


def test_the_mirrors_pages_have_no_axe_violation(online: Online, tmp_path: Path, browser: Any) -> None:
    """axe-core (the project's, scripts/pages/) on /e/EVENT/bracket and /player, online and offline,
    in English and French, on a 360-px phone: the same check as the hall's pages."""
    from bench.pages import AXE, axe_violations

    if not AXE.exists():
        required("axe-core (npm, scripts/pages/)")
    db, _tid = organizer_db(tmp_path, "Event B axe")
    assert push(online, db, "open-b", "--once").wait(timeout=120) == 0
    found = []
    for offline in (False, True):
        ago = "1 hour" if offline else "0 seconds"
        admin_query(online, f"UPDATE mirror_events SET seen_at = now() - interval '{ago}' WHERE event = 'open-b'")
        for lang in ("en", "fr"):
            context = browser.new_context(
                viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale=f"{lang}-FR"
            )
            try:
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))  # noqa: B023  (this page's)
                for path in (f"bracket?lang={lang}&v={offline}", f"player?name=Player%2003&lang={lang}&v={offline}"):
                    page.goto(online.url(f"/e/open-b/{path}"))
                    page.wait_for_selector("body[data-ready='1'] #fresh", timeout=20000)
                    if offline:
                        page.wait_for_selector("#fresh.offline", timeout=20000)
                    assert "stale" not in page.evaluate("() => document.body.className"), errors
                    found.append((path, axe_violations(page)))
            finally:
                context.close()
    assert len(found) == 8
    assert [(path, violations) for path, violations in found if violations] == []
