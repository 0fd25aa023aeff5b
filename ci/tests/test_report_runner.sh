#!/usr/bin/env bash
# ci/tests/test_report_runner.sh: the test of the report's runner (ctest's
# conformance-mock-report-runner, in every build CI makes).
#
#   bash ci/tests/test_report_runner.sh path/to/conformance-mock
#
# 1. --selftest: a rule that crashes shows as FAIL (signal 11: SIGSEGV), one
#    that hangs as FAIL (timeout after 2 s), and every rule after them still
#    runs; without --selftest they do not exist.
# 2. The same run's --junit and --json files, parsed by check_report_files.py,
#    hold every rule with the report's results and totals, and a reason full of
#    characters XML and JSON escape comes back unchanged.
# 3. The --emit-divergences round trip: the draft of run 1 (the crashing rules
#    [not run], a listed rule that passed left out) makes the report green;
#    so does the draft of a run under a mockhip profile that differs from the
#    rules (MOCKHIP_ROCM_VERSION=6.2), against an empty divergence file.
# 4. Bad command lines and a file that cannot be written end with status 2.
# Prints one line per check; exits 1 at the first that fails.
set -euo pipefail

[[ $# -eq 1 && -x $1 ]] || {
  printf 'usage: %s path/to/conformance-mock\n' "$0" >&2
  exit 2
}
binary=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hipvmm-report-runner.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  printf 'test_report_runner: FAIL: %s\n' "$*"
  exit 1
}
ok() { printf 'test_report_runner: ok: %s\n' "$*"; }

# run NAME EXPECTED_STATUS ARGS...: runs the binary, output in $work/NAME.out.
run() {
  local name=$1 want=$2 status=0
  shift 2
  "$binary" "$@" >"$work/$name.out" 2>"$work/$name.err" || status=$?
  if [[ $status != "$want" ]]; then
    cat "$work/$name.out" "$work/$name.err"
    fail "$name: exit status $status, expected $want: $binary $*"
  fi
}

# has NAME REGEX WHAT: NAME's output has a line matching REGEX (grep -E).
has() {
  grep -Eq -- "$2" "$work/$1.out" || {
    cat "$work/$1.out"
    fail "$1: $3 (no line matches '$2')"
  }
}

totals() { sed -n 's/^totals: //p' "$work/$1.out"; }

# ---- 1. the selftest ----
run list 0 --list
run list_selftest 0 --list --selftest
! grep -q '^selftest ' "$work/list.out" || fail "--list without --selftest lists the selftest rules"
has list_selftest '^selftest +selftest_crashes_with_sigsegv ' "--list --selftest lists the crashing rule"
has list_selftest '^selftest +selftest_hangs ' "--list --selftest lists the hanging rule"
rules=$(wc -l <"$work/list_selftest.out")
ok "the selftest rules exist with --selftest only"

weird="made up <b>&amp;</b> \"quoted\" 'single' & done"
printf '%s\n' "# a rule that passes, listed: an unexpected pass with a reason to escape" \
  "reserve_rejects_null_ptr   $weird" >"$work/listed.txt"
run selftest 1 --report "$work/listed.txt" --selftest --timeout 2 --junit "$work/run.xml" \
  --json "$work/run.json" --emit-divergences "$work/draft.txt"
has selftest '^selftest_crashes_with_sigsegv +FAIL \(signal 11: SIGSEGV\)  \[' "the crash is a FAIL naming the signal"
has selftest '^selftest_hangs +FAIL \(timeout after 2 s\)  \[' "the hang is a FAIL after the time limit"
first=$(sed -n '3{s/^[^ ]* *//;s/ .*//;p}' "$work/list_selftest.out")
has selftest "^$first +pass  \[" "the first rule after the selftest group ran and passed"
has selftest '^reserve_rejects_null_ptr +unexpected pass of a listed divergence' "a listed rule that passes"
[[ $(totals selftest) == "$rules rules: "* ]] || fail "the totals count $(totals selftest), not $rules rules"
has selftest "^totals: $rules rules: [0-9]+ pass, 2 FAIL, " "the two selftest rules are the only FAILs"
has selftest '^totals selftest: 2 rules: 0 pass, 2 FAIL, ' "the selftest rules are counted apart"
has selftest '^totals vmm: [0-9]+ rules: ' "the vmm rules are counted apart"
has selftest '^totals hmo: [0-9]+ rules: ' "the hmo rules are counted apart"
ok "a crash and a hang are FAILs, and all $rules rules ran: $(totals selftest)"

# ---- 2. JUnit and JSON ----
python3 "$here/check_report_files.py" "$work/selftest.out" "$work/run.xml" "$work/run.json" \
  --expect-reason "$weird" || fail "the JUnit or JSON file does not match the report"
ok "JUnit and JSON parse and match the report"

# ---- 3. the --emit-divergences round trip ----
grep -Eq '^selftest_crashes_with_sigsegv +\[not run\] on this run: signal 11: SIGSEGV$' "$work/draft.txt" ||
  fail "the draft does not list the crash as [not run]: $(cat "$work/draft.txt")"
grep -Eq '^selftest_hangs +\[not run\] on this run: timeout after 2 s$' "$work/draft.txt" ||
  fail "the draft does not list the hang as [not run]"
grep -q '^# passes now: reserve_rejects_null_ptr ' "$work/draft.txt" ||
  fail "the draft does not note the listed rule that passed"
! grep -q '^reserve_rejects_null_ptr' "$work/draft.txt" || fail "the draft keeps the entry that passed"
for field in backend runtime device date; do
  grep -q "^#   $field: " "$work/draft.txt" || fail "the draft's header has no $field"
done
run draft_rerun 0 --report "$work/draft.txt" --selftest --timeout 2
has draft_rerun '^selftest_hangs +skip \(listed as not runnable here: on this run: timeout' "the hang is not run"
has draft_rerun "^totals: $rules rules: [0-9]+ pass, 0 FAIL, [0-9]+ skip, 0 expected divergence, 0 unexpected pass$" \
  "the report against the draft is green"
ok "the draft of the selftest run makes the report green: $(totals draft_rerun)"

# A mockhip profile that differs from the rules: FAILs against an empty file,
# none against the draft of that run.
if ! MOCKHIP_ROCM_VERSION=6.2 "$binary" --about | grep -qx 'version: 6.2'; then
  fail "MOCKHIP_ROCM_VERSION=6.2: --about does not say version 6.2: $(MOCKHIP_ROCM_VERSION=6.2 "$binary" --about)"
fi
printf '# empty\n' >"$work/empty.txt"
MOCKHIP_ROCM_VERSION=6.2 run profile 1 --report "$work/empty.txt" --emit-divergences "$work/draft-6.2.txt"
has profile '^totals: [0-9]+ rules: [0-9]+ pass, [1-9][0-9]* FAIL, ' "profile 6.2 fails rules against an empty file"
grep -q '^#   runtime: HIP 6.2 (60200000' "$work/draft-6.2.txt" || fail "the draft's header does not say 6.2"
MOCKHIP_ROCM_VERSION=6.2 run profile_rerun 0 --report "$work/draft-6.2.txt"
has profile_rerun '^totals: [0-9]+ rules: [0-9]+ pass, 0 FAIL, [0-9]+ skip, [1-9][0-9]* expected divergence, 0 unexpected pass$' \
  "the report of profile 6.2 against its draft is green"
ok "profile 6.2: $(totals profile) against an empty file; $(totals profile_rerun) against its draft"

# ---- 4. bad command lines ----
run bad_timeout 2 --report "$work/empty.txt" --timeout 0
run junit_without_report 2 --junit "$work/x.xml"
run selftest_plain 2 --selftest
run unwritable 2 --report "$work/empty.txt" --filter 'reserve_*' --json "$work/no/such/dir/x.json"
grep -q 'cannot write' "$work/unwritable.err" || fail "an unwritable --json file is not named"
printf 'nothing_of_the_kind   no rule has this id\n' >"$work/unknown.txt"
run unknown_entry 2 --report "$work/unknown.txt" --filter 'reserve_*'
has unknown_entry "^error: .* lists 'nothing_of_the_kind', which names no rule$" "an entry naming no rule is an error"
# An entry for a rule --filter leaves out is not one that names no rule.
run filtered_entry 0 --report "$work/listed.txt" --filter 'map_*'
ok "bad command lines, unwritable files and entries naming no rule end with status 2"
