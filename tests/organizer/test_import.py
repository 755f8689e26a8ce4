"""Importing a log: the same file twice is one match, and a log with an id but no times is no conflict."""

from __future__ import annotations

from pathlib import Path

from tests.crafted import ROOT, START, run, write


def test_the_same_file_imported_twice_is_one_match(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    example = ROOT / "seeds" / "ffb-club-in-progress-warning-due.jsonl"
    first = run("import", str(example), "--db", str(db))
    second = run("import", str(example), "--db", str(db))
    assert first[0] == second[0] == 0 and "nothing added" in second[1]
    assert first[1].split()[1] == second[1].split()[1]
    assert len(run("matches", "--db", str(db))[1].splitlines()) == 1


def test_a_log_with_an_id_but_no_times_is_not_a_false_conflict(tmp_path: Path) -> None:
    log = write(tmp_path / "id.jsonl", START[:-1] + ', "match_id": "fixed-1"}', '{"type": "lag", "winner": "A"}')
    db = tmp_path / "m.db"
    assert run("import", str(log), "--db", str(db))[0] == 0
    code, out, _ = run("import", str(log), "--db", str(db))
    assert code == 0 and "nothing added" in out
