"""Round names as people say them, and the bracket's drawing plan (shared by the window, the paper
and the board's page)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from referee_app.event.published import board_view
from referee_app.i18n import english
from referee_app.tournament.events import Created, Drawn, EntriesAdded
from referee_app.tournament.layout import BOX_H, layout
from referee_app.tournament.model import Entry, FinalMode, Format, GroupFormat, Options, Side
from referee_app.tournament.show import MatchView, round_name, show, standings_view, view
from referee_app.tournament.state import apply, replay
from referee_app.tournament.wording import hot_seat, names_of, round_names, source_text
from tests.tournament.golden_cases import CASES, played
from tests.tournament.play import drawn, winning


def matches(options: Options, players: int) -> tuple[MatchView, ...]:
    state = replay([Created("Open", options), EntriesAdded(tuple(Entry(f"P{i}") for i in range(players))), Drawn(1)])
    return view(state.tournament, "t").matches


def test_double_elimination_names_the_hot_seat_the_losers_final_and_the_losers_rounds() -> None:
    names = round_names(matches(Options(Format.DE), 16))
    assert names["W1-1"] == "Winners' round 1"
    assert names["W4-1"] == "Hot seat"
    assert names["L3-2"] == "Losers' round 3"
    assert names["L6-1"] == "Losers' final"
    assert names["F1"] == "Final"
    single = round_names(matches(Options(Format.DE, final=FinalMode.SINGLE), 8))
    assert single["W3-1"] == "Hot seat"


def test_the_second_final_is_named_once_it_is_due() -> None:
    state = drawn(Options(Format.DE), 4)
    for match in ("W1-1", "W1-2", "W2-1", "L1-1", "L2-1"):
        state = apply(state, winning(state.tournament, match, True, 0))
    assert "F2" not in round_names(view(state.tournament, "t").matches)
    state = apply(state, winning(state.tournament, "F1", False, 0))  # the losers' side champion wins F1
    assert round_names(view(state.tournament, "t").matches)["F2"] == "Second final"


def test_single_elimination_and_after_the_switch_name_the_last_rounds() -> None:
    names = round_names(matches(Options(Format.SE, third_place=True), 32))
    assert [names[f"W{r}-1"] for r in range(1, 5)] == ["Last 32", "Last 16", "Quarter-final", "Semi-final"]
    assert names["P3"] == "Third-place match"
    mixed = round_names(matches(Options(Format.DE, se_at=8), 32))
    assert mixed["W1-1"] == "Winners' round 1" and mixed["L1-1"] == "Losers' round 1"
    switched = [mid for mid, name in mixed.items() if name == "Quarter-final"]
    assert len(switched) == 4 and all(mid.startswith("W") for mid in switched)
    assert "Hot seat" not in mixed.values() and "Losers' final" not in mixed.values()


def test_group_matches_say_their_group() -> None:
    names = round_names(matches(Options(Format.GROUPS, groups=2, advance=2), 8))
    assert names["G2-3-1"] == "Group 2, round 3"
    de = round_names(
        matches(Options(Format.GROUPS, groups=2, advance=2, group_format=GroupFormat.DE, then=Format.SE), 16)
    )
    assert de["G1-W2-1"] == "Group 1, winners' round 2" and de["G2-L1-1"] == "Group 2, losers' round 1"


def test_sources_read_as_words() -> None:
    assert [source_text(s) for s in ("seed 3", "winner W1-2", "loser W2-1", "group 2 #1")] == [
        "Seed 3",
        "Winner of W1-2",
        "Loser of W2-1",
        "Group 2 #1",
    ]
    assert [source_text(s) for s in ("best 3rd #2", "best 4th #1")] == ["Best third #2", "Best of the pools' #4 #1"]


@pytest.mark.parametrize(
    "options, players",
    [
        (Options(Format.DE), 128),
        (Options(Format.DE), 24),
        (Options(Format.DE, se_at=16), 64),
        (Options(Format.SE, third_place=True), 13),
        (Options(Format.GROUPS, groups=4, advance=2), 16),
        (Options(Format.GROUPS, groups=4, advance=4, group_format=GroupFormat.DE, then=Format.SE), 32),
    ],
)
def test_no_two_boxes_overlap_and_each_line_runs_left_to_right(options: Options, players: int) -> None:
    ms = matches(options, players)
    plan = layout(ms)
    assert set(plan.boxes) == {m.id for m in ms}
    columns: dict[float, list[float]] = {}
    for box in plan.boxes.values():
        columns.setdefault(box.x, []).append(box.y)
    for ys in columns.values():
        ys.sort()
        assert all(b - a >= BOX_H for a, b in itertools.pairwise(ys))
    for source, target in plan.lines:
        assert plan.boxes[source].x < plan.boxes[target].x, (source, target)
    winners = [b.y for b in plan.boxes.values() if b.band == "W"]
    losers = [b.y for b in plan.boxes.values() if b.band == "L"]
    if losers and not options.se_at:
        assert max(winners) < min(losers)  # the winners' side above the losers' side


def test_a_round_name_is_read_back_from_either_language_and_said_in_each() -> None:
    from referee_app.tournament.wording import LAST_N, ROUNDS, round_in

    def shouted(_context: str, text: str) -> str:  # a second language: every round name reworded
        return "1/{half} finale" if text == LAST_N else "« " + text.replace("round", "tour") + " »"

    languages = {"en": english, "xx": shouted}
    values = {"n": 16, "g": 3, "half": 8}
    for template in ROUNDS:
        both = {"en": template.format(**values), "xx": shouted("Tournament", template).format(**values)}
        for said in both.values():
            assert round_in(said, languages) == both, said
    assert round_in("Poule B, barrage", languages) == {}  # typed by hand: shown as typed
    assert round_in("Losers' round 12", languages)["xx"] == "« Losers' tour 12 »"


@pytest.mark.parametrize("se_at", [4, 8, 16])
def test_a_losers_side_switched_to_single_elimination_has_no_final_of_several_matches(se_at: int) -> None:
    """Switched to single elimination, the losers' side's last round sends several players on to the
    knockout: each of its matches is a losers' round, not the losers' final."""
    t = drawn(Options(Format.DE, se_at=se_at), 32).tournament
    assert t.bracket is not None
    losers = [s for s in t.bracket.matches if s.side is Side.L]
    last = max(s.round for s in losers)
    final_round = [s for s in losers if s.round == last]
    assert len(final_round) > 1
    assert {round_name(t, s.id) for s in final_round} == {f"Losers' round {last}"}
    assert {round_names(view(t, "t").matches)[s.id] for s in final_round} == {f"Losers' round {last}"}


def test_a_losers_side_played_to_its_end_has_one_final() -> None:
    t = drawn(Options(Format.DE), 16).tournament
    assert t.bracket is not None
    losers = [s for s in t.bracket.matches if s.side is Side.L]
    last = max(s.round for s in losers)
    assert [round_name(t, s.id) for s in losers if s.round == last] == ["Losers' final"]


def test_every_round_the_engine_names_is_read_back_and_said_in_the_papers_language() -> None:
    from referee_app.tournament.show import ROUND_WORDS
    from referee_app.words.rounds import ROUNDS, round_said

    assert set(ROUND_WORDS.values()) <= set(ROUNDS)

    def french(_context: str, text: str) -> str:
        return {"Winners' round {n}": "Tableau gagnants, tour {n}", "Second final": "Seconde finale"}.get(text, text)

    assert round_said("Winners' round 1", french) == "Tableau gagnants, tour 1"
    assert round_said("Tableau gagnants, tour 3", french) == "Tableau gagnants, tour 3"  # sent in French already
    assert round_said("Second final", french) == "Seconde finale"
    assert round_said("Poule B, barrage", french) == "Poule B, barrage"  # typed by hand: as typed


GOLDEN = Path(__file__).parent / "golden" / "layouts.json"


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_drawing_plan_from_the_typed_view_is_the_one_drawn_from_the_dicts_before(case: str) -> None:
    """Every box, line, band and column head, the round names and the hot seat of ten brackets, as
    the layout drew them when it read `show --json`'s dicts (`golden/layouts.json`, written by that
    code before it moved to the typed view): the window, the paper and the pages draw what they drew."""
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))[case]
    t = played(case)
    ms = view(t, "t").matches
    assert json.loads(json.dumps(layout(ms).to_dict())) == kept["layout"]
    assert round_names(ms) == kept["names"]
    assert hot_seat(ms) == kept["hot_seat"]
    page = json.loads(json.dumps(board_view(view(t, "t"), standings_view(t), {"en": english}).to_json()))
    assert (page["layout"], page["names"]["en"], page["hot_seat"]) == (kept["layout"], kept["names"], kept["hot_seat"])
    assert page["show"] == show(t, "t")  # the board page's feed: the same plan, names and spec §4 dict
    # every match's round by the engine's rule, as named one match at a time before it counted the bracket once
    assert names_of(t) == kept["engine_names"]
