"""What the entry list refuses never reaches the tables: a NUL in a name stopped every table's sync
on PostgreSQL (issue 32, item 8). Typed in the Edit dialog it is refused; crafted into the log it
makes the tournament damaged, and `sync` says so before the event server is touched."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.tournament.events import Created, EntriesAdded, EntryEdited
from referee_app.tournament.model import Entry, Format, Options, TournamentRefused
from referee_app.tournament.state import apply
from referee_app.venue.server import Cluster
from tests.conftest import table_key
from tests.tournament.crafted_entries import crafted_entries

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


@pytest.mark.parametrize("hidden", ["\x00", "\x1b[2J", "\x07", "\u202e", "\u2028"])
def test_the_edit_dialogs_entry_with_a_hidden_character_is_refused(hidden: str) -> None:
    state = apply(None, Created("Open", Options(Format.SE)))
    state = apply(state, EntriesAdded((Entry("Ann"), Entry("Bob"))))
    with pytest.raises(TournamentRefused, match="hidden control character"):
        apply(state, EntryEdited("Ann", Entry(f"Ann{hidden}Nul")))
    with pytest.raises(TournamentRefused, match="hidden control character"):
        apply(state, EntryEdited("Bob", Entry("Bob", club=f"Lyon{hidden}")))


def test_a_crafted_nul_name_is_damaged_before_the_event_server_is_touched(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "org.db"
    tid = crafted_entries(db, [{"name": "Ann\x00Nul"}, {"name": "Bob"}, {"name": "Cid"}, {"name": "Dan"}])
    table_key(event_server, "1")
    capsys.readouterr()
    code = cli(["tournament", "sync", tid, "--server", str(event_server.folder), "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 2 and "cannot be used: event 2: 'Ann\\x00Nul' holds a hidden control character (U+0000)" in err
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        assert conn.execute("SELECT count(*) FROM assignments").fetchone() == (0,)
