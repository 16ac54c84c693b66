#!/bin/sh
# Vendors the file:// dependencies into each chart's charts/ folder, leaves first:
# `helm dependency update` does not recurse, so the application charts must hold the
# library before the umbrella packages them.
set -eu
cd "$(dirname "$0")"
for chart in identity merchants gateway smista; do
  helm dependency update "$chart"
done
