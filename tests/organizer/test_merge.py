"""Merging other desks' databases: idempotent, conflicts reported, a file that is not ours refused."""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from referee_app.cli.main import main
from referee_app.log.logfile import format_log, read_log
from referee_app.log.merge import merge
from referee_app.log.store import Store
from referee_app.organizer.operations import import_entries

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


FINAL = SEEDS / "wpa-open-final-lopez-novak.jsonl"


FFB = SEEDS / "ffb-circuit-martin-roux.jsonl"


def _log(path: Path) -> list:
    return [line.entry for line in read_log(str(path))]


def _desk_db(path: Path, *logs: list) -> Store:
    store = Store(path)
    for entries in logs:
        import_entries(store, entries)
    return store


def _renamed(entries: list, match_id: str) -> list:
    setup = entries[0].event
    return [entries[0]._replace(event=replace(setup, match_id=match_id)), *entries[1:]]


def test_merge_is_idempotent_and_reports_conflicts(tmp_path: Path, capsys) -> None:
    shared_id = str(uuid.uuid4())
    ours = _desk_db(tmp_path / "ours.db", _log(FINAL), _renamed(_log(FFB), shared_id))
    conflicting = _renamed(_log(FFB), shared_id)[:-1]  # the same match id, one event less
    _desk_db(tmp_path / "table2.db", _log(FINAL), _log(SEEDS / "wpa-league-in-progress.jsonl"), conflicting).close()
    report = merge(ours, tmp_path / "table2.db")
    assert len(report.added) == 1 and len(report.already_here) == 1 and report.conflicts == [shared_id]
    assert len(ours.match_rows()) == 3
    before = format_log(ours.load(shared_id))
    again = merge(ours, tmp_path / "table2.db")
    assert again.added == [] and len(again.already_here) == 2 and again.conflicts == [shared_id]
    assert format_log(ours.load(shared_id)) == before  # the conflict left our copy alone
    code = main(["merge", str(tmp_path / "table2.db"), "--db", str(tmp_path / "ours.db")])
    out = capsys.readouterr()
    assert code == 1 and f"conflict: match {shared_id}" in out.err and "0 added" in out.out


def test_merge_refuses_a_file_that_is_not_a_match_database(tmp_path: Path) -> None:
    from referee_app.log.store import StoreError

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite" * 100)
    with pytest.raises(StoreError):
        merge(Store(tmp_path / "ours.db"), junk)
