/*
 * torch_consumer.c: libhmo-torch as installed, used both ways: linked
 * (hmo_torch.h and the package's flags), and loaded by path as PyTorch's
 * CUDAPluggableAllocator loads it (dlopen, then dlsym of each name, called
 * through PyTorch's function types). argv[1] is the library's path.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <hmo_torch.h>

#ifndef TORCH_CONSUMER_BUILT_WITH
#define TORCH_CONSUMER_BUILT_WITH "?"
#endif

typedef void *(*malloc_fn)(size_t, int, hipStream_t);
typedef void (*free_fn)(void *, size_t, int, hipStream_t);

static int fail(const char *what, const char *why) {
  fprintf(stderr, "torch_consumer: %s: %s\n", what, why ? why : "");
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return fail("usage", "torch_consumer LIBRARY_PATH");
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return fail("dlopen", dlerror());
  malloc_fn alloc = (malloc_fn)dlsym(lib, "hmo_torch_alloc");
  free_fn release = (free_fn)dlsym(lib, "hmo_torch_free");
  if (!alloc || !release)
    return fail("dlsym", dlerror());
  void *p = alloc(1 << 20, 0, NULL);
  if (!p)
    return fail("hmo_torch_alloc", hmo_torch_last_error());
  release(p, 1 << 20, 0, NULL);
  void *q = hmo_torch_alloc(1 << 20, 0, NULL); /* linked: the same library, the same memory */
  hmo_torch_stats stats;
  if (hmo_torch_get_stats(0, &stats) != 0 || q != p || stats.same_stream_reuses != 1)
    return fail("reuse", "the linked call did not get the loaded call's memory back");
  hmo_torch_free(q, 1 << 20, 0, NULL);
  if (hmo_torch_shutdown() != 0)
    return fail("hmo_torch_shutdown", hmo_torch_last_error());
  printf("libhmo-torch (%s): loaded by path and linked, 1 MiB reused on its stream\n",
         TORCH_CONSUMER_BUILT_WITH);
  return 0;
}
