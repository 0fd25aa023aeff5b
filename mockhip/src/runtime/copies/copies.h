/*
 * copies.h: what the copies and sets offer the rooms above: the checks a copy
 * makes before its bytes move (copy_check.c) and the copy itself, with the checks of
 * a graph's memcpy and memset nodes, which captured copies pass too; a
 * captured 2D or 3D copy kept and run again (copy_strided.c); the bytes moved
 * (copy_bytes.c). Device memory is reached through core/'s lookups.
 */
#ifndef MH_RUNTIME_COPIES_H
#define MH_RUNTIME_COPIES_H

#include "diag/diag.h"

/* ---- checks before copies (copy_check.c) ---- */

/*
 * Checks that [addr, addr+bytes) is device memory the device may use with the
 * access it needs (Read for a source, ReadWrite for a destination): inside one
 * hipMalloc block (the size it was asked for), or inside one reservation,
 * fully mapped with no hole.
 * Returns hipSuccess, or hipErrorInvalidValue with the reason recorded.
 * *is_device says whether addr lies in device memory at all; *direct (when not NULL) where the
 * CPU reaches the range with plain loads and stores: addr itself for host and hipMalloc
 * memory, the arena's view for a range inside one mapping, NULL otherwise (copy_bytes.c then
 * finds the way piece by piece).
 */
MH_HIDDEN hipError_t mh__check_device_range(mh_state *state, uintptr_t addr, size_t bytes,
                                            int device, hipMemAccessFlags need, bool *is_device,
                                            char **direct);

/* The bytes a set of `height` rows (at least one) of `width` elements, `pitch` bytes apart,
   spans: from the first row's start to the last row's end. */
static inline size_t mh__set_span(size_t element_bytes, size_t width, size_t height, size_t pitch) {
  return height == 1 ? width * element_bytes : pitch * (height - 1) + width * element_bytes;
}

/* The checks a copy makes before its bytes move (dst_device writes, src_device reads; kind a
   hipMemcpyKind, checked), and the copy itself: hipMemcpy*'s and a graph's memcpy node's.
   Under the lock. */
MH_HIDDEN hipError_t mh__copy_check(mh_state *state, void *dst, int dst_device, const void *src,
                                    int src_device, size_t bytes, int kind);
MH_HIDDEN hipError_t mh__copy_run(mh_state *state, void *dst, int dst_device, const void *src,
                                  int src_device, size_t bytes, int kind);

/* The checks a set of count units of `unit` bytes at dst by device makes: device memory it
   may write. Under the lock. */
MH_HIDDEN hipError_t mh__set_check(mh_state *state, void *dst, size_t count, size_t unit,
                                   int device);
/* One side of a copy, checked as mh__check_device_range checks it; `must_be_device` for the
   device side of an explicit kind (not device memory: hipErrorInvalidValue). Under the lock. */
MH_HIDDEN hipError_t mh__check_copy_side(mh_state *state, const void *ptr, size_t bytes, int device,
                                         hipMemAccessFlags need, bool must_be_device,
                                         char **direct);

/* A captured 2D or 3D copy (copy_strided.c): a copy of its description for a graph's node, NULL
   without memory (free() frees it), and the copy run again as the direct call runs it, its
   checks included, by the current device. Under the lock. */
MH_HIDDEN void *mh__strided_clone(const void *copy);
MH_HIDDEN hipError_t mh__strided_run(mh_state *state, const void *copy);

/* hipGraphAddMemcpyNode's and hipGraphMemcpyNodeSetParams' checks of p (clr
   ihipMemcpy3D_validate, then the copy's own); *kept: what the node runs (mh__strided_run).
   Under the read lock. */
MH_HIDDEN hipError_t mh__memcpy_3d_node(mh_state *state, const hipMemcpy3DParms *p, void **kept);
/* hipDrvGraphAddMemcpyNode's: the same for a HIP_MEMCPY3D (clr ihipDrvMemcpy3D_validate). */
MH_HIDDEN hipError_t mh__drv_memcpy_3d_node(mh_state *state, const HIP_MEMCPY3D *p, void **kept);

/* The checks hipGraphAddMemcpyNode1D and hipGraphAddMemsetNode make of their parameters, which
   captured copies and sets pass too (clr GraphMemcpyNode1D::ValidateParams,
   ihipGraphMemsetParams_validate, ihipMemset_validate). Under the lock. */
MH_HIDDEN hipError_t mh__memcpy_node_check(mh_state *state, void *dst, const void *src,
                                           size_t bytes, int kind, int device);
MH_HIDDEN hipError_t mh__memset_node_check(mh_state *state, const hipMemsetParams *params,
                                           int device);

/* ---- device variables (symbols.c) ---- */

/*
 * The __device__ or __constant__ variable whose address is symbol (what HIP_SYMBOL gives):
 * where its memory is and its size in bytes, as clr's PlatformState::getStatGlobalVar answers
 * for the current device. Here a device variable is the host program's own global, one copy for
 * every device, found in the program's ELF symbol table (os/object_symbols.c): symbol must be
 * where a data object of the program or a loaded library starts. From then on the variable is
 * device memory to the copies (mh__symbol_range).
 * Returns hipSuccess, or hipErrorInvalidSymbol (symbol NULL, or no variable starts there) with
 * the reason recorded. Takes none of the state's locks: graph nodes may call it under theirs.
 */
MH_HIDDEN hipError_t mh__symbol_find(const void *symbol, void **addr, size_t *size);

/* clr ihipMemcpySymbol_validate: the variable at symbol (mh__symbol_find), and offset + bytes
   inside it (here without clr's overflow); *at is where a copy of it starts. */
MH_HIDDEN hipError_t mh__symbol_validate(const void *symbol, size_t bytes, size_t offset,
                                         char **at);

/* Whether [addr, addr+bytes) lies in a device variable that mh__symbol_find has found (the
   program named it to a symbol call), which copies take as device memory: *in_variable says
   whether addr lies in one at all; a range that starts in one and runs past its end gets
   hipErrorInvalidValue with the reason recorded. Takes no lock of the state's. */
MH_HIDDEN hipError_t mh__symbol_range(uintptr_t addr, size_t bytes, bool *in_variable);

/* hipMemcpy's copy by the current device (synchronous: after the legacy null stream's work, as
   hipMemcpy runs it) or hipMemcpyAsync's on stream, after the caller's own checks: what the
   symbol copies run once they found the variable (copy.c). Takes the lock. */
MH_HIDDEN hipError_t mh__memcpy_common(mh_state *state, void *dst, const void *src, size_t bytes,
                                       int kind, hipStream_t stream, bool synchronous);

/* ---- moving the bytes (copy_bytes.c); under the lock, after the checks ---- */

/* memmove of bytes from src to dst, device memory as the devices reach it. */
MH_HIDDEN hipError_t mh__move_bytes(mh_state *state, void *dst, const void *src, size_t bytes);

/* mh__move_bytes where the checks found where the CPU reaches each side (`to`, `from`: their
   direct pointers, or NULL): a small copy with both moves there, with no lookup again. */
MH_HIDDEN hipError_t mh__move_bytes_found(mh_state *state, void *dst, char *to, const void *src,
                                          const char *from, size_t bytes);

/* count units of `unit` bytes (1, 2 or 4) at dst set to value. */
MH_HIDDEN hipError_t mh__set_bytes(mh_state *state, void *dst, int value, size_t count,
                                   size_t unit);

/* ---- sets of rows and slices (set_3d.c) ---- */

/* The bytes a set's work spans: from its first row's start to its last slice's last row's end. */
MH_HIDDEN size_t mh__set_work_span(const mh_node_work *work);
/* A set's checks (device memory its device may write, the whole span), and the set itself, row
   by row, its checks included. Under the lock. */
MH_HIDDEN hipError_t mh__set_work_check(mh_state *state, const mh_node_work *work);
MH_HIDDEN hipError_t mh__set_work_run(mh_state *state, const mh_node_work *work);

/* hipMemset2D's and hipMemset3D's arguments: the set of an extent of bytes into a pitched
   pointer (a 2D set is {dst, pitch, width, height} with extent {width, height, 1}). */
typedef struct mh_pitched_set {
  hipPitchedPtr ptr;
  hipExtent extent;
  int value;
} mh_pitched_set;

/* A pitched set's checks at a direct call (not a captured one), and its work: no row for an
   empty extent. Under the lock. */
MH_HIDDEN hipError_t mh__pitched_set_prepare(mh_state *state, const mh_pitched_set *set,
                                             mh_node_work *work);
/* A captured pitched set: hipGraphAddMemsetNode's checks of its parameters, and its work. Under
   the lock. */
MH_HIDDEN hipError_t mh__pitched_set_capture(mh_state *state, const mh_pitched_set *set,
                                             mh_node_work *work);

/* A pitched set run, queued or captured on stream as hipMemsetAsync's bytes are (copy.c); a
   synchronous one (hipMemset2D, hipMemset3D) waits for the null stream's work and runs now. */
MH_HIDDEN hipError_t mh__set_pitched(mh_state *state, const mh_pitched_set *set, hipStream_t stream,
                                     bool synchronous);

#endif /* MH_RUNTIME_COPIES_H */
