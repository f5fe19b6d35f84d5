#!/usr/bin/env bash
# install_test.sh — checks that an installed nnx is usable the two documented ways: with
# pkg-config and with find_package(nnx). Installs BUILD_DIR into a temporary prefix, builds
# examples/hello_webnn.c against it, runs it and checks what it prints.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR C_COMPILER [SANITIZERS]; exits 77 to skip.
set -euo pipefail

if [[ $# -lt 3 ]]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR C_COMPILER [SANITIZERS]" >&2
  exit 2
fi
# Absolute, because they are used from other directories (the consumer project's build).
build=$(realpath "$1") source=$(realpath "$2") cc=$3 sanitize=${4:-}

if [[ -n "$sanitize" ]]; then
  echo "SKIP: sanitizer build ($sanitize): its library needs the sanitizer runtime at link time"
  exit 77
fi
for tool in pkg-config cmake; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool not found"
    exit 77
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/nnx-install-test.XXXXXX")
# Kept on failure for a look; removed when everything passed.
cleanup() {
  local rc=$?
  if [[ $rc -eq 0 ]]; then rm -rf "$work"; else echo "left $work for inspection" >&2; fi
}
trap cleanup EXIT
prefix=$work/prefix

# What hello_webnn must print (the values are worked out in hello_webnn.c).
expected='^  0\.3074[0-9]+ 0\.1985[0-9]+ 0\.18(64|65)[0-9]+ 0\.3074[0-9]+$'
check_output() { # check_output LABEL PROGRAM: runs it and checks its result line
  local label=$1 program=$2 out
  if ! out=$("$program" 2>&1); then
    printf '%s\n' "$out"
    echo "FAIL ($label): $program exited non-zero" >&2
    exit 1
  fi
  if ! grep -Eq "$expected" <<<"$out"; then
    printf '%s\n' "$out"
    echo "FAIL ($label): output does not match /$expected/" >&2
    exit 1
  fi
  echo "ok ($label): $program printed the expected values"
}

echo "== cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || {
  cat "$work/install.log"; exit 1; }

# Everything the README promises is there.
for f in include/nnx.h include/nnx_tosa.h bin/nnx; do
  [[ -e "$prefix/$f" ]] || { echo "FAIL: $prefix/$f was not installed" >&2; exit 1; }
done
find_one() { # find_one NAME: the single installed file called NAME
  local found
  found=$(find "$prefix" -name "$1" -print)
  if [[ -z "$found" || $(wc -l <<<"$found") -ne 1 ]]; then
    echo "FAIL: expected exactly one installed $1, found: ${found:-none}" >&2
    exit 1
  fi
  printf '%s\n' "$found"
}
find_one libnnx.a >/dev/null
find_one libnnx.so >/dev/null
find_one nnxConfig.cmake >/dev/null
find_one nnxConfigVersion.cmake >/dev/null
pc=$(find_one nnx.pc)

# The installed command runs on its own (it links libnnx statically).
version=$("$prefix/bin/nnx" --version)
[[ "$version" =~ ^nnx\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || {
  echo "FAIL: bin/nnx --version printed '$version'" >&2; exit 1; }
echo "ok: installed bin/nnx --version: $version"

# 1. pkg-config, as a Makefile or a plain compile would use it.
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
pc_version=$(pkg-config --modversion nnx)
[[ "nnx $pc_version" == "$version" ]] || {
  echo "FAIL: nnx.pc has version $pc_version, bin/nnx says '$version'" >&2; exit 1; }
libdir=$(pkg-config --variable=libdir nnx)
[[ "$libdir" == "$prefix"/* ]] || {
  echo "FAIL: nnx.pc libdir $libdir is not under $prefix" >&2; exit 1; }
pkg-config --static --libs nnx | grep -q -- '-pthread' || {
  echo "FAIL: pkg-config --static --libs nnx lacks -pthread" >&2; exit 1; }
# shellcheck disable=SC2046 # the flags must split into words
"$cc" -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags nnx) \
  "$source/examples/hello_webnn.c" -o "$work/hello_pkgconfig" \
  $(pkg-config --libs nnx) -Wl,-rpath,"$libdir"
check_output pkg-config "$work/hello_pkgconfig"

# 2. find_package(nnx), with both imported targets.
mkdir -p "$work/consumer"
cat >"$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(nnx_consumer C)
find_package(nnx ${pc_version} REQUIRED)
add_executable(hello_shared "$source/examples/hello_webnn.c")
target_link_libraries(hello_shared PRIVATE nnx::nnx)
add_executable(hello_static "$source/examples/hello_webnn.c")
target_link_libraries(hello_static PRIVATE nnx::nnx_static)
CMAKE
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
echo "== configure and build a find_package(nnx) project"
if ! cmake -S "$work/consumer" -B "$work/consumer/build" "${generator[@]}" \
      -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" >"$work/consumer.log" 2>&1 ||
   ! cmake --build "$work/consumer/build" >>"$work/consumer.log" 2>&1; then
  cat "$work/consumer.log"
  echo "FAIL: the find_package(nnx) project did not build" >&2
  exit 1
fi
# It must have found this prefix's package, not another installed nnx.
nnx_dir=$(sed -n 's/^nnx_DIR:PATH=//p' "$work/consumer/build/CMakeCache.txt")
[[ "$nnx_dir" == "$prefix"/* ]] || {
  echo "FAIL: find_package(nnx) used $nnx_dir, not the package under $prefix" >&2; exit 1; }
check_output "find_package nnx::nnx" "$work/consumer/build/hello_shared"
check_output "find_package nnx::nnx_static" "$work/consumer/build/hello_static"

echo "PASS: the installed nnx works with pkg-config and find_package"
