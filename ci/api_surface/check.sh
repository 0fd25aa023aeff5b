#!/usr/bin/env bash
# ci/api_surface/check.sh: mockhip's header is ROCm's API surface (step 8 of ci/test.sh).
#
#   bash ci/api_surface/check.sh [MOCKHIP_INCLUDE_DIR]
#
# MOCKHIP_INCLUDE_DIR holds mockhip's hip/hip_runtime_api.h: mockhip/include by
# default; step 8 passes the installed copy.
#
# 1. names.py: api_surface.c names every function, type, enumerator and macro
#    that header declares.
# 2. api_surface.c compiles eight ways, -Wall -Wextra -Werror, compile only:
#    {gcc, clang} x {C11, C++17} x {mockhip's header, Debian's ROCm 5.2 header
#    in /usr/include/hip (SKIP, with the reason, when it is not installed)}.
# 3. It can fail: against a copy of mockhip's header with one value changed,
#    one signature changed or one struct field added, it does not compile.
# 4. In C++17 a dropped hipError_t is an error under -Werror with either
#    header (ROCm marks hipError_t [[nodiscard]]).
# 5. ROCm's deprecation marks: a call of hipCtxCreate or hipMemcpyToArray is an
#    error under -Werror with either header, a call of hipMalloc is not.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

here="$CI_ROOT/ci/api_surface"
surface="$here/api_surface.c"
mock_include=$(cd "${1:-$CI_ROOT/mockhip/include}" && pwd)
rocm_header=/usr/include/hip/hip_runtime_api.h
warnings=(-Wall -Wextra -Werror)
# Both headers mark the hipCtx* calls deprecated (api_surface.c silences it; step 5 checks it).
rocm_flags=(-Wno-deprecated-declarations -D__HIP_PLATFORM_AMD__ -I/usr/include)
work=$(mktemp -d "${TMPDIR:-/tmp}/hipvmm-api-surface.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0

# language_flags LANGUAGE: prints the flags of c11 or c++17.
language_flags() {
  case $1 in
    c11) printf '%s\n' -std=c11 -x c ;;
    c++17) printf '%s\n' -std=c++17 -x c++ ;;
  esac
}

# driver COMPILER LANGUAGE: gcc/g++ or clang/clang++.
driver() {
  case $1-$2 in
    gcc-c11) echo gcc ;;
    gcc-c++17) echo g++ ;;
    clang-c11) echo clang ;;
    clang-c++17) echo clang++ ;;
  esac
}

# compiles COMPILER LANGUAGE SOURCE HEADER_FLAGS...: whether SOURCE compiles (output kept).
compiles() {
  local compiler=$1 language=$2 source=$3
  shift 3
  local -a lang
  mapfile -t lang < <(language_flags "$language")
  "$(driver "$compiler" "$language")" "${lang[@]}" "${warnings[@]}" "$@" -c "$source" \
    -o /dev/null >"$work/output" 2>&1
}

result() {
  printf 'api_surface: %-5s %s\n' "$1" "$2"
}

# 1. Every declared name is named.
ci_run python3 "$here/names.py" "$mock_include" "$surface" || failed=1

# 2. Eight ways.
for compiler in gcc clang; do
  for language in c11 c++17; do
    what="$compiler $language, mockhip's header ($mock_include)"
    if compiles "$compiler" "$language" "$surface" -I"$mock_include"; then
      result PASS "$what"
    else
      cat "$work/output"
      result FAIL "$what"
      failed=1
    fi
    what="$compiler $language, Debian's ROCm header ($rocm_header)"
    if [[ ! -f $rocm_header ]]; then
      result SKIP "$what: not installed (apt-get install libamdhip64-dev)"
    elif compiles "$compiler" "$language" "$surface" "${rocm_flags[@]}"; then
      result PASS "$what"
    else
      cat "$work/output"
      result FAIL "$what"
      failed=1
    fi
  done
done

# 3. A header one step away from ROCm's does not compile.
mutations=(
  's/hipErrorNotSupported = 801/hipErrorNotSupported = 802/'
  's/hipMemUnmap(void \*ptr, size_t size)/hipMemUnmap(void *ptr, unsigned size)/'
  's/^  int asicRevision;/  int asicRevision;\n  int added;/'
)
for mutation in "${mutations[@]}"; do
  rm -rf "$work/include"
  cp -R "$mock_include" "$work/include"
  sed -i "$mutation" "$work/include/hip/hip_runtime_api.h"
  if cmp -s "$mock_include/hip/hip_runtime_api.h" "$work/include/hip/hip_runtime_api.h"; then
    result FAIL "mutation '$mutation' changed nothing in the header: update check.sh"
    failed=1
    continue
  fi
  for language in c11 c++17; do
    if compiles gcc "$language" "$surface" -I"$work/include"; then
      result FAIL "gcc $language compiles against a header with '$mutation'"
      failed=1
    else
      result PASS "gcc $language refuses a header with '$mutation'"
    fi
  done
done

# 4. A dropped hipError_t: [[nodiscard]] in C++17.
printf '#include <hip/hip_runtime_api.h>\nvoid drop(void);\nvoid drop(void) { hipInit(0); }\n' \
  >"$work/drop.c"
for compiler in gcc clang; do
  headers=("-I$mock_include")
  [[ -f $rocm_header ]] && headers+=("${rocm_flags[*]}")
  for header in "${headers[@]}"; do
    # shellcheck disable=SC2086 # a list of flags
    if compiles "$compiler" c++17 "$work/drop.c" $header; then
      result FAIL "$compiler c++17 ($header) accepts a dropped hipError_t"
      failed=1
    elif grep -q 'unused-result\|nodiscard' "$work/output"; then
      result PASS "$compiler c++17 ($header) refuses a dropped hipError_t"
    else
      cat "$work/output"
      result FAIL "$compiler c++17 ($header) fails on a dropped hipError_t, but not for it"
      failed=1
    fi
  done
done

# 5. Deprecated as in ROCm: one call each, with deprecation warnings on.
deprecated_calls=(
  'hipCtx_t c; (void)hipCtxCreate(&c, 0, 0);'
  'float h[4] = {0}; (void)hipMemcpyToArray(0, 0, 0, h, sizeof h, hipMemcpyHostToDevice);'
  '(void)hipFreeHost(0);'
)
for header in "-I$mock_include" "-D__HIP_PLATFORM_AMD__ -I/usr/include"; do
  [[ $header == *usr/include* && ! -f $rocm_header ]] && continue
  for call in "${deprecated_calls[@]}"; do
    printf '#include <hip/hip_runtime_api.h>\nvoid use(void);\nvoid use(void) { %s }\n' "$call" \
      >"$work/deprecated.c"
    # shellcheck disable=SC2086 # a list of flags
    if compiles gcc c11 "$work/deprecated.c" $header; then
      result FAIL "gcc c11 ($header) accepts '$call' at -Werror: not marked deprecated"
      failed=1
    elif grep -q 'deprecated' "$work/output"; then
      result PASS "gcc c11 ($header) refuses '$call': deprecated"
    else
      cat "$work/output"
      result FAIL "gcc c11 ($header) fails on '$call', but not for deprecation"
      failed=1
    fi
  done
  printf '#include <hip/hip_runtime_api.h>\nvoid use(void);\nvoid use(void) { void *p; (void)hipMalloc(&p, 1); }\n' \
    >"$work/current.c"
  # shellcheck disable=SC2086 # a list of flags
  if compiles gcc c11 "$work/current.c" $header; then
    result PASS "gcc c11 ($header) accepts hipMalloc, which is not deprecated"
  else
    cat "$work/output"
    result FAIL "gcc c11 ($header) refuses hipMalloc"
    failed=1
  fi
done

exit "$failed"
