// growable_buffer_test.cpp: grows a growable_buffer step by step, writes and
// reads it through hipMemcpy and hipMemset, checks every byte, moves it, and
// exits non-zero on the first failure (what went wrong on stderr).
#include "growable_buffer.hpp"

#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// The byte each offset holds once written: a pattern no two chunks share.
unsigned char pattern(std::size_t offset) {
  return static_cast<unsigned char>((offset * 131 + offset / 4096) & 0xff);
}

// Failures are reported by throwing: main prints them and returns 1.
void expect(bool ok, const char *what) {
  if (!ok)
    throw std::runtime_error(std::string("check failed: ") + what);
}

// Reads the whole mapped size back and compares it with `expected`.
void check_contents(const growable_buffer &buffer, const std::vector<unsigned char> &expected) {
  std::vector<unsigned char> read(buffer.size());
  hip_check(hipMemcpy(read.data(), buffer.data(), read.size(), hipMemcpyDeviceToHost), "hipMemcpy");
  expect(read == expected, "the bytes read back are the bytes written");
}

void run(int device) {
  growable_buffer buffer(64u << 20, device);
  const std::size_t granule = buffer.granularity();
  void *const base = buffer.data();
  expect(base != nullptr && buffer.size() == 0, "a new buffer maps nothing");

  // Grow by 1, 2 and 3 granules (and by a part of one), writing each new part.
  std::vector<unsigned char> expected;
  for (std::size_t target : {granule, 3 * granule, 3 * granule + 1, 6 * granule + 100}) {
    std::size_t old_size = buffer.size();
    buffer.grow(target);
    expect(buffer.data() == base, "growing keeps the address");
    expect(buffer.size() >= target && buffer.size() % granule == 0, "grown to whole granules");
    std::vector<unsigned char> fresh(buffer.size() - old_size);
    for (std::size_t i = 0; i < fresh.size(); ++i)
      fresh[i] = pattern(old_size + i);
    hip_check(hipMemcpy(static_cast<char *>(buffer.data()) + old_size, fresh.data(), fresh.size(),
                        hipMemcpyHostToDevice),
              "hipMemcpy");
    expected.insert(expected.end(), fresh.begin(), fresh.end());
    check_contents(buffer, expected);
  }

  // A set across the boundary of two chunks, and a copy from the first chunk
  // into the last, both inside the device.
  char *bytes = static_cast<char *>(buffer.data());
  hip_check(hipMemset(bytes + granule - 10, 0x5a, 20), "hipMemset");
  for (std::size_t i = granule - 10; i < granule + 10; ++i)
    expected[i] = 0x5a;
  std::size_t last = buffer.size() - granule;
  hip_check(hipMemcpy(bytes + last, bytes, 256, hipMemcpyDeviceToDevice), "hipMemcpy");
  for (std::size_t i = 0; i < 256; ++i)
    expected[last + i] = expected[i];
  check_contents(buffer, expected);

  // Past the reservation: refused, and the buffer is unchanged.
  bool refused = false;
  try {
    buffer.grow(buffer.capacity() + 1);
  } catch (const std::length_error &) {
    refused = true;
  }
  expect(refused, "growing past capacity() throws std::length_error");
  check_contents(buffer, expected);

  // Moves hand the mapping over; the target of an assignment frees its own first.
  growable_buffer moved(std::move(buffer));
  expect(buffer.data() == nullptr && buffer.size() == 0, "a moved-from buffer is empty");
  expect(moved.data() == base, "the moved-to buffer has the address");
  check_contents(moved, expected);
  growable_buffer other(4u << 20, device);
  other.grow(granule);
  other = std::move(moved);
  expect(other.data() == base, "move assignment hands the mapping over");
  check_contents(other, expected);

  std::printf("growable_buffer: grew to %zu bytes of %zu reserved in %zu-byte granules, "
              "every byte checked\n",
              other.size(), other.capacity(), granule);
}

} // namespace

int main() {
  try {
    int device = 0;
    hip_check(hipGetDevice(&device), "hipGetDevice");
    run(device);
  } catch (const std::exception &error) {
    std::fprintf(stderr, "growable_buffer_test: %s\n", error.what());
    return 1;
  }
  return 0;
}
