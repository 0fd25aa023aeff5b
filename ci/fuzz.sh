#!/usr/bin/env bash
# ci/fuzz.sh: builds the differential fuzzer (fuzz/: mockhip against a reference
# model of the rules, libFuzzer + ASan + UBSan) into build/fuzz and runs it from
# the seed corpus in fuzz/corpus.
#
#   bash ci/fuzz.sh                          # what CI runs: FUZZ_RUNS inputs, seed 1
#   FUZZ_RUNS=10000000 bash ci/fuzz.sh       # longer
#   FUZZ_SECONDS=3600 bash ci/fuzz.sh        # for a time instead of a count
#
# The inputs libFuzzer finds go to build/fuzz/corpus (emptied first), never to
# fuzz/corpus. A difference or a sanitizer report leaves build/fuzz/crash-<sha1>
# and makes the script exit non-zero; replay it with
#   VMM_FUZZ_TRACE=1 build/fuzz/fuzz/vmm_fuzz build/fuzz/crash-<sha1>
# which prints every call it makes.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make clang=clang libc6-dev=/usr/include/stdio.h
# libFuzzer's runtime comes with the compiler-rt package of the clang in use.
clang_major=$(clang -dumpversion | cut -d. -f1)
ci_install "libclang-rt-$clang_major-dev"

runs=${FUZZ_RUNS:-600000}
seed=${FUZZ_SEED:-1}
build="$CI_BUILD/fuzz"

# The preset "fuzz" (CMakePresets.json): clang -O1 -g, -DHIPVMM_FUZZ=ON, into build/fuzz.
ci_run cmake --preset fuzz
ci_run cmake --build --preset fuzz -j "$CI_JOBS"
fuzzer=$(ci_find_program "$build" vmm_fuzz)

rm -rf "$build/corpus"
mkdir -p "$build/corpus"
limit=(-runs="$runs")
[[ -z ${FUZZ_SECONDS:-} ]] || limit=(-max_total_time="$FUZZ_SECONDS")
ci_run "$fuzzer" "${limit[@]}" -seed="$seed" -max_len=512 -timeout=30 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$build/" "$build/corpus" "$CI_ROOT/fuzz/corpus"
