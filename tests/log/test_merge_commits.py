"""A merge commits the matches it takes in together, a few times a second, each whole: a stop keeps
every match merged so far, a failed write undoes only what was not committed, and nothing is left
half-written or remembered wrongly."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.synthetic import season
from referee_app.log import merge as merging
from referee_app.log.merge import merge
from referee_app.log.store import Cancelled, Store, StoreError

MATCHES = 12


@pytest.fixture(scope="module")
def table_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    [db] = season(tmp_path_factory.mktemp("table"), MATCHES, tables=1)
    return db


def commits(store: Store) -> list[str]:
    seen: list[str] = []
    store.db.conn.set_trace_callback(lambda sql: seen.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return seen


def test_a_merge_commits_many_matches_at_once_and_each_is_whole(tmp_path: Path, table_db: Path) -> None:
    store = Store(tmp_path / "organizer.db")
    seen = commits(store)
    report = merge(store, table_db)
    assert len(report.added) == MATCHES
    assert 1 <= len(seen) < MATCHES  # not one sync of the disk per match
    again = Store.open_readonly(tmp_path / "organizer.db")
    assert again.count() == MATCHES
    assert all(len(again.load(match_id)) == 272 for match_id in report.added)


def test_a_stopped_merge_keeps_every_match_merged_so_far(tmp_path: Path, table_db: Path) -> None:
    store = Store(tmp_path / "organizer.db")
    with pytest.raises(Cancelled, match=f"stopped after 5 of {MATCHES} matches"):
        merge(store, table_db, lambda done, total: done < 5)
    again = Store.open_readonly(tmp_path / "organizer.db")
    kept = [row.match_id for row in again.match_rows()]
    assert len(kept) == 5 and all(len(again.load(match_id)) == 272 for match_id in kept)
    assert len(merge(store, table_db).added) == MATCHES - 5  # the rest comes in on the next merge


def test_a_failed_write_undoes_what_was_not_committed_and_the_store_goes_on(
    tmp_path: Path, table_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(merging, "COMMIT_EVERY_S", 3600.0)  # one commit for the whole file
    store = Store(tmp_path / "organizer.db")
    copy_rows, copied = store.copy_rows, []

    def full_disk(*args: object, **kwargs: object) -> None:
        if len(copied) == 7:
            raise StoreError("could not write to organizer.db: database or disk is full")
        copy_rows(*args, **kwargs)  # type: ignore[arg-type]
        copied.append(args)

    monkeypatch.setattr(store, "copy_rows", full_disk)
    with pytest.raises(StoreError, match="disk is full"):
        merge(store, table_db)
    assert store.count() == 0 and Store.open_readonly(tmp_path / "organizer.db").count() == 0
    monkeypatch.setattr(store, "copy_rows", copy_rows)
    report = merge(store, table_db)  # no head remembered from the undone writes
    assert len(report.added) == MATCHES and not report.conflicts and not report.damaged
    assert Store.open_readonly(tmp_path / "organizer.db").count() == MATCHES
