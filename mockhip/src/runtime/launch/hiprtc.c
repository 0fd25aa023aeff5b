/*
 * hiprtc.c: the run-time compiler interface of hip/hiprtc.h. A program keeps
 * its source and name expressions; compiling fails, as mockhip has no device
 * compiler, and says so in the program's log, so a program that checks
 * hiprtcCompileProgram's result and prints the log tells its user why. These
 * calls return hiprtcResult and are not HIP entry points: they are neither
 * counted nor traced.
 */
#include <stdlib.h>
#include <string.h>

#include <hip/hiprtc.h>

#include "runtime/launch/launch.h"

struct _hiprtcProgram {
  char *source, *name;
  size_t name_expressions;
  bool compile_tried;
  char log[256];
};

static const char *const result_names[] = {
    "HIPRTC_SUCCESS",
    "HIPRTC_ERROR_OUT_OF_MEMORY",
    "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
    "HIPRTC_ERROR_INVALID_INPUT",
    "HIPRTC_ERROR_INVALID_PROGRAM",
    "HIPRTC_ERROR_INVALID_OPTION",
    "HIPRTC_ERROR_COMPILATION",
    "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
    "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
    "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
    "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
    "HIPRTC_ERROR_INTERNAL_ERROR",
};

MH_EXPORT const char *hiprtcGetErrorString(hiprtcResult result) {
  if ((int)result == 100) /* HIPRTC_ERROR_LINKING, which ROCm 5.x's header lacks */
    return "HIPRTC_ERROR_LINKING";
  if ((unsigned)result < sizeof result_names / sizeof result_names[0])
    return result_names[result];
  return "Invalid HIPRTC error code";
}

MH_EXPORT hiprtcResult hiprtcVersion(int *major, int *minor) {
  if (major == NULL || minor == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  *major = HIP_VERSION_MAJOR;
  *minor = HIP_VERSION_MINOR;
  return HIPRTC_SUCCESS;
}

MH_EXPORT hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
                                           int numHeaders, const char **headers,
                                           const char **includeNames) {
  if (prog == NULL || src == NULL || numHeaders < 0 ||
      (numHeaders > 0 && (headers == NULL || includeNames == NULL)))
    return HIPRTC_ERROR_INVALID_INPUT;
  hiprtcProgram p = calloc(1, sizeof *p);
  if (p != NULL) {
    p->source = strdup(src);
    p->name = strdup(name != NULL ? name : "default_program");
  }
  if (p == NULL || p->source == NULL || p->name == NULL) {
    if (p != NULL)
      free(p->source), free(p->name), free(p);
    return HIPRTC_ERROR_OUT_OF_MEMORY;
  }
  *prog = p;
  return HIPRTC_SUCCESS;
}

MH_EXPORT hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog) {
  if (prog == NULL || *prog == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  free((*prog)->source);
  free((*prog)->name);
  free(*prog);
  *prog = NULL;
  return HIPRTC_SUCCESS;
}

MH_EXPORT hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression) {
  if (prog == NULL || name_expression == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->compile_tried)
    return HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  prog->name_expressions++;
  return HIPRTC_SUCCESS;
}

MH_EXPORT hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions,
                                            const char **options) {
  if (prog == NULL)
    return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && options == NULL))
    return HIPRTC_ERROR_INVALID_INPUT;
  prog->compile_tried = true;
  snprintf(prog->log, sizeof prog->log,
           "%s: mockhip cannot compile device code at run time: its kernels are host "
           "functions compiled into the program and launched with hipLaunchKernelGGL\n",
           prog->name);
  return HIPRTC_ERROR_COMPILATION;
}

MH_EXPORT hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
                                            const char **lowered_name) {
  if (prog == NULL || name_expression == NULL || lowered_name == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  /* No compilation ever succeeds, so no name is ever lowered. */
  return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
}

MH_EXPORT hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet) {
  if (prog == NULL || logSizeRet == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  *logSizeRet = strlen(prog->log) + 1;
  return HIPRTC_SUCCESS;
}

MH_EXPORT hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log) {
  if (prog == NULL || log == NULL)
    return HIPRTC_ERROR_INVALID_INPUT;
  memcpy(log, prog->log, strlen(prog->log) + 1);
  return HIPRTC_SUCCESS;
}

/* Code and bitcode exist only after a compilation that succeeded: never here. */
static hiprtcResult no_code(hiprtcProgram prog, const void *out) {
  return prog == NULL || out == NULL ? HIPRTC_ERROR_INVALID_INPUT : HIPRTC_ERROR_INVALID_PROGRAM;
}

MH_EXPORT hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet) {
  return no_code(prog, codeSizeRet);
}

MH_EXPORT hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code) { return no_code(prog, code); }

MH_EXPORT hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size) {
  return no_code(prog, bitcode_size);
}

MH_EXPORT hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode) {
  return no_code(prog, bitcode);
}
