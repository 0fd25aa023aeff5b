/*
 * hmo_torch.h: a stream-ordered caching allocator on hmo pools, with the C
 * functions PyTorch's CUDAPluggableAllocator loads from a shared library
 * (docs/hmo-torch.md shows the Python side).
 *
 * Each stream has its own pools, as PyTorch's allocator gives each stream its
 * own segments. Memory freed on a stream is handed out again on that stream at
 * once (the stream orders its own work); on another stream only once an event
 * recorded on the freeing stream has completed, or, with
 * HMO_TORCH_STREAM_WAIT=1, once the taking stream has been made to wait for
 * that event. A block used on a second stream (hmo_torch_record_stream)
 * waits for that stream too.
 *
 * Every function is thread-safe, never aborts and never throws: a failed
 * alloc returns NULL and hmo_torch_last_error() says why; a bad free does
 * nothing and says why there.
 */
#ifndef HMO_TORCH_H
#define HMO_TORCH_H

#include <stddef.h>
#include <sys/types.h>

/* HIP's own spelling (ROCm, mockhip, hip-nvidia), repeated so that the header needs no HIP
 * header; a typedef may be repeated. PyTorch's cudaStream_t is the same pointer. */
typedef struct ihipStream_t *hipStream_t;

#ifdef __cplusplus
extern "C" {
#endif

#define HMO_TORCH_API __attribute__((visibility("default")))

/* ---- the two functions CUDAPluggableAllocator(path, alloc_fn, free_fn) loads ---- */

/*
 * bytes of device memory on HIP device `device` for work on `stream`,
 * 256-byte aligned (as cudaMalloc's); NULL for 0 bytes. The device's memory is taken lazily: no
 * init call is needed, and the current device is left as it was.
 * Ownership: the caller's, until hmo_torch_free.
 * Errors: NULL, with hmo_torch_last_error() naming the cause: no such device,
 * the device out of memory once every cached block was given back, the
 * memory fraction exceeded, a size past 256 TiB.
 */
HMO_TORCH_API void *hmo_torch_alloc(ssize_t bytes, int device, hipStream_t stream);

/*
 * Gives back ptr, as PyTorch does: with the size asked for, the device and
 * the stream of its allocation. Its memory serves that stream's next allocs at
 * once; it stays mapped. Freed on another stream, it waits for that stream too.
 * Errors: a NULL ptr does nothing; an unknown or already freed ptr, or a
 * device or size other than its allocation's, does nothing but count in
 * hmo_torch_stats.bad_frees and leave a reason in hmo_torch_last_error().
 */
HMO_TORCH_API void hmo_torch_free(void *ptr, ssize_t bytes, int device, hipStream_t stream);

/* ---- the optional hooks (CUDAPluggableAllocator's set_*_fn) ---- */

/* set_init_fn: nothing is needed (devices open on first use); kept for the hook. */
HMO_TORCH_API void hmo_torch_init(int device_count);

/*
 * set_reset_fn (torch.cuda.empty_cache): waits for every device this library
 * used, gives every cached block back and unmaps the pool segments left empty.
 */
HMO_TORCH_API void hmo_torch_empty_cache(void);

/*
 * set_memory_fraction_fn: from now on the device memory this library maps on
 * `device` stays within fraction x its total memory (to a pool segment: 2 or
 * 16 MiB); an alloc that would need more first gives back what is idle, then
 * returns NULL. A fraction outside (0, 1] is refused with a reason; 1 lifts
 * the cap.
 */
HMO_TORCH_API void hmo_torch_memory_fraction(double fraction, int device);

/* set_base_alloc_fn: each block is its own allocation: ptr, with *bytes set to its size. */
HMO_TORCH_API void *hmo_torch_base_alloc(void *ptr, size_t *bytes);

/*
 * set_record_stream_fn (Tensor.record_stream): ptr is also used on `stream`;
 * once freed it is handed out again only after that stream's work queued so
 * far has completed. Without this hook PyTorch drops the call, and a block
 * used on a second stream may be reused on its own while that stream runs.
 */
HMO_TORCH_API void hmo_torch_record_stream(void *ptr, hipStream_t stream);

/* ---- for tests, benchmarks and people: not hooks ---- */

typedef struct hmo_torch_stats {
  size_t live_bytes;          /* bytes asked for by blocks not yet freed */
  size_t live_peak;           /* the most live_bytes has been */
  size_t mapped_bytes;        /* device memory mapped now: pool segments and large blocks */
  size_t mapped_peak;         /* the most mapped_bytes has been */
  size_t allocs, frees;       /* calls that returned memory; frees that took it back */
  size_t same_stream_reuses;  /* allocs served by memory their stream already held */
  size_t cross_stream_reuses; /* allocs served by another stream's, after its event */
  size_t growths;             /* allocs that needed new device memory */
  size_t event_records;       /* events recorded (a free on the alloc's own stream records none) */
  size_t stream_waits;        /* HMO_TORCH_STREAM_WAIT: a stream made to wait instead */
  size_t flushes;             /* times memory was given back (out of memory, fraction, reset) */
  size_t failures;            /* allocs that returned NULL */
  size_t bad_frees;           /* frees refused: unknown pointer, double free, wrong size */
} hmo_torch_stats;

/* device's figures so far (all 0 for a device not used yet). Errors: -1 for a NULL out or a
 * device out of range, 0 otherwise. */
HMO_TORCH_API int hmo_torch_get_stats(int device, hmo_torch_stats *out);

/* Why the calling thread's last failed call failed; "" before any. Ownership: the thread's,
 * overwritten by its next failure. */
HMO_TORCH_API const char *hmo_torch_last_error(void);

/*
 * Gives back everything of every device once no block is live: the cache,
 * the pools and the devices. For a program that ends cleanly (and for leak
 * checkers); PyTorch never calls it. Errors: -1 while blocks are live (nothing
 * is given back), 0 otherwise.
 */
HMO_TORCH_API int hmo_torch_shutdown(void);

#ifdef __cplusplus
}
#endif

#endif /* HMO_TORCH_H */
