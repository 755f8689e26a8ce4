"""`mypy --strict` over the core and the GUI, the GUI under its installed name `referee_desk`.

The GUI's sources live in ui/ and install as `referee_desk` (setuptools' package-dir); mypy
cannot follow that mapping, so it is shown the folder through a link in build/ (ignored by git).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    base = ROOT / "build" / "typecheck"
    link = base / "referee_desk"
    base.mkdir(parents=True, exist_ok=True)
    if not link.is_symlink():
        link.symlink_to(ROOT / "ui", target_is_directory=True)
    env = dict(os.environ, MYPYPATH=str(base))
    command = [sys.executable, "-m", "mypy", "--strict", "-p", "referee_app", "-p", "referee_desk", *sys.argv[1:]]
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
