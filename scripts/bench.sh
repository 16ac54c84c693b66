#!/usr/bin/env bash
# Load tests: builds what is missing, then runs bench/run.js (gateway), bench/carriers.js (GLS labels
# through the carriers service vs straight to the sandbox, tracking-code takes) and bench/orders.js (import
# of eBay orders end to end vs a bare read, GET /api/orders at 100,000 orders), bench/shopify.js (10,000 Shopify
# orders end to end vs the adapter's queries read straight from the sandbox, webhook to visible order p50/p99),
# bench/amazon.js (Amazon's searchOrders pacing with two marketplaces replicas on one seller: 429s, rate vs plan),
# bench/five.js (one merchant syncing eBay, Shopify, Amazon, Etsy and AliExpress at once: orders/s, calls refused by limits),
# bench/sso.js (an SSO sign-in through the real Keycloak beside a password login, p50/p99),
# bench/csv-import.js (a 10,000-row CSV of orders previewed and imported through the gateway, rows/s, beside parsing it alone),
# bench/shipments.js (1,000 GLS shipments labelled end to end vs the same AddParcel calls straight to the sandbox, the
# merge of their labels),
# bench/tracking.js (the tracking refresher on two replicas over 100,000 undelivered shipments: reads/s and per hour
# against the same GLS tracking requests straight to the sandbox and what the schedule needs, CPU per read, the
# shared budget per minute, nothing read twice), bench/first-load.js (the transferred size of /auth, /dashboard/orders and /dashboard/shipments in Chromium)
# and bench/load.js (200 users for 5 minutes over the screens' mix, p50/p99 per route, CPU per request per
# component, beside the bare handler); see their headers for the knobs. Last, bench/compare.js compares
# the run's figures (ratios to each script's own baseline) with those recorded in bench/RESULTS.md.
# What must be built comes from the components table (deploy/local/src/components.ts), through
# bench/components.js: every application component's entry, plus the bench's own needs.
# Usage: scripts/bench.sh            (or: make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh

# The table is read from deploy/local's build: that comes first (it builds the sandboxes it needs).
if [[ ! -f deploy/local/dist/components.js ]]; then
  echo "bench: manca deploy/local/dist/components.js: compilo @smista/local-stack" >&2
  npx nx run-many -t build --parallel=2 --outputStyle=static --projects=@smista/local-stack
fi
mapfile -t missing < <(node bench/components.js missing)
if (( ${#missing[@]} )); then
  echo "bench: manca ${missing[*]}: compilo (nx run-many -t build)" >&2
  npx nx run-many -t build --parallel=2 --outputStyle=static --projects="$(node bench/components.js projects)"
fi

# The comparison at the end reads only what this run wrote (older JSON in .tmp/bench is left out).
BENCH_RUN_STARTED="$(date -u +%Y-%m-%dT%H:%M:%S.000Z)"
export BENCH_RUN_STARTED
node bench/run.js "$@"
node bench/carriers.js
node bench/orders.js
node bench/shopify.js
node bench/amazon.js
node bench/five.js
node bench/sso.js
node bench/csv-import.js
node bench/shipments.js
node bench/pick-list.js
node bench/tracking.js
node bench/first-load.js
node bench/load.js
# This run's figures against the ones recorded in bench/RESULTS.md, naming what moved by more than a
# third (BENCH_STRICT=1: exit 1 when one got worse by that much; BENCH_RECORD=1 records this run's).
exec node bench/compare.js
