"""The event's central store: a PostgreSQL cluster in a folder of the organizer's.

`init` makes the cluster with the system's PostgreSQL binaries, the `event` database,
its schema and two roles: `desk` (the event's password; may only add events, report a
conflict and read assignments) and `organizer` (a generated password kept in the folder,
0600; reads everything and writes assignments). Over the network, only password
(SCRAM) logins for those two roles are accepted; everything else is refused.

PostgreSQL refuses to run as root. Started by root (a container, CI), the binaries run
as the system's `postgres` user, who is given the folder.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from referee_app.venue.model import EventServerError as EventServerError
from referee_app.venue.schema import DATABASE, DEFAULT_PORT, DESK_ROLE, ORGANIZER_ROLE

ORGANIZER_FILE = "organizer.conninfo"
DATA = "pgdata"


def pg_binary(name: str) -> str:
    """A PostgreSQL program: $REFEREE_PG_BIN, then Debian's /usr/lib/postgresql/N/bin (newest),
    then the PATH (the Windows and macOS installers put it there)."""
    folders = [os.environ.get("REFEREE_PG_BIN", "")]
    folders += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in folders:
        for program in (Path(folder) / name, Path(folder) / f"{name}.exe"):
            if folder and program.is_file():
                return str(program)
    found = shutil.which(name)
    if found is None:
        raise EventServerError(
            f"PostgreSQL's {name} was not found: install PostgreSQL (Debian/Ubuntu: apt install postgresql; "
            "Windows and macOS: the installer from postgresql.org) or set REFEREE_PG_BIN to its bin folder"
        )
    return found


def _as_server_user(command: list[str], folder: Path) -> list[str]:
    """Run as ourselves, or, for root, as the system's `postgres` user (given `folder`)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:  # Windows has no root, nor geteuid
        return command
    import pwd

    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        raise EventServerError(
            "PostgreSQL does not run as root, and there is no 'postgres' user: run this as a normal user"
        ) from None
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)
    return ["runuser", "-u", "postgres", "--", *command]


def _run(command: list[str], folder: Path, what: str) -> str:
    done = subprocess.run(_as_server_user(command, folder), capture_output=True, text=True)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise EventServerError(f"{what} failed: {detail[-1] if detail else 'exit ' + str(done.returncode)}")
    return done.stdout


@dataclass(frozen=True, slots=True)
class Cluster:
    """An event server's folder."""

    folder: Path

    @property
    def data(self) -> Path:
        return self.folder / DATA

    @property
    def port(self) -> int:
        return int((self.folder / "port").read_text().strip())

    def organizer_conninfo(self) -> str:
        """How the organizer's tools (board, pull, assign) connect: over TCP on this computer."""
        path = self.folder / ORGANIZER_FILE
        if not path.is_file():
            raise EventServerError(f"{self.folder} is not an event server folder (referee-app event-server init)")
        return path.read_text().strip()

    def init(self, password: str, port: int = DEFAULT_PORT) -> None:
        """Make the cluster, its database, schema and roles; the server is left stopped."""
        if len(password) < 8:
            raise EventServerError("the event password must have at least 8 characters")
        if self.folder.exists() and any(self.folder.iterdir()):
            raise EventServerError(f"{self.folder} is not empty: choose a new folder for the event server")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o700)
        self.data.mkdir(mode=0o700)
        organizer = secrets.token_urlsafe(24)
        secret = self.folder / "init.pw"
        secret.write_text(organizer + "\n")
        secret.chmod(0o600)
        try:
            _run(
                [pg_binary("initdb"), "-D", str(self.data), "-U", ORGANIZER_ROLE, f"--pwfile={secret}",
                 "-A", "scram-sha-256", "-E", "UTF8", "--locale=C"],
                self.folder, "initdb",
            )  # fmt: skip
        finally:
            secret.unlink()
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                f"\n# referee-app event server\nlisten_addresses = '*'\nport = {port}\n"
                f"unix_socket_directories = '{self.folder}'\npassword_encryption = 'scram-sha-256'\n"
            )
        (self.data / "pg_hba.conf").write_text(
            "# referee-app: the organizer from this computer, the desks from anywhere; all with a password\n"
            f"local   {DATABASE},postgres  {ORGANIZER_ROLE}  scram-sha-256\n"
            f"host    {DATABASE},postgres  {ORGANIZER_ROLE}  127.0.0.1/32  scram-sha-256\n"
            f"host    {DATABASE},postgres  {ORGANIZER_ROLE}  ::1/128       scram-sha-256\n"
            f"host    {DATABASE}  {DESK_ROLE}  0.0.0.0/0  scram-sha-256\n"
            f"host    {DATABASE}  {DESK_ROLE}  ::/0       scram-sha-256\n"
        )
        (self.folder / "port").write_text(f"{port}\n")
        conninfo = f"host=127.0.0.1 port={port} dbname={DATABASE} user={ORGANIZER_ROLE} password={organizer}"
        path = self.folder / ORGANIZER_FILE
        path.write_text(conninfo + "\n")
        path.chmod(0o600)
        self.start()
        try:
            from referee_app.venue.db import create_schema

            create_schema(conninfo.replace(f"dbname={DATABASE}", "dbname=postgres"), conninfo, password)
        finally:
            self.stop()

    def start(self, timeout_s: int = 30) -> None:
        if self.running():
            return
        _run(
            [pg_binary("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w",
             "-t", str(timeout_s), "start"],
            self.folder, "starting the event server",
        )  # fmt: skip

    def stop(self, immediate: bool = False) -> None:
        """Stop the server (`immediate`: as a crash would, for the tests of recovery)."""
        if not self.running():
            return
        mode = "immediate" if immediate else "fast"
        _run(
            [pg_binary("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"],
            self.folder,
            "stopping the event server",
        )

    def running(self) -> bool:
        done = subprocess.run(
            _as_server_user([pg_binary("pg_ctl"), "-D", str(self.data), "status"], self.folder),
            capture_output=True,
            text=True,
        )
        return done.returncode == 0

    def wait_ready(self, timeout_s: float = 30) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            done = subprocess.run(
                [pg_binary("pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)], capture_output=True
            )
            if done.returncode == 0:
                return
            time.sleep(0.1)
        raise EventServerError("the event server did not become ready")
