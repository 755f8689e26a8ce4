"""The bundled app's start to first paint vs the same desk installed in a virtualenv.

Both are started as a user starts them (a new process, offscreen, a fresh database), in
alternation, and timed from the launch to the line the desk prints once its window has
painted (REFEREE_APP_EXIT_AFTER_PAINT). The baseline is a regular, non-editable install
(build/bundle-venv, made by scripts/build_app.sh). Also prints the bundle's size on disk and
as a .tar.gz. Ends with `ratio X target <= 1.3`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "dist" / "referee-app" / "referee-app"
VENV_APP = ROOT / "build" / "bundle-venv" / "bin" / "referee-app"
RUNS = 15


def first_paint(app: Path, folder: Path, n: int) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", REFEREE_APP_EXIT_AFTER_PAINT="1", HOME=str(folder))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [str(app), "--db", str(folder / f"{n}.db")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "painted":
            elapsed = time.perf_counter() - t0
            break
    else:
        raise SystemExit(f"{app} never painted")
    proc.wait(timeout=30)
    return elapsed


def size_mib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def main() -> None:
    if not BUNDLE.exists() or not VENV_APP.exists():
        sys.exit("build the app first: scripts/build_app.sh")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for app in (BUNDLE, VENV_APP):  # warm the disk cache for both
            first_paint(app, folder, 0)
        bundle, venv = [], []
        for n in range(1, RUNS + 1):
            bundle.append(first_paint(BUNDLE, folder, n))
            venv.append(first_paint(VENV_APP, folder, 100 + n))
        archive = folder / "referee-app.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(BUNDLE.parent, arcname="referee-app")
        packed = archive.stat().st_size / 2**20
    b, v = statistics.median(bundle), statistics.median(venv)
    print(f"runs: {RUNS} alternating, offscreen, fresh database each")
    print(f"venv install, start to first paint:   median {v * 1000:.0f} ms (min {min(venv) * 1000:.0f})")
    print(f"bundled app, start to first paint:    median {b * 1000:.0f} ms (min {min(bundle) * 1000:.0f})")
    print(f"bundle size: {size_mib(BUNDLE.parent):.0f} MiB on disk, {packed:.0f} MiB as .tar.gz")
    print(f"ratio {b / v:.2f} target <= 1.3")


if __name__ == "__main__":
    main()
