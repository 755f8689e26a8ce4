"""Shared test set-up: Qt runs offscreen, never on a real display (except where CI asks for the
desktop's own session with REFEREE_TEST_REAL_DISPLAY=1: the macOS runners, .github/workflows/app.yml)."""

import os

if os.environ.get("REFEREE_TEST_REAL_DISPLAY") != "1":
    os.environ["QT_QPA_PLATFORM"] = "offscreen"

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee_app.venue.server import Cluster
from tests.crafted import seeded  # noqa: F401  (a fixture: a database holding one seed match)


def required(what: str) -> None:
    """A missing browser (or server) fails the run on CI, and is a skip on a developer's machine."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing; CI must have it (scripts/install.sh installs it)")
    pytest.skip(f"{what} is not installed (scripts/install.sh installs it)")


def assert_private(path: Path) -> None:
    """Only this user may read `path`: mode 0600 (0700 for a folder) on Linux and macOS; on Windows,
    whose modes mean nothing, no access for the computer's other users in its access list."""
    import stat
    import subprocess
    import sys

    if sys.platform != "win32":
        assert stat.S_IMODE(path.stat().st_mode) == (0o700 if path.is_dir() else 0o600), oct(path.stat().st_mode)
        return
    listed = subprocess.run(["icacls", str(path)], capture_output=True, text=True, check=True).stdout
    others = ("Everyone", "BUILTIN\\Users", "Authenticated Users")
    assert not any(who in listed for who in others), listed
    assert os.environ["USERNAME"].lower() in listed.lower(), listed


def chromium_path() -> str | None:
    """The machine's Chromium (Debian's `chromium`): Playwright never downloads a browser here."""
    return os.environ.get("REFEREE_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright, one for the whole run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        required("Playwright (pip: playwright)")
    path = chromium_path()
    if path is None:
        required("Chromium (apt: chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True)
        yield launched
        launched.close()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


_KEYS: dict[tuple[str, str], str] = {}


def table_key(cluster: Cluster, table: str) -> str:
    """The table's key on this event server, made once (as `add-table` does) and reused after."""
    import psycopg

    from referee_app.venue import db
    from referee_app.venue.model import TableKey

    made = _KEYS.get((str(cluster.folder), table))
    if made is None:
        secret = TableKey.new_secret()
        with psycopg.connect(cluster.organizer_conninfo()) as conn:
            made = str(TableKey.for_role(db.add_table(conn, table, secret), secret))
        _KEYS[(str(cluster.folder), table)] = made
    return made


def table_link(cluster: Cluster, table: str, fingerprint: str = "") -> Any:
    """A desk's link to `table` on this computer's event server (TLS when `fingerprint` is given)."""
    from referee_app.venue.model import EventLink

    return EventLink("127.0.0.1", table_key(cluster, table), table, cluster.port, fingerprint)


@pytest.fixture(scope="session")
def event_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A throwaway event server (Debian's PostgreSQL; run as `postgres` when the tests run as root)."""
    from referee_app.venue.server import EventServerError, pg_binary

    try:
        pg_binary("initdb")
    except EventServerError:
        required("PostgreSQL (apt: postgresql)")
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="referee-event-"))
    base.chmod(0o711)  # as root, the server runs as `postgres`, who must reach its folder
    cluster = Cluster(base / "server")
    try:
        for attempt in range(3):  # the free port may be taken meanwhile by another run on this machine
            try:
                cluster.init(port=free_port())
                break
            except EventServerError as exc:
                if "is taken by another program" not in str(exc) or attempt == 2:
                    raise
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def event_server(event_cluster: Cluster) -> Iterator[Cluster]:
    """The event server, running, with no events, conflicts or assignments from an earlier test."""
    import psycopg

    event_cluster.start()
    with psycopg.connect(event_cluster.organizer_conninfo(), autocommit=True) as conn:
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_truncate")
        conn.execute("TRUNCATE events, heads, conflicts, assignments, arrivals")
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_truncate")
    yield event_cluster
    event_cluster.start()
