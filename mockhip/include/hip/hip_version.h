/* mockhip: the ROCm release whose names and values the headers declare: 7.2, or the release a
   build chose (hipcc --rocm-version=6.2, or -DMOCKHIP_HIP_VERSION_MAJOR=6
   -DMOCKHIP_HIP_VERSION_MINOR=2), which mockhip then plays (hip_runtime_api.h). */
#ifndef MOCKHIP_HIP_VERSION_H
#define MOCKHIP_HIP_VERSION_H

#if defined(MOCKHIP_HIP_VERSION_MAJOR) && defined(MOCKHIP_HIP_VERSION_MINOR)
#define HIP_VERSION_MAJOR MOCKHIP_HIP_VERSION_MAJOR
#define HIP_VERSION_MINOR MOCKHIP_HIP_VERSION_MINOR
#else
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 2
#endif
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH ""
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME ""
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#endif /* MOCKHIP_HIP_VERSION_H */
