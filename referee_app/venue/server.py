"""The event's central store: a PostgreSQL cluster in a folder of the organizer's.

`init` makes the cluster with the system's PostgreSQL binaries, its TLS certificate, the
`event` database, its schema and roles (see `schema.py`): the superuser's password is kept in
`admin.conninfo` (maintenance only), the organizer's in `organizer.conninfo` (the board,
`assign`, `pull`, `add-table`), both 0600. Each table gets its own login from `add-table`.
Over the network, only the tables' logins are accepted, with a password (SCRAM) and over TLS;
the organizer and the superuser log in from this computer only.

PostgreSQL refuses to run as root. Started by root on Linux (a container, CI), the binaries run
as the system's `postgres` user, who is given the folder it made, once, at `init`: nothing is
ever chowned again, and no link in the folder is followed. Root on macOS is refused (there is no
`postgres` user there); Windows has no root: PostgreSQL runs as the user, and the folder's access
list keeps it to that user (`system.make_private`), as 0700 does elsewhere.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from referee_app.system import for_windows_programs, is_macos, is_root, is_windows, make_private, open_no_link
from referee_app.venue.model import EventServerError as EventServerError
from referee_app.venue.schema import ADMIN_ROLE, DATABASE, DEFAULT_PORT, DESK_ROLE, ORGANIZER_ROLE

ORGANIZER_FILE = "organizer.conninfo"
ADMIN_FILE = "admin.conninfo"
DATA = "pgdata"
NOT_A_SERVER = "{folder} is not an event server folder (referee-app event-server init)"


MACOS_APPS = Path("/Applications")
HOMEBREW_PREFIXES = (Path("/opt/homebrew"), Path("/usr/local"))
"""Homebrew's prefix on Apple silicon, then on Intel Macs."""
DEBIAN_POSTGRESQL = Path("/usr/lib/postgresql")


def _newest_first(pattern: str) -> list[str]:
    """The folders `pattern` matches, the highest version (the numbers in the name) first."""

    def version(folder: str) -> tuple[int, ...]:
        parts = [p for p in Path(folder).parts if re.search(r"\d", p)]
        return tuple(int(n) for n in re.findall(r"\d+", parts[-1])) if parts else ()

    return sorted(glob.glob(pattern), key=version, reverse=True)


def postgres_folders() -> list[str]:
    """Where PostgreSQL's programs are looked for, in order: $REFEREE_PG_BIN, then where each
    system's installers put them, newest version first (then the PATH, in `pg_binary`).

    Linux: Debian's /usr/lib/postgresql/N/bin. Windows: the installer's Program Files\\PostgreSQL\\N\\bin.
    macOS: Postgres.app, then Homebrew's postgresql@N (Apple silicon, then Intel) and its bin."""
    folders = [os.environ.get("REFEREE_PG_BIN", "")]
    if is_windows():
        for variable in ("ProgramW6432", "ProgramFiles", "ProgramFiles(x86)"):
            base = os.environ.get(variable)
            if base:
                folders += _newest_first(str(Path(base) / "PostgreSQL" / "*" / "bin"))
    elif is_macos():
        versions = MACOS_APPS / "Postgres.app" / "Contents" / "Versions"
        folders += [str(versions / "latest" / "bin"), *_newest_first(str(versions / "*" / "bin"))]
        for prefix in HOMEBREW_PREFIXES:
            folders += _newest_first(str(prefix / "opt" / "postgresql@*" / "bin"))
            folders += [str(prefix / "opt" / "postgresql" / "bin"), str(prefix / "bin")]
    else:
        folders += _newest_first(str(DEBIAN_POSTGRESQL / "*" / "bin"))
    return list(dict.fromkeys(f for f in folders if f))


def pg_binary(name: str) -> str:
    """A PostgreSQL program (`postgres_folders`, then the PATH), or a refusal saying how to get it."""
    for folder in postgres_folders():
        for program in (Path(folder) / name, Path(folder) / f"{name}.exe"):
            if program.is_file():
                return str(program)
    found = shutil.which(name)
    if found is None:
        raise EventServerError(
            f"PostgreSQL's {name} was not found: install PostgreSQL (Debian/Ubuntu: apt install postgresql; "
            "Windows: the installer from postgresql.org; macOS: Postgres.app or Homebrew's postgresql@16) "
            "or set REFEREE_PG_BIN to its bin folder"
        )
    return found


def _as_root() -> bool:
    return is_root()


def _server_user() -> tuple[int, int]:
    """The `postgres` user's ids, for root on Linux (with `runuser`); refused on other systems."""
    if not sys.platform.startswith("linux"):
        raise EventServerError("PostgreSQL does not run as root: run this as a normal user, not with sudo")
    import pwd

    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        raise EventServerError(
            "PostgreSQL does not run as root, and there is no 'postgres' user: run this as a normal user"
        ) from None
    return user.pw_uid, user.pw_gid


def _give(path: Path) -> None:
    """Hand a path we just made to the server's user (root only); a link is never followed."""
    if _as_root():
        os.chown(path, *_server_user(), follow_symlinks=False)


def closed_to(uid: int, gids: frozenset[int], folder: Path) -> Path | None:
    """The first existing folder on the way to `folder` that the user (`uid`, in `gids`) cannot
    enter, or None: as root, PostgreSQL runs as `postgres`, and initdb's own "Permission denied"
    names a file, not the folder an organizer has to open (a 0700 home or temporary folder)."""
    for step in [*reversed(folder.absolute().parents), folder.absolute()]:
        try:
            seen = step.stat()
        except FileNotFoundError:
            return None  # made by init, as the server's user's own
        if seen.st_uid == uid:
            can = seen.st_mode & 0o100
        elif seen.st_gid in gids:
            can = seen.st_mode & 0o010
        else:
            can = seen.st_mode & 0o001
        if not can:
            return step
    return None


def _reachable_by_server_user(folder: Path) -> None:
    """As root: refused at once, in words, when `postgres` cannot reach the event's folder."""
    if not _as_root():
        return
    import pwd

    uid, gid = _server_user()
    name = pwd.getpwuid(uid).pw_name
    import grp

    gids = frozenset({gid, *(g.gr_gid for g in grp.getgrall() if name in g.gr_mem)})
    blocked = closed_to(uid, gids, folder)
    if blocked is not None:
        raise EventServerError(
            f"PostgreSQL runs as the system's 'postgres' user, who cannot enter {blocked}: choose a folder "
            f"it can reach (such as /srv/referee-event), or let it through with: chmod o+x {blocked}"
        )


def _as_server_user(command: list[str]) -> list[str]:
    """Run as ourselves, or, for root, as the system's `postgres` user."""
    if not _as_root():
        return command
    _server_user()
    return ["runuser", "-u", "postgres", "--", *command]


def _run(command: list[str], what: str) -> str:
    done = subprocess.run(_as_server_user(command), capture_output=True, text=True)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise EventServerError(f"{what} failed: {detail[-1] if detail else 'exit ' + str(done.returncode)}")
    return done.stdout


def _write_new(path: Path, text: str, mode: int = 0o600) -> None:
    """A new file, made exclusively: never through a link planted at its name."""
    fd = open_no_link(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)


def _rewrite(path: Path, text: str, append: bool = False) -> None:
    """Write into a file PostgreSQL made (keeping its owner), never through a link."""
    flags = os.O_WRONLY | (os.O_APPEND if append else os.O_TRUNC)
    with os.fdopen(open_no_link(path, flags), "w", encoding="utf-8") as handle:
        handle.write(text)


def _read(path: Path) -> str:
    """A file of the folder, never through a link (the folder belongs to the server's user)."""
    try:
        fd = open_no_link(path, os.O_RDONLY)
    except OSError:
        raise EventServerError(NOT_A_SERVER.format(folder=path.parent)) from None
    with os.fdopen(fd, encoding="utf-8") as handle:
        return handle.read()


def port_is_free(port: int) -> bool:
    """Nothing listens on `port` (IPv4 or IPv6), so the server can take it."""
    for family, address in ((socket.AF_INET, "0.0.0.0"), (socket.AF_INET6, "::")):
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind((address, port))
            except OSError as exc:
                if family == socket.AF_INET6 and exc.errno in (errno.EAFNOSUPPORT, errno.EADDRNOTAVAIL):  # no IPv6
                    continue
                return False
    return True


def hba(local_only: bool = False) -> str:
    """Who may log in from where: the superuser and the organizer from this computer; the tables
    (members of `desk`) from this computer, and from the network over TLS only."""
    lines = [
        "# referee-app: who logs in from where; every line needs a password (SCRAM)",
        f"local    all          {ADMIN_ROLE}   scram-sha-256",
        f"host     all          {ADMIN_ROLE}   127.0.0.1/32  scram-sha-256",
        f"host     all          {ADMIN_ROLE}   ::1/128       scram-sha-256",
        f"local    {DATABASE}   {ORGANIZER_ROLE}   scram-sha-256",
        f"host     {DATABASE}   {ORGANIZER_ROLE}   127.0.0.1/32  scram-sha-256",
        f"host     {DATABASE}   {ORGANIZER_ROLE}   ::1/128       scram-sha-256",
        f"host     {DATABASE}   +{DESK_ROLE}   127.0.0.1/32  scram-sha-256",
        f"host     {DATABASE}   +{DESK_ROLE}   ::1/128       scram-sha-256",
    ]
    if not local_only:
        lines += [
            f"hostssl  {DATABASE}   +{DESK_ROLE}   0.0.0.0/0     scram-sha-256",
            f"hostssl  {DATABASE}   +{DESK_ROLE}   ::/0          scram-sha-256",
        ]
    return "\n".join(lines) + "\n"


def conf_string(text: str) -> str:
    """`text` quoted for postgresql.conf (a quote doubled, a backslash escaped: a Windows path has them)."""
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"


def socket_folders(folder: Path) -> str:
    """Where the server's local socket goes: the event's own folder; none on Windows, where the
    organizer's tools connect over TCP on this computer anyway."""
    return "''" if is_windows() else conf_string(str(folder))


@dataclass(frozen=True, slots=True)
class Cluster:
    """An event server's folder."""

    folder: Path

    @property
    def data(self) -> Path:
        return self.folder / DATA

    def is_server(self) -> bool:
        return (
            not self.folder.is_symlink()
            and (self.data / "PG_VERSION").is_file()
            and (self.folder / ORGANIZER_FILE).is_file()
            and (self.folder / "port").is_file()
        )

    def check(self) -> None:
        if not self.is_server():
            raise EventServerError(NOT_A_SERVER.format(folder=self.folder))

    @property
    def port(self) -> int:
        text = _read(self.folder / "port").strip()
        if not (text.isascii() and text.isdigit()):
            raise EventServerError(NOT_A_SERVER.format(folder=self.folder))
        return int(text)

    def organizer_conninfo(self) -> str:
        """How the organizer's tools (board, pull, assign, add-table) connect: over TCP on this computer."""
        from psycopg.conninfo import make_conninfo

        from referee_app.venue.schema import KEEPALIVE, SESSION_OPTIONS

        self.check()
        return make_conninfo(_read(self.folder / ORGANIZER_FILE).strip(), options=SESSION_OPTIONS, **KEEPALIVE)

    def admin_conninfo(self) -> str:
        """The superuser's: for maintenance only."""
        self.check()
        return _read(self.folder / ADMIN_FILE).strip()

    @property
    def certificate(self) -> Path:
        from referee_app.venue.tls import CERTIFICATE

        return self.data / CERTIFICATE

    def fingerprint(self) -> str:
        """The server certificate's fingerprint, which each desk types once at `connect`."""
        from referee_app.venue.tls import certificate_fingerprint

        self.check()
        return certificate_fingerprint(self.certificate)

    def init(self, port: int = DEFAULT_PORT) -> None:
        """Make the cluster, its certificate, database, schema and roles; the server is left stopped.

        A failure at any step removes what this init made, so the same command can be run again."""
        if self.folder.is_symlink() or (self.folder.exists() and not self.folder.is_dir()):
            raise EventServerError(f"{self.folder} is not a folder: choose a new folder for the event server")
        if self.folder.exists() and any(self.folder.iterdir()):
            raise EventServerError(f"{self.folder} is not empty: choose a new folder for the event server")
        unusable = for_windows_programs(self.folder.absolute())
        if unusable:
            raise EventServerError(
                f"PostgreSQL cannot use {self.folder}: {unusable}. "
                "Choose a folder whose path has none, such as C:\\referee-event"
            )
        if not 1024 <= port <= 65535:
            raise EventServerError("the port is 1024 to 65535")
        if not port_is_free(port):
            raise EventServerError(f"port {port} is taken by another program: choose another with --port")
        _reachable_by_server_user(self.folder)
        made_folder = not self.folder.exists()
        try:
            self._make(port)
        except BaseException:
            with contextlib.suppress(Exception):
                self.stop(immediate=True)
            if made_folder:
                shutil.rmtree(self.folder, ignore_errors=True)
            else:
                for child in self.folder.iterdir():
                    if child.is_dir() and not child.is_symlink():
                        shutil.rmtree(child, ignore_errors=True)
                    else:
                        child.unlink(missing_ok=True)
            raise

    def _make(self, port: int) -> None:
        from referee_app.venue.tls import make_certificate

        self.folder.mkdir(parents=True, exist_ok=True)
        make_private(self.folder)  # 0700; on Windows, an access list for this user alone
        _give(self.folder)
        admin, organizer = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        secret = self.folder / "init.pw"
        _write_new(secret, admin + "\n", 0o600)
        _give(secret)
        try:
            _run(
                [pg_binary("initdb"), "-D", str(self.data), "-U", ADMIN_ROLE, f"--pwfile={secret}",
                 "-A", "scram-sha-256", "-E", "UTF8", "--locale=C"],
                "initdb",
            )  # fmt: skip
        finally:
            secret.unlink()
        for made in make_certificate(self.data):
            _give(made)
        _rewrite(
            self.data / "postgresql.conf",
            f"\n# referee-app event server\nlisten_addresses = '*'\nport = {port}\n"
            f"unix_socket_directories = {socket_folders(self.folder)}\npassword_encryption = 'scram-sha-256'\n"
            "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n"
            "ssl_min_protocol_version = 'TLSv1.2'\n",
            append=True,
        )
        _rewrite(self.data / "pg_hba.conf", hba())
        _write_new(self.folder / "port", f"{port}\n", 0o644)
        admin_conninfo = f"host=127.0.0.1 port={port} dbname=postgres user={ADMIN_ROLE} password={admin}"
        _write_new(self.folder / ADMIN_FILE, admin_conninfo + "\n")
        organizer_conninfo = f"host=127.0.0.1 port={port} dbname={DATABASE} user={ORGANIZER_ROLE} password={organizer}"
        _write_new(self.folder / ORGANIZER_FILE, organizer_conninfo + "\n")
        self._start()
        try:
            from referee_app.venue.db import create_schema

            create_schema(admin_conninfo, organizer)
        finally:
            self.stop()

    def start(self, timeout_s: int = 30) -> tuple[int, int]:
        """Start the server (if it is not running) and bring its event database up to this
        referee-app's version (`db.migrate`); returns (the version found, the version now)."""
        self._start(timeout_s)
        return self.migrate()

    def migrate(self) -> tuple[int, int]:
        import psycopg

        from referee_app.venue.db import migrate

        with psycopg.connect(self.organizer_conninfo(), autocommit=True, connect_timeout=10) as conn:
            return migrate(conn)

    def _start(self, timeout_s: int = 30) -> None:
        self.check()
        if self.running():
            return
        _run(
            [pg_binary("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w",
             "-t", str(timeout_s), "start"],
            "starting the event server",
        )  # fmt: skip

    def stop(self, immediate: bool = False) -> None:
        """Stop the server (`immediate`: as a crash would, for the tests of recovery)."""
        if not self.running():
            return
        mode = "immediate" if immediate else "fast"
        _run([pg_binary("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"], "stopping the event server")

    def running(self) -> bool:
        if not (self.data / "PG_VERSION").is_file():
            return False
        done = subprocess.run(
            _as_server_user([pg_binary("pg_ctl"), "-D", str(self.data), "status"]), capture_output=True, text=True
        )
        return done.returncode == 0
