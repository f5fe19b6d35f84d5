#!/usr/bin/env bash
# test-python.sh BUILD_DIR — the Python package's tests (a step of run-tests.sh). Makes a
# virtual environment from Debian's /usr/bin/python3 with its site packages (numpy, torch,
# pytest, mypy), installs ./python into it with pip (no build isolation, no package index:
# nothing comes from the network) linked with BUILD_DIR's libnnx, checks the type stubs
# against the module with mypy's stubtest, and runs pytest on python/tests.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath "${1:?usage: test-python.sh BUILD_DIR}")
venv=$build/python-venv
python=/usr/bin/python3

if [[ ! -x $venv/bin/python ]]; then
  "$python" -m venv --system-site-packages "$venv"
fi
NNX_BUILD_DIR=$build "$venv/bin/python" -m pip install --quiet --no-build-isolation --no-index --no-deps \
  --force-reinstall "$repo/python"

# Run from outside the source folder, so that `import nnx` is the installed package.
cd "$build"
"$venv/bin/python" -m mypy.stubtest --concise nnx nnx.ml nnx.tosa
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/python/tests" "${@:2}"
