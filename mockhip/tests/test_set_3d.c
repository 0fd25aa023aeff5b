/*
 * test_set_3d.c: hipMemset2D, hipMemset3D and their Async forms (clr
 * ihipMemset3D): the bytes of each row and slice set and none between them,
 * a pitch equal to the width setting one run, the refusals ROCm makes (a NULL
 * or host pointer, a pitch of 0 or less than xsize, bytes past the
 * allocation) and the empty extent that sets nothing; the Async forms queue on
 * a stream and are captured into a graph as one memset node. Runs serial and
 * with MOCKHIP_STREAMS=async.
 */
#include "mock_test.h"

#include <string.h>

#define PITCH 32
#define WIDTH 20
#define HEIGHT 3
#define DEPTH 2
#define BYTES (PITCH * HEIGHT * DEPTH)

/* A hipMalloc'd block of BYTES filled with 0xee. */
static unsigned char *fresh_block(void) {
  unsigned char *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, BYTES));
  MT_CHECK(hipMemset(dev, 0xee, BYTES));
  return dev;
}

/* The block's bytes: value in the first `width` bytes of `height` rows of `depth` slices
   (`slice` bytes apart), 0xee elsewhere. */
static void expect_rows(const unsigned char *dev, int value, size_t width, size_t height,
                        size_t depth, size_t slice) {
  unsigned char host[BYTES];
  MT_CHECK(hipMemcpy(host, dev, BYTES, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < BYTES; i++) {
    size_t z = i / slice, y = (i % slice) / PITCH, x = (i % slice) % PITCH;
    bool set = z < depth && y < height && x < width;
    assert_int_equal(host[i], set ? (unsigned char)value : 0xee);
  }
}

static void test_memset_2d_sets_rows(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  MT_CHECK(hipMemset2D(dev, PITCH, 0x5a, WIDTH, HEIGHT));
  expect_rows(dev, 0x5a, WIDTH, HEIGHT, 1, PITCH * HEIGHT);
  MT_CHECK(hipFree(dev));

  dev = fresh_block();
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipMemset2DAsync(dev, PITCH, 0x33, WIDTH, HEIGHT, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  expect_rows(dev, 0x33, WIDTH, HEIGHT, 1, PITCH * HEIGHT);
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipFree(dev));
}

static void test_memset_3d_sets_slices(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  /* slices are pitch * ysize apart: ysize HEIGHT, two of the three rows set in each */
  hipPitchedPtr p = make_hipPitchedPtr(dev, PITCH, WIDTH, HEIGHT);
  MT_CHECK(hipMemset3D(p, 0x11, make_hipExtent(WIDTH - 4, HEIGHT - 1, DEPTH)));
  expect_rows(dev, 0x11, WIDTH - 4, HEIGHT - 1, DEPTH, PITCH * HEIGHT);
  MT_CHECK(hipFree(dev));

  dev = fresh_block();
  p.ptr = dev;
  MT_CHECK(hipMemset3DAsync(p, 0x22, make_hipExtent(WIDTH, HEIGHT, DEPTH), NULL));
  MT_CHECK(hipDeviceSynchronize());
  expect_rows(dev, 0x22, WIDTH, HEIGHT, DEPTH, PITCH * HEIGHT);
  MT_CHECK(hipFree(dev));
}

static void test_pitch_equal_to_width_is_one_run(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  /* clr: pitch == extent.width fills width * height * depth bytes from ptr, whatever ysize */
  hipPitchedPtr p = make_hipPitchedPtr(dev, 8, 8, 100);
  MT_CHECK(hipMemset3D(p, 0x44, make_hipExtent(8, 3, 2)));
  unsigned char host[BYTES];
  MT_CHECK(hipMemcpy(host, dev, BYTES, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < BYTES; i++)
    assert_int_equal(host[i], i < 48 ? 0x44 : 0xee);
  MT_CHECK(hipFree(dev));
}

static void test_empty_extent_sets_nothing(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  MT_CHECK(hipMemset2D(dev, PITCH, 1, 0, HEIGHT));
  MT_CHECK(hipMemset2D(dev, PITCH, 1, WIDTH, 0));
  MT_CHECK(hipMemset2D(NULL, PITCH, 1, 0, 0)); /* not looked at */
  MT_CHECK(hipMemset3D(make_hipPitchedPtr(dev, PITCH, WIDTH, HEIGHT), 1,
                       make_hipExtent(WIDTH, HEIGHT, 0)));
  MT_CHECK(hipMemset3DAsync(make_hipPitchedPtr(NULL, 0, 0, 0), 1, make_hipExtent(0, 0, 0), NULL));
  MT_CHECK(hipDeviceSynchronize());
  expect_rows(dev, 0, 0, 0, 0, PITCH * HEIGHT);
  MT_CHECK(hipFree(dev));
}

static void test_refusals(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  unsigned char host[BYTES];
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(NULL, PITCH, 1, WIDTH, HEIGHT));
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(host, PITCH, 1, WIDTH, HEIGHT));
  MT_EXPECT(hipErrorInvalidValue, hipMemset2DAsync(host, PITCH, 1, WIDTH, HEIGHT, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(dev, 1, 1, WIDTH, HEIGHT));        /* pitch */
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(dev, PITCH, 1, PITCH + 1, 2));     /* width */
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(dev, PITCH, 1, WIDTH, 1000));      /* past it */
  MT_EXPECT(hipErrorInvalidValue, hipMemset2D(dev + BYTES, PITCH, 1, WIDTH, 1)); /* past it */
  hipPitchedPtr p = make_hipPitchedPtr(dev, PITCH, WIDTH, HEIGHT);
  MT_EXPECT(hipErrorInvalidValue, hipMemset3D(p, 1, make_hipExtent(SIZE_MAX, 2, 2)));
  MT_EXPECT(hipErrorInvalidValue, hipMemset3D(p, 1, make_hipExtent(WIDTH, HEIGHT, DEPTH + 1)));
  p.pitch = 0;
  MT_EXPECT(hipErrorInvalidValue, hipMemset3D(p, 1, make_hipExtent(WIDTH, 1, 1)));
  p.pitch = WIDTH - 1;
  MT_EXPECT(hipErrorInvalidValue, hipMemset3DAsync(p, 1, make_hipExtent(4, 1, 1), NULL));
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemset2DAsync(dev, PITCH, 1, WIDTH, HEIGHT, stream));
  MT_CHECK(hipDeviceSynchronize());
  expect_rows(dev, 0, 0, 0, 0, PITCH * HEIGHT); /* nothing refused was set */
  MT_CHECK(hipFree(dev));
}

static void test_captured_as_memset_node(void **state) {
  (void)state;
  unsigned char *dev = fresh_block();
  hipStream_t stream;
  hipGraph_t graph;
  hipGraphExec_t exec;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorStreamCaptureImplicit, hipMemset2D(dev, PITCH, 1, WIDTH, HEIGHT));
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(stream, &graph));

  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemset3DAsync(make_hipPitchedPtr(dev, PITCH, WIDTH, HEIGHT), 0x66,
                            make_hipExtent(WIDTH, HEIGHT, DEPTH), stream));
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(graph, NULL, &count));
  assert_int_equal(count, 1);
  hipGraphNode_t node;
  MT_CHECK(hipGraphGetNodes(graph, &node, &count));
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(node, &type));
  assert_int_equal(type, hipGraphNodeTypeMemset);
  expect_rows(dev, 0, 0, 0, 0, PITCH * HEIGHT); /* captured, not run */
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  expect_rows(dev, 0x66, WIDTH, HEIGHT, DEPTH, PITCH * HEIGHT);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));

  /* a captured set is checked as hipGraphAddMemsetNode checks it: width 0 is refused */
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue, hipMemset2DAsync(dev, PITCH, 1, 0, HEIGHT, stream));
  graph = NULL;
  hipError_t ended = hipStreamEndCapture(stream, &graph); /* invalidated or not, the graph goes */
  assert_true(ended == hipSuccess || ended == hipErrorStreamCaptureInvalidated);
  if (graph != NULL)
    MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipFree(dev));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_memset_2d_sets_rows),
      MT_CLEAN_TEST(test_memset_3d_sets_slices),
      MT_CLEAN_TEST(test_pitch_equal_to_width_is_one_run),
      MT_CLEAN_TEST(test_empty_extent_sets_nothing),
      MT_CLEAN_TEST(test_refusals),
      MT_CLEAN_TEST(test_captured_as_memset_node),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
