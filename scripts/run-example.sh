#!/usr/bin/env bash
# run-example.sh — the README's first command: from a fresh Debian 12 machine to a running
# nnx program. Installs what is missing, configures and builds the project in build/
# (Ninja, gcc), runs examples/hello_webnn (a small network built through the C API), then
# runs the bundled model examples/digits/model — a small CNN trained on scikit-learn's 8x8
# handwritten digits, see examples/digits/README.md — on one test image with `nnx run`
# and prints the digit it predicts.
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
cmake --build "$build" -j2 --target hello_webnn nnx-cli

echo
echo "== build/examples/hello_webnn"
"$build/examples/hello_webnn"

# Paths relative to the repository, so the command shown is the one a reader can retype.
cd "$repo"
model=examples/digits/model
sample=examples/digits/sample.npy
echo
echo "== build/tools/nnx/nnx run $model --input input=$sample"
summary=$("$build/tools/nnx/nnx" run "$model" --input "input=$sample")
printf '%s\n' "$summary"

# The summary ranks the output's values: "top-5: 7 (1.00), 9 (0.00), ..."; the first index
# is the most probable digit.
digit=$(printf '%s\n' "$summary" | sed -n 's/^.*top-5: *\([0-9][0-9]*\).*$/\1/p' | head -n 1)
if [[ -z "$digit" ]]; then
  echo "run-example.sh: no 'top-5:' line in the output of nnx run" >&2
  exit 1
fi
echo
echo "predicted digit: $digit"
