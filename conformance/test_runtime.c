/*
 * test_runtime.c: hipMemGetAllocationGranularity, hipMemMapArrayAsync and the
 * runtime facts VMM code depends on (reference a.1, a.14, a.15, section 0, d).
 */
#include "conformance.h"

#include <string.h>

static void expect_granularity_fails(hipMemAllocationProp prop,
                                     hipMemAllocationGranularity_flags option) {
  size_t granularity = 0;
  assert_hip(hipMemGetAllocationGranularity(&granularity, &prop, option), hipErrorInvalidValue);
}

/* ---- negative ---- */

static void granularity_rejects_null_result(void **state) {
  (void)conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  assert_hip(hipMemGetAllocationGranularity(NULL, &prop, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
}

static void granularity_rejects_null_prop(void **state) {
  (void)conf_begin(state);
  size_t granularity = 0;
  assert_hip(hipMemGetAllocationGranularity(&granularity, NULL, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
}

static void granularity_rejects_bad_option(void **state) {
  (void)conf_begin(state);
  expect_granularity_fails(conf_prop(0), (hipMemAllocationGranularity_flags)0xff);
}

static void granularity_rejects_device_id_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  expect_granularity_fails(conf_prop(ctx->device_count), hipMemAllocationGranularityMinimum);
}

static void granularity_rejects_device_id_minus_one(void **state) {
  (void)conf_begin(state);
  expect_granularity_fails(conf_prop(-1), hipMemAllocationGranularityMinimum);
}

static void granularity_rejects_invalid_type(void **state) {
  (void)conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.type = hipMemAllocationTypeInvalid;
  expect_granularity_fails(prop, hipMemAllocationGranularityMinimum);
}

static void granularity_rejects_invalid_location_type(void **state) {
  (void)conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.location.type = hipMemLocationTypeInvalid;
  expect_granularity_fails(prop, hipMemAllocationGranularityMinimum);
}

static void map_array_async_rejects_null_list(void **state) {
  (void)conf_begin(state);
  assert_hip(hipMemMapArrayAsync(NULL, 1, NULL), hipErrorInvalidValue);
}

static void map_array_async_rejects_count_zero(void **state) {
  (void)conf_begin(state);
  hipArrayMapInfo info;
  memset(&info, 0, sizeof info);
  assert_hip(hipMemMapArrayAsync(&info, 0, NULL), hipErrorInvalidValue);
}

static void map_array_async_is_not_supported(void **state) {
  (void)conf_begin(state);
  hipArrayMapInfo info;
  memset(&info, 0, sizeof info);
  assert_hip(hipMemMapArrayAsync(&info, 1, NULL), hipErrorNotSupported);
}

/* ---- functional ---- */

static size_t granularity_of(int device, hipMemAllocationGranularity_flags option) {
  size_t granularity = 0;
  hipMemAllocationProp prop = conf_prop(device);
  assert_hip(hipMemGetAllocationGranularity(&granularity, &prop, option), hipSuccess);
  return granularity;
}

static void granularity_minimum_is_power_of_two(void **state) {
  (void)conf_begin(state);
  size_t minimum = granularity_of(0, hipMemAllocationGranularityMinimum);
  assert_true(minimum >= 1024);
  assert_int_equal(minimum & (minimum - 1), 0);
}

static void granularity_recommended_not_below_minimum(void **state) {
  (void)conf_begin(state);
  size_t minimum = granularity_of(0, hipMemAllocationGranularityMinimum);
  size_t recommended = granularity_of(0, hipMemAllocationGranularityRecommended);
  assert_true(recommended >= 1024);
  assert_true(recommended >= minimum);
}

static void granularity_on_every_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    assert_true(granularity_of(device, hipMemAllocationGranularityMinimum) > 0);
    assert_true(granularity_of(device, hipMemAllocationGranularityRecommended) > 0);
  }
}

static void vmm_attribute_set_on_every_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    int supported = 0;
    assert_hip(hipDeviceGetAttribute(&supported, HIPVMM_ATTRIBUTE_VMM, device), hipSuccess);
    assert_int_equal(supported, 1);
  }
}

static void error_codes_have_reference_values(void **state) {
  (void)conf_begin(state);
  assert_int_equal(hipErrorInvalidValue, 1);
  assert_int_equal(hipErrorOutOfMemory, 2);
  assert_int_equal(hipErrorMemoryAllocation, 2);
  assert_int_equal(hipErrorInvalidDevice, 101);
  assert_int_equal(hipErrorInvalidHandle, 400);
  assert_int_equal(hipErrorNotSupported, 801);
  assert_int_equal(hipErrorUnknown, 999);
  assert_string_equal(hipGetErrorName(hipErrorInvalidValue), "hipErrorInvalidValue");
  assert_string_equal(hipGetErrorName(hipErrorUnknown), "hipErrorUnknown");
}

static void vmm_types_have_reference_layout(void **state) {
  (void)conf_begin(state);
  assert_int_equal(HIPVMM_ATTRIBUTE_VMM, 89);
  assert_int_equal(hipMemAccessFlagsProtRead, 1);
  assert_int_equal(hipMemAccessFlagsProtReadWrite, 3);
  assert_int_equal(hipMemHandleTypePosixFileDescriptor, 1);
  assert_int_equal(sizeof(hipMemLocation), 8);
  assert_int_equal(sizeof(hipMemAccessDesc), 12);
  assert_int_equal(sizeof(hipMemAllocationProp), 32);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(granularity_rejects_null_result,
              "a.1#1; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests granularity NULL"),
    CONF_RULE(granularity_rejects_null_prop,
              "a.1#2; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests prop NULL"),
    CONF_RULE(granularity_rejects_bad_option,
              "a.1#6; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests option 0xff"),
    CONF_RULE(granularity_rejects_device_id_count,
              "a.1#5; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests id deviceCount"),
    CONF_RULE(granularity_rejects_device_id_minus_one,
              "a.1#5; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests id -1"),
    CONF_RULE(granularity_rejects_invalid_type,
              "a.1#3; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests type Invalid"),
    CONF_RULE(granularity_rejects_invalid_location_type,
              "a.1#4; c.1 Unit_hipMemGetAllocationGranularity_NegativeTests location.type Invalid"),
    CONF_RULE(map_array_async_rejects_null_list, "a.14"),
    CONF_RULE(map_array_async_rejects_count_zero, "a.14"),
    CONF_RULE(map_array_async_is_not_supported, "a.14; 0.1 fact 10"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(granularity_minimum_is_power_of_two,
              "a.1#7; c.2 Unit_hipMemGetAllocationGranularity_Min, _RDNA4 (power of two)"),
    CONF_RULE(granularity_recommended_not_below_minimum,
              "a.1#7; c.2 Unit_hipMemGetAllocationGranularity_Recommended (HT-SYS)"),
    CONF_RULE(granularity_on_every_device, "c.2 Unit_hipMemGetAllocationGranularity_AllGPUs"),
    CONF_RULE(vmm_attribute_set_on_every_device, "a.15; e2 (report VMM support as 1)"),
    CONF_RULE(error_codes_have_reference_values, "0 (numeric error codes)"),
    CONF_RULE(vmm_types_have_reference_layout, "d (enums and struct layouts)"),
};

const conf_group conf_group_runtime_negative = CONF_GROUP("runtime_negative", negative_rules);
const conf_group conf_group_runtime = CONF_GROUP("runtime", functional_rules);
