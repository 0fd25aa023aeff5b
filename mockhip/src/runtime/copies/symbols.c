/*
 * symbols.c: __device__ and __constant__ variables: hipGetSymbolAddress,
 * hipGetSymbolSize and hipMemcpyToSymbol/FromSymbol with their Async forms
 * (clr hip_platform.cpp, hip_memory.cpp).
 *
 * On a GPU the compiler registers each device variable with the code object,
 * and the runtime keeps a copy of it per device. Here __device__ and
 * __constant__ mark nothing: a device variable is an ordinary global of the
 * host program, which the CPU's kernels read directly. The runtime learns of
 * it from the program's ELF symbol table (os/object_symbols.c), not from a
 * registration at start-up: that serves programs built by any compiler, with
 * or without mockhip's hipcc, and needs no parse of the source to tell a
 * variable from a function (both are marked __device__). The costs, named in
 * docs/mockhip/runtime.md: any global data object of the program is taken for
 * a device variable, not only the marked ones (a stack, heap or code address,
 * or one inside a variable, is refused as ROCm refuses it); and every device
 * shares one copy, where ROCm keeps one per device, so a write through
 * device 0 is read by device 1.
 *
 * A variable the program has named to a symbol call is device memory for the
 * copies from then on (copy_check.c asks mh__symbol_range), as the address
 * hipGetSymbolAddress gives is on a GPU: a copy that names it device memory
 * passes, and one that runs past the variable's end is refused. Only those:
 * the program's other globals stay host memory to a copy's kind, as ROCm
 * has them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "runtime/copies/copies.h"
#include "runtime/streams/streams.h"

/* The variables named to a symbol call so far; few, so searched in order. A lock of its own:
   mh__symbol_find is called with the state's lock held or not. */
typedef struct known_variable {
  uintptr_t start;
  size_t bytes;
  const char *name; /* os/object_symbols.c keeps it */
} known_variable;

static struct {
  pthread_mutex_t lock;
  known_variable *items;
  size_t count, capacity;
} known = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A child forked while another thread held the lock gets it free. */
static void forked_child(void) { pthread_mutex_init(&known.lock, NULL); }
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_init(void) { pthread_atfork(NULL, NULL, forked_child); }
static void lock_known(void) {
  pthread_once(&fork_once, fork_init);
  pthread_mutex_lock(&known.lock);
}

/* Remembers a variable; without memory it stays unknown to the copies, which then refuse it as
   host memory under a device kind. */
static void remember(uintptr_t start, size_t bytes, const char *name) {
  lock_known();
  bool found = false;
  for (size_t i = 0; i < known.count && !found; i++)
    found = known.items[i].start == start;
  if (!found && known.count == known.capacity) {
    size_t capacity = known.capacity == 0 ? 16 : 2 * known.capacity;
    known_variable *items = realloc(known.items, capacity * sizeof *items);
    if (items != NULL) {
      known.items = items;
      known.capacity = capacity;
    }
  }
  if (!found && known.count < known.capacity)
    known.items[known.count++] = (known_variable){start, bytes, name};
  pthread_mutex_unlock(&known.lock);
}

hipError_t mh__symbol_find(const void *symbol, void **addr, size_t *size) {
  if (symbol == NULL)
    return mh__fail(hipErrorInvalidSymbol, "symbol is NULL");
  uintptr_t start;
  size_t bytes;
  const char *name = NULL;
  int err = mh__os_object_symbol((uintptr_t)symbol, &start, &bytes, &name);
  if (err == ENOENT)
    return mh__fail(hipErrorInvalidSymbol,
                    "symbol %p is no __device__ or __constant__ variable: pass HIP_SYMBOL(name) "
                    "of one defined at file scope",
                    symbol);
  if (err == ENODATA)
    return mh__fail(hipErrorInvalidSymbol,
                    "symbol %p is no exported variable, and the file holding it was stripped of "
                    "the symbol table where the mock finds __device__ variables: build it "
                    "without -s or strip",
                    symbol);
  if (err != 0)
    return mh__fail(hipErrorInvalidSymbol,
                    "symbol %p: the program's symbol table could not be read (errno %d)", symbol,
                    err);
  if (start != (uintptr_t)symbol) /* clr keys its variables by their start */
    return mh__fail(hipErrorInvalidSymbol,
                    "symbol %p lies %zu bytes inside the variable %s, not at its start: pass "
                    "HIP_SYMBOL(name) of the variable itself",
                    symbol, (size_t)((uintptr_t)symbol - start), name);
  remember(start, bytes, name);
  *addr = (void *)start;
  *size = bytes;
  return hipSuccess;
}

hipError_t mh__symbol_range(uintptr_t addr, size_t bytes, bool *in_variable) {
  known_variable v = {0};
  *in_variable = false;
  lock_known();
  for (size_t i = 0; i < known.count && !*in_variable; i++)
    if (addr - known.items[i].start < known.items[i].bytes) {
      v = known.items[i];
      *in_variable = true;
    }
  pthread_mutex_unlock(&known.lock);
  if (*in_variable && bytes > v.bytes - (addr - v.start))
    return mh__fail(hipErrorInvalidValue,
                    "%#zx + %zu bytes runs past the end of the device variable %s (%zu bytes)",
                    (size_t)addr, bytes, v.name, v.bytes);
  return hipSuccess;
}

hipError_t mh__symbol_validate(const void *symbol, size_t bytes, size_t offset, char **at) {
  void *addr;
  size_t size;
  hipError_t err = mh__symbol_find(symbol, &addr, &size);
  if (err != hipSuccess)
    return err;
  if (offset > size || bytes > size - offset)
    return mh__fail(hipErrorInvalidValue,
                    "offset %zu + sizeBytes %zu is past the end of the variable at %p (%zu bytes)",
                    offset, bytes, symbol, size);
  *at = (char *)addr + offset;
  return hipSuccess;
}

/* The kinds a copy into a variable (to_symbol) or out of one takes (clr hipMemcpyToSymbol_common,
   hipMemcpyFromSymbol_common): the variable's side is device memory. */
static hipError_t check_kind(hipMemcpyKind kind, bool to_symbol) {
  hipMemcpyKind host_side = to_symbol ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost;
  if (kind == host_side || kind == hipMemcpyDeviceToDevice ||
      kind == (int)HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU)
    return hipSuccess;
  return mh__fail(hipErrorInvalidMemcpyDirection,
                  "kind %s: a copy %s a variable takes %s, "
                  "hipMemcpyDeviceToDevice or hipMemcpyDeviceToDeviceNoCU",
                  mh__d_memcpy_kind((int)kind), to_symbol ? "into" : "out of",
                  to_symbol ? "hipMemcpyHostToDevice" : "hipMemcpyDeviceToHost");
}

/*
 * A copy into (to_symbol) or out of the variable at symbol, from or to other, of bytes at offset
 * into it. The synchronous forms refuse a capturing stream first (CHECK_STREAM_CAPTURING). ROCm
 * captures an Async form as a MemcpyToSymbol or MemcpyFromSymbol node before it checks the kind;
 * here the kind is checked first and the capture is a plain memcpy node of the variable's memory
 * (copy.c), until the graph has symbol nodes.
 */
static hipError_t symbol_copy(mh_state *s, const void *symbol, void *other, size_t bytes,
                              size_t offset, hipMemcpyKind kind, hipStream_t stream, bool to_symbol,
                              bool synchronous) {
  hipError_t err = synchronous ? mh__capture_check(MH_CAPTURE_SYNC_COPY) : hipSuccess;
  if (err == hipSuccess)
    err = check_kind(kind, to_symbol);
  char *at = NULL;
  if (err == hipSuccess)
    err = mh__symbol_validate(symbol, bytes, offset, &at);
  if (err != hipSuccess)
    return err;
  return to_symbol ? mh__memcpy_common(s, at, other, bytes, (int)kind, stream, synchronous)
                   : mh__memcpy_common(s, other, at, bytes, (int)kind, stream, synchronous);
}

MH_EXPORT hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetSymbolAddress, MH_CALLER, &s);
  if (err == hipSuccess && devPtr == NULL)
    err = mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  size_t size;
  if (err == hipSuccess)
    err = mh__symbol_find(symbol, devPtr, &size);
  return mh__leave(MOCKHIP_CALL_hipGetSymbolAddress, err, "%s, symbol=%s",
                   mh__d_out_ptr("devPtr", devPtr, err), mh__d_ptr(symbol));
}

MH_EXPORT hipError_t hipGetSymbolSize(size_t *size, const void *symbol) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetSymbolSize, MH_CALLER, &s);
  if (err == hipSuccess && size == NULL)
    err = mh__fail(hipErrorInvalidValue, "size is NULL");
  void *addr;
  if (err == hipSuccess)
    err = mh__symbol_find(symbol, &addr, size);
  return mh__leave(MOCKHIP_CALL_hipGetSymbolSize, err, "%s, symbol=%s",
                   mh__d_out_bytes("size", size, err), mh__d_ptr(symbol));
}

MH_EXPORT hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
                                       size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyToSymbol, MH_CALLER, &s);
  if (err == hipSuccess)
    err = symbol_copy(s, symbol, (void *)src, sizeBytes, offset, kind, NULL, true, true);
  return mh__leave(MOCKHIP_CALL_hipMemcpyToSymbol, err,
                   "symbol=%s, src=%s, sizeBytes=%s, offset=%zu, kind=%s", mh__d_ptr(symbol),
                   mh__d_ptr(src), mh__d_bytes(sizeBytes), offset, mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
                                         size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyFromSymbol, MH_CALLER, &s);
  if (err == hipSuccess)
    err = symbol_copy(s, symbol, dst, sizeBytes, offset, kind, NULL, false, true);
  return mh__leave(MOCKHIP_CALL_hipMemcpyFromSymbol, err,
                   "dst=%s, symbol=%s, sizeBytes=%s, offset=%zu, kind=%s", mh__d_ptr(dst),
                   mh__d_ptr(symbol), mh__d_bytes(sizeBytes), offset, mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes,
                                            size_t offset, hipMemcpyKind kind, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyToSymbolAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = symbol_copy(s, symbol, (void *)src, sizeBytes, offset, kind, stream, true, false);
  return mh__leave(MOCKHIP_CALL_hipMemcpyToSymbolAsync, err,
                   "symbol=%s, src=%s, sizeBytes=%s, offset=%zu, kind=%s, stream=%s",
                   mh__d_ptr(symbol), mh__d_ptr(src), mh__d_bytes(sizeBytes), offset,
                   mh__d_memcpy_kind((int)kind), mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes,
                                              size_t offset, hipMemcpyKind kind,
                                              hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyFromSymbolAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = symbol_copy(s, symbol, dst, sizeBytes, offset, kind, stream, false, false);
  return mh__leave(MOCKHIP_CALL_hipMemcpyFromSymbolAsync, err,
                   "dst=%s, symbol=%s, sizeBytes=%s, offset=%zu, kind=%s, stream=%s",
                   mh__d_ptr(dst), mh__d_ptr(symbol), mh__d_bytes(sizeBytes), offset,
                   mh__d_memcpy_kind((int)kind), mh__d_stream(stream));
}
