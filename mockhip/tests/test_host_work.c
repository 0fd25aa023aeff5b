/*
 * test_host_work.c: host work on a stream and the calls for code loaded at run
 * time. hipStreamAddCallback and hipLaunchHostFunc run their function before
 * returning, after the work queued before it, with the stream and hipSuccess,
 * outside the lock (the function may call HIP), on any thread at once; a bad
 * argument or stream runs nothing, and a capturing stream captures instead of
 * running. The module calls answer as mockhip loads no code object, and
 * hiprtc's programs are made, refused compilation with a log that says why,
 * and destroyed.
 */
#include "mock_test.h"

#include <hip/hiprtc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define THREADS 8
#define ROUNDS 500

typedef struct seen {
  hipStream_t stream;
  hipError_t status;
  int runs;
  unsigned char byte; /* what the block held when the callback ran */
  unsigned char *block;
} seen;

static void record(hipStream_t stream, hipError_t status, void *user_data) {
  seen *s = user_data;
  s->stream = stream;
  s->status = status;
  s->runs++;
  /* a HIP call from the callback: the lock is not held */
  MT_CHECK(hipMemcpy(&s->byte, s->block, 1, hipMemcpyDeviceToHost));
}

static void host_fn(void *user_data) { record(NULL, hipSuccess, user_data); }

/* ---- positive ---- */

static void test_callback_runs_after_queued_work(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  seen s = {.status = hipErrorUnknown};
  MT_CHECK(hipMalloc((void **)&s.block, 64));
  MT_CHECK(hipMemsetAsync(s.block, 0x5c, 64, stream));
  MT_CHECK(hipStreamAddCallback(stream, record, &s, 0));
  MT_CHECK(hipStreamSynchronize(stream)); /* run at the call, or on the stream's thread */
  assert_int_equal(s.runs, 1);
  assert_ptr_equal(s.stream, stream);
  assert_int_equal(s.status, hipSuccess);
  assert_int_equal(s.byte, 0x5c);
  /* the null stream too */
  MT_CHECK(hipMemset(s.block, 0x3d, 64));
  MT_CHECK(hipLaunchHostFunc(NULL, host_fn, &s));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(s.runs, 2);
  assert_int_equal(s.byte, 0x3d);
  MT_CHECK(hipFree(s.block));
  MT_CHECK(hipStreamDestroy(stream));
}

static void *many_callbacks(void *arg) {
  atomic_int *total = arg;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  seen s = {0};
  MT_CHECK(hipMalloc((void **)&s.block, 8));
  for (int i = 0; i < ROUNDS; i++)
    MT_CHECK(i % 2 ? hipStreamAddCallback(stream, record, &s, 0)
                   : hipLaunchHostFunc(stream, host_fn, &s));
  MT_CHECK(hipStreamSynchronize(stream));
  atomic_fetch_add(total, s.runs);
  MT_CHECK(hipFree(s.block));
  MT_CHECK(hipStreamDestroy(stream));
  return NULL;
}

static void test_callbacks_from_many_threads(void **state) {
  (void)state;
  atomic_int total = 0;
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++)
    assert_int_equal(pthread_create(&threads[i], NULL, many_callbacks, &total), 0);
  for (int i = 0; i < THREADS; i++)
    assert_int_equal(pthread_join(threads[i], NULL), 0);
  assert_int_equal(atomic_load(&total), THREADS * ROUNDS);
}

static void test_capturing_stream_captures_callback(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  seen s = {0};
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipStreamAddCallback(stream, record, &s, 0));
  MT_CHECK(hipLaunchHostFunc(stream, host_fn, &s));
  assert_int_equal(s.runs, 0); /* in the graph, not run */
  hipGraph_t graph = NULL;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  assert_non_null(graph);
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- negative ---- */

static void test_bad_host_work_runs_nothing(void **state) {
  (void)state;
  seen s = {0};
  MT_EXPECT(hipErrorInvalidValue, hipStreamAddCallback(NULL, NULL, &s, 0));
  assert_string_equal(mockhip_last_reason(), "hipStreamAddCallback: callback is NULL");
  MT_EXPECT(hipErrorInvalidValue, hipStreamAddCallback(NULL, record, &s, 1));
  assert_non_null(strstr(mockhip_last_reason(), "reserved and must be 0"));
  MT_EXPECT(hipErrorInvalidValue, hipLaunchHostFunc(NULL, NULL, &s));
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamAddCallback(stream, record, &s, 0));
  MT_EXPECT(hipErrorContextIsDestroyed, hipLaunchHostFunc(stream, host_fn, &s));
  assert_int_equal(s.runs, 0);
}

static void test_modules_load_nothing(void **state) {
  (void)state;
  hipModule_t module = (hipModule_t)0x1;
  hipFunction_t function = (hipFunction_t)0x1;
  MT_EXPECT(hipErrorInvalidValue, hipModuleLoad(NULL, "/proc/self/exe"));
  MT_EXPECT(hipErrorInvalidValue, hipModuleLoad(&module, NULL));
  MT_EXPECT(hipErrorFileNotFound, hipModuleLoad(&module, "/nonexistent/kernels.co"));
  MT_EXPECT(hipErrorNotSupported, hipModuleLoad(&module, "/proc/self/exe"));
  assert_non_null(strstr(mockhip_last_reason(), "loads no code objects"));
  MT_EXPECT(hipErrorInvalidValue, hipModuleLoadData(&module, NULL));
  MT_EXPECT(hipErrorNotSupported, hipModuleLoadData(&module, "\x7f"
                                                             "ELF"));
  assert_ptr_equal(module, (hipModule_t)0x1); /* never written */
  MT_EXPECT(hipErrorInvalidResourceHandle, hipModuleUnload(NULL));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipModuleUnload(module));
  MT_EXPECT(hipErrorInvalidValue, hipModuleGetFunction(NULL, module, "k"));
  MT_EXPECT(hipErrorInvalidValue, hipModuleGetFunction(&function, module, NULL));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipModuleGetFunction(&function, module, "k"));
  assert_ptr_equal(function, (hipFunction_t)0x1);
  hipDeviceptr_t global;
  size_t bytes;
  MT_EXPECT(hipErrorInvalidValue, hipModuleGetGlobal(&global, &bytes, module, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipModuleGetGlobal(NULL, NULL, module, "g"));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipModuleGetGlobal(&global, NULL, module, "g"));
  MT_EXPECT(hipErrorInvalidResourceHandle,
            hipModuleLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL));
}

static void test_hiprtc_compiles_nothing(void **state) {
  (void)state;
  int major = 0, minor = -1;
  assert_int_equal(hiprtcVersion(&major, &minor), HIPRTC_SUCCESS);
  assert_int_equal(major, HIP_VERSION_MAJOR);
  assert_int_equal(minor, HIP_VERSION_MINOR);
  assert_int_equal(hiprtcVersion(NULL, &minor), HIPRTC_ERROR_INVALID_INPUT);
  assert_string_equal(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION");
  assert_string_equal(hiprtcGetErrorString((hiprtcResult)55), "Invalid HIPRTC error code");

  hiprtcProgram prog = NULL;
  assert_int_equal(hiprtcCreateProgram(NULL, "", "k.cu", 0, NULL, NULL),
                   HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcCreateProgram(&prog, "", "k.cu", 1, NULL, NULL),
                   HIPRTC_ERROR_INVALID_INPUT);
  const char *src = "extern \"C\" __global__ void k(int *p) { *p = 1; }";
  assert_int_equal(hiprtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL), HIPRTC_SUCCESS);
  assert_int_equal(hiprtcAddNameExpression(prog, "k"), HIPRTC_SUCCESS);
  const char *options[] = {"-O3"};
  assert_int_equal(hiprtcCompileProgram(prog, 1, options), HIPRTC_ERROR_COMPILATION);
  size_t log_size = 0;
  assert_int_equal(hiprtcGetProgramLogSize(prog, &log_size), HIPRTC_SUCCESS);
  char log[512];
  assert_true(log_size > 1 && log_size <= sizeof log);
  assert_int_equal(hiprtcGetProgramLog(prog, log), HIPRTC_SUCCESS);
  assert_int_equal(strlen(log) + 1, log_size);
  assert_non_null(strstr(log, "k.cu: mockhip cannot compile device code at run time"));
  assert_int_equal(hiprtcAddNameExpression(prog, "k"),
                   HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
  size_t code_size = 7;
  assert_int_equal(hiprtcGetCodeSize(prog, &code_size), HIPRTC_ERROR_INVALID_PROGRAM);
  assert_int_equal(code_size, 7);
  const char *lowered = NULL;
  assert_int_equal(hiprtcGetLoweredName(prog, "k", &lowered),
                   HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  /* each call given nothing to work on */
  assert_string_equal(hiprtcGetErrorString((hiprtcResult)100), "HIPRTC_ERROR_LINKING");
  assert_int_equal(hiprtcAddNameExpression(NULL, "k"), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcCompileProgram(NULL, 0, NULL), HIPRTC_ERROR_INVALID_PROGRAM);
  assert_int_equal(hiprtcCompileProgram(prog, -1, NULL), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcGetLoweredName(NULL, "k", &lowered), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcGetProgramLogSize(prog, NULL), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcGetProgramLog(prog, NULL), HIPRTC_ERROR_INVALID_INPUT);
  char code[8];
  assert_int_equal(hiprtcGetCode(prog, code), HIPRTC_ERROR_INVALID_PROGRAM);
  assert_int_equal(hiprtcGetCode(NULL, code), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcGetBitcodeSize(prog, &code_size), HIPRTC_ERROR_INVALID_PROGRAM);
  assert_int_equal(hiprtcGetBitcode(prog, code), HIPRTC_ERROR_INVALID_PROGRAM);
  assert_int_equal(hiprtcDestroyProgram(NULL), HIPRTC_ERROR_INVALID_INPUT);
  assert_int_equal(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
  assert_null(prog);
  assert_int_equal(hiprtcDestroyProgram(&prog), HIPRTC_ERROR_INVALID_INPUT);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_callback_runs_after_queued_work),
      MT_CLEAN_TEST(test_callbacks_from_many_threads),
      MT_CLEAN_TEST(test_capturing_stream_captures_callback),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_bad_host_work_runs_nothing),
      MT_CLEAN_TEST(test_modules_load_nothing),
      MT_CLEAN_TEST(test_hiprtc_compiles_nothing),
  };
  return cmocka_run_group_tests_name("positive", positive, NULL, NULL) |
         cmocka_run_group_tests_name("negative", negative, NULL, NULL);
}
