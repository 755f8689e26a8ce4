"""A match the tournament sends to a desk carries the entry list's licences and clubs, and its
round; through a real PostgreSQL, the desk plays it, the day is pulled, and the French sheet and
`matches.csv` are read back with the licences, the clubs and the round in French."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from referee_desk.main import main as desk_main

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.game.events import MatchStarted
from referee_app.game.vocab import BreakOrder
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.venue.server import Cluster
from tests.gui.desk.test_pdf_sheet import _poppler
from tests.tournament.test_live import Desk, sync

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster

ENTRIES = (
    "Nom;Club;Cote Fargo;Licence\n"
    "Éva Martin;Billard Club Lyonnais;612;L001\n"
    "Jérôme Lefèvre;Amiens 10;590;L002\n"
    "Noël Garçon;Nîmes Billard;580;L003\n"
    "Hélène Rousseau;BC Rennes;570;L004\n"
)


def test_the_sent_match_carries_licences_clubs_and_a_french_round_to_the_french_paper(
    qapp: Any, event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "organizer.db"
    store = Store(path)
    tid = operations.new_tournament(store, "Open de Lyon", Options(Format.DE, race=1))
    operations.add_entries(store, tid, ENTRIES)
    operations.draw(store, tid, 11)
    operations.set_tables(store, tid, "1")
    store.close()
    desk = Desk(event_server, tmp_path / "desk1", "1")
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 0, err
    sent = desk.next_assignment()
    assert sent is not None and sent.round == "Winners' round 1"
    clubs = {"Éva Martin": ("L001", "Billard Club Lyonnais"), "Hélène Rousseau": ("L004", "BC Rennes")}
    assert set(sent.players) == set(clubs)
    assert sent.licences == tuple(clubs[p][0] for p in sent.players)
    assert sent.clubs == tuple(clubs[p][1] for p in sent.players)

    # What the desk's one key does (ui/venue/link.py: start_next): the match as it was sent.
    setup = MatchStarted(
        players=sent.players, race_to=sent.race_to, rules=sent.rules, break_order=BreakOrder(sent.break_order),
        shot_clock=sent.shot_clock, event=sent.event, round=sent.round, table=sent.table,
        licences=sent.licences, clubs=sent.clubs, assignment=sent.id,
    )  # fmt: skip
    desk.play(Session.start(desk.store, setup), race=1)
    desk.push()

    event_db, out = tmp_path / "event.db", tmp_path / "paper"
    assert cli(["pull", "--server", str(event_server.folder), "--db", str(event_db)]) == 0
    assert (
        desk_main(["export", "--all", "--format", "csv", "--lang", "fr", "--out", str(out), "--db", str(event_db)]) == 0
    )
    (row,) = csv.DictReader(io.StringIO((out / "matches.csv").read_text(encoding="utf-8-sig")), delimiter=";")
    a, b = sent.players
    assert (row["Tour"], row["Licence A"], row["Club A"], row["Licence B"], row["Club B"]) == (
        "Tableau gagnants, tour 1",
        *clubs[a],
        *clubs[b],
    )
    capsys.readouterr()
    assert (
        desk_main(["export", "--all", "--format", "pdf", "--lang", "fr", "--out", str(out), "--db", str(event_db)]) == 0
    )
    (sheet,) = out.glob("*.pdf")
    text = " ".join(_poppler("pdftotext", str(sheet), "-").split())
    assert "Tableau gagnants, tour 1" in text and "Winners' round" not in text
    for licence, club in clubs.values():
        assert f"Licence {licence}" in text and club in text
