"""The event online's parts, started for real for the tests and bench/mirror.py: the cloud's
PostgreSQL (a second throwaway cluster, TLS on, the roles of `mirror init-cloud`), mirror
processes (`referee-app mirror serve`), Debian's nginx with the repository's configuration (as an
unprivileged process on a loopback port, with its own prefix), and `Gate`, a loopback TCP relay
standing for the venue's internet link (cut, then restored)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.waiting import eventually

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "mirror" / "nginx.conf"
CLOUD_DB = "referee_cloud"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(cond: Callable[[], object], what: str, timeout: float = 90.0) -> None:
    """Until `cond()` is true (`tests.waiting.eventually`: a condition, never a fixed sleep)."""
    eventually(cond, what, timeout)


def unprivileged() -> list[str]:
    """The prefix that runs a program as `nobody` when we are root (nginx and the mirrors are
    never root: as the internet's side of the event, they must not need to be)."""
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if os.geteuid() == 0 else []


def give_nobody(path: Path) -> None:
    if os.geteuid() == 0:
        for folder, _dirs, files in os.walk(path):
            os.chown(folder, 65534, 65534)
            for name in files:
                os.chown(os.path.join(folder, name), 65534, 65534)


@dataclass
class Cloud:
    """The cloud's PostgreSQL: a cluster of its own (its folder removed at `stop`)."""

    base: Path
    cluster: object = None
    admin: str = ""

    @classmethod
    def start(cls) -> Cloud:
        import psycopg
        from psycopg.conninfo import make_conninfo

        from referee_app.venue.server import Cluster, EventServerError

        base = Path(tempfile.mkdtemp(prefix="referee-cloud-"))
        base.chmod(0o711)
        cluster = Cluster(base / "server")
        for attempt in range(3):  # the free port may be taken meanwhile by another run on this machine
            try:
                cluster.init(port=free_port())
                break
            except EventServerError as exc:
                if "is taken by another program" not in str(exc) or attempt == 2:
                    raise
        cluster.start()
        admin_postgres = cluster.admin_conninfo()
        with psycopg.connect(admin_postgres, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {CLOUD_DB}")
        hba = cluster.data / "pg_hba.conf"
        hba.write_text(
            hba.read_text() + f"hostssl  {CLOUD_DB}  all  127.0.0.1/32  scram-sha-256\n"
            f"hostssl  {CLOUD_DB}  all  127.0.0.0/8  scram-sha-256\n"
        )
        with psycopg.connect(admin_postgres, autocommit=True) as conn:
            conn.execute("SELECT pg_reload_conf()")
        admin = make_conninfo(admin_postgres, dbname=CLOUD_DB)
        return cls(base, cluster, admin)

    @property
    def port(self) -> int:
        return int(self.cluster.port)  # type: ignore[attr-defined]

    def stop(self) -> None:
        try:
            self.cluster.stop()  # type: ignore[attr-defined]
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


def run_cli(*args: str, check: bool = True, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "referee_app", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    if check and done.returncode != 0:
        raise AssertionError(f"referee-app {' '.join(args)}: {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


def login(conninfo_file: Path, **changes: object) -> str:
    """The conninfo written by `init-cloud`/`add-event`, with `changes` (another host or port: the gate)."""
    from psycopg.conninfo import make_conninfo

    return make_conninfo(conninfo_file.read_text().strip(), **changes)  # type: ignore[arg-type]


@dataclass
class MirrorProcess:
    """`referee-app mirror serve` on a free loopback port, as `nobody` when we are root."""

    process: subprocess.Popen[str]
    port: int

    @classmethod
    def start(cls, db: str, port: int = 0) -> MirrorProcess:
        port = port or free_port()
        if db.startswith("@") and os.geteuid() == 0:  # the login file, for `nobody` alone
            own = Path(tempfile.mkdtemp(prefix="referee-mirror-login-"))
            shutil.copy(db[1:], own / "login")
            give_nobody(own)
            db = f"@{own / 'login'}"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        if os.geteuid() == 0:
            env["HOME"] = "/nonexistent"  # not root's: libpq looks for client certificates there
        process = subprocess.Popen(
            [*unprivileged(), sys.executable, "-m", "referee_app", "mirror", "serve", "--db", db, "--web", str(port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd="/", env=env,
        )  # fmt: skip
        assert process.stdout is not None
        line = process.stdout.readline()
        if "mirror serving" not in line:
            process.kill()
            said = process.stderr.read() if process.stderr else ""
            raise AssertionError(f"the mirror did not start: {line!r} {said}")
        return cls(process, port)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


@dataclass
class Nginx:
    """Debian's nginx on the repository's configuration, its own prefix, a free loopback port."""

    prefix: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @classmethod
    def start(cls, upstreams: list[int], port: int = 0) -> Nginx:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise FileNotFoundError("nginx (apt: nginx; scripts/install.sh installs it)")
        prefix = Path(tempfile.mkdtemp(prefix="referee-nginx-"))
        prefix.chmod(0o755)
        for sub in ("temp", "cache", "logs"):
            (prefix / sub).mkdir()
        port = port or free_port()
        servers = "\n        ".join(f"server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
        text = NGINX_CONF.read_text().replace("@@PREFIX@@", str(prefix)).replace("@@LISTEN@@", f"127.0.0.1:{port}")
        (prefix / "nginx.conf").write_text(text.replace("@@UPSTREAMS@@", servers))
        give_nobody(prefix)
        conf, errors = str(prefix / "nginx.conf"), str(prefix / "error.log")
        command = [*unprivileged(), binary, "-p", str(prefix), "-c", conf, "-e", errors]
        nginx = cls(prefix, port)
        nginx.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_for(nginx._listening, "nginx to listen", 20)
        except AssertionError:
            nginx.stop()
            raise
        return nginx

    def _listening(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            err = self.process.stderr.read().decode() if self.process.stderr else ""
            raise AssertionError(f"nginx stopped: {err} {(self.prefix / 'error.log').read_text(errors='replace')}")
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)


@dataclass
class Gate:
    """The venue's internet link: a loopback TCP relay to `target`, counting the bytes the venue
    sends up; `cut()` closes every connection and refuses new ones until `restore()`."""

    target: int
    port: int = 0
    up_bytes: int = 0
    open: bool = True
    _server: socket.socket | None = None
    _pairs: list[tuple[socket.socket, socket.socket]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stopped: bool = False

    def start(self) -> Gate:
        self.port = self.port or free_port()
        self._listen()
        return self

    def _listen(self) -> None:
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(64)
        self._server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._pairs.append((client, upstream))
            threading.Thread(target=self._pipe, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client, False), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, up: bool) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if up:
                    with self._lock:
                        self.up_bytes += len(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def cut(self) -> None:
        """The link goes: nothing passes, established connections are dropped, new ones refused."""
        self.open = False
        if self._server is not None:
            with contextlib.suppress(OSError):  # wakes the thread blocked in accept: the port is free
                self._server.shutdown(socket.SHUT_RDWR)
            self._server.close()
            self._server = None
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for s in pair:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def restore(self) -> None:
        self.open = True
        self._listen()

    def stop(self) -> None:
        self.cut()
