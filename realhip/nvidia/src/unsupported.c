/*
 * unsupported.c: the HIP functions hip-nvidia does not translate, defined
 * from api_calls.h's list so that every function of the header links. Each
 * answers hipErrorNotSupported, naming itself in the reason.
 */
#include "api_calls.h"
#include "hip_nvidia_base.h"

/* Uses the arguments a definition must name in C11 and has no use for. */
static void unused(int first, ...) { (void)first; }
#define UNUSED_ARGUMENTS(...) unused(0, __VA_ARGS__)

#define HIPNV_UNSUPPORTED(name, params, args, reason)                                              \
  hipError_t name params {                                                                         \
    UNUSED_ARGUMENTS args;                                                                         \
    return hipnv__fail(hipErrorNotSupported, "%s",                                                 \
                       reason[0] != '\0' ? reason : #name " is not translated by hip-nvidia");     \
  }
HIPNV_UNSUPPORTED_CALLS(HIPNV_UNSUPPORTED)
#undef HIPNV_UNSUPPORTED
