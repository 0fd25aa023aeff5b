/*
 * streams.cpp: work on two streams, and what orders it.
 *
 * A GPU runs a stream's work after the call that queued it has returned,
 * beside the host and beside every other stream. Work on one stream runs in
 * the order it was queued; between two streams nothing is ordered unless the
 * program says so: an event recorded on one and waited for on the other
 * (hipEventRecord, hipStreamWaitEvent), or a synchronise. Here a producer
 * stream fills a buffer and a consumer stream sums it, the consumer waiting
 * for the producer's event; the host reads the sum once it has synchronised
 * with the consumer.
 *
 * Leave the order out and the program is still accepted, and often right:
 * the GPU does not check. Run it with MOCKHIP_SYNC_CHECK=1 (or MOCKHIP_STRICT=1)
 * and mockhip reports each missing order on a `strict:` line, the same on
 * every run, with MOCKHIP_STREAMS=async too. Mistakes: `break 1` leaves out
 * the event (the consumer may sum before the producer has filled); `break 2`
 * frees the buffer on the producer's stream while the consumer may still read
 * it; `break 3` waits for the event before recording it (a wait on an event
 * never recorded waits for nothing); `break 4` reads the sum in pinned memory
 * before synchronising with the consumer (the copy may not have landed).
 */
#include <hip/hip_runtime.h>

#include "lesson.h"

static const char *const mistakes[] = {
    "no event between the producer's stream and the consumer's",
    "hipFreeAsync on the producer's stream while the consumer may still read",
    "hipStreamWaitEvent before hipEventRecord",
    "the host reads the sum before hipStreamSynchronize(consumer)",
};

enum { COUNT = 1024, BLOCK = 256 };

static volatile int early; /* break 4's read lands here: a load nothing uses may be left out */

__global__ void fill(int *data, int value) { data[blockIdx.x * blockDim.x + threadIdx.x] = value; }

/* The sum of data into *sum: data is read only (const), which the checker takes at its word. */
__global__ void sum_all(const int *data, int *sum) {
  atomicAdd(sum, data[blockIdx.x * blockDim.x + threadIdx.x]);
}

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "streams", mistakes, 4);
  hipStream_t producer, consumer;
  hipEvent_t filled;
  CHECK(hipStreamCreateWithFlags(&producer, hipStreamNonBlocking));
  CHECK(hipStreamCreateWithFlags(&consumer, hipStreamNonBlocking));
  CHECK(hipEventCreate(&filled));
  int *data, *sum, *result;
  CHECK(hipMallocAsync((void **)&data, COUNT * sizeof(int), producer));
  CHECK(hipMalloc((void **)&sum, sizeof(int)));
  CHECK(hipHostMalloc((void **)&result, sizeof(int), 0));
  CHECK(hipMemsetAsync(sum, 0, sizeof(int), consumer));
  printf("1. two streams that wait for nothing else (hipStreamNonBlocking), %d ints on the "
         "producer's\n",
         COUNT);

  hipLaunchKernelGGL(fill, dim3(COUNT / BLOCK), dim3(BLOCK), 0, producer, data, 3);
  CHECK(hipGetLastError());
  printf("2. producer: fill<<<%d, %d>>>(data, 3)\n", COUNT / BLOCK, BLOCK);
  if (mistake == 3) {
    printf("mistake: hipStreamWaitEvent(consumer, filled) before hipEventRecord(filled, "
           "producer)\n");
    CHECK(hipStreamWaitEvent(consumer, filled, 0));
    CHECK(hipEventRecord(filled, producer));
  } else if (mistake != 1) {
    CHECK(hipEventRecord(filled, producer));
    CHECK(hipStreamWaitEvent(consumer, filled, 0));
    printf("3. hipEventRecord(filled, producer), hipStreamWaitEvent(consumer, filled): the "
           "consumer's later work waits for the fill\n");
  } else {
    printf("mistake: no event: the consumer's work is not ordered after the producer's\n");
  }
  if (mistake == 2) {
    printf("mistake: hipFreeAsync(data, producer) before the consumer has read it\n");
    CHECK(hipFreeAsync(data, producer));
  }
  hipLaunchKernelGGL(sum_all, dim3(COUNT / BLOCK), dim3(BLOCK), 0, consumer, data, sum);
  CHECK(hipGetLastError());
  CHECK(hipMemcpyAsync(result, sum, sizeof(int), hipMemcpyDeviceToHost, consumer));
  printf("4. consumer: sum_all<<<%d, %d>>>(data, sum), then hipMemcpyAsync of the sum into "
         "pinned memory\n",
         COUNT / BLOCK, BLOCK);
  if (mistake == 0 || mistake == 4)
    CHECK(hipFreeAsync(data, consumer)); /* after the consumer's read, in its stream order */

  if (mistake == 4) {
    printf("mistake: the host reads the sum before hipStreamSynchronize(consumer)\n");
    early = *(volatile int *)result; /* on a GPU: the sum, or what the memory held before */
  }
  CHECK(hipStreamSynchronize(consumer));
  if (mistake == 0)
    printf("5. hipStreamSynchronize(consumer), then the host reads the sum: %d (%d expected)\n",
           *result, 3 * COUNT);
  else
    printf("   the sum proves nothing here: on a GPU it is right on some runs only\n");
  int right = mistake != 0 || *result == 3 * COUNT;

  CHECK(hipDeviceSynchronize());
  if (mistake == 1 || mistake == 3) /* freed once every stream is done: nothing races the free */
    CHECK(hipFreeAsync(data, NULL));
  CHECK(hipHostFree(result));
  CHECK(hipFree(sum));
  CHECK(hipEventDestroy(filled));
  CHECK(hipStreamDestroy(producer));
  CHECK(hipStreamDestroy(consumer));
  printf("freed; %zu objects left\n", mockhip_live_objects());
  return right && mockhip_live_objects() == 0 ? 0 : 1;
}
