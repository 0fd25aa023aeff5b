/*
 * hip_nvidia_test.c: the shared fixture and checks of the tests.
 */
#include "hip_nvidia_test.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

int hn_setup(void **state) {
  (void)state;
  fake_cuda_reset();
  if (hipSetDevice(0) != hipSuccess)
    return -1;
  (void)hipGetLastError();
  fake_cuda_log_clear();
  return 0;
}

void hn_assert_hip(hipError_t got, hipError_t expected, const char *call, const char *file,
                   int line) {
  if (got == expected)
    return;
  print_error("%s returned %s (%d), expected %s (%d); reason: %s\n", call, hipGetErrorName(got),
              (int)got, hipGetErrorName(expected), (int)expected, hip_nvidia_last_reason());
  _fail(file, line);
}

void hn_assert_contains(const char *text, const char *part, const char *file, int line) {
  if (text != NULL && strstr(text, part) != NULL)
    return;
  print_error("\"%s\" does not contain \"%s\"\n", text ? text : "(NULL)", part);
  _fail(file, line);
}

typedef struct start_line {
  pthread_barrier_t barrier;
  void *(*fn)(void *);
  void *arg;
} start_line;

static void *start_together(void *arg) {
  start_line *line = arg;
  pthread_barrier_wait(&line->barrier);
  return line->fn(line->arg);
}

void hn_run_threads(int count, void *(*fn)(void *), void *arg) {
  pthread_t threads[64];
  start_line line = {.fn = fn, .arg = arg};
  assert_true(count > 0 && count <= 64);
  assert_int_equal(pthread_barrier_init(&line.barrier, NULL, (unsigned)count), 0);
  for (int i = 0; i < count; i++)
    assert_int_equal(pthread_create(&threads[i], NULL, start_together, &line), 0);
  for (int i = 0; i < count; i++)
    assert_int_equal(pthread_join(threads[i], NULL), 0);
  pthread_barrier_destroy(&line.barrier);
}
