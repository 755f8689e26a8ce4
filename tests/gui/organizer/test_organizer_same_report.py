"""The command line and the Matches page run the same organizer operations and report them alike:
the same merge report (matches in conflict and damaged ones included), the same figures under the
same columns, the same export files."""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTableWidget

from referee_app.cli.main import main
from referee_app.log.logfile import read_log
from referee_app.log.stats import STATS_COLUMNS
from referee_app.log.store import Store
from referee_app.organizer.operations import import_entries
from tests.gui.conftest import Desk

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
FINAL = SEEDS / "wpa-open-final-lopez-novak.jsonl"
FFB = SEEDS / "ffb-circuit-martin-roux.jsonl"
LEAGUE = SEEDS / "wpa-league-in-progress.jsonl"
CUP = SEEDS / "ffb-club-in-progress-warning-due.jsonl"


def _log(path: Path, match_id: str | None = None) -> list:
    entries = [line.entry for line in read_log(str(path))]
    if match_id is None:
        return entries
    return [entries[0]._replace(event=replace(entries[0].event, match_id=match_id)), *entries[1:]]


def _other_desk(tmp_path: Path, shared_id: str) -> tuple[Path, str]:
    """Another table's database: one match we hold, one new, one in conflict, one damaged."""
    path = tmp_path / "table2.db"
    store = Store(path)
    for entries in (_log(FINAL), _log(LEAGUE), _log(FFB, shared_id)[:-1]):
        import_entries(store, entries)
    damaged, _ = import_entries(store, _log(CUP))
    store.close()
    con = sqlite3.connect(path)
    con.execute("DROP TRIGGER events_append_only_update")
    con.execute("UPDATE events SET body = '{not json' WHERE match_id = ? AND seq = 2", (damaged,))
    con.commit()
    con.close()
    return path, damaged


@pytest.fixture
def season(desk: Desk, tmp_path: Path) -> tuple[Path, Path, str]:
    """The desk's database with two matches, a copy of it for the command line, and another desk's file."""
    shared_id = str(uuid.uuid4())
    store = desk.window.controller.store
    assert store is not None
    import_entries(store, _log(FINAL))
    import_entries(store, _log(FFB, shared_id))
    copy = tmp_path / "cli.db"
    store.backup(copy)
    other, _ = _other_desk(tmp_path, shared_id)
    desk.window.show_start()
    return copy, other, shared_id


def _figure(cell: str) -> str | float:
    try:
        return float(cell)
    except ValueError:
        return cell


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    said = capsys.readouterr()
    return code, said.out.splitlines() + said.err.splitlines()


def test_merge_reports_the_same_on_the_page_as_on_the_command_line(
    desk: Desk, season: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    copy, other, shared_id = season
    code, cli_lines = _cli(capsys, "merge", str(other), "--db", str(copy))
    page = desk.window.matches
    monkeypatch.setattr(page, "choose_databases", lambda: [other])
    desk.merge()
    label = desk.widget("startNotice")
    shown = label.text().splitlines()
    # the page leaves out only the per-match "added" lines (the list shows those matches)
    assert shown == [line for line in cli_lines if not line.startswith("added: match ")]
    assert code == 1 and label.property("level") == "error"  # something was left out: both say so
    assert any(line.startswith(f"conflict: match {shared_id} ") for line in shown)
    assert any(line.startswith("damaged: match ") and "not merged" in line for line in shown)


def test_statistics_show_the_same_columns_and_figures_as_the_command_line(
    desk: Desk, season: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    copy, _, _ = season
    code, cli_lines = _cli(capsys, "stats", "--db", str(copy))
    assert code == 0
    cli_rows = [line.split("  ") for line in cli_lines]
    cli_rows = [[cell.strip() for cell in row if cell.strip()] for row in cli_rows]
    desk.click("statsButton")
    table = desk.window.matches.dialog.findChild(QTableWidget, "statsTable")
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert header == [column.title for column in STATS_COLUMNS]  # every column, timed and longest shots too
    assert cli_rows[0] == [column.short for column in STATS_COLUMNS]
    page_rows = sorted([table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount()))
    # a figure the command line leaves empty (no clock ran) is a blank cell on both; 100.0 shows as 100
    assert [[_figure(cell) for cell in row if cell] for row in page_rows] == [
        [_figure(cell) for cell in row] for row in sorted(cli_rows[1:])
    ]
    assert "Timed shots" in header and "Longest shot (s)" in header


def test_csv_export_writes_the_same_files_from_the_page_and_the_command_line(
    desk: Desk, season: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    copy, _, _ = season
    tmp = copy.parent
    code, cli_lines = _cli(capsys, "export", "--all", "--format", "csv", "--out", str(tmp / "cli"), "--db", str(copy))
    assert code == 0 and [Path(line).name for line in cli_lines] == ["racks.csv", "matches.csv"]
    page = desk.window.matches
    monkeypatch.setattr(page, "choose_folder", lambda: tmp / "page")
    page.select_rows(list(range(page.row_count())))
    desk.click("exportCsvButton")
    assert desk.text("startNotice") == f"2 files written to {tmp / 'page'}"
    for name in ("racks.csv", "matches.csv"):
        assert (tmp / "page" / name).read_bytes() == (tmp / "cli" / name).read_bytes()
