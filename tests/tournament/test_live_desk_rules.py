"""Two of `live.plan`'s rules, without a server: a desk's names are compared ignoring case and
accents, and a match the organizer decided by hand while a desk plays it is taken back from it."""

from __future__ import annotations

from pathlib import Path

from referee_app.event import operations
from referee_app.event.live import DeskMatch, Server, plan
from referee_app.game.events import MatchStarted
from referee_app.game.vocab import MatchResult
from referee_app.log.store import Store
from referee_app.tournament.events import AssignmentSent, ResultRecorded
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.tournament.state import State


def _sent(tmp_path: Path) -> tuple[State, str, str]:
    """Two accented players, their final sent to table 1 as assignment `asg-1`."""
    store = Store(tmp_path / "org.db")
    tid = operations.new_tournament(store, "Open", Options(Format.SE, race=2))
    operations.add_entries(store, tid, "name\nÉva Martin\nJérôme Lefèvre\n")
    operations.draw(store, tid, 3)
    operations.set_tables(store, tid, "1")
    slot = next(s for s in operations.open_tournament(store, tid).state.tournament.slots.values() if s.table == 1)
    assert slot.a is not None and slot.b is not None
    operations.record(store, tid, [AssignmentSent(slot.spec.id, 1, "asg-1", (slot.a, slot.b))])
    state = operations.open_tournament(store, tid).state
    store.close()
    return state, tid, slot.spec.id


def _desk(over: bool, score: tuple[int, int] = (2, 0), winner: str | None = "eva MARTIN") -> DeskMatch:
    players = ("eva MARTIN", "Jerome Lefevre")
    setup = MatchStarted(players=players, race_to=2, table="1", assignment="asg-1")
    return DeskMatch("m1", "asg-1", "1", players, over, False, winner, score, "2026-12-02T18:59:00+00:00",
                     setup, MatchResult.RACE if over else None, "2026-12-02T18:40:00+00:00")  # fmt: skip


def test_a_desks_names_without_their_accents_complete_the_match(tmp_path: Path) -> None:
    state, tid, match = _sent(tmp_path)
    work = plan(state, tid, [_desk(over=True)], None)
    assert work.problems == []
    (result,) = work.events
    assert isinstance(result, ResultRecorded) and result.match == match and result.winner == "Éva Martin"


def test_a_match_decided_by_hand_while_a_desk_plays_it_is_taken_back_from_the_desk(tmp_path: Path) -> None:
    state, tid, match = _sent(tmp_path)
    server = Server(frozenset({"asg-1"}), frozenset({"asg-1"}), frozenset({"1"}))
    assert plan(state, tid, [_desk(over=False, score=(0, 0), winner=None)], server).decided == []  # still to play
    store = Store(tmp_path / "org.db")
    first = state.tournament.slots[match].a
    assert first is not None
    operations.record(store, tid, [ResultRecorded(match, first, (2, 0))])
    decided = operations.open_tournament(store, tid).state
    store.close()
    assert decided.tournament.slots[match].status is MatchStatus.DONE
    live = _desk(over=False, score=(0, 0), winner=None)
    assert plan(decided, tid, [live], server).decided == ["asg-1"]
    gone = Server(frozenset(), frozenset({"asg-1"}), frozenset({"1"}))
    assert plan(decided, tid, [live], gone).decided == []  # taken back once
    assert plan(decided, tid, [_desk(over=True)], server).decided == []  # a finished desk match is reported instead


def test_a_player_marked_at_the_desk_is_at_the_table_once(tmp_path: Path) -> None:
    """The desk's referee marked a player present (the event server's `arrivals`): the sync records
    `at_table` by the desk, at the mark's time, once; a name the match does not have is not taken."""
    from referee_app.tournament.clock import at_table
    from referee_app.tournament.events import AtTable
    from referee_app.tournament.state import apply

    state, tid, match = _sent(tmp_path)
    a = state.tournament.slots[match].a
    assert a is not None
    marked = {"asg-1": {a: "2026-12-06T10:34:00.000Z", "Someone Else": "2026-12-06T10:35:00.000Z"}}
    server = Server(frozenset({"asg-1"}), frozenset(), frozenset({"1"}), here=marked)
    work = plan(state, tid, [], server)
    assert work.events == [AtTable(match, a, "desk", "2026-12-06T10:34:00.000Z")]
    for event in work.events:
        state = apply(state, event)
    assert at_table(state.tournament, match) == (a,)
    assert plan(state, tid, [], server).events == []  # recorded: not again
