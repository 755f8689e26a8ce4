"""The organizer's side in French: the board window (LANG=fr_FR, or the desk's saved choice), its
Desk column while the server cannot be reached, and the live event's command-line prompts."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]

BOARD_WINDOW = """
import argparse, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from referee_desk.venue.board_window import BoardWindow, board_language
lang = board_language(argparse.Namespace(lang=None))
window = BoardWindow("")
header = window.grid.horizontalHeaderItem(1).text()
print(lang, "|", window.windowTitle(), "|", header, "|", window.status.text())
"""


def _board_window(tmp_path: Path, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANGUAGE"}
    environment |= {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [sys.executable, "-c", BOARD_WINDOW], cwd=ROOT, env=environment | env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip().splitlines()[-1]


@pytest.mark.slow
def test_the_board_window_speaks_the_systems_language_and_the_desks_choice(tmp_path: Path) -> None:
    assert _board_window(tmp_path / "fr", LANG="fr_FR.UTF-8") == (
        "fr | Tableau de l’événement | Pupitre | Serveur de l’événement\u00a0: injoignable, nouvel essai…"
    )
    assert _board_window(tmp_path / "en", LANG="en_GB.UTF-8").startswith("en | Event board | Desk |")
    chosen = tmp_path / "chosen"  # French chosen on the desk, on an English system
    from referee_desk.places import APPLICATION, ORGANIZATION

    settings = chosen / "config" / ORGANIZATION / f"{APPLICATION}.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[General]\nlanguage=fr\n", encoding="utf-8")
    assert _board_window(chosen, LANG="en_GB.UTF-8").startswith("fr | Tableau de l’événement")
    assert "language=fr" in settings.read_text(encoding="utf-8")  # the desk's choice is left as it was


def test_the_desk_column_is_not_known_while_the_server_cannot_be_reached(qtbot: Any) -> None:
    from referee_desk.venue.board_window import BoardWindow

    window = BoardWindow("")
    qtbot.addWidget(window)
    from referee_app.venue.board import BoardView, ServerState, TableRow

    tables = (TableRow("1", online=True, match=None, finished=(), next=None, conflicts=0, damaged=""),)
    window.show_view(BoardView(0, tables, ServerState.ONLINE))
    assert window.grid.item(0, 1).text() == "online"
    window.show_view(BoardView(0, tables, ServerState.OFFLINE))  # the last rows the board had
    assert window.grid.item(0, 1).text() == "not known"
    assert window.status.text() == "Event server: cannot be reached, retrying…"


@pytest.mark.parametrize("how", [["--lang", "fr"], []])
def test_connect_asks_for_the_tables_key_in_french(
    how: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import getpass

    from referee_desk.main import main

    from referee_app.log.store import Store

    Store(tmp_path / "m.db").close()
    asked: list[str] = []

    def typed(prompt: str) -> str:
        asked.append(prompt)
        return "not a key"  # mistyped: nothing is connected

    monkeypatch.setattr(getpass, "getpass", typed)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.delenv("REFEREE_TABLE_KEY", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8" if how else "fr_FR.UTF-8")  # --lang fr, or the environment's
    assert main(["connect", "--server", "127.0.0.1:1", "--db", str(tmp_path / "m.db"), *how]) == 1
    assert asked == ["Clé de cette table (donnée par add-table)\u00a0: "]
    capsys.readouterr()
    assert main(["connect", "--server", "127.0.0.1:notaport", "--db", str(tmp_path / "m.db"), *how]) == 1
    assert capsys.readouterr().err.strip() == "127.0.0.1:notaport\u00a0: le port n’est pas un nombre"
    from referee_app.venue.pusher import LinkFile

    assert LinkFile(tmp_path / "m.db").load() is None  # nothing connected


def test_the_event_commands_stay_english_in_an_english_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from referee_desk.main import main

    from referee_app.log.store import Store

    Store(tmp_path / "m.db").close()  # a desk's database, never connected
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert main(["push", "--db", str(tmp_path / "m.db")]) == 1
    assert "this desk is not connected to an event" in capsys.readouterr().err
    assert main(["push", "--db", str(tmp_path / "m.db"), "--lang", "fr"]) == 1
    assert "ce pupitre n’est connecté à aucun événement" in capsys.readouterr().err


def test_language_follows_the_option_then_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee_app.cli.venue import language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert language(argparse.Namespace(lang=None)) == "en"
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert language(argparse.Namespace(lang=None)) == "fr"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # LC_ALL wins over LANG
    assert language(argparse.Namespace(lang=None)) == "en"
    assert language(argparse.Namespace(lang="fr")) == "fr"


def test_the_matches_page_writes_a_french_csv_when_the_desk_is_french(
    desk: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import csv

    from referee_app.log.logfile import read_log
    from referee_app.organizer.demo import seed_logs
    from referee_app.organizer.operations import import_entries

    store = desk.window.controller.store
    for path in seed_logs():
        import_entries(store, [line.entry for line in read_log(str(path))])
    desk.window.set_language("fr")
    try:
        desk.window.show_start()
        page = desk.window.matches
        page.refresh()
        monkeypatch.setattr(page, "choose_folder", lambda: tmp_path / "out")
        page.select_rows(list(range(page.row_count())))
        desk.click("exportCsvButton")
    finally:
        desk.window.set_language("en")  # the translator is the application's: the next tests read English
    with (tmp_path / "out" / "matches.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter=";"))
    assert len(rows) == len(seed_logs())
    assert {row["État"] for row in rows} == {"terminé", "en cours"}
    assert all(row["Début"][10] == " " and "+" not in row["Début"] for row in rows)  # a spreadsheet's time


def test_the_tournament_commands_answer_in_the_environments_language_like_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from referee_desk.main import main

    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    db = str(tmp_path / "org.db")
    assert main(["tournament", "new", "Open de Lyon", "--format", "de", "--race", "3", "--db", db]) == 0
    tid = capsys.readouterr().out.strip()
    entries = tmp_path / "inscrits.csv"
    entries.write_text("Nom;Cote;Licence\nÉva Martin;612;L001\nJérôme Lefèvre;590;L002\nEVA MARTIN;612;\n", "utf-8")
    assert main(["tournament", "entries", tid, str(entries), "--db", db]) == 2
    assert capsys.readouterr().err == "ligne 4\u00a0: 'EVA MARTIN' est déjà inscrit (sous le nom 'Éva Martin')\n"
    entries.write_text("Nom;Cote\nÉva Martin;612\nJérôme Lefèvre;590\n", "utf-8")
    assert main(["tournament", "entries", tid, str(entries), "--db", db]) == 0
    assert capsys.readouterr().out == "2 inscriptions ajoutées\n"
    assert main(["tournament", "draw", tid, "--seed", "7", "--db", db]) == 0
    assert capsys.readouterr().out == "tirage fait avec la graine 7\n"
    assert main(["tournament", "draw", tid, "--db", db]) == 1
    assert capsys.readouterr().err == "refusé\u00a0: le tirage est déjà fait (graine du tirage 7)\n"
    assert main(["tournament", "tables", tid, "1", "--db", db]) == 0
    assert capsys.readouterr().out == "1 table\n"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # and English stays English
    assert main(["tournament", "draw", tid, "--db", db]) == 1
    assert capsys.readouterr().err == "refused: the tournament is already drawn (draw seed 7)\n"
