/*
 * rewrite.h: what hipcc changes in a preprocessed HIP translation unit so
 * that a host C++ compiler builds it on mockhip:
 *
 *  - kernel<<<grid, block[, shared[, stream]]>>>(args) becomes a call of
 *    ::mockhip::detail::chevron, which launches as hipLaunchKernelGGL does;
 *  - each kernel defined (a non-template __global__ function) is registered
 *    at start-up, by address, name and parameter types;
 *  - extern __shared__ T name[] becomes the block's dynamic shared memory,
 *    and any other __shared__ variable thread_local (a block runs on one OS
 *    thread).
 *
 * Nothing moves to another line: what the compiler says points at the user's
 * own line.
 */
#ifndef HIPCC_REWRITE_H
#define HIPCC_REWRITE_H

#include <stddef.h>

/* The markers <hip/amd_detail/mockhip_kernel.h> puts for __global__ and __shared__ under
   hipcc (__MOCKHIP_HIPCC__), for the rewrite to find after the preprocessor. */
#define REWRITE_GLOBAL_MARK "__mockhip_global__"
#define REWRITE_SHARED_MARK "__mockhip_shared__"

/*
 * Returns the rewritten text (malloc'd; the caller frees it), or NULL when
 * the text holds a launch that cannot be rewritten: each such error is
 * printed to stderr as "file:line:column: error: ...", and *errors counts
 * them. Out of memory: NULL with *errors 0.
 */
char *rewrite_hip(const char *text, int *errors);

#endif /* HIPCC_REWRITE_H */
