/*
 * test_ipc_memory.c: hipMalloc blocks shared with another process (ipc_memory.c):
 * hipIpcGetMemHandle keeps the block's bytes, another process's hipIpcOpenMemHandle reaches
 * them (both see each other's writes), opens count until the last hipIpcCloseMemHandle, and
 * clr's answers to opening in the process that made the handle, to another context, and to
 * closing what no open made. Also hipExtGetLinkTypeAndHopCount.
 */
#include "mock_test.h"

/* hipCtxCreate, deprecated, is what tells a second context apart. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void fill(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char)(i * 7 + seed);
}

static bool holds(const unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != (unsigned char)(i * 7 + seed))
      return false;
  return true;
}

/* The handle keeps the block's bytes and address; two blocks, or a block and its successor at
   the same address, get different handles. */
static void test_get_handle(void **state) {
  (void)state;
  unsigned char *a = NULL, *b = NULL;
  MT_CHECK(hipMalloc((void **)&a, 5000));
  MT_CHECK(hipMalloc((void **)&b, 1024));
  fill(a, 5000, 3);
  hipIpcMemHandle_t ha, hb, ha_inner;
  MT_CHECK(hipIpcGetMemHandle(&ha, a));
  assert_true(holds(a, 5000, 3));
  fill(a, 5000, 4); /* still the block's memory, read and written */
  assert_true(holds(a, 5000, 4));
  MT_CHECK(hipIpcGetMemHandle(&hb, b));
  MT_CHECK(hipIpcGetMemHandle(&ha_inner, a + 4999));
  assert_memory_not_equal(&ha, &hb, sizeof ha);
  assert_memory_not_equal(&ha, &ha_inner, sizeof ha); /* another offset */
  unsigned char back[5000];
  MT_CHECK(hipMemcpy(back, a, sizeof back, hipMemcpyDeviceToHost));
  assert_true(holds(back, sizeof back, 4));
  MT_CHECK(hipFree(a));
  MT_CHECK(hipFree(b));
}

typedef struct child_args {
  hipIpcMemHandle_t handle;
  size_t bytes;
} child_args;

/* The other process: the exporter's bytes, its own written back, two opens, two closes. */
static void opener(void *arg) {
  child_args *args = arg;
  unsigned char *p1 = NULL, *p2 = NULL;
  if (hipIpcOpenMemHandle((void **)&p1, args->handle, hipIpcMemLazyEnablePeerAccess) != hipSuccess)
    _exit(2);
  if (!holds(p1, args->bytes, 1))
    _exit(3);
  if (hipIpcOpenMemHandle((void **)&p2, args->handle, hipIpcMemLazyEnablePeerAccess) !=
          hipSuccess ||
      p2 != p1)
    _exit(4);
  unsigned char mine[256];
  fill(mine, sizeof mine, 9);
  if (hipMemcpy(p1, mine, sizeof mine, hipMemcpyHostToDevice) != hipSuccess)
    _exit(5);
  hipPointerAttribute_t attributes;
  if (hipIpcCloseMemHandle(p1) != hipSuccess ||
      hipPointerGetAttributes(&attributes, p2) != hipSuccess)
    _exit(6);
  /* the last close unmaps: memory the runtime does not know (ROCm 6.0 and later answer so) */
  if (hipIpcCloseMemHandle(p2) != hipSuccess ||
      hipPointerGetAttributes(&attributes, p1) != hipSuccess ||
      attributes.type != hipMemoryTypeUnregistered)
    _exit(7);
  if (hipIpcCloseMemHandle(p1) != hipErrorInvalidValue)
    _exit(8);
  /* another context of the device may not open what one has open */
  if (hipIpcOpenMemHandle((void **)&p1, args->handle, hipIpcMemLazyEnablePeerAccess) != hipSuccess)
    _exit(9);
  hipCtx_t ctx;
  if (hipCtxCreate(&ctx, 0, 0) != hipSuccess ||
      hipIpcOpenMemHandle((void **)&p2, args->handle, hipIpcMemLazyEnablePeerAccess) !=
          hipErrorInvalidResourceHandle ||
      hipCtxPopCurrent(&ctx) != hipSuccess || hipIpcCloseMemHandle(p1) != hipSuccess)
    _exit(10);
}

static void test_open_in_child(void **state) {
  (void)state;
  MT_SKIP_THREADED_FORK_UNDER_TSAN();
  child_args args = {.bytes = 3 * 4096};
  unsigned char *block = NULL;
  MT_CHECK(hipMalloc((void **)&block, args.bytes));
  fill(block, args.bytes, 1);
  MT_CHECK(hipIpcGetMemHandle(&args.handle, block));
  int status = mt_run_in_child(opener, &args);
  assert_true(mt_exited_ok(status));
  assert_true(holds(block, 256, 9)); /* the child's write */
  assert_true(holds(block + 256, args.bytes - 256, 1 + 256 * 7 % 256));
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, block));
  MT_CHECK(hipFree(block));
}

/* Once the exporter freed the block, a new open fails. */
static void open_freed(void *arg) {
  child_args *args = arg;
  void *p = NULL;
  if (hipIpcOpenMemHandle(&p, args->handle, hipIpcMemLazyEnablePeerAccess) !=
      hipErrorInvalidDevicePointer)
    _exit(2);
}

static void test_open_after_free(void **state) {
  (void)state;
  MT_SKIP_THREADED_FORK_UNDER_TSAN();
  child_args args = {.bytes = 4096};
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, args.bytes));
  MT_CHECK(hipIpcGetMemHandle(&args.handle, block));
  MT_CHECK(hipFree(block));
  assert_true(mt_exited_ok(mt_run_in_child(open_freed, &args)));
}

/* ---- negative: one case per invalid argument ---- */

static void test_ipc_negative(void **state) {
  (void)state;
  int *block = NULL;
  MT_CHECK(hipMalloc((void **)&block, 1024 * sizeof *block));
  hipIpcMemHandle_t handle, zero;
  memset(&zero, 0, sizeof zero);
  MT_EXPECT(hipErrorInvalidValue, hipIpcGetMemHandle(NULL, block));
  MT_EXPECT(hipErrorInvalidValue, hipIpcGetMemHandle(&handle, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipIpcGetMemHandle(&handle, block + 1024)); /* past it */
  int stack_word = 0;
  MT_EXPECT(hipErrorInvalidValue, hipIpcGetMemHandle(&handle, &stack_word));
  MT_CHECK(hipIpcGetMemHandle(&handle, block));
  void *opened = NULL;
  MT_EXPECT(hipErrorInvalidContext,
            hipIpcOpenMemHandle(&opened, handle, hipIpcMemLazyEnablePeerAccess));
  MT_EXPECT(hipErrorInvalidValue, hipIpcOpenMemHandle(NULL, handle, hipIpcMemLazyEnablePeerAccess));
  MT_EXPECT(hipErrorInvalidValue, hipIpcOpenMemHandle(&opened, handle, 0x2));
  MT_EXPECT(hipErrorInvalidValue,
            hipIpcOpenMemHandle(&opened, zero, hipIpcMemLazyEnablePeerAccess));
  assert_null(opened);
  MT_EXPECT(hipErrorInvalidValue, hipIpcCloseMemHandle(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipIpcCloseMemHandle(block)); /* the exporter's own */
  MT_CHECK(hipFree(block));
  MT_EXPECT(hipErrorInvalidValue, hipIpcGetMemHandle(&handle, block)); /* freed */
}

static void test_link_type(void **state) {
  (void)state;
  uint32_t link_type = 0, hops = 0, link_back = 0, hops_back = 0;
  MT_CHECK(hipExtGetLinkTypeAndHopCount(0, 1, &link_type, &hops));
  MT_CHECK(hipExtGetLinkTypeAndHopCount(1, 0, &link_back, &hops_back));
  assert_int_equal(hops, 1);
  assert_int_equal(link_type, 4); /* XGMI, as hipDevP2PAttrPerformanceRank says */
  assert_int_equal(link_back, link_type);
  assert_int_equal(hops_back, hops);
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count));
  MT_EXPECT(hipErrorInvalidValue, hipExtGetLinkTypeAndHopCount(0, 0, &link_type, &hops));
  MT_EXPECT(hipErrorInvalidValue, hipExtGetLinkTypeAndHopCount(-1, 0, &link_type, &hops));
  MT_EXPECT(hipErrorInvalidValue, hipExtGetLinkTypeAndHopCount(0, -1, &link_type, &hops));
  MT_EXPECT(hipErrorInvalidValue, hipExtGetLinkTypeAndHopCount(0, 1, NULL, &hops));
  MT_EXPECT(hipErrorInvalidValue, hipExtGetLinkTypeAndHopCount(0, 1, &link_type, NULL));
  MT_EXPECT(hipErrorInvalidDevice, hipExtGetLinkTypeAndHopCount(count, 0, &link_type, &hops));
  MT_EXPECT(hipErrorInvalidDevice, hipExtGetLinkTypeAndHopCount(0, count, &link_type, &hops));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_get_handle),      MT_CLEAN_TEST(test_open_in_child),
      MT_CLEAN_TEST(test_open_after_free), MT_CLEAN_TEST(test_ipc_negative),
      MT_CLEAN_TEST(test_link_type),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
