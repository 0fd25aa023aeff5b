/*
 * copy_strided.h: the one description every strided copy becomes (as in clr,
 * HIP_MEMCPY3D's: each side host, device, unified or array memory at an origin,
 * with its row pitch and rows per slice), and the calls that check and run it.
 * Private to the copies of rows and slices: copy_strided.c (the description,
 * its checks and run, the 2D forms), copy_array.c (to and from arrays) and
 * copy_3d.c (hip_Memcpy2D, HIP_MEMCPY3D, hipMemcpy3DParms).
 */
#ifndef MH_RUNTIME_COPY_STRIDED_H
#define MH_RUNTIME_COPY_STRIDED_H

#include "runtime/copies/copies.h"

typedef enum side_kind { SIDE_HOST, SIDE_DEVICE, SIDE_UNIFIED, SIDE_ARRAY } side_kind;

typedef struct side {
  side_kind kind;
  char *ptr; /* a pitched side's memory */
  hipArray_const_t array;
  size_t x, y, z; /* the origin: x in bytes */
  size_t pitch;   /* bytes from one row to the next; 0: the copy's width */
  size_t height;  /* rows from one slice to the next; 0: the copy's height */
  /* worked out by the checks */
  const mh_array *found; /* the array side's array */
  size_t row, slice;     /* a pitched side's strides */
} side;

typedef struct strided {
  side src, dst;
  size_t width, height, depth; /* width in bytes */
} strided;

/* clr hipMemcpy2DValidateParams: a kind past hipMemcpyDefault that is not ...NoCU. */
MH_HIDDEN hipError_t mh__strided_check_kind(int kind);
/* clr getMemoryType: what a kind says the two sides are. */
MH_HIDDEN void mh__strided_kind_sides(int kind, side_kind *src, side_kind *dst);
/* Checks c (clr ihipDrvMemcpy3D_validate) and moves its rows, or, on a capturing stream,
   captures it as a graph's memcpy node. Under the read lock. */
MH_HIDDEN hipError_t mh__strided_copy(mh_state *state, strided *c, mh_stream *capturing);
/* c checked as mh__strided_copy checks a captured copy; *kept: what a graph's memcpy node
   keeps to run it (mh__strided_run). Under the read lock. */
MH_HIDDEN hipError_t mh__strided_node(mh_state *state, strided *c, void **kept);
/* The stream of an Async form (NULL for the synchronous ones): a capturing stream's in
 *capturing, where ROCm captures the copy (`capturable`). */
MH_HIDDEN hipError_t mh__strided_stream(mh_state *state, hipStream_t stream, bool capturable,
                                        mh_stream **capturing);

#endif
