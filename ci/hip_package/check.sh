#!/usr/bin/env bash
# ci/hip_package/check.sh: ROCm's `hip` CMake package and <hip/hip_runtime.h>,
# as an installed mockhip answers them (step 8 of ci/test.sh).
#
#   bash ci/hip_package/check.sh INSTALL_PREFIX
#
# 1. probe/: the versions the package accepts, its targets and variables, its
#    version against the header's, all on a copy of the install moved elsewhere.
# 2. This folder's project, written for ROCm, with gcc/g++ and clang/clang++ at
#    -Wall -Wextra -Werror (CMAKE_PREFIX_PATH), and with -Dhip_DIR on the moved
#    copy: growable_buffer_test runs clean under MOCKHIP_LEAK_CHECK=1 and
#    MOCKHIP_STRICT=1 (exit 0, nothing on stderr); shared_math_c and _cxx run.
# 3. hip_runtime.h for host compilers, as C and C++, with both compilers:
#    host_markers.c compiles; kernel_launch.c compiles as C++ and fails as C
#    (hipLaunchKernelGGL needs C++); a file compiled as HIP, and
#    __HIP_PLATFORM_NVIDIA__ each fail with mockhip's message.
# 4. The same project against ROCm's own hip package, where one is installed
#    ($ROCM_PATH/lib, else /opt/rocm/lib, then /usr/lib):
#    it must configure and compile; when it cannot configure, the script
#    prints `ci: not checked: ` and CMake's error.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

(($# == 1)) || ci_die "usage: bash ci/hip_package/check.sh INSTALL_PREFIX"
prefix=$(cd "$1" && pwd)
here="$CI_ROOT/ci/hip_package"
build="$CI_BUILD/hip_package"
config=$(find "$prefix" -path '*/cmake/hip/hip-config.cmake' -print -quit)
[[ -n $config ]] || ci_die "$prefix has no lib/cmake/hip/hip-config.cmake"
rm -rf "$build"
mkdir -p "$build"
# A new user's environment: nothing points CMake or the loader elsewhere.
unset CMAKE_PREFIX_PATH LD_LIBRARY_PATH HIP_PLATFORM

# The install, moved: the hip package must find everything relative to itself.
moved="$build/moved-prefix"
cp -a "$prefix" "$moved"
moved_config_dir=$(dirname "${config/#$prefix/$moved}")

# ---- 1. what the package answers ----
ci_run cmake -S "$here/probe" -B "$build/probe" -Dhip_DIR="$moved_config_dir"

# ---- 2. the project, as written for ROCm ----
# shellcheck disable=SC2086 # $flags is a list of words
flags="-Wall -Wextra -Werror"
# run_clean PROGRAM: exit 0 and not a byte on stderr, under the leak check and strict mode.
run_clean() {
  local status=0
  ci_run env MOCKHIP_LEAK_CHECK=1 MOCKHIP_STRICT=1 "$1" 2>"$build/stderr" || status=$?
  if ((status != 0)) || [[ -s $build/stderr ]]; then
    cat "$build/stderr"
    ci_die "$(basename "$1"): exit status $status, $(wc -l <"$build/stderr") line(s) on stderr (above)"
  fi
}
build_and_run() { # NAME CC CXX CMAKE_ARGS...
  local out="$build/$1" cc=$2 cxx=$3
  shift 3
  ci_run cmake -S "$here" -B "$out" -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" "$@"
  ci_run cmake --build "$out" -j "$CI_JOBS"
  run_clean "$out/growable_buffer_test"
  run_clean "$out/shared_math_c"
  run_clean "$out/shared_math_cxx"
}
build_and_run gcc gcc g++ -DCMAKE_PREFIX_PATH="$prefix"
build_and_run clang clang clang++ -DCMAKE_PREFIX_PATH="$prefix"
build_and_run moved gcc g++ -Dhip_DIR="$moved_config_dir"

# ---- 3. hip_runtime.h for host compilers ----
include=$(dirname "$(dirname "$(find "$prefix" -path '*/hip/hip_runtime.h' -print -quit)")")
# fails_with MESSAGE COMPILER ARGS...: the compilation must fail, printing MESSAGE.
fails_with() {
  local message=$1 status=0
  shift
  printf '+ %s (must fail: %s)\n' "$*" "$message"
  "$@" >"$build/compile.out" 2>&1 || status=$?
  if ((status == 0)) || ! grep -qF "$message" "$build/compile.out"; then
    cat "$build/compile.out"
    ci_die "expected the compilation to fail with '$message'"
  fi
}
for compiler in gcc clang; do
  for language in c c++; do
    ci_run "$compiler" -x "$language" $flags -fsyntax-only -I"$include" "$here/host_markers.c"
    if [[ $language == c++ ]]; then
      ci_run "$compiler" -x c++ -std=c++17 $flags -fsyntax-only -I"$include" "$here/kernel_launch.c"
    else
      fails_with "hipLaunchKernelGGL(add_one, ...) needs C++" \
        "$compiler" -x c $flags -fsyntax-only -I"$include" "$here/kernel_launch.c"
    fi
    fails_with "mockhip emulates the AMD platform only" "$compiler" -x "$language" $flags \
      -fsyntax-only -D__HIP_PLATFORM_NVIDIA__ -I"$include" "$here/shared_math_c.c"
  done
done
fails_with "is for host compilers; this file is compiled as HIP" clang++ -x hip --cuda-host-only \
  -nogpuinc -nogpulib $flags -fsyntax-only -I"$include" "$here/shared_math_c.c"

# ---- 4. the same project against ROCm's own hip package ----
rocm_path=${ROCM_PATH:-/opt/rocm}
rocm_config=$(find "$rocm_path/lib" /usr/lib -path '*/cmake/hip/hip-config.cmake' \
  -not -path "$prefix/*" -print -quit 2>/dev/null || true)
if [[ -z $rocm_config ]]; then
  printf 'ci: not checked: no ROCm hip package in %s/lib or /usr/lib to build the project against\n' \
    "$rocm_path"
  exit 0
fi
rocm_dir=$(dirname "$rocm_config")
rocm_version=$(sed -n 's/.*PACKAGE_VERSION "\([^"]*\)".*/\1/p' "$rocm_dir/hip-config-version.cmake" |
  head -n 1)
status=0
ci_run cmake -S "$here" -B "$build/rocm" -Dhip_DIR="$rocm_dir" -DCMAKE_C_COMPILER=gcc \
  -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  >"$build/rocm.out" 2>&1 || status=$?
cat "$build/rocm.out"
if ((status != 0)); then
  # CMake's first error: its location, then its indented text, on one line.
  why=$(awk '/^CMake Error/ { sub(/^CMake Error at /, ""); sub(/ \(message\):$/, ":"); printf "%s", $0;
               on = 1; next }
             on && /^[^ ]/ { exit }
             on && NF { sub(/^ +/, ""); printf " %s", $0 }' "$build/rocm.out")
  printf "ci: not checked: ROCm's own hip package (%s, version %s) does not configure: %s\n" \
    "$rocm_dir" "${rocm_version:-unknown}" "${why:-cmake exited with status $status}"
  exit 0
fi
ci_run cmake --build "$build/rocm" -j "$CI_JOBS"
ci_log "hip package: the same project configures and compiles against ROCm's package ($rocm_dir)"
