/*
 * vllm_sleep_wake.cpp: a program written for ROCm the way vLLM's sleep-mode
 * allocator (csrc/cumem_allocator.cpp, built with USE_ROCM) uses the runtime,
 * with nothing in it that knows which runtime it links against.
 * ci/drop_in/check.sh builds it with find_package(hip) and hip::host and runs
 * it on mockhip.
 *
 * - ensure_context: hipCtxGetCurrent; when there is none,
 *   hipDevicePrimaryCtxRetain and hipCtxSetCurrent.
 * - my_malloc: ensure_context; hipMemGetAllocationGranularity (Minimum) for
 *   pinned device memory; hipMemAddressReserve of the size rounded up to it,
 *   aligned to it; the range cut into chunks; create_and_map.
 * - create_and_map: hipMemCreate for every chunk, then hipMemMap for every
 *   chunk, then one hipMemSetAccess over the whole range.
 * - sleep: for tensors tagged for offload, a host backup through hipMemcpy
 *   (device to host); then for every allocation hipMemUnmap of each chunk and
 *   hipMemRelease of each handle. The address range stays reserved.
 * - wake: create_and_map into the same addresses, then the backups copied back.
 * - my_free: hipMemUnmap and hipMemRelease of each chunk, hipMemAddressFree.
 *
 * main() allocates tensors on each device (two when hipGetDeviceCount says so,
 * with hipSetDevice between), whose sizes are not multiples of the chunk,
 * fills them, and twice: sleeps, checks that hipMemcpy to or from a sleeping
 * tensor returns an error (and hipGetLastError the same one), wakes, and
 * checks that the offloaded tensors have their bytes back and the others can
 * be written again. It frees everything and releases the primary contexts it
 * retained. Errors are recorded and printed, not fatal, as in vLLM; the exit
 * status is 1 when any call failed or any check did not hold.
 */
#include <hip/hip_runtime.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

namespace {

// vLLM's CUDA_CHECK: the error is kept and printed, and the caller returns
// early when error_code is set.
hipError_t error_code = hipSuccess;
int failed_checks = 0;

void record_error(hipError_t error, const char *call, int line) {
  error_code = error;
  std::fprintf(stderr, "vllm_sleep_wake: line %d: %s failed: %s (%s)\n", line, call,
               hipGetErrorName(error), hipGetErrorString(error));
}

#define CUDA_CHECK(condition)                                                                      \
  do {                                                                                             \
    hipError_t error = (condition);                                                                \
    if (error != hipSuccess)                                                                       \
      record_error(error, #condition, __LINE__);                                                   \
  } while (0)

// Reports a check that did not hold (not a failing call).
__attribute__((format(printf, 1, 2))) void fail(const char *format, ...) {
  failed_checks++;
  std::va_list args;
  va_start(args, format);
  std::fprintf(stderr, "vllm_sleep_wake: ");
  std::vfprintf(stderr, format, args);
  std::fputc('\n', stderr);
  va_end(args);
}

constexpr size_t MiB = size_t(1) << 20;
constexpr int max_devices = 2;

// vLLM cuts each allocation into chunks of VLLM_SLEEP_MEM_CHUNK_SIZE MiB
// (256 by default); here 1 MiB unless that variable says otherwise, so small
// tensors span several chunks.
size_t chunk_bytes_setting() {
  const char *env = std::getenv("VLLM_SLEEP_MEM_CHUNK_SIZE");
  if (env != nullptr) {
    char *end = nullptr;
    unsigned long long mib = std::strtoull(env, &end, 0);
    if (end != env && *end == '\0' && mib > 0 && mib <= 1024 * 1024)
      return static_cast<size_t>(mib) * MiB;
  }
  return MiB;
}

bool retained_primary[max_devices] = {};

void ensure_context(int device) {
  hipCtx_t ctx = nullptr;
  CUDA_CHECK(hipCtxGetCurrent(&ctx));
  if (ctx == nullptr) {
    CUDA_CHECK(hipDevicePrimaryCtxRetain(&ctx, device));
    CUDA_CHECK(hipCtxSetCurrent(ctx));
    if (error_code == hipSuccess)
      retained_primary[device] = true;
  }
}

// One allocation: what vLLM's Python side keeps per pointer.
struct allocation {
  int device = 0;
  void *d_mem = nullptr;
  size_t aligned_bytes = 0;
  std::vector<size_t> chunk_bytes;
  std::vector<hipMemGenericAllocationHandle_t> handles;
  bool mapped = false;
  bool offload = false; // tagged to be backed up on sleep ("weights"), else discarded
  std::vector<unsigned char> cpu_backup;
};

std::map<void *, allocation> allocations;

hipMemAllocationProp device_prop(int device) {
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  prop.allocFlags.compressionType = 0;
  return prop;
}

void create_and_map(allocation &a) {
  ensure_context(a.device);
  hipMemAllocationProp prop = device_prop(a.device);
  a.handles.assign(a.chunk_bytes.size(), nullptr);
  for (size_t i = 0; i < a.chunk_bytes.size(); i++) {
    CUDA_CHECK(hipMemCreate(&a.handles[i], a.chunk_bytes[i], &prop, 0));
    if (error_code != hipSuccess)
      return;
  }
  size_t offset = 0;
  for (size_t i = 0; i < a.chunk_bytes.size(); i++) {
    CUDA_CHECK(
        hipMemMap(static_cast<char *>(a.d_mem) + offset, a.chunk_bytes[i], 0, a.handles[i], 0));
    if (error_code != hipSuccess)
      return;
    offset += a.chunk_bytes[i];
  }
  hipMemAccessDesc access = {};
  access.location.type = hipMemLocationTypeDevice;
  access.location.id = a.device;
  access.flags = hipMemAccessFlagsProtReadWrite;
  CUDA_CHECK(hipMemSetAccess(a.d_mem, a.aligned_bytes, &access, 1));
  if (error_code != hipSuccess)
    return;
  a.mapped = true;
}

void unmap_and_release(allocation &a) {
  ensure_context(a.device);
  size_t offset = 0;
  for (size_t i = 0; i < a.chunk_bytes.size(); i++) {
    CUDA_CHECK(hipMemUnmap(static_cast<char *>(a.d_mem) + offset, a.chunk_bytes[i]));
    if (error_code != hipSuccess)
      return;
    offset += a.chunk_bytes[i];
  }
  for (size_t i = 0; i < a.handles.size(); i++) {
    CUDA_CHECK(hipMemRelease(a.handles[i]));
    if (error_code != hipSuccess)
      return;
  }
  a.handles.clear();
  a.mapped = false;
}

void *my_malloc(size_t bytes, int device, bool offload) {
  ensure_context(device);
  hipMemAllocationProp prop = device_prop(device);
  size_t granularity = 0;
  CUDA_CHECK(
      hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  if (error_code != hipSuccess)
    return nullptr;
  size_t aligned_bytes = (bytes + granularity - 1) / granularity * granularity;

  void *d_mem = nullptr;
  // ROCm is given the granularity as the alignment.
  CUDA_CHECK(hipMemAddressReserve(&d_mem, aligned_bytes, granularity, nullptr, 0));
  if (error_code != hipSuccess)
    return nullptr;

  allocation a;
  a.device = device;
  a.d_mem = d_mem;
  a.aligned_bytes = aligned_bytes;
  a.offload = offload;
  size_t chunk = (chunk_bytes_setting() + granularity - 1) / granularity * granularity;
  for (size_t offset = 0; offset < aligned_bytes; offset += chunk)
    a.chunk_bytes.push_back(aligned_bytes - offset < chunk ? aligned_bytes - offset : chunk);

  create_and_map(a);
  if (error_code != hipSuccess) {
    CUDA_CHECK(hipMemAddressFree(d_mem, aligned_bytes));
    return nullptr;
  }
  allocations[d_mem] = a;
  return d_mem;
}

void my_free(void *ptr) {
  auto it = allocations.find(ptr);
  if (it == allocations.end()) {
    fail("my_free(%p): not an allocation of this allocator", ptr);
    return;
  }
  allocation &a = it->second;
  if (a.mapped)
    unmap_and_release(a);
  CUDA_CHECK(hipMemAddressFree(a.d_mem, a.aligned_bytes));
  allocations.erase(it);
}

// Offloaded allocations are copied to the host first; every allocation loses
// its memory and keeps its addresses.
void sleep_allocator() {
  for (auto &entry : allocations) {
    allocation &a = entry.second;
    if (!a.mapped)
      continue;
    CUDA_CHECK(hipSetDevice(a.device));
    if (a.offload) {
      a.cpu_backup.resize(a.aligned_bytes);
      CUDA_CHECK(hipMemcpy(a.cpu_backup.data(), a.d_mem, a.aligned_bytes, hipMemcpyDeviceToHost));
    }
    unmap_and_release(a);
    if (error_code != hipSuccess)
      return;
  }
}

// New memory at the same addresses, the backups copied back into it.
void wake_allocator() {
  for (auto &entry : allocations) {
    allocation &a = entry.second;
    if (a.mapped)
      continue;
    CUDA_CHECK(hipSetDevice(a.device));
    create_and_map(a);
    if (error_code != hipSuccess)
      return;
    if (!a.cpu_backup.empty()) {
      CUDA_CHECK(hipMemcpy(a.d_mem, a.cpu_backup.data(), a.aligned_bytes, hipMemcpyHostToDevice));
      a.cpu_backup.clear();
    }
  }
}

struct tensor {
  const char *name;
  int device;
  size_t bytes;
  bool offload;
  void *ptr = nullptr;
  unsigned seed = 0;
};

unsigned char pattern(unsigned seed, size_t i) {
  return static_cast<unsigned char>(seed * 151u + i * 13u + (i >> 12));
}

void fill(tensor &t, unsigned seed) {
  t.seed = seed;
  std::vector<unsigned char> host(t.bytes);
  for (size_t i = 0; i < t.bytes; i++)
    host[i] = pattern(seed, i);
  CUDA_CHECK(hipSetDevice(t.device));
  CUDA_CHECK(hipMemcpy(t.ptr, host.data(), t.bytes, hipMemcpyHostToDevice));
}

void verify(const tensor &t, const char *when) {
  std::vector<unsigned char> back(t.bytes);
  CUDA_CHECK(hipSetDevice(t.device));
  CUDA_CHECK(hipMemcpy(back.data(), t.ptr, t.bytes, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < t.bytes; i++) {
    if (back[i] != pattern(t.seed, i)) {
      fail("%s: %s on device %d at %p: byte %zu of %zu is 0x%02x, 0x%02x was written", when, t.name,
           t.device, t.ptr, i, t.bytes, back[i], pattern(t.seed, i));
      return;
    }
  }
}

// A sleeping tensor has no memory: a copy to or from it must be refused with
// an error (on a GPU a kernel would fault), and that error is the last one.
void check_unreachable(const tensor &t) {
  CUDA_CHECK(hipSetDevice(t.device));
  unsigned char probe[64] = {};
  char *middle = static_cast<char *>(t.ptr) + t.bytes / 2;
  struct {
    const char *what;
    hipError_t err;
  } tries[] = {
      {"hipMemcpy from it", hipMemcpy(probe, t.ptr, sizeof probe, hipMemcpyDeviceToHost)},
      {"hipMemcpy into it", hipMemcpy(middle, probe, sizeof probe, hipMemcpyHostToDevice)},
  };
  for (const auto &attempt : tries) {
    if (attempt.err == hipSuccess)
      fail("%s (%s on device %d at %p) while asleep succeeded", attempt.what, t.name, t.device,
           t.ptr);
  }
  hipError_t last = hipGetLastError();
  if (last != tries[1].err)
    fail("hipGetLastError gave %s after %s gave %s", hipGetErrorName(last), tries[1].what,
         hipGetErrorName(tries[1].err));
}

// The current context is the device's primary context, and each device has its own.
void check_contexts(int devices) {
  hipCtx_t current[max_devices] = {};
  for (int device = 0; device < devices; device++) {
    CUDA_CHECK(hipSetDevice(device));
    ensure_context(device);
    CUDA_CHECK(hipCtxGetCurrent(&current[device]));
    hipCtx_t primary = nullptr;
    CUDA_CHECK(hipDevicePrimaryCtxRetain(&primary, device));
    if (current[device] == nullptr || current[device] != primary)
      fail("device %d: the current context %p is not the primary context %p", device,
           static_cast<void *>(current[device]), static_cast<void *>(primary));
    CUDA_CHECK(hipDevicePrimaryCtxRelease(device));
  }
  if (devices == 2 && current[0] == current[1])
    fail("devices 0 and 1 have the same context %p", static_cast<void *>(current[0]));
}

} // namespace

int main() {
  int device_count = 0;
  CUDA_CHECK(hipGetDeviceCount(&device_count));
  if (error_code != hipSuccess || device_count < 1) {
    std::fprintf(stderr, "vllm_sleep_wake: no usable HIP device\n");
    return 1;
  }
  const int devices = device_count < max_devices ? device_count : max_devices;
  check_contexts(devices);

  const size_t chunk = chunk_bytes_setting();
  std::vector<tensor> tensors;
  for (int device = 0; device < devices; device++) {
    tensors.push_back({"weights.0", device, 3 * chunk + 4097, true});
    tensors.push_back({"weights.1", device, 777, true});
    tensors.push_back({"kv_cache", device, 2 * chunk + chunk / 2 + 1, false});
  }
  for (tensor &t : tensors) {
    CUDA_CHECK(hipSetDevice(t.device));
    t.ptr = my_malloc(t.bytes, t.device, t.offload);
    if (t.ptr == nullptr)
      break;
    fill(t, static_cast<unsigned>(&t - tensors.data()) + 1);
    verify(t, "after fill");
  }

  const int cycles = 2;
  for (int cycle = 1; cycle <= cycles && error_code == hipSuccess && failed_checks == 0; cycle++) {
    sleep_allocator();
    if (error_code != hipSuccess)
      break;
    for (const tensor &t : tensors)
      check_unreachable(t);

    wake_allocator();
    if (error_code != hipSuccess)
      break;
    for (tensor &t : tensors) {
      auto it = allocations.find(t.ptr);
      if (it == allocations.end() || !it->second.mapped) {
        fail("%s on device %d: %p is not mapped after waking", t.name, t.device, t.ptr);
      } else if (t.offload) {
        verify(t, "after wake");
      } else {
        fill(t, t.seed + 100); // discarded on sleep: it must take new data
        verify(t, "after wake and refill");
      }
    }
    std::printf("cycle %d: %zu tensor(s) on %d device(s): sleep, refused copies, wake at the "
                "same addresses: %s\n",
                cycle, tensors.size(), devices,
                error_code == hipSuccess && failed_checks == 0 ? "ok" : "FAILED");
  }

  for (tensor &t : tensors) {
    if (t.ptr != nullptr) {
      CUDA_CHECK(hipSetDevice(t.device));
      my_free(t.ptr);
    }
  }
  for (int device = 0; device < devices; device++)
    if (retained_primary[device])
      CUDA_CHECK(hipDevicePrimaryCtxRelease(device));

  bool ok = error_code == hipSuccess && failed_checks == 0 && allocations.empty();
  std::printf("vllm_sleep_wake: %d device(s), chunks of %zu bytes, %d sleep/wake cycle(s): %s\n",
              devices, chunk, cycles, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
