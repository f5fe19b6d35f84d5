#!/usr/bin/env bash
# setup.sh — installs what bench/compare needs beyond the build: Debian's PyTorch and
# torchvision (the models and the PyTorch peer) and npm's onnxruntime-node into
# bench/node_modules (its bundled CPU library; ONNXRUNTIME_NODE_INSTALL=skip keeps npm from
# downloading anything else). Idempotent; runs as root or through sudo.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
packages=(python3-torch python3-torchvision python3-numpy)
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm) # a node of another origin may already be here
missing=()
for pkg in "${packages[@]}"; do
  [[ $(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true) == "install ok installed" ]] || missing+=("$pkg")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  as_root=()
  [[ $(id -u) -eq 0 ]] || as_root=(sudo -n)
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [[ ! -d $here/node_modules/onnxruntime-node ]]; then
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --prefix "$here" onnxruntime-node@1.30.0
fi
