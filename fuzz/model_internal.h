/*
 * model_internal.h: lookups the model's files share beyond model.h: VMM objects
 * (model_objects.c) for model_access.c, streams and blocks (model_runtime.c)
 * for the pools, the graphs and the whole (model.c).
 */
#ifndef FUZZ_MODEL_INTERNAL_H
#define FUZZ_MODEL_INTERNAL_H

#include "model.h"

/* Index of the live reservation / mapping containing addr, or -1. */
int model__reservation_at(const model *m, uintptr_t addr);
int model__mapping_at(const model *m, uintptr_t addr);
/* Index of the live handle with this value, or -1. */
int model__phys_of(const model *m, uintptr_t handle);

/* The rule of unmap and set-access: bytes must be the exact sum of one or more
   consecutive whole mappings of one reservation, counted from the start of the
   mapping containing ptr (ptr itself may be interior). Fills run[] with their
   indices (MODEL_MAX_MAPPINGS at most) and returns how many, or 0 when the
   range does not add up. */
int model__covered_run(const model *m, uintptr_t ptr, size_t bytes, int *run);

/* The shadow bytes behind [addr, addr + bytes), which one mapping must hold. */
unsigned char *model__shadow_at(const model *m, uintptr_t addr, size_t bytes);

/* Checked end of [ptr, ptr + bytes): false on overflow. */
static inline bool model__end(uintptr_t ptr, size_t bytes, uintptr_t *end) {
  return !__builtin_add_overflow(ptr, bytes, end);
}

/* The device a stream works on (the current one for NULL and hipStreamLegacy), or -1 with *err
   the code of a handle that is no stream (model_runtime.c). */
int model__stream_device(model *m, uintptr_t stream, hipError_t *err);

/* Records a live block with zeroed shadow bytes (model_runtime.c); the caller made room. */
model_block *model__block_add(model *m, uintptr_t base, size_t bytes, model_block_kind kind,
                              int device, int pool);

/* The live block holding [ptr, ptr + bytes) whole, or NULL (model_runtime.c). */
model_block *model__block_holding(model *m, uintptr_t ptr, size_t bytes);

/* Frees a block's record (and its device charge, or its pool's count). */
void model__block_release(model *m, model_block *b);

/* A pool's busy count went down by one; a destroyed pool held for it may go (model_runtime.c,
   where blocks are freed). */
void model__pool_block_gone(model *m, int pool);
/* Whether device may read and write the pool's memory: its own device, or granted. */
bool model__pool_device_may(const model *m, int pool, int device);

#endif /* FUZZ_MODEL_INTERNAL_H */
