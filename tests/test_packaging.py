"""The app as users get it: the wheel in a fresh virtualenv, and the standalone bundle.

Both run the real `referee-app` offscreen on a database outside the repository and read
back what it did, as a referee installing it would find it.
"""

from __future__ import annotations

import ast
import json
import os
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.waiting import NotYet, stays

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tests" / "examples"
DEMO_MATCHES = 4
WINDOWS = sys.platform == "win32"  # the suite runs on the Windows and macOS runners too (ci.yml)
BIN, EXE = ("Scripts", ".exe") if WINDOWS else ("bin", "")
SMOKE_LINE = re.compile(r"referee-app \d+\.\d+\.\d+, Qt 6\.\d+\.\d+, SQLite 3\.\d+\.\d+, Python 3\.\d+: ok")


def _env(home: Path) -> dict[str, str]:
    """Offscreen, with its own home: the run must not touch the tester's settings or data."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "XDG_"))}
    return env | {"QT_QPA_PLATFORM": "offscreen", "HOME": str(home), "USERPROFILE": str(home)}


def _run_desk_briefly(app: Path, db: Path, env: dict[str, str], seconds: float, cwd: Path) -> None:
    """Start the desk on the demo with the overlay on, fetch its pages, leave it `seconds` (it
    must still be running), then close it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [str(app), "--demo", "--db", str(db), "--overlay", str(port)]
    desk = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = desk.stdout.readline()  # type: ignore[union-attr]
        assert line.strip() == f"overlay http://127.0.0.1:{port}/overlay", desk.stderr.read()[-2000:]  # type: ignore[union-attr]
        for page, text in [("overlay", b'class="overlay"'), ("live.js", b"EventSource"), ("state.json", b'"version"')]:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=10) as answer:
                assert text in answer.read(), page
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/events", timeout=10) as stream:  # aiohttp streams
            assert stream.readline() == b"retry: 1000\n" and stream.readline() == b"\n"
            assert stream.readline() == b"event: state\n" and b'"version"' in stream.readline()
        stays(lambda: desk.poll() is None or NotYet(desk.stderr.read()[-2000:]), seconds, "the desk running")  # type: ignore[union-attr]
    finally:
        desk.terminate()
        desk.wait(timeout=30)


def _matches(app: Path, db: Path, env: dict[str, str], cwd: Path) -> list[str]:
    done = subprocess.run([str(app), "matches", "--db", str(db)], env=env, cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
def test_the_wheel_installs_the_desk_with_its_demo_and_no_bare_ui_package(tmp_path: Path) -> None:
    wheels, venv, home = tmp_path / "wheels", tmp_path / "venv", tmp_path / "home"
    home.mkdir()
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    [wheel] = wheels.glob("referee_app-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [str(venv / BIN / "python"), "-m", "pip", "install", "-q", str(wheel)], capture_output=True, text=True
    )
    assert install.returncode == 0, install.stderr[-2000:]
    site = venv / "Lib" / "site-packages" if WINDOWS else next((venv / "lib").glob("python3*/site-packages"))
    assert (site / "referee_app").is_dir() and (site / "referee_desk" / "translations" / "referee_fr.qm").is_file()
    assert not (site / "ui").exists(), "the wheel installs a bare 'ui' package"
    assert len(list((site / "referee_app" / "seeds").glob("*.jsonl"))) == DEMO_MATCHES
    app, db, env = venv / BIN / f"referee-app{EXE}", tmp_path / "desk.db", _env(home)
    _run_desk_briefly(app, db, env, seconds=4, cwd=tmp_path)
    assert len(_matches(app, db, env, cwd=tmp_path)) == DEMO_MATCHES


@pytest.mark.slow
def test_the_bundle_replays_the_examples_and_opens_the_demo(tmp_path: Path) -> None:
    build = subprocess.run(["bash", str(ROOT / "scripts" / "build_app.sh")], cwd=ROOT, capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    app = ROOT / "dist" / "referee-app" / f"referee-app{EXE}"
    home = tmp_path / "home"
    home.mkdir()
    env = _env(home) if WINDOWS else _env(home) | {"PATH": "/usr/bin:/bin"}  # the bundle carries its own Python
    examples = sorted(EXAMPLES.glob("*.jsonl")) + sorted((EXAMPLES / "racks").glob("*.jsonl"))
    assert len(examples) == 10, "the vendored examples are missing"
    for log in examples:
        done = subprocess.run([str(app), "replay", str(log)], env=env, capture_output=True, text=True)
        assert done.returncode == 0, (log.name, done.stderr)
        assert json.loads(done.stdout) == json.loads(log.with_suffix(".state.json").read_text()), log.name
    # the same one-line self-check CI runs from the installed copy on Windows and macOS
    temp = tmp_path / "temp"
    temp.mkdir()
    smoke = subprocess.run([str(app), "--smoke"], env=env | {"TMPDIR": str(temp)}, capture_output=True, text=True)
    assert smoke.returncode == 0, smoke.stderr[-2000:]
    assert SMOKE_LINE.fullmatch(smoke.stdout.rstrip("\n")), smoke.stdout
    assert list(temp.iterdir()) == [], "the smoke run left files behind"
    db = tmp_path / "bundle.db"
    _run_desk_briefly(app, db, env, seconds=5, cwd=tmp_path)
    assert len(_matches(app, db, env, cwd=tmp_path)) == DEMO_MATCHES
    # the live event's client (psycopg and its own libpq) is in the bundle: it reaches for the server
    linked = subprocess.run(
        [str(app), "connect", "--db", str(db), "--server", "127.0.0.1:9"],
        env=env | {"REFEREE_TABLE_KEY": "1-ABCD-EFGH-JKMN-PQRS"},
        capture_output=True,
        text=True,
    )
    assert linked.returncode == 1 and "cannot reach the event server at 127.0.0.1:9" in linked.stderr, linked.stderr


def test_every_package_folder_is_declared() -> None:
    """setuptools warns of a package left out of `packages` (and a wheel would lack it): every folder
    of the core and the desk that holds Python is in pyproject.toml's list, as its installed name."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    declared = set(config["packages"])
    found = set()
    for top, name in (("referee_app", "referee_app"), ("ui", "referee_desk")):
        for init in (ROOT / top).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / top).parts
            if "__pycache__" not in parts:
                found.add(".".join((name, *parts)))
    assert found <= declared, f"left out of pyproject.toml's packages: {sorted(found - declared)}"


def test_the_readme_says_where_referee_app_is_before_it_uses_it_bare() -> None:
    """From a checkout the command is `.venv/bin/referee-app`; the README said so only in its first two lines."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_bare = min(i for i, line in enumerate(text.splitlines()) if re.match(r"\s*(?:\$ )?referee-app\s", line))
    explained = next((i for i, line in enumerate(text.splitlines()) if "is `.venv/bin/referee-app …`" in line), None)
    assert explained is not None and explained < first_bare


def _spec() -> ast.Module:
    return ast.parse((ROOT / "packaging" / "referee-app.spec").read_text(encoding="utf-8"))


def test_the_spec_names_each_systems_qt_platform_plugin() -> None:
    """Windows and macOS are built on their runners only: the spec must name their Qt platform plugins
    (and the offscreen one, for `--smoke`) so the build stops where one would be missing."""
    assigned = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in _spec().body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in ("PLATFORM_PLUGINS", "OFFSCREEN_PLUGIN")
    }
    assert assigned == {
        "PLATFORM_PLUGINS": {"win32": "qwindows", "darwin": "qcocoa", "linux": "qxcb"},
        "OFFSCREEN_PLUGIN": "qoffscreen",
    }
    checked = ast.unparse(_spec())
    assert "if not wanted <= bundled:" in checked and "raise SystemExit" in checked


ABSOLUTE = re.compile(r"^(/|~|[A-Za-z]:[\\/]|\\\\)")


def test_the_spec_and_the_installer_script_hold_no_absolute_path() -> None:
    """A path of one machine (a home folder, C:\\...) would build here and break on the runners."""
    found = [n.value for n in ast.walk(_spec()) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert "entry.py" in found
    assert [text for text in found if ABSOLUTE.match(text)] == []
    iss = (ROOT / "packaging" / "windows" / "referee-app.iss").read_text(encoding="utf-8")
    paths = re.findall(r'(?:Source|LicenseFile|OutputDir)\s*[:=]\s*"?([^";\n]+)', iss)
    assert paths and [p for p in paths if ABSOLUTE.match(p.strip())] == []


@pytest.mark.parametrize("text", ["/home/ana/x", "C:\\Users\\ana", "c:/x", "~/x", "\\\\server\\share"])
def test_an_absolute_path_is_recognized(text: str) -> None:
    assert ABSOLUTE.match(text)
