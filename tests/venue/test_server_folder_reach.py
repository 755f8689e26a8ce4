"""As root, `event-server init` runs PostgreSQL as the system's `postgres` user: a folder that user
cannot enter (a 0700 temporary or home folder) is named at once, in words, before initdb fails on
a file with a bare "Permission denied", and nothing is left behind."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.venue.server import closed_to
from tests.conftest import free_port

OTHER_UID, OTHER_GID = 54321, 54321  # a user who owns none of these folders


@pytest.fixture
def base() -> Iterator[Path]:
    """A folder under the system's temporary folder that everyone may enter (pytest's own is 0700)."""
    made = Path(tempfile.mkdtemp(prefix="referee-reach-"))
    made.chmod(0o711)
    yield made
    shutil.rmtree(made, ignore_errors=True)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_first_folder_the_server_user_cannot_enter_is_named(base: Path) -> None:
    outer, inner = base / "outer", base / "outer" / "inner"
    inner.mkdir(parents=True)
    for step in (outer, inner):
        step.chmod(0o755)
    none = frozenset[int]()
    assert closed_to(OTHER_UID, none, inner / "event") is None  # not made yet: init makes it its own
    outer.chmod(0o750)
    assert closed_to(OTHER_UID, none, inner / "event") == outer  # neither its owner nor in its group
    if os.getuid() == 0:
        os.chown(outer, 0, OTHER_GID)
        assert closed_to(OTHER_UID, frozenset({OTHER_GID}), inner / "event") is None  # let in by its group
    outer.chmod(0o700)
    assert closed_to(os.getuid(), none, inner / "event") is None  # its owner enters
    assert closed_to(OTHER_UID, frozenset({OTHER_GID}), inner / "event") == outer
    outer.chmod(0o755)


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0, reason="root runs `postgres`")
def test_init_as_root_in_a_private_folder_says_which_folder_and_leaves_nothing(
    base: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    private = base / "private"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    folder = private / "event"
    assert cli(["event-server", "init", str(folder), "--port", str(free_port())]) == 1
    said = capsys.readouterr().err
    assert f"cannot enter {private}" in said and f"chmod o+x {private}" in said
    assert not folder.exists() and list(private.iterdir()) == []
