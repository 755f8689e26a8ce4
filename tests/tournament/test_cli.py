"""`referee-app tournament ...` through real SQLite files: outputs, exit codes, nothing written
when refused, and a damaged or crafted tournament database refused whole."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee_app.cli.main import main
from referee_app.log.chain import chain_hash
from tests.tournament.crafted_entries import crafted_entries

ENTRIES = "name;rating;fargo_id;club\nAna Lopez;612;1234567;Lyon\nBen Novak;587;;\nCarl Ito;;;\nDora Mey;500;;\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def drawn_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    db = tmp_path / "t.db"
    code, out, _ = run(capsys, "tournament", "new", "Open de Lyon", "--format", "de", "--race", "3", "--db", str(db))
    assert code == 0
    tournament_id = out.strip()
    (tmp_path / "e.csv").write_text(ENTRIES, encoding="utf-8")
    assert run(capsys, "tournament", "entries", "Open de Lyon", str(tmp_path / "e.csv"), "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "draw", tournament_id, "--seed", "1234", "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "tables", tournament_id, "1-2", "--db", str(db))[0] == 0
    return db, tournament_id


def shown(capsys: pytest.CaptureFixture[str], db: Path, tournament_id: str) -> dict[str, object]:
    code, out, _ = run(capsys, "tournament", "show", tournament_id, "--json", "--db", str(db))
    assert code == 0
    document: dict[str, object] = json.loads(out)
    return document


def results(tmp_path: Path, *lines: dict[str, object]) -> str:
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_a_tournament_from_new_to_the_fargorate_file(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    document = shown(capsys, db, tid)
    assert document["id"] == tid and document["status"] == "playing" and document["draw_seed"] == 1234
    matches = {m["id"]: m for m in document["matches"]}  # type: ignore[attr-defined]
    assert (matches["W1-1"]["a"], matches["W1-1"]["b"], matches["W1-1"]["table"]) == ("Ana Lopez", "Carl Ito", 1)
    lines = [
        {"match": "W1-1", "winner": "Ana Lopez", "score": [3, 1]},
        {"match": "W1-2", "forfeit": "Dora Mey"},
        {"match": "L1-1", "winner": "Carl Ito", "score": [2, 3]},
        {"match": "W2-1", "winner": "Ben Novak", "score": [0, 3]},
        {"match": "L2-1", "winner": "Ana Lopez", "score": [3, 0]},
        {"match": "F1", "winner": "Ben Novak", "score": [3, 2]},
    ]
    code, out, err = run(capsys, "tournament", "results", tid, results(tmp_path, *lines), "--db", str(db))
    assert (code, out, err) == (0, "6 results recorded\n", "")
    code, out, _ = run(capsys, "tournament", "standings", "Open de Lyon", "--json", "--db", str(db))
    table = json.loads(out)
    assert table["status"] == "finished"
    assert table["places"] == [
        {"place": 1, "names": ["Ben Novak"]},
        {"place": 2, "names": ["Ana Lopez"]},
        {"place": 3, "names": ["Carl Ito"]},
        {"place": 4, "names": ["Dora Mey"]},
    ]
    assert table["performance"]["Dora Mey"] is None  # her only racks were against Carl Ito, unrated
    fargo = tmp_path / "fargo.csv"
    code, out, _ = run(capsys, "tournament", "export", tid, "--fargo", str(fargo), "--db", str(db))
    assert code == 0 and out == f"5 matches written to {fargo}\n"
    rows = fargo.read_text(encoding="utf-8").splitlines()
    assert rows[2].startswith("1234567,Ana Lopez,3,,Carl Ito,1,") and rows[2].endswith(",10-Ball,1,Open de Lyon")


def test_a_refused_call_writes_nothing(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    before = db.read_bytes()
    good = {"match": "W1-1", "winner": "Ana Lopez", "score": [3, 1]}
    code, _, err = run(
        capsys,
        "tournament",
        "results",
        tid,
        results(tmp_path, good, {"match": "W2-1", "winner": "Ana Lopez", "score": [3, 0]}),
        "--db",
        str(db),
    )
    assert (code, err) == (1, "line 2: refused: W2-1 is waiting for its players\n")
    code, _, err = run(
        capsys, "tournament", "results", tid, results(tmp_path, {**good, "score": [2, 1]}), "--db", str(db)
    )
    assert (code, err) == (
        1,
        "line 1: refused: W1-1 is a race to 3: the winner has 3 racks, the loser fewer (not 2-1)\n",
    )
    (tmp_path / "bad.jsonl").write_text(json.dumps(good) + "\n{not json\n", encoding="utf-8")
    code, _, err = run(capsys, "tournament", "results", tid, str(tmp_path / "bad.jsonl"), "--db", str(db))
    assert code == 2 and err.startswith("line 2: not JSON")
    assert (
        run(capsys, "tournament", "draw", tid, "--db", str(db))[2]
        == "refused: the tournament is already drawn (draw seed 1234)\n"
    )
    (tmp_path / "more.csv").write_text("name,rating\nEve,high\n", encoding="utf-8")
    code, _, err = run(capsys, "tournament", "entries", tid, str(tmp_path / "more.csv"), "--db", str(db))
    assert (code, err) == (2, "line 2: rating 'high' is not a number\n")
    assert run(capsys, "tournament", "tables", tid, "1-x", "--db", str(db))[0] == 2
    code, _, err = run(capsys, "tournament", "results", tid, str(tmp_path / "missing.jsonl"), "--db", str(db))
    assert (code, err) == (2, "line 1: cannot read the file (No such file or directory)\n")
    assert db.read_bytes() == before
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0


def test_new_refuses_contradictory_options_and_names_must_be_unique_to_be_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "t.db")
    code, _, err = run(capsys, "tournament", "new", "X", "--format", "se", "--se-at", "8", "--db", db)
    assert (code, err) == (2, "--se-at is for double elimination\n")
    assert run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", db)[0] == 0
    assert run(capsys, "tournament", "new", "Cup", "--format", "de", "--db", db)[0] == 0
    code, _, err = run(capsys, "tournament", "show", "Cup", "--json", "--db", db)
    assert (code, err) == (2, "2 tournaments are named 'Cup': give the id\n")


def _tamper(db: Path, *statements: str) -> None:
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER tournament_events_append_only_update")
    for statement in statements:
        con.execute(statement)
    con.commit()
    con.close()


def test_an_edited_tournament_log_is_refused_whole(
    drawn_db: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    _tamper(db, "UPDATE tournament_events SET body = replace(body, '1234', '9999') WHERE seq = 3")
    code, out, err = run(capsys, "tournament", "show", tid, "--json", "--db", str(db))
    assert (code, out) == (2, "")
    assert f"tournament {tid}: event 3 was changed outside the app" in err


def test_a_crafted_log_with_good_hashes_but_a_bad_event_is_refused_whole(
    drawn_db: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    con = sqlite3.connect(db)
    rows = con.execute(
        "SELECT seq, type, at, body FROM tournament_events WHERE tournament_id = ? ORDER BY seq", (tid,)
    ).fetchall()
    con.close()
    # Someone rewrites the draw's seed as text and chains every hash again, head included.
    rows[2] = (3, "drawn", rows[2][2], '{"type":"drawn","draw_seed":"1234"}')
    previous, statements = "", []
    for seq, kind, at, body in rows:
        previous = chain_hash(previous, tid, seq, kind, at, body)
        escaped = body.replace("'", "''")
        statements.append(f"UPDATE tournament_events SET body = '{escaped}', hash = '{previous}' WHERE seq = {seq}")
    statements.append(f"UPDATE tournaments SET head_hash = '{previous}'")
    _tamper(db, *statements)
    code, _, err = run(capsys, "tournament", "standings", tid, "--json", "--db", str(db))
    assert code == 2
    assert f"tournament {tid} in {db} cannot be used: event 3: drawn: `draw_seed` must be an integer" in err


def test_another_programs_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE tournaments (id TEXT)")
    con.commit()
    con.close()
    before = db.read_bytes()
    code, _, err = run(capsys, "tournament", "show", "x", "--json", "--db", str(db))
    assert code == 2 and "is not a match database" in err
    code, _, err = run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", str(db))
    assert code == 2 and "is not a match database" in err
    assert db.read_bytes() == before


def test_a_command_on_a_missing_database_makes_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.db"
    code, _, err = run(capsys, "tournament", "tables", "Cup", "1-4", "--db", str(db))
    assert code == 2 and "does not exist" in err
    assert not db.exists()


def test_the_organizers_other_decisions_go_through_record(drawn_db: tuple[Path, str]) -> None:
    from referee_app.event import operations
    from referee_app.log.store import Store
    from referee_app.tournament.events import Undo, Withdrawn
    from referee_app.tournament.model import TournamentRefused

    db, tid = drawn_db
    store = Store(db)
    try:
        state = operations.record(store, tid, [Withdrawn("Carl Ito")])
        assert state.tournament.slots["W1-1"].status.value == "forfeit"
        with pytest.raises(TournamentRefused, match="latest decision"):
            operations.record(store, tid, [Undo(state.seq - 1)])
        operations.record(store, tid, [Undo(state.seq)])
        again = operations.open_tournament(store, tid).state.tournament
        assert again.slots["W1-1"].status.value == "playing" and again.retired == frozenset()
    finally:
        store.close()


def test_the_ffb_template_runs_the_national_day_from_its_42_entries_to_the_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.tournament.test_ffb_national_day import forty_two

    db = tmp_path / "tn1.db"
    code, _, err = run(capsys, "tournament", "new", "TN1", "--template", "ffb", "--format", "groups", "--db", str(db))
    assert (code, err.strip()) == (2, "--template ffb sets the format: leave out --format")
    assert not db.exists()
    code, out, _ = run(capsys, "tournament", "new", "TN1", "--template", "ffb", "--race", "3", "--db", str(db))
    assert code == 0
    tid = out.strip()
    lines = ["name;licence;club;seed"] + [f"{e.name};{e.licence};{e.club};{e.seed or ''}" for e in forty_two()]
    (tmp_path / "tn1.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "tn1.csv"), "--db", str(db))[:2] == (
        0,
        "42 entries added\n",
    )
    assert run(capsys, "tournament", "draw", tid, "--seed", "2017", "--db", str(db))[0] == 0
    document = shown(capsys, db, tid)
    matches: list[dict[str, object]] = document["matches"]  # type: ignore[assignment]
    groups = {str(m["id"]).split("-")[0] for m in matches if m["side"] == "G"}
    assert groups == {f"G{g}" for g in range(1, 15)}  # 6 morning pools, then 8 afternoon pools
    assert {m["stage"] for m in matches} == {1, 2}
    ts1_ts16 = next(m for m in matches if m["id"] == "G7-2-2")
    assert (ts1_ts16["a"], ts1_ts16["b"], ts1_ts16["status"]) == (forty_two()[0].name, forty_two()[15].name, "waiting")
    for _ in range(40):
        ready = [m for m in shown(capsys, db, tid)["matches"] if m["status"] in ("ready", "playing")]  # type: ignore[attr-defined]
        if not ready:
            break
        file = results(tmp_path, *({"match": m["id"], "winner": m["a"], "score": [3, 1]} for m in ready))
        assert run(capsys, "tournament", "results", tid, file, "--db", str(db))[0] == 0
    code, out, _ = run(capsys, "tournament", "standings", tid, "--json", "--db", str(db))
    table = json.loads(out)
    assert table["status"] == "finished"
    assert sorted(n for row in table["places"] for n in row["names"]) == sorted(e.name for e in forty_two())
    # Player a won every match: TS1 tops its pool (head to head over TS16), then is every knockout match's a.
    assert table["places"][0]["names"] == [forty_two()[0].name]


COMMANDS = [
    ("entries", "{tid}", "{csv}"),
    ("draw", "{tid}", "--seed", "3"),
    ("tables", "{tid}", "1-2"),
    ("results", "{tid}", "{jsonl}"),
    ("show", "{tid}", "--json"),
    ("standings", "{tid}", "--json"),
    ("export", "{tid}", "--fargo", "{fargo}"),
    ("sync", "{tid}", "--server", "{server}"),
]


def _argv(tmp_path: Path, db: Path, tid: str, command: tuple[str, ...]) -> list[str]:
    (tmp_path / "one.csv").write_text("name\nZoe\n", encoding="utf-8")
    (tmp_path / "one.jsonl").write_text(json.dumps({"match": "W1-1", "forfeit": "Ana Lopez"}) + "\n", "utf-8")
    places = {"tid": tid, "csv": tmp_path / "one.csv", "jsonl": tmp_path / "one.jsonl"}
    places |= {"fargo": tmp_path / "fargo.csv", "server": tmp_path / "server"}
    return ["tournament", *(part.format(**places) for part in command), "--db", str(db)]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_on_a_database_it_cannot_read_is_bad_input_and_writes_nothing(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    db, tid = drawn_db
    missing = tmp_path / "missing.db"
    code, out, err = run(capsys, *_argv(tmp_path, missing, tid, command))
    assert (code, out) == (2, "") and f"{missing} does not exist" in err
    assert not missing.exists()

    not_ours = tmp_path / "notes.db"
    not_ours.write_bytes(b"Ana Lopez 612\n" * 100)
    code, out, err = run(capsys, *_argv(tmp_path, not_ours, tid, command))
    assert (code, out) == (2, "") and "cannot be opened as a match database" in err
    assert not_ours.read_bytes() == b"Ana Lopez 612\n" * 100

    code, out, err = run(capsys, *_argv(tmp_path, db, "Open de Paris", command))
    assert (code, out, err) == (2, "", f"no tournament 'Open de Paris' in {db}\n")

    _tamper(db, "UPDATE tournament_events SET body = replace(body, '1234', '9999') WHERE seq = 3")
    before = db.read_bytes()
    code, out, err = run(capsys, *_argv(tmp_path, db, tid, command))
    assert (code, out) == (2, "") and f"tournament {tid}: event 3 was changed outside the app" in err
    assert db.read_bytes() == before
    assert not (tmp_path / "fargo.csv").exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--race", "0"], "--race must be 1..99, not 0\n"),
        (["--race", "100"], "--race must be 1..99, not 100\n"),
        (["--race-losers", "0"], "--race-losers must be 1..99, not 0\n"),
        (["--race-final", "-3"], "--race-final must be 1..99, not -3\n"),
        (["--shot-clock", "0"], "the shot clock is 1..600 seconds a shot, its extension 1..600 seconds\n"),
    ],
)
def test_an_option_out_of_range_is_bad_input_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    db = tmp_path / "t.db"
    code, out, err = run(capsys, "tournament", "new", "Cup", "--format", "de", *options, "--db", str(db))
    assert (code, out, err) == (2, "", message)
    assert not db.exists()


def test_refusals_by_the_tournaments_rules_stay_1(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    code, _, err = run(capsys, "tournament", "draw", tid, "--db", str(db))
    assert (code, err) == (1, "refused: the tournament is already drawn (draw seed 1234)\n")
    code, _, err = run(capsys, "tournament", "new", "Seeds", "--format", "se", "--db", str(db))
    seeds = tmp_path / "seeds.csv"
    seeds.write_text("name,seed\nAna,1\nBen,1\n", encoding="utf-8")
    assert run(capsys, "tournament", "entries", "Seeds", str(seeds), "--db", str(db))[0] == 0
    code, _, err = run(capsys, "tournament", "draw", "Seeds", "--db", str(db))
    assert code == 1 and err.startswith("refused: ")


def test_counts_read_in_the_singular_for_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.db")
    tid = run(capsys, "tournament", "new", "Duel", "--format", "se", "--race", "2", "--db", db)[1].strip()
    (tmp_path / "one.csv").write_text("name\nAna\n", encoding="utf-8")
    (tmp_path / "two.csv").write_text("name\nBen\nCarl\n", encoding="utf-8")
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "one.csv"), "--db", db)[1] == "1 entry added\n"
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "two.csv"), "--db", db)[1] == "2 entries added\n"
    assert run(capsys, "tournament", "draw", tid, "--seed", "1", "--db", db)[0] == 0
    assert run(capsys, "tournament", "tables", tid, "1", "--db", db)[1] == "1 table\n"
    assert run(capsys, "tournament", "tables", tid, "1-2", "--db", db)[1] == "2 tables\n"
    w = results(tmp_path, {"match": "W1-2", "winner": "Ben", "score": [2, 1]})
    assert run(capsys, "tournament", "results", tid, w, "--db", db)[1] == "1 result recorded\n"
    fargo = tmp_path / "fargo.csv"
    assert run(capsys, "tournament", "export", tid, "--fargo", str(fargo), "--db", db)[1] == (
        f"1 match written to {fargo}\n"
    )


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("Eve,-50,", "line 2: rating '-50' is out of range: a rating is from 0 to 3000"),
        ("Eve,1e308,", "line 2: rating '1e308' is out of range: a rating is from 0 to 3000"),
        ("Eve,,0", "line 2: seed '0' is out of range: seeds run from 1 to the number of players (at most 256)"),
    ],
)
def test_a_rating_or_seed_no_draw_could_use_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, problem: str
) -> None:
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", str(db))[1].strip()
    before = db.read_bytes()
    (tmp_path / "e.csv").write_text(f"name,rating,seed\n{line}\n", encoding="utf-8")
    code, out, err = run(capsys, "tournament", "entries", tid, str(tmp_path / "e.csv"), "--db", str(db))
    assert (code, out, err) == (2, "", problem + "\n")
    assert db.read_bytes() == before


def test_excels_windows_1252_csv_is_bad_input_with_the_way_to_save_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", str(db))[1].strip()
    before = db.read_bytes()
    (tmp_path / "excel.csv").write_bytes("Nom;Cote;Club\r\nJérôme Dupont;512,5;Nîmes\r\n".encode("cp1252"))
    code, out, err = run(capsys, "tournament", "entries", tid, str(tmp_path / "excel.csv"), "--db", str(db))
    assert (code, out) == (2, "")
    assert err.startswith("line 2: not UTF-8 text (") and "save it as 'CSV UTF-8'" in err
    assert db.read_bytes() == before


def test_the_fargorate_file_into_a_folder_that_does_not_exist_is_bad_input(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    target = tmp_path / "nowhere" / "fargo.csv"
    code, out, err = run(capsys, "tournament", "export", tid, "--fargo", str(target), "--db", str(db))
    assert (code, out, err) == (2, "", f"cannot write {target}: the folder {target.parent} does not exist\n")
    assert not target.parent.exists()


def test_a_link_planted_in_the_output_folder_never_makes_the_fargorate_export_write_outside(
    drawn_db: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid = drawn_db
    out_dir, victim = tmp_path / "out", tmp_path / "victim"
    out_dir.mkdir()
    victim.write_text("KEEP\n", encoding="utf-8")
    (out_dir / ".fargo.csv.partial").symlink_to(victim)  # the name the export used to write through
    (out_dir / "fargo.csv").symlink_to(victim)  # and the target itself
    target = out_dir / "fargo.csv"
    code, out, _ = run(capsys, "tournament", "export", tid, "--fargo", str(target), "--db", str(db))
    assert code == 0 and out.endswith(f"written to {target}\n")
    assert victim.read_text(encoding="utf-8") == "KEEP\n"
    assert not target.is_symlink() and target.read_text(encoding="utf-8").startswith("Player #1")
    assert sorted(p.name for p in out_dir.iterdir()) == [".fargo.csv.partial", "fargo.csv"]


def test_a_crafted_good_entry_list_opens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The crafting itself is sound: a log with entries the entry list takes opens (exit 0)."""
    db = tmp_path / "t.db"
    tid = crafted_entries(db, [{"name": "Éva Martin", "rating": 612}, {"name": "Ben Novak", "rating": 0}])
    code, out, _ = run(capsys, "tournament", "show", tid, "--json", "--db", str(db))
    assert code == 0 and [e["name"] for e in json.loads(out)["entries"]] == ["Éva Martin", "Ben Novak"]


@pytest.mark.parametrize(
    ("entries", "why"),
    [
        ([{"name": "Ann", "rating": float("nan")}], "rating nan is out of range"),
        ([{"name": "Ann", "rating": -500}], "rating -500.0 is out of range"),
        ([{"name": "Ann", "rating": 1e308}], "rating 1e+308 is out of range"),
        ([{"name": "\u00c9va Martin"}, {"name": "E\u0301va Martin"}], "is already entered (as 'Éva Martin')"),
        ([{"name": "Ann\x00Nul"}], "holds a hidden control character (U+0000)"),
        ([{"name": "Bob", "club": "Lyon\u202e"}], "holds a hidden control character (U+202E)"),
    ],
    ids=["nan", "negative", "huge", "nfc-nfd-twins", "nul", "bidi-override"],
)
def test_a_crafted_log_holding_what_the_entry_list_refuses_is_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entries: list[dict[str, object]], why: str
) -> None:
    db = tmp_path / "t.db"
    tid = crafted_entries(db, entries)
    for command in ("show", "standings"):
        code, out, err = run(capsys, "tournament", command, tid, "--json", "--db", str(db))
        assert (code, out) == (2, ""), err
        assert f"tournament {tid} in {db} cannot be used: event 2:" in err and why in err
        assert "NaN" not in out


def test_show_json_is_strict_json(drawn_db: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    db, tid = drawn_db
    code, out, _ = run(capsys, "tournament", "show", tid, "--json", "--db", str(db))
    assert code == 0
    json.loads(out, parse_constant=lambda token: pytest.fail(f"not JSON: {token}"))


def test_a_one_megabyte_name_is_a_line_refusal_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", str(db))[1].strip()
    big = tmp_path / "big.csv"
    big.write_text("name,rating\nAnn,500\n" + "N" * 1_000_000 + ",600\n", encoding="utf-8")
    before = db.read_bytes()
    code, out, err = run(capsys, "tournament", "entries", tid, str(big), "--db", str(db))
    assert (code, out) == (2, "")
    assert err == "line 3: a line is at most 4096 characters, this one has 1000004\n"
    assert db.read_bytes() == before


def test_control_characters_in_the_entry_list_are_refused_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    tid = run(capsys, "tournament", "new", "Cup", "--format", "se", "--db", str(db))[1].strip()
    path = tmp_path / "ctrl.csv"
    path.write_bytes(b"name,club\nAnn\x00Nul,\nBob\x1b[2JEsc,\nCid\x07Bell,\nDan,Ly\xe2\x80\xaeon\nEve,Lyon\n")
    code, out, err = run(capsys, "tournament", "entries", tid, str(path), "--db", str(db))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "line 2: name holds a hidden control character (U+0000): type it again without it",
        "line 3: name holds a hidden control character (U+001B): type it again without it",
        "line 4: name holds a hidden control character (U+0007): type it again without it",
        "line 5: club holds a hidden control character (U+202E): type it again without it",
    ]
    assert json.loads(run(capsys, "tournament", "show", tid, "--json", "--db", str(db))[1])["entries"] == []
