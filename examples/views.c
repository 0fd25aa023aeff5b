/*
 * views.c: slices, casts and clones of hmo memory, a dozen lines each, and
 * what hmo_memory_free does to the views of an allocation.
 *
 * A slice and a cast are new views of the same bytes (nothing is copied)
 * that keep the allocation alive; each has its own dtype. A clone is a new
 * allocation with a copy of the bytes. Exits 0 when everything printed is as
 * the comments say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hmo.h>

/* Ends the program when a call that should work does not. */
#define TRY(call)                                                                                  \
  do {                                                                                             \
    int status_ = (call);                                                                          \
    if (status_ != HMO_OK) {                                                                       \
      fprintf(stderr, "views: %s: %s (%s)\n", #call, hmo_status_name(status_),                     \
              hmo_error_last()->message);                                                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* Prints a failure when something is not as the example says. */
static int wrong;
static void want(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "views: not as expected: %s\n", what);
    wrong++;
  }
}
#define WANT(cond) want((cond), #cond)

static void slices(hmo_device *dev) {
  int data[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, minus[2] = {-5, -6};
  hmo_memory *mem, *middle, *tail, *none = NULL;
  TRY(hmo_memory_alloc(&mem, dev, 10, HMO_INT32, data));
  TRY(hmo_memory_slice(&middle, mem, 3, 4));        /* elements 3..6, no copy */
  TRY(hmo_memory_slice(&tail, middle, 2, HMO_ALL)); /* a slice of a slice: 5..6 */
  TRY(hmo_memory_copy_from(tail, minus, HMO_ALL, 0));
  TRY(hmo_memory_copy_to(mem, data, HMO_ALL, 0));     /* the parent sees the write */
  int status = hmo_memory_slice(&none, middle, 3, 2); /* 3 + 2 > 4 */
  printf("slices: middle = mem[%zu..%zu], tail = mem[%zu..%zu]; mem after writing -5, -6 "
         "through tail: %d %d %d %d %d %d %d %d %d %d; middle[3..5) is %s: %s\n",
         hmo_memory_offset(middle), hmo_memory_offset(middle) + hmo_memory_length(middle) - 1,
         hmo_memory_offset(tail), hmo_memory_offset(tail) + hmo_memory_length(tail) - 1, data[0],
         data[1], data[2], data[3], data[4], data[5], data[6], data[7], data[8], data[9],
         hmo_status_name(status), hmo_error_last()->message);
  WANT((char *)hmo_memory_ptr(tail) == (char *)hmo_memory_ptr(mem) + 5 * sizeof(int));
  WANT(data[4] == 4 && data[5] == -5 && data[6] == -6 && status == HMO_ERANGE && none == NULL);
  hmo_memory_release(tail);
  hmo_memory_release(middle);
  hmo_memory_release(mem);
}

static void casts(hmo_device *dev) {
  double values[4] = {1.0, 2.0, 3.0, 4.0};
  int ints[3] = {1, 2, 3};
  hmo_memory *doubles, *bytes, *floats, *three, *none = NULL;
  TRY(hmo_memory_alloc(&doubles, dev, 4, HMO_DOUBLE, values));
  TRY(hmo_memory_cast(&bytes, doubles, HMO_BYTE));   /* the same 32 bytes as bytes */
  TRY(hmo_memory_cast(&floats, doubles, HMO_FLOAT)); /* ... and as 8 floats */
  double second = 0;
  TRY(hmo_memory_copy_to(bytes, &second, sizeof second, 8)); /* bytes 8..15: values[1] */
  TRY(hmo_memory_alloc(&three, dev, 3, HMO_INT32, ints));
  int status = hmo_memory_cast(&none, three, HMO_DOUBLE); /* 12 bytes are not whole doubles */
  printf("casts: 4 doubles seen as %zu %s and %zu %s, still %zu %s themselves; bytes 8..15 "
         "hold %g; 3 int32 as double: %s: %s\n",
         hmo_memory_length(bytes), hmo_dtype_name(hmo_memory_dtype(bytes)),
         hmo_memory_length(floats), hmo_dtype_name(hmo_memory_dtype(floats)),
         hmo_memory_length(doubles), hmo_dtype_name(hmo_memory_dtype(doubles)), second,
         hmo_status_name(status), hmo_error_last()->message);
  WANT(hmo_memory_length(bytes) == 32 && hmo_memory_length(floats) == 8);
  WANT(hmo_memory_dtype(doubles) == HMO_DOUBLE && hmo_memory_length(doubles) == 4);
  WANT(second == 2.0 && status == HMO_EINVAL && none == NULL);
  hmo_memory_release(three);
  hmo_memory_release(floats);
  hmo_memory_release(bytes);
  hmo_memory_release(doubles);
}

static void clones(hmo_device *dev) {
  float data[100], back[100];
  for (int i = 0; i < 100; i++)
    data[i] = (float)i / 2;
  hmo_memory *mem, *copy, *window, *window_copy;
  TRY(hmo_memory_alloc(&mem, dev, 100, HMO_FLOAT, data));
  size_t before = hmo_device_bytes_allocated(dev);
  TRY(hmo_memory_clone(&copy, mem)); /* a new allocation with the same bytes */
  size_t after = hmo_device_bytes_allocated(dev);
  TRY(hmo_memory_copy_from(copy, (float[]){-1.0f}, 1, 0)); /* changes only the clone */
  TRY(hmo_memory_copy_to(mem, back, HMO_ALL, 0));
  TRY(hmo_memory_slice(&window, mem, 40, 10));
  TRY(hmo_memory_clone(&window_copy, window)); /* a clone of a view holds just the view */
  printf("clones: clone at %p (mem at %p), device bytes %zu -> %zu, mem[0] still %g; "
         "clone of mem[40..50) has %zu floats\n",
         hmo_memory_ptr(copy), hmo_memory_ptr(mem), before, after, back[0],
         hmo_memory_length(window_copy));
  WANT(hmo_memory_ptr(copy) != hmo_memory_ptr(mem) && back[0] == 0.0f);
  WANT(after == 2 * before && hmo_memory_length(window_copy) == 10);
  hmo_memory_release(window_copy);
  hmo_memory_release(window);
  hmo_memory_release(copy);
  hmo_memory_release(mem);
}

static void free_invalidates_views(hmo_device *dev) {
  hmo_memory *mem, *view, *alias;
  char text[] = "views outlive nothing", back[8];
  TRY(hmo_memory_alloc(&mem, dev, sizeof text, HMO_CHAR, text));
  TRY(hmo_memory_slice(&view, mem, 6, 7));
  alias = hmo_memory_retain(mem); /* the same view, one more reference */
  TRY(hmo_memory_free(mem));      /* frees the allocation now, whoever holds it */
  int status = hmo_memory_copy_to(view, back, HMO_ALL, 0);
  printf("free: after hmo_memory_free, the slice says %s (%s); valid: %d, length %zu, "
         "device bytes %zu\n",
         hmo_status_name(status), hmo_error_last()->message, hmo_memory_is_valid(alias),
         hmo_memory_length(view), hmo_device_bytes_allocated(dev));
  WANT(status == HMO_EFREED && !hmo_memory_is_valid(alias) && hmo_memory_ptr(view) == NULL);
  WANT(hmo_memory_free(alias) == HMO_EFREED && hmo_device_bytes_allocated(dev) == 0);
  hmo_memory_release(view); /* each view still needs its release */
  hmo_memory_release(alias);
  hmo_memory_release(mem);
}

int main(void) {
  hmo_device *dev;
  TRY(hmo_device_open(&dev, 0));
  slices(dev);
  casts(dev);
  clones(dev);
  free_invalidates_views(dev);
  WANT(hmo_device_bytes_allocated(dev) == 0);
  TRY(hmo_device_close(dev)); /* HMO_EBUSY if any view above were still alive */
  printf("views: %s\n", wrong ? "FAILED" : "ok");
  return wrong != 0;
}
