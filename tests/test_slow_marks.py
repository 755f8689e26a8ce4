"""`pytest -m "not slow"` starts no PostgreSQL cluster and no Chromium: every test module that takes the
`event_server` or `browser` fixture (or a fixture built on them, in a conftest.py or the module
itself) is marked `pytestmark = pytest.mark.slow`, and so are the modules measured slow for other
reasons. The test reads the modules' sources with `ast`, as the database doors' test does."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

HEAVY = frozenset({"event_server", "event_cluster", "browser"})
"""The fixtures that start the throwaway PostgreSQL cluster or the machine's Chromium."""

SLOW_BY_MEASURE = frozenset(
    {
        "tests/log/test_durability.py",  # SIGKILLs a writer at random moments
        "tests/gui/organizer/test_organizer_scale.py",  # a tournament at a big venue's size
        "tests/event/test_score_page.py",  # Chromium, and a hanging tap sent again
    }
)
"""Slow for other reasons: the slowest modules of the last `pytest --durations=30`
(`../shared/reviews/architecture.md` §6)."""


def _is_fixture(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if ast.unparse(target) in {"pytest.fixture", "fixture"}:
            return True
    return False


def _functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's functions and its classes' methods: where pytest finds tests and fixtures."""
    nodes = [*tree.body, *(node for c in tree.body if isinstance(c, ast.ClassDef) for node in c.body)]
    return [node for node in nodes if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]


def _taken(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names a function takes: its parameters, and what `@pytest.mark.usefixtures` names."""
    arguments = function.args
    names = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and ast.unparse(decorator.func).endswith("usefixtures"):
            names |= {a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return names


def _module_usefixtures(tree: ast.Module) -> set[str]:
    """The fixtures a module-level `pytestmark` asks for with `pytest.mark.usefixtures(...)`."""
    return {
        arg.value
        for node in tree.body
        if isinstance(node, ast.Assign) and any(ast.unparse(t) == "pytestmark" for t in node.targets)
        for call in ast.walk(node.value)
        if isinstance(call, ast.Call) and ast.unparse(call.func).endswith("usefixtures")
        for arg in call.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    }


def heavy_fixtures(fixtures: dict[str, set[str]], known: frozenset[str] = HEAVY) -> frozenset[str]:
    """`known` and every fixture (name → the names it takes) that takes one of them, however deep."""
    found = set(known)
    while grown := {name for name, takes in fixtures.items() if name not in found and takes & found}:
        found |= grown
    return frozenset(found)


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _conftest_fixtures() -> dict[str, set[str]]:
    """The fixtures of every conftest.py under tests/ (a name defined twice: what either takes)."""
    fixtures: dict[str, set[str]] = {}
    for path in sorted(TESTS.rglob("conftest.py")):
        for function in _functions(_parsed(path)):
            if _is_fixture(function):
                fixtures.setdefault(function.name, set()).update(_taken(function))
    return fixtures


def is_marked_slow(tree: ast.Module) -> bool:
    """A module-level `pytestmark` that is `pytest.mark.slow` or a list or tuple holding it."""
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(ast.unparse(t) == "pytestmark" for t in targets) and node.value is not None:
                marks = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
                if any(ast.unparse(mark) == "pytest.mark.slow" for mark in marks):
                    return True
    return False


def _imported_fixtures(tree: ast.Module) -> dict[str, set[str]]:
    """The fixtures a module imports from another module of the tests (`from tests.x import fixture`),
    with what they take, and what those take in turn in their own module."""
    fixtures: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
            source = ROOT.joinpath(*node.module.split(".")).with_suffix(".py")
            if source.is_file():
                theirs = _module_fixtures(source)
                for alias in node.names:
                    if alias.name in theirs:
                        fixtures.update(theirs)  # a fixture's own helpers come along with it
    return fixtures


@cache
def _module_fixtures(path: Path) -> dict[str, set[str]]:
    tree = _parsed(path)
    own = {function.name: _taken(function) for function in _functions(tree) if _is_fixture(function)}
    return {**_imported_fixtures(tree), **own}


def heavy_uses(tree: ast.Module, conftest_fixtures: dict[str, set[str]]) -> list[str]:
    """Where a module takes a fixture that starts the cluster or Chromium: `function(fixture)`."""
    own = {function.name: _taken(function) for function in _functions(tree) if _is_fixture(function)}
    heavy = heavy_fixtures({**conftest_fixtures, **_imported_fixtures(tree), **own})
    uses = [f"pytestmark({name})" for name in sorted(_module_usefixtures(tree) & heavy)]
    for function in _functions(tree):
        if function.name.startswith("test") or _is_fixture(function):
            uses += [f"{function.name}({name})" for name in sorted(_taken(function) & heavy)]
    return uses


def _test_modules() -> list[Path]:
    return sorted(path for path in TESTS.rglob("test_*.py"))


def unmarked_heavy_modules() -> list[str]:
    unmarked = []
    for path in _test_modules():
        tree = _parsed(path)
        uses = heavy_uses(tree, _conftest_fixtures())
        if uses and not is_marked_slow(tree):
            unmarked.append(f"{path.relative_to(ROOT).as_posix()}: {', '.join(uses[:3])}")
    return unmarked


def test_every_module_that_starts_the_cluster_or_chromium_is_marked_slow() -> None:
    assert unmarked_heavy_modules() == [], 'add `pytestmark = pytest.mark.slow` so that -m "not slow" skips them'


def test_the_modules_measured_slow_are_marked_slow() -> None:
    assert [name for name in sorted(SLOW_BY_MEASURE) if not is_marked_slow(_parsed(ROOT / name))] == []


def test_the_scan_finds_the_modules_that_take_the_cluster_or_chromium() -> None:
    """The scan itself sees the fixtures: modules known to start the cluster and Chromium are found."""
    found = {
        path.relative_to(ROOT).as_posix() for path in _test_modules() if heavy_uses(_parsed(path), _conftest_fixtures())
    }
    assert {"tests/venue/test_live_event.py", "tests/web/test_board_page.py"} <= found
    assert "tests/game/test_rack_scoring.py" not in found
    assert "tests/test_slow_marks.py" not in found


def test_the_scan_sees_a_fixture_built_on_the_cluster_and_a_mark_in_a_list() -> None:
    conftest = {"event_server": {"event_cluster"}, "served": {"event_server", "tmp_path"}, "store": {"tmp_path"}}
    module = ast.parse(
        "import pytest\n\n"
        "@pytest.fixture\ndef page(browser, tmp_path):\n    ...\n\n"
        "def test_a_store(store):\n    ...\n\n"
        "def test_served(served):\n    ...\n\n"
        "def test_a_page(page):\n    ...\n\n"
        "@pytest.mark.usefixtures('event_cluster')\ndef test_used():\n    ...\n"
    )
    assert heavy_uses(module, conftest) == [
        "page(browser)",
        "test_served(served)",
        "test_a_page(page)",
        "test_used(event_cluster)",
    ]
    assert not is_marked_slow(module)
    assert is_marked_slow(ast.parse("import pytest\npytestmark = [pytest.mark.slow, pytest.mark.usefixtures('x')]\n"))
    assert not is_marked_slow(ast.parse("import pytest\npytestmark = pytest.mark.skip\n"))
    usefixtures = ast.parse("import pytest\npytestmark = pytest.mark.usefixtures('served')\n")
    assert heavy_uses(usefixtures, conftest) == ["pytestmark(served)"]
