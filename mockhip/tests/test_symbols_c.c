/*
 * test_symbols_c.c: the symbol calls from C, where HIP_SYMBOL(x) is x and a
 * variable is passed by its address (runtime/copies/symbols.c): a file-scope
 * array and a static one found with their sizes, copies in and out at an
 * offset; what is no variable's start gets hipErrorInvalidSymbol.
 */
#include "mock_test.h"

#include <stdlib.h>

int c_table[16];
static unsigned short c_private[3];

static void test_c_symbols(void **state) {
  (void)state;
  size_t size = 0;
  void *addr = NULL;
  MT_CHECK(hipGetSymbolSize(&size, c_table));
  assert_int_equal(size, sizeof c_table);
  MT_CHECK(hipGetSymbolAddress(&addr, &c_private));
  assert_ptr_equal(addr, c_private);
  MT_CHECK(hipGetSymbolSize(&size, c_private));
  assert_int_equal(size, sizeof c_private);
  int in[4] = {1, 2, 3, 4}, out[4] = {0};
  MT_CHECK(hipMemcpyToSymbol(c_table, in, sizeof in, 12 * sizeof(int), hipMemcpyHostToDevice));
  assert_int_equal(c_table[12], 1);
  assert_int_equal(c_table[15], 4);
  MT_CHECK(
      hipMemcpyFromSymbol(out, c_table, 2 * sizeof(int), 14 * sizeof(int), hipMemcpyDeviceToHost));
  assert_int_equal(out[0], 3);
  assert_int_equal(out[1], 4);
  MT_CHECK(hipMemcpyToSymbolAsync(c_private, in, sizeof(unsigned short), 4, hipMemcpyHostToDevice,
                                  NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(c_private[2], 1); /* little-endian: the int's low half */
}

static void test_c_symbols_negative(void **state) {
  (void)state;
  size_t size = 0;
  void *addr = NULL;
  int in[4] = {0};
  MT_EXPECT(hipErrorInvalidSymbol, hipGetSymbolSize(&size, &c_table[1]));
  MT_EXPECT(hipErrorInvalidSymbol, hipGetSymbolAddress(&addr, in));
  MT_EXPECT(hipErrorInvalidSymbol, hipGetSymbolSize(&size, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGetSymbolSize(NULL, c_table));
  MT_EXPECT(hipErrorInvalidValue, hipGetSymbolAddress(NULL, c_table));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyToSymbol(c_table, in, sizeof in, 13 * sizeof(int), hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyToSymbol(c_table, in, sizeof in, 0, hipMemcpyHostToHost));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyFromSymbol(in, c_table, sizeof in, 0, hipMemcpyDefault));
  /* the kind is checked before the symbol, as clr does */
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyToSymbolAsync(NULL, in, sizeof in, 0, hipMemcpyDeviceToHost, NULL));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_c_symbols),
      MT_CLEAN_TEST(test_c_symbols_negative),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
