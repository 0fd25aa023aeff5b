# shellcheck shell=bash disable=SC2034 # variables used by the scripts that source this
# ci/lib.sh: shell helpers shared by ci/test.sh and ci/report.sh.
# Source it from bash (it is not a program): package installation, step banners
# and the pass/fail tally.

CI_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CI_BUILD="$CI_ROOT/build"
CI_JOBS=$(nproc 2>/dev/null || echo 2)

ci_log() { printf 'ci: %s\n' "$*"; }
ci_die() {
  printf 'ci: error: %s\n' "$*" >&2
  exit 1
}

# Prints a command, then runs it.
ci_run() {
  printf '+ %s\n' "$*"
  "$@"
}

# ci_find_program BUILD_DIR NAME: prints the path of the executable NAME built
# under BUILD_DIR; fails when there is none.
ci_find_program() {
  local found
  found=$(find "$1" -name "$2" -type f -perm -u+x -print -quit 2>/dev/null)
  [[ -n $found ]] || {
    printf 'ci: error: no %s under %s\n' "$2" "$1" >&2
    return 1
  }
  printf '%s\n' "$found"
}

# ci_apt_candidate PACKAGE: succeeds when apt offers a version of PACKAGE to
# install ("Candidate: 5.2.3-8", not "Candidate: (none)" nor no entry at all).
# The policy is read whole before it is matched: a `| grep -q` would stop
# reading at the first match and kill apt-cache with SIGPIPE, which pipefail
# turns into "no candidate".
ci_apt_candidate() {
  local policy
  policy=$(apt-cache policy "$1" 2>/dev/null) || return 1
  [[ $policy =~ Candidate:\ [^\(] ]]
}

# Optional packages ci_install could not install, with the reason:
# CI_UNAVAILABLE[package]="apt has no candidate for package".
declare -gA CI_UNAVAILABLE=()

# ci_unavailable PACKAGE: prints why ci_install left the optional PACKAGE out
# and succeeds; fails when PACKAGE was not left out (present or installed).
ci_unavailable() {
  [[ -n ${CI_UNAVAILABLE[$1]:-} ]] || return 1
  printf '%s\n' "${CI_UNAVAILABLE[$1]}"
}

# ci_install SPEC...
# Installs, with apt-get, the packages that are missing; does nothing (and does
# not touch apt) when nothing is. A SPEC is
#   package          missing when dpkg does not list it as installed
#   package=probe    missing when the probe is: a command name, or an absolute path
#   ?package[=probe] optional: left out, with a warning and an entry in
#                    CI_UNAVAILABLE, only when apt has no candidate for it (or
#                    there is no apt-get); when apt has one it is installed like
#                    any other, and a failing install fails
# apt-get runs as root, through sudo when the caller is not root.
ci_install() {
  local spec pkg probe optional missing=() optional_missing=()
  for spec in "$@"; do
    optional=0
    if [[ $spec == \?* ]]; then
      optional=1
      spec=${spec#\?}
    fi
    pkg=${spec%%=*}
    probe=
    [[ $spec == *=* ]] && probe=${spec#*=}
    if [[ -n $probe ]]; then
      if [[ $probe == /* ]]; then
        [[ -e $probe ]] && continue
      else
        command -v "$probe" >/dev/null 2>&1 && continue
      fi
    elif [[ $(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null) == installed ]]; then
      continue
    fi
    if ((optional)); then
      optional_missing+=("$pkg")
    else
      missing+=("$pkg")
    fi
  done
  local all=("${missing[@]}" "${optional_missing[@]}")
  ((${#all[@]})) || return 0

  if ! command -v apt-get >/dev/null 2>&1; then
    ((${#missing[@]} == 0)) ||
      ci_die "missing packages: ${all[*]}; install them (there is no apt-get here)"
    for pkg in "${optional_missing[@]}"; do
      CI_UNAVAILABLE[$pkg]="there is no apt-get here to install $pkg"
      ci_log "warning: optional package $pkg is missing and there is no apt-get; going on without it"
    done
    return 0
  fi
  local as_root=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 ||
      ci_die "missing packages: ${all[*]}; run as root or install sudo"
    as_root=(sudo)
  fi
  local apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q)
  ci_log "installing missing packages: ${all[*]}"
  ci_run "${apt[@]}" update
  for pkg in "${optional_missing[@]}"; do
    if ci_apt_candidate "$pkg"; then
      missing+=("$pkg")
    else
      CI_UNAVAILABLE[$pkg]="apt has no candidate for $pkg (apt-cache policy $pkg)"
      ci_log "warning: optional package $pkg is not available from apt; going on without it"
    fi
  done
  ((${#missing[@]})) || return 0
  ci_run "${apt[@]}" install --no-install-recommends "${missing[@]}"
}

# ---- steps ----

CI_PASSED=0
CI_FAILED=0
CI_SKIPPED=0
CI_SUMMARY=()
CI_SKIPS=()
CI_SKIP_NOTE=$(mktemp "${TMPDIR:-/tmp}/hipvmm-ci-skip.XXXXXX")
trap 'rm -f "$CI_SKIP_NOTE"' EXIT

# Inside a step: ends the step as skipped, with the reason.
ci_skip() {
  printf '%s\n' "$*" >"$CI_SKIP_NOTE"
  exit 0
}

# ci_step TITLE COMMAND...
# Runs COMMAND (usually a shell function) in a subshell with errexit, nounset and
# pipefail in force, so its first failing command ends it; then records the result.
# Later steps run even when one fails. Call it as a plain command, never inside
# `if` or `||`, which would switch errexit off within the step.
ci_step() {
  local title=$1 rc start=$SECONDS result
  shift
  printf '\n'
  printf '=%.0s' {1..100}
  printf '\n==> %s\n' "$title"
  printf '=%.0s' {1..100}
  printf '\n'
  : >"$CI_SKIP_NOTE"
  set +e
  (
    set -euo pipefail
    "$@"
  )
  rc=$?
  set -e
  if ((rc != 0)); then
    result="FAIL (exit status $rc)"
    CI_FAILED=$((CI_FAILED + 1))
  elif [[ -s $CI_SKIP_NOTE ]]; then
    result="SKIP ($(head -n 1 "$CI_SKIP_NOTE"))"
    CI_SKIPPED=$((CI_SKIPPED + 1))
    CI_SKIPS+=("$title: $(head -n 1 "$CI_SKIP_NOTE")")
  else
    result="PASS"
    CI_PASSED=$((CI_PASSED + 1))
  fi
  printf '==> %s: %s after %ds\n' "$title" "$result" $((SECONDS - start))
  CI_SUMMARY+=("$(printf '%-6s %s (%ds)' "${result%% *}" "$title" $((SECONDS - start)))")
}

# Prints the table of steps, the "N passed, N failed, N skipped" line and, last,
# each skipped step with its reason; returns 1 when a step failed.
ci_summary() {
  local line
  printf '\n==> summary\n'
  for line in "${CI_SUMMARY[@]}"; do
    printf '  %s\n' "$line"
  done
  printf '%d passed, %d failed, %d skipped\n' "$CI_PASSED" "$CI_FAILED" "$CI_SKIPPED"
  for line in "${CI_SKIPS[@]}"; do
    printf 'skipped: %s\n' "$line"
  done
  ((CI_FAILED == 0))
}
