#!/usr/bin/env bash
# ci/report.sh: builds the conformance suite on mockhip and prints its report.
#
#   bash ci/report.sh
#
# One line per rule (rule id, pass / FAIL / skip / expected divergence, the
# reference row it checks), then the totals. Installs cmake, make, gcc,
# pkg-config and CMocka when they are missing. Exits non-zero when a rule fails.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make gcc=gcc libc6-dev=/usr/include/stdio.h pkg-config=pkg-config \
  libcmocka-dev=/usr/include/cmocka.h

build="$CI_BUILD/report"
mkdir -p "$CI_BUILD"
ci_run cmake -S "$CI_ROOT" -B "$build" -DCMAKE_C_COMPILER=gcc >"$build.configure.log" 2>&1 || {
  cat "$build.configure.log"
  ci_die "cmake configure failed"
}
ci_run cmake --build "$build" -j "$CI_JOBS" --target conformance-mock
printf '\n'
mock=$(ci_find_program "$build" conformance-mock)
ci_run "$mock" --report "$CI_ROOT/conformance/divergences/mock.txt"
