/*
 * hmo.h: memory objects on HIP virtual memory management.
 *
 * An OCCA-style memory layer in C: allocate, wrap, copy, slice, clone, cast
 * and reference-counted free, plus what VMM adds: growth in place without
 * copying, and protection enforced by the hardware.
 *
 * Counts and offsets are in elements of the memory's dtype; HMO_ALL means
 * "all" or "the rest". Fallible functions return HMO_OK (0) or an hmo_status,
 * and leave details in hmo_error_last(). Every function is thread-safe.
 *
 * An hmo_memory is a view: what alloc, reserve, wrap and clone return views a
 * whole allocation, a slice or cast views part or all of one. Each
 * declaration says what the caller owns (Ownership:) and how it fails
 * (Errors:) where that applies.
 */
#ifndef HMO_H
#define HMO_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HMO_API __attribute__((visibility("default")))
#else
#define HMO_API
#endif

#define HMO_ALL ((size_t)-1)

/* ---- status and errors ---- */

#define HMO_STATUS_LIST(X)                                                                         \
  X(HMO_OK, 0, "success")                                                                          \
  X(HMO_EINVAL, 1, "invalid argument")                                                             \
  X(HMO_ERANGE, 2, "out of bounds")                                                                \
  X(HMO_ENOMEM, 3, "out of memory")                                                                \
  X(HMO_EFREED, 4, "use of freed memory")                                                          \
  X(HMO_EACCESS, 5, "denied by protection")                                                        \
  X(HMO_EDEVICE, 6, "no usable device or no VMM support")                                          \
  X(HMO_EBACKEND, 7, "HIP runtime failure")                                                        \
  X(HMO_EBUSY, 8, "device still in use")

typedef enum hmo_status {
#define HMO_STATUS_ENUM(name, value, text) name = value,
  HMO_STATUS_LIST(HMO_STATUS_ENUM)
#undef HMO_STATUS_ENUM
} hmo_status;

/* "invalid argument" for HMO_EINVAL; "unknown status" for anything else unknown.
   Ownership: a static string. */
HMO_API const char *hmo_strerror(int status);
/* "HMO_EINVAL" for HMO_EINVAL; NULL for an unknown status. Ownership: a static string. */
HMO_API const char *hmo_status_name(int status);

typedef struct hmo_error {
  int status;          /* the hmo_status of this thread's last failure, or HMO_OK */
  int hip_error;       /* the hipError_t behind it, or 0 */
  const char *message; /* the public call, sizes, offsets, what was expected, and the HIP
                          runtime's reason when it gives one; "" if none */
} hmo_error;

/* This thread's last failure; a success leaves it as it was.
   Ownership: hmo's, never NULL; valid until the thread's next failing hmo call. */
HMO_API const hmo_error *hmo_error_last(void);

/* ---- dtypes ---- */

typedef const struct hmo_dtype_desc *hmo_dtype;

HMO_API extern const struct hmo_dtype_desc hmo__dtype_byte, hmo__dtype_bool, hmo__dtype_char,
    hmo__dtype_int8, hmo__dtype_uint8, hmo__dtype_int16, hmo__dtype_uint16, hmo__dtype_int32,
    hmo__dtype_uint32, hmo__dtype_int64, hmo__dtype_uint64, hmo__dtype_float, hmo__dtype_double;

#define HMO_BYTE (&hmo__dtype_byte)
#define HMO_BOOL (&hmo__dtype_bool)
#define HMO_CHAR (&hmo__dtype_char)
#define HMO_INT8 (&hmo__dtype_int8)
#define HMO_UINT8 (&hmo__dtype_uint8)
#define HMO_INT16 (&hmo__dtype_int16)
#define HMO_UINT16 (&hmo__dtype_uint16)
#define HMO_INT32 (&hmo__dtype_int32)
#define HMO_UINT32 (&hmo__dtype_uint32)
#define HMO_INT64 (&hmo__dtype_int64)
#define HMO_UINT64 (&hmo__dtype_uint64)
#define HMO_FLOAT (&hmo__dtype_float)
#define HMO_DOUBLE (&hmo__dtype_double)

/*
 * A user dtype of `bytes` bytes named `name` (copied).
 * Ownership: *out lives until hmo_dtype_destroy; built-ins are never destroyed.
 * Errors: HMO_EINVAL for NULL out or name, an empty name or 0 bytes; HMO_ENOMEM.
 */
HMO_API int hmo_dtype_create(hmo_dtype *out, const char *name, size_t bytes);
/* Frees a dtype from hmo_dtype_create; NULL and built-ins are ignored.
   Ownership: memories still typed with it must be released first. */
HMO_API void hmo_dtype_destroy(hmo_dtype dtype);
/* "int32" for HMO_INT32; NULL for NULL. Ownership: the dtype's, as long as it lives. */
HMO_API const char *hmo_dtype_name(hmo_dtype dtype);
/* 4 for HMO_INT32; 0 for NULL. */
HMO_API size_t hmo_dtype_bytes(hmo_dtype dtype);

/* ---- devices ---- */

typedef struct hmo_device hmo_device;

/*
 * Opens HIP device `hip_device` for memory objects.
 * Ownership: *out is the caller's: hmo_device_close once its memories are released.
 * Errors: HMO_EINVAL (NULL out), HMO_EDEVICE (no such device, no VMM support),
 * HMO_ENOMEM, HMO_EBACKEND.
 */
HMO_API int hmo_device_open(hmo_device **out, int hip_device);
/*
 * Closes dev once every memory made on it is released (views of a freed
 * allocation included); NULL is HMO_OK.
 * Ownership: dev is freed on HMO_OK only.
 * Errors: HMO_EBUSY while memories of dev are alive: nothing changes and dev
 * stays usable (libuv's uv_loop_close); the message says how many.
 */
HMO_API int hmo_device_close(hmo_device *dev);
/* Bytes of physical memory this device's live allocations hold (wraps excluded). */
HMO_API size_t hmo_device_bytes_allocated(const hmo_device *dev);
/* The HIP device index; -1 for NULL. */
HMO_API int hmo_device_hip_id(const hmo_device *dev);

/* ---- memory ---- */

typedef struct hmo_memory hmo_memory;

typedef enum hmo_access {
  HMO_ACCESS_NONE = 0,
  HMO_ACCESS_READ = 1,
  HMO_ACCESS_READWRITE = 3
} hmo_access;

/*
 * count elements of dtype on dev: reserve + create + map + set-access, rounded
 * up to the granularity; bounds checks use the requested size. src, when not
 * NULL, holds count elements copied in.
 * Ownership: *out is a new reference (hmo_memory_release); dev and dtype must
 * outlive it.
 * Errors: HMO_EINVAL (NULL out/dev/dtype, count 0), HMO_ERANGE (size
 * overflows), HMO_ENOMEM, HMO_EBACKEND. A failure part-way undoes everything.
 */
HMO_API int hmo_memory_alloc(hmo_memory **out, hmo_device *dev, size_t count, hmo_dtype dtype,
                             const void *src);

/*
 * Like alloc, but the address range is reserved for `capacity` elements so
 * hmo_memory_resize can grow in place up to it.
 * Ownership: as alloc. Errors: as alloc; HMO_EINVAL when capacity < count.
 */
HMO_API int hmo_memory_reserve(hmo_memory **out, hmo_device *dev, size_t count, size_t capacity,
                               hmo_dtype dtype);

/*
 * A memory object on device memory hmo did not allocate (hipMalloc or a VMM
 * mapping of the caller's), count elements long as the caller says.
 * Ownership: *out is a new reference; device_ptr stays the caller's, never
 * freed by hmo, and must outlive it.
 * Errors: HMO_EINVAL (NULLs, count 0), HMO_ERANGE (size overflows), HMO_ENOMEM.
 */
HMO_API int hmo_memory_wrap(hmo_memory **out, hmo_device *dev, void *device_ptr, size_t count,
                            hmo_dtype dtype);

/*
 * Copies count elements (HMO_ALL: from offset to the end) between host memory
 * and the memory, starting at element `offset` of the memory.
 * Errors: HMO_EINVAL (NULLs), HMO_ERANGE (past the end, overflow, a view past
 * its allocation's shrunk end), HMO_EFREED, HMO_EACCESS (the memory's
 * protection forbids it), HMO_EBACKEND.
 */
HMO_API int hmo_memory_copy_from(hmo_memory *dst, const void *src, size_t count, size_t offset);
HMO_API int hmo_memory_copy_to(const hmo_memory *src, void *dst, size_t count, size_t offset);

/*
 * Copies count elements of dst's dtype (HMO_ALL: dst's length from dst_offset)
 * from src to dst; each offset is in its own memory's elements. Works across
 * devices. Errors: as above, with both sides checked.
 */
HMO_API int hmo_memory_copy(hmo_memory *dst, const hmo_memory *src, size_t count, size_t dst_offset,
                            size_t src_offset);

/*
 * A new view of elements [offset, offset+count) of mem (HMO_ALL: the rest),
 * same bytes, same dtype; it keeps the allocation alive.
 * Ownership: *out is a new reference.
 * Errors: HMO_EINVAL (NULLs, an empty slice), HMO_ERANGE (past mem's end),
 * HMO_EFREED, HMO_ENOMEM.
 */
HMO_API int hmo_memory_slice(hmo_memory **out, hmo_memory *mem, size_t offset, size_t count);

/* A new allocation on mem's device with mem's bytes and dtype.
   Ownership: *out is a new reference. Errors: as alloc; HMO_EFREED, HMO_ERANGE, HMO_EACCESS
   (mem cannot be read). */
HMO_API int hmo_memory_clone(hmo_memory **out, const hmo_memory *mem);

/*
 * A new view of mem's bytes typed as dtype; mem keeps its own dtype.
 * Ownership: *out is a new reference; dtype must outlive it.
 * Errors: HMO_EINVAL (NULLs, or mem's byte size not a multiple of the new
 * dtype's size), HMO_EFREED, HMO_ENOMEM.
 */
HMO_API int hmo_memory_cast(hmo_memory **out, hmo_memory *mem, hmo_dtype dtype);

/*
 * Adds a reference; returns mem (NULL-safe).
 * Ownership: one more reference to release.
 * Errors: a released view gets none: NULL, with HMO_EFREED in hmo_error_last()
 * (see hmo_memory_release).
 */
HMO_API hmo_memory *hmo_memory_retain(hmo_memory *mem);
/*
 * Drops a reference; the last one releases the view: it is gone, and so is
 * the allocation when that was its last view and hmo_memory_free has not
 * freed it. NULL-safe.
 * A released view is detected while hmo keeps its struct in quarantine: a
 * second release, or any other call on it, does nothing and leaves
 * HMO_EFREED in hmo_error_last() with a message saying the memory was
 * released already (fallible calls return HMO_EFREED, queries answer 0, NULL
 * or false, hmo_memory_retain NULL). The quarantine keeps the last 1024
 * views released in the process and, for the view hmo_pool_alloc returned,
 * the last 256 objects released in its pool until hmo_pool_destroy. Past it
 * the struct is freed or reused, and a call on the view is the caller's bug,
 * as a second free() is. With HMO_QUARANTINE=all in the environment (for test
 * runs) none is freed or reused: views are kept until the process ends, pool
 * objects until hmo_pool_destroy, and every second release is detected.
 * Ownership: the caller's reference is gone.
 * Errors: none returned; a release of a released view records HMO_EFREED
 * (above); a HIP failure while freeing is left in hmo_error_last(), and what
 * could not be freed stays allocated.
 */
HMO_API void hmo_memory_release(hmo_memory *mem);

/*
 * Frees the allocation now. Every view of it (slices, casts) and every
 * reference then answers HMO_EFREED.
 * Ownership: each view still needs its release.
 * Errors: HMO_EINVAL (NULL), HMO_EFREED (freed already), HMO_ENOMEM,
 * HMO_EBACKEND.
 */
HMO_API int hmo_memory_free(hmo_memory *mem);

/*
 * Grows or shrinks a memory from hmo_memory_alloc or hmo_memory_reserve to
 * count elements by mapping or unmapping physical chunks; no byte is copied.
 * Within the reserved capacity the address stays; past it the same chunks are
 * remapped into a larger reservation and hmo_memory_ptr changes
 * (hmo_memory_moves counts it). Must be called on the whole allocation, not a
 * slice; a view that then reaches past the new end answers HMO_ERANGE.
 * Ownership: pointers from hmo_memory_ptr are stale after a move.
 * Errors: HMO_EINVAL (NULL, count 0, a slice, a cast, a wrap or an import), HMO_EFREED,
 * HMO_ERANGE (size overflows), HMO_ENOMEM, HMO_EBACKEND. A failure changes nothing.
 */
HMO_API int hmo_memory_resize(hmo_memory *mem, size_t count);

/* How hmo_memory_resize maps memory as a memory grows. */
typedef enum hmo_growth {
  HMO_GROWTH_EXACT = 0, /* each resize maps what the new count needs: the default */
  HMO_GROWTH_DOUBLE = 1 /* a resize that must map maps at least as much again as is mapped */
} hmo_growth;

/*
 * How mem grows from now on. With HMO_GROWTH_DOUBLE, a resize that needs more
 * memory maps at least as much again as is mapped already (std::vector's
 * capacity), within the reservation: growth by many small steps then makes a
 * handful of create, map and set-access calls instead of one of each per step
 * (on a GPU each costs tens of microseconds). What is mapped ahead counts in
 * hmo_device_bytes_allocated; the memory's count, its views and its copies
 * still end where the count does; a shrink unmaps whole trailing chunks, as
 * always.
 * Errors: HMO_EINVAL (NULL, a growth other than EXACT or DOUBLE, and what
 * hmo_memory_resize refuses: a slice, a cast, a wrap, an import, a pool
 * object), HMO_EFREED. A failure changes nothing.
 */
HMO_API int hmo_memory_set_growth(hmo_memory *mem, hmo_growth growth);

/*
 * Sets the device's access to the whole allocation; copies into read-only or
 * no-access memory then fail with HMO_EACCESS.
 * Errors: HMO_EINVAL (NULL, bad access value, a wrap), HMO_EFREED, HMO_EBACKEND.
 */
HMO_API int hmo_memory_protect(hmo_memory *mem, hmo_access access);

/* ---- sharing between processes ---- */

/*
 * Like hmo_memory_alloc, but its physical memory is created exportable
 * (a POSIX file descriptor handle), so hmo_memory_export can hand it to another
 * process. Opt-in because an exportable chunk costs the runtime a file
 * descriptor while it lives, on ROCm and on the mock alike.
 * Ownership: as alloc.
 * Errors: as alloc; HMO_EDEVICE where the runtime cannot export memory
 * (ROCm before 6.2).
 */
HMO_API int hmo_memory_alloc_shareable(hmo_memory **out, hmo_device *dev, size_t count,
                                       hmo_dtype dtype, const void *src);

/*
 * A file descriptor for mem's physical memory, to pass to another process
 * (SCM_RIGHTS, or inherited across fork and exec) for hmo_memory_import.
 * mem must be a whole allocation from hmo_memory_alloc_shareable, as it was
 * allocated: not a slice, a cast, a clone or a pool object, and not resized
 * past its first chunk.
 * Ownership: *fd is the caller's to close; the memory lives while any process
 * maps it.
 * Errors: HMO_EINVAL (NULLs, memory that is not a whole shareable allocation:
 * the message says which), HMO_EFREED, HMO_EBACKEND.
 */
HMO_API int hmo_memory_export(const hmo_memory *mem, int *fd);

/*
 * Maps the physical memory behind fd (from hmo_memory_export, in this process
 * or another) as count elements of dtype on dev: the same bytes the exporter
 * sees (its first count elements, rounded up to whole granules), read-write.
 * It is an allocation of its own that cannot be resized or exported again.
 * Freeing it unmaps this process's view only.
 * Ownership: *out is a new reference; fd stays the caller's (hmo takes its
 * own reference to the memory, so fd may be closed at once).
 * Errors: HMO_EINVAL (NULLs, count 0, fd < 0, an fd that holds no exported
 * memory), HMO_ERANGE (size overflows, or larger than the exported memory),
 * HMO_EDEVICE (no import on this runtime), HMO_ENOMEM, HMO_EBACKEND.
 */
HMO_API int hmo_memory_import(hmo_memory **out, hmo_device *dev, int fd, size_t count,
                              hmo_dtype dtype);

/* ---- pools: many objects on one growable reservation ---- */

typedef struct hmo_pool hmo_pool;

/*
 * A pool on dev: capacity_bytes of address space (rounded up to the
 * granularity) reserved now, physical memory mapped in segments only as
 * objects need it. Pool objects never move: past its capacity an alloc
 * fails.
 * Ownership: *out is the caller's: hmo_pool_destroy once its objects are gone;
 * dev must outlive it (hmo_device_close answers HMO_EBUSY meanwhile).
 * Errors: HMO_EINVAL (NULL out or dev, capacity 0), HMO_ERANGE (capacity
 * overflows when rounded), HMO_ENOMEM (no address space or host memory),
 * HMO_EBACKEND.
 */
HMO_API int hmo_pool_create(hmo_pool **out, hmo_device *dev, size_t capacity_bytes);

/*
 * count elements of dtype from the pool, 256-byte aligned: an ordinary
 * hmo_memory (copy, slice, cast, clone, retain, release and free all work;
 * hmo_memory_free, or the release of its last view, gives its range back).
 * src, when not NULL, holds count elements copied in; without it the contents
 * are whatever the range held last (a pool does not clear memory, as malloc
 * does not). A clone of a pool object comes from the same pool.
 * hmo_memory_resize and hmo_memory_protect answer HMO_EINVAL on pool objects:
 * they share granules with their neighbours.
 * Ownership: *out is a new reference; the pool must outlive it.
 * Errors: HMO_EINVAL (NULL out/pool/dtype, count 0), HMO_ERANGE (size
 * overflows), HMO_ENOMEM (the pool is full: no free range of that size within
 * its capacity, or the device is out of memory), HMO_EBACKEND. A failure
 * part-way undoes everything.
 */
HMO_API int hmo_pool_alloc(hmo_memory **out, hmo_pool *pool, size_t count, hmo_dtype dtype,
                           const void *src);

/*
 * Unmaps and releases every wholly free segment, giving its physical memory
 * back to the device; the address space stays reserved. NULL is HMO_OK.
 * Errors: HMO_EBACKEND (a segment the runtime would not unmap stays mapped and
 * usable).
 */
HMO_API int hmo_pool_trim(hmo_pool *pool);

/*
 * Frees the pool: its physical memory and its address space. NULL is HMO_OK.
 * Ownership: pool is freed on HMO_OK only.
 * Errors: HMO_EBUSY while objects of the pool are alive (not yet freed or
 * released): nothing changes and the message says how many; HMO_EBACKEND.
 */
HMO_API int hmo_pool_destroy(hmo_pool *pool);

/* Bytes of address space the pool reserved: capacity_bytes rounded up; 0 for NULL. */
HMO_API size_t hmo_pool_capacity(const hmo_pool *pool);
/* Bytes of physical memory mapped in it now (segments); 0 for NULL. */
HMO_API size_t hmo_pool_bytes_mapped(const hmo_pool *pool);
/* Bytes its live objects take, each rounded up to the 256-byte alignment; 0 for NULL. */
HMO_API size_t hmo_pool_bytes_in_use(const hmo_pool *pool);
/* Live objects (allocated and not yet freed); 0 for NULL. */
HMO_API size_t hmo_pool_objects(const hmo_pool *pool);

/* ---- queries: 0/NULL/false for NULL or freed memory (dtype and device stay the view's) ----
 * A released view (hmo_memory_release) answers 0/NULL/false to every query, dtype and device
 * included, and records HMO_EFREED in hmo_error_last(). */

HMO_API size_t hmo_memory_length(const hmo_memory *mem); /* elements */
HMO_API size_t hmo_memory_bytes(const hmo_memory *mem);
/* Ownership: the dtype the view was made with. */
HMO_API hmo_dtype hmo_memory_dtype(const hmo_memory *mem);
/* Its first element, on the device. Ownership: the allocation's; valid until it is freed,
   released, moved by hmo_memory_resize, or shrunk from under this element. */
HMO_API void *hmo_memory_ptr(const hmo_memory *mem);
HMO_API size_t hmo_memory_offset(const hmo_memory *mem); /* elements from the allocation start */
/* Ownership: the device the memory was made on. */
HMO_API hmo_device *hmo_memory_device(const hmo_memory *mem);
HMO_API bool hmo_memory_is_valid(const hmo_memory *mem);   /* not freed */
HMO_API size_t hmo_memory_capacity(const hmo_memory *mem); /* elements the range can hold */
HMO_API size_t hmo_memory_moves(const hmo_memory *mem);    /* times resize moved it */
HMO_API hmo_access hmo_memory_access(const hmo_memory *mem);

#ifdef __cplusplus
}
#endif

#endif /* HMO_H */
