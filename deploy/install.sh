#!/usr/bin/env bash
# Installs what Smista needs on a Debian machine, idempotently:
#   - apt packages postgresql, nats-server, chromium (apt-get update only if something is missing);
#   - npm dependencies (npm ci) when node_modules is missing or older than package-lock.json.
# Run from anywhere; `make dev` and `make test` call it first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

APT_PACKAGES=(postgresql nats-server chromium)

log() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]} > 0)); then
  command -v apt-get >/dev/null 2>&1 || die "apt-get non disponibile: installa a mano ${missing[*]} (serve Debian o Ubuntu)"
  SUDO=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "servono i permessi di root per installare ${missing[*]} (sudo assente)"
    SUDO=(sudo)
  fi
  log "installo ${missing[*]} con apt…"
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq || die "apt-get update fallito"
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || die "apt-get install ${missing[*]} fallito"
fi

command -v node >/dev/null 2>&1 || die "node non trovato: installa Node.js 20"
command -v npm >/dev/null 2>&1 || die "npm non trovato: installa Node.js 20 con npm"

# npm records the installed tree in node_modules/.package-lock.json; older than the lockfile means stale.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json || ( ! -f package-lock.json && ! -d node_modules ) ]]; then
  if [[ -f package-lock.json ]]; then
    log "npm ci…"
    ci_log="$(mktemp)"
    if ! npm ci --no-audit --no-fund >"$ci_log" 2>&1; then
      # npm ci refuses a lockfile that lacks optional binaries for other platforms (registries that do
      # not carry them for the locked version); npm install accepts it and keeps the locked versions.
      log "npm ci fallito ($(grep -m1 -E '^npm error (Missing|code)' "$ci_log" || echo 'vedi sotto')): riprovo con npm install"
      npm install --no-audit --no-fund
    else
      cat "$ci_log"
    fi
    rm -f "$ci_log"
  else
    log "npm install (nessun package-lock.json)…"
    npm install --no-audit --no-fund
  fi
fi
