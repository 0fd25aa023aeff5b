/*
 * fake_cuda_state.h: what the fake driver's entry points (fake_cuda_calls.c)
 * use of its state (fake_cuda.c). Hidden: only fake_cuda.h and the cu*
 * symbols are exported.
 */
#ifndef FAKE_CUDA_STATE_H
#define FAKE_CUDA_STATE_H

#include "driver_calls.h"
#include "fake_cuda.h"

/* Every entry point of driver_calls.h, exported under the driver's symbol. */
#define FAKE_DECLARE(name, symbol, params, args) FAKE_CUDA_API CUresult symbol params;
HIPNV_DRIVER_CALLS(FAKE_DECLARE)
#undef FAKE_DECLARE

/* Logs "symbol(arguments)" and answers the scripted result (CUDA_SUCCESS if none). */
CUresult fake__called(const char *symbol, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Logs the call and returns from the entry point when a failure is scripted. */
#define FAKE_ENTER(symbol, ...)                                                                    \
  do {                                                                                             \
    CUresult scripted_ = fake__called(#symbol, __VA_ARGS__);                                       \
    if (scripted_ != CUDA_SUCCESS)                                                                 \
      return scripted_;                                                                            \
  } while (0)

unsigned long long fake__value(fake_cuda_value which);
int fake__attribute(int device, int attribute);

typedef enum fake_text { FAKE_TEXT_NAME, FAKE_TEXT_PCI_BUS_ID } fake_text;
void fake__copy_text(fake_text which, char *out, size_t size);
void fake__uuid(char bytes[16]);
CUmemAllocationProp fake__allocation_prop(void);
CUDA_KERNEL_NODE_PARAMS fake__kernel_params(void);

/* The calling thread's context stack. */
CUcontext fake__current(void);
void fake__set_current(CUcontext ctx);
int fake__push(CUcontext ctx);
CUcontext fake__pop(void);

/* CUDA_ERROR_CONTEXT_IS_DESTROYED when the current context is a primary one reset and not
   retained since, as the driver answers work there; else CUDA_SUCCESS. */
CUresult fake__context_alive(void);

/* How a location and a list of access descriptors are logged (fake_cuda_memory.c):
   "{type=1,id=0}", "[{location={type=1,id=0},flags=3},...]", "NULL". */
void fake__describe_location(char *out, size_t size, const CUmemLocation *location);
void fake__describe_access(char *out, size_t size, const CUmemAccessDesc *desc, size_t count);

/* "&" for an out-pointer, "NULL" for none. */
const char *fake__out(const void *pointer);

/* An address or handle as the log prints it: 0x followed by hex digits. */
#define FAKE_HEX(value) ((unsigned long long)(uintptr_t)(value))

#endif /* FAKE_CUDA_STATE_H */
