#!/usr/bin/env bash
# setup-npm.sh — installs the npm test tooling: ONNX Runtime (onnxruntime-node, the version
# tests/onnxruntime/package.json pins) into tests/onnxruntime/node_modules, the oracle that
# runs the ONNX files nnx writes. Installs Debian's nodejs and npm first when node is missing.
# Idempotent and silent when everything is there; ONNXRUNTIME_NODE_INSTALL=skip keeps npm to
# the package's own bundled CPU library (nothing else is downloaded).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../tests/onnxruntime" && pwd)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  as_root=()
  [[ $(id -u) -eq 0 ]] || as_root=(sudo -n)
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
want=$(sed -nE 's/.*"onnxruntime-node": "([^"]+)".*/\1/p' "$here/package.json")
have=$(sed -nE 's/^ *"version": "([^"]+)".*/\1/p' "$here/node_modules/onnxruntime-node/package.json" 2>/dev/null | head -n 1 || true)
if [[ "$have" != "$want" ]]; then
  echo "setup-npm.sh: installing onnxruntime-node $want into tests/onnxruntime"
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --no-save --prefix "$here" >/dev/null
fi
