"""The file attacks of shared/reviews/reliability-event.md: times, projections, planted names,
a full disk, and commands with nothing to do.

Each runs the real command (`cli.main`, as `referee-app` does) on real files and checks the exit
code, the message, and what is (and is not) on the disk afterwards.
"""

from __future__ import annotations

import csv
import errno
import gc
import io
import json
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from referee_app.cli import main as cli
from referee_app.game.events import Entry, MatchStarted
from referee_app.log.codec import LogFormatError, parse_line
from referee_app.log.logfile import read_log
from referee_app.log.store import Store
from tests.crafted import SEED, run, write

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
START = '{"type": "match_started", "players": {"A": "Ana", "B": "Ben"}, "race_to": 2}'


def read_log_entries(path: Path = SEED) -> list[Entry]:
    return [line.entry for line in read_log(str(path))]


def imported(db: Path, path: Path = SEED) -> str:
    code, out, err = run("import", str(path), "--db", str(db))
    assert code == 0, err
    return out.split()[1]


def csv_rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


# --- `at` is UTC (spec 1.2 section 1) ------------------------------------------------------

BAD_TIMES = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "2026-12-01T21:04:31+01:00",
    "2026-12-01T20:04:31-00:00",
    "2026-12-01T20:04:31",
    "2026-02-30T10:00:00Z",
    "2026-04-31T10:00:00Z",
    "2025-02-29T10:00:00Z",
    "1969-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "2026-12-01T24:00:00Z",
    "2026-12-01 20:04:31Z",
    "２０２６-12-01T20:04:31Z",
]
GOOD_TIMES = [
    "2026-12-01T20:04:31.250Z",
    "2026-12-01T20:04:31+00:00",
    "2026-12-01T20:04:31Z",
    "1970-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "2024-02-29T10:00:00Z",
]


@pytest.mark.parametrize("at", BAD_TIMES)
def test_a_time_that_is_not_utc_is_a_bad_value(tmp_path: Path, at: str) -> None:
    log = write(tmp_path / "a.jsonl", START, json.dumps({"type": "lag", "winner": "A", "at": at}))
    db = tmp_path / "m.db"
    code, _, err = run("import", str(log), "--db", str(db))
    assert code == 2 and err.startswith("line 2:") and "must be a UTC time" in err
    assert not db.exists()
    with pytest.raises(LogFormatError, match="UTC"):
        parse_line(json.dumps({"type": "note", "text": "", "at": at}))
    code, out, _ = run(
        "record", "--db", str(db), stdin=(START + "\n" + json.dumps({"type": "lag", "winner": "A", "at": at})).encode()
    )
    assert code == 0 and out.splitlines()[-1].startswith("refused field 'at': must be a UTC time")


@pytest.mark.parametrize("at", GOOD_TIMES)
def test_a_utc_time_is_kept_as_written(tmp_path: Path, at: str) -> None:
    log = write(tmp_path / "a.jsonl", START, json.dumps({"type": "lag", "winner": "A", "at": at}))
    db = tmp_path / "m.db"
    match_id = imported(db, log)
    code, out, _ = run("export-log", match_id, "--db", str(db))
    assert code == 0 and json.loads(out.splitlines()[1])["at"] == at
    assert run("matches", "--db", str(db))[0] == 0


def poisoned_db(tmp_path: Path, at: str = "0001-01-01T00:00:00+14:00") -> tuple[Path, str, str]:
    """A database as an older version left it: one match whose every time is `at` (its chain
    computed over that time, as the old import did), beside a good one."""
    db = tmp_path / "tp.db"
    good = imported(db)
    poison = [e._replace(at=at) for e in read_log_entries(EXAMPLES / "02-push-out-hand-back.jsonl")]
    setup = poison[0].event
    assert isinstance(setup, MatchStarted)
    poison[0] = Entry(1, replace(setup, match_id="poisoned-match"), at)
    store = Store(db)
    store.add_match(poison)  # the store writes what it is given: the readers are what checked the time
    store.close()
    return db, good, "poisoned-match"


@pytest.mark.parametrize("at", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "2026-12-01T21:04:31+01:00"])
def test_a_stored_time_off_the_calendar_breaks_no_other_match(tmp_path: Path, at: str) -> None:
    db, good, bad = poisoned_db(tmp_path, at)
    code, out, err = run("matches", "--db", str(db))
    assert code == 0 and "Traceback" not in err, err
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "finished" in lines[good] and f"damaged: match {bad}" in lines[bad] and "UTC" in lines[bad]

    folder = tmp_path / "csv"
    code, out, err = run("export", "--all", "--format", "csv", "--out", str(folder), "--db", str(db))
    assert code == 1 and f"not exported: match {bad}" in err and "Traceback" not in err
    rows = {row["match_id"]: row for row in csv_rows(folder / "matches.csv")}
    assert rows[good]["status"] == "finished" and rows[good]["winner"]
    assert rows[bad]["status"] == "damaged" and rows[bad]["winner"] == "" and rows[bad]["started_at"] == ""
    assert {row["match_id"] for row in csv_rows(folder / "racks.csv")} == {good}

    code, out, err = run("history", good, "--db", str(db))
    assert code == 0 and out
    code, out, err = run("history", bad, "--db", str(db))
    assert code == 1 and "not a UTC time" in err and "Traceback" not in err

    day = run("matches", "--db", str(db))[1].split(good)[1].split()[0]  # the good match's local date
    code, out, err = run("export", "--date", day, "--format", "jsonl", "--out", str(tmp_path / "day"), "--db", str(db))
    assert code == 0 and len(out.splitlines()) == 1 and "Traceback" not in err


def test_merge_refuses_a_time_that_is_not_utc(tmp_path: Path) -> None:
    db, good, bad = poisoned_db(tmp_path)
    mine = tmp_path / "mine.db"
    code, out, err = run("merge", str(db), "--db", str(mine))
    assert code == 1 and f"damaged: match {bad}" in err and "not a UTC time" in err
    assert "1 added" in out
    assert [row.match_id for row in Store.open_readonly(mine).match_rows()] == [good]


# --- a projection cannot lie ---------------------------------------------------------------


LIE = 'UPDATE projections SET score_a = 2, score_b = 1, winner = "A"'


def test_an_edited_projection_is_never_shown_and_verify_names_it(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    match_id = imported(db, EXAMPLES / "01-race-to-2-wpa.jsonl")
    other = imported(db)
    truth = run("matches", "--db", str(db))[1]
    assert f"{match_id}" in truth and "finished 1-2" in truth
    code, out, _ = run("verify", "--all", "--db", str(db))
    assert code == 0 and len(out.splitlines()) == 2 and all(line.startswith("ok ") for line in out.splitlines())

    con = sqlite3.connect(db)
    con.execute(LIE + " WHERE match_id = ?", (match_id,))
    con.commit()
    con.close()
    assert run("matches", "--db", str(db))[1] == truth  # the log's result, not the edited one
    code, out, _ = run("verify", match_id, "--db", str(db))
    assert code == 1 and out.startswith(f"PROJECTION DIFFERS {match_id}")
    assert "finished 2-1, winner A" in out and "finished 1-2, winner B" in out
    code, out, _ = run("verify", "--all", "--db", str(db))
    assert code == 1 and f"ok {other}" in out and f"PROJECTION DIFFERS {match_id}" in out

    folder = tmp_path / "csv"
    code, _, err = run("export", "--all", "--format", "csv", "--out", str(folder), "--db", str(db))
    assert code == 0, err
    [row] = [r for r in csv_rows(folder / "matches.csv") if r["match_id"] == match_id]
    assert (row["score_a"], row["score_b"], row["winner"]) == ("1", "2", "Jan Novak")
    code, out, _ = run("stats", "--player", "Jan Novak", "--db", str(db))
    assert code == 0

    assert run("rebuild", "--db", str(db))[0] == 0  # the truth put back: verify is content again
    assert run("verify", "--all", "--db", str(db))[0] == 0


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE projections SET status = 'playing'",
        "UPDATE projections SET result = 'concession'",
        "UPDATE projections SET last_at = '2026-01-01T00:00:00Z'",
        "UPDATE projections SET figures = replace(figures, '\"B\"', '\"A\"')",
        "UPDATE projections SET index_hash = ''",
    ],
    ids=["status", "result", "last_at", "figures", "digest"],
)
def test_any_edit_of_a_projection_makes_it_stale(tmp_path: Path, edit: str) -> None:
    db = tmp_path / "p.db"
    match_id = imported(db, EXAMPLES / "01-race-to-2-wpa.jsonl")
    store = Store.open_readonly(db)
    [before] = store.summaries()
    store.close()
    con = sqlite3.connect(db)
    con.execute(edit)
    con.commit()
    con.close()
    store = Store.open_readonly(db)
    [after] = store.summaries()
    assert after.projection == before.projection and after.projection is not None
    assert after.projection.figures_text == before.projection.figures_text
    store.close()
    code, _, _ = run("verify", match_id, "--db", str(db))
    assert code == (0 if edit.endswith("index_hash = ''") else 1)


# --- no write through a planted name ----------------------------------------------------------


def test_backup_never_writes_through_a_planted_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src, victim = tmp_path / "src.db", tmp_path / "victim.db"
    imported(src)
    kept = imported(victim, EXAMPLES / "02-push-out-hand-back.jsonl")
    gc.collect()  # the import's store closed: its last write-ahead pages are in the file
    before = victim.read_bytes()
    usb = tmp_path / "usb"
    usb.mkdir()
    (usb / ".copy.db.partial").symlink_to("../victim.db")  # the old fixed name
    code, _, err = run("backup", str(usb / "copy.db"), "--db", str(src))
    assert code == 0, err
    assert victim.read_bytes() == before and not (usb / "copy.db").is_symlink()
    assert [r.match_id for r in Store.open_readonly(victim).match_rows()] == [kept]
    assert sorted(p.name for p in usb.iterdir()) == [".copy.db.partial", "copy.db"]

    # a name planted at the very name the app draws is skipped, never opened
    import referee_app.log.newfile as newfile

    draws = iter(["0" * 16, "1" * 16])
    monkeypatch.setattr(newfile.secrets, "token_hex", lambda n: next(draws))
    (usb / f".again.db.{'0' * 16}.partial").symlink_to("../victim.db")
    assert run("backup", str(usb / "again.db"), "--db", str(src))[0] == 0
    assert victim.read_bytes() == before and Store.open_readonly(usb / "again.db").match_rows()


def test_backup_refuses_a_link_at_its_own_name(tmp_path: Path) -> None:
    src = tmp_path / "src.db"
    imported(src)
    (tmp_path / "dangling.db").symlink_to(tmp_path / "nowhere" / "x.db")
    code, _, err = run("backup", str(tmp_path / "dangling.db"), "--db", str(src))
    assert code == 1 and "already exists" in err and not (tmp_path / "nowhere").exists()


def test_exports_never_write_through_planted_names(tmp_path: Path) -> None:
    db = tmp_path / "src.db"
    imported(db)
    share = tmp_path / "share"
    share.mkdir()
    outside = {}
    for name in (".racks.csv.rows", ".matches.csv.rows", ".racks.csv.partial", ".matches.csv.partial"):
        (tmp_path / f"{name}.txt").write_text("precious")
        (share / name).symlink_to(f"../{name}.txt")
        outside[name] = tmp_path / f"{name}.txt"
    code, out, err = run("export", "--all", "--format", "csv", "--out", str(share), "--db", str(db))
    assert code == 0, err
    code, out, err = run("export", "--all", "--format", "jsonl", "--out", str(share), "--db", str(db))
    assert code == 0, err
    [jsonl] = [Path(line) for line in out.splitlines()]
    assert all(path.read_text() == "precious" for path in outside.values())
    for written in (share / "racks.csv", share / "matches.csv", jsonl):
        assert written.is_file() and not written.is_symlink()
    assert csv_rows(share / "matches.csv")[0]["status"] == "finished"
    assert sorted(p.name for p in share.iterdir() if not p.is_symlink()) == sorted(
        ["racks.csv", "matches.csv", jsonl.name]
    )


def test_the_statistics_csv_never_writes_through_a_planted_name(tmp_path: Path) -> None:
    from referee_app.organizer.exports import write_stats_csv

    (tmp_path / "notes.txt").write_text("precious")
    (tmp_path / ".stats.csv.partial").symlink_to("notes.txt")
    target = write_stats_csv([{"player": "Ana", "matches": 1}], tmp_path / "stats.csv")
    assert (tmp_path / "notes.txt").read_text() == "precious" and not target.is_symlink()
    assert csv_rows(target)[0]["player"] == "Ana"


# --- a full disk is an error -----------------------------------------------------------------


@pytest.fixture
def stick(tmp_path: Path) -> Iterator[Path]:
    """A 64 KB tmpfs: a real file system that fills up (mounting needs root)."""
    folder = tmp_path / "stick"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def fill(folder: Path, leave: int) -> None:
    """Fill `folder`'s file system until only about `leave` bytes are free."""
    (folder / "filler").unlink(missing_ok=True)
    free = shutil.disk_usage(folder).free
    with open(folder / "filler", "wb") as handle:
        handle.write(b"x" * max(0, free - leave))


def day_db(tmp_path: Path) -> Path:
    db = tmp_path / "day.db"
    for name in ("01-race-to-2-wpa", "03-three-fouls-warned", "05-ffb-announced-ten"):
        imported(db, EXAMPLES / f"{name}.jsonl")
    return db


def test_a_late_disk_error_is_an_error_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that says it is full only when the file is synced (a network share, a USB stick)."""
    import referee_app.log.newfile as newfile

    db = day_db(tmp_path)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "matches.csv").write_text("earlier")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(newfile.os, "fsync", full)
    for argv in (("export", "--all", "--format", "csv", "--out", str(out_dir)), ("backup", str(out_dir / "c.db"))):
        code, _, err = run(*argv, "--db", str(db))
        assert code == 1 and "full" in err and "Traceback" not in err, err
        assert sorted(p.name for p in out_dir.iterdir()) == ["matches.csv"]
        assert (out_dir / "matches.csv").read_text() == "earlier"


def test_a_pdf_cut_short_is_refused(tmp_path: Path) -> None:
    from referee_app.organizer.exports import ExportError, write_one_pdf

    logs = [read_log_entries()]
    with pytest.raises(ExportError, match="nothing usable"):
        write_one_pdf(
            logs, tmp_path, "day.pdf", lambda entries, handle, paper: handle.write(b"%PDF-1.4\n" + b"x" * 9000)
        )
    assert list(tmp_path.iterdir()) == []


# --- say no when there is nothing to do ----------------------------------------------------------


def test_rebuild_on_a_mistyped_path_makes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "matches.db"
    imported(db)
    code, out, err = run("rebuild", "--db", str(tmp_path / "matchs.db"))
    assert code == 1 and out == "" and "does not exist" in err
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("matches.db")) == []
    (tmp_path / "empty.db").write_bytes(b"")
    code, out, err = run("rebuild", "--db", str(tmp_path / "empty.db"))
    assert code == 1 and "not a match database" in err and (tmp_path / "empty.db").read_bytes() == b""
    code, out, err = run("rebuild", "--db", str(db))
    assert code == 0 and out == "1 projections made from their logs\n"


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_date_with_no_match_keeps_the_earlier_files(tmp_path: Path, fmt: str) -> None:
    db = tmp_path / "src.db"
    imported(db)
    folder = tmp_path / "out"
    code, out, _ = run("export", "--all", "--format", fmt, "--out", str(folder), "--db", str(db))
    assert code == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, out, err = run("export", "--date", "2099-01-01", "--format", fmt, "--out", str(folder), "--db", str(db))
    assert code == 1 and out == "" and "no match started on 2099-01-01" in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    code, _, err = run(
        "export", "--date", "2099-01-01", "--format", fmt, "--out", str(tmp_path / "new"), "--db", str(db)
    )
    assert code == 1 and not (tmp_path / "new").exists()


@pytest.mark.parametrize("day", ["2026-13-45", "2026-02-30", "yesterday", "2026-1-5", "20261201", "２０２６-12-01", ""])
def test_a_date_that_is_not_a_day_is_refused(tmp_path: Path, day: str, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "src.db"
    imported(db)
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:  # argparse's usage error, exit 2 as the shell sees it
        cli.main(["export", "--date", day, "--format", "csv", "--out", str(tmp_path / "csv"), "--db", str(db)])
    assert stopped.value.code == 2 and "is not a day written YYYY-MM-DD" in capsys.readouterr().err
    assert not (tmp_path / "csv").exists()


def test_a_date_exports_that_days_matches_only(tmp_path: Path) -> None:
    db = tmp_path / "src.db"
    match_id = imported(db)
    day = run("matches", "--db", str(db))[1].split()[1]
    code, _, err = run("export", "--date", day, "--format", "csv", "--out", str(tmp_path / "csv"), "--db", str(db))
    assert code == 0, err
    assert [row["match_id"] for row in csv_rows(tmp_path / "csv" / "matches.csv")] == [match_id]
