"""The event server on the venue network and on disk: TLS with the certificate pinned by its
fingerprint (off this computer, TLS only), the organizer without superuser rights, a server
run by root that never hands a file outside its folder to `postgres`, an init that can be
retried after a failure, and `status` on a folder that is not a server."""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.log.store import Store
from referee_app.venue.model import EventServerError
from referee_app.venue.pusher import LinkFile, Pusher, complete
from referee_app.venue.server import Cluster, port_is_free
from tests.conftest import assert_private, free_port, table_key, table_link
from tests.venue.test_live_event import OPENING, record, server_rows, start_match
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


@pytest.fixture
def server_base() -> Iterator[Path]:
    """A folder the `postgres` user can reach (as root, the server runs as it)."""
    base = Path(tempfile.mkdtemp(prefix="referee-event-"))
    base.chmod(0o711)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def venue_address() -> str | None:
    """This computer's address on a network (not the loopback), if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") else address


# --- TLS -------------------------------------------------------------------------------------


def test_a_desk_pins_the_servers_certificate_and_talks_tls(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fingerprint = event_server.fingerprint()
    capsys.readouterr()
    assert cli(["event-server", "add-table", str(event_server.folder), "--table", "21"]) == 0
    printed = capsys.readouterr().out
    assert fingerprint in printed and "table 21: key " in printed
    key = printed.split("table 21: key ")[1].split()[0]
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "21")
    record(session, *OPENING)
    monkeypatch.setenv("REFEREE_TABLE_KEY", key)
    server = f"127.0.0.1:{event_server.port}"
    wrong = "0000-" + fingerprint[5:]
    assert cli(["connect", "--db", str(db), "--server", server, "--fingerprint", wrong]) == 1
    said = capsys.readouterr().err
    assert "is not the one whose fingerprint you typed" in said and fingerprint in said
    assert LinkFile(db).load() is None
    assert cli(["connect", "--db", str(db), "--server", server, "--fingerprint", fingerprint.lower()]) == 0
    assert cli(["push", "--db", str(db)]) == 0
    link = LinkFile(db).load()
    assert link is not None and link.certificate.startswith("-----BEGIN CERTIFICATE-----")
    from referee_app.venue.pusher import desk_conninfo

    with psycopg.connect(desk_conninfo(db, link)) as conn:
        assert conn.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone() == (True,)
    assert len(server_rows(event_server)) == len(OPENING) + 1


def test_a_pinned_desk_refuses_another_server(event_server: Cluster, tmp_path: Path, server_base: Path) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "22")
    link = complete(db, table_link(event_server, "22", event_server.fingerprint()))
    other = Cluster(server_base / "impostor")
    other.init(port=free_port())
    other.start()
    try:  # another server (someone's laptop on the venue Wi-Fi) answers at the pinned address
        moved = type(link)(link.host, link.key, link.table, other.port, link.fingerprint, link.certificate)
        LinkFile(db).save(moved)
        pusher = Pusher(db, moved).start()
        try:
            eventually(lambda: pusher.report.error, "the pusher refusing the impostor server", timeout=20)
            assert "certificate verify failed" in pusher.report.error
        finally:
            pusher.stop()
        with pytest.raises(EventServerError, match="not the one whose fingerprint you typed"):
            complete(db, type(link)(link.host, link.key, "", other.port, link.fingerprint))
    finally:
        other.stop()


def test_off_this_computer_a_desk_must_use_tls(event_server: Cluster) -> None:
    address = venue_address()
    if address is None:
        pytest.skip("this computer has no network address besides the loopback")
    key = table_key(event_server, "23")
    link = table_link(event_server, "23")
    plain = link.conninfo().replace("host=127.0.0.1", f"host={address}")
    with pytest.raises(psycopg.OperationalError, match=r"no pg_hba\.conf entry"):
        psycopg.connect(plain)
    with psycopg.connect(plain.replace("sslmode=disable", "sslmode=require")) as conn:
        assert conn.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone() == (True,)
    assert key


# --- the organizer is not a superuser ---------------------------------------------------------------


def test_the_organizer_owns_the_schema_without_being_a_superuser(event_server: Cluster) -> None:
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        assert conn.execute("SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user").fetchone() == (
            False,
            False,
        )
        assert conn.execute("SELECT tableowner FROM pg_tables WHERE tablename = 'events'").fetchone() == ("organizer",)
        for statement in (
            "COPY (SELECT 1) TO PROGRAM 'id'",
            "CREATE ROLE mine LOGIN",
            "ALTER ROLE desk PASSWORD 'x'",
            "SELECT pg_read_file('/etc/hostname')",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    assert_private(event_server.folder / "admin.conninfo")


# --- the folder ------------------------------------------------------------------------------------


def test_status_on_a_folder_that_is_not_a_server_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    for action in ("status", "start", "stop"):
        assert cli(["event-server", action, str(tmp_path)]) == 1
        assert "is not an event server folder (referee-app event-server init)" in capsys.readouterr().err


def test_run_by_root_the_server_hands_nothing_outside_its_folder_to_postgres(
    event_server: Cluster, tmp_path: Path
) -> None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("only root hands the folder to the postgres user")
    victim = Path("/tmp") / f"referee-victim-{os.getpid()}"
    victim.write_text("secret")
    planted = event_server.folder / "link"
    try:
        os.symlink(victim, planted)
        for action in ("status", "stop", "start"):
            assert cli(["event-server", action, str(event_server.folder)]) in (0, 3)
        assert victim.stat().st_uid == 0 and victim.read_text() == "secret"
    finally:
        planted.unlink(missing_ok=True)
        victim.unlink(missing_ok=True)


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in for initdb")
def test_a_failed_init_leaves_nothing_in_the_way_of_a_retry(
    tmp_path: Path, server_base: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    folder = server_base / "ev"
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 0)
        taken.bind(("0.0.0.0", port))
        taken.listen()
        assert not port_is_free(port)
        assert cli(["event-server", "init", str(folder), "--port", str(port)]) == 1
        assert f"port {port} is taken" in capsys.readouterr().err
    assert not folder.exists()
    broken = tmp_path / "bin"  # a later step fails (here initdb itself): what was made is removed
    broken.mkdir()
    (broken / "initdb").write_text("#!/bin/sh\necho 'initdb: could not create directory' >&2\nexit 1\n")
    (broken / "initdb").chmod(0o755)
    monkeypatch.setenv("REFEREE_PG_BIN", str(broken))
    assert cli(["event-server", "init", str(folder), "--port", str(port)]) == 1
    assert "initdb failed" in capsys.readouterr().err and not folder.exists()
    monkeypatch.delenv("REFEREE_PG_BIN")
    assert cli(["event-server", "init", str(folder), "--port", str(port)]) == 0
    printed = capsys.readouterr().out
    assert "fingerprint" in printed and Cluster(folder).fingerprint() in printed
    Cluster(folder).stop()
