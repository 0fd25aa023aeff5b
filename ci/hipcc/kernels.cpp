// hipcc's end-to-end case: device code as real HIP sources write it, built
// unchanged by mockhip's hipcc. Each line printed is checked against
// expected.txt: templates deduced and explicit, launches in macros, lambdas
// and function templates, function pointers, dynamic shared memory at file and
// function scope, graph kernel nodes and hipLaunchKernel on kernels never
// launched before, __device__ and __constant__ variables reached with
// hipMemcpyToSymbol and its kin, hip-clang's global min and max, and the text
// that only looks like a launch.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, hipGetErrorString(err_));          \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

/* Each element at most `limit`, at least 1: hip-clang's global min and max on device. */
__global__ void clamp(int *v, int limit) {
  v[threadIdx.x] = max(1, min((int)threadIdx.x * 2, limit));
}

namespace math {
template <typename T, int Scale = 1> __global__ void scaled_square(const T *in, T *out, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = Scale * in[i] * in[i];
}
template <typename T> struct pair { T a, b; };
template <typename T> __global__ void add_pair(pair<T> p, T *out) { *out = p.a + p.b; }
} // namespace math

extern __shared__ float file_scope_tile[];

__global__ void reverse(float *data) {
  file_scope_tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = file_scope_tile[blockDim.x - 1 - threadIdx.x];
}

template <unsigned Block> __global__ void block_sum(const int *in, int *out) {
  extern __shared__ int partial[];
  partial[threadIdx.x] = in[blockIdx.x * Block + threadIdx.x];
  __syncthreads();
  for (unsigned half = Block / 2; half > 0; half >>= 1) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

extern "C" __global__ void set_all(int *data, int value) { data[threadIdx.x] = value; }
// a template never launched: its specialization is known once its address is taken
template <typename T, int Add = 1> __global__ void shifted(T *data, T value) {
  data[threadIdx.x] = value + Add;
}

__global__ void plus(int *data, int value) { data[threadIdx.x] += value; }

__constant__ int coefficients[4];
static __device__ long long total; // a local symbol, as `static` makes it

__global__ void weigh(const int *in) {
  atomicAdd(reinterpret_cast<unsigned long long *>(&total),
            (unsigned long long)(coefficients[threadIdx.x] * in[threadIdx.x]));
}

#define LAUNCH_PLUS(ptr, value) plus<<<1, 4>>>(ptr, value)

template <typename Kernel, typename... Args>
void launch_generic(Kernel kernel, unsigned threads, Args... args) {
  kernel<<<1, threads>>>(args...);
}

int main() {
  const size_t n = 256;
  std::vector<float> host(n);
  for (size_t i = 0; i < n; i++)
    host[i] = (float)i;
  float *in, *out;
  CHECK(hipMalloc(&in, n * sizeof(float)));
  CHECK(hipMalloc(&out, n * sizeof(float)));
  CHECK(hipMemcpy(in, host.data(), n * sizeof(float), hipMemcpyHostToDevice));

  // deduced, explicit, with a default and with a comma in the template arguments
  math::scaled_square<<<n / 64, 64>>>(in, out, n);
  CHECK(hipMemcpy(host.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  std::printf("deduced: out[3] = %g\n", host[3]);
  math::scaled_square<float, 2><<<dim3(n / 64), dim3(64), 0, 0>>>(in, out, n);
  CHECK(hipMemcpy(host.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  std::printf("explicit <float, 2>: out[3] = %g\n", host[3]);
  hipLaunchKernelGGL(math::scaled_square, dim3(n / 64), dim3(64), 0, 0, (const float *)in, out, n);
  CHECK(hipMemcpy(host.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  std::printf("hipLaunchKernelGGL deduced: out[4] = %g\n", host[4]);

  int *ints;
  CHECK(hipMalloc(&ints, 64 * sizeof(int)));
  math::pair<int> p{40, 2};
  math::add_pair<<<1, 1>>>(p, ints);
  int one = 0;
  CHECK(hipMemcpy(&one, ints, sizeof one, hipMemcpyDeviceToHost));
  std::printf("struct argument: %d\n", one);

  // a launch in a macro, in a lambda, in a function template, through a pointer
  set_all<<<1, 4>>>(ints, 1);
  LAUNCH_PLUS(ints, 10);
  auto again = [=](int v) { plus<<<1, 4, 0, hipStreamPerThread>>>(ints, v); };
  again(100);
  CHECK(hipStreamSynchronize(hipStreamPerThread));
  launch_generic(plus, 4, ints, 1000);
  void (*pointer)(int *, int) = plus;
  (*pointer)<<<1, 4>>>(ints, 10000);
  CHECK(hipMemcpy(&one, ints + 3, sizeof one, hipMemcpyDeviceToHost));
  std::printf("macro, lambda, template, pointer: %d\n", one);

  // dynamic shared memory, declared at file scope and in a kernel template
  for (size_t i = 0; i < 8; i++)
    host[i] = (float)i;
  CHECK(hipMemcpy(in, host.data(), 8 * sizeof(float), hipMemcpyHostToDevice));
  reverse<<<1, 8, 8 * sizeof(float)>>>(in);
  CHECK(hipMemcpy(host.data(), in, 8 * sizeof(float), hipMemcpyDeviceToHost));
  std::printf("file-scope shared: %g %g\n", host[0], host[7]);
  std::vector<int> counting(64);
  for (int i = 0; i < 64; i++)
    counting[i] = i;
  CHECK(hipMemcpy(ints, counting.data(), 64 * sizeof(int), hipMemcpyHostToDevice));
  block_sum<32><<<2, 32, 32 * sizeof(int)>>>(ints, ints);
  CHECK(hipMemcpy(counting.data(), ints, 2 * sizeof(int), hipMemcpyDeviceToHost));
  std::printf("kernel shared: %d %d\n", counting[0], counting[1]);

  // never launched: known at start-up, by hipLaunchKernel and a graph's kernel node
  int value = 7;
  void *args[] = {&ints, &value};
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(set_all), dim3(1), dim3(2), args, 0, 0));
  hipGraph_t graph;
  hipGraphExec_t exec;
  hipGraphNode_t node;
  CHECK(hipGraphCreate(&graph, 0));
  hipKernelNodeParams params = {};
  params.func = reinterpret_cast<void *>(set_all);
  params.gridDim = dim3(1);
  params.blockDim = dim3(1);
  int nine = 9;
  void *node_args[] = {&ints, &nine};
  params.kernelParams = node_args;
  CHECK(hipGraphAddKernelNode(&node, graph, nullptr, 0, &params));
  CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec, 0));
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(counting.data(), ints, 2 * sizeof(int), hipMemcpyDeviceToHost));
  std::printf("by address: %d %d\n", counting[0], counting[1]);
  CHECK(hipGraphExecDestroy(exec));
  params.func = reinterpret_cast<void *>(shifted<int, 3>);
  params.blockDim = dim3(2);
  CHECK(hipGraphKernelNodeSetParams(node, &params));
  CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec, 0));
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(counting.data(), ints, 2 * sizeof(int), hipMemcpyDeviceToHost));
  std::printf("template by address: %d %d\n", counting[0], counting[1]);
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(graph));

  // device variables: copies in and out with an offset, a kernel between
  const int weights[4] = {1, 10, 100, 1000};
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coefficients), weights, 2 * sizeof(int)));
  CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(coefficients), weights + 2, 2 * sizeof(int),
                               2 * sizeof(int), hipMemcpyHostToDevice, 0));
  const long long zero = 0;
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(total), &zero, sizeof zero));
  set_all<<<1, 4>>>(ints, 2);
  weigh<<<1, 4>>>(ints);
  long long sum = 0;
  size_t size = 0;
  CHECK(hipMemcpyFromSymbol(&sum, HIP_SYMBOL(total), sizeof sum));
  CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(coefficients)));
  std::printf("device variables: %lld, %zu bytes\n", sum, size);

  // hip-clang's global min and max, in host code as in a kernel's
  clamp<<<1, 4>>>(ints, 3);
  int clamped[4];
  CHECK(hipMemcpy(clamped, ints, sizeof clamped, hipMemcpyDeviceToHost));
  std::printf("min, max: %d %d %d %d, %zu %.1f\n", clamped[0], clamped[1], clamped[2], clamped[3],
              min(sizeof clamped, size_t{7}), max(2.5, -1.0));

  // only text: a string, a raw string, a shift, nested templates
  const char *said = "k<<<1, 1>>>(x)";
  const char *raw = R"(k<<<2, 2>>>())";
  std::vector<std::vector<std::vector<int>>> nested(1);
  std::printf("text: %s %s %d %zu\n", said, raw, 1 << 3, nested.size());

  CHECK(hipFree(in));
  CHECK(hipFree(out));
  CHECK(hipFree(ints));
  return 0;
}
