/*
 * test_trace_odd.c: the trace line of a call given what no program should
 * pass: NULL descriptions, a context or attribute that is none, flags with
 * bits no flag has, graphs' empty dependency lists. Each call still fails as
 * it should, and its trace line says what it was given (the decoders'
 * seldom branches, which test_trace_decode's good calls do not reach).
 */
#include "mock_test.h"
#include "report_lines.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* hipCtxSetCurrent, on purpose */

static char *trace_of_calls(void) {
  mt_stderr_begin();

  hipArray_t array = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, NULL, 4, 4, hipArrayDefault));
  MT_EXPECT(hipErrorInvalidValue, hipArrayCreate(&array, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipArray3DCreate(&array, NULL));
  MT_EXPECT(hipErrorInvalidContext, hipCtxSetCurrent((hipCtx_t)0x5eed));
  int value = 0;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)99999, 0));
  void *ptr = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipHostMalloc(&ptr, 64, 0x7u << 28));
  hipGraph_t graph = NULL;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t nodes[6] = {0};
  MT_CHECK(hipGraphAddEmptyNode(&nodes[0], graph, NULL, 0));
  for (int i = 1; i < 6; i++)
    MT_CHECK(hipGraphAddEmptyNode(&nodes[i], graph, nodes, (size_t)i));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(NULL, graph, nodes, 0));
  MT_CHECK(hipGraphDestroy(graph));
  MT_EXPECT(hipErrorInvalidValue, hipStreamAddCallback(hipStreamLegacy, NULL, NULL, 0));

  return mt_stderr_end();
}

static void test_odd_arguments_are_named(void **state) {
  (void)state;
  char *text = trace_of_calls();
  static const char *const expected[] = {
      "hipMallocArray(",
      "desc=NULL",
      "hipArrayCreate(",
      "pAllocateArray=NULL",
      "hipArray3DCreate(",
      "(not a context)",
      "99999",
      "0x70000000",
      "... (1 more)",
      "hipStreamLegacy",
      "hipGraphAddEmptyNode(",
  };
  for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
    if (strstr(text, expected[i]) == NULL)
      fail_msg("the trace does not show \"%s\":\n%s", expected[i], text);
  free(text);
}

int main(void) {
  setenv("MOCKHIP_TRACE", "1", 1);
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_odd_arguments_are_named),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
