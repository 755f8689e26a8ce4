"""Demo data: the sample match logs shipped in `seeds/`."""

from __future__ import annotations

from pathlib import Path

from referee_app.log.logfile import read_log
from referee_app.log.store import Store
from referee_app.organizer.operations import import_entries

_INSTALLED = Path(__file__).resolve().parents[1] / "seeds"  # in the wheel and the app bundle
_SOURCE = Path(__file__).resolve().parents[2] / "seeds"  # in a checkout (and an editable install)
SEEDS = _INSTALLED if _INSTALLED.is_dir() else _SOURCE


class DemoMissing(FileNotFoundError):
    """The demo matches are not where this installation keeps them."""


def seed_logs() -> list[Path]:
    """The demo match logs; `DemoMissing` rather than an empty list, so the desk never opens empty
    without saying why."""
    logs = sorted(SEEDS.glob("*.jsonl"))
    if not logs:
        raise DemoMissing(f"the demo matches are not installed (looked in {SEEDS})")
    return logs


def load_demo(store: Store) -> list[str]:
    """Import every seed match not yet in `store`; returns their match ids."""

    ids = []
    for path in seed_logs():
        entries = [line.entry for line in read_log(str(path))]
        match_id, _ = import_entries(store, entries)
        ids.append(match_id)
    return ids
