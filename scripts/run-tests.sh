#!/usr/bin/env bash
# run-tests.sh — the README's second command and what CI runs (.ci/run execs it).
# Installs what is missing (Debian packages; ONNX Runtime from npm, scripts/setup-npm.sh, the
# oracle of the ONNX writer's tests), checks the C files' layout (scripts/check-format.sh), then builds
# and runs every test twice: a normal gcc build in build/ and a clang ASan+UBSan build in
# build-asan/ (clang also builds the fuzz targets). Before them, build-static/: the library
# with every front end OFF, linked fully statically (check_static).
# After each build it installs the Python package into a virtual environment and runs its
# tests (scripts/test-python.sh; under the sanitizers, scripts/test-python-sanitized.sh).
# Stops at the first failing step with a non-zero exit; prints a summary either way.
# Test data: $NNX_TESTDATA if set, else ../shared/testdata beside the repository.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=2 # the machines (developers' and CI's) have two cores

# Absolute, so that it means the same in every build directory and test working directory.
testdata=$(realpath -m "${NNX_TESTDATA:-$repo/../shared/testdata}")
export NNX_TESTDATA="$testdata"

# A sanitizer report must fail the test that triggered it, with a usable stack.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

summary=()
current=""
start_all=$SECONDS
# Test counts over every ctest run, for the closing "ctest: N passed, N failed" line.
total_passed=0 total_failed=0 total_skipped=0
pytest_line="" # pytest's closing counts, for the summary

print_summary() {
  local rc=$?
  echo
  echo "================ nnx test summary ================"
  local line
  for line in "${summary[@]}"; do echo "  $line"; done
  if [[ $rc -ne 0 ]]; then
    echo "  FAILED  ${current:-setup} (exit $rc)"
    echo "result: FAILED after $((SECONDS - start_all)) s"
  else
    echo "result: all passed in $((SECONDS - start_all)) s"
  fi
  echo "test data: $testdata$([[ -d $testdata ]] || echo ' (not found)')"
  echo "ctest: $total_passed passed, $total_failed failed, $total_skipped skipped"
  [[ -z $pytest_line ]] || echo "pytest: $pytest_line"
}
trap print_summary EXIT

# step NAME CMD...: runs one step, records it in the summary, stops the script on failure.
step() {
  local name=$1; shift
  local t0=$SECONDS
  current=$name
  echo
  echo "==== $name"
  "$@"
  summary+=("ok      $name ($((SECONDS - t0)) s)")
  current=""
}

# configure DIR COMPILER [ARGS...]: the generator and compiler are set only on the first
# configure, because changing them on an existing cache makes CMake refuse or wipe it.
configure() {
  local dir=$1 cc=$2; shift 2
  if [[ -f "$dir/CMakeCache.txt" ]]; then
    cmake -S "$repo" -B "$dir" "-DNNX_TESTDATA_DIR=$testdata" "$@"
  else
    cmake -S "$repo" -B "$dir" -G Ninja "-DCMAKE_C_COMPILER=$cc" \
      "-DNNX_TESTDATA_DIR=$testdata" "$@"
  fi
}

# run_ctest DIR [CTEST ARGS...]: runs the tests of one build (or those the extra arguments
# select) and adds its counts to the totals.
run_ctest() {
  local log=$1/ctest-output.log rc=0
  # --no-tests=error: an empty test list is a broken build, not a success.
  ctest --test-dir "$1" --output-on-failure --no-tests=error -j"$jobs" "${@:2}" 2>&1 | tee "$log" || rc=$?
  # ctest's own line "N% tests passed, F tests failed out of T" counts skipped tests
  # (exit code 77 here) as passed; they are listed as "***Skipped" and set apart.
  local counts failed total skipped
  counts=$(sed -nE 's/^[0-9]+% tests passed, ([0-9]+) tests? failed out of ([0-9]+)$/\1 \2/p' "$log" | tail -n 1)
  if [[ -n "$counts" ]]; then
    read -r failed total <<<"$counts"
    skipped=$(grep -cE 'Test +#[0-9]+: .*\*\*\*Skipped' "$log" || true)
    total_failed=$((total_failed + failed))
    total_skipped=$((total_skipped + skipped))
    total_passed=$((total_passed + total - failed - skipped))
  fi
  return $rc
}

step "setup (Debian packages)" bash "$repo/scripts/setup-debian.sh"
step "setup (npm: ONNX Runtime, the ONNX writer's oracle)" bash "$repo/scripts/setup-npm.sh"
step "format (clang-format)" bash "$repo/scripts/check-format.sh"

# The library without front ends (README, "Build options"): with NNX_WITH_ONNX, NNX_WITH_NNVM
# and NNX_WITH_ARCHIVE OFF it needs only libc, libm and pthreads. Builds the two libraries
# alone (no optimisation: the check is about what they link, not their speed), links
# tests/static/static_builder.c with `cc -static` and runs it (builder results worked out by
# hand; each front end left out refuses its files naming its option), and checks that
# libnnx.so's NEEDED entries are glibc's only (libc, libm, libpthread, the loader).
check_static() {
  local dir=$repo/build-static
  configure "$dir" gcc -DNNX_SANITIZE= -DNNX_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=None \
    -DNNX_WITH_ONNX=OFF -DNNX_WITH_NNVM=OFF -DNNX_WITH_ARCHIVE=OFF
  cmake --build "$dir" -j"$jobs" --target nnx_static nnx
  gcc -std=c11 -static -o "$dir/static_builder" "$repo/tests/static/static_builder.c" -I"$repo/include" \
    "$dir/src/libnnx.a" -lm -lpthread
  tar czf "$dir/digits.tgz" -C "$repo/examples/digits" model
  "$dir/static_builder" "formats=tosa nnef" "$repo/tests/data/onnx/relu_add.onnx" NNX_WITH_ONNX \
    "$repo/tests/data/nnvm/vgg_like/graph.json" NNX_WITH_NNVM "$dir/digits.tgz" NNX_WITH_ARCHIVE
  # A statically linked program has no dynamic section at all.
  if readelf -d "$dir/static_builder" | grep -q NEEDED; then
    echo "static_builder is not static:"; readelf -d "$dir/static_builder"; return 1
  fi
  local so needed extra
  so=$(realpath "$dir/src/libnnx.so")
  needed=$(readelf -d "$so" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]$/\1/p' | sort | tr '\n' ' ')
  echo "libnnx.so NEEDED: $needed"
  # ld-linux is glibc's dynamic loader, named by a library with thread-local variables.
  extra=$(tr ' ' '\n' <<<"$needed" | grep -vE '^(libc|libm|libpthread)[.]so[.][0-9]+$|^ld-linux[-a-z0-9_.]*[.]so[.][0-9]+$|^$' || true)
  if [[ -n $extra ]]; then
    echo "libnnx.so without front ends needs more than libc, libm and pthreads: $extra"; return 1
  fi
}
step "static (no front ends: cc -static, libnnx.so NEEDED)" check_static

step "configure build/ (gcc)" configure "$repo/build" gcc -DNNX_SANITIZE=
step "build build/" cmake --build "$repo/build" -j"$jobs"
step "ctest build/" run_ctest "$repo/build"
# The Python package, built against build/'s library: venv, pip install, stubtest, pytest.
run_python_tests() {
  local rc=0
  bash "$repo/scripts/test-python.sh" "$repo/build" 2>&1 | tee "$repo/build/pytest-output.log" || rc=$?
  pytest_line=$(grep -E '^[0-9]+ (passed|failed)' "$repo/build/pytest-output.log" | tail -n 1 || true)
  return $rc
}
step "python (pip install, stubtest, pytest)" run_python_tests

step "configure build-asan/ (clang, address+undefined)" \
  configure "$repo/build-asan" clang -DNNX_SANITIZE=address,undefined
step "build build-asan/" cmake --build "$repo/build-asan" -j"$jobs"
step "ctest build-asan/" run_ctest "$repo/build-asan"
step "python under ASan+UBSan" bash "$repo/scripts/test-python-sanitized.sh" "$repo/build-asan"

# ThreadSanitizer on what runs concurrently (one graph dispatched from several threads, at one
# shape, at several, or in stages, and the worker pool). Only those tests are built. clang 14's TSan cannot map its shadow memory
# under the highest ASLR entropy some kernels use; a test then reruns with address
# randomization off.
run_tsan_test() {
  local name out rc=0
  # bench-soak (bench/soak.c): 10,000 dispatches of one graph from 4 threads, own tensors.
  for name in test_concurrent_dispatch test_symbolic_shapes test_onnx_data_shapes test_pool test_thread_policy \
              bench-soak; do
    local cmd=("$repo/build-tsan/tests/$name")
    [[ $name == bench-soak ]] && cmd=("$repo/build-tsan/bench/bench-soak" 10000 4)
    rc=0
    out=$("${cmd[@]}" 2>&1) || rc=$?
    if [[ $rc -ne 0 && $out == *"unexpected memory mapping"* ]]; then
      echo "(TSan cannot map its memory here; rerunning with ASLR off)"
      rc=0
      out=$(setarch "$(uname -m)" -R "${cmd[@]}" 2>&1) || rc=$?
    fi
    echo "$out"
    [[ $rc -eq 0 ]] || return $rc
  done
}
step "configure build-tsan/ (clang, thread)" configure "$repo/build-tsan" clang -DNNX_SANITIZE=thread
step "build build-tsan/ (concurrency tests only)" cmake --build "$repo/build-tsan" -j"$jobs" --target test_concurrent_dispatch test_symbolic_shapes test_onnx_data_shapes test_pool test_thread_policy bench-soak
step "test build-tsan/" run_tsan_test
