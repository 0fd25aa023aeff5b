#!/usr/bin/env bash
# ci/test.sh: every check hipvmm has, in labelled steps (what CI runs, through .ci/run).
#
#   bash ci/test.sh
#
# Installs the Debian/Ubuntu packages it needs when they are missing, then builds
# each CMake preset (CMakePresets.json) into build/<preset> and runs the steps;
# a failing step does not stop the later ones. Ends with "N passed, N failed,
# N skipped", then one line per skipped step with its reason, and exits non-zero
# when a step failed. docs/ci.md says what each step proves.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

ci_install cmake=cmake make=make gcc=gcc g++=g++ clang=clang clang-format=clang-format \
  libc6-dev=/usr/include/stdio.h pkg-config=pkg-config libcmocka-dev=/usr/include/cmocka.h \
  valgrind=valgrind libc6-dbg gcovr=gcovr python3=python3 git=git \
  libtsan2=/usr/lib/x86_64-linux-gnu/libtsan.so.2 \
  '?libamdhip64-dev=/usr/include/hip/hip_runtime_api.h' '?hipcc=/usr/bin/hipcc'

# The ROCm side is required wherever the distribution offers it: only a package
# apt has no candidate for may leave it out (and step 3 then says so).
if ci_unavailable libamdhip64-dev >/dev/null; then
  ROCM_MODE=AUTO
else
  ROCM_MODE=ON
fi

printf 'ci: %s; %s cores; %s\n' "$(uname -srm)" "$CI_JOBS" "$(cmake --version | head -n 1)"
printf 'ci: %s; %s; %s; %s; %s\n' "$(gcc --version | head -n 1)" "$(clang --version | head -n 1)" \
  "$(clang-format --version)" "$(valgrind --version)" "$(gcovr --version | head -n 1)"
printf 'ci: the ROCm side: HIPVMM_ROCM=%s%s\n' "$ROCM_MODE" \
  "$(ci_unavailable libamdhip64-dev | sed 's/^/ (/; s/$/)/' || true)"

INSTALL_PREFIX="$CI_BUILD/install"

# preset_build PRESET CMAKE_ARGS...: configures build/PRESET (reusing it if present), builds it.
preset_build() {
  local preset=$1
  shift
  ci_run cmake --preset "$preset" "$@"
  ci_run cmake --build --preset "$preset" -j "$CI_JOBS"
}

# preset_test PRESET CTEST_ARGS...: runs build/PRESET's tests, then prints the slowest five
# beside their time limits, passed or not.
preset_test() {
  local preset=$1 status=0
  shift
  ci_run ctest --preset "$preset" -j "$CI_JOBS" "$@" || status=$?
  python3 "$CI_ROOT/ci/slowest_tests.py" "$CI_BUILD/$preset" || true
  return "$status"
}

step_gcc() {
  preset_build gcc -DHIPVMM_ROCM="$ROCM_MODE"
  preset_test gcc
}

step_clang() {
  preset_build clang -DHIPVMM_ROCM="$ROCM_MODE"
  preset_test clang
}

step_rocm() {
  local cache="$CI_BUILD/gcc/CMakeCache.txt" why
  [[ -f $cache ]] || ci_die "step 1 made no build/gcc"
  if ! grep -q '^HIPVMM_ROCM_FOUND:INTERNAL=ON$' "$cache"; then
    why=$(ci_unavailable libamdhip64-dev) ||
      ci_die "build/gcc has no ROCm runtime although libamdhip64-dev is there"
    ci_skip "$why: no hmo-rocm, no conformance-rocm, no ROCm report"
  fi
  # mockhip alone against ROCm's own header: it uses ROCm's names and signatures.
  preset_build system-headers
  # Step 1 built the ROCm side; each piece must be there.
  ci_find_program "$CI_BUILD/gcc" conformance-rocm >/dev/null
  [[ -n $(find "$CI_BUILD/gcc" -name libhmo-rocm.a -print -quit) ]] ||
    ci_die "step 1 built no libhmo-rocm.a"
  # The ROCm report, against divergences/rocm-<version>.txt as CMake picks it.
  local rocm version divergences
  rocm=$(ci_find_program "$CI_BUILD/gcc" conformance-rocm)
  version=$(sed -n 's/^HIPVMM_ROCM_VERSION:INTERNAL=//p' "$cache")
  divergences="$CI_ROOT/conformance/divergences/rocm-$version.txt"
  [[ -f $divergences ]] || divergences="$CI_ROOT/conformance/divergences/none.txt"
  ci_run timeout 600 "$rocm" --report "$divergences"
}

step_valgrind() {
  # The gcc build of step 1 (-O2 -g). Left out: the ROCm runs (they exercise
  # libamdhip64, not mockhip), the report runs (the same rules again, in
  # another output format), hmo-bench's smoke run (loops timed, nothing new
  # checked), test_pool again under older releases and under HMO_QUARANTINE=all
  # (hmo_pool-X: the pool code is checked by hmo_pool, and the releases' mockhip
  # paths by mockhip's own tests; 100,000 objects take half a minute a run here;
  # the other hmo_X-quarantine-all runs are in), the lessons
  # (lesson_*: their runner is Python, which valgrind would check instead),
  # layers (a Python check of the libraries' includes and calls) and
  # mockhip_headers_under_nvcc (a compiler run over the headers: nothing of ours runs).
  # Forked and executed children are checked as well: a child's error makes it
  # exit 1, which its test sees. One test runs per core. --track-fds: a
  # descriptor the test's process opened and left open at exit fails it
  # (memcheck.py reads valgrind's list; mockhip's current memory file, from
  # mh__arena_alloc, stays open by design). The kernel cases are left out: their division by
  # zero goes on only where the signal's context names the division, which valgrind's does
  # not (mockhip_kernel_faults runs their other cases under valgrind). So are the faults on
  # purpose of kernel_faults and graph_kernels with streams that run asynchronously: the
  # kernel runs on the stream's thread, where the test cannot tell valgrind the touch is the
  # case's (launch_failing.h); their serial runs are checked. mockhip_hipcc runs compilers:
  # its rewrite is checked by mockhip_hipcc_rewrite, and its programs by the kernel tests.
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  ci_run python3 "$CI_ROOT/ci/memcheck.py" "$CI_BUILD/gcc" --jobs "$CI_JOBS" \
    --exclude 'rocm|report|^lesson_|bench|^hmo_pool-|^layers$|_under_nvcc$|^kernel-cases-|^mockhip_(kernel_faults|graph_kernels)-async$|^mockhip_hipcc$' \
    --fd-kept-by mh__arena_alloc --fd-kept-by self_mem_works -- \
    --suppressions="$CI_ROOT/ci/valgrind.supp" \
    --quiet --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible --trace-children=yes --track-fds=yes
}

step_sanitizers() {
  preset_build sanitize
  # The reports under every ROCm profile run once per plain build (label profiles):
  # under a sanitizer they would repeat the same code for minutes. The lessons'
  # mistakes that die of SIGSEGV (label lessons_crash) and the kernel cases, whose
  # host_read does (label crash), are left out: ASan reports the fault itself, so
  # their output is not the expected one.
  preset_test sanitize -LE 'profiles|crash'
}

step_thread_sanitizer() {
  # Every test, the threaded ones and the forked children included: zero reports.
  # The lessons that die of SIGSEGV are left out, as under ASan.
  preset_build tsan
  preset_test tsan -LE 'profiles|crash'
}

step_coverage() {
  preset_build coverage
  find "$CI_BUILD/coverage" -name '*.gcda' -delete
  preset_test coverage
  # Only the libraries count, each on its own: mockhip/src, api/src (hmo) and api/torch/src,
  # not their tests or the conformance suite. All three reports always run; the
  # step fails when any is under its floor. Run from the build tree, where
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
  (
    cd "$CI_BUILD/coverage"
    ci_run gcovr --root "$CI_ROOT" --filter "$CI_ROOT/api/torch/src/" --print-summary \
      --fail-under-line 85 .
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
  # A C++ source (a kernel launched with hipLaunchKernelGGL) gets the C++ compiler.
  local compiler=(cc -std=c11)
  [[ $source != *.cpp ]] || compiler=(c++ -std=c++17)
  # shellcheck disable=SC2086 # pkg-config output is a list of words
  ci_run "${compiler[@]}" -Wall -Wextra -Werror "$@" $cflags "$source" -o "$output" $libs \
    -Wl,-rpath,"$libdir"
}

# The installed mockhip header against ROCm 7.x's surface, and Debian's ROCm header against the
# same file (ci/api_surface/check.sh).
check_api_surface() {
  ci_run bash "$CI_ROOT/ci/api_surface/check.sh" "$INSTALL_PREFIX/include/mockhip"
}

step_install_consumer() {
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  local pc_out="$CI_BUILD/consumer-pkgconfig" cmake_out="$CI_BUILD/consumer-cmake"
  local examples_pc="$CI_BUILD/examples-pkgconfig" examples_cmake="$CI_BUILD/examples-cmake"
  rm -rf "$INSTALL_PREFIX" "$pc_out" "$cmake_out" "$examples_pc" "$examples_cmake"
  ci_run cmake --install "$CI_BUILD/gcc" --prefix "$INSTALL_PREFIX"
  [[ -f $INSTALL_PREFIX/share/doc/hipvmm/LICENSE ]] || ci_die "the install has no LICENSE"
  local pc
  for pc in mockhip hmo-mock hmo-torch-mock; do
    grep -qx 'License: MIT' "$(find "$INSTALL_PREFIX" -name "$pc.pc" -print -quit)" ||
      ci_die "$pc.pc does not name the licence"
  done

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
  # libhmo-torch: linked, and loaded by path as PyTorch loads it.
  local torch_lib
  torch_lib="$(PKG_CONFIG_PATH=$(dirname "$(find "$INSTALL_PREFIX" -name hmo-torch-mock.pc -print \
    -quit)") pkg-config --variable=libdir hmo-torch-mock)/libhmo-torch-mock.so"
  pkgconfig_build "$pc_out/torch_consumer" "$CI_ROOT/ci/consumer/torch_consumer.c" \
    hmo-torch-mock -D_GNU_SOURCE -DTORCH_CONSUMER_BUILT_WITH='"pkg-config"'
  ci_run "$pc_out/torch_consumer" "$torch_lib"

  # 2. A CMake project: find_package(mockhip) and find_package(hmo COMPONENTS mock
  #    OPTIONAL_COMPONENTS rocm), mockhip::mockhip, hmo::mock and hmo::rocm.
  ci_run cmake -S "$CI_ROOT/ci/consumer" -B "$cmake_out" \
    -DCMAKE_PREFIX_PATH="$INSTALL_PREFIX" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$cmake_out"
  ci_run "$cmake_out/consumer"
  for backend in "${backends[@]}"; do
    ci_run "$cmake_out/hmo_consumer_$backend"
  done
  ci_run "$cmake_out/torch_consumer" "$torch_lib"

  # 3. The examples, both ways: pkg-config, then examples/ as a CMake project
  #    with find_package(mockhip) and find_package(hmo COMPONENTS mock).
  local example
  for example in first_test kernel_in_c; do
    pkgconfig_build "$examples_pc/$example" "$CI_ROOT/examples/$example.c" mockhip
    ci_run "$examples_pc/$example"
  done
  for example in growable_vector views sharing pool; do
    pkgconfig_build "$examples_pc/$example" "$CI_ROOT/examples/$example.c" hmo-mock
    ci_run "$examples_pc/$example"
  done
  # The lessons (examples/vmm) with a plain compiler call too; ipc.c needs fd_pass.c.
  local lesson extra
  for lesson in five_steps growable_vector aliasing protection peer ipc teardown grow_at_hint stripe; do
    extra=()
    [[ $lesson != ipc ]] || extra=("$CI_ROOT/examples/vmm/fd_pass.c")
    pkgconfig_build "$examples_pc/vmm/lesson_$lesson" "$CI_ROOT/examples/vmm/$lesson.c" mockhip \
      "${extra[@]}"
  done
  for lesson in kernel_access streams; do
    pkgconfig_build "$examples_pc/vmm/lesson_$lesson" "$CI_ROOT/examples/vmm/$lesson.cpp" mockhip
  done
  ci_run cmake -S "$CI_ROOT/examples" -B "$examples_cmake" \
    -DCMAKE_PREFIX_PATH="$INSTALL_PREFIX" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$examples_cmake"
  for example in first_test kernel_in_c growable_vector views sharing pool; do
    ci_run "$examples_cmake/$example"
  done
  # The lessons of docs/tour.md, built against the install, print what they are expected to.
  ci_run python3 "$CI_ROOT/ci/lessons.py" --bin-dir "$examples_cmake/vmm"

  # 4. The documents' commands, exactly as written, for a new user with an empty home.
  rm -rf "$CI_BUILD/release" "$CI_BUILD/examples" "$CI_BUILD/rocm_project"
  ci_run python3 "$CI_ROOT/ci/doc_commands.py" README.md docs/mockhip/guide.md \
    docs/mockhip/kernels.md docs/mockhip/diagnostics.md docs/hmo.md docs/conformance.md docs/tour.md

  # 5. hipvmm inside another project, without CMocka or pkg-config in sight.
  ci_run bash "$CI_ROOT/ci/subproject/check.sh"

  # 6. The installed header is ROCm's API surface.
  check_api_surface
  # 7. Programs written for ROCm (llama.cpp's VMM pool, vLLM's sleep mode), built with
  #    find_package(hip) and hip::host against this install and run on two devices.
  ci_run bash "$CI_ROOT/ci/drop_in/check.sh" "$INSTALL_PREFIX"
  # 8. The installed hipcc and hipconfig: a template-heavy kernel file, bad launches, and
  #    examples/hipcc (several files, C++ and C) built with make and with CXX=hipcc.
  ci_run bash "$CI_ROOT/ci/hipcc/check.sh" "$INSTALL_PREFIX/bin/hipcc"
  # 9. ROCm's names. Last: it may end the step as skipped.
  rocm_names_checks
}

# rocm_names_checks: what mockhip answers to under ROCm's names. On this step's
# install, the `hip` CMake package, a project written for ROCm and
# <hip/hip_runtime.h> for host compilers, then the same project against ROCm's
# own package (ci/hip_package/check.sh); libamdhip64.so.7, a program linked
# against it and one linked against ROCm (ci/soname/check.sh); hip-tests' VMM
# files that launch kernels (ci/hip_tests/check.sh), where HIPVMM_HIP_TESTS names a
# checkout (CI downloads nothing, so by default it is a check run by hand). A part
# that cannot run here prints `ci: not checked: <why>`; once everything else has
# passed, the reasons end the step as skipped, so that none passes silently.
rocm_names_checks() {
  local log="$CI_BUILD/rocm-names.log" why
  ci_run bash "$CI_ROOT/ci/hip_package/check.sh" "$INSTALL_PREFIX" 2>&1 | tee "$log"
  ci_run bash "$CI_ROOT/ci/soname/check.sh" 2>&1 | tee -a "$log"
  # ROCm's hip-tests' VMM files that launch kernels, when HIPVMM_HIP_TESTS names a checkout.
  if [[ -n ${HIPVMM_HIP_TESTS:-} ]]; then
    HIPVMM_MOCKHIP_PREFIX="$INSTALL_PREFIX" ci_run bash "$CI_ROOT/ci/hip_tests/check.sh" 2>&1 |
      tee -a "$log"
  fi
  why=$(sed -n 's/^ci: not checked: //p' "$log" | paste -sd ';' | sed 's/;/; /g')
  [[ -z $why ]] || ci_skip "every check ran and passed but what cannot run here: $why"
}

step_fuzz() {
  # Its own clang build in build/fuzz; a fixed number of runs from the seed corpus.
  ci_run bash "$CI_ROOT/ci/fuzz.sh"
}

step_sources() {
  local status=0
  # The C and C++ style: .clang-format, as clang-format 14 (Debian 12's) applies it.
  printf '+ git ls-files *.c *.h *.cpp | xargs clang-format --dry-run -Werror\n'
  git ls-files -z '*.c' '*.h' '*.cpp' | xargs -0 clang-format --dry-run -Werror || status=1
  # Every relative link and anchor in the Markdown resolves; shown files match.
  ci_run python3 "$CI_ROOT/ci/check_docs.py" || status=1
  # Its usage, not a file named --help.
  python3 "$CI_ROOT/ci/check_docs.py" --help | grep -q '^usage: check_docs.py' ||
    { ci_log "check_docs.py --help printed no usage"; status=1; }
  # mockhip's profiles are the reference's table (g), row by row and cell by cell.
  ci_run python3 "$CI_ROOT/ci/profile_table.py" || status=1
  # The CI scripts' own helpers (package installation).
  ci_run bash "$CI_ROOT/ci/tests/test_ci_install.sh" || status=1
  return "$status"
}

step_report() {
  # The main job, as README.md gives it.
  ci_run bash "$CI_ROOT/ci/report.sh"
  # Its other modes: --rocm (77 without a usable GPU, 0 with --allow-skip), --profile.
  ci_run bash "$CI_ROOT/ci/tests/test_report_sh.sh"
}

step_pages() {
  # Required here, unlike the ROCm side: without a browser the pages go unchecked.
  ci_install chromium-headless-shell=chromium-headless-shell ||
    ci_die "cannot install chromium-headless-shell, which checks the learner's pages"
  [[ -d $CI_BUILD/gcc ]] || ci_die "step 1 made no build/gcc"
  local out="$CI_BUILD/pages" program
  rm -rf "$out"
  mkdir -p "$out"
  # A lesson's page, as a learner opens it: the five steps and their undoing, 7 calls.
  local lesson="$CI_BUILD/gcc/examples/vmm/lesson_five_steps"
  [[ -x $lesson ]] || ci_die "step 1 built no $lesson"
  ci_run env MOCKHIP_TRACE_HTML="$out/five_steps.html" "$lesson"
  ci_run python3 "$CI_ROOT/ci/html_check.py" "$out/five_steps.html" 7 "$out/five_steps.png"
  # Its first mistake on ROCm 7.2, whose hipMemMap returns hipSuccess and maps nothing: strict
  # mode's line is on that step, which is a warning, not a plain success.
  ci_run env MOCKHIP_ROCM_VERSION=7.2 MOCKHIP_STRICT=1 \
    MOCKHIP_TRACE_HTML="$out/five_steps_break.html" "$lesson" break 1
  if ! grep -q '<p class="result warned">' "$out/five_steps_break.html" ||
    ! grep -q '<p class="strict">strict: bug of this ROCm release: hipMemMap' \
      "$out/five_steps_break.html"; then
    ci_die "the page of lesson_five_steps break 1 on ROCm 7.2 does not warn at its hipMemMap"
  fi
  # The kernel lesson's page: the launch, with its kernel's fault, the failed synchronize and
  # the call the sticky error refuses are steps too, 13 in all.
  lesson="$CI_BUILD/gcc/examples/vmm/lesson_kernel_access"
  [[ -x $lesson ]] || ci_die "step 1 built no $lesson"
  ci_run env MOCKHIP_TRACE_HTML="$out/kernel_access.html" "$lesson"
  ci_run python3 "$CI_ROOT/ci/html_check.py" "$out/kernel_access.html" 13 "$out/kernel_access.png"
  # A program's page: test_trace_html's scenario of 12 state-changing calls (aliasing, a failed
  # map, a release while mapped, teardown), with mockhip_dump_svg's picture at its end.
  program=$(ci_find_program "$CI_BUILD/gcc" mockhip_test_trace_html)
  ci_run env MOCKHIP_TRACE_HTML="$out/steps.html" "$program" --scenario steps "$out/dump.svg"
  ci_run python3 "$CI_ROOT/ci/html_check.py" "$out/steps.html" 12 "$out/steps.png" \
    --svg "$out/dump.svg"
  # A program that crashes after two steps leaves a page that loads.
  printf '+ env MOCKHIP_TRACE_HTML=%s %s --scenario crash (aborts)\n' "$out/crash.html" "$program"
  if env MOCKHIP_TRACE_HTML="$out/crash.html" "$program" --scenario crash 2>/dev/null; then
    ci_die "the crash scenario did not crash"
  fi
  ci_run python3 "$CI_ROOT/ci/html_check.py" "$out/crash.html" 2 "$out/crash.png"
  # A program that dies of a fault on mock memory: the fault is the last of 4 steps, the page
  # closed by mockhip's handler.
  printf '+ env MOCKHIP_TRACE_HTML=%s %s --scenario segv (dies of SIGSEGV)\n' "$out/segv.html" "$program"
  if env MOCKHIP_TRACE_HTML="$out/segv.html" "$program" --scenario segv 2>/dev/null; then
    ci_die "the segv scenario did not crash"
  fi
  tail -n 1 "$out/segv.html" | grep -q '^</html>$' || ci_die "the segv page is not closed"
  ci_run python3 "$CI_ROOT/ci/html_check.py" "$out/segv.html" 4 "$out/segv.png"
  # The checker fails a page whose script throws.
  sed 's|<main id="steps">|&<script>noSuchFunction();</script>|' "$out/steps.html" >"$out/broken.html"
  if python3 "$CI_ROOT/ci/html_check.py" "$out/broken.html" 12 "$out/broken.png" >"$out/broken.log"; then
    ci_die "html_check.py passed a page whose script throws"
  fi
  grep -q '^FAIL: no script error' "$out/broken.log" ||
    ci_die "html_check.py failed the broken page but not for its script error"
  # The tour's pictures generator on a manifest of its own test.
  ci_run python3 "$CI_ROOT/ci/tests/test_tour_pictures.py" "$(dirname "$program")"
  # The tour's own pictures, made again from its lessons: they must not have changed.
  ci_run python3 "$CI_ROOT/ci/tour_pictures.py" --bin-dir "$CI_BUILD/gcc" --check
  ci_log "the pages and their screenshots, to look at: $out/five_steps.html, $out/five_steps.png"
}

ci_step "1. gcc build (preset gcc, -Werror), ctest" step_gcc
ci_step "2. clang build (preset clang, -Werror), ctest" step_clang
ci_step "3. the ROCm side: mockhip against ROCm's header, hmo-rocm, conformance-rocm and its report" \
  step_rocm
ci_step "4. valgrind memcheck over the mock and hmo tests and conformance-mock" step_valgrind
ci_step "5. ASan+UBSan build (preset sanitize), ctest" step_sanitizers
ci_step "6. ThreadSanitizer build (preset tsan), ctest" step_thread_sanitizer
ci_step "7. coverage build (preset coverage), ctest, gcovr: mockhip/src >= 95% lines and 85% branches, api/src >= 90% lines, api/torch/src >= 85% lines" \
  step_coverage
ci_step "8. cmake --install; consumers, examples and README's commands via pkg-config and find_package; hipvmm as a subproject; the installed header's API surface; ROCm's names: the hip package, hip_runtime.h, libamdhip64.so.7" \
  step_install_consumer
ci_step "9. differential fuzzer: mockhip against a model of the rules (preset fuzz, ci/fuzz.sh)" \
  step_fuzz
ci_step "10. sources: clang-format, Markdown links and shown files, ci_install's own test" \
  step_sources
ci_step "11. conformance report on the mock (bash ci/report.sh); its --rocm and --profile modes" \
  step_report
ci_step "12. the learner's pages: a MOCKHIP_TRACE_HTML page in headless Chromium (ci/html_check.py), the tour's pictures (ci/tour_pictures.py)" \
  step_pages

printf '\nci: total %ds\n' "$SECONDS"
ci_summary
