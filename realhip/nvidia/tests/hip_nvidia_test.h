/*
 * hip_nvidia_test.h: what the tests of hip-nvidia share. Each area is a
 * function that runs its CMocka group; test_main.c runs the one its argument
 * names, so that each area starts in a process of its own (the loader and the
 * primary contexts are the process's).
 */
#ifndef HIP_NVIDIA_TEST_H
#define HIP_NVIDIA_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <hip/hip_runtime_api.h>

#include "fake_cuda.h"
#include "hip_nvidia.h"

/* Each case: a fresh fake, device 0 current, no last error, an empty log. */
int hn_setup(void **state);
#define HN_TEST(fn) cmocka_unit_test_setup_teardown(fn, hn_setup, NULL)

/* Fails naming both errors by name, and hip-nvidia's reason. */
void hn_assert_hip(hipError_t got, hipError_t expected, const char *call, const char *file,
                   int line);
#define assert_hip(call, expected) hn_assert_hip((call), (expected), #call, __FILE__, __LINE__)

/* The last logged call of `symbol` is exactly `line`. */
#define assert_logged(symbol, line) assert_string_equal(fake_cuda_log_last(symbol), line)
#define assert_not_called(symbol) assert_int_equal(fake_cuda_log_count(symbol), 0)
/* The driver was not called at all: hip-nvidia answered itself. */
#define assert_no_driver_call() assert_int_equal(fake_cuda_log_count(NULL), 0)

/* Whether `text` contains `part`, failing with both when it does not. */
void hn_assert_contains(const char *text, const char *part, const char *file, int line);
#define assert_contains(text, part) hn_assert_contains((text), (part), __FILE__, __LINE__)

/* Runs fn(arg) on `count` threads that start together, and joins them. */
void hn_run_threads(int count, void *(*fn)(void *), void *arg);

#define HN_AREAS(X)                                                                                \
  X(loader)                                                                                        \
  X(init_fails)                                                                                    \
  X(errors)                                                                                        \
  X(context)                                                                                       \
  X(device)                                                                                        \
  X(memory)                                                                                        \
  X(copy)                                                                                          \
  X(stream)                                                                                        \
  X(vmm)                                                                                           \
  X(pool)                                                                                          \
  X(module)                                                                                        \
  X(array)                                                                                         \
  X(copy_2d3d)                                                                                     \
  X(proc)

#define HN_DECLARE_AREA(name) int hn_area_##name(void);
HN_AREAS(HN_DECLARE_AREA)
#undef HN_DECLARE_AREA

#endif /* HIP_NVIDIA_TEST_H */
