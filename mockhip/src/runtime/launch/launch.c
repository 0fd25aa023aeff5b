/*
 * launch.c: the launch entry points. hipLaunchKernel, mockhip_launch (the
 * C++ templates of <hip/hip_runtime.h>) and mockhip_launch_kernel (C) check
 * the launch as ROCm does (clr hip_module.cpp, ihipLaunchKernel_validate and
 * ihipLaunchKernelCommand), then run it before returning: the device's view
 * in force, every block run, the view put back. Where streams run
 * asynchronously a copy of the launch, as a graph keeps it, waits in the
 * stream's queue instead, and runs when the stream reaches it. A fault is no error of the
 * launch: it ends as the platform played ends it (launch_end.c), the process
 * or, with a sticky error, the device's next call and every later one.
 *
 * hipLaunchKernel gets a kernel's address and void **args: a host compiler
 * keeps no table of argument types, so each typed launch registers how to
 * launch its kernel from args, and the address finds that.
 *
 * A launch on a capturing stream becomes a kernel node (clr
 * capturehipLaunchKernel) that keeps a copy of the launch: the templates'
 * closure with the argument values, copied by the desc's clone.
 * hipGraphAddKernelNode makes the same copy from kernelParams by running the
 * kernel's registered launcher in record mode, where mockhip_launch records
 * instead of launching.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "runtime/devices/devices.h"
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* ---- kernels by address, for hipLaunchKernel ---- */

#define KNOWN_KERNELS 4096 /* open addressing; a full table only stops learning */

static struct {
  pthread_mutex_t lock;
  const void *kernel[KNOWN_KERNELS];
  hipError_t (*launch_args[KNOWN_KERNELS])(const void *, dim3, dim3, void **, size_t, hipStream_t);
  const char *name[KNOWN_KERNELS]; /* NULL: learnt from a launch that gave none */
} known = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A child forked while another thread held the lock gets it free. */
static void known_forked_child(void) { pthread_mutex_init(&known.lock, NULL); }
static pthread_once_t known_once = PTHREAD_ONCE_INIT;
static void known_init(void) { pthread_atfork(NULL, NULL, known_forked_child); }

static size_t slot_of(const void *kernel) {
  uint64_t h = (uint64_t)(uintptr_t)kernel * 0x9e3779b97f4a7c15ULL;
  return (size_t)(h >> 52) % KNOWN_KERNELS;
}

typedef hipError_t (*args_launcher)(const void *, dim3, dim3, void **, size_t, hipStream_t);

/* A launch's name keeps a registered one: hipcc's registration names the kernel, a launch from
   void **args names none. */
static void learn(const void *kernel, const char *name, args_launcher launch_args) {
  if (kernel == NULL || launch_args == NULL)
    return;
  pthread_once(&known_once, known_init);
  pthread_mutex_lock(&known.lock);
  for (size_t i = slot_of(kernel), n = 0; n < KNOWN_KERNELS; i = (i + 1) % KNOWN_KERNELS, n++)
    if (known.kernel[i] == NULL || known.kernel[i] == kernel) {
      known.kernel[i] = kernel;
      known.launch_args[i] = launch_args;
      if (name != NULL)
        known.name[i] = name;
      break;
    }
  pthread_mutex_unlock(&known.lock);
}

MH_EXPORT void mockhip_kernel_register(const void *kernel, const char *name,
                                       args_launcher launch_args) {
  learn(kernel, name, launch_args);
}

/* What is known of kernel: how to launch it from args, and its name (NULL where unknown). */
static args_launcher launcher_of(const void *kernel, const char **name) {
  args_launcher found = NULL;
  if (name != NULL)
    *name = NULL;
  pthread_mutex_lock(&known.lock);
  for (size_t i = slot_of(kernel), n = 0; n < KNOWN_KERNELS && known.kernel[i] != NULL;
       i = (i + 1) % KNOWN_KERNELS, n++)
    if (known.kernel[i] == kernel) {
      found = known.launch_args[i];
      if (name != NULL)
        *name = known.name[i];
      break;
    }
  pthread_mutex_unlock(&known.lock);
  return found;
}

/* ---- checks ---- */

hipError_t mh__launch_check(const mh_launch_limits *limits, dim3 grid, dim3 block, size_t shared) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
    return mh__fail(hipErrorInvalidValue,
                    "gridDim (%u, %u, %u) and blockDim (%u, %u, %u) must not hold a 0", grid.x,
                    grid.y, grid.z, block.x, block.y, block.z);
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads > limits->max_threads_per_block)
    return mh__fail(hipErrorInvalidConfiguration,
                    "blockDim (%u, %u, %u) is %llu threads; a block holds at most %u", block.x,
                    block.y, block.z, (unsigned long long)threads, limits->max_threads_per_block);
  const uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
  for (int i = 0; i < 3; i++)
    if ((uint64_t)g[i] * b[i] > UINT32_MAX)
      return mh__fail(hipErrorInvalidConfiguration,
                      "gridDim.%c * blockDim.%c is %llu threads, over 2^32 - 1", "xyz"[i], "xyz"[i],
                      (unsigned long long)g[i] * b[i]);
  if (shared > limits->shared_bytes)
    return mh__fail(hipErrorOutOfMemory,
                    "sharedMemBytes %zu is more than a block's shared memory, %zu bytes", shared,
                    limits->shared_bytes);
  return hipSuccess;
}

/* ---- running ---- */

static hipError_t run(mh_state *s, mh_launch *l, const void *const *pointers, size_t count) {
  static mh_view view; /* under the write lock: one launch at a time */
  l->timeout_seconds = (unsigned)s->options.kernel_timeout;
  mh__kernel_fault_arm(l->timeout_seconds != 0);
  hipError_t err = mh__view_enter(s, l->device, pointers, count, &view);
  if (err != hipSuccess)
    return err;
  mh__watchdog_start(l, l->timeout_seconds);
  mh__launch_run(l);
  mh__watchdog_stop(l);
  mh__view_leave(&view);
  mh__guard_reclose(); /* pages of pinned memory the kernel opened (os/guard.c) */
  mh__launch_end(s, l, &view);
  return hipSuccess;
}

/* Runs l on device, under the write lock. */
static hipError_t run_on(mh_state *s, mh_launch *l, int device, const mh_launch_limits *limits,
                         const void *const *pointers, size_t count) {
  l->device = device;
  l->warp_size = limits->warp_size;
  l->blocks = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  l->threads = l->block.x * l->block.y * l->block.z;
  return run(s, l, pointers, count);
}

/* ---- kernels in graphs ---- */

/* The launch as a graph keeps it: the closure and the pointer arguments copied. */
static hipError_t work_of(const mh_launch *l, mh_kernel_work *out) {
  *out = (mh_kernel_work){.name = l->name,
                          .c_kernel = l->c_kernel,
                          .c_args = l->c_args,
                          .grid = l->grid,
                          .block = l->block,
                          .shared_bytes = l->shared_bytes};
  const mockhip_launch_desc *desc = l->desc;
  if (desc == NULL) {
    out->function = (const void *)(uintptr_t)l->c_kernel;
    return hipSuccess;
  }
  if (desc->clone == NULL || desc->release == NULL)
    return mh__fail(hipErrorNotSupported,
                    "kernel %s was built against an older <hip/hip_runtime.h>, whose launches "
                    "cannot be kept in a graph: rebuild it",
                    l->name);
  out->function = desc->kernel;
  out->run_block = desc->run_block;
  out->run_thread = desc->run_thread;
  out->clone = desc->clone;
  out->release = desc->release;
  out->pointer_count = desc->pointer_count;
  if (desc->pointer_count > 0 &&
      (out->pointers = malloc(desc->pointer_count * sizeof *out->pointers)) == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the kernel node's arguments");
  if (desc->pointer_count > 0)
    memcpy(out->pointers, desc->pointers, desc->pointer_count * sizeof *out->pointers);
  out->closure = desc->clone(desc->closure);
  if (out->closure == NULL) {
    free(out->pointers);
    out->pointers = NULL;
    return mh__fail(hipErrorOutOfMemory, "no memory for the kernel node's arguments");
  }
  return hipSuccess;
}

/* hipGraphAddKernelNode's record mode: where mockhip_launch puts the launch instead of running
   it, and whether the launcher got that far. */
static _Thread_local mh_kernel_work *recording;
static _Thread_local bool recorded;

hipError_t mh__kernel_work_record(const void *function, dim3 grid, dim3 block, void **args,
                                  void **extra, size_t shared, mh_kernel_work *out) {
  /* ihipGraphAddKernelNode: GraphKernelNode::getFunc, the launch's checks, then
     ihipLaunchKernel_validate's of the arguments. */
  args_launcher typed = launcher_of(function, NULL);
  if (typed == NULL)
    return mh__fail(hipErrorInvalidDeviceFunction,
                    "mockhip does not know the argument types of the kernel at %p: launch it "
                    "once with hipLaunchKernelGGL, or pass the kernel itself (not a void *) to "
                    "hipLaunchKernel, so that its types are learnt",
                    function);
  mh_launch_limits limits;
  mh__device_launch_limits(&limits);
  hipError_t err = mh__launch_check(&limits, grid, block, shared);
  if (err != hipSuccess)
    return err;
  if (args != NULL && extra != NULL)
    return mh__fail(hipErrorInvalidValue,
                    "pNodeParams has both kernelParams and extra: give one of them");
  if (extra != NULL)
    return mh__fail(hipErrorNotSupported,
                    "pNodeParams->extra: mockhip cannot read a packed argument buffer (it does "
                    "not know where each argument lies in it); pass kernelParams");
  memset(out, 0, sizeof *out);
  recording = out;
  recorded = false;
  err = typed(function, grid, block, args, shared, NULL);
  recording = NULL;
  if (err != hipSuccess && !recorded) /* launch_from_args refused args */
    err = mh__fail(err, "kernelParams is NULL, and the kernel at %p takes arguments", function);
  if (err == hipSuccess)
    out->function = function;
  if (err == hipSuccess && args != NULL && out->arg_sizes != NULL &&
      (out->given_args = mh__kernel_args_copy(args, out->arg_sizes, out->arg_count)) == NULL) {
    mh_node_work work = {.type = hipGraphNodeTypeKernel, .u.kernel = *out};
    mh__node_work_free(&work);
    *out = work.u.kernel;
    err = mh__fail(hipErrorOutOfMemory, "no memory for the kernel node's arguments");
  }
  return err;
}

hipError_t mh__kernel_work_run(mh_state *s, const mh_kernel_work *w, int device) {
  mh_launch_limits limits;
  mh__device_launch_limits(&limits);
  mockhip_launch_desc desc = {.name = w->name,
                              .kernel = w->function,
                              .run_block = w->run_block,
                              .run_thread = w->run_thread,
                              .closure = w->closure,
                              .pointers = w->pointers,
                              .pointer_count = w->pointer_count};
  mh_launch l = {.name = w->name,
                 .desc = w->closure != NULL ? &desc : NULL,
                 .c_kernel = w->c_kernel,
                 .c_args = w->c_args,
                 .grid = w->grid,
                 .block = w->block,
                 .shared_bytes = w->shared_bytes};
  return run_on(s, &l, device, &limits, w->pointers, w->pointer_count);
}

/* ---- launching ---- */

/* A queued launch the stream's thread has reached: run as a graph's kernel node runs. */
static hipError_t launch_queued(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  mh__lock_write();
  hipError_t err = mh__kernel_work_run(s, &item->work.u.kernel, item->device);
  mh__unlock();
  return err;
}

static void launch_drop(mh_queued *item) { mh__node_work_free(&item->work); }

/* Queues a copy of the launch on the stream a handle names, for device. Under the write
   lock. */
static hipError_t queue_launch(mh_state *s, const mh_launch *l, hipStream_t stream, int device) {
  mh_queued item = {.run = launch_queued,
                    .drop = launch_drop,
                    .device = device,
                    .work = {.type = hipGraphNodeTypeKernel, .device = device}};
  hipError_t err = work_of(l, &item.work.u.kernel);
  if (err == hipSuccess && (err = mh__queue_work(s, stream, &item, NULL)) != hipSuccess)
    mh__node_work_free(&item.work);
  return err;
}

/* What the synchronisation checker guesses a kernel touches: from each pointer argument, one
   element per thread of the grid (the common shape, p[i] for thread i), read through a
   pointer to const and written through any other. A C kernel's arguments are opaque to it. */
static void note_touches(mh_state *s, const mh_launch *l, hipStream_t stream) {
  const mockhip_launch_desc *d = l->desc;
  if (!mh__sync_check_on() || d == NULL || d->pointer_uses == NULL)
    return;
  enum { MOST = 32 };
  mh_sync_access acc[MOST];
  size_t n = 0;
  uint64_t threads =
      (uint64_t)l->grid.x * l->grid.y * l->grid.z * l->block.x * l->block.y * l->block.z;
  for (size_t i = 0; i < d->pointer_count && n < MOST; i++) {
    unsigned use = d->pointer_uses[i];
    uint64_t bytes = threads * (use >> 1);
    acc[n++] = (mh_sync_access){(uintptr_t)d->pointers[i],
                                bytes > SIZE_MAX ? SIZE_MAX : (size_t)bytes,
                                (use & 1) != 0,
                                false,
                                use >> 1,
                                l->name};
  }
  mh__sync_work_on(s, stream, acc, n);
}

static hipError_t launch(mh_state *s, mh_launch *l, hipStream_t stream, const void *const *pointers,
                         size_t count) {
  mh_launch_limits limits;
  mh__device_launch_limits(&limits);
  hipError_t err = mh__launch_check(&limits, l->grid, l->block, l->shared_bytes);
  if (err != hipSuccess)
    return err;
  /* A C kernel's args have no size to copy: where streams run asynchronously its launch runs
     at the call, once the stream's queued work has run. */
  bool queued = mh__streams_async(s) && l->desc != NULL;
  if (mh__streams_async(s) && !queued && (err = mh__queue_fence(s, stream)) != hipSuccess)
    return err;
  mh__lock_write();
  mh_stream *capturing = NULL;
  err = mh__stream_work(s, stream, &capturing);
  if (err == hipSuccess && capturing != NULL) {
    /* captured, not run: a kernel node keeping a copy of the launch */
    mh_node_work work = {.type = hipGraphNodeTypeKernel, .device = capturing->device};
    err = work_of(l, &work.u.kernel);
    if (err == hipSuccess && (err = mh__capture_add(capturing, &work)) != hipSuccess)
      mh__node_work_free(&work);
  } else if (err == hipSuccess) {
    mh_stream *on = NULL;
    mh__stream_get(s, stream, &on);
    int device = on != NULL ? on->device : mh__current_device();
    err = queued ? queue_launch(s, l, stream, device)
                 : run_on(s, l, device, &limits, pointers, count);
    if (err == hipSuccess)
      note_touches(s, l, stream);
  }
  mh__unlock();
  return err;
}

static const char *d_dim(dim3 d, char out[48]) {
  snprintf(out, 48, "(%u, %u, %u)", d.x, d.y, d.z);
  return out;
}

/* The way out of both launch forms: one trace line, naming the kernel. */
static hipError_t leave_launch(hipError_t err, const char *name, dim3 grid, dim3 block,
                               size_t shared, hipStream_t stream) {
  char g[48], b[48];
  return mh__leave(MOCKHIP_CALL_hipLaunchKernel, err,
                   "kernel=%s, gridDim=%s, blockDim=%s, sharedMemBytes=%zu, stream=%s", name,
                   d_dim(grid, g), d_dim(block, b), shared, mh__d_stream(stream));
}

/* Record mode: the launch is kept for hipGraphAddKernelNode, not run nor counted. */
/* The kernel's name: the launch's, else the one it was registered with. */
static const char *name_of(const mockhip_launch_desc *desc) {
  const char *name = desc != NULL ? desc->name : NULL;
  if (name == NULL && desc != NULL && desc->kernel != NULL)
    launcher_of(desc->kernel, &name);
  return name != NULL ? name : "kernel";
}

static hipError_t record(const mockhip_launch_desc *desc, dim3 grid, dim3 block, size_t shared) {
  const char *name = name_of(desc);
  recorded = true;
  if (desc == NULL || desc->run_block == NULL || desc->run_thread == NULL)
    return mh__fail(hipErrorInvalidDeviceFunction, "the launch names no kernel");
  mh_launch l = {.name = name, .desc = desc, .grid = grid, .block = block, .shared_bytes = shared};
  hipError_t err = work_of(&l, recording);
  recording->arg_sizes = desc->arg_sizes;
  recording->arg_count = desc->arg_count;
  return err;
}

MH_EXPORT hipError_t mockhip_launch(const mockhip_launch_desc *desc, dim3 grid, dim3 block,
                                    size_t shared, hipStream_t stream) {
  if (recording != NULL)
    return record(desc, grid, block, shared);
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipLaunchKernel, MH_CALLER, &s);
  const char *name = name_of(desc);
  if (err == hipSuccess && (desc == NULL || desc->run_block == NULL || desc->run_thread == NULL))
    err = mh__fail(hipErrorInvalidDeviceFunction, "the launch names no kernel");
  if (err == hipSuccess) {
    learn(desc->kernel, desc->name, desc->launch_args);
    mh_launch l = {
        .name = name, .desc = desc, .grid = grid, .block = block, .shared_bytes = shared};
    err = launch(s, &l, stream, desc->pointers, desc->pointer_count);
  }
  return leave_launch(err, name, grid, block, shared, stream);
}

MH_EXPORT hipError_t mockhip_launch_kernel(const char *name, mockhip_kernel_fn kernel, dim3 grid,
                                           dim3 block, size_t shared, hipStream_t stream,
                                           void *args) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipLaunchKernel, MH_CALLER, &s);
  if (name == NULL)
    name = "kernel";
  if (err == hipSuccess && kernel == NULL)
    err = mh__fail(hipErrorInvalidDeviceFunction, "kernel is NULL");
  if (err == hipSuccess) {
    mh_launch l = {.name = name,
                   .c_kernel = kernel,
                   .c_args = args,
                   .grid = grid,
                   .block = block,
                   .shared_bytes = shared};
    err = launch(s, &l, stream, NULL, 0);
  }
  return leave_launch(err, name, grid, block, shared, stream);
}

MH_EXPORT hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args,
                                     size_t shared, hipStream_t stream) {
  args_launcher typed = function != NULL ? launcher_of(function, NULL) : NULL;
  if (typed != NULL)
    return typed(function, grid, block, args, shared, stream);
  hipError_t err = mh__enter(MOCKHIP_CALL_hipLaunchKernel, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = function == NULL
              ? mh__fail(hipErrorInvalidDeviceFunction, "hostFunction is NULL")
              : mh__fail(hipErrorInvalidDeviceFunction,
                         "mockhip does not know the argument types of the kernel at %p: a host "
                         "compiler keeps no table of them. Launch it once with "
                         "hipLaunchKernelGGL, or pass the kernel itself (not a void *) to "
                         "hipLaunchKernel, so that its types are learnt",
                         function);
  char g[48], b[48];
  return mh__leave(MOCKHIP_CALL_hipLaunchKernel, err,
                   "hostFunction=%p, gridDim=%s, blockDim=%s, args=%p, sharedMemBytes=%zu, "
                   "stream=%s",
                   function, d_dim(grid, g), d_dim(block, b), (void *)args, shared,
                   mh__d_stream(stream));
}
