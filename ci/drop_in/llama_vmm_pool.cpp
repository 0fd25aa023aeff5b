/*
 * llama_vmm_pool.cpp: a program written for ROCm the way llama.cpp's HIP
 * backend (ggml/src/ggml-cuda) uses the runtime, with nothing in it that knows
 * which runtime it links against. ci/drop_in/check.sh builds it with
 * find_package(hip) and hip::host and runs it on mockhip.
 *
 * 1. Devices, as llama.cpp initialises them: hipGetDeviceCount, then per
 *    device hipGetDeviceProperties, hipDeviceGet, hipDeviceGetAttribute
 *    (VirtualMemoryManagementSupported), hipMemGetAllocationGranularity
 *    (Recommended), name, gcnArchName, totalGlobalMem and warpSize read and
 *    printed, hipDeviceGetAttribute (CooperativeLaunch).
 * 2. Peer access, with two devices or more: hipSetDevice, then
 *    hipDeviceCanAccessPeer and hipDeviceEnablePeerAccess for every pair that
 *    allows it.
 * 3. A VMM pool per device: one 32 GiB hipMemAddressReserve; each growth is
 *    hipMemCreate, hipMemMap at the end of what is mapped, hipMemRelease right
 *    after the map, hipMemSetAccess (one read-write descriptor per device that
 *    can reach the pool when peer access is on). Bump allocation, LIFO free.
 *    Teardown unmaps each growth on its own, then frees the reservation.
 * 4. main() allocates and frees buffers of sizes that cross the granularity
 *    in LIFO order, writes and reads every byte through hipMemcpy, and through
 *    hipMemcpyAsync on a hipStreamNonBlocking stream followed by
 *    hipEventRecord, hipEventSynchronize and hipStreamQuery; with peer access
 *    on, the other device reads each buffer too.
 *
 * Exits 0 when every call succeeded and every byte read is the byte written;
 * otherwise prints each failing call with hipGetErrorString and exits 1.
 */
#include <hip/hip_runtime.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace {

int failures = 0;

bool hip_check(hipError_t err, const char *call, int line) {
  if (err == hipSuccess)
    return true;
  failures++;
  std::fprintf(stderr, "llama_vmm_pool: line %d: %s failed: %s (%s)\n", line, call,
               hipGetErrorName(err), hipGetErrorString(err));
  return false;
}

// HIP_CHECK reports a failing call and says whether it succeeded; HIP_TRY
// also returns from the calling function (false, or a null pointer).
#define HIP_CHECK(call) hip_check((call), #call, __LINE__)
#define HIP_TRY(call)                                                                              \
  do {                                                                                             \
    if (!HIP_CHECK(call))                                                                          \
      return {};                                                                                   \
  } while (0)

// Reports a wrong result (not a failing call).
__attribute__((format(printf, 1, 2))) void fail(const char *format, ...) {
  failures++;
  std::va_list args;
  va_start(args, format);
  std::fprintf(stderr, "llama_vmm_pool: ");
  std::vfprintf(stderr, format, args);
  std::fputc('\n', stderr);
  va_end(args);
}

constexpr size_t MiB = size_t(1) << 20;

struct device_info {
  bool vmm = false;
  size_t vmm_granularity = 0;
  size_t total_global_mem = 0;
  int warp_size = 0;
  bool cooperative_launch = false;
};

struct runtime_info {
  int device_count = 0;
  std::vector<device_info> devices;
  bool peer_access = false; // some pair of devices had peer access enabled
};

// The major version in a gfx name, "gfx942:sramecc+:xnack-" -> 0x9, as
// llama.cpp reads the architecture; 0 when the name is not of that form.
int gfx_major(const char *arch) {
  if (std::strncmp(arch, "gfx", 3) != 0)
    return 0;
  size_t digits = std::strcspn(arch + 3, ":-");
  if (digits < 3 || digits > 4)
    return 0;
  int major = 0;
  for (size_t i = 0; i + 2 < digits; i++) {
    char c = arch[3 + i];
    if (c < '0' || c > '9')
      return 0;
    major = major * 16 + (c - '0');
  }
  return major;
}

bool init_devices(runtime_info &info) {
  HIP_TRY(hipGetDeviceCount(&info.device_count));
  std::printf("found %d HIP device(s)\n", info.device_count);
  info.devices.resize(info.device_count);
  for (int id = 0; id < info.device_count; id++) {
    device_info &dev = info.devices[id];

    hipDeviceProp_t prop;
    HIP_TRY(hipGetDeviceProperties(&prop, id));

    hipDevice_t device;
    HIP_TRY(hipDeviceGet(&device, id));
    int vmm = 0;
    HIP_TRY(
        hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, device));
    dev.vmm = vmm != 0;
    if (dev.vmm) {
      hipMemAllocationProp alloc_prop = {};
      alloc_prop.type = hipMemAllocationTypePinned;
      alloc_prop.location.type = hipMemLocationTypeDevice;
      alloc_prop.location.id = id;
      HIP_TRY(hipMemGetAllocationGranularity(&dev.vmm_granularity, &alloc_prop,
                                             hipMemAllocationGranularityRecommended));
    }

    dev.total_global_mem = prop.totalGlobalMem;
    dev.warp_size = prop.warpSize;
    int cooperative = 0;
    HIP_TRY(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, id));
    dev.cooperative_launch = cooperative != 0;

    std::printf("  device %d: %s, %s, %zu MiB, wave size %d, VMM: %s (granularity %zu), "
                "cooperative launch: %s\n",
                id, prop.name, prop.gcnArchName, dev.total_global_mem / MiB, dev.warp_size,
                dev.vmm ? "yes" : "no", dev.vmm_granularity, dev.cooperative_launch ? "yes" : "no");

    // What llama.cpp goes on to rely on.
    if (prop.name[0] == '\0')
      fail("device %d has an empty name", id);
    if (gfx_major(prop.gcnArchName) == 0)
      fail("device %d: gcnArchName \"%s\" is not a gfx name with an architecture number", id,
           prop.gcnArchName);
    if (dev.total_global_mem == 0)
      fail("device %d reports totalGlobalMem 0", id);
    if (dev.warp_size != 32 && dev.warp_size != 64)
      fail("device %d reports warpSize %d, not 32 or 64", id, dev.warp_size);
    if (!dev.vmm)
      fail("device %d has no VMM support: this program tests the VMM pool", id);
    else if (dev.vmm_granularity == 0 || (dev.vmm_granularity & (dev.vmm_granularity - 1)) != 0)
      fail("device %d: recommended granularity %zu is not a power of two", id, dev.vmm_granularity);
  }
  return info.device_count > 0;
}

// Every device enables access to every peer that it can reach.
bool enable_peer_access(runtime_info &info) {
  for (int id = 0; id < info.device_count; id++) {
    HIP_TRY(hipSetDevice(id));
    for (int other = 0; other < info.device_count; other++) {
      if (other == id)
        continue;
      int can_access_peer = 0;
      HIP_TRY(hipDeviceCanAccessPeer(&can_access_peer, id, other));
      if (can_access_peer) {
        HIP_TRY(hipDeviceEnablePeerAccess(other, 0));
        info.peer_access = true;
      }
      std::printf("  peer access %d -> %d: %s\n", id, other, can_access_peer ? "enabled" : "no");
    }
  }
  HIP_TRY(hipSetDevice(0));
  return true;
}

// Physical memory mapped at the end of one big reservation, handed out as a
// stack. Call it with its device current.
class vmm_pool {
public:
  static constexpr size_t max_bytes = size_t(1) << 35; // 32 GiB of address space

  vmm_pool(const runtime_info &info, int device)
      : info_(info), device_(device), granularity_(info.devices[device].vmm_granularity) {}

  ~vmm_pool() {
    if (base_ == nullptr)
      return;
    // One unmap per growth, as llama.cpp does on HIP (ROCR-Runtime issue 285),
    // not one over the whole pool.
    for (const std::pair<void *, size_t> &mapping : mappings_)
      HIP_CHECK(hipMemUnmap(mapping.first, mapping.second));
    HIP_CHECK(hipMemAddressFree(base_, max_bytes));
  }

  vmm_pool(const vmm_pool &) = delete;
  vmm_pool &operator=(const vmm_pool &) = delete;

  // Rounds bytes up to 128 (the alignment every type needs) and returns the
  // rounded size in *actual_bytes; NULL when the pool cannot grow.
  void *alloc(size_t bytes, size_t *actual_bytes) {
    const size_t alignment = 128;
    bytes = (bytes + alignment - 1) / alignment * alignment;
    if (bytes > mapped_bytes_ - used_bytes_ && !grow(bytes - (mapped_bytes_ - used_bytes_)))
      return nullptr;
    void *ptr = base_ + used_bytes_;
    used_bytes_ += bytes;
    *actual_bytes = bytes;
    return ptr;
  }

  // Frees the most recent allocation still live; anything else is a bug of the caller.
  bool free(void *ptr, size_t actual_bytes) {
    if (actual_bytes > used_bytes_ || ptr != base_ + (used_bytes_ - actual_bytes)) {
      fail("pool %d: free of %p (%zu bytes) is not the last allocation", device_, ptr,
           actual_bytes);
      return false;
    }
    used_bytes_ -= actual_bytes;
    return true;
  }

  size_t mapped_bytes() const { return mapped_bytes_; }
  size_t mapping_count() const { return mappings_.size(); }

private:
  bool grow(size_t missing_bytes) {
    size_t grow_bytes = (missing_bytes + granularity_ - 1) / granularity_ * granularity_;
    if (grow_bytes > max_bytes - mapped_bytes_) {
      fail("pool %d: %zu more bytes would pass the %zu-byte reservation", device_, grow_bytes,
           max_bytes);
      return false;
    }

    hipMemAllocationProp prop = {};
    prop.type = hipMemAllocationTypePinned;
    prop.location.type = hipMemLocationTypeDevice;
    prop.location.id = device_;
    hipMemGenericAllocationHandle_t handle;
    HIP_TRY(hipMemCreate(&handle, grow_bytes, &prop, 0));

    if (base_ == nullptr) {
      void *base = nullptr;
      if (!HIP_CHECK(hipMemAddressReserve(&base, max_bytes, 0, nullptr, 0))) {
        HIP_CHECK(hipMemRelease(handle));
        return false;
      }
      base_ = static_cast<char *>(base);
    }

    void *start = base_ + mapped_bytes_;
    if (!HIP_CHECK(hipMemMap(start, grow_bytes, 0, handle, 0))) {
      HIP_CHECK(hipMemRelease(handle));
      return false;
    }
    mappings_.push_back({start, grow_bytes});
    // The mapping keeps the memory; the handle is not needed any more.
    HIP_TRY(hipMemRelease(handle));

    std::vector<hipMemAccessDesc> access;
    for (int id = 0; id < info_.device_count; id++) {
      if (id != device_) {
        if (!info_.peer_access)
          continue;
        int can_access_peer = 0;
        HIP_TRY(hipDeviceCanAccessPeer(&can_access_peer, id, device_));
        if (!can_access_peer)
          continue;
      }
      hipMemAccessDesc desc = {};
      desc.location.type = hipMemLocationTypeDevice;
      desc.location.id = id;
      desc.flags = hipMemAccessFlagsProtReadWrite;
      access.push_back(desc);
    }
    HIP_TRY(hipMemSetAccess(start, grow_bytes, access.data(), access.size()));

    mapped_bytes_ += grow_bytes;
    std::printf("  pool %d: grew by %zu bytes to %zu MiB in %zu mapping(s), access for %zu "
                "device(s)\n",
                device_, grow_bytes, mapped_bytes_ / MiB, mappings_.size(), access.size());
    return true;
  }

  const runtime_info &info_;
  int device_;
  size_t granularity_;
  char *base_ = nullptr;
  size_t mapped_bytes_ = 0;
  size_t used_bytes_ = 0;
  std::vector<std::pair<void *, size_t>> mappings_;
};

struct buffer {
  void *ptr = nullptr;
  size_t bytes = 0;        // what was asked for
  size_t actual_bytes = 0; // what the pool handed out
  unsigned seed = 0;
};

unsigned char pattern(unsigned seed, size_t i) {
  return static_cast<unsigned char>(seed * 131u + i * 7u + (i >> 12));
}

// What one device runs: its pool, a non-blocking stream and an event.
struct device_run {
  int device;
  vmm_pool pool;
  hipStream_t stream = nullptr;
  hipEvent_t event = nullptr;
  std::vector<buffer> live; // a stack, as the pool is
  unsigned next_seed;
  int checked = 0;
  int peer_checked = 0;

  device_run(const runtime_info &info, int id)
      : device(id), pool(info, id), next_seed(1000u * id + 1) {}
};

// Reads b on the current device and compares every byte.
bool verify(const buffer &b, const char *who) {
  std::vector<unsigned char> back(b.bytes);
  HIP_TRY(hipMemcpy(back.data(), b.ptr, b.bytes, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < b.bytes; i++) {
    if (back[i] != pattern(b.seed, i)) {
      fail("%s: buffer %p (%zu bytes): byte %zu is 0x%02x, 0x%02x was written", who, b.ptr, b.bytes,
           i, back[i], pattern(b.seed, i));
      return false;
    }
  }
  return true;
}

// Writes a fresh pattern into b and reads it back: through hipMemcpy, or
// through hipMemcpyAsync on the stream, waited for with an event.
bool write_and_verify(device_run &run, buffer &b, bool async) {
  b.seed = run.next_seed++;
  std::vector<unsigned char> host(b.bytes);
  for (size_t i = 0; i < b.bytes; i++)
    host[i] = pattern(b.seed, i);
  if (!async) {
    HIP_TRY(hipMemcpy(b.ptr, host.data(), b.bytes, hipMemcpyHostToDevice));
    run.checked++;
    return verify(b, "hipMemcpy");
  }
  std::vector<unsigned char> back(b.bytes);
  HIP_TRY(hipMemcpyAsync(b.ptr, host.data(), b.bytes, hipMemcpyHostToDevice, run.stream));
  HIP_TRY(hipMemcpyAsync(back.data(), b.ptr, b.bytes, hipMemcpyDeviceToHost, run.stream));
  HIP_TRY(hipEventRecord(run.event, run.stream));
  HIP_TRY(hipEventSynchronize(run.event));
  // Nothing was queued after the event: the stream is idle.
  HIP_TRY(hipStreamQuery(run.stream));
  run.checked++;
  if (std::memcmp(back.data(), host.data(), b.bytes) != 0) {
    fail("hipMemcpyAsync: buffer %p (%zu bytes) read back differs from what was written", b.ptr,
         b.bytes);
    return false;
  }
  return true;
}

bool push(device_run &run, size_t bytes, bool async) {
  buffer b;
  b.bytes = bytes;
  b.ptr = run.pool.alloc(bytes, &b.actual_bytes);
  if (b.ptr == nullptr)
    return false;
  run.live.push_back(b);
  return write_and_verify(run, run.live.back(), async);
}

bool pop(device_run &run) {
  buffer b = run.live.back();
  run.live.pop_back();
  return run.pool.free(b.ptr, b.actual_bytes);
}

// Every live buffer still holds its bytes after the pool grew under it.
bool verify_live(const device_run &run) {
  for (const buffer &b : run.live)
    if (!verify(b, "after growth"))
      return false;
  return true;
}

// The other devices read every live buffer of this pool (peer access on).
bool verify_from_peers(const runtime_info &info, device_run &run) {
  for (int other = 0; other < info.device_count; other++) {
    if (other == run.device)
      continue;
    int can_access_peer = 0;
    HIP_TRY(hipDeviceCanAccessPeer(&can_access_peer, other, run.device));
    if (!can_access_peer)
      continue;
    HIP_TRY(hipSetDevice(other));
    for (const buffer &b : run.live) {
      if (!verify(b, "peer read"))
        return false;
      run.peer_checked++;
    }
  }
  HIP_TRY(hipSetDevice(run.device));
  return true;
}

// Buffers below, at and across the granularity, freed in reverse order, the
// pool growing on the way, as a few graph evaluations use it.
bool exercise(const runtime_info &info, device_run &run) {
  const size_t g = info.devices[run.device].vmm_granularity;
  HIP_TRY(hipSetDevice(run.device));
  HIP_TRY(hipStreamCreateWithFlags(&run.stream, hipStreamNonBlocking));
  HIP_TRY(hipEventCreateWithFlags(&run.event, hipEventDisableTiming));

  if (!push(run, 1000, false) || !push(run, g + g / 2 + 5, true) || !push(run, 128, false))
    return false;
  if (!pop(run))
    return false;
  // Past the end of what is mapped: the pool grows while two buffers are live.
  if (!push(run, 2 * g + 3, true) || !verify_live(run))
    return false;
  if (info.peer_access && !verify_from_peers(info, run))
    return false;
  if (!pop(run) || !pop(run))
    return false;
  if (!push(run, g - 64, false) || !push(run, g / 3 + 1, true) || !push(run, 17, false) ||
      !verify_live(run))
    return false;
  while (!run.live.empty())
    if (!pop(run))
      return false;
  // The whole pool, and more, from its start.
  if (!push(run, 5 * g - 1, true) || !pop(run))
    return false;
  return true;
}

} // namespace

int main() {
  runtime_info info;
  if (!init_devices(info)) {
    std::fprintf(stderr, "llama_vmm_pool: no usable HIP device\n");
    return 1;
  }
  if (failures != 0)
    return 1;
  if (info.device_count >= 2 && !enable_peer_access(info))
    return 1;

  std::vector<std::unique_ptr<device_run>> runs;
  for (int id = 0; id < info.device_count; id++) {
    runs.push_back(std::make_unique<device_run>(info, id));
    device_run &run = *runs.back();
    bool ok = exercise(info, run);
    std::printf("  device %d: %d buffer(s) written and read back, %d peer read(s), pool %zu MiB "
                "in %zu mapping(s): %s\n",
                id, run.checked, run.peer_checked, run.pool.mapped_bytes() / MiB,
                run.pool.mapping_count(), ok ? "ok" : "FAILED");
  }

  // Teardown, as the backend context does it: streams, events, then the pools.
  for (std::unique_ptr<device_run> &run : runs) {
    HIP_CHECK(hipSetDevice(run->device));
    if (run->event != nullptr)
      HIP_CHECK(hipEventDestroy(run->event));
    if (run->stream != nullptr)
      HIP_CHECK(hipStreamDestroy(run->stream));
    run.reset();
  }

  std::printf("llama_vmm_pool: %d device(s), peer access %s: %s\n", info.device_count,
              info.peer_access ? "on" : "off", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
