"""The one rule that says which match is an assignment's (`is_its_match`), as the board, the desks
and the tournament read it."""

from __future__ import annotations

from dataclasses import replace

from referee_app.game.events import MatchStarted
from referee_app.venue.model import Assignment, is_its_match, is_started

SENT = Assignment("a-1", "1", ("Éva Martin", "Zoé Lefèvre"), 3, "wpa", "alternate")


def setup(
    players: tuple[str, str] = ("Éva Martin", "Zoé Lefèvre"), table: str = "", assignment: str = ""
) -> MatchStarted:
    return MatchStarted(players=players, race_to=3, table=table, assignment=assignment)


def test_a_match_naming_the_assignment_counts_only_on_its_table() -> None:
    assert is_its_match(SENT, "m", setup(assignment="a-1"), "1")
    assert not is_its_match(SENT, "m", setup(assignment="a-1", table="1"), "2")  # what the desk wrote counts for naught
    assert not is_its_match(SENT, "m", setup(assignment="a-2"), "1")


def test_a_match_started_by_hand_counts_by_table_and_players_whatever_the_accents() -> None:
    assert is_its_match(SENT, "m", setup(("ZOE LEFEVRE", "eva  martin")), "1")
    assert not is_its_match(SENT, "m", setup(("Zoé Lefèvre", "Ben")), "1")
    assert not is_its_match(SENT, "m", setup(table="1"), "2")


def test_once_the_server_named_the_started_match_no_other_counts() -> None:
    started = replace(SENT, started_match="first")
    assert is_its_match(started, "first", setup(assignment="a-1"), "1")
    assert not is_its_match(started, "second", setup(assignment="a-1"), "1")
    assert not is_its_match(started, "by-hand", setup(), "1")
    assert is_started(started, []) and not is_started(SENT, [("m", setup(assignment="a-1"), "2")])
