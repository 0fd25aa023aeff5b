#!/usr/bin/env bash
# ci/tests/test_report_sh.sh: the test of ci/report.sh's options (step 11 of
# ci/test.sh, after the plain `bash ci/report.sh`).
#
#   bash ci/tests/test_report_sh.sh
#
# --help and bad command lines; the divergence file --rocm picks for a release
# (ci/divergence_file.sh); --rocm with a prefix that holds no ROCm (77,
# or 0 with --allow-skip); --rocm on the installed ROCm: without a GPU that can
# run the rules it says why and exits 77, and with --allow-skip it runs the
# all-skip report, exits 0 and writes JUnit and JSON files that match it
# (check_report_files.py); the same for --nvidia, whose driver is missing on
# a machine without an NVIDIA GPU; --profile X.Y on mockhip against
# mock-X.Y.txt; MOCKHIP_PLATFORM=nvidia on mockhip against nvidia.txt.
# Prints one line per check; exits 1 at the first that fails.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hipvmm-report-sh.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  printf 'test_report_sh: FAIL: %s\n' "$*"
  exit 1
}
ok() { printf 'test_report_sh: ok: %s\n' "$*"; }

# report NAME EXPECTED_STATUS ARGS...: bash ci/report.sh ARGS, output in $work/NAME.out.
report() {
  local name=$1 want=$2 status=0
  shift 2
  bash "$root/ci/report.sh" "$@" >"$work/$name.out" 2>&1 || status=$?
  if [[ $status != "$want" ]]; then
    cat "$work/$name.out"
    fail "$name: exit status $status, expected $want: ci/report.sh $*"
  fi
}
has() {
  grep -Eq -- "$2" "$work/$1.out" || {
    cat "$work/$1.out"
    fail "$1: no line matches '$2'"
  }
}

report help 0 --help
has help '^usage: bash ci/report.sh '
report unknown 2 --no-such-option
report bad_timeout 2 --timeout soon
report two_modes 2 --rocm --profile 6.2
report no_profile_file 2 --profile 9.9
has no_profile_file 'no conformance/divergences/mock-9.9.txt'
ok "--help, and bad command lines end with status 2"

# The divergence file of a release: its own, else the nearest older, else the nearest newer.
# shellcheck source=ci/divergence_file.sh
source "$root/ci/divergence_file.sh"
mkdir -p "$work/divergences"
for version in 5.2 6.2 6.10 7.0; do
  : >"$work/divergences/rocm-$version.txt"
done
for case in 6.2:6.2 6.3:6.2 6.9:6.2 6.11:6.10 8.0:7.0 5.0:5.2 4.9:5.2; do
  got=$(ci_nearest_divergences "$work/divergences" "${case%%:*}")
  [[ $got == "$work/divergences/rocm-${case##*:}.txt" ]] ||
    fail "ci_nearest_divergences ${case%%:*}: $got, expected rocm-${case##*:}.txt"
done
rm "$work"/divergences/rocm-*.txt
[[ $(ci_nearest_divergences "$work/divergences" 6.2) == "$work/divergences/none.txt" ]] ||
  fail "ci_nearest_divergences without any rocm-*.txt is not none.txt"
ok "a release's divergence file: its own, the nearest older, the nearest newer, none.txt"

report rocm_nowhere 77 --rocm "$work/no-rocm"
has rocm_nowhere "^ci/report.sh: no usable GPU: no ROCm runtime under $work/no-rocm "
report rocm_nowhere_allowed 0 --rocm "$work/no-rocm" --allow-skip
ok "--rocm with no ROCm under the prefix: 77, and 0 with --allow-skip"

# The installed ROCm, found as the script finds it.
if [[ -f /opt/rocm/include/hip/hip_runtime_api.h || -f /usr/include/hip/hip_runtime_api.h ]]; then
  status=0
  bash "$root/ci/report.sh" --rocm >"$work/rocm.out" 2>&1 || status=$?
  has rocm '^ci/report.sh: ROCm HIP [0-9]+\.[0-9]+ \(hipRuntimeGetVersion [0-9]+\) at /'
  has rocm '^ci/report.sh: GPU: '
  if grep -q '^ci/report.sh: no usable GPU: ' "$work/rocm.out"; then
    [[ $status == 77 ]] || fail "--rocm without a usable GPU exited $status, not 77"
    ! grep -q '^totals: ' "$work/rocm.out" || fail "--rocm without a usable GPU ran the report"
    ok "--rocm here: $(sed -n 's/^ci\/report.sh: no usable GPU: //p' "$work/rocm.out"): exit status 77"
    report rocm_allowed 0 --rocm --allow-skip --timeout 60 --junit "$work/rocm.xml" --json "$work/rocm.json"
    has rocm_allowed '^every rule skips here: '
    has rocm_allowed '^totals: ([0-9]+) rules: 0 pass, 0 FAIL, \1 skip, 0 expected divergence, 0 unexpected pass$'
    python3 "$root/ci/tests/check_report_files.py" "$work/rocm_allowed.out" "$work/rocm.xml" \
      "$work/rocm.json" || fail "the JUnit or JSON file of the all-skip run does not match it"
    ok "--rocm --allow-skip: every rule skips with the reason, exit status 0, JUnit and JSON match"
  else
    [[ $status == 0 || $status == 1 ]] || fail "--rocm on a usable GPU exited $status"
    ok "--rocm here ran on a usable GPU (exit status $status); the no-GPU path is not checked here"
  fi
else
  printf 'test_report_sh: not checked: --rocm on an installed ROCm: none in /opt/rocm or /usr\n'
fi

report nvidia_nowhere 77 --nvidia "$work/no-libcuda.so.1"
has nvidia_nowhere "^ci/report.sh: no usable GPU: no CUDA driver at $work/no-libcuda.so.1\$"
report nvidia_nowhere_allowed 0 --nvidia "$work/no-libcuda.so.1" --allow-skip
ok "--nvidia with no driver at the path given: 77, and 0 with --allow-skip"

# The CUDA driver, found as hip-nvidia finds it (libcuda.so.1).
status=0
bash "$root/ci/report.sh" --nvidia >"$work/nvidia.out" 2>&1 || status=$?
if grep -q '^ci/report.sh: no usable GPU: ' "$work/nvidia.out"; then
  [[ $status == 77 ]] || fail "--nvidia without a usable GPU exited $status, not 77"
  [[ $(grep -c '^ci/report.sh: no usable GPU: ' "$work/nvidia.out") == 1 ]] ||
    fail "--nvidia without a usable GPU does not say why in one line"
  ! grep -q '^totals: ' "$work/nvidia.out" || fail "--nvidia without a usable GPU ran the report"
  ok "--nvidia here: $(sed -n 's/^ci\/report.sh: no usable GPU: //p' "$work/nvidia.out"): exit status 77"
  report nvidia_allowed 0 --nvidia --allow-skip --timeout 60 --junit "$work/nvidia.xml" \
    --json "$work/nvidia.json"
  has nvidia_allowed '^every rule skips here: '
  has nvidia_allowed '^totals: ([0-9]+) rules: 0 pass, 0 FAIL, \1 skip, 0 expected divergence, 0 unexpected pass$'
  python3 "$root/ci/tests/check_report_files.py" "$work/nvidia_allowed.out" "$work/nvidia.xml" \
    "$work/nvidia.json" || fail "the JUnit or JSON file of the all-skip NVIDIA run does not match it"
  ok "--nvidia --allow-skip: every rule skips with the reason, exit status 0, JUnit and JSON match"
else
  [[ $status == 0 || $status == 1 ]] || fail "--nvidia on a usable GPU exited $status"
  ok "--nvidia here ran on a usable GPU (exit status $status); the no-GPU path is not checked here"
fi

# The mock playing HIP on NVIDIA, judged by the file the GPU is judged by.
MOCKHIP_PLATFORM=nvidia report mock_nvidia 0 --json "$work/mock_nvidia.json"
has mock_nvidia '^ci/report.sh: mockhip playing HIP on NVIDIA \(MOCKHIP_PLATFORM=nvidia\), against conformance/divergences/nvidia.txt$'
has mock_nvidia '^totals: [0-9]+ rules: [0-9]+ pass, 0 FAIL, [0-9]+ skip, [1-9][0-9]* expected divergence, 0 unexpected pass$'
ok "MOCKHIP_PLATFORM=nvidia: mockhip shows exactly nvidia.txt's divergences"

# --profile on mockhip: 6.2's file when there is one, else the first mock-X.Y.txt.
profile_file=$root/conformance/divergences/mock-6.2.txt
[[ -f $profile_file ]] || profile_file=$(find "$root/conformance/divergences" -name 'mock-*.txt' | sort | head -n 1)
if [[ -n $profile_file ]]; then
  version=${profile_file##*/mock-}
  version=${version%.txt}
  report profile 0 --profile "$version" --junit "$work/profile.xml" --json "$work/profile.json"
  has profile "^ci/report.sh: mockhip playing ROCm $version \(MOCKHIP_ROCM_VERSION=$version, HIP $version\)$"
  has profile "^conformance report: .*known divergences: .*/conformance/divergences/mock-$version.txt "
  has profile '^totals: [0-9]+ rules: [0-9]+ pass, 0 FAIL, '
  python3 "$root/ci/tests/check_report_files.py" "$work/profile.out" "$work/profile.xml" \
    "$work/profile.json" || fail "the JUnit or JSON file of --profile $version does not match it"
  grep -q "\"version\": {\"string\": \"$version\"" "$work/profile.json" ||
    fail "the JSON file of --profile $version does not say version $version"
  ok "--profile $version: mockhip plays $version against mock-$version.txt, no FAIL"
else
  printf 'test_report_sh: not checked: --profile: conformance/divergences has no mock-X.Y.txt yet\n'
fi
