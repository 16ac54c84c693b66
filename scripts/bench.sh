#!/usr/bin/env bash
# Load tests: builds what is missing, then runs bench/run.js (gateway), bench/carriers.js (GLS labels
# through the carriers service vs straight to the sandbox, tracking-code takes) and bench/orders.js (import
# of eBay orders end to end vs a bare read, GET /api/orders at 100,000 orders) and bench/shipments.js (1,000 GLS
# shipments labelled end to end vs the same AddParcel calls straight to the sandbox, the merge of their labels)
# bench/first-load.js (the transferred size of /auth, /dashboard/orders and /dashboard/shipments in Chromium)
# and bench/load.js (200 users for 5 minutes over the screens' mix, p50/p99 per route, CPU per request per
# component, beside the bare handler); see their headers for the knobs.
# Usage: scripts/bench.sh            (or: make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh

missing=()
for f in services/identity/dist/main.js services/merchants/dist/main.js services/carriers/dist/main.js \
  services/marketplaces/dist/main.js services/orders/dist/main.js services/shipments/dist/main.js services/activity/dist/main.js \
  services/carriers/dist/adapters/gls/build.js deploy/sandboxes/dist/index.js gateway/dist/main.js deploy/local/dist/index.js; do
  [[ -f "$f" ]] || missing+=("$f")
done
if (( ${#missing[@]} )); then
  echo "bench: manca ${missing[*]}: compilo (nx run-many -t build)" >&2
  npx nx run-many -t build --parallel=2 --outputStyle=static \
    --projects=@smista/identity,@smista/merchants,@smista/carriers,@smista/marketplaces,@smista/orders,@smista/shipments,@smista/activity,@smista/sandboxes,@smista/gateway,@smista/local-stack
fi

node bench/run.js "$@"
node bench/carriers.js
node bench/orders.js
node bench/shipments.js
node bench/first-load.js
exec node bench/load.js
