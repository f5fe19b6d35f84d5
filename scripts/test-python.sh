#!/usr/bin/env bash
# test-python.sh BUILD_DIR — the Python package's tests (a step of run-tests.sh). Makes a
# virtual environment from Debian's /usr/bin/python3 with its site packages (numpy, torch,
# pytest, mypy), installs ./python into it with pip (no build isolation, no package index:
# nothing comes from the network) linked with BUILD_DIR's libnnx, checks that a system-wide
# install works too (staged under BUILD_DIR), checks the type stubs against the module with
# mypy's stubtest and the examples against the stubs with mypy, and runs pytest on
# python/tests.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath "${1:?usage: test-python.sh BUILD_DIR}")
venv=$build/python-venv
python=/usr/bin/python3

if [[ ! -x $venv/bin/python ]]; then
  "$python" -m venv --system-site-packages "$venv"
fi
# pip builds in python/build: objects of another build (flags, library) must not be reused.
rm -rf "$repo"/python/build/{temp,lib,bdist}.*
CFLAGS=-Werror NNX_BUILD_DIR=$build "$venv/bin/python" -m pip install --quiet --no-build-isolation --no-index --no-deps --root-user-action=ignore \
  --force-reinstall "$repo/python"

# A system-wide install the way root would make one (Debian marks its Python as externally
# managed, PEP 668), staged under a root folder of its own instead of /, then imported.
root=$build/python-system-root
rm -rf "$root"
NNX_BUILD_DIR=$build "$python" -m pip install --quiet --no-build-isolation --no-index --no-deps --root-user-action=ignore \
  --break-system-packages --root "$root" "$repo/python"
site=$(dirname "$(find "$root" -path '*/nnx/__init__.py' | head -n 1)")
(cd "$root" && PYTHONPATH=$(dirname "$site") "$python" -c \
  'import nnx, sys; m = nnx.load(sys.argv[1]); print("system-wide install:", nnx.__file__, m.inputs[0].shape)' \
  "$repo/examples/digits/model")

# Run from a folder of its own, so that `import nnx` is the installed package and mypy sees
# no second copy of it (the source folder, the venv below the build folder).
work=$build/python-tests
mkdir -p "$work"
cd "$work"
"$venv/bin/python" -m mypy.stubtest --concise --allowlist "$repo/python/stubtest-allowlist.txt" nnx
"$venv/bin/python" -m mypy --strict --no-error-summary "$repo/examples/python"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/python/tests" "${@:2}"
