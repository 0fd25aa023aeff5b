/*
 * mockhip: device code for a host compiler. Kernels are ordinary functions
 * that the CPU runs, one call per GPU thread, reading their place in the
 * launch from threadIdx, blockIdx, blockDim and gridDim, the calling OS
 * thread's own variables (<mockhip.h>). __shared__ memory is per OS thread,
 * and a block runs on one OS thread, so each block has its own. C++ launches
 * through hipLaunchKernelGGL or hipLaunchKernel; C through
 * mockhip_launch_kernel. A host compiler cannot parse kernel<<<grid, block>>>
 * and cannot give `extern __shared__ T name[];` storage: mockhip's hipcc
 * rewrites both; with another compiler, use hipLaunchKernelGGL and
 * HIP_DYNAMIC_SHARED.
 */
#ifndef MOCKHIP_KERNEL_H
#define MOCKHIP_KERNEL_H

#include <mockhip.h>

/* Under mockhip's hipcc, __global__ and __shared__ leave a mark its rewrite finds after the
   preprocessor (mockhip/hipcc/rewrite.h): it registers each kernel defined and gives
   extern __shared__ arrays the launch's dynamic shared memory. */
#if defined(__MOCKHIP_HIPCC__) && defined(__cplusplus)
#ifndef __global__
#define __global__ __mockhip_global__
#endif
#ifndef __shared__
#define __shared__ __mockhip_shared__
#endif
#endif

/* The markers: a kernel or device function is a plain function here. */
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __shared__
#ifdef __cplusplus
#define __shared__ thread_local
#else
#define __shared__ _Thread_local
#endif
#endif
#ifndef __constant__
#define __constant__
#endif
/* Nothing, as ROCm's host_defines.h has it for host compilers: libstdc++ (<memory>) and
   glibc (<sys/cdefs.h>) write __attribute__((__noinline__)), which an attribute here breaks. */
#ifndef __noinline__
#define __noinline__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#ifndef __managed__
#define __managed__
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
#ifndef __align__
#define __align__(x) __attribute__((aligned(x)))
#endif

/* Where a thread is: threadIdx, blockIdx, blockDim, gridDim and warpSize are variables of
   <mockhip.h>; these are ROCm's older names for them. */
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#define __syncthreads() mockhip_syncthreads()

/* A kernel template's name with commas in it, as one argument of hipLaunchKernelGGL:
   hipLaunchKernelGGL(HIP_KERNEL_NAME(k<int, 4>), ...), as ROCm's amd_hip_runtime.h has it. */
#ifndef HIP_KERNEL_NAME
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#endif

/* A __device__ or __constant__ variable as the symbol calls take it: the variable itself, as
   ROCm's amd_hip_runtime.h has it; C++'s hipMemcpyToSymbol(x, ...) and the other templates of
   <hip/hip_runtime_api.h> pass its address, C passes &x. */
#ifndef HIP_SYMBOL
#define HIP_SYMBOL(X) X
#endif

/* The block's dynamic shared memory (sharedMemBytes of the launch), inside a kernel. */
#ifndef HIP_DYNAMIC_SHARED
#define HIP_DYNAMIC_SHARED(type, var) type *var = (type *)mockhip_kernel_thread.dynamic_shared;
#endif
#ifndef HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#endif

#if defined(__cplusplus) && __cplusplus >= 201703L
#include <cstddef>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

namespace mockhip {
namespace detail {

template <class Body, class... A> struct closure {
  Body body;
  std::tuple<A...> args;
  const void *pointers[sizeof...(A) + 1];
  unsigned pointer_uses[sizeof...(A) + 1];
  size_t pointer_count;
};

/* What a pointer argument tells the synchronisation checker: the size of its pointee (1 where
   it has none: void, a function, a type only declared) and whether the kernel may write
   through it. */
template <class T, class = void> struct sized : std::false_type {};
template <class T> struct sized<T, decltype(void(sizeof(T)))> : std::true_type {};
template <class T> constexpr unsigned pointee_bytes() {
  if constexpr (sized<T>::value)
    return (unsigned)sizeof(T);
  else
    return 1u;
}
template <class T> constexpr unsigned pointer_use() {
  using pointee = std::remove_pointer_t<T>;
  return pointee_bytes<std::remove_cv_t<pointee>>() << 1 |
         (std::is_const<pointee>::value ? 0u : 1u);
}

template <class C> void run_thread(void *p) {
  C *c = static_cast<C *>(p);
  std::apply(c->body, c->args);
}

/* The threads of the block, one call each: the body is inlined into this loop. The block's
   own copy of the arguments (each thread gets them by value, as on a GPU) stays in registers:
   the kernel's stores cannot reach it, where the closure's might be reloaded after each. */
template <class C> void run_block(void *p) {
  C *c = static_cast<C *>(p);
  auto body = c->body;
  auto args = c->args;
  const dim3 b = blockDim;
  for (uint32_t z = 0; z < b.z; ++z) {
    threadIdx.z = z; /* device code only reads threadIdx: each part is set when it changes */
    for (uint32_t y = 0; y < b.y; ++y) {
      threadIdx.y = y;
      for (uint32_t x = 0; x < b.x; ++x) {
        threadIdx.x = x;
        std::apply(body, args);
        if (mockhip_kernel_thread.fibered) { /* a barrier made the block fibers: they finish it */
          mockhip_block_join();
          return;
        }
      }
    }
  }
}

/* A graph's kernel node keeps its own copy of the launch: the arguments as the launch
   converted them, copied by their own copy constructors. */
template <class C> void *clone_closure(const void *p) {
  return new (std::nothrow) C(*static_cast<const C *>(p));
}
template <class C> void release_closure(void *p) { delete static_cast<C *>(p); }

/* The type the kernel declares for argument I, where its parameters are known and line up
   with the arguments: a float * passed for a const float * is read, not written. */
template <class K, size_t I, class Arg> struct declared { using type = Arg; };
template <size_t I, class Arg, class... P> struct declared<void (*)(P...), I, Arg> {
  using param = std::decay_t < std::tuple_element_t<I<sizeof...(P) ? I : 0, std::tuple<P..., Arg>>>;
  using type = std::conditional_t < I<sizeof...(P) && std::is_pointer<param>::value, param, Arg>;
};

/* Argument I, if it is a pointer: where it points and how the kernel uses it. A struct or a
   number is no pointer, and is never cast to one. */
template <class K, size_t I, class C> void note_pointer(C &c) {
  using arg = std::tuple_element_t<I, decltype(c.args)>;
  if constexpr (std::is_pointer<arg>::value) {
    c.pointer_uses[c.pointer_count] = pointer_use<typename declared<K, I, arg>::type>();
    c.pointers[c.pointer_count++] = (const void *)std::get<I>(c.args);
  }
}

template <class K, class C, size_t... I> void note_pointers(C &c, std::index_sequence<I...>) {
  c.pointer_count = 0;
  (note_pointer<K, I>(c), ...);
}

template <class... P>
hipError_t launch_from_args(const void *kernel, dim3 grid, dim3 block, void **args, size_t shared,
                            hipStream_t stream);

template <class K> struct typed {
  static constexpr bool known = false;
  static hipError_t (*launcher())(const void *, dim3, dim3, void **, size_t, hipStream_t) {
    return nullptr;
  }
};
template <class... P> struct typed<void (*)(P...)> {
  static constexpr bool known = true;
  static hipError_t (*launcher())(const void *, dim3, dim3, void **, size_t, hipStream_t) {
    return &launch_from_args<P...>;
  }
};

template <class K, class Body, class... A>
hipError_t launch(const char *name, K kernel, Body body, dim3 grid, dim3 block, size_t shared,
                  hipStream_t stream, A &&...args) {
  using C = closure<Body, std::decay_t<A>...>;
  C c{body, std::tuple<std::decay_t<A>...>(std::forward<A>(args)...), {}, {}, 0};
  note_pointers<std::decay_t<K>>(c, std::index_sequence_for<A...>{});
  using kernel_type = std::decay_t<K>;
  mockhip_launch_desc desc = {};
  desc.name = name;
  if constexpr (typed<kernel_type>::known)
    desc.kernel = reinterpret_cast<const void *>(kernel);
  desc.run_block = &run_block<C>;
  desc.run_thread = &run_thread<C>;
  desc.closure = &c;
  desc.pointers = c.pointers;
  desc.pointer_count = c.pointer_count;
  desc.pointer_uses = c.pointer_uses;
  static constexpr size_t arg_sizes[] = {sizeof(std::decay_t<A>)..., 0};
  desc.arg_sizes = arg_sizes;
  desc.arg_count = sizeof...(A);
  desc.launch_args = typed<kernel_type>::launcher();
  desc.clone = &clone_closure<C>;
  desc.release = &release_closure<C>;
  return mockhip_launch(&desc, grid, block, shared, stream);
}

template <class... P, size_t... I>
hipError_t launch_unpacked(void (*f)(P...), dim3 grid, dim3 block, void **args, size_t shared,
                           hipStream_t stream, std::index_sequence<I...>) {
  return launch(
      nullptr /* the name it was registered with */, f, [f](auto &&...a) { f(a...); }, grid, block,
      shared, stream, *static_cast<std::decay_t<P> *>(args[I])...);
}

template <class... P>
hipError_t launch_from_args(const void *kernel, dim3 grid, dim3 block, void **args, size_t shared,
                            hipStream_t stream) {
  if (sizeof...(P) != 0 && args == nullptr)
    return hipErrorInvalidValue;
  void (*f)(P...) = reinterpret_cast<void (*)(P...)>(const_cast<void *>(kernel));
  return launch_unpacked(f, grid, block, args, shared, stream, std::index_sequence_for<P...>{});
}

} // namespace detail
} // namespace mockhip

namespace mockhip {
namespace detail {

/* A kernel's address, where a launch's arguments pick one: the kernel that is one function, or
   a template whose parameters are exactly the arguments' types. Neither (a template that
   converts its arguments, an overload set): nullptr, and the launch runs through its call
   alone, as a GPU compiler would have instantiated it. */
template <class F, class... A>
auto kernel_address(F f, A *...)
    -> std::enable_if_t<std::is_function<std::remove_pointer_t<F>>::value, F> {
  return f;
}
template <class T> using pointee = std::remove_pointer_t<T>;
template <class ByName, class ByTypes> struct kernel_pick {
  ByName by_name;
  ByTypes by_types;
};
template <class ByName, class ByTypes>
kernel_pick<ByName, ByTypes> pick_kernel(ByName by_name, ByTypes by_types) {
  return {by_name, by_types};
}
template <class... A, class ByName, class ByTypes>
auto picked_address(const kernel_pick<ByName, ByTypes> &pick) {
  if constexpr (std::is_invocable<const ByName &, A *...>::value)
    return pick.by_name(static_cast<A *>(nullptr)...);
  else if constexpr (std::is_invocable<const ByTypes &, A *...>::value)
    return pick.by_types(static_cast<A *>(nullptr)...);
  else
    return nullptr;
}

template <class Pick, class Body, class... A>
hipError_t launch_picked(const char *name, const Pick &pick, Body body, dim3 grid, dim3 block,
                         size_t shared, hipStream_t stream, A &&...args) {
  if constexpr (!std::is_invocable<Body &, std::decay_t<A> &...>::value) {
    /* The arguments do not fit the kernel: the call's own error, which the compiler reports
       on the launch's line, and nothing else. */
    auto copies = std::tuple<std::decay_t<A>...>(std::forward<A>(args)...);
    std::apply(body, copies);
    return hipErrorInvalidValue;
  } else {
    return launch(name, picked_address<std::decay_t<A>...>(pick), body, grid, block, shared, stream,
                  std::forward<A>(args)...);
  }
}

/* extern __shared__ T name[] at file scope, as hipcc rewrites it: in each block, the block's
   dynamic shared memory. */
template <class T> struct dynamic_shared {
  operator T *() const { return static_cast<T *>(mockhip_kernel_thread.dynamic_shared); }
  T &operator[](size_t i) const { return static_cast<T *>(*this)[i]; }
};

/* kernel<<<grid, block, shared, stream>>>(args...) as hipcc rewrites it: the configuration
   first, the arguments after. Like a GPU's launch it has no value. */
template <class Pick, class Body> struct chevron_launch {
  const char *name;
  Pick pick;
  Body body;
  dim3 grid, block;
  size_t shared;
  hipStream_t stream;
  template <class... A> void operator()(A &&...args) const {
    (void)launch_picked(name, pick, body, grid, block, shared, stream, std::forward<A>(args)...);
  }
};
template <class Pick, class Body>
chevron_launch<Pick, Body> chevron(const char *name, Pick pick, Body body, dim3 grid, dim3 block,
                                   size_t shared = 0, hipStream_t stream = nullptr) {
  return {name, pick, body, grid, block, shared, stream};
}

/* A kernel hipcc saw defined, made known at start-up: hipLaunchKernel and graph kernel nodes
   find it by address before any launch. An overloaded name picks nothing and stays unknown. */
template <class ByName> bool register_kernel(const char *name, ByName by_name) {
  if constexpr (std::is_invocable<const ByName &>::value) {
    auto kernel = by_name();
    mockhip_kernel_register(reinterpret_cast<const void *>(kernel), name,
                            typed<decltype(kernel)>::launcher());
  }
  return true;
}

/* A kernel template's specialization, registered before main by hipcc's rewrite: its body
   names this variable, so each specialization the program makes (a launch, or its address
   taken) defines it. */
template <auto Kernel, const char *(*Name)()>
inline const bool kernel_template_known = register_kernel(Name(), [] { return Kernel; });

} // namespace detail
} // namespace mockhip

/* The two ways of picking a kernel's address for a launch's argument types (the kernel's name
   may hold commas: k<int, 4>). */
#define MOCKHIP_KERNEL_PICK(...)                                                                   \
  ::mockhip::detail::pick_kernel(                                                                  \
      [&](auto *...mockhip_p_) -> decltype(::mockhip::detail::kernel_address(__VA_ARGS__,          \
                                                                             mockhip_p_...)) {     \
        return ::mockhip::detail::kernel_address(__VA_ARGS__, mockhip_p_...);                      \
      },                                                                                           \
      [&](auto *...mockhip_p_)                                                                     \
          -> decltype(static_cast<void (*)(::mockhip::detail::pointee<decltype(mockhip_p_)>...)>(  \
              __VA_ARGS__)) {                                                                      \
        return static_cast<void (*)(::mockhip::detail::pointee<decltype(mockhip_p_)>...)>(         \
            __VA_ARGS__);                                                                          \
      })

/* kernel<<<grid, block, shared, stream>>>(args...), as a host compiler can parse it: a kernel
   template's arguments are deduced from the call, as ROCm's macro (which expands to <<<>>>)
   deduces them. Like ROCm's it has no value: a refused launch is hipGetLastError's. */
#define hipLaunchKernelGGL(kernelName, ...)                                                        \
  (void)::mockhip::detail::launch_picked(                                                          \
      #kernelName, MOCKHIP_KERNEL_PICK(kernelName),                                                \
      [=](auto &&...mockhip_args_) { kernelName(mockhip_args_...); }, __VA_ARGS__)

/* hipLaunchKernel given the kernel itself: its argument types are known, and learnt for
   later launches by address. */
template <class... P>
static inline hipError_t hipLaunchKernel(void (*kernel)(P...), dim3 gridDim, dim3 blockDim,
                                         void **args, size_t sharedMemBytes = 0,
                                         hipStream_t stream = 0) {
  return ::mockhip::detail::launch_from_args<P...>(reinterpret_cast<const void *>(kernel), gridDim,
                                                   blockDim, args, sharedMemBytes, stream);
}
#elif defined(__cplusplus) /* C++11 or C++14 */

#define hipLaunchKernelGGL(kernelName, ...)                                                        \
  static_assert(false, "mockhip: hipLaunchKernelGGL(" #kernelName ", ...) needs C++17 "            \
                       "(-std=c++17), as ROCm's hipcc uses")

#else /* C */

/* The C++ macro carries the kernel's arguments in a lambda; C has none, so it says so where
   it is used. */
#define hipLaunchKernelGGL(kernelName, ...)                                                        \
  _Static_assert(0, "mockhip: hipLaunchKernelGGL(" #kernelName ", ...) needs C++; C launches "     \
                    "with mockhip_launch_kernel (<mockhip.h>)")
#endif /* __cplusplus */

#endif /* MOCKHIP_KERNEL_H */
