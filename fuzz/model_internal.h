/*
 * model_internal.h: lookups shared by model_objects.c and model_access.c.
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

#endif /* FUZZ_MODEL_INTERNAL_H */
