#!/usr/bin/env bash
# ci/test.sh: every check hipvmm has, in labelled steps (what CI runs, through .ci/run).
#
#   bash ci/test.sh
#
# Installs the Debian/Ubuntu packages it needs when they are missing, then builds
# into build/<step>/ and runs each step; a failing step does not stop the later
# ones. Ends with "N passed, N failed" and exits non-zero when a step failed.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make gcc=gcc clang=clang libc6-dev=/usr/include/stdio.h \
  pkg-config=pkg-config libcmocka-dev=/usr/include/cmocka.h valgrind=valgrind libc6-dbg \
  gcovr=gcovr python3=python3 libtsan2=/usr/lib/x86_64-linux-gnu/libtsan.so.2 \
  '?libamdhip64-dev=/usr/include/hip/hip_runtime_api.h'

printf 'ci: %s; %s cores; %s\n' "$(uname -srm)" "$CI_JOBS" "$(cmake --version | head -n 1)"
printf 'ci: %s; %s; %s; %s\n' "$(gcc --version | head -n 1)" "$(clang --version | head -n 1)" \
  "$(valgrind --version)" "$(gcovr --version | head -n 1)"

INSTALL_PREFIX="$CI_BUILD/install"

# configure_and_build DIR CMAKE_ARGS...: configures build/DIR (reusing it if present), builds it.
configure_and_build() {
  local dir="$CI_BUILD/$1"
  shift
  ci_run cmake -S "$CI_ROOT" -B "$dir" "$@"
  ci_run cmake --build "$dir" -j "$CI_JOBS"
}

run_ctest() {
  ci_run ctest --test-dir "$CI_BUILD/$1" --output-on-failure -j "$CI_JOBS" --timeout 300
}

step_gcc() {
  configure_and_build gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE= -DCMAKE_C_FLAGS="-O2 -g" \
    -DHIPVMM_WERROR=ON
  run_ctest gcc
}

step_clang() {
  configure_and_build clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DHIPVMM_WERROR=ON
  run_ctest clang
}

step_system_headers() {
  [[ -e /usr/include/hip/hip_runtime_api.h ]] ||
    ci_skip "no /usr/include/hip/hip_runtime_api.h (apt-get install libamdhip64-dev)"
  ci_run cmake -S "$CI_ROOT" -B "$CI_BUILD/system-headers" -DCMAKE_C_COMPILER=gcc \
    -DHIPVMM_WERROR=ON -DHIPVMM_TESTS=OFF -DMOCKHIP_USE_SYSTEM_HIP_HEADERS=ON
  ci_run cmake --build "$CI_BUILD/system-headers" -j "$CI_JOBS" --target mockhip mockhip_static
}

step_valgrind() {
  # The gcc build of step 1 (-O2 -g). Left out: the ROCm runs (they exercise
  # libamdhip64, not mockhip) and the report runs (the same rules again, in
  # another output format). Forked and executed children are checked as well:
  # a child's error makes it exit 1, which its test sees.
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  ci_run python3 "$CI_ROOT/ci/memcheck.py" "$CI_BUILD/gcc" --exclude 'rocm|report' -- \
    --quiet --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible --trace-children=yes
}

step_sanitizers() {
  configure_and_build sanitize -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE= \
    -DCMAKE_C_FLAGS="-O1 -g" -DHIPVMM_WERROR=ON -DHIPVMM_SANITIZE=address,undefined
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    run_ctest sanitize
}

step_thread_sanitizer() {
  # Every test, the threaded ones and the forked children included: zero reports.
  configure_and_build tsan -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE= \
    -DCMAKE_C_FLAGS="-O1 -g" -DHIPVMM_WERROR=ON -DHIPVMM_SANITIZE=thread
  TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1} run_ctest tsan
}

step_coverage() {
  # HIPVMM_COVERAGE uses atomic counters: the tests run threads.
  configure_and_build coverage -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE= \
    -DCMAKE_C_FLAGS="-g" -DHIPVMM_COVERAGE=ON
  find "$CI_BUILD/coverage" -name '*.gcda' -delete
  run_ctest coverage
  # Only the libraries count, each on its own: mockhip/src and api/src (hmo),
  # not their tests or the conformance suite. Both reports always run; the
  # step fails when either is under its floor. Run from the build tree, where
  # gcov leaves its working files.
  local status=0
  (
    cd "$CI_BUILD/coverage"
    ci_run gcovr --root "$CI_ROOT" --filter "$CI_ROOT/mockhip/src/" --print-summary \
      --fail-under-line 95 --fail-under-branch 85 .
  ) || status=1
  (
    cd "$CI_BUILD/coverage"
    ci_run gcovr --root "$CI_ROOT" --filter "$CI_ROOT/api/src/" --print-summary \
      --fail-under-line 90 .
  ) || status=1
  return "$status"
}

# pkgconfig_build OUTPUT SOURCE PACKAGE [CC_ARGS...]: compiles SOURCE against the installed
# PACKAGE with pkg-config and a plain compiler call (-Werror), with an rpath to the
# installed shared libraries.
pkgconfig_build() {
  local output=$1 source=$2 package=$3
  shift 3
  local pc_dir cflags libs libdir
  pc_dir=$(dirname "$(find "$INSTALL_PREFIX" -name "$package.pc" -print -quit)")
  [[ $pc_dir != . ]] || ci_die "no $package.pc under $INSTALL_PREFIX"
  cflags=$(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags "$package")
  libs=$(PKG_CONFIG_PATH=$pc_dir pkg-config --libs "$package")
  libdir=$(PKG_CONFIG_PATH=$pc_dir pkg-config --variable=libdir "$package")
  mkdir -p "$(dirname "$output")"
  # shellcheck disable=SC2086 # pkg-config output is a list of words
  ci_run cc -std=c11 -Wall -Wextra -Werror "$@" $cflags "$source" -o "$output" $libs \
    -Wl,-rpath,"$libdir"
}

step_install_consumer() {
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  local pc_out="$CI_BUILD/consumer-pkgconfig" cmake_out="$CI_BUILD/consumer-cmake"
  local examples_pc="$CI_BUILD/examples-pkgconfig" examples_cmake="$CI_BUILD/examples-cmake"
  rm -rf "$INSTALL_PREFIX" "$pc_out" "$cmake_out" "$examples_pc" "$examples_cmake"
  ci_run cmake --install "$CI_BUILD/gcc" --prefix "$INSTALL_PREFIX"

  # 1. pkg-config and a plain compiler call: mockhip, hmo-mock, and hmo-rocm when installed.
  pkgconfig_build "$pc_out/consumer" "$CI_ROOT/ci/consumer/consumer.c" mockhip \
    -DCONSUMER_BUILT_WITH='"pkg-config"'
  ci_run "$pc_out/consumer"
  local backend backends=(mock)
  [[ -z $(find "$INSTALL_PREFIX" -name hmo-rocm.pc -print -quit) ]] || backends+=(rocm)
  for backend in "${backends[@]}"; do
    pkgconfig_build "$pc_out/hmo_consumer_$backend" "$CI_ROOT/ci/consumer/hmo_consumer.c" \
      "hmo-$backend" -DHMO_CONSUMER_BACKEND="\"$backend\"" \
      -DHMO_CONSUMER_BUILT_WITH='"pkg-config"'
    ci_run "$pc_out/hmo_consumer_$backend"
  done

  # 2. A CMake project: find_package(mockhip) and find_package(hmo COMPONENTS mock
  #    OPTIONAL_COMPONENTS rocm), mockhip::mockhip, hmo::mock and hmo::rocm.
  ci_run cmake -S "$CI_ROOT/ci/consumer" -B "$cmake_out" \
    -DCMAKE_PREFIX_PATH="$INSTALL_PREFIX" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$cmake_out"
  ci_run "$cmake_out/consumer"
  for backend in "${backends[@]}"; do
    ci_run "$cmake_out/hmo_consumer_$backend"
  done

  # 3. The hmo examples, both ways: pkg-config hmo-mock, then examples/ as a CMake
  #    project with find_package(hmo COMPONENTS mock).
  local example
  for example in growable_vector views; do
    pkgconfig_build "$examples_pc/$example" "$CI_ROOT/examples/$example.c" hmo-mock
    ci_run "$examples_pc/$example"
  done
  ci_run cmake -S "$CI_ROOT/examples" -B "$examples_cmake" \
    -DCMAKE_PREFIX_PATH="$INSTALL_PREFIX" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$examples_cmake"
  for example in growable_vector views; do
    ci_run "$examples_cmake/$example"
  done
}

step_fuzz() {
  # Its own clang build in build/fuzz; a fixed number of runs from the seed corpus.
  ci_run bash "$CI_ROOT/ci/fuzz.sh"
}

step_report() {
  # Both reports always run; the step fails when either has a failing rule.
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  local mock rocm status=0
  mock=$(ci_find_program "$CI_BUILD/gcc" conformance-mock)
  ci_run timeout 600 "$mock" --report "$CI_ROOT/conformance/divergences/mock.txt" || status=1
  printf '\n'
  if rocm=$(ci_find_program "$CI_BUILD/gcc" conformance-rocm 2>/dev/null); then
    # As conformance/CMakeLists.txt picks it: divergences/rocm-<version>.txt, else none.txt.
    local version divergences
    version=$(sed -n 's/^HIPVMM_ROCM_VERSION:[A-Z]*=//p' "$CI_BUILD/gcc/CMakeCache.txt")
    divergences="$CI_ROOT/conformance/divergences/rocm-$version.txt"
    [[ -f $divergences ]] || divergences="$CI_ROOT/conformance/divergences/none.txt"
    ci_run timeout 600 "$rocm" --report "$divergences" || status=1
  else
    ci_log "no conformance-rocm in build/gcc: the ROCm runtime was not found (libamdhip64-dev)"
  fi
  return "$status"
}

ci_step "1. gcc build (-Werror), ctest" step_gcc
ci_step "2. clang build (-Werror), ctest" step_clang
ci_step "3. mockhip compiled against the system ROCm header (MOCKHIP_USE_SYSTEM_HIP_HEADERS=ON)" \
  step_system_headers
ci_step "4. valgrind memcheck over the mock and hmo tests and conformance-mock" step_valgrind
ci_step "5. ASan+UBSan build (HIPVMM_SANITIZE=address,undefined), ctest" step_sanitizers
ci_step "6. ThreadSanitizer build (HIPVMM_SANITIZE=thread), ctest" step_thread_sanitizer
ci_step "7. coverage build, ctest, gcovr: mockhip/src >= 95% lines and 85% branches, api/src >= 90% lines" \
  step_coverage
ci_step "8. cmake --install; outside consumers and hmo examples via pkg-config and find_package" \
  step_install_consumer
ci_step "9. differential fuzzer: mockhip against a model of the rules (libFuzzer, ci/fuzz.sh)" \
  step_fuzz
ci_step "10. conformance report: mock and ROCm" step_report

printf '\nci: total %ds\n' "$SECONDS"
ci_summary
