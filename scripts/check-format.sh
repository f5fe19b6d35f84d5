#!/usr/bin/env bash
# check-format.sh — fails, listing the differences, when a C file of the repository is not
# laid out as clang-format 14 writes it with the repository's .clang-format; `--fix` rewrites
# them in place instead. Files written by generators (tests/data/*.h, the TOSA type table)
# are left as their generators write them.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

tool=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $tool ]]; then
  echo "check-format.sh: clang-format is not installed (scripts/setup-debian.sh installs it)" >&2
  exit 1
fi

if [[ -d .git || -f .git ]]; then
  mapfile -t files < <(git ls-files -- '*.c' '*.h')
else
  mapfile -t files < <(find include src tools tests examples bench -name '*.[ch]' | sort)
fi
keep=()
for f in "${files[@]}"; do
  case $f in
    tests/data/*|src/api/tosa_types_table.h) ;;
    *) keep+=("$f") ;;
  esac
done

if [[ ${1:-} == --fix ]]; then
  "$tool" -i "${keep[@]}"
  exit 0
fi
"$tool" --dry-run --Werror "${keep[@]}"
echo "format: ${#keep[@]} files as clang-format writes them"
