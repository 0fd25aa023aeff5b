# shellcheck shell=bash
# ci/divergence_file.sh: which divergence file a ROCm release is judged against.
# Source it from bash (ci/report.sh does; ci/tests/test_report_sh.sh tests it).

# ci_nearest_divergences DIR X.Y: prints DIR/rocm-X.Y.txt when it exists, else
# the file of the nearest older release, else of the nearest newer one (the
# reference's rule for a release it has not read), else DIR/none.txt.
ci_nearest_divergences() {
  local dir=$1 want=$2 file version key want_key best='' best_key=''
  if [[ -f $dir/rocm-$want.txt ]]; then
    printf '%s\n' "$dir/rocm-$want.txt"
    return
  fi
  want_key=$(awk -F. '{printf "%d%03d", $1, $2}' <<<"$want")
  for file in "$dir"/rocm-*.txt; do
    version=${file##*/rocm-}
    version=${version%.txt}
    [[ -f $file && $version =~ ^[0-9]+\.[0-9]+$ ]] || continue
    key=$(awk -F. '{printf "%d%03d", $1, $2}' <<<"$version")
    # An older release beats a newer one; among older ones the highest, among newer the lowest.
    if [[ -z $best ]] ||
      ((key <= want_key && (best_key > want_key || key > best_key))) ||
      ((key > want_key && best_key > want_key && key < best_key)); then
      best=$file best_key=$key
    fi
  done
  printf '%s\n' "${best:-$dir/none.txt}"
}
