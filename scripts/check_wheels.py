"""Every runtime dependency installs from wheels on Windows and on both kinds of Mac.

The Windows and macOS builds (.github/workflows/ci.yml, release.yml) run on GitHub's runners; what
Linux can check here is that pip finds a wheel of every runtime dependency, and of theirs, for
those systems and the Python the workflows use: a dependency without one would need a compiler
there, or fail. `pip download --only-binary=:all: --platform P --python-version V` resolves as
pip would on that system, into a temporary folder removed afterwards. One line per system; exit 1
if any misses a wheel. Run by .ci/run.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLATFORMS = ("win_amd64", "macosx_14_0_arm64", "macosx_13_0_x86_64")
"""windows-2022, macos-14 (Apple silicon) and macos-13 (Intel): the runners' own systems."""
COMING: tuple[str, ...] = ()
"""Dependencies on their way into pyproject.toml, checked already (aiohttp, the web side's, has come)."""
BUILD = ("pyinstaller>=6.10,<7",)
"""What scripts/build_app.sh installs besides the package, on the runners too (kept in step with it)."""


def workflow_python(folder: Path = ROOT / ".github" / "workflows") -> str:
    """The one Python version the workflows set up (`python-version: "3.N"`)."""
    found = {m for f in folder.glob("*.yml") for m in re.findall(r'python-version: "(3\.\d+)"', f.read_text())}
    if len(found) != 1:
        raise SystemExit(f"the workflows should set up one Python version, not {sorted(found) or 'none'}")
    return found.pop()


def requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The runtime dependencies, those on their way (unless pyproject.toml already has them), and
    the bundle's builder."""
    declared: list[str] = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    names = {re.split(r"[\[<>=!~; ]", d, maxsplit=1)[0].lower() for d in declared}
    return declared + [c for c in COMING if re.split(r"[<>=]", c, maxsplit=1)[0].lower() not in names] + list(BUILD)


def check(platform: str, python: str, wanted: list[str], folder: Path) -> tuple[bool, str]:
    """Download the wheels `wanted` needs on `platform`; (all found, a line saying so)."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--only-binary=:all:",
         "--platform", platform, "--python-version", python, "-d", str(folder), *wanted],
        capture_output=True, text=True,
    )  # fmt: skip
    wheels = sorted(p.name for p in folder.glob("*.whl"))
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
        return False, f"wheels for {platform}, Python {python}: MISSING: {' '.join(errors) or done.stderr[-500:]}"
    return True, f"wheels for {platform}, Python {python}: all {len(wheels)} found"


def main() -> int:
    python, wanted = workflow_python(), requirements()
    print(f"runtime dependencies and the builder: {', '.join(wanted)}")
    results = []
    with tempfile.TemporaryDirectory(prefix="referee-wheels-") as temp:
        for platform in PLATFORMS:
            ok, line = check(platform, python, wanted, Path(temp) / platform)
            print(line, flush=True)
            results.append(ok)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
