#!/usr/bin/env bash
# Runs `APP --smoke` (the app as users get it: the Linux bundle in .ci/run, the installed Windows app
# and the app inside the mounted macOS disk image in the workflows) and checks its one line.
# Prints that line; exits 1 if the app failed or printed anything else on its standard output.
set -euo pipefail
app=${1:?usage: scripts/smoke_app.sh PATH-TO-referee-app}
pattern='^referee-app [0-9]+\.[0-9]+\.[0-9]+, Qt 6\.[0-9]+\.[0-9]+, SQLite 3\.[0-9]+\.[0-9]+, Python 3\.[0-9]+: ok$'
err=$(mktemp)
trap 'rm -f "$err"' EXIT
status=0
line=$("$app" --smoke 2>"$err") || status=$?
line=${line%$'\r'}  # Windows ends its lines with CR LF
if [ "$status" -ne 0 ] || ! printf '%s\n' "$line" | grep -Eq "$pattern" || [ "$(printf '%s\n' "$line" | wc -l)" -ne 1 ]; then
  echo "smoke run of $app failed (exit $status):" >&2
  printf '%s\n' "$line" >&2
  tail -n 40 "$err" >&2
  exit 1
fi
echo "$line"
