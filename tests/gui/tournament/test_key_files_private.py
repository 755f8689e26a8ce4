"""The files that hold the phone tables' keys are the organizer's alone (phone.md 1.1 §4): the
organizer's database and the files SQLite makes beside it, a backup of it, and the cards' PDF,
made by the commands an organizer runs, under the usual umask 022 (which leaves a file 0644)."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from referee_app.log.store import Store
from tests.gui.tournament.test_phone_cards import URL, phones, run  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="modes: Windows keeps access lists (system.make_private)"
)


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    before = os.umask(0o022)
    yield
    os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def beside(db: Path) -> list[Path]:
    return [path for path in (Path(f"{db}{suffix}") for suffix in ("", "-wal", "-shm", "-journal")) if path.exists()]


def test_the_database_and_the_cards_are_the_organizers_alone(
    phones: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    db, tid, _ = phones
    with closing(Store(db)):  # open: SQLite's files beside it exist meanwhile
        assert {path.name: mode(path) for path in beside(db)} == {path.name: 0o600 for path in beside(db)}
        assert len(beside(db)) >= 2
    pdf = tmp_path / "cards.pdf"
    assert run(capsys, "tournament", "cards", tid, "--out", str(pdf), "--url", URL, "--db", str(db))[0] == 0
    assert mode(pdf) == 0o600
    with closing(Store(db)) as store:
        store.backup(tmp_path / "copy.db")
    assert mode(tmp_path / "copy.db") == 0o600


def test_a_database_made_readable_before_is_made_private_when_it_is_opened_again(
    phones: tuple[Path, str, dict[int, str]],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, tid, _ = phones
    db.chmod(0o644)  # as an older version left it
    with closing(Store(db)):
        assert [mode(path) for path in beside(db)] == [0o600] * len(beside(db))
    assert run(capsys, "tournament", "phones", tid, "3", "--db", str(db))[0] == 0
    assert [mode(path) for path in beside(db)] == [0o600] * len(beside(db))


def test_a_data_folder_the_app_makes_is_the_users_alone(tmp_path: Path) -> None:
    db = tmp_path / "made" / "here" / "organizer.db"
    with closing(Store(db, create_folder=True)):
        pass
    assert mode(db.parent) == 0o700 and mode(db) == 0o600
