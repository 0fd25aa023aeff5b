#!/usr/bin/env bash
# ci/subproject/check.sh: hipvmm as a subproject (step 8 of ci/test.sh).
#
#   bash ci/subproject/check.sh
#
# Configures ci/subproject/ twice, with add_subdirectory and with FetchContent,
# with pkg-config (and so CMocka) out of CMake's reach; builds and runs the
# parent's programs, which link mockhip::mockhip and hmo::mock; installs the
# parent and checks that hipvmm installed nothing into it.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

for how in add_subdirectory FetchContent; do
  build="$CI_BUILD/subproject-$how"
  prefix="$build/prefix"
  rm -rf "$build"
  ci_run cmake -S "$CI_ROOT/ci/subproject" -B "$build" -DHIPVMM_SOURCE_DIR="$CI_ROOT" \
    -DHIPVMM_HOW="$how" -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
    -DCMAKE_C_FLAGS="-Wall -Wextra -Werror"
  ci_run cmake --build "$build" -j "$CI_JOBS"
  ci_run "$build/parent_app"
  ci_run "$build/parent_hmo"
  ci_run cmake --install "$build" --prefix "$prefix"
  if [[ -d $prefix ]] && [[ -n $(find "$prefix" -type f -print -quit) ]]; then
    find "$prefix" -type f
    ci_die "$how: installing the parent project installed hipvmm's files (above)"
  fi
done
