/*
 * fake_cuda_module.c: the fake driver's module, launch and kernel-node entry
 * points. Each logs its arguments (names quoted, a launch's `extra` list entry
 * by entry, kernel-node parameters field by field), answers a scripted
 * failure if there is one, else writes the fake's values: every module is
 * FAKE_MODULE, every function FAKE_FUNCTION, every global FAKE_GLOBAL of
 * FAKE_GLOBAL_BYTES, a node's parameters what fake_cuda_set_kernel_params set.
 * The older driver (FAKE_CUDA_OLD_DRIVER) lacks CUDA 12.0's calls: the _v2
 * kernel-node calls and cuKernelGetFunction.
 */
#include <stdio.h>

#include "fake_cuda_state.h"

static void describe_text(char *out, size_t size, const char *text) {
  if (text == NULL)
    snprintf(out, size, "NULL");
  else
    snprintf(out, size, "\"%s\"", text);
}

/* [ptr=0x...,size=N,end]: each key with its value, a size read through its pointer. */
static void describe_extra(char *out, size_t size, void **extra) {
  if (extra == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  size_t used = (size_t)snprintf(out, size, "[");
  for (size_t i = 0; i < 16 && used < size; i += 2) {
    const char *comma = i ? "," : "";
    if (extra[i] == CU_LAUNCH_PARAM_END) {
      used += (size_t)snprintf(out + used, size - used, "%send", comma);
      break;
    }
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
      used +=
          (size_t)snprintf(out + used, size - used, "%sptr=0x%llx", comma, FAKE_HEX(extra[i + 1]));
    else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1] != NULL)
      used += (size_t)snprintf(out + used, size - used, "%ssize=%zu", comma,
                               *(const size_t *)extra[i + 1]);
    else
      used += (size_t)snprintf(out + used, size - used, "%s0x%llx:0x%llx", comma,
                               FAKE_HEX(extra[i]), FAKE_HEX(extra[i + 1]));
  }
  if (used < size)
    snprintf(out + used, size - used, "]");
}

#ifndef FAKE_CUDA_OLD_DRIVER
static void describe_kernel(char *out, size_t size, const CUDA_KERNEL_NODE_PARAMS *p) {
  if (p == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  char extra[256];
  describe_extra(extra, sizeof extra, p->extra);
  snprintf(out, size,
           "{func=0x%llx,grid=%ux%ux%u,block=%ux%ux%u,shared=%u,params=0x%llx,extra=%s,"
           "kern=0x%llx,ctx=0x%llx}",
           FAKE_HEX(p->func), p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY,
           p->blockDimZ, p->sharedMemBytes, FAKE_HEX(p->kernelParams), extra, FAKE_HEX(p->kern),
           FAKE_HEX(p->ctx));
}
#endif

/* ---- modules ---- */

CUresult cuModuleLoad(CUmodule *module, const char *fname) {
  char name[512];
  describe_text(name, sizeof name, fname);
  FAKE_ENTER(cuModuleLoad, "%s,%s", fake__out(module), name);
  *module = (CUmodule)(uintptr_t)fake__value(FAKE_MODULE);
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  FAKE_ENTER(cuModuleLoadData, "%s,0x%llx", fake__out(module), FAKE_HEX(image));
  *module = (CUmodule)(uintptr_t)fake__value(FAKE_MODULE);
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule hmod) {
  FAKE_ENTER(cuModuleUnload, "0x%llx", FAKE_HEX(hmod));
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name) {
  char text[512];
  describe_text(text, sizeof text, name);
  FAKE_ENTER(cuModuleGetFunction, "%s,0x%llx,%s", fake__out(hfunc), FAKE_HEX(hmod), text);
  *hfunc = (CUfunction)(uintptr_t)fake__value(FAKE_FUNCTION);
  return CUDA_SUCCESS;
}

/* Both outputs are optional, as the driver's are. */
CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name) {
  char text[512];
  describe_text(text, sizeof text, name);
  FAKE_ENTER(cuModuleGetGlobal_v2, "%s,%s,0x%llx,%s", fake__out(dptr), fake__out(bytes),
             FAKE_HEX(hmod), text);
  if (dptr != NULL)
    *dptr = fake__value(FAKE_GLOBAL);
  if (bytes != NULL)
    *bytes = (size_t)fake__value(FAKE_GLOBAL_BYTES);
  return CUDA_SUCCESS;
}

/* ---- launches and a function's preferences ---- */

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                        unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra) {
  char described[256];
  describe_extra(described, sizeof described, extra);
  FAKE_ENTER(cuLaunchKernel, "0x%llx,%u,%u,%u,%u,%u,%u,%u,0x%llx,0x%llx,%s", FAKE_HEX(f), gridDimX,
             gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, FAKE_HEX(hStream),
             FAKE_HEX(kernelParams), described);
  return CUDA_SUCCESS;
}

CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
  FAKE_ENTER(cuFuncSetCacheConfig, "0x%llx,%d", FAKE_HEX(hfunc), (int)config);
  return CUDA_SUCCESS;
}

CUresult cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config) {
  FAKE_ENTER(cuFuncSetSharedMemConfig, "0x%llx,%d", FAKE_HEX(hfunc), (int)config);
  return CUDA_SUCCESS;
}

/* ---- CUDA 12.0: library kernels and kernel nodes ---- */

#ifndef FAKE_CUDA_OLD_DRIVER
CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
  FAKE_ENTER(cuKernelGetFunction, "%s,0x%llx", fake__out(pFunc), FAKE_HEX(kernel));
  *pFunc = (CUfunction)(uintptr_t)fake__value(FAKE_FUNCTION);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
                                 const CUgraphNode *dependencies, size_t numDependencies,
                                 const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  char described[512];
  describe_kernel(described, sizeof described, nodeParams);
  FAKE_ENTER(cuGraphAddKernelNode_v2, "%s,0x%llx,%s,%zu,%s", fake__out(phGraphNode),
             FAKE_HEX(hGraph), fake__out(dependencies), numDependencies, described);
  *phGraphNode = (CUgraphNode)(uintptr_t)fake__value(FAKE_GRAPH_NODE);
  return CUDA_SUCCESS;
}

CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  FAKE_ENTER(cuGraphKernelNodeGetParams_v2, "0x%llx,%s", FAKE_HEX(hNode), fake__out(nodeParams));
  *nodeParams = fake__kernel_params();
  return CUDA_SUCCESS;
}

CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode hNode,
                                       const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  char described[512];
  describe_kernel(described, sizeof described, nodeParams);
  FAKE_ENTER(cuGraphKernelNodeSetParams_v2, "0x%llx,%s", FAKE_HEX(hNode), described);
  return CUDA_SUCCESS;
}

CUresult cuGraphExecKernelNodeSetParams_v2(CUgraphExec hGraphExec, CUgraphNode hNode,
                                           const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  char described[512];
  describe_kernel(described, sizeof described, nodeParams);
  FAKE_ENTER(cuGraphExecKernelNodeSetParams_v2, "0x%llx,0x%llx,%s", FAKE_HEX(hGraphExec),
             FAKE_HEX(hNode), described);
  return CUDA_SUCCESS;
}
#endif
