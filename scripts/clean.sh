#!/usr/bin/env bash
# `make clean`: stops any cluster, nats-server or Jaeger still running from .data/, then removes build
# output (dist/, generated code, Nx cache) and runtime state (.data/, .tmp/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -d .data ]]; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  for pid_file in .data/*/pg/postmaster.pid; do
    [[ -f $pid_file ]] || continue
    dir=$(cd "$(dirname "$pid_file")" && pwd -P)
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$pgbin/pg_ctl" stop -D "$dir" -m fast -w >/dev/null 2>&1 || true
    else "$pgbin/pg_ctl" stop -D "$dir" -m fast -w >/dev/null 2>&1 || true; fi
  done
  for pid_file in .data/*/nats.pid; do
    [[ -f $pid_file ]] || continue
    pid=$(cat "$pid_file")
    if grep -q nats-server "/proc/$pid/cmdline" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
  done
  for pid_file in .data/*/jaeger/jaeger.pid; do
    [[ -f $pid_file ]] || continue
    pid=$(cat "$pid_file")
    if grep -q jaeger "/proc/$pid/cmdline" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
  done
  # A cluster moved to /var/tmp (repository not readable by postgres) is a symlink target.
  for link in .data/*/pg; do
    [[ -L $link ]] && rm -rf "$(readlink "$link")"
  done
fi

find . \( -name node_modules -o -name .git \) -prune -o -type d -name dist -print0 | xargs -0 rm -rf
rm -rf .data .tmp .nx/cache
echo "clean: rimossi dist/, .data/, .tmp/, cache di Nx"
