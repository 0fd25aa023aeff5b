/*
 * tsan.h: what mockhip tells ThreadSanitizer, where a build has it (MH_TSAN).
 *
 * Bytes the runtime moves through memory (copies and sets, on a stream's thread or at the
 * call) play a GPU's DMA, which ThreadSanitizer never sees on real hardware: a race between
 * two streams on device memory is the program's, and the synchronisation checker
 * (MOCKHIP_SYNC_CHECK) is what reports it, naming both calls. Left visible, it came out as a
 * data race inside mockhip's memmove. The runtime's own state stays in view.
 */
#ifndef MH_OS_TSAN_H
#define MH_OS_TSAN_H

#if defined(__SANITIZE_THREAD__)
#define MH_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MH_TSAN 1
#endif
#endif

#ifdef MH_TSAN
#include <sanitizer/tsan_interface.h>
/* ThreadSanitizer's dynamic annotations: in its runtime, declared by no installed header. */
void AnnotateIgnoreReadsBegin(const char *file, int line);
void AnnotateIgnoreReadsEnd(const char *file, int line);
void AnnotateIgnoreWritesBegin(const char *file, int line);
void AnnotateIgnoreWritesEnd(const char *file, int line);

static inline void mh__device_traffic_begin(void) {
  AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
  AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
}
static inline void mh__device_traffic_end(void) {
  AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
  AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
}
#else
static inline void mh__device_traffic_begin(void) {}
static inline void mh__device_traffic_end(void) {}
#endif

#endif
