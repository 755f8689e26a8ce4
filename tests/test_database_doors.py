"""One door per database: SQL is written only in the module that owns its database.

SQLite is spoken only in the log wing: the match log by `referee_app/log/store.py`, with its DDL
in `log/schema.py`, and the desk's link file by `log/desk_link.py`. PostgreSQL (the live event)
only by `referee_app/venue/db.py`, with its DDL in `venue/schema.py`: `LISTEN` and `NOTIFY`
too (`db.listen`; the triggers' `pg_notify`). The test reads every module of the core and the
GUI and looks for SQL in its string literals (docstrings aside), so a query written anywhere
else fails here; `LISTEN` is looked for in the tests and benchmarks as well: it is written once.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SQLITE_DOOR = {"referee_app/log/store.py", "referee_app/log/schema.py", "referee_app/log/desk_link.py"}
POSTGRES_DOOR = {
    "referee_app/venue/db.py",
    "referee_app/venue/schema.py",
    "referee_app/venue/cloud.py",  # the cloud's PostgreSQL (the event online): a database of its own, one door
}

SQL = re.compile(
    r"\b(SELECT\b.+\bFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|TRIGGER|INDEX|VIEW|ROLE|DATABASE)"
    r"|ALTER\s+TABLE|DROP\s+(TABLE|TRIGGER|INDEX|VIEW)|PRAGMA\s+\w+|GRANT\s+\w+"
    r"|LISTEN\s+\w+|NOTIFY\s+\w+|pg_notify\s*\()",
    re.DOTALL,
)


def _texts(tree: ast.Module) -> list[tuple[int, str]]:
    """The string literals of a module (each f-string as its literal parts joined), docstrings aside."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    out: list[tuple[int, str]] = []
    parts_of_fstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [v for v in node.values if isinstance(v, ast.Constant)]
            parts_of_fstrings |= {id(v) for v in parts}
            out.append((node.lineno, " ? ".join(str(v.value) for v in parts)))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and id(node) not in parts_of_fstrings
        ):
            out.append((node.lineno, node.value))
    return out


LISTEN = re.compile(r"\bLISTEN\s+\w+")


@cache
def _texts_by_module(*folders: str) -> dict[str, list[tuple[int, str]]]:
    paths = sorted(path for folder in folders for path in ROOT.joinpath(folder).rglob("*.py"))
    return {path.relative_to(ROOT).as_posix(): _texts(ast.parse(path.read_text(encoding="utf-8"))) for path in paths}


def _found(pattern: re.Pattern[str], *folders: str) -> dict[str, list[str]]:
    return {
        name: [f"{name}:{line}: {text.strip()[:70]}" for line, text in texts if pattern.search(text)]
        for name, texts in _texts_by_module(*folders).items()
    }


def _sql_by_module() -> dict[str, list[str]]:
    return _found(SQL, "referee_app", "ui")


def sql_outside_doors(allowed: set[str]) -> list[str]:
    return [line for name, lines in _sql_by_module().items() if name not in allowed for line in lines]


def test_sql_is_written_only_in_the_database_doors() -> None:
    assert sql_outside_doors(SQLITE_DOOR | POSTGRES_DOOR) == []


def test_the_scan_finds_sql_where_it_is_written() -> None:
    """The scan itself sees SQL: without the doors allowed, it finds the store's statements."""
    found = sql_outside_doors(set())
    assert any(line.startswith("referee_app/log/store.py:") for line in found)
    assert any(line.startswith("referee_app/log/schema.py:") for line in found)
    assert any(line.startswith("referee_app/log/desk_link.py:") for line in found)
    assert any(line.startswith("referee_app/venue/db.py:") and "LISTEN events" in line for line in found)


def test_listen_is_written_once_in_the_code_in_the_events_door() -> None:
    """One reader of the live event: the core, the GUI, the tests and the benchmarks all ask
    `venue/db.py` to listen."""
    found = _found(LISTEN, "referee_app", "ui", "tests", "bench", "scripts")
    del found[Path(__file__).relative_to(ROOT).as_posix()]  # this test's own example below
    listens = [line for lines in found.values() for line in lines]
    assert len(listens) == 1 and listens[0].startswith("referee_app/venue/db.py:"), listens


def test_the_scan_finds_listen_and_notify_wherever_they_are_written() -> None:
    """A statement that listens or notifies outside the door is SQL like any other."""
    module = (
        "def wake(conn):\n    conn.execute('LISTEN events')\n    conn.execute(\"NOTIFY events, 'x'\")\n"
        "    conn.execute(\"SELECT pg_notify('events', 'x')\")\n"
    )
    texts = _texts(ast.parse(module))
    assert [text for _line, text in sorted(texts) if SQL.search(text)] == [
        "LISTEN events",
        "NOTIFY events, 'x'",
        "SELECT pg_notify('events', 'x')",
    ]
    assert [text for _line, text in texts if LISTEN.search(text)] == ["LISTEN events"]
