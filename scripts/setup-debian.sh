#!/usr/bin/env bash
# setup-debian.sh — installs the Debian 12 packages nnx needs to build, test and fuzz.
# Idempotent: asks dpkg first and only runs apt-get (update + install) for what is missing,
# so it is silent and fast on a machine that already has everything. Runs as root, or
# through sudo when it is available; never prompts (CI has no standard input).
set -euo pipefail

# The whole toolchain: compilers (gcc via build-essential, clang for the fuzzers and the
# sanitizer build, with its libFuzzer/sanitizer runtime), clang-format for the layout check,
# build tools, test and format libraries, numpy for the scripts that make reference data and
# PyTorch / torchvision to export the real models the tests run; what the Python package
# builds and is tested with (the CPython headers, venv, pip, setuptools and wheel, pytest,
# mypy for its type stubs); the ONNX front end's
# protobuf-c (protoc-c generates the reader from libonnx-dev's onnx.proto at build time) and
# the ONNX backend test data (libonnx-testdata) for nnx-onnx-conformance; python3-onnx,
# whose checker (onnx.checker.check_model, full_check) judges the ONNX files nnx writes
# (tests/models/check_onnx_writer.py); OpenBLAS as the peer of bench/bench-gemm.
packages=(
  build-essential cmake ninja-build pkg-config
  clang libclang-rt-14-dev clang-format
  libcmocka-dev libcjson-dev libarchive-dev zlib1g-dev
  python3-numpy python3-torch python3-torchvision
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel python3-pytest mypy
  libopenblas-dev
  protobuf-c-compiler libprotobuf-c-dev libonnx-dev libonnx-testdata python3-onnx
)

# A package counts as present only when dpkg says it is fully installed
# ("install ok installed"); half-configured or removed-but-configured ones are reinstalled.
missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  # -n: fail instead of asking for a password nobody can type in CI.
  as_root=(sudo -n)
else
  echo "setup-debian.sh: missing packages: ${missing[*]}" >&2
  echo "setup-debian.sh: not root and no sudo; install them as root and retry" >&2
  exit 1
fi

echo "setup-debian.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup-debian.sh: done"
