#!/usr/bin/env bash
# ci/soname/check.sh: mockhip under ROCm's soname (step 8 of ci/test.sh).
#
#   bash ci/soname/check.sh
#
# Builds mockhip with -DMOCKHIP_AMDHIP_SONAME=ON into build/soname, installs it,
# and checks: the files (libamdhip64.so.7.2.0 and its links, alone in
# lib/mockhip-amdhip64/), the soname, that the library exports exactly what
# libmockhip does, each HIP function in the version node of
# mockhip/cmake/amdhip64_version_nodes.txt and every node the table lists;
# where a ROCm libamdhip64 is installed, that it gives each of those functions
# the same node. Then swap_test.c, linked with -lamdhip64 against the mock:
# it needs libamdhip64.so.7 and the nodes hip_4.2 and hip_5.1, passes with
# LD_LIBRARY_PATH (and LD_BIND_NOW=1), and without it fails to load naming
# libamdhip64.so.7 (on a real ROCm 7, it runs there). Last, swap_test.c linked
# against ROCm's own library, renamed to need libamdhip64.so.7, runs on the
# mock, and a function the mock lacks fails as docs/mockhip/guide.md says. A part
# that cannot run here prints `ci: not checked: <why>`.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

build="$CI_BUILD/soname"
prefix="$build/prefix"
table="$CI_ROOT/mockhip/cmake/amdhip64_version_nodes.txt"
rm -rf "$prefix" "$build/programs"
mkdir -p "$build/programs"
ci_run cmake -S "$CI_ROOT" -B "$build" -DMOCKHIP_AMDHIP_SONAME=ON -DHIPVMM_TESTS=OFF \
  -DHIPVMM_BENCH=OFF -DHIPVMM_ROCM=OFF -DHIPVMM_WERROR=ON -DCMAKE_C_COMPILER=gcc
ci_run cmake --build "$build" -j "$CI_JOBS"
ci_run cmake --install "$build" --prefix "$prefix"

# ---- the files ----
header="$prefix/include/mockhip/hip/hip_version.h"
version=$(sed -n 's/^#define HIP_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$header" |
  paste -sd .)
major=${version%%.*}
library=$(find "$prefix" -name "libamdhip64.so.$version" -type f)
[[ -n $library ]] || ci_die "the install has no libamdhip64.so.$version"
libdir=$(dirname "$library")
[[ $(basename "$libdir") == mockhip-amdhip64 ]] || ci_die "$library is not in mockhip-amdhip64/"
[[ $(readlink "$libdir/libamdhip64.so.$major") == "libamdhip64.so.$version" ]] ||
  ci_die "libamdhip64.so.$major is not a link to libamdhip64.so.$version"
[[ $(readlink "$libdir/libamdhip64.so") == "libamdhip64.so.$major" ]] ||
  ci_die "libamdhip64.so is not a link to libamdhip64.so.$major"
[[ $(find "$libdir" -mindepth 1 | wc -l) -eq 3 ]] || ci_die "$libdir holds more than the library"
mockhip_library=$(find "$prefix" -name libmockhip.so -print -quit)
soname=$(readelf -d "$library" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[[ $soname == "libamdhip64.so.$major" ]] || ci_die "the soname is '$soname'"
ci_log "soname: $library, soname $soname, HIP $version"

# ---- what it exports, and in which node ----
# exported LIBRARY: "name node" per defined global function or object.
exported() {
  readelf --dyn-syms -W "$1" |
    awk '$7 != "UND" && $7 != "ABS" && ($5 == "GLOBAL" || $5 == "WEAK") && ($4 == "FUNC" || $4 == "OBJECT") {
      n = split($8, part, "@"); print part[1], (n > 1 ? part[n] : "-") }' | sort -u
}
exported "$library" >"$build/programs/amdhip64.symbols"
# hiprtc's calls are in libmockhip for programs that link the mock, but ROCm ships them in
# libhiprtc, not libamdhip64: the soname build leaves them local.
exported "$mockhip_library" | grep -v '^hiprtc' >"$build/programs/mockhip.symbols"
if ! diff <(cut -d' ' -f1 "$build/programs/mockhip.symbols") \
  <(cut -d' ' -f1 "$build/programs/amdhip64.symbols"); then
  ci_die "libamdhip64 and libmockhip export different functions (above: < libmockhip, > libamdhip64)"
fi
# The node each name should have: the table's, mockhip_0 for the mock's extras.
awk '!/^#/ && NF == 2 && $1 != "node" { print $1, $2 }' "$table" | sort >"$build/programs/table"
while read -r name node; do
  if [[ $name == mockhip_* || $name =~ ^(__assert_fail|sigaction|signal|bsd_signal|sysv_signal|sigset)$ ]]; then
    want=mockhip_0
  else
    want=$(awk -v n="$name" '$1 == n { print $2 }' "$build/programs/table")
  fi
  [[ $node == "$want" ]] || ci_die "$name is exported in node '$node', the table says '$want'"
done <"$build/programs/amdhip64.symbols"
# The definitions after the first (the library's own name), in order.
nodes=$(readelf -V "$library" | awk '/Rev:/ && /Name:/ { print $NF }' | tail -n +2 | paste -sd ' ')
want_nodes="$(awk '$1 == "node" { print $2 }' "$table" | paste -sd ' ') mockhip_0"
[[ $nodes == "$want_nodes" ]] || ci_die "the library defines the nodes '$nodes', not '$want_nodes'"
ci_log "soname: $(wc -l <"$build/programs/amdhip64.symbols") functions, each in its node; nodes $nodes"

# ---- ROCm's own library, where there is one: the same node for each function ----
# The loader's cache, read whole: `ldconfig -p | grep -q` would stop reading
# early, and pipefail turn ldconfig's SIGPIPE into "not there".
cache=$(ldconfig -p)
rocm_library=""
for candidate in /opt/rocm/lib/libamdhip64.so $(awk '$1 == "libamdhip64.so" { print $NF }' <<<"$cache"); do
  if [[ -e $candidate ]]; then
    rocm_library=$(readlink -f "$candidate")
    break
  fi
done
if [[ -n $rocm_library ]]; then
  exported "$rocm_library" >"$build/programs/rocm.symbols"
  same=0 absent=()
  while read -r name node; do
    [[ $name == hip* ]] || continue
    rocm_node=$(awk -v n="$name" '$1 == n { print $2 }' "$build/programs/rocm.symbols")
    if [[ -z $rocm_node ]]; then
      absent+=("$name")
    elif [[ $rocm_node != "$node" ]]; then
      ci_die "$name: $rocm_library has it in $rocm_node, the mock in $node"
    else
      same=$((same + 1))
    fi
  done <"$build/programs/amdhip64.symbols"
  ci_log "soname: $rocm_library gives $same of the mock's HIP functions the same" \
    "node${absent[*]:+ (it lacks ${absent[*]})}"
else
  printf 'ci: not checked: no ROCm libamdhip64 here to compare the version nodes with\n'
fi

# ---- a program linked against the mock's libamdhip64 ----
program="$build/programs/swap_test"
ci_run gcc -std=c11 -Wall -Wextra -Werror -I"$prefix/include/mockhip" \
  "$CI_ROOT/ci/soname/swap_test.c" -o "$program" -L"$libdir" -lamdhip64
needed=$(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | paste -sd ' ')
[[ " $needed " == *" libamdhip64.so.$major "* && $needed != *mockhip* ]] ||
  ci_die "swap_test needs '$needed'"
# "File: libamdhip64.so.7" opens its version needs, one "Name: node" line each.
needs() {
  readelf -V "$1" |
    awk -v file="$2" '/File:/ { for (i = 1; i < NF; i++) if ($i == "File:") mine = ($(i + 1) == file) }
      mine && /Name:/ { print $3 }' |
    sort | paste -sd ' '
}
[[ $(needs "$program" "libamdhip64.so.$major") == "hip_4.2 hip_5.1" ]] ||
  ci_die "swap_test needs the nodes '$(needs "$program" "libamdhip64.so.$major")'"
ci_log "soname: swap_test needs $needed; from libamdhip64.so.$major the nodes hip_4.2 hip_5.1"
ci_run env LD_LIBRARY_PATH="$libdir" MOCKHIP_LEAK_CHECK=1 MOCKHIP_STRICT=1 "$program"
ci_run env LD_LIBRARY_PATH="$libdir" LD_BIND_NOW=1 "$program"

# Without the mock's directory the loader looks for a real ROCm 7.
if [[ $cache == *"libamdhip64.so.$major "* ]]; then
  status=0
  ci_run env -u LD_LIBRARY_PATH "$program" || status=$?
  case $status in
  0) ci_log "soname: swap_test ran on the installed ROCm $major as well" ;;
  # No CI machine has a GPU: said, as conformance-rocm says it, without skipping the step.
  77) printf 'ci: note: the installed ROCm %s has no GPU to run swap_test on\n' "$major" ;;
  *) ci_die "swap_test failed on the installed ROCm $major (exit status $status)" ;;
  esac
else
  status=0
  env -u LD_LIBRARY_PATH "$program" >"$build/programs/unswapped.out" 2>&1 || status=$?
  cat "$build/programs/unswapped.out"
  ((status != 0)) || ci_die "swap_test ran without the mock's directory and without a ROCm $major"
  grep -q "libamdhip64.so.$major: cannot open shared object file" "$build/programs/unswapped.out" ||
    ci_die "swap_test failed without naming libamdhip64.so.$major (above)"
  ci_log "soname: without LD_LIBRARY_PATH swap_test does not load (no ROCm $major here), as it should"
fi

# ---- a program linked against ROCm's own libamdhip64, run on the mock ----
rocm_soname=${rocm_library:+$(readelf -d "$rocm_library" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')}
if [[ -z $rocm_library ]]; then
  printf 'ci: not checked: no ROCm libamdhip64 here to link a program against\n'
elif [[ ${#rocm_soname} -ne ${#soname} ]]; then
  printf 'ci: not checked: ROCm'"'"'s soname %s cannot be renamed to %s in place\n' \
    "$rocm_soname" "$soname"
else
  program="$build/programs/swap_test_rocm"
  ci_run gcc -std=c11 -Wall -Wextra -Werror -I/opt/rocm/include -D__HIP_PLATFORM_AMD__ \
    -DSWAP_TEST_CALL_MISSING "$CI_ROOT/ci/soname/swap_test.c" -o "$program" \
    -L"$(dirname "$rocm_library")" -lamdhip64
  if [[ $rocm_soname != "$soname" ]]; then
    ci_run python3 "$CI_ROOT/ci/soname/rename_needed.py" "$program" "$rocm_soname" "$soname"
  fi
  rocm_needs=$(needs "$program" "$soname")
  ci_log "soname: swap_test_rocm, linked against $rocm_library, needs from $soname: $rocm_needs"
  [[ $rocm_needs == *hip_4.3* ]] || ci_die "swap_test_rocm does not need hip_4.3 (hipDestroyExternalSemaphore)"
  ci_run env LD_LIBRARY_PATH="$libdir" "$program"
  # A function ROCm has and the mock lacks: at its first call, or at load
  # under LD_BIND_NOW=1 (before main prints anything).
  missing="undefined symbol: hipDestroyExternalSemaphore, version hip_4.3"
  for bind_now in "" 1; do
    status=0
    env LD_LIBRARY_PATH="$libdir" LD_BIND_NOW="$bind_now" "$program" --call-missing \
      >"$build/programs/missing.out" 2>&1 || status=$?
    cat "$build/programs/missing.out"
    ((status != 0)) && grep -q "$missing" "$build/programs/missing.out" ||
      ci_die "calling hipDestroyExternalSemaphore on the mock (LD_BIND_NOW='$bind_now'): no '$missing'"
    if [[ -n $bind_now ]] && grep -q "every check passed" "$build/programs/missing.out"; then
      ci_die "under LD_BIND_NOW=1 swap_test_rocm started although hipDestroyExternalSemaphore is missing"
    fi
  done
  ci_log "soname: a program linked against ROCm runs on the mock; a function the mock lacks fails"
fi
