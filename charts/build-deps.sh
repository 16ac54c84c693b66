#!/bin/sh
# Prepares the charts for Helm:
# 1. writes every chart's values.schema.json (generated from smista-lib/schema, env-contract.json
#    and each chart's values.schema.overlay.json; needs Node, no npm packages);
# 2. vendors the file:// dependencies into each chart's charts/ folder, leaves first:
#    `helm dependency update` does not recurse, so the application charts must hold the
#    library before the umbrella packages them.
set -eu
cd "$(dirname "$0")"
node smista-lib/schema/generate.js
for chart in identity merchants carriers marketplaces orders shipments activity gateway integrations-ui orders-ui rules-ui settings-ui shipments-ui smista; do
  helm dependency update "$chart"
done
