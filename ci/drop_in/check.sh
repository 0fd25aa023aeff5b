#!/usr/bin/env bash
# ci/drop_in/check.sh PREFIX: programs written for ROCm, run on mockhip (step 8 of ci/test.sh).
#
#   bash ci/drop_in/check.sh build/install
#
# Configures ci/drop_in/ against the hipvmm installed under PREFIX the ROCm
# way (find_package(hip), hip::host), once with g++ and once with clang++, at
# -Wall -Wextra -Werror, into build/drop_in-<compiler>. Runs each program with
# two devices, the leak check and strict mode on. A run fails when it exits
# non-zero or when its stderr has a line of mockhip's leak check
# ("mockhip: leak: ...", "mockhip: leak check: ..."), of strict mode
# ("mockhip: strict: ...") or an option warning ("mockhip: warning: ...").
# Prints one line per run, and the run's output when it fails; its stdout and
# stderr stay in the build directory. Exits 1 when a run failed.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

(($# == 1)) || {
  printf 'usage: %s PREFIX (where hipvmm is installed)\n' "$0" >&2
  exit 2
}
[[ -d $1 ]] || ci_die "no directory $1"
prefix=$(cd "$1" && pwd)

programs=(llama_vmm_pool vllm_sleep_wake)
reports='^mockhip: (leak|leak check|strict|warning):'

# run_program COMPILER BUILD PROGRAM: runs it, prints its line; fails when the run did.
run_program() {
  local compiler=$1 build=$2 program=$3 rc=0 found
  local out="$build/$program.stdout" err="$build/$program.stderr"
  MOCKHIP_LEAK_CHECK=1 MOCKHIP_STRICT=1 MOCKHIP_DEVICES=2 "$build/$program" >"$out" 2>"$err" ||
    rc=$?
  found=$(grep -cE "$reports" "$err" || true)
  if ((rc == 0 && found == 0)); then
    printf 'drop_in: %s (%s): ok: %s\n' "$program" "$compiler" "$(tail -n 1 "$out")"
    return 0
  fi
  printf 'drop_in: %s (%s): FAIL: exit status %d, %d mockhip report line(s)\n' "$program" \
    "$compiler" "$rc" "$found"
  sed 's/^/  stdout: /' "$out"
  sed 's/^/  stderr: /' "$err"
  return 1
}

status=0
for compiler in g++ clang++; do
  build="$CI_BUILD/drop_in-$compiler"
  rm -rf "$build"
  ci_run cmake -S "$CI_ROOT/ci/drop_in" -B "$build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$build" -j "$CI_JOBS"
  for program in "${programs[@]}"; do
    run_program "$compiler" "$build" "$program" || status=1
  done
done
exit "$status"
