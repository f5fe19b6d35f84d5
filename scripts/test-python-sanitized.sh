#!/usr/bin/env bash
# test-python-sanitized.sh BUILD_DIR — the Python tests again under AddressSanitizer and
# UBSan (a step of run-tests.sh): the extension is built with clang and the sanitizers,
# linked with BUILD_DIR's sanitized libnnx (build-asan/), into a venv of its own, and
# Debian's python3 runs pytest with the ASan runtime preloaded (Python itself is not
# instrumented, so leak checking is off). The PyTorch exports and the resident-set leak tests
# (named test_no_leak_*) are left to the plain run (test-python.sh): under ASan the resident
# set grows with the sanitizer's quarantine of freed memory, not with nnx.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath "${1:?usage: test-python-sanitized.sh BUILD_DIR}")
venv=$build/python-venv
python=/usr/bin/python3
sanitize="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

if [[ ! -x $venv/bin/python ]]; then
  "$python" -m venv --system-site-packages "$venv"
fi
# pip builds in python/build: objects of another build (flags, library) must not be reused.
rm -rf "$repo"/python/build/{temp,lib,bdist}.*
CC=clang CFLAGS="-Werror $sanitize" LDFLAGS="-fsanitize=address,undefined -shared-libsan" NNX_BUILD_DIR=$build \
  "$venv/bin/python" -m pip install --quiet --no-build-isolation --no-index --no-deps --root-user-action=ignore \
  --force-reinstall "$repo/python"

work=$build/python-tests
mkdir -p "$work"
cd "$work"
LD_PRELOAD=$(clang -print-file-name=libclang_rt.asan-x86_64.so) ASAN_OPTIONS=detect_leaks=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/python/tests" -k 'not torch and not leak' "${@:2}"
