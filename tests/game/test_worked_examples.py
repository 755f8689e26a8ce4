"""Every worked example (vendored from shared/examples into tests/examples) replays to its stated state (spec §5)."""

import json
from pathlib import Path

import pytest

from referee_app.cli.main import main
from referee_app.game.history import replay
from referee_app.game.state import summary
from referee_app.log.logfile import read_log

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LOGS = sorted(EXAMPLES.glob("*.jsonl"))
RACK_LOGS = sorted((EXAMPLES / "racks").glob("*.jsonl"))


@pytest.mark.parametrize("log", LOGS + RACK_LOGS, ids=[p.stem for p in LOGS + RACK_LOGS])
def test_example_replays_to_its_state(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    want = json.loads(log.with_name(log.stem + ".state.json").read_text())
    state = replay(line.entry for line in read_log(str(log))).state
    assert summary(state) == want
    assert main(["replay", str(log)]) == 0
    printed = capsys.readouterr().out
    assert json.loads(printed) == want
    assert list(json.loads(printed)) == list(want)  # keys in spec order
