"""Match sheets for 200 matches: PDF (Qt), the same documents as HTML only, and the CSVs.

Each match is read from a SQLite database and replayed, as `referee-app export`
does. Last line: `ms_per_sheet X target <= 50` (the PDF, all included).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import uuid
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path[0] = str(Path(__file__).resolve().parents[1])

from referee_desk.printing import ensure_gui_app, write_sheets_pdf

from referee_app.game.events import MatchStarted
from referee_app.log.logfile import read_log
from referee_app.log.store import Store
from referee_app.organizer.demo import seed_logs
from referee_app.organizer.exports import matches_csv, racks_csv
from referee_app.organizer.operations import import_entries
from referee_app.words.sheet import build_sheet, sheet_html

MATCHES = 200


def main() -> None:
    ensure_gui_app()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "m.db")
        seeds = [[line.entry for line in read_log(str(p))] for p in seed_logs()]
        ids = []
        for n in range(MATCHES):
            entries = list(seeds[n % len(seeds)])
            setup = entries[0].event
            assert isinstance(setup, MatchStarted)
            entries[0] = entries[0]._replace(event=replace(setup, match_id=str(uuid.uuid4())))
            ids.append(import_entries(store, entries)[0])
        out = Path(folder) / "pdf"
        out.mkdir()

        t0 = time.perf_counter()
        size = 0
        for match_id in ids:
            size += len(sheet_html(build_sheet(store.load(match_id))))
        html_s = time.perf_counter() - t0

        t0 = time.perf_counter()
        for match_id in ids:
            write_sheets_pdf([store.load(match_id)], out / f"{match_id}.pdf", "a4")
        pdf_s = time.perf_counter() - t0
        pdf_bytes = sum(p.stat().st_size for p in out.glob("*.pdf"))

        t0 = time.perf_counter()
        logs = [store.load(match_id) for match_id in ids]
        racks, matches = racks_csv(logs), matches_csv(logs)
        csv_s = time.perf_counter() - t0
    print(f"matches: {MATCHES} (the four demo matches, repeated)")
    print(
        f"HTML only (load, replay, sheet, HTML): {html_s / MATCHES * 1000:.1f} ms per sheet ({size // MATCHES} chars)"
    )
    print(
        f"PDF (the same, printed by Qt):         {pdf_s / MATCHES * 1000:.1f} ms per sheet "
        f"({pdf_bytes // MATCHES // 1024} KiB)"
    )
    print(
        f"CSV of all {MATCHES} matches (racks.csv {len(racks.splitlines()) - 1} rows, matches.csv "
        f"{len(matches.splitlines()) - 1} rows): {csv_s * 1000:.0f} ms"
    )
    print(f"ms_per_sheet {pdf_s / MATCHES * 1000:.1f} target <= 50")


if __name__ == "__main__":
    main()
