#!/usr/bin/env bash
# ci/fuzz.sh: builds the differential fuzzer (fuzz/: mockhip against a reference
# model of the rules, libFuzzer + ASan + UBSan) into build/fuzz and runs it from
# the seed corpus in fuzz/corpus, once per profile: each ROCm release
# (MOCKHIP_ROCM_VERSION) and nvidia, HIP on NVIDIA (MOCKHIP_PLATFORM=nvidia),
# each for an equal share of the inputs (or of the time), as many at once as
# there are cores. An nvidia input moves 2 MiB granules, eight times the work
# of a ROCm one: it gets a quarter of a share of the inputs, and starts first. Every other profile runs with MOCKHIP_RECYCLE_BYTES=0, the
# rest with released memory recycled (the default), so both ways of getting
# physical memory meet the model's contents. Every third (nvidia, 6.2, 7.0,
# newest) runs with MOCKHIP_STREAMS=async: stream work on the runtime's
# threads, compared at synchronisation points (fuzz/README.md).
#
#   bash ci/fuzz.sh                          # what CI runs: FUZZ_RUNS inputs in all, seed 1
#   FUZZ_RUNS=10000000 bash ci/fuzz.sh       # longer
#   FUZZ_SECONDS=3600 bash ci/fuzz.sh        # for a time instead of a count
#   FUZZ_PROFILES="6.2 nvidia" bash ci/fuzz.sh   # some profiles only
#
# The inputs libFuzzer finds go to build/fuzz/corpus/<profile> (emptied first),
# never to fuzz/corpus. A difference or a sanitizer report
# leaves build/fuzz/<profile>-crash-<sha1>, and the script goes on with the
# next profile and exits non-zero at the end; replay it with
#   MOCKHIP_ROCM_VERSION=<profile> MOCKHIP_RECYCLE_BYTES=<recycle> MOCKHIP_STREAMS=<streams> VMM_FUZZ_TRACE=1 build/fuzz/fuzz/vmm_fuzz build/fuzz/<profile>-crash-<sha1>
# (MOCKHIP_PLATFORM=nvidia instead of MOCKHIP_ROCM_VERSION for nvidia), which prints every
# call it makes.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make clang=clang libc6-dev=/usr/include/stdio.h python3=python3
# libFuzzer's runtime comes with the compiler-rt package of the clang in use.
clang_major=$(clang -dumpversion | cut -d. -f1)
ci_install "libclang-rt-$clang_major-dev"

runs=${FUZZ_RUNS:-600000}
seed=${FUZZ_SEED:-1}
read -r -a profiles <<<"${FUZZ_PROFILES:-nvidia 6.0 6.1 6.2 6.3 6.4 7.0 7.1 7.2 newest}"
build="$CI_BUILD/fuzz"

# The preset "fuzz" (CMakePresets.json): clang -O1 -g, -DHIPVMM_FUZZ=ON, into build/fuzz.
ci_run cmake --preset fuzz
ci_run cmake --build --preset fuzz -j "$CI_JOBS"
fuzzer=$(ci_find_program "$build" vmm_fuzz)
# The fuzzer's layers (fuzz/README.md, "The files"): no object calls a layer above its own.
ci_run python3 "$CI_ROOT/ci/layers.py" --archive fuzz="$build/fuzz/CMakeFiles/vmm_fuzz.dir"

rm -rf "$build/corpus"
# Each profile gets an equal share of the inputs or of the seconds (nvidia a quarter of the
# inputs' share: see above).
share=$((runs / ${#profiles[@]}))
seconds=''
if [[ -n ${FUZZ_SECONDS:-} ]]; then
  seconds=$((FUZZ_SECONDS / ${#profiles[@]} > 0 ? FUZZ_SECONDS / ${#profiles[@]} : 1))
fi

# profile_limit PROFILE: its libFuzzer limit in LIMIT, and what it is in SHARE.
profile_limit() {
  if [[ -n $seconds ]]; then
    LIMIT=(-max_total_time="$seconds") SHARE="$seconds s"
    return
  fi
  local inputs=$share
  [[ $1 != nvidia ]] || inputs=$((share / 4 > 0 ? share / 4 : 1))
  LIMIT=(-runs="$inputs") SHARE="$inputs inputs"
}

# One profile: its libFuzzer output to $build/<profile>.log, its verdict to <profile>.result.
run_profile() {
  local profile=$1 recycle=$2 streams=$3 start=$SECONDS verdict release LIMIT SHARE
  profile_limit "$profile"
  mkdir -p "$build/corpus/$profile" # a corpus per profile: each run starts from the seeds
  # nvidia is a platform, the rest ROCm releases
  release=(MOCKHIP_ROCM_VERSION="$profile")
  [[ $profile != nvidia ]] || release=(MOCKHIP_PLATFORM=nvidia)
  if ci_run env "${release[@]}" MOCKHIP_RECYCLE_BYTES="$recycle" MOCKHIP_STREAMS="$streams" \
    "$fuzzer" \
    "${LIMIT[@]}" -seed="$seed" -max_len=512 -timeout=30 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$build/$profile-" \
    "$build/corpus/$profile" "$CI_ROOT/fuzz/corpus" >"$build/$profile.log" 2>&1; then
    verdict="passed in $((SECONDS - start)) s"
  else
    verdict="FAILED in $((SECONDS - start)) s: $build/$profile-crash-*"
  fi
  printf 'fuzz: profile %s, recycle %s, streams %s: %s, %s\n' "$profile" "$recycle" "$streams" \
    "$SHARE" "$verdict" \
    >"$build/$profile.result"
}

# The profiles run side by side, one per core (libFuzzer uses one); their output follows in
# order once all are done.
index=0
for profile in "${profiles[@]}"; do
  while (($(jobs -rp | wc -l) >= CI_JOBS)); do
    wait -n || true
  done
  recycle=$((index % 2 == 0 ? 64 : 0))M
  streams=serial
  ((index++ % 3 != 0)) || streams=async
  run_profile "$profile" "$recycle" "$streams" &
done
wait
failed=0
for profile in "${profiles[@]}"; do
  cat "$build/$profile.log"
done
for profile in "${profiles[@]}"; do
  cat "$build/$profile.result"
  ! grep -q FAILED "$build/$profile.result" || failed=1
done
exit "$failed"
