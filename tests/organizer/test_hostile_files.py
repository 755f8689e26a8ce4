"""The attacks of shared/reviews/reliability.md, one test per item of issue 13.

Each builds the crafted file or database the report describes, runs the real
command (`cli.main`, as `referee-app` does) and checks the exit code, the message,
and that nothing was written where it should not be.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sqlite3
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from referee_app.cli import main as cli
from referee_app.log.codec import LogFormatError, parse_line
from referee_app.log.logfile import read_log
from referee_app.log.schema import MIGRATIONS
from referee_app.log.store import Store, StoreError, Tampered
from referee_app.organizer.exports import ExportError, write_files

ROOT = Path(__file__).resolve().parents[2]
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


# --- 1. export never writes outside --out; merge checks every event ---------------------


@pytest.mark.parametrize("at", ["/tmp/X", "../../../R", "2026-12-01/../../E"])
def test_a_crafted_time_cannot_steer_an_export_out_of_its_folder(tmp_path: Path, seeded: tuple[Path, str], at: str):
    db, match_id = seeded
    tamper(db, f"UPDATE events SET at = '{at}' WHERE seq = 1")
    other = tmp_path / "mine.db"
    code, _, err = run("merge", str(db), "--db", str(other))
    assert code == 1 and "not merged" in err  # the chain (and the time check) refuse it
    out_dir = tmp_path / "deep" / "out"
    code, _, err = run("export", match_id, "--format", "jsonl", "--out", str(out_dir), "--db", str(db))
    assert code == 1 and "changed outside the app" in err
    assert not list(tmp_path.rglob("*.jsonl")) and not list(Path("/tmp").glob("X_*"))


def test_file_names_are_made_of_safe_bounded_parts(tmp_path: Path) -> None:
    crafted = write(
        tmp_path / "a.jsonl",
        '{"type": "match_started", "players": {"A": "../../etc", "B": "x/y"}, "race_to": 1,'
        ' "match_id": "../../../..ESCAPED"}',
    )
    db = tmp_path / "m.db"
    assert run("import", str(crafted), "--db", str(db))[0] == 0
    out_dir = tmp_path / "out"
    code, out, _ = run("export", "--all", "--format", "jsonl", "--out", str(out_dir), "--db", str(db))
    assert code == 0
    [written] = [Path(line) for line in out.splitlines()]
    assert written.parent == out_dir.resolve() and "/" not in written.name and ".." not in written.name
    assert [p.name for p in tmp_path.rglob("*.jsonl") if p.parent != tmp_path] == [written.name]


def test_a_match_id_with_a_control_character_is_a_bad_value(tmp_path: Path) -> None:
    bad = write(tmp_path / "a.jsonl", START[:-1] + ', "match_id": "abc\\u0000def"}')
    assert run("replay", str(bad))[0] == 2


# --- 2. no false success ----------------------------------------------------------------


def test_a_writer_that_writes_nothing_is_a_failure_and_leaves_nothing(tmp_path: Path) -> None:
    logs = [[line.entry for line in read_log(str(SEED))]]
    with pytest.raises(ExportError, match="could not be written"):
        write_files(logs, "pdf", tmp_path / "out", pdf=lambda entries, handle, paper: None)
    assert list((tmp_path / "out").iterdir()) == []


def test_export_into_a_file_is_a_message_not_a_traceback(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    not_a_dir = tmp_path / "not-a-dir"
    not_a_dir.write_text("keep me")
    code, _, err = run("export", "--all", "--format", "csv", "--out", str(not_a_dir), "--db", str(db))
    assert code == 1 and "is a file, not a folder" in err and "Traceback" not in err
    assert not_a_dir.read_text() == "keep me"


# --- 3. CSV formula injection -------------------------------------------------------------


def test_csv_cells_that_would_be_formulas_are_neutralised(tmp_path: Path) -> None:
    log = write(
        tmp_path / "f.jsonl",
        '{"type": "match_started", "players": {"A": "=HYPERLINK(\\"http://e.example\\")", "B": "+cmd|calc"},'
        ' "race_to": 1, "event": "@SUM(1+1)", "round": "-2+3", "table": "\\tT"}',
        '{"type": "concede", "player": "B"}',
    )
    db = tmp_path / "m.db"
    assert run("import", str(log), "--db", str(db))[0] == 0
    assert run("export", "--all", "--format", "csv", "--out", str(tmp_path / "csv"), "--db", str(db))[0] == 0
    for name in ("matches.csv", "racks.csv"):
        for row in csv.DictReader((tmp_path / "csv" / name).open(encoding="utf-8")):
            for value in row.values():
                assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), (name, value)
    matches = list(csv.DictReader((tmp_path / "csv" / "matches.csv").open(encoding="utf-8")))
    assert matches[0]["player_a"] == '\'=HYPERLINK("http://e.example")' and matches[0]["event"] == "'@SUM(1+1)"


# --- 4. crashes on bad input, and record carries on -------------------------------------------


BAD_LINES = {
    "deep": '{"type": "note", "text": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "bigint": '{"type": "undo", "target": ' + "9" * 5000 + "}",
    "surrogate": '{"type": "note", "text": "\\ud800"}',
}


@pytest.mark.parametrize("kind", [*BAD_LINES, "badutf8"])
def test_bad_lines_are_bad_values_with_their_line_number(tmp_path: Path, kind: str) -> None:
    line = b'{"type": "note", "text": "\xff"}' if kind == "badutf8" else BAD_LINES[kind]
    log = write(tmp_path / "f.jsonl", START, "", line)
    for command in (["replay", str(log)], ["import", str(log), "--db", str(tmp_path / "m.db")]):
        code, _, err = run(*command)
        assert code == 2 and err.startswith("line 3: ") and "Traceback" not in err, (command, err[:200])
    assert not (tmp_path / "m.db").exists()


def test_record_refuses_a_bad_line_and_records_the_next(tmp_path: Path) -> None:
    stdin = b"\n".join(
        [START.encode(), *(x.encode() for x in BAD_LINES.values()), b'{"type": "note", "text": "\xff"}',
         b'{"type": "note", "text": "next event"}', b""]
    )  # fmt: skip
    code, out, _ = run("record", "--db", str(tmp_path / "m.db"), stdin=stdin)
    answers = out.splitlines()
    assert code == 0 and answers[1] == "ok 1" and answers[-1] == "ok 2"
    assert [a.split()[0] for a in answers[2:-1]] == ["refused"] * 4


# --- 5. lines end at \n only ------------------------------------------------------------------


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\x0c", "\x1c"])
def test_the_apps_own_export_reads_back(tmp_path: Path, char: str) -> None:
    db = tmp_path / "a.db"
    note = json.dumps({"type": "note", "text": f"first{char}second"}, ensure_ascii=False)
    stdin = (START[:-1] + ', "match_id": "m-1"}\n' + note + "\n").encode()
    assert run("record", "--db", str(db), stdin=stdin)[1].splitlines()[-1] == "ok 2"
    code, exported, _ = run("export-log", "m-1", "--db", str(db))
    log = write(tmp_path / "m.jsonl", exported.rstrip("\n"))
    assert code == 0 and run("replay", str(log))[0] == 0
    assert run("import", str(log), "--db", str(tmp_path / "b.db"))[0] == 0


# --- 6, 7. poison values and duplicate keys ------------------------------------------------


@pytest.mark.parametrize(
    "value", ["NaN", "Infinity", "-Infinity", "1e999", "9" * 400, "3600.5", "-1"], ids=lambda v: v[:10]
)
def test_clock_values_outside_the_spec_are_bad_values(value: str) -> None:
    with pytest.raises(LogFormatError):
        parse_line('{"type": "shot", "call": "safety", "clock_s": ' + value + "}")


def test_a_clock_value_in_range_is_kept() -> None:
    event, _, _ = parse_line('{"type": "shot", "call": "safety", "clock_s": 3600}')
    assert event.clock_s == 3600  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "shot", "call": {"ball": 1, "pocket": "FR"}, "pocketed": [{"ball": 1, "pocket": "FR"}], '
        '"pocketed": []}',
        '{"type": "lag", "winner": "A", "winner": "B"}',
        '{"type": "note", "type": "note", "text": ""}',
        '{"type": "match_started", "players": {"A": "Ana", "A": "Eve", "B": "Ben"}, "race_to": 2}',
    ],
)
def test_a_key_given_twice_is_a_bad_value(line: str) -> None:
    with pytest.raises(LogFormatError, match="appears twice"):
        parse_line(line)


# --- 8. re-import adds nothing ----------------------------------------------------------


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


# --- 9, 14. reads never write; a new database only where meant ---------------------------------


def test_reading_another_programs_database_changes_nothing(tmp_path: Path) -> None:
    other = tmp_path / "other-app.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    con.commit()
    con.close()
    before = digest(other)
    for command in (["matches"], ["stats"], ["export", "--all", "--format", "csv", "--out", str(tmp_path / "o")]):
        code, _, err = run(*command, "--db", str(other))
        assert code == 1 and "not a match database" in err
    code, _, err = run("import", str(SEED), "--db", str(other))
    assert code == 1 and "another program's tables" in err
    assert digest(other) == before and not (tmp_path / "o").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other-app.db"]  # no -wal, no -shm


def test_an_empty_file_or_a_mistyped_path_is_not_a_new_database(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert run("matches", "--db", str(empty))[0] == 1 and empty.stat().st_size == 0
    assert run("matches", "--db", str(tmp_path / "typo" / "m.db"))[0] == 1
    code, _, err = run("import", str(SEED), "--db", str(tmp_path / "typo" / "m.db"))
    assert code == 1 and "does not exist" in err and not (tmp_path / "typo").exists()


def test_backup_is_a_complete_copy_while_the_desk_holds_the_database_open(tmp_path: Path) -> None:
    from referee_app.log.session import Session

    live = tmp_path / "live.db"
    store = Store(live)  # the desk's open connection: its events sit in the WAL
    session = Session.start(store, parse_line(START)[0])  # type: ignore[arg-type]
    for n in range(50):
        session.record(parse_line(f'{{"type": "note", "text": "n{n}"}}')[0])
    code, _, _ = run("backup", str(tmp_path / "copy.db"), "--db", str(live))
    assert code == 0
    assert Store.open_readonly(tmp_path / "copy.db").load(session.match_id)[-1].seq == 51
    assert run("backup", str(tmp_path / "copy.db"), "--db", str(live))[0] == 1  # never overwrites
    store.close()


def test_a_database_in_a_read_only_folder_can_be_read(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, match_id = seeded
    store = Store.open_readonly(db)
    assert store.load(match_id)[0].seq == 1
    # what a read-only folder forces: the immutable reading (no -shm can be made there), which sees
    # every event once the desk has closed the file (its last connection folds the WAL back in)
    checkpoint = sqlite3.connect(db)
    checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    checkpoint.close()
    uri = db.resolve().as_uri()
    immutable = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
    assert immutable.execute("SELECT count(*) FROM events").fetchone()[0] == len(store.load(match_id))


# --- 10, 12. crafted databases: refused before reading, never a traceback ------------------------


def test_a_recursive_view_is_refused_before_it_is_read(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(
        db,
        "DROP TRIGGER matches_keep",
        "ALTER TABLE matches RENAME TO m0",
        "CREATE VIEW matches AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n)"
        " SELECT 'id'||i AS match_id FROM n",
    )
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and "is not a match database" in err


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE events SET body = json_set(body, '$.match_id', 'other-id') WHERE seq = 1",
        "DELETE FROM events",
        'UPDATE events SET body = \'{"type": "note", "text": "x"}\' WHERE seq = 1',
        "UPDATE events SET body = '{\"type\": \"undo\", \"target\": ' || printf('%.5000c', '9') || '}' WHERE seq = 2",
    ],
    ids=["id-mismatch", "no-events", "seq1-note", "bigint"],
)
def test_crafted_logs_are_reported_not_crashed_on(tmp_path: Path, seeded: tuple[Path, str], edit: str) -> None:
    db, match_id = seeded
    tamper(db, edit)
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and f"damaged: match {match_id}" in err and "Traceback" not in err
    code, out, _ = run("matches", "--db", str(db))
    assert code == 0 and ("TAMPERED" in out or "damaged" in out)


# --- 11. tamper evidence ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "edit",
    [
        'UPDATE events SET body = \'{"type": "shot", "call": {"ball": 10, "pocket": "SL"}}\''
        " WHERE seq = (SELECT max(seq) FROM events)",
        "DELETE FROM events WHERE seq = (SELECT max(seq) FROM events)",
        "UPDATE matches SET player_a = 'Someone Else'",
        "UPDATE matches SET rules = 'ffb', race_to = 9",
        "UPDATE events SET type = 'note' WHERE seq = 3",
        "UPDATE events SET at = '1999-01-01T00:00:00Z' WHERE seq = 2",
    ],
    ids=["winning-shot", "last-event", "player", "rules-race", "type", "at"],
)
def test_every_edit_outside_the_app_is_detected(seeded: tuple[Path, str], edit: str) -> None:
    db, match_id = seeded
    code, out, _ = run("verify", match_id, "--db", str(db))
    assert code == 0 and out.startswith(f"ok {match_id}")
    tamper(db, edit)
    with pytest.raises(Tampered):
        Store.open_readonly(db).load(match_id)
    code, out, _ = run("verify", match_id, "--db", str(db))
    assert code == 1 and out.startswith("TAMPERED")
    code, out, _ = run("matches", "--db", str(db))
    assert "TAMPERED" in out


def test_the_head_hash_is_the_same_on_every_desk(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    db, match_id = seeded
    mine = tmp_path / "mine.db"
    assert run("merge", str(db), "--db", str(mine))[0] == 0
    heads = {run("verify", match_id, "--db", str(d))[1].split()[-1] for d in (db, mine)}
    assert len(heads) == 1 and len(heads.pop()) == 64


def test_a_read_write_open_puts_back_dropped_triggers(seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(db)
    store = Store(db)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("UPDATE events SET body = 'x' WHERE seq = 2")


# --- 13. newer versions, honest integrity errors -------------------------------------------------


def test_a_newer_schema_is_refused(seeded: tuple[Path, str]) -> None:
    db, _ = seeded
    tamper(db, f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    for opener in (Store, Store.open_readonly):
        with pytest.raises(StoreError, match="made by a newer version"):
            opener(db)


# --- 15, 16. terminal escapes, text limits, --help without a display ----------------------------


def test_names_are_escaped_for_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    tamper_free = Store(db)
    tamper_free.close()
    con = sqlite3.connect(db)  # a merged row cannot carry them (the codec refuses), a crafted one can
    con.execute(
        "INSERT INTO matches VALUES ('x', '2026', ?, 'B', 'wpa', 2, '', '', '', '', 0, '')", ("\x1b[31mRED\nfake",)
    )
    con.commit()
    con.close()
    out = run("matches", "--db", str(db))[1]
    assert "\x1b" not in out and "\\x1b[31mRED\\nfake" in out and len(out.splitlines()) == 1


@pytest.mark.parametrize(("field", "limit"), [("event", 200), ("round", 200), ("table", 200), ("referee", 200)])
def test_text_fields_have_their_limits(field: str, limit: int) -> None:
    parse_line(START[:-1] + f', "{field}": "{"x" * limit}"}}')
    with pytest.raises(LogFormatError, match=f"at most {limit}"):
        parse_line(START[:-1] + f', "{field}": "{"x" * (limit + 1)}"}}')
    with pytest.raises(LogFormatError):
        parse_line('{"type": "note", "text": "' + "x" * 10_000_000 + '"}')


def test_reason_is_required_and_a_future_undo_is_a_refusal(tmp_path: Path) -> None:
    no_reason = write(tmp_path / "a.jsonl", START, '{"type": "relag"}')
    code, _, err = run("replay", str(no_reason))
    assert code == 2 and "missing field 'reason'" in err
    future = write(
        tmp_path / "b.jsonl", START, '{"type": "lag", "winner": "A"}', '{"type": "undo", "target": 999999999999999}'
    )
    code, _, err = run("replay", str(future))
    assert code == 1 and "line 3: refused" in err


def test_help_needs_no_display() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run(
        [sys.executable, "-m", "referee_desk.main", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "replay" in done.stdout and "backup" in done.stdout and "verify" in done.stdout


def test_a_crafted_time_with_a_recomputed_chain_is_not_merged(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    """An attacker who knows the chain can re-hash: merge still checks every time it takes in."""
    from referee_app.log.store import GENESIS, chain_hash

    db, match_id = seeded
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER events_append_only_update")
    rows = con.execute("SELECT seq, type, at, body FROM events ORDER BY seq").fetchall()
    previous = GENESIS
    for seq, kind, at, body in rows:
        at = "../../../R" if seq == 1 else at
        previous = chain_hash(previous, match_id, seq, kind, at, body)
        con.execute("UPDATE events SET at = ?, hash = ? WHERE seq = ?", (at, previous, seq))
    con.execute("UPDATE matches SET head_hash = ?", (previous,))
    con.commit()
    con.close()
    code, _, err = run("merge", str(db), "--db", str(tmp_path / "mine.db"))
    assert code == 1 and "its time is not a UTC time" in err


def test_the_sheet_carries_the_head_hash_verify_prints(seeded: tuple[Path, str]) -> None:
    from referee_app.words.sheet import build_sheet, sheet_html

    db, match_id = seeded
    head = run("verify", match_id, "--db", str(db))[1].split()[-1]
    sheet = build_sheet(Store.open_readonly(db).load(match_id))
    assert sheet.head_hash == head and head in sheet_html(sheet)


def test_a_constraint_failure_says_what_failed_not_another_desk(tmp_path: Path) -> None:
    from referee_app.game.events import Entry, MatchStarted
    from referee_app.log.store import SeqTaken

    start = Entry(1, MatchStarted(players=("Ana", "Ben"), race_to=2, match_id="m-1"), "2026-12-01T10:00:00Z")
    store = Store(tmp_path / "m.db")
    with pytest.raises(StoreError, match=r"could not write event 1 of match m-1.*UNIQUE constraint failed") as failed:
        store.add_match([start, start])  # one transaction: nothing of it stays
    assert not isinstance(failed.value, SeqTaken) and not store.has_match("m-1")


def test_a_tampered_match_here_does_not_stop_a_merge(tmp_path: Path, seeded: tuple[Path, str]) -> None:
    theirs, match_id = seeded
    mine = tmp_path / "mine.db"
    assert run("merge", str(theirs), "--db", str(mine))[0] == 0
    tamper(mine, "UPDATE matches SET player_a = 'Someone Else'")  # our copy is the tampered one
    code, out, _ = run("import", str(ROOT / "seeds" / "ffb-circuit-martin-roux.jsonl"), "--db", str(theirs))
    assert code == 0
    new_id = out.split()[1]
    code, out, _ = run("merge", str(theirs), "--db", str(mine))
    # merge goes by heads: our copy is not read (nor changed), the new match comes in
    assert code == 0 and "1 added, 1 already here" in out and f"added: match {new_id}" in out
    assert run("verify", match_id, "--db", str(mine))[1].startswith("TAMPERED")


def test_where_names_the_database(tmp_path: Path) -> None:
    code, out, _ = run("where", "--db", str(tmp_path / "m.db"))
    db = (tmp_path / "m.db").resolve()
    assert code == 0 and out == f"{db}\nlog: {db.with_suffix('.log')}\n" and not (tmp_path / "m.db").exists()
