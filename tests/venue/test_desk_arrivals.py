"""A desk's referee marks a called player at the table: the mark reaches the event server through the
desk's pusher (kept while the server is away), a desk can mark only its own table's players, and the
organizer reads every mark with its time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.log.store import Store
from referee_app.venue import db
from referee_app.venue.model import Assignment, LinkStatus
from referee_app.venue.pusher import LinkFile, Pusher
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # against the throwaway PostgreSQL cluster

ANA, BEN = "Ana Lopez", "Ben Novak"


def sent(cluster: Any, table: str, players: tuple[str, str] = (ANA, BEN), id_: str = "a-5") -> Assignment:
    a = Assignment(id_, table, players, 7, "wpa", "winner", "Club night", "Winners' round 1")
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        db.insert_assignment(conn, a)
    return a


def organizer_marks(cluster: Any) -> dict[str, dict[str, Any]]:
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        return db.arrivals(conn)


def test_the_desk_marks_its_players_and_the_organizer_reads_them(event_server: Cluster, tmp_path: Path) -> None:
    table_link(event_server, "6")  # another table's login, for the hostile part below
    a = sent(event_server, "5")
    sent(event_server, "6", ("Cleo Park", "Dan Wu"), "a-6")
    desk = tmp_path / "t5.db"
    Store(desk).close()
    LinkFile(desk).save(table_link(event_server, "5"))
    reports: list[Any] = []
    pusher = Pusher(desk, table_link(event_server, "5"), reports.append).start()
    try:
        eventually(lambda: reports and reports[-1].assignments, "the desk sees the match sent to it", 15)
        assert reports[-1].assignments[0].sent_at is not None  # when it was called
        assert reports[-1].assignments[0].here == ()
        pusher.mark_here(a.id, BEN)
        pusher.mark_here(a.id, BEN)  # twice: one mark
        eventually(lambda: reports[-1].assignments and reports[-1].assignments[0].here == (BEN,), "Ben marked here", 15)
        assert reports[-1].marking == () and reports[-1].status is LinkStatus.CONNECTED
        marks = organizer_marks(event_server)
        assert list(marks) == [a.id] and list(marks[a.id]) == [BEN]
        pusher.mark_here("a-6", "Cleo Park")  # another table's match: refused by the server, said, dropped
        eventually(lambda: "no match a-6 was sent to this table" in reports[-1].error, "the refusal said", 15)
        pusher.mark_here(a.id, "Someone Else")  # not a player of the match
        eventually(lambda: "does not play the match" in reports[-1].error, "the refusal said", 15)
        assert list(organizer_marks(event_server)) == [a.id]
    finally:
        pusher.stop()


def test_a_hostile_desk_cannot_mark_another_table_nor_read_its_marks(event_server: Cluster) -> None:
    sent(event_server, "5")
    sent(event_server, "6", ("Cleo Park", "Dan Wu"), "a-6")
    with psycopg.connect(table_link(event_server, "6").conninfo(), autocommit=True) as six:
        assert db.desk_arrived(six, "a-6", "Dan Wu")
        assert not db.desk_arrived(six, "a-6", "Dan Wu")  # again: nothing new
        with pytest.raises(psycopg.DatabaseError, match="no match a-5 was sent to this table"):
            db.desk_arrived(six, "a-5", ANA)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            six.execute("INSERT INTO arrivals (assignment_id, player, table_no) VALUES ('a-5', %s, '5')", (ANA,))
    with psycopg.connect(table_link(event_server, "5").conninfo(), autocommit=True) as five:
        assert db.arrivals(five) == {}  # table 6's mark is not table 5's to read
        assert db.desk_arrived(five, "a-5", ANA)
        assert list(db.arrivals(five)) == ["a-5"]
    assert set(organizer_marks(event_server)) == {"a-5", "a-6"}
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        assert db.withdraw_assignment(conn, "a-5")  # withdrawn: its marks go with it
    assert set(organizer_marks(event_server)) == {"a-6"}
