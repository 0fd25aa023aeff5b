#!/usr/bin/env bash
# ci/hipcc/check.sh HIPCC: mockhip's hipcc and hipconfig, as a user runs them.
#
#   bash ci/hipcc/check.sh <prefix>/bin/hipcc
#
# HIPCC is an installed hipcc (hipconfig beside it), or the build tree's with
# HIPCC_MOCKHIP_INCLUDE and HIPCC_MOCKHIP_LIB naming the headers and library
# (ctest's mockhip_hipcc). It checks that:
# 1. hipconfig answers the platform, compiler, runtime and release;
# 2. ci/hipcc/kernels.cpp (templates, macros, lambdas, shared memory, device
#    variables, graph nodes by address) builds with -Wall -Wextra -Werror and prints
#    expected.txt, with serial and with asynchronous streams; and with
#    clang++ as the host compiler (HIPCC_CXX) where there is one;
# 3. a launch whose arguments do not fit, and malformed launches, fail with
#    errors on the user's own lines;
# 4. hipcc --rocm-version=6.2 builds a program whose HIP_VERSION and played
#    release are 6.2, and MOCKHIP_ROCM_VERSION=7.1 against it is warned of;
# 5. examples/hipcc, a project of several files (C++ and C), builds with make
#    (HIPCC=) and with CMake (CXX=hipcc), and runs.
# Everything is written under a temporary folder, removed at the end.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

hipcc=${1:?usage: check.sh HIPCC}
hipcc=$(cd "$(dirname "$hipcc")" && pwd)/$(basename "$hipcc")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. hipconfig
hipconfig=$(dirname "$hipcc")/hipconfig
[[ -x $hipconfig ]] || ci_die "no hipconfig beside $hipcc"
for pair in "--platform amd" "--compiler clang" "--runtime rocclr"; do
  set -- $pair
  got=$("$hipconfig" "$1")
  [[ $got == "$2" ]] || ci_die "hipconfig $1 printed '$got', not '$2'"
done
version=$("$hipconfig" --version)
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || ci_die "hipconfig --version printed '$version'"
[[ $("$hipconfig" -P -n) == amd ]] || ci_die "hipconfig -P -n printed no 'amd' line"
"$hipconfig" --cpp_config | grep -q -- '-D__HIP_PLATFORM_AMD__' ||
  ci_die "hipconfig --cpp_config names no platform"
echo "hipcc: hipconfig answers amd, clang, rocclr, $version"

# 2. the kernels case
build_and_run() { # host compiler's name, then extra hipcc flags
  local name=$1
  shift
  "$hipcc" -Wall -Wextra -Werror -O1 "$@" "$here/kernels.cpp" -o "$work/kernels-$name"
  "$work/kernels-$name" >"$work/kernels-$name.txt"
  diff -u "$here/expected.txt" "$work/kernels-$name.txt" ||
    ci_die "kernels.cpp built with $name printed other lines than expected.txt"
  MOCKHIP_STREAMS=async MOCKHIP_STRICT=1 MOCKHIP_LEAK_CHECK=1 "$work/kernels-$name" \
    >"$work/kernels-$name-async.txt"
  diff -u "$here/expected.txt" "$work/kernels-$name-async.txt" ||
    ci_die "kernels.cpp built with $name printed other lines with MOCKHIP_STREAMS=async"
  echo "hipcc: kernels.cpp built with $name: every line as expected, serial and async"
}
build_and_run default --offload-arch=gfx90a -fgpu-rdc
if [[ -n ${HIPCC_LINK_FLAGS_APPEND:-} ]]; then
  # a sanitizer's or coverage's runtime is the compiler's that built the library
  echo "hipcc: not checked with clang++: the library is instrumented ($HIPCC_LINK_FLAGS_APPEND)"
elif command -v clang++ >/dev/null; then
  HIPCC_CXX=clang++ build_and_run clang++
else
  echo "hipcc: not checked with clang++: none on PATH"
fi

# an older C++ standard is raised to C++17, which the launches need, and said so
"$hipcc" -std=c++14 -c "$here/kernels.cpp" -o "$work/kernels-14.o" 2>"$work/kernels-14.txt"
grep -qF "hipcc: note: -std=c++14 is raised to c++17" "$work/kernels-14.txt" ||
  ci_die "hipcc -std=c++14 did not say it raised the standard: $(cat "$work/kernels-14.txt")"

# 3. errors on the user's lines
expect_failure() { # source, then the lines stderr must hold
  local source=$1
  shift
  if "$hipcc" -c "$here/$source" -o "$work/bad.o" 2>"$work/bad.txt"; then
    ci_die "$source compiled, and it must not"
  fi
  for line in "$@"; do
    grep -qF -- "$line" "$work/bad.txt" || {
      cat "$work/bad.txt" >&2
      ci_die "hipcc's errors for $source hold no '$line'"
    }
  done
}
expect_failure bad_arguments.cpp "bad_arguments.cpp:14:" "error:"
expect_failure bad_config.cpp \
  "bad_config.cpp:9:8: error: a kernel launch's configuration is <<<grid, block" \
  "bad_config.cpp:10:15: error: a kernel launch needs its arguments in parentheses after '>>>'"
echo "hipcc: a bad launch's errors point at the user's lines"

# 4. the release a build chose is the one played; another one chosen at run time is warned of
"$hipcc" --rocm-version=6.2 "$here/release.cpp" -o "$work/release-6.2"
"$hipcc" "$here/release.cpp" -o "$work/release"
expect_run() { # expected stdout, expected stderr, then the program with its environment
  local out=$1 err=$2
  shift 2
  env "$@" >"$work/run.out" 2>"$work/run.err"
  [[ $(cat "$work/run.out") == "$out" ]] || ci_die "$* printed '$(cat "$work/run.out")', not '$out'"
  if [[ -z $err ]]; then
    [[ ! -s $work/run.err ]] || ci_die "$* warned: $(cat "$work/run.err")"
  else
    grep -qF -- "$err" "$work/run.err" || ci_die "$* did not warn '$err': $(cat "$work/run.err")"
  fi
}
expect_run "HIP_VERSION 60200000, 6.x code, playing 6.2, hipRuntimeGetVersion 60200000" "" \
  "$work/release-6.2"
expect_run "HIP_VERSION 70200000, 7.x code, playing 7.2, hipRuntimeGetVersion 70200000" "" \
  "$work/release"
expect_run "HIP_VERSION 60200000, 6.x code, playing 7.1, hipRuntimeGetVersion 70100000" \
  "mockhip: warning: this program was built for ROCm 6.2 (its HIP_VERSION), and MOCKHIP_ROCM_VERSION plays ROCm 7.1" \
  MOCKHIP_ROCM_VERSION=7.1 "$work/release-6.2"
echo "hipcc: --rocm-version=6.2 plays 6.2; MOCKHIP_ROCM_VERSION=7.1 against it is warned of"

# 5. a project of several files, with make and with CMake
cp -r "$root/examples/hipcc" "$work/make"
make -s -C "$work/make" HIPCC="$hipcc" >"$work/make.txt" 2>&1 || {
  cat "$work/make.txt" >&2
  ci_die "examples/hipcc did not build with make HIPCC=$hipcc"
}
"$work/make/hipcc_example"
CXX=$hipcc cmake -S "$root/examples/hipcc" -B "$work/cmake" >"$work/cmake.txt" 2>&1 &&
  cmake --build "$work/cmake" >>"$work/cmake.txt" 2>&1 || {
  cat "$work/cmake.txt" >&2
  ci_die "examples/hipcc did not build with CMake and CXX=$hipcc"
}
"$work/cmake/hipcc_example"
echo "hipcc: examples/hipcc builds and runs with make and with CMake"
