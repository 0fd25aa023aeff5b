// growable_buffer.hpp: a byte buffer on a HIP device that grows in place.
//
// It reserves a large range of device addresses once and maps physical chunks
// at its end as it grows (hipMemCreate, hipMemMap, hipMemSetAccess), so data()
// never moves and growing copies nothing. The destructor unmaps each chunk,
// releases it and frees the range; the buffer is move-only. Plain HIP: the same
// code builds against ROCm and against mockhip.
#ifndef GROWABLE_BUFFER_HPP
#define GROWABLE_BUFFER_HPP

#include <hip/hip_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// A failed HIP call: its name and the error it returned.
class hip_error : public std::runtime_error {
public:
  hip_error(const char *call, hipError_t status)
      : std::runtime_error(std::string(call) + ": " + hipGetErrorName(status)), status_(status) {}
  hipError_t status() const noexcept { return status_; }

private:
  hipError_t status_;
};

inline void hip_check(hipError_t status, const char *call) {
  if (status != hipSuccess)
    throw hip_error(call, status);
}

class growable_buffer {
public:
  // Reserves max_bytes (rounded up to the granularity) of addresses on device;
  // maps nothing yet. Throws hip_error, or std::runtime_error when the device
  // has no virtual memory management.
  growable_buffer(std::size_t max_bytes, int device) : device_(device) {
#if HIP_VERSION >= 50300000 // the attribute is in ROCm 5.3 and later
    int vmm = 0;
    hip_check(
        hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, device),
        "hipDeviceGetAttribute");
    if (!vmm)
      throw std::runtime_error("device " + std::to_string(device) +
                               " has no virtual memory management");
#endif
    hipMemAllocationProp prop = properties();
    std::size_t minimum = 0;
    hip_check(hipMemGetAllocationGranularity(&minimum, &prop, hipMemAllocationGranularityMinimum),
              "hipMemGetAllocationGranularity");
    hip_check(hipMemGetAllocationGranularity(&granularity_, &prop,
                                             hipMemAllocationGranularityRecommended),
              "hipMemGetAllocationGranularity");
    if (granularity_ < minimum || granularity_ % minimum != 0)
      granularity_ = minimum;
    reserved_ = round_up(max_bytes);
    hip_check(hipMemAddressReserve(&base_, reserved_, 0, nullptr, 0), "hipMemAddressReserve");
  }

  ~growable_buffer() { release(); }

  growable_buffer(const growable_buffer &) = delete;
  growable_buffer &operator=(const growable_buffer &) = delete;

  growable_buffer(growable_buffer &&other) noexcept
      : device_(other.device_), granularity_(other.granularity_),
        base_(std::exchange(other.base_, nullptr)), reserved_(std::exchange(other.reserved_, 0)),
        mapped_(std::exchange(other.mapped_, 0)), chunks_(std::move(other.chunks_)) {
    other.chunks_.clear();
  }

  growable_buffer &operator=(growable_buffer &&other) noexcept {
    if (this != &other) {
      release();
      device_ = other.device_;
      granularity_ = other.granularity_;
      base_ = std::exchange(other.base_, nullptr);
      reserved_ = std::exchange(other.reserved_, 0);
      mapped_ = std::exchange(other.mapped_, 0);
      chunks_ = std::move(other.chunks_);
      other.chunks_.clear();
    }
    return *this;
  }

  void *data() const noexcept { return base_; }
  std::size_t size() const noexcept { return mapped_; }       // bytes mapped
  std::size_t capacity() const noexcept { return reserved_; } // bytes reserved
  std::size_t granularity() const noexcept { return granularity_; }

  // Maps chunks at the end until at least `bytes` are mapped; data() stays.
  // Throws std::length_error past capacity(), hip_error when a call fails
  // (the buffer is then as it was).
  void grow(std::size_t bytes) {
    if (bytes <= mapped_)
      return;
    if (bytes > reserved_)
      throw std::length_error("growable_buffer: " + std::to_string(bytes) +
                              " bytes asked, capacity " + std::to_string(reserved_));
    std::size_t chunk_bytes = round_up(bytes) - mapped_;
    hipMemAllocationProp prop = properties();
    hipMemGenericAllocationHandle_t handle;
    hip_check(hipMemCreate(&handle, chunk_bytes, &prop, 0), "hipMemCreate");
    void *at = static_cast<char *>(base_) + mapped_;
    hipError_t status = hipMemMap(at, chunk_bytes, 0, handle, 0);
    if (status != hipSuccess) {
      (void)hipMemRelease(handle);
      throw hip_error("hipMemMap", status);
    }
    hipMemAccessDesc access{};
    access.location = prop.location;
    access.flags = hipMemAccessFlagsProtReadWrite;
    status = hipMemSetAccess(at, chunk_bytes, &access, 1);
    if (status != hipSuccess) {
      (void)hipMemUnmap(at, chunk_bytes);
      (void)hipMemRelease(handle);
      throw hip_error("hipMemSetAccess", status);
    }
    chunks_.push_back({handle, chunk_bytes});
    mapped_ += chunk_bytes;
  }

private:
  struct chunk {
    hipMemGenericAllocationHandle_t handle;
    std::size_t bytes;
  };

  hipMemAllocationProp properties() const {
    hipMemAllocationProp prop{};
    prop.type = hipMemAllocationTypePinned;
    prop.location.type = hipMemLocationTypeDevice;
    prop.location.id = device_;
    return prop;
  }

  std::size_t round_up(std::size_t bytes) const {
    return (bytes + granularity_ - 1) / granularity_ * granularity_;
  }

  // Unmap, then release, then free: the order ROCm needs.
  void release() noexcept {
    std::size_t end = mapped_;
    for (auto it = chunks_.rbegin(); it != chunks_.rend(); ++it) {
      end -= it->bytes;
      (void)hipMemUnmap(static_cast<char *>(base_) + end, it->bytes);
      (void)hipMemRelease(it->handle);
    }
    chunks_.clear();
    if (base_ != nullptr)
      (void)hipMemAddressFree(base_, reserved_);
    base_ = nullptr;
    reserved_ = 0;
    mapped_ = 0;
  }

  int device_ = 0;
  std::size_t granularity_ = 0;
  void *base_ = nullptr;
  std::size_t reserved_ = 0;
  std::size_t mapped_ = 0;
  std::vector<chunk> chunks_;
};

#endif // GROWABLE_BUFFER_HPP
