/* mockhip: the host side of <hip/hip_runtime.h> is the runtime API. */
#ifndef MOCKHIP_HIP_RUNTIME_H
#define MOCKHIP_HIP_RUNTIME_H

#include <hip/hip_runtime_api.h>

#endif /* MOCKHIP_HIP_RUNTIME_H */
