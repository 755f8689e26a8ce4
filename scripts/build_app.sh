#!/usr/bin/env bash
# Builds the standalone app: a PyInstaller one-folder bundle in dist/referee-app/ that runs with
# no Python installed. The same script runs on Linux here and on the Windows and macOS release
# runners (.github/workflows/release.yml). It installs the package (not editable) and PyInstaller
# into build/bundle-venv, so the bundle holds exactly what a user's install would.
set -euo pipefail
cd "$(dirname "$0")/.."

python=python3
command -v "$python" >/dev/null 2>&1 || python=python
venv=build/bundle-venv
if [ -d "$venv/Scripts" ]; then bin="$venv/Scripts"; else bin="$venv/bin"; fi
if ! "$bin/python" -m pip --version >/dev/null 2>&1; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  if [ -d "$venv/Scripts" ]; then bin="$venv/Scripts"; else bin="$venv/bin"; fi
fi
"$bin/python" -m pip install -q --upgrade pip >/dev/null
"$bin/python" -m pip install -q --force-reinstall --no-deps . >/dev/null
"$bin/python" -m pip install -q . "pyinstaller>=6.10,<7" >/dev/null
rm -rf dist/referee-app
# From build/, not the checkout: there the source folders would shadow the installed package
# (whose referee_app/seeds and referee_desk are what a user gets).
root=$(pwd)
(cd build && "$root/$bin/python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$root/dist" --workpath "$root/build/pyinstaller" "$root/packaging/referee-app.spec")
echo "built dist/referee-app ($(du -sh dist/referee-app | cut -f1))"
