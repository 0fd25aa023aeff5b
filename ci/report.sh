#!/usr/bin/env bash
# ci/report.sh: builds the conformance suite on mockhip and prints its report.
#
#   bash ci/report.sh
#
# One line per rule (rule id, pass / FAIL / skip / expected divergence, the
# reference row it checks), then the totals. Installs cmake, make, gcc,
# pkg-config and CMocka when they are missing. Exits non-zero when a rule fails.
# The mock plays two devices unless MOCKHIP_DEVICES says otherwise.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make gcc=gcc libc6-dev=/usr/include/stdio.h pkg-config=pkg-config \
  libcmocka-dev=/usr/include/cmocka.h

build="$CI_BUILD/report"
log="$CI_BUILD/report-configure.log"
mkdir -p "$CI_BUILD"
printf '+ cmake -S %s -B %s -DCMAKE_C_COMPILER=gcc >%s\n' "$CI_ROOT" "$build" "$log"
if ! cmake -S "$CI_ROOT" -B "$build" -DCMAKE_C_COMPILER=gcc >"$log" 2>&1; then
  cat "$log"
  ci_die "cmake could not configure the build (output above)"
fi
ci_run cmake --build "$build" -j "$CI_JOBS" --target conformance-mock
printf '\n'
mock=$(ci_find_program "$build" conformance-mock)
# Two devices, so the peer and multi-device rules run too (MOCKHIP_DEVICES overrides).
export MOCKHIP_DEVICES=${MOCKHIP_DEVICES:-2}
ci_run timeout 600 "$mock" --report "$CI_ROOT/conformance/divergences/mock.txt"
