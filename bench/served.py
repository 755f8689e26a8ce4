"""A tournament on phone tables, served by a real `tournament serve` in a process of its own: what
`bench/pages.py` and `bench/phone_page.py` measure the pages on (and the axe test checks).

`Served.start(folder, players=8, race=3, tables=4)` makes the organizer's database (a double
elimination, names with accents, every table a phone table), starts `tournament serve` on a free
port and gives its address, the tables' keys and the process (stopped by `stop`, paused by
`pause`/`resume`: SIGSTOP and SIGCONT, a laptop that stops answering without closing anything).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if Path(sys.path[0]).resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)  # the project root, not bench/ (its click.py would shadow the package)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee_app.event import operations
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options

NAMES = (
    "Ana Lopez", "Hugo Bernard", "Chloé Durand", "Farid Haddad", "Éva Martin", "Greta Olsen", "Ben Novak",
    "François Lefèvre", "Zoé Perrin", "Loïc Garçon", "Agnès Brûlé", "Thaïs Pérez", "David Meier", "Gaël Le Bihan",
    "Benoît Lagrange", "Iris Nakamura",
)  # fmt: skip


@dataclass
class Served:
    """A running `tournament serve`: its base address, its tables' keys, its process."""

    url: str
    keys: dict[int, str]
    process: subprocess.Popen[str]
    db: Path
    tournament: str

    @classmethod
    def start(cls, folder: Path, players: int = 8, race: int = 3, tables: int = 4) -> Served:
        db = folder / "organizer.db"
        with closing(Store(db)) as store:
            tid = operations.new_tournament(store, "Audit Open", Options(Format.DE, race=race))
            names = [NAMES[n] if n < len(NAMES) else f"Player {n:03d}" for n in range(players)]
            operations.add_entries(store, tid, "name\n" + "".join(f"{name}\n" for name in names))
            operations.draw(store, tid, 42)
            operations.set_tables(store, tid, f"1-{tables}")
            keys = {table: str(key) for table, key in operations.set_phones(store, tid, f"1-{tables}")}
        environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        command = [sys.executable, "-m", "referee_desk.main", "tournament", "serve", tid, "--web", "0", "--db", str(db)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=environment)
        assert process.stdout is not None
        line = process.stdout.readline()  # "serving http://127.0.0.1:PORT/bracket"
        if "http://" not in line:
            process.kill()
            raise RuntimeError(f"tournament serve did not start: {line!r}")
        url = line[line.index("http://") :].split("/bracket")[0].strip()
        return cls(url, keys, process, db, tid)

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        self.resume()
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
