"""Every file dialog of the app opens in a folder the app chose (the user's documents, or a file
in them), never in the folder the app was started from: a source checkout, a USB stick or the
system's own folder, where an organizer then saves the day's standings without noticing."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
DIALOGS = {"getSaveFileName", "getOpenFileName", "getOpenFileNames", "getExistingDirectory"}


def _dialogs() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in DIALOGS:
                found.append((f"{path.relative_to(UI)}:{node.lineno}", node))
    return found


def test_every_file_dialog_is_given_its_starting_folder() -> None:
    dialogs = _dialogs()
    assert len(dialogs) >= 10  # the scan finds them (tournament, board, matches page, statistics)
    for where, call in dialogs:
        start = call.args[2] if len(call.args) > 2 else next((k.value for k in call.keywords if k.arg == "dir"), None)
        assert start is not None, f"{where}: no starting folder: the dialog opens where the app was started"
        assert not (isinstance(start, ast.Constant) and not str(start.value).startswith("/")), (
            f"{where}: starts at {ast.unparse(start)}, a name relative to where the app was started"
        )
