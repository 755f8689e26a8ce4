"""A whole race-to-2 match recorded on the desk, once with the mouse and once with keys only.

The same script drives both: every step names the widgets a referee clicks and
the keys a referee presses for the same decision. At the end the stored log
replays to the state on screen, and the inputs spent per event stay within
the ergonomic budget (a called ball that drops alone <= 2, a miss <= 2, a foul <= 3).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from referee_app.game.history import replay
from referee_app.game.state import summary
from referee_app.game.vocab import RackHow, Seat, Status
from referee_app.log.store import Store
from tests.gui.conftest import Desk

POCKET_KEYS = {"HL": "Q", "SL": "W", "FL": "E", "HR": "A", "SR": "S", "FR": "D"}
BUDGET = {"made": 2, "miss": 2, "foul": 3}


@dataclass(frozen=True)
class Step:
    what: str
    clicks: tuple[str, ...]
    keys: tuple[str, ...]
    kind: str = ""  # "made", "miss" or "foul": the ergonomic budget applies


def made(pocket: str) -> Step:
    return Step(f"made in {pocket}", (f"pocket{pocket}", "madeButton"), (POCKET_KEYS[pocket], "Return"), "made")


def miss(pocket: str) -> Step:
    return Step(f"miss in {pocket}", (f"pocket{pocket}", "missButton"), (POCKET_KEYS[pocket], "M"), "miss")


def foul(code: str, key: str) -> Step:
    return Step(code, (f"foul_{code}",), (key,), "foul")


RACK_1 = [
    Step("lag won by Ana", ("lagWonA",), ("A",)),
    Step("legal dry break", ("breakRailsUp", "recordBreak"), ("]", "Return")),
    Step("Ben pushes out", ("pushOutButton",), ("P",)),
    Step("Ana hands back", ("optionHandBack",), ("H",)),
    made("SL"),  # Ben: 1 in SL
    Step(
        "wrongful pocket: 2 called in FL drops in FR",
        ("pocketFL", "shotAddDropped", "droppedBall2", "droppedPocketFR", "missButton"),
        ("E", "+", "2", "D", "M"),
    ),
    Step("Ana shoots from there", ("optionShoot",), ("Return",)),
    foul("scratch", "C"),  # Ana: foul 1
    miss("HL"),  # Ben
    foul("wrong_ball_first", "B"),  # Ana: foul 2
    Step("Ben plays safe", ("safetyButton",), ("X",)),
    Step("the referee warns Ana", ("warningGiven",), ("G",)),
    foul("no_rail", "N"),  # Ana: third warned foul, Ben wins the rack
]
RACK_2 = [
    Step(
        "Ben breaks, the 3 drops",
        ("breakAddDropped", "droppedBall3", "droppedPocketFL", "breakRailsUp", "recordBreak"),
        ("+", "3", "E", "]", "Return"),
    ),
    *[made(p) for p in ("FR", "SR", "FL", "HL", "HR", "SL", "FR", "FL")],  # 1, 2, 4..9
    made("FR"),  # the 10
]


def play_script(desk: Desk, by_keys: bool) -> dict[str, list[int]]:
    spent: dict[str, list[int]] = {"made": [], "miss": [], "foul": []}
    for step in RACK_1 + RACK_2:
        before = len(desk.session.history.entries)
        desk.inputs = 0
        if by_keys and step is RACK_2[0]:
            desk.look()  # the rack has just ended: its keys wait until the referee has seen it
        for item in step.keys if by_keys else step.clicks:
            desk.key(item) if by_keys else desk.click(item)
            desk.qtbot.wait(1)
        after = len(desk.session.history.entries)
        assert after == before + 1, f"{step.what}: nothing recorded ({desk.text('notice')!r})"
        if step.kind:
            spent[step.kind].append(desk.inputs)
    return spent


def check_final_screen(desk: Desk) -> None:
    state = desk.state
    assert state.status is Status.FINISHED and state.winner is Seat.B
    assert [r.how for r in state.racks] == [RackHow.THREE_FOULS, RackHow.TEN]
    stored = replay(Store(desk.db).load(desk.session.match_id)).state
    assert summary(stored) == summary(state)
    assert desk.text("scoreA") == "0" and desk.text("scoreB") == "2"
    assert desk.text("nameB") == "Ben"
    assert desk.widget("finishedPanel").isVisible()
    assert desk.text("finishedResult") == "Ben wins the match 2–0 (race won)."  # the winner's score first
    lines = desk.page.history.lines()  # one line an event, then a line at each rack's end and the match's
    assert len([line for line in lines if not line.startswith("   ")]) == len(desk.session.history.entries)
    assert [line.strip() for line in lines if line.startswith("   ")] == [
        "—— Rack 1 to Ben (three fouls): 0–1 ——",
        "—— Rack 2 to Ben (called 10): 0–2 ——",
        "== Ben wins the match 2–0 (race won) ==",
    ]


@pytest.mark.parametrize("by_keys", [False, True], ids=["mouse", "keyboard"])
def test_race_to_two_recorded_on_the_desk(desk: Desk, by_keys: bool) -> None:
    desk.start(race_to=2)
    spent = play_script(desk, by_keys)
    check_final_screen(desk)
    for kind, counts in spent.items():
        assert counts and max(counts) <= BUDGET[kind], f"{kind}: {counts} inputs"


def test_warning_prompt_blocks_the_shot_until_confirmed(desk: Desk) -> None:
    desk.start(race_to=2)
    for step in RACK_1[:11]:
        for name in step.clicks:
            desk.click(name)
    assert desk.state.warning_due == (Seat.A,) and desk.state.at_table is Seat.A
    banner = desk.widget("warningPrompt")
    assert banner.isVisible() and "Ana is on two consecutive fouls" in desk.text("warningText")
    assert not desk.button("madeButton").isEnabled() and not desk.button("foul_no_rail").isEnabled()
    count = len(desk.session.history.entries)
    desk.key("E")
    desk.key("Return")
    desk.key("N")
    assert len(desk.session.history.entries) == count  # blocked: nothing recorded
    desk.click("warningGiven")
    assert desk.state.warned[Seat.A] and not banner.isVisible()
    assert desk.button("foul_no_rail").isEnabled()


def test_refusal_is_shown_and_changes_nothing(desk: Desk) -> None:
    desk.start()
    desk.click("lagWonA")
    before = desk.state
    desk.window.decide("penalty")  # a foul penalty while the break is due
    desk.click("decisionButtonsOk")
    assert desk.state == before
    assert desk.text("notice") == "A foul penalty cannot be given while the break is due."
    assert desk.widget("notice").property("level") == "refusal"
