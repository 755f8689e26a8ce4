"""The live overlay of a desk scoring racks (spec 1.3 §2a): the snapshot and vMix's row hold, with
nothing at the table; a rack's banner says how it was won."""

from __future__ import annotations

from pathlib import Path

from referee_app.game.history import replay
from referee_app.log.logfile import read_log
from referee_app.web.overlay import banner, snapshot, vmix_fields

RACKS = Path(__file__).resolve().parents[1] / "examples" / "racks"


def test_a_rack_scored_match_on_the_overlay() -> None:
    entries = [line.entry for line in read_log(str(RACKS / "09-rack-scoring-ffb.jsonl"))]
    mid = replay(entries[:3])  # Karim's 10 on the break
    assert banner(mid) == {"kind": "rack", "seat": "B", "rack": 1, "how": "ten_on_break"}
    view = snapshot("m", mid)
    assert view["balls_on_table"] is None and view["at_table"] is None and view["awaiting"] == "rack"
    [row] = vmix_fields(view, None)
    assert (row["ScoreA"], row["ScoreB"], row["BallsOnTable"], row["AtTableA"], row["BreakerA"]) == (0, 1, "", "", "B")
    [end] = vmix_fields(snapshot("m", replay(entries)), None)
    assert end["Winner"] == "Karim Benali" and end["Status"] == "finished"
