"""Crafted files and databases for the tests that attack the app: the real command run in this process,
log files written byte for byte, a database edited behind the app's back."""

from __future__ import annotations

import hashlib
import io
import sqlite3
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from referee_app.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "wpa-open-final-lopez-novak.jsonl"
START = '{"type": "match_started", "players": {"A": "Ana", "B": "Ben"}, "race_to": 2}'


def run(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """`referee-app ARGV` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    source = io.BytesIO(stdin)
    original = cli.HANDLERS["record"]
    cli.HANDLERS["record"] = lambda args, o: cli.cmd_record(args, o, source)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(list(argv))
    finally:
        cli.HANDLERS["record"] = original
    return code, out.getvalue(), err.getvalue()


def write(path: Path, *lines: str | bytes) -> Path:
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines))
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    db = tmp_path / "m.db"
    code, out, _ = run("import", str(SEED), "--db", str(db))
    assert code == 0
    yield db, out.split()[1]


def tamper(db: Path, *sql: str) -> None:
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER IF EXISTS events_append_only_update")
    con.execute("DROP TRIGGER IF EXISTS events_append_only_delete")
    for statement in sql:
        con.execute(statement)
    con.commit()
    con.close()
