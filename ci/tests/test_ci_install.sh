#!/usr/bin/env bash
# ci/tests/test_ci_install.sh: the test of ci_install (ci/lib.sh), step 10 of ci/test.sh.
#
#   bash ci/tests/test_ci_install.sh
#
# ci_install runs against a fake apt on PATH (apt-get, apt-cache, dpkg-query,
# sudo) that knows three packages: one installed, one missing that apt can
# install, one apt does not know, plus one pinned away (no candidate). The fake
# apt-cache writes its policy the way the real one can, in several writes, so
# a reader that stops early kills it with SIGPIPE. Each case checks what
# ci_install returned, what it asked apt to do and what it recorded as
# unavailable. Last, ci_apt_candidate meets the real apt-cache. Prints one line
# per case and exits 1 when any failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hipvmm-ci-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
fake="$work/bin"
mkdir -p "$fake"
export FAKE_APT_LOG="$work/apt.log" FAKE_APT_INSTALLED="$work/installed"

# dpkg-query -W -f=... PKG: "installed" for present-pkg and whatever the fake apt-get installed.
cat >"$fake/dpkg-query" <<'EOF'
#!/usr/bin/env bash
pkg=${!#}
if [[ $pkg == present-pkg ]] || grep -qx "$pkg" "$FAKE_APT_INSTALLED" 2>/dev/null; then
  printf installed
else
  exit 1
fi
EOF
# apt-cache policy PKG: a candidate for available-pkg and present-pkg, "(none)"
# for pinned-pkg, nothing at all (status 0, as apt-cache does) for the rest.
cat >"$fake/apt-cache" <<'EOF'
#!/usr/bin/env bash
[[ $1 == policy ]] || exit 100
case $2 in
available-pkg | present-pkg)
  printf '%s:\n  Installed: (none)\n  Candidate: 1.0-1\n  Version table:\n' "$2"
  sleep 0.2 # the rest comes in later writes, as from the real apt-cache
  for i in $(seq 1 2000); do printf '     1.0-%d 500\n' "$i"; done
  ;;
pinned-pkg) printf '%s:\n  Installed: (none)\n  Candidate: (none)\n' "$2" ;;
esac
EOF
# apt-get [-y -q] update | install [--no-install-recommends] PKG...: logged; an
# install fails as apt-get does (status 100) when it names a package apt cannot install.
cat >"$fake/apt-get" <<'EOF'
#!/usr/bin/env bash
printf 'apt-get %s\n' "$*" >>"$FAKE_APT_LOG"
args=()
for a in "$@"; do [[ $a == -* ]] || args+=("$a"); done
[[ ${args[0]} == install ]] || exit 0
for pkg in "${args[@]:1}"; do
  case $pkg in
  available-pkg) ;;
  *) printf 'E: Unable to locate package %s\n' "$pkg" >&2; exit 100 ;;
  esac
done
printf '%s\n' "${args[@]:1}" >>"$FAKE_APT_INSTALLED"
EOF
printf '#!/usr/bin/env bash\nexec "$@"\n' >"$fake/sudo"
chmod +x "$fake"/*

# A PATH with the fake apt and the few tools lib.sh needs, but no apt-get.
no_apt="$work/no-apt"
mkdir -p "$no_apt"
cp "$fake/dpkg-query" "$no_apt/"
for tool in bash env id dirname mktemp rm nproc cat head grep seq sleep; do
  ln -s "$(command -v "$tool")" "$no_apt/$tool"
done

# Each case is a condition followed by check: errexit would end the test at the first false one.
set +e
failed=0
check() { # check NAME: records the verdict of the condition just run, from $?
  local status=$? name=$1
  if ((status == 0)); then
    printf 'ok      %s\n' "$name"
  else
    printf 'FAILED  %s\n' "$name"
    failed=$((failed + 1))
  fi
}

# run_install PATH SPEC...: ci_install in a fresh shell as ci/test.sh runs it
# (errexit, nounset, pipefail); prints what it recorded as unavailable, then
# its status (ci_die exits the shell, as it would end a CI step).
run_install() {
  local path=$1
  shift
  : >"$FAKE_APT_LOG"
  : >"$FAKE_APT_INSTALLED"
  PATH=$path bash -c '
    set -euo pipefail
    source "$0/ci/lib.sh"
    ci_install "$@" >"$FAKE_APT_LOG.out" 2>&1
    for pkg in "${!CI_UNAVAILABLE[@]}"; do printf "unavailable %s: %s\n" "$pkg" "${CI_UNAVAILABLE[$pkg]}"; done
  ' "$root" "$@"
  printf 'status=%s\n' "$?"
}

out=$(run_install "$fake:$PATH" present-pkg)
[[ $out == status=0 && ! -s $FAKE_APT_LOG ]]
check "a package that is installed: nothing asked of apt"

out=$(run_install "$fake:$PATH" present-pkg=/ present-pkg=bash)
[[ $out == status=0 && ! -s $FAKE_APT_LOG ]]
check "probes by path and by command that are there: nothing asked of apt"

out=$(run_install "$fake:$PATH" present-pkg available-pkg)
[[ $out == status=0 && $(cat "$FAKE_APT_LOG") == *"update"*"install --no-install-recommends available-pkg" ]]
check "a missing package apt has: update, then install it alone"

out=$(run_install "$fake:$PATH" '?available-pkg=/nonexistent/probe')
[[ $out == status=0 && $(tail -n 1 "$FAKE_APT_LOG") == *"install --no-install-recommends available-pkg" ]]
check "an optional missing package apt has (long, slow policy output): installed"

out=$(run_install "$fake:$PATH" '?no-such-pkg')
[[ $out == $'unavailable no-such-pkg: apt has no candidate for no-such-pkg (apt-cache policy no-such-pkg)\nstatus=0' &&
  $(cat "$FAKE_APT_LOG") != *install* ]] && grep -q "not available from apt" "$FAKE_APT_LOG.out"
check "an optional package apt does not know: left out, recorded, warned"

out=$(run_install "$fake:$PATH" '?pinned-pkg' available-pkg)
[[ $out == $'unavailable pinned-pkg: '*$'\nstatus=0' &&
  $(tail -n 1 "$FAKE_APT_LOG") == *"install --no-install-recommends available-pkg" ]]
check "an optional package with no candidate beside a required one: only the required installed"

out=$(run_install "$fake:$PATH" no-such-pkg)
[[ $out == status=100 ]] && grep -q "Unable to locate package no-such-pkg" "$FAKE_APT_LOG.out"
check "a required package apt does not know: ci_install fails"

out=$(run_install "$no_apt" '?available-pkg')
[[ $out == $'unavailable available-pkg: there is no apt-get here to install available-pkg\nstatus=0' ]]
check "an optional package on a machine without apt-get: left out, recorded"

out=$(run_install "$no_apt" available-pkg)
[[ $out == status=1 ]] && grep -q "there is no apt-get here" "$FAKE_APT_LOG.out"
check "a required package on a machine without apt-get: ci_install fails, saying why"

# ci_apt_candidate against the real apt-cache, when this machine has apt lists.
if command -v apt-cache >/dev/null && [[ $(apt-cache policy bash 2>/dev/null) == *"Candidate: "[0-9]* ]]; then
  (
    source "$root/ci/lib.sh"
    set -o pipefail
    ci_apt_candidate bash && ! ci_apt_candidate hipvmm-no-such-package
  )
  check "ci_apt_candidate with the real apt-cache: bash has a candidate, an unknown name none"
else
  printf 'skip    ci_apt_candidate with the real apt-cache: no apt lists here (apt-get update not run)\n'
fi

printf '%d failed\n' "$failed"
((failed == 0))
