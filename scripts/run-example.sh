#!/usr/bin/env bash
# run-example.sh — the README's first command: from a fresh Debian 12 machine to a running
# nnx program. Installs what is missing, configures and builds the project in build/
# (Ninja, gcc), then runs examples/hello_webnn, which builds and dispatches a small network.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$repo/build"

bash "$repo/scripts/setup-debian.sh"

# The generator and compiler are chosen only on the first configure: passing them again
# to an existing cache that was made differently would make CMake refuse or wipe it.
if [[ -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$repo" -B "$build" >/dev/null
else
  cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_C_COMPILER=gcc >/dev/null
fi
cmake --build "$build" -j2 --target hello_webnn

echo
echo "== build/examples/hello_webnn"
"$build/examples/hello_webnn"
