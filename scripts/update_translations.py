"""Refresh the translation catalogue from the sources, then compile it.

    .venv/bin/python scripts/update_translations.py

lupdate collects every `tr(...)`, `QCoreApplication.translate(...)` and
`QT_TRANSLATE_NOOP(...)` string of `ui/` and `referee_app/` into
`ui/translations/referee_fr.ts` (existing translations are kept, strings no longer in
the sources are dropped); translate the new entries (Qt Linguist:
`pyside6-linguist ui/translations/referee_fr.ts`, or by hand), then run this again so
that lrelease compiles `referee_fr.qm`, which the package ships.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "ui" / "translations" / "referee_fr.ts"
BIN = Path(sys.executable).parent


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for folder in ("ui", "referee_app") for p in (ROOT / folder).rglob("*.py"))


def lupdate(catalogue: Path) -> None:
    """Merge the sources' strings into `catalogue` (no line numbers: they would churn on every edit)."""
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), *sources(), "-ts", str(catalogue), "-no-obsolete", "-locations", "none"],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip


def lrelease(catalogue: Path, compiled: Path) -> None:
    subprocess.run([str(BIN / "pyside6-lrelease"), str(catalogue), "-qm", str(compiled)], check=True,
                   capture_output=True)  # fmt: skip


def main() -> None:
    lupdate(CATALOGUE)
    lrelease(CATALOGUE, CATALOGUE.with_suffix(".qm"))
    print(f"updated {CATALOGUE.relative_to(ROOT)} and compiled {CATALOGUE.with_suffix('.qm').name}")


if __name__ == "__main__":
    main()
