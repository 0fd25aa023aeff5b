#!/usr/bin/env bash
# ci/gpu.sh: everything hipvmm checks on an NVIDIA GPU, in one run of a few minutes.
#
#   bash ci/gpu.sh [OUT_DIR]
#
# Builds (Release) hip-nvidia, its fake-libcuda tests, conformance-nvidia,
# conformance-mock and hmo-bench-gpu; then
#   1. what the machine is: nvidia-smi's GPU and driver, the driver hip-nvidia loads;
#   2. the fake-libcuda tests (the translation, without the GPU);
#   3. hmo-bench-gpu: hmo's pool, growth (exact and doubling, and the driver's floor),
#      clone and sharing, and libhmo-torch with a transformer's trace, beside the
#      driver's own calls;
#   4. the kernel cases (ci/kernel_cases): built by nvcc over hip-nvidia, each run in a
#      process of its own on the GPU, and compared line by line with the mock playing
#      HIP on NVIDIA (where there is no nvcc the step says so and is left out);
#   5. the suite on the GPU: conformance-nvidia --report divergences/nvidia.txt,
#      with --junit, --json and --emit-divergences (last but one: the longest step,
#      a process per rule, so a run cut short has the quick steps' results);
#   6. the suite on the mock playing HIP on NVIDIA, against the same file, and the two
#      runs compared rule by rule: every rule where the GPU and the mock answer
#      differently is printed (the mock's cuda-13.0 column must then change, or the
#      rule's line in nvidia.txt);
#   7. the record: conformance/observed/<gpu>-<date>.txt (the report, the benchmark
#      and the kernel cases), in the tree and in OUT_DIR.
# One process holds the driver open throughout, so that a machine without a
# persistence daemon does not start the GPU afresh for each rule's process.
# Everything printed, and the files, go to OUT_DIR (default build/gpu-out, or $OUT
# when set, as on a lent machine). A machine that reaches no package registry
# gets CMocka from Debian's packages carried in .gpu-debs/ (made beforehand on
# a machine that does: mkdir .gpu-debs && cd .gpu-debs && apt-get download
# libcmocka0 libcmocka-dev). Exit status: 0 when the GPU run has no FAIL and
# the two runs agree, 1 otherwise, 77 when there is no NVIDIA GPU the rules can run on.
# docs/conformance.md ("HIP on NVIDIA") says how to record the result.
set -euo pipefail

# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CI_ROOT"

out=${1:-${OUT:-$CI_BUILD/gpu-out}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec > >(tee "$out/gpu.log") 2>&1

cmocka=()
debs=("$CI_ROOT"/.gpu-debs/*.deb)
if [[ ! -f /usr/include/cmocka.h && -f ${debs[0]} ]]; then
  deps="$CI_BUILD/gpu-deps"
  mkdir -p "$deps"
  for deb in "${debs[@]}"; do
    dpkg -x "$deb" "$deps"
  done
  cmocka=(-DHIPVMM_CMOCKA_ROOT="$deps/usr")
  export LD_LIBRARY_PATH="$deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  ci_install cmake=cmake make=make gcc=gcc libc6-dev=/usr/include/stdio.h pkg-config=pkg-config \
    libcmocka-dev=/usr/include/cmocka.h python3=python3
fi

# An image with CMake and ninja but no make (as the lent machines' may be) builds with ninja.
generator=()
if ! command -v make >/dev/null && command -v ninja >/dev/null; then
  generator=(-G Ninja)
fi

build="$CI_BUILD/gpu"
printf '== build (Release) in %s\n' "$build"
cmake -S "$CI_ROOT" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DHIPVMM_ROCM=OFF -DHIPVMM_BENCH=ON \
  "${cmocka[@]}" >"$out/configure.log" 2>&1 ||
  {
    cat "$out/configure.log"
    ci_die "cmake could not configure the build"
  }
ci_run cmake --build "$build" -j "$CI_JOBS" --target conformance-nvidia conformance-mock \
  hmo-bench-gpu test-hip-nvidia test-hip-nvidia-old-driver test-hip-nvidia-no-driver kernel-cases

printf '\n== 1. the machine\n'
date -u '+%Y-%m-%d %H:%M UTC'
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  nvidia-smi | sed -n 's/.*CUDA Version: *\([0-9.]*\).*/CUDA (driver API) \1/p' || true
else
  printf 'nvidia-smi: not found\n'
fi
nvidia=$(ci_find_program "$build" conformance-nvidia)
status=0
"$nvidia" --about | tee "$out/about.txt" || status=$?
if ((status == 77)); then
  printf 'ci/gpu.sh: no NVIDIA GPU the rules can run on: %s\n' "$(sed -n 's/^reason: //p' "$out/about.txt")"
  exit 77
fi
((status == 0)) || ci_die "conformance-nvidia --about failed with status $status"

# Without a persistence daemon the driver tears the GPU down each time its last
# user exits, and every rule's child would pay the GPU's start again (seconds,
# not milliseconds): one process holds the driver open for the whole run.
if command -v python3 >/dev/null; then
  python3 - "${HIPVMM_LIBCUDA:-libcuda.so.1}" >/dev/null 2>&1 <<'EOF' &
import ctypes, sys, time
cuda = ctypes.CDLL(sys.argv[1])
device, context = ctypes.c_int(), ctypes.c_void_p()
if cuda.cuInit(0) == 0 and cuda.cuDeviceGet(ctypes.byref(device), 0) == 0:
    cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device)
time.sleep(3600)
EOF
  holder=$!
  trap 'kill "$holder" 2>/dev/null || true' EXIT
fi

printf '\n== 2. the translation, on the fake libcuda\n'
(cd "$build" && ctest -R '^hip-nvidia' --output-on-failure) | tee "$out/fake.txt" ||
  printf 'ci/gpu.sh: a fake-libcuda test failed (above)\n'

printf '\n== 3. hmo on the GPU beside the driver\n'
"$(ci_find_program "$build" hmo-bench-gpu)" | tee "$out/bench.txt" ||
  printf 'ci/gpu.sh: hmo-bench-gpu failed (above)\n'

printf '\n== 4. the kernel cases on the GPU and on the mock\n'
kernels_agree=0
if command -v nvcc >/dev/null; then
  cases="$build/kernel-cases-gpu"
  if nvcc -x cu -std=c++17 -O1 -I"$CI_ROOT/mockhip/include" -I"$build/mockhip/include" \
    "$CI_ROOT/ci/kernel_cases/kernel_cases.cpp" -o "$cases" \
    -L"$build/realhip/nvidia" -lhip-nvidia -Xlinker -rpath -Xlinker "$build/realhip/nvidia" \
    >"$out/kernel-cases-build.log" 2>&1; then
    : >"$out/kernel-cases-gpu.txt"
    for name in $("$cases" --list); do
      status=0
      timeout 60 "$cases" "$name" >>"$out/kernel-cases-gpu.txt" 2>&1 || status=$?
      ((status > 128)) && printf '%s: signal %d\n' "$name" $((status - 128)) >>"$out/kernel-cases-gpu.txt"
    done
    MOCKHIP_PLATFORM=nvidia "$(ci_find_program "$build" kernel-cases)" >"$out/kernel-cases-mock.txt"
    diff -u "$out/kernel-cases-gpu.txt" "$out/kernel-cases-mock.txt" || kernels_agree=1
    cat "$out/kernel-cases-gpu.txt"
  else
    cat "$out/kernel-cases-build.log"
    printf 'ci/gpu.sh: nvcc could not build the kernel cases\n'
    kernels_agree=1
  fi
else
  printf 'ci: not checked: no nvcc on this machine, so no kernel runs on the GPU\n'
fi

printf '\n== 5. the suite on the GPU\n'
gpu_status=0
"$nvidia" --report conformance/divergences/nvidia.txt --junit "$out/gpu.xml" --json "$out/gpu.json" \
  --emit-divergences "$out/gpu-divergences.txt" | tee "$out/gpu-report.txt" || gpu_status=$?

printf '\n== 6. the mock playing HIP on NVIDIA, and the two compared\n'
mock=$(ci_find_program "$build" conformance-mock)
MOCKHIP_PLATFORM=nvidia MOCKHIP_DEVICES=$("$nvidia" --about | sed -n 's/^device_count: //p') \
  "$mock" --report conformance/divergences/nvidia.txt --json "$out/mock.json" >"$out/mock-report.txt" || true
tail -n 3 "$out/mock-report.txt"
agree=0
python3 - "$out/gpu.json" "$out/mock.json" <<'EOF' || agree=$?
import json, sys
gpu, mock = (json.load(open(path)) for path in sys.argv[1:3])
def results(report):
    return {rule["rule"]: rule["result"] for rule in report["rules"]}
on_gpu, on_mock = results(gpu), results(mock)
differ = [(rule, on_gpu[rule], on_mock.get(rule, "absent")) for rule in on_gpu
          if on_gpu[rule] != on_mock.get(rule) and on_gpu[rule] != "skip"]
for rule, g, m in differ:
    print(f"differs: {rule}: GPU {g}, mock {m}")
print(f"GPU and mock: {len(on_gpu) - len(differ)} of {len(on_gpu)} rules agree "
      f"(a rule the GPU skips counts as agreeing)")
sys.exit(1 if differ else 0)
EOF

# The record docs/conformance.md asks for: conformance/observed/<gpu>-<date>.txt, the suite's
# report, then the benchmark and the kernel cases of the same run. Written in the tree and in
# OUT_DIR (what comes back from a lent machine).
gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)
gpu_slug=$(printf '%s' "${gpu_name:-nvidia-gpu}" | tr '[:upper:]' '[:lower:]' | tr -cs 'a-z0-9' '-' |
  sed 's/-*$//')
[[ $gpu_slug == nvidia* ]] || gpu_slug="nvidia-$gpu_slug"
observed="$gpu_slug-$(date -u +%F).txt"
{
  printf '# bash ci/gpu.sh on %s, %s: the suite'"'"'s report.\n' "${gpu_name:-an NVIDIA GPU}" "$(date -u +%F)"
  printf '# The hmo and libhmo-torch benchmark and the kernel cases of the same run follow it.\n'
  cat "$out/gpu-report.txt"
  printf '\n# hmo-bench-gpu\n'
  cat "$out/bench.txt"
  if [[ -f $out/kernel-cases-gpu.txt ]]; then
    printf '\n# the kernel cases on the GPU\n'
    cat "$out/kernel-cases-gpu.txt"
  fi
} >"$out/$observed"
mkdir -p "$CI_ROOT/conformance/observed"
cp "$out/$observed" "$CI_ROOT/conformance/observed/$observed"
printf '\nci/gpu.sh: recorded conformance/observed/%s\n' "$observed"

printf '\nci/gpu.sh: files in %s (%d s)\n' "$out" "$SECONDS"
((gpu_status == 0 && agree == 0 && kernels_agree == 0)) || exit 1
