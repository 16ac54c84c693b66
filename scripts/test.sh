#!/usr/bin/env bash
# What `make test` runs: install what is missing, build everything, run every jest suite, and end
# with one line `N passed, N failed`. Exits non-zero if the build failed, a test failed or none ran.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash deploy/install.sh || { echo "install fallita" >&2; echo "0 passed, 0 failed"; exit 1; }
source scripts/node-env.sh

mkdir -p .tmp
# A full run needs about 2 GB free (build outputs, the test cluster and its WAL): say so up front,
# since PostgreSQL stopping on a full disk fails every suite after it with an unrelated message.
free_mb=$(df -Pm . | awk 'NR==2 {print $4}')
echo "spazio libero su disco: ${free_mb} MB" >&2
((free_mb < 2048)) && echo "attenzione: meno di 2 GB liberi, PostgreSQL potrebbe fermarsi a metà dei test" >&2
build_status=0
npx nx run-many -t build --parallel=2 --outputStyle=static || build_status=$?

results=.tmp/jest-results.json
rm -f "$results"
jest_status=0
npx jest --json --outputFile="$results" "$@" || jest_status=$?

summary_args=(--results "$results" --jest-status "$jest_status")
((build_status != 0)) && summary_args+=(--build-failed)
node scripts/summarize-tests.js "${summary_args[@]}"
