#!/usr/bin/env bash
# ci/hip_tests/survey.sh HIP_TESTS HIPCC [DIR...]: ROCm's hip-tests built unchanged with
# mockhip's hipcc, file by file, and their cases run (docs/conformance.md has the table).
#
#   bash ci/hip_tests/survey.sh ~/src/hip-tests <prefix>/bin/hipcc
#
# HIP_TESTS is a hip-tests checkout (the folder holding catch/); DIR are folders of
# catch/unit (default: virtualMemoryManagement memory stream event device graph). Nothing
# of hip-tests is changed or copied: each test file is compiled and linked by hipcc with
# hip-tests' own Catch2 main (catch/hipTestMain), its kernels (catch/kernels) and its
# folder's shared sources (DriverContext.cc, memoryCommon.cc, streamCommon.cc, where the
# folder has them), as hip-tests' CMake links them; a helper program the folder's CMake
# builds alone (add_executable) is built alone, where the cases that run it look. All built
# for ROCm HIPVMM_HIP_TESTS_ROCM_VERSION (default 6.3, the release of the hip-tests
# commit measured). Each case then runs in its own process with MOCKHIP_DEVICES (default 2),
# MOCKHIP_STREAMS (HIPVMM_HIP_TESTS_STREAMS, default async, as a GPU runs its queues) and a
# timeout (HIPVMM_HIP_TESTS_TIMEOUT, default 60 s). Results go to
# HIPVMM_HIP_TESTS_BUILD (default build/hip_tests_survey): files.tsv (folder, file,
# built or not, the first error), cases.tsv (folder, file, case, pass/fail/skip/timeout,
# the first failed check), and the counts on stdout. It never downloads anything.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

source_dir=${1:?usage: survey.sh HIP_TESTS HIPCC [DIR...]}
hipcc=${2:?usage: survey.sh HIP_TESTS HIPCC [DIR...]}
shift 2
dirs=("$@")
((${#dirs[@]})) || dirs=(virtualMemoryManagement memory stream event device graph)
[[ -d $source_dir/catch ]] && source_dir=$source_dir/catch
[[ -d $source_dir/unit && -d $source_dir/hipTestMain ]] ||
  ci_die "$source_dir is not a hip-tests checkout: no catch/unit or catch/hipTestMain"
catch=$(cd "$source_dir" && pwd)
work=${HIPVMM_HIP_TESTS_BUILD:-$CI_BUILD/hip_tests_survey}
release=${HIPVMM_HIP_TESTS_ROCM_VERSION:-6.3}
devices=${HIPVMM_HIP_TESTS_DEVICES:-2}
streams=${HIPVMM_HIP_TESTS_STREAMS:-async} # as a GPU's run: hip-tests wait on kernels still running
timeout_s=${HIPVMM_HIP_TESTS_TIMEOUT:-60}
jobs=${HIPVMM_HIP_TESTS_JOBS:-$(nproc)}
# HIPVMM_HIP_TESTS_RERUN=1: run the cases of an earlier survey's build again (another
# mockhip, another MOCKHIP_STREAMS), building nothing.
if [[ ${HIPVMM_HIP_TESTS_RERUN:-0} != 1 ]]; then
rm -rf "$work"
  mkdir -p "$work/bin" "$work/log"

  export LC_ALL=C # errors quote names in ASCII
  # hip-tests' own include folders and KERNELS_PATH (catch/CMakeLists.txt)
  flags=(--rocm-version="$release" -O0 -w -I"$catch/include" -I"$catch/kernels"
    -I"$catch/external/Catch2" -I"$catch/external/picojson" -DKERNELS_PATH=\"$catch/kernels/\")

  first_error() {
    grep -m1 -E ': (fatal )?error: |undefined reference' "$1" | sed -e "s|$catch/||g" |
      cut -c1-300 || true
  }

  # hip-tests' Main_Object and KERNELS objects (catch/kernels: Set.cpp), which its CMake links
  # into every test program.
  main_objects=()
  for source in "$catch"/hipTestMain/{main,hip_test_context,hip_test_features}.cc \
    "$catch"/kernels/*.cpp; do
    unit=$(basename "${source%.*}")
    "$hipcc" "${flags[@]}" -c "$source" -o "$work/$unit.o" >"$work/log/$unit.log" 2>&1 ||
      ci_die "hip-tests' $unit does not build: $(first_error "$work/log/$unit.log")"
    main_objects+=("$work/$unit.o")
  done

  # Each folder's shared sources, once, listed in shared-<folder>.txt.
  for dir in "${dirs[@]}"; do
    : >"$work/shared-$dir.txt"
    for common in DriverContext memoryCommon streamCommon; do
      [[ -f $catch/unit/$dir/$common.cc ]] || continue
      object=$work/$dir-$common.o
      if "$hipcc" "${flags[@]}" -I"$catch/unit/$dir" -c "$catch/unit/$dir/$common.cc" \
        -o "$object" >"$work/log/$dir-$common.log" 2>&1; then
        printf '%s\n' "$object" >>"$work/shared-$dir.txt"
      fi
    done
  done

  # Compile and link every file, jobs at a time (paths hold no blanks: lists are words). A file
  # the folder's CMakeLists.txt makes a program of its own (add_executable(NAME EXCLUDE_FROM_ALL
  # file.cc): a helper another test runs) is built alone, as NAME where the cases run (hip-tests'
  # SpawnProc looks in the current folder).
  build_one() {
    local dir=$1 file=$2 name program
    local -a flags main_objects shared
    read -ra flags <<<"$flags_text"
    read -ra main_objects <<<"$main_text"
    mapfile -t shared <"$work/shared-$dir.txt"
    name=$(basename "$file" .cc)
    program=$(sed -n "s/^ *add_executable(\([A-Za-z0-9_]*\) EXCLUDE_FROM_ALL $name\.cc)/\1/p" \
      "$catch/unit/$dir/CMakeLists.txt" | head -1)
    if [[ -n $program ]]; then
      if "$hipcc" "${flags[@]}" -I"$catch/unit/$dir" "$file" -o "$work/$program" \
        >"$work/log/$dir-$name.log" 2>&1; then
        printf '%s\t%s\tbuilt\tprogram %s\n' "$dir" "$name" "$program"
      else
        printf '%s\t%s\tnot built\t%s\n' "$dir" "$name" "$(first_error "$work/log/$dir-$name.log")"
      fi
      return
    fi
    if "$hipcc" "${flags[@]}" -I"$catch/unit/$dir" "$file" "${main_objects[@]}" "${shared[@]}" \
      -o "$work/bin/$dir-$name" >"$work/log/$dir-$name.log" 2>&1; then
      printf '%s\t%s\tbuilt\t\n' "$dir" "$name"
    else
      printf '%s\t%s\tnot built\t%s\n' "$dir" "$name" "$(first_error "$work/log/$dir-$name.log")"
    fi
  }
  export -f build_one first_error
  export hipcc catch work
  export flags_text="${flags[*]}" main_text="${main_objects[*]}"
  for dir in "${dirs[@]}"; do
    for file in "$catch/unit/$dir"/*.cc; do
      case $(basename "$file" .cc) in DriverContext | memoryCommon | streamCommon) continue ;; esac
      printf '%s\0%s\0' "$dir" "$file"
    done
  done | xargs -0 -n 2 -P "$jobs" bash -c 'build_one "$1" "$2"' _ | sort >"$work/files.tsv"

fi

# Run every case of every file built, each in its own process.
: >"$work/cases.tsv"
while IFS=$'\t' read -r dir name built note; do
  [[ $built == built && $note != program* ]] || continue # a program has no cases of its own
  binary=$work/bin/$dir-$name
  mapfile -t cases < <(cd "$work" && "$binary" --list-test-names-only 2>/dev/null |
    grep -E '^[A-Za-z_]' || true)
  for case in "${cases[@]}"; do
    log=$work/log/$dir-$name-${case//[^A-Za-z0-9_]/_}.log
    rc=0
    (cd "$work" && MOCKHIP_DEVICES=$devices MOCKHIP_STREAMS=$streams timeout "$timeout_s" \
      "$binary" "$case") \
      >"$log" 2>&1 || rc=$?
    if grep -q HIP_SKIP_THIS_TEST "$log"; then
      result=skip
    elif ((rc == 0)); then
      result=pass
    elif ((rc == 124)); then
      result=timeout
    else
      result=fail
    fi
    where=$(grep -m1 -E 'FAILED:|failed:|error:|mockhip:' "$log" | sed -e "s|$catch/||g" |
      cut -c1-200 || true)
    printf '%s\t%s\t%s\t%s\t%s\n' "$dir" "$name" "$case" "$result" "$where" >>"$work/cases.tsv"
  done
done <"$work/files.tsv"

for dir in "${dirs[@]}"; do
  awk -F'\t' -v d="$dir" '$1 == d { n++; if ($3 == "built") b++ }
    END { printf "hip_tests: %-24s files %3d, built %3d\n", d, n, b }' "$work/files.tsv"
  awk -F'\t' -v d="$dir" '$1 == d { n[$4]++; t++ }
    END { printf "hip_tests: %-24s cases %4d: %d pass, %d fail, %d skip, %d timeout\n", d, t,
          n["pass"], n["fail"], n["skip"], n["timeout"] }' "$work/cases.tsv"
done
printf 'hip_tests: tables in %s/files.tsv and %s/cases.tsv\n' "$work" "$work"
