#!/usr/bin/env bash
# Gateway load test: builds what is missing, then runs bench/run.js (see its header for the knobs).
# Usage: scripts/bench.sh            (or: make bench)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for f in services/identity/dist/main.js services/merchants/dist/main.js gateway/dist/main.js deploy/local/dist/index.js; do
  [[ -f "$f" ]] || missing+=("$f")
done
if (( ${#missing[@]} )); then
  echo "bench: manca ${missing[*]}: compilo (nx run-many -t build)" >&2
  npx nx run-many -t build --parallel=2 --outputStyle=static \
    --projects=@smista/identity,@smista/merchants,@smista/gateway,@smista/local-stack
fi

exec node bench/run.js "$@"
