#!/usr/bin/env bash
# install_test.sh — checks that an installed nnx is usable the two documented ways: with
# pkg-config and with find_package(nnx). Installs BUILD_DIR into a temporary prefix, builds
# examples/hello_webnn.c against it, runs it and checks what it prints; checks the installed
# command's man page and bash completion.
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
for f in include/nnx.h include/nnx_model.h include/nnx_tosa.h bin/nnx; do
  [[ -e "$prefix/$f" ]] || { echo "FAIL: $prefix/$f was not installed" >&2; exit 1; }
done
find_one() { # find_one NAME [FIND-TESTS...]: the single installed file called NAME
  local found name=$1
  shift
  found=$(find "$prefix" -name "$name" "$@" -print)
  if [[ -z "$found" || $(wc -l <<<"$found") -ne 1 ]]; then
    echo "FAIL: expected exactly one installed $name, found: ${found:-none}" >&2
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
version=$("$prefix/bin/nnx" --version | head -n 1)
[[ "$version" =~ ^nnx\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || {
  echo "FAIL: bin/nnx --version printed '$version'" >&2; exit 1; }
echo "ok: installed bin/nnx --version: $version"

# nnx(1): made from the help texts, so every command has its section; it renders cleanly.
man_page=$(find_one nnx.1)
[[ "$man_page" == "$prefix"/*/man1/nnx.1 ]] || { echo "FAIL: nnx.1 is not in a man1 folder: $man_page" >&2; exit 1; }
for command in check info run convert dot bench; do
  grep -q "^\.SS \"nnx $command\"" "$man_page" || { echo "FAIL: nnx.1 has no section for nnx $command" >&2; exit 1; }
done
grep -q -- '\\-\\-random\\-inputs' "$man_page" || { echo "FAIL: nnx.1 lacks run's --random-inputs" >&2; exit 1; }
if command -v man >/dev/null; then
  warnings=$(MANWIDTH=80 man --warnings -l "$man_page" 2>&1 >/dev/null || true)
  [[ -z "$warnings" ]] || { echo "FAIL: man -l nnx.1 warns: $warnings" >&2; exit 1; }
fi
echo "ok: installed $man_page"

# Bash completion, read from the installed command's help texts.
completion=$(find_one nnx -path '*/bash-completion/completions/*')
complete_words() { # complete_words WORD...: what completion offers for the last word
  PATH="$prefix/bin:$PATH" bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _nnx; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$completion" "$@"
}
[[ "$(complete_words nnx co)" == "convert" ]] || { echo "FAIL: completion of 'nnx co' gave: $(complete_words nnx co)" >&2; exit 1; }
[[ "$(complete_words nnx run --random-i)" == "--random-inputs" ]] || {
  echo "FAIL: completion of 'nnx run --random-i' gave: $(complete_words nnx run --random-i)" >&2; exit 1; }
[[ "$(complete_words nnx info --format nn | sort | tr '\n' ' ')" == "nnef nnvm " ]] || {
  echo "FAIL: completion of 'nnx info --format nn' gave: $(complete_words nnx info --format nn)" >&2; exit 1; }
echo "ok: installed $completion completes commands, options and formats"

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
