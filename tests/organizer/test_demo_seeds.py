"""The demo seeds are valid logs the app can open."""

from pathlib import Path

from referee_app.game.vocab import RuleSet, Status
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.organizer.demo import load_demo, seed_logs


def test_seeds_load_and_cover_both_presets_and_states(tmp_path: Path) -> None:
    assert len(seed_logs()) >= 3
    store = Store(tmp_path / "demo.db")
    ids = load_demo(store)
    assert len(ids) == len(seed_logs())
    states = [Session(store, match_id).state for match_id in ids]
    assert {s.setup.rules for s in states} == set(RuleSet)
    assert {s.status for s in states} == {Status.FINISHED, Status.PLAYING}
    assert load_demo(store) == ids  # loading twice adds nothing
    assert len(store.match_rows()) == len(ids)
