/*
 * hmo_consumer.c: a program outside the hipvmm tree that uses the installed
 * hmo package. The same source is built against hmo-mock and, when the
 * package has it, hmo-rocm: it includes only <hmo.h>.
 *
 * Opens device 0, allocates 1000 int32 with data, reads a slice back, grows
 * the memory in place, frees it and checks the device holds nothing. On the
 * rocm backend a machine without a GPU with VMM support gets HMO_EDEVICE,
 * which is reported and counts as success; on the mock backend it is a
 * failure. Prints one result line; exits 0 on success, 1 on the first failure.
 */
#include <stdio.h>
#include <string.h>

#include <hmo.h>

#ifndef HMO_CONSUMER_BACKEND
#define HMO_CONSUMER_BACKEND "unknown"
#endif
#ifndef HMO_CONSUMER_BUILT_WITH
#define HMO_CONSUMER_BUILT_WITH "unknown"
#endif

#define CHECK(call)                                                                                \
  do {                                                                                             \
    int status_ = (call);                                                                          \
    if (status_ != HMO_OK) {                                                                       \
      fprintf(stderr, "hmo consumer (%s, %s): %s failed: %s (%s)\n", HMO_CONSUMER_BACKEND,         \
              HMO_CONSUMER_BUILT_WITH, #call, hmo_status_name(status_),                            \
              hmo_error_last()->message);                                                          \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  hmo_device *dev = NULL;
  int status = hmo_device_open(&dev, 0);
  if (status == HMO_EDEVICE && strcmp(HMO_CONSUMER_BACKEND, "rocm") == 0) {
    printf("hmo consumer (%s, %s): linked; no usable device here: %s\n", HMO_CONSUMER_BACKEND,
           HMO_CONSUMER_BUILT_WITH, hmo_error_last()->message);
    return 0;
  }
  CHECK(status);

  int data[1000], back[10];
  for (int i = 0; i < 1000; i++)
    data[i] = i * i;
  hmo_memory *mem = NULL, *slice = NULL;
  CHECK(hmo_memory_alloc(&mem, dev, 1000, HMO_INT32, data));
  CHECK(hmo_memory_slice(&slice, mem, 990, HMO_ALL));
  CHECK(hmo_memory_copy_to(slice, back, HMO_ALL, 0));
  void *before = hmo_memory_ptr(mem);
  CHECK(hmo_memory_resize(mem, 1500));
  if (back[9] != 999 * 999 || hmo_memory_length(slice) != 10 || hmo_memory_length(mem) != 1500) {
    fprintf(stderr, "hmo consumer (%s, %s): read %d, lengths %zu and %zu\n", HMO_CONSUMER_BACKEND,
            HMO_CONSUMER_BUILT_WITH, back[9], hmo_memory_length(slice), hmo_memory_length(mem));
    return 1;
  }
  int moved = hmo_memory_ptr(mem) != before;
  CHECK(hmo_memory_free(mem));
  hmo_memory_release(slice);
  hmo_memory_release(mem);
  size_t held = hmo_device_bytes_allocated(dev);
  CHECK(hmo_device_close(dev));
  if (held != 0) {
    fprintf(stderr, "hmo consumer (%s, %s): %zu bytes still allocated after the free\n",
            HMO_CONSUMER_BACKEND, HMO_CONSUMER_BUILT_WITH, held);
    return 1;
  }
  printf("hmo consumer (%s, %s): alloc, slice, copy out %d, resize to 1500 (%s), free: ok, "
         "0 bytes allocated\n",
         HMO_CONSUMER_BACKEND, HMO_CONSUMER_BUILT_WITH, back[9], moved ? "moved" : "in place");
  return 0;
}
