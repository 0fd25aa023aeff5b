#!/usr/bin/env bash
# ci/report.sh: builds the conformance suite and prints its report.
#
#   bash ci/report.sh                    on mockhip (the main job, as README.md gives it)
#   bash ci/report.sh --profile X.Y      on mockhip playing ROCm X.Y (MOCKHIP_ROCM_VERSION)
#   bash ci/report.sh --rocm [PREFIX]    on the installed ROCm and its GPU
#   bash ci/report.sh --nvidia [LIBCUDA] on an NVIDIA GPU, through hip-nvidia and the CUDA driver
#   bash ci/report.sh --help             the options
#
# One line per rule (rule id, pass / FAIL / skip / expected divergence, the
# reference row it checks), then the totals. Installs cmake, make, gcc,
# pkg-config and CMocka when they are missing. The mock plays two devices
# unless MOCKHIP_DEVICES says otherwise. Exit status: 0 when no rule failed,
# 1 when one did (or the build failed), 2 for a bad command line or
# divergences file, 77 when --rocm or --nvidia finds no runtime or no GPU
# that can run the rules (0 with --allow-skip). MOCKHIP_PLATFORM=nvidia makes
# the mock play HIP on NVIDIA, judged by divergences/nvidia.txt.
# docs/conformance.md says more.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=ci/divergence_file.sh
source "$(dirname "${BASH_SOURCE[0]}")/divergence_file.sh"

# Exit status when the GPU cannot run the suite (automake's "skipped").
EXIT_UNUSABLE=77

usage() {
  cat <<'EOF'
usage: bash ci/report.sh [--rocm [PREFIX] | --nvidia [LIBCUDA] | --profile X.Y] [OPTION...]

  (no mode)        conformance-mock on mockhip, against conformance/divergences/mock.txt
                   (nvidia.txt when MOCKHIP_PLATFORM=nvidia: the mock plays HIP on NVIDIA)
  --profile X.Y    conformance-mock with MOCKHIP_ROCM_VERSION=X.Y (6.0 ... 7.2, newest),
                   against conformance/divergences/mock-X.Y.txt (mock.txt for newest)
  --rocm [PREFIX]  conformance-rocm against the ROCm installed under PREFIX (else
                   /opt/rocm, then /usr), on its GPU, against
                   conformance/divergences/rocm-X.Y.txt for its version (else the
                   nearest release that has a file, with a warning)
  --nvidia [LIBCUDA]         conformance-nvidia (hip-nvidia over the CUDA driver,
                   libcuda.so.1 or the LIBCUDA path given) on its NVIDIA GPU, against
                   conformance/divergences/nvidia.txt
options:
  --allow-skip               with --rocm or --nvidia: exit 0, not 77, when no GPU can run
                             the rules
                             (the report then shows every rule as skipped, with why)
  --timeout SECONDS          a rule still running after SECONDS fails (default 30)
  --junit FILE               also write the results as JUnit XML
  --json FILE                also write them as JSON
  --emit-divergences FILE    write a draft divergences file from the run, to review
  --help                     this text
exit status: 0 no rule failed; 1 a rule failed or the build failed; 2 a bad command
line or divergences file; 77 --rocm or --nvidia found no runtime or no GPU that can
run the rules
EOF
}

bad_usage() {
  printf 'ci/report.sh: %s\n' "$*" >&2
  usage >&2
  exit 2
}

absolute() {
  case $1 in
  /*) printf '%s\n' "$1" ;;
  *) printf '%s/%s\n' "$PWD" "$1" ;;
  esac
}

mode=mock profile='' prefix='' libcuda='' allow_skip=0 timeout=''
pass=() # options handed to the binary
while (($#)); do
  case $1 in
  --help | -h)
    usage
    exit 0
    ;;
  --nvidia)
    [[ $mode == mock ]] || bad_usage "one of --rocm, --nvidia and --profile, once"
    mode=nvidia
    if [[ $# -gt 1 && $2 != -* ]]; then
      libcuda=$(absolute "$2")
      shift
    fi
    ;;
  --rocm)
    [[ $mode == mock ]] || bad_usage "one of --rocm, --nvidia and --profile, once"
    mode=rocm
    if [[ $# -gt 1 && $2 != -* ]]; then
      prefix=$(absolute "$2")
      shift
    fi
    ;;
  --profile)
    [[ $mode == mock && $# -gt 1 ]] || bad_usage "--profile takes a version, and one of --rocm, --nvidia and --profile"
    mode=profile profile=$2
    shift
    ;;
  --allow-skip) allow_skip=1 ;;
  --timeout)
    [[ $# -gt 1 && $2 =~ ^[1-9][0-9]*$ ]] || bad_usage "--timeout takes whole seconds"
    timeout=$2
    pass+=(--timeout "$2")
    shift
    ;;
  --junit | --json | --emit-divergences)
    [[ $# -gt 1 ]] || bad_usage "$1 takes a file"
    pass+=("$1" "$(absolute "$2")")
    shift
    ;;
  *) bad_usage "unknown argument: $1" ;;
  esac
  shift
done
cd "$CI_ROOT"
divergences_dir="$CI_ROOT/conformance/divergences"

ci_install cmake=cmake make=make gcc=gcc libc6-dev=/usr/include/stdio.h pkg-config=pkg-config \
  libcmocka-dev=/usr/include/cmocka.h

# configure_and_build BUILD_DIR TARGET CMAKE_ARGS...: the output of cmake's
# configuration goes to BUILD_DIR-configure.log, shown only when it fails.
configure_and_build() {
  local build=$1 target=$2 log="$1-configure.log"
  shift 2
  mkdir -p "$CI_BUILD"
  printf '+ cmake -S %s -B %s %s >%s\n' "$CI_ROOT" "$build" "$*" "$log"
  if ! cmake -S "$CI_ROOT" -B "$build" "$@" >"$log" 2>&1; then
    cat "$log"
    ci_die "cmake could not configure the build (output above)"
  fi
  ci_run cmake --build "$build" -j "$CI_JOBS" --target "$target"
  printf '\n'
}

# about BINARY: its --about lines in ABOUT; returns its status (0 usable, 77 not).
about() {
  local status=0
  ABOUT=$("$1" --about ${timeout:+--timeout "$timeout"}) || status=$?
  ((status == 0 || status == EXIT_UNUSABLE)) || {
    printf '%s\n' "$ABOUT"
    ci_die "$1 --about failed with status $status"
  }
  return "$status"
}
about_field() { sed -n "s/^$1: //p" <<<"$ABOUT"; }

# no_gpu REASON: what --rocm and --nvidia do when the rules cannot run here.
no_gpu() {
  printf 'ci/report.sh: no usable GPU: %s\n' "$*"
  if ((allow_skip)); then
    printf 'ci/report.sh: --allow-skip: exit status 0\n'
    return 0
  fi
  printf 'ci/report.sh: exit status %d (no usable GPU; --allow-skip makes it 0)\n' "$EXIT_UNUSABLE"
  exit "$EXIT_UNUSABLE"
}

# ---- mockhip: plain, or playing a release ----
if [[ $mode == mock || $mode == profile ]]; then
  divergences="$divergences_dir/mock.txt"
  if [[ ${MOCKHIP_PLATFORM:-} == nvidia ]]; then
    [[ $mode == mock ]] || bad_usage "--profile plays a ROCm release; MOCKHIP_PLATFORM=nvidia plays HIP on NVIDIA"
    divergences="$divergences_dir/nvidia.txt"
    printf 'ci/report.sh: mockhip playing HIP on NVIDIA (MOCKHIP_PLATFORM=nvidia), against %s\n\n' \
      "${divergences#"$CI_ROOT"/}"
  fi
  if [[ $mode == profile && $profile != newest ]]; then
    divergences="$divergences_dir/mock-$profile.txt"
    if [[ ! -f $divergences ]]; then
      shopt -s nullglob
      have=("$divergences_dir"/mock-*.txt "$divergences_dir/mock.txt for newest")
      have=("${have[@]##*/}")
      bad_usage "--profile $profile: no ${divergences#"$CI_ROOT"/} (there are: $(
        IFS=,
        printf '%s' "${have[*]}" | sed 's/,/, /g'
      ))"
    fi
  fi
  build="$CI_BUILD/report"
  configure_and_build "$build" conformance-mock -DCMAKE_C_COMPILER=gcc
  mock=$(ci_find_program "$build" conformance-mock)
  # Two devices, so the peer and multi-device rules run too (MOCKHIP_DEVICES overrides).
  export MOCKHIP_DEVICES=${MOCKHIP_DEVICES:-2}
  if [[ $mode == profile ]]; then
    export MOCKHIP_ROCM_VERSION=$profile
    about "$mock" || true
    played=$(about_field version)
    [[ $profile == newest || $played == "$profile" ]] ||
      bad_usage "--profile $profile: mockhip plays HIP $played instead (unknown version?)"
    printf 'ci/report.sh: mockhip playing ROCm %s (MOCKHIP_ROCM_VERSION=%s, HIP %s)\n\n' \
      "$profile" "$profile" "$played"
  fi
  ci_run timeout 600 "$mock" --report "$divergences" "${pass[@]}"
  exit 0
fi

# ---- an NVIDIA GPU, through hip-nvidia ----
if [[ $mode == nvidia ]]; then
  if [[ -n $libcuda ]]; then
    [[ -e $libcuda ]] || no_gpu "no CUDA driver at $libcuda"
    export HIPVMM_LIBCUDA=$libcuda
  fi
  build="$CI_BUILD/report-nvidia"
  configure_and_build "$build" conformance-nvidia -DCMAKE_C_COMPILER=gcc -DHIPVMM_ROCM=OFF
  nvidia=$(ci_find_program "$build" conformance-nvidia)
  usable=1
  about "$nvidia" || usable=0
  if ((usable)); then
    printf 'ci/report.sh: %s, CUDA %s; GPU: %s (%s), %s device(s)\n\n' \
      "$(about_field backend)" "$(about_field version)" "$(about_field device_name)" \
      "$(about_field gcn_arch)" "$(about_field device_count)"
  else
    no_gpu "$(about_field reason)" # returns only with --allow-skip: every rule then skips
  fi
  ci_run timeout 3600 "$nvidia" --report "$divergences_dir/nvidia.txt" "${pass[@]}"
  exit 0
fi

# ---- the installed ROCm and its GPU ----

# rocm_at PREFIX: ROCM_LIBRARY and ROCM_INCLUDE of the ROCm under PREFIX, or fails.
rocm_at() {
  local library
  [[ -f $1/include/hip/hip_runtime_api.h ]] || return 1
  for library in "$1"/lib/libamdhip64.so "$1"/lib64/libamdhip64.so "$1"/lib/*-linux-gnu/libamdhip64.so; do
    if [[ -e $library ]]; then
      ROCM_LIBRARY=$library ROCM_INCLUDE=$1/include
      return 0
    fi
  done
  return 1
}

ROCM_LIBRARY='' ROCM_INCLUDE=''
if [[ -n $prefix ]]; then
  rocm_at "$prefix" ||
    no_gpu "no ROCm runtime under $prefix (lib/libamdhip64.so and include/hip/hip_runtime_api.h)"
else
  rocm_at /opt/rocm || rocm_at /usr ||
    no_gpu "no ROCm runtime in /opt/rocm or /usr (libamdhip64.so and hip/hip_runtime_api.h);" \
      "install one (Debian: apt-get install libamdhip64-dev) or give its prefix: --rocm PREFIX"
fi
[[ -n $ROCM_LIBRARY ]] || exit 0 # --allow-skip without a runtime: nothing to run

build="$CI_BUILD/report-rocm"
configure_and_build "$build" conformance-rocm -DCMAKE_C_COMPILER=gcc -DHIPVMM_ROCM=ON \
  -DHIPVMM_ROCM_LIBRARY="$ROCM_LIBRARY" -DHIPVMM_ROCM_INCLUDE_DIR="$ROCM_INCLUDE"
rocm=$(ci_find_program "$build" conformance-rocm)

usable=1
about "$rocm" || usable=0
version=$(about_field version)
printf 'ci/report.sh: ROCm HIP %s (hipRuntimeGetVersion %s) at %s\n' "$version" \
  "$(about_field version_number)" "$ROCM_LIBRARY"
if (($(about_field device_count) > 0)); then
  printf 'ci/report.sh: GPU: %s (%s), %s device(s)\n' "$(about_field device_name)" \
    "$(about_field gcn_arch)" "$(about_field device_count)"
else
  printf 'ci/report.sh: GPU: none\n'
fi
divergences=$(ci_nearest_divergences "$divergences_dir" "$version")
if [[ $divergences != */rocm-$version.txt ]]; then
  printf 'ci/report.sh: warning: no conformance/divergences/rocm-%s.txt; using %s, the nearest release that has one\n' \
    "$version" "${divergences#"$CI_ROOT"/}"
fi
((usable)) || no_gpu "$(about_field reason)"
printf '\n'
ci_run timeout 3600 "$rocm" --report "$divergences" "${pass[@]}"
