/* dtype.c: the built-in dtypes and user dtypes. */
#include <stdlib.h>
#include <string.h>

#include "hmo_base.h"

#define HMO_BUILTIN(id, text, type)                                                                \
  const struct hmo_dtype_desc hmo__dtype_##id = {text, sizeof(type), true};
HMO_BUILTIN(byte, "byte", unsigned char)
HMO_BUILTIN(bool, "bool", _Bool)
HMO_BUILTIN(char, "char", char)
HMO_BUILTIN(int8, "int8", int8_t)
HMO_BUILTIN(uint8, "uint8", uint8_t)
HMO_BUILTIN(int16, "int16", int16_t)
HMO_BUILTIN(uint16, "uint16", uint16_t)
HMO_BUILTIN(int32, "int32", int32_t)
HMO_BUILTIN(uint32, "uint32", uint32_t)
HMO_BUILTIN(int64, "int64", int64_t)
HMO_BUILTIN(uint64, "uint64", uint64_t)
HMO_BUILTIN(float, "float", float)
HMO_BUILTIN(double, "double", double)
#undef HMO_BUILTIN

int hmo__count_bytes(size_t count, hmo_dtype dtype, size_t *bytes, const char *op) {
  if (__builtin_mul_overflow(count, dtype->bytes, bytes)) /* no division: pools call it often */
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu elements of %s (%zu bytes each) overflow a size_t", op,
                     count, dtype->name, dtype->bytes);
  return HMO_OK;
}

HMO_API int hmo_dtype_create(hmo_dtype *out, const char *name, size_t bytes) {
  if (out == NULL || name == NULL || name[0] == '\0')
    return hmo__fail(HMO_EINVAL, 0, "hmo_dtype_create: %s",
                     out == NULL    ? "out is NULL"
                     : name == NULL ? "name is NULL"
                                    : "name is empty");
  if (bytes == 0)
    return hmo__fail(HMO_EINVAL, 0,
                     "hmo_dtype_create: dtype '%s' has 0 bytes (every element "
                     "needs at least one)",
                     name);
  struct hmo_dtype_desc *desc = calloc(1, sizeof *desc);
  char *copy = desc ? strdup(name) : NULL;
  if (copy == NULL) {
    free(desc);
    return hmo__fail(HMO_ENOMEM, 0, "hmo_dtype_create: no memory for dtype '%s'", name);
  }
  desc->name = copy;
  desc->bytes = bytes;
  *out = desc;
  return HMO_OK;
}

HMO_API void hmo_dtype_destroy(hmo_dtype dtype) {
  if (dtype == NULL || dtype->builtin)
    return;
  free((char *)dtype->name);
  free((struct hmo_dtype_desc *)dtype);
}

HMO_API const char *hmo_dtype_name(hmo_dtype dtype) { return dtype ? dtype->name : NULL; }
HMO_API size_t hmo_dtype_bytes(hmo_dtype dtype) { return dtype ? dtype->bytes : 0; }
