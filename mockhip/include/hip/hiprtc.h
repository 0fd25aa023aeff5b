/*
 * hip/hiprtc.h: ROCm's run-time compiler interface, with its names and values,
 * so code that includes it (hip-tests' helpers do) compiles unchanged.
 *
 * mockhip cannot compile device code at run time: its kernels are host
 * functions compiled into the program. A program can be created, given name
 * expressions and destroyed; hiprtcCompileProgram answers
 * HIPRTC_ERROR_COMPILATION with a log that says why, and no code is ever made.
 */
#ifndef MOCKHIP_HIPRTC_H
#define MOCKHIP_HIPRTC_H

#include <stddef.h>

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef struct _hiprtcProgram *hiprtcProgram;

/* The result's name ("HIPRTC_ERROR_COMPILATION"), or "Invalid HIPRTC error code". */
MOCKHIP_API const char *hiprtcGetErrorString(hiprtcResult result);
/* The HIP release the headers declare. */
MOCKHIP_API hiprtcResult hiprtcVersion(int *major, int *minor);
MOCKHIP_API hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
                                             int numHeaders, const char **headers,
                                             const char **includeNames);
MOCKHIP_API hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
MOCKHIP_API hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
/* Always HIPRTC_ERROR_COMPILATION (a valid program) with the reason in the program's log. */
MOCKHIP_API hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions,
                                              const char **options);
MOCKHIP_API hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
                                              const char **lowered_name);
MOCKHIP_API hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
MOCKHIP_API hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
MOCKHIP_API hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
MOCKHIP_API hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
MOCKHIP_API hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
MOCKHIP_API hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);

#ifdef __cplusplus
}
#endif

#endif /* MOCKHIP_HIPRTC_H */
