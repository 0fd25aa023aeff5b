/*
 * test_kernel_explain.cpp: what MOCKHIP_EXPLAIN=1 says of a kernel's fault, where the
 * address alone would mislead. A mapping made again where an unmapped one was
 * granted: the "when:" line names the hipMemUnmap that dropped the grant and
 * the hipMemMap that made the mapping with none (a.7, b.5). An int written at
 * out[n], one element past a mapping: the first byte past its end, not a
 * "1 byte" overrun (a.6). Each case runs in a child (self_child.c), whose
 * stderr is read.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "self_child.h"
}

#include <cstdlib>
#include <cstring>

#include "launch_failing.h"

/* Thread (1) of block (1) writes value at p[index]. */
__global__ void store(int *p, size_t index, int value) {
  if (blockIdx.x == 1 && threadIdx.x == 1)
    p[index] = value;
}

/* ---- the children ---- */

static void grant(void *base, size_t bytes) {
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  SC_CHECK(hipMemSetAccess(base, bytes, &desc, 1) == hipSuccess);
}

static void launch_faulting(int *p, size_t index) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  hipLaunchKernelGGL(store, dim3(2), dim3(4), 0, 0, p, index, 1);
  VALGRIND_ENABLE_ERROR_REPORTING;
  SC_CHECK(hipGetLastError() == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
}

/* Map, grant, use; unmap, map again without hipMemSetAccess; the kernel writes. */
static void remapped_write(void) {
  size_t g = sc_granule();
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped(g, g, &handle);
  grant(base, g);
  hipLaunchKernelGGL(store, dim3(2), dim3(4), 0, 0, static_cast<int *>(base), 0, 1);
  SC_CHECK(hipDeviceSynchronize() == hipSuccess);
  SC_CHECK(hipMemUnmap(base, g) == hipSuccess);
  SC_CHECK(hipMemMap(base, g, 0, handle, 0) == hipSuccess); /* no grant: unmap dropped it */
  launch_faulting(static_cast<int *>(base), 0);
}

/* A mapping never granted, made where nothing was mapped before: no "when:" to tell. */
static void never_granted_write(void) {
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  launch_faulting(static_cast<int *>(base), 0);
}

/* out[n] for the n ints a mapping holds, with reserved space after it. */
static void int_past_the_end(void) {
  size_t g = sc_granule();
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped(2 * g, g, &handle);
  grant(base, g);
  launch_faulting(static_cast<int *>(base), g / sizeof(int));
}

static const sc_case cases[] = {
    {"remapped_write", remapped_write},
    {"never_granted_write", never_granted_write},
    {"int_past_the_end", int_past_the_end},
};

/* ---- the checks ---- */

static char *explained(const char *name) {
  static const char *const env[] = {"MOCKHIP_EXPLAIN=1", nullptr};
  return sc_run_ending(name, env, mt_exited_ok);
}

static void expect_text(const char *err, const char *part) {
  if (strstr(err, part) == nullptr) {
    print_error("expected \"%s\" in:\n%s", part, err);
    fail();
  }
}

/* The unmap dropped device 0's grant, and the new mapping has none: said in a "when:" line
   after "what:", naming both calls' sites in this program. */
static void test_remap_names_the_dropped_grant(void **state) {
  (void)state;
  char *err = explained("remapped_write");
  expect_text(err, "mockhip: explain:   what:   device 0 has no access to this mapping (handle#1)\n"
                   "mockhip: explain:   when:   the hipMemUnmap at ");
  expect_text(err, " dropped device 0's read-write grant, with the mapping of handle#1 that was "
                   "here; this mapping, made by the hipMemMap at ");
  expect_text(err, ", started with no access, and device 0 has no access to it (a.7, b.5)\n");
  expect_text(err, "mockhip_test_kernel_explain+0x"); /* the sites are this program's */
  free(err);
}

static void test_first_mapping_has_no_when(void **state) {
  (void)state;
  char *err = explained("never_granted_write");
  expect_text(err, "what:   device 0 has no access to this mapping");
  assert_null(strstr(err, "when:"));
  free(err);
}

/* The fault's address is the first byte past the end, and the access's size is the int's:
   never "ran 1 byte past" for an int. */
static void test_int_overrun_names_the_first_byte_past(void **state) {
  (void)state;
  char *err = explained("int_past_the_end");
#if defined(__x86_64__) /* the size is read from the faulting instruction, decoded on x86-64 */
  expect_text(err, "what:   an overrun: a write of 4 bytes reached");
#endif
  expect_text(err, " reached reservation#1+0x1000, the first byte past the end of the mapping at "
                   "reservation#1+0x0 (4096 bytes, handle#1); the reserved space after it has no "
                   "memory (a.6)\n");
  assert_null(strstr(err, "ran 1 byte"));
  free(err);
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_remap_names_the_dropped_grant),
      cmocka_unit_test(test_first_mapping_has_no_when),
      cmocka_unit_test(test_int_overrun_names_the_first_byte_past),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
