"""Refusals, corrections, walkovers, withdrawals, undo and the table queue."""

from __future__ import annotations

import pytest

from referee_app.tournament.events import (
    CheckedIn,
    Corrected,
    Created,
    Disqualified,
    Drawn,
    EntriesAdded,
    EntryEdited,
    Forfeit,
    MatchStarted,
    ResultRecorded,
    TablesSet,
    Undo,
    Withdrawn,
)
from referee_app.tournament.model import Entry, Format, MatchStatus, Options, Status, TournamentRefused
from referee_app.tournament.state import apply, replay

from .play import drawn, names, winning

P = names(8)


def test_a_log_starts_with_its_creation_and_bad_options_are_refused() -> None:
    with pytest.raises(TournamentRefused, match="starts with its creation"):
        apply(None, Drawn(1))
    with pytest.raises(TournamentRefused, match="--se-at"):
        apply(None, Created("X", Options(Format.SE, se_at=16)))
    with pytest.raises(TournamentRefused, match=r"1\.\.99"):
        apply(None, Created("X", Options(Format.DE, race=0)))
    with pytest.raises(TournamentRefused, match="--groups G and --advance K"):
        apply(None, Created("X", Options(Format.GROUPS)))


def test_entries_are_unique_ignoring_case_and_withdraw_before_the_draw_removes() -> None:
    state = apply(None, Created("Open", Options(Format.SE)))
    state = apply(state, EntriesAdded((Entry("Ana Lopez"), Entry("Ben"))))
    with pytest.raises(TournamentRefused, match="already entered"):
        apply(state, EntriesAdded((Entry("ana lopez"),)))
    state = apply(state, CheckedIn("ANA LOPEZ"))
    assert state.tournament.checked_in == {"Ana Lopez"}
    state = apply(state, EntryEdited("Ben", Entry("Ben Novak", rating=512, fargo_id="12345")))
    assert state.tournament.entry("ben novak") == Entry("Ben Novak", 512, fargo_id="12345")
    state = apply(state, Withdrawn("Ana Lopez"))
    assert [e.name for e in state.tournament.entries] == ["Ben Novak"]
    with pytest.raises(TournamentRefused, match="at least 2 players"):
        apply(state, Drawn(3))


def test_results_refused_with_reasons_and_the_state_unchanged() -> None:
    state = drawn(Options(Format.DE, race=5), 8)
    t = state.tournament
    a, b = t.slots["W1-1"].a, t.slots["W1-1"].b
    assert a and b
    cases = [
        (ResultRecorded("W9-9", a, (5, 1)), "no match W9-9"),
        (ResultRecorded("W2-1", a, (5, 1)), "W2-1 is waiting"),
        (ResultRecorded("W1-1", "Nobody", (5, 1)), "Nobody is not in W1-1"),
        (ResultRecorded("W1-1", a, (4, 1)), "race to 5"),
        (ResultRecorded("W1-1", a, (5, 5)), "race to 5"),
        (ResultRecorded("W1-1", a, (1, 5)), "race to 5"),
        (Forfeit("W1-1", "Nobody"), "Nobody is not in W1-1"),
    ]
    for event, why in cases:
        with pytest.raises(TournamentRefused, match=why):
            apply(state, event)
    after = apply(state, ResultRecorded("W1-1", b, (3, 5)))
    assert after.tournament.slots["W1-1"].winner == b
    with pytest.raises(TournamentRefused, match="already has a result"):
        apply(after, ResultRecorded("W1-1", b, (3, 5)))


def test_a_correction_is_refused_once_a_dependent_match_has_a_result() -> None:
    state = drawn(Options(Format.DE, race=3), 4)
    state = apply(state, winning(state.tournament, "W1-1", True, 0))
    state = apply(state, winning(state.tournament, "W1-2", True, 0))
    t = state.tournament
    w1 = t.slots["W1-1"]
    assert t.slots["W2-1"].a == w1.a
    corrected = apply(state, Corrected("W1-1", w1.b or "", (2, 3)))
    assert corrected.tournament.slots["W2-1"].a == w1.b
    assert corrected.tournament.slots["W1-1"].outcome.score == (2, 3)  # type: ignore[union-attr]
    state = apply(state, winning(t, "W2-1", True, 1))
    with pytest.raises(TournamentRefused, match="W2-1, which it feeds, already has a result"):
        apply(state, Corrected("W1-1", w1.b or "", (2, 3)))
    with pytest.raises(TournamentRefused, match="no result to correct"):
        apply(state, Corrected("L1-1", w1.b or "", (2, 3)))


def test_a_forfeit_is_the_named_players_loss_and_a_withdrawal_forfeits_the_rest() -> None:
    state = drawn(Options(Format.DE, race=3), 8)
    t = state.tournament
    w1 = t.slots["W1-1"]
    assert w1.a and w1.b
    state = apply(state, Forfeit("W1-1", w1.a))
    slot = state.tournament.slots["W1-1"]
    assert (slot.status, slot.winner, slot.loser, slot.outcome.score) == (MatchStatus.FORFEIT, w1.b, w1.a, None)  # type: ignore[union-attr]
    state = apply(state, Withdrawn(w1.a))
    state = apply(state, winning(state.tournament, "W1-2", True, 0))
    l1 = next(s for s in state.tournament.slots.values() if s.spec.id.startswith("L1") and w1.a in (s.a, s.b))
    assert l1.status is MatchStatus.FORFEIT and l1.loser == w1.a
    with pytest.raises(TournamentRefused, match="already left"):
        apply(state, Disqualified(w1.a, "no show"))


def test_a_disqualified_player_on_a_table_forfeits_and_frees_it() -> None:
    state = drawn(Options(Format.SE, race=3), 4, tables=(1,))
    t = state.tournament
    playing = next(s for s in t.slots.values() if s.status is MatchStatus.PLAYING)
    assert playing.a
    state = apply(state, Disqualified(playing.a, "unsporting conduct"))
    t = state.tournament
    assert t.slots[playing.spec.id].status is MatchStatus.FORFEIT
    assert t.disqualified == {playing.a: "unsporting conduct"}
    assert len(t.on_table) == 1 and playing.spec.id not in t.on_table


def test_undo_steps_back_the_latest_decision_only() -> None:
    state = drawn(Options(Format.DE, race=3), 4, tables=(1, 2))
    before = state
    state = apply(state, winning(state.tournament, "W1-1", True, 0))
    seq = state.seq
    with pytest.raises(TournamentRefused, match=f"latest decision still in force can be undone \\(event {seq}\\)"):
        apply(state, Undo(seq - 1))
    undone = apply(state, Undo(seq))
    assert undone.tournament == before.tournament
    assert undone.seq == seq + 1
    # Twice in a row steps back twice: here the tables, then the draw.
    undone = apply(undone, Undo(seq - 1))
    assert undone.tournament.tables == ()
    undone = apply(undone, Undo(seq - 2))
    assert undone.tournament.status is Status.ENTRIES
    with pytest.raises(TournamentRefused, match="creation cannot be undone"):
        apply(apply(undone, Undo(2)), Undo(1))


def test_replay_is_the_fold() -> None:
    events = [
        Created("Open", Options(Format.SE, race=2)),
        EntriesAdded(tuple(Entry(n) for n in P[:3])),
        Drawn(5),
        TablesSet((4, 2)),
    ]
    state = replay(events)
    t = state.tournament
    assert state.seq == 4
    assert t.status is Status.PLAYING
    playing = [s for s in t.slots.values() if s.status is MatchStatus.PLAYING]
    assert [(s.spec.id, s.table) for s in playing] == [("W1-2", 4)]


def test_ready_matches_go_to_free_tables_at_once_losers_side_first() -> None:
    state = drawn(Options(Format.DE, race=3), 16, tables=(1, 2))
    t = state.tournament
    assert [(m, t.on_table[m]) for m in ("W1-1", "W1-2")] == [("W1-1", 1), ("W1-2", 2)]
    assert t.queue[:3] == ("W1-3", "W1-4", "W1-5")
    # W1-2's table goes to L1-3 (W1-1/W1-2's losers: sixteen slots drop round 1 half-shifted)
    # ahead of W1-4; W1-3's table to W1-4, then to L1-4 once W1-4 is over.
    for m in ("W1-1", "W1-2", "W1-3", "W1-4"):
        state = apply(state, winning(state.tournament, m, True, 0))
    t = state.tournament
    assert t.on_table == {"L1-3": 2, "L1-4": 1}
    assert t.queue == ("W1-5", "W1-6", "W1-7", "W1-8", "W2-1", "W2-2")


def test_a_desk_start_moves_a_match_to_its_table() -> None:
    state = drawn(Options(Format.SE, race=3), 8, tables=(1, 2, 3))
    t = state.tournament
    assert t.on_table == {"W1-1": 1, "W1-2": 2, "W1-3": 3}
    state = apply(state, MatchStarted("W1-1", "desk-match-7"))
    assert state.tournament.slots["W1-1"].match_id == "desk-match-7"
    with pytest.raises(TournamentRefused, match="table 2 already holds W1-2"):
        apply(state, MatchStarted("W1-1", "m", table=2))
    with pytest.raises(TournamentRefused, match="not on a table yet"):
        apply(state, MatchStarted("W1-4", "m"))
    state = apply(state, winning(state.tournament, "W1-1", True, 1))
    assert state.tournament.slots["W1-1"].outcome.match_id == "desk-match-7"  # type: ignore[union-attr]
    assert state.tournament.slots["W1-1"].outcome.table == 1  # type: ignore[union-attr]
    assert state.tournament.on_table["W1-4"] == 1


def test_the_latest_decision_in_force_is_what_undo_takes_back_and_can_be_taken_again() -> None:
    state = drawn(Options(Format.DE), 8, draw_seed=42)
    assert state.latest == Drawn(42)
    result = winning(state.tournament, "W1-1", True, 2)
    after = apply(state, result)
    assert after.latest == result
    undone = apply(after, Undo(after.seq))
    assert undone.latest == Drawn(42)  # the result is out of force: the draw is next
    again = apply(undone, result)  # the same decision recorded again: the same tournament
    assert again.tournament == after.tournament and again.latest == result
    created = replay([Created("Test Open", Options(Format.DE))])
    assert created.latest is None  # the creation is never undone
