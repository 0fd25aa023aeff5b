/*
 * args.c: sorting hipcc's command line (args.h). hipcc takes ROCm hipcc's
 * flags; a flag that only shapes GPU code (an offload architecture,
 * relocatable device code, a wavefront size) has no meaning for kernels the
 * CPU runs, so it is dropped and named once.
 */
#include "args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool arg_push(arg_list *list, const char *arg) {
  if (list->count == list->cap) {
    size_t grown = list->cap ? list->cap * 2 : 16;
    const char **at = realloc(list->at, grown * sizeof *at);
    if (at == NULL)
      return false;
    list->at = at;
    list->cap = grown;
  }
  list->at[list->count++] = arg;
  return true;
}

static bool starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Flags of GPU code generation, by prefix. */
static bool gpu_only(const char *a) {
  static const char *const prefixes[] = {"--offload-arch",
                                         "--amdgpu-target",
                                         "--cuda-gpu-arch",
                                         "--gpu-max-threads-per-block",
                                         "--rocm-path",
                                         "--hip-path",
                                         "--hip-device-lib",
                                         "--hip-version",
                                         "--hip-link",
                                         "--offload-",
                                         "--cuda-",
                                         "-fgpu-",
                                         "-fno-gpu-",
                                         "-fhip-",
                                         "-fno-hip-",
                                         "-fcuda-",
                                         "-fno-cuda-",
                                         "-mcumode",
                                         "-mno-cumode",
                                         "-mwavefrontsize64",
                                         "-mno-wavefrontsize64",
                                         "-munsafe-fp-atomics",
                                         "-mno-unsafe-fp-atomics",
                                         "-mxnack",
                                         "-mno-xnack",
                                         "-Xoffload-linker",
                                         "-mcode-object-version",
                                         "-nogpulib",
                                         "-nogpuinc",
                                         "-ggdb-device",
                                         "--save-temps-device"};
  for (size_t k = 0; k < sizeof prefixes / sizeof *prefixes; k++)
    if (starts(a, prefixes[k]))
      return true;
  return false;
}

/* Flags whose value is the next argument, and the list they join. */
static arg_list *takes_value(hipcc_args *o, const char *a) {
  static const char *const preprocess[] = {"-D",      "-U",         "-I",       "-isystem",
                                           "-iquote", "-idirafter", "-include", "-imacros",
                                           "-MF",     "-MT",        "-MQ"};
  for (size_t k = 0; k < sizeof preprocess / sizeof *preprocess; k++)
    if (strcmp(a, preprocess[k]) == 0)
      return &o->preprocess;
  if (strcmp(a, "-L") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "-Xlinker") == 0)
    return &o->link;
  if (strcmp(a, "-mllvm") == 0 || strcmp(a, "-Xarch_device") == 0)
    return &o->ignored;
  return NULL;
}

static bool is_preprocess(const char *a) {
  return starts(a, "-D") || starts(a, "-U") || starts(a, "-I") || starts(a, "-isystem") ||
         starts(a, "-iquote") || starts(a, "-idirafter") || starts(a, "-M") ||
         starts(a, "-include") || starts(a, "-imacros") || starts(a, "-nostdinc");
}

static bool is_link(const char *a) {
  return starts(a, "-l") || starts(a, "-L") || starts(a, "-Wl,") || strcmp(a, "-shared") == 0 ||
         strcmp(a, "-static") == 0 || strcmp(a, "-rdynamic") == 0 || strcmp(a, "-pie") == 0 ||
         strcmp(a, "-no-pie") == 0 || starts(a, "-static-lib") || starts(a, "-fuse-ld=") ||
         strcmp(a, "-nostdlib") == 0 || strcmp(a, "-nodefaultlibs") == 0;
}

static input_kind kind_of(const char *path, const char *language) {
  if (language != NULL) {
    if (strcmp(language, "c") == 0)
      return INPUT_C;
    if (strcmp(language, "none") != 0)
      return INPUT_HIP; /* hip, cu, cuda, c++ */
  }
  static const char *const hip[] = {".cpp", ".cc", ".cxx", ".c++", ".C", ".cu", ".hip", ".cp"};
  for (size_t k = 0; k < sizeof hip / sizeof *hip; k++)
    if (ends(path, hip[k]))
      return INPUT_HIP;
  return ends(path, ".c") ? INPUT_C : INPUT_LINK;
}

static bool add_input(hipcc_args *o, const char *path, const char *language) {
  input *at = realloc(o->inputs, (o->input_count + 1) * sizeof *at);
  if (at == NULL)
    return false;
  o->inputs = at;
  o->inputs[o->input_count++] = (input){path, kind_of(path, language)};
  return true;
}

static bool sort_one(hipcc_args *o, int argc, char **argv, int *i, const char **language) {
  const char *a = argv[*i];
  if (a[0] != '-' || strcmp(a, "-") == 0)
    return add_input(o, a, *language);
  if (strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0) {
    hipcc_mode m = a[1] == 'c' ? MODE_COMPILE : a[1] == 'S' ? MODE_ASSEMBLY : MODE_PREPROCESS;
    if (o->mode != MODE_PREPROCESS)
      o->mode = m;
    return true;
  }
  if (strcmp(a, "-x") == 0 || strcmp(a, "-o") == 0) {
    if (*i + 1 >= argc) {
      fprintf(stderr, "hipcc: error: %s needs a value\n", a);
      return false;
    }
    *(a[1] == 'x' ? language : &o->output) = argv[++*i];
    return true;
  }
  if (starts(a, "-x")) {
    *language = a + 2;
    return true;
  }
  if (starts(a, "-o")) {
    o->output = a + 2;
    return true;
  }
  if (starts(a, "--rocm-version=")) {
    unsigned major, minor;
    o->rocm_version = a + strlen("--rocm-version=");
    if (sscanf(o->rocm_version, "%u.%u", &major, &minor) != 2) {
      fprintf(stderr, "hipcc: error: %s: give the release as MAJOR.MINOR, as 6.2\n", a);
      return false;
    }
    return true;
  }
  if (strcmp(a, "--version") == 0) {
    o->version = true;
    return true;
  }
  if (starts(a, "-std=")) {
    const char *v = a + 5;
    if (strstr(v, "++") == NULL) {
      o->c_std = a;
      return true;
    }
    /* mockhip's launches are C++17 templates: an older standard is raised, as little as that */
    static const char *const older[] = {"c++98",   "c++03",   "c++0x",   "c++11",
                                        "c++1y",   "c++14",   "gnu++98", "gnu++03",
                                        "gnu++0x", "gnu++11", "gnu++1y", "gnu++14"};
    o->cxx_std = a;
    for (size_t k = 0; k < sizeof older / sizeof *older; k++)
      if (strcmp(v, older[k]) == 0) {
        o->cxx_std = v[0] == 'g' ? "-std=gnu++17" : "-std=c++17";
        o->raised_std = a;
      }
    return true;
  }
  if (strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0)
    o->mode = MODE_PASS;
  o->dep_file |= strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0;
  o->dep_named |= starts(a, "-MF");
  o->dep_target |= starts(a, "-MT") || starts(a, "-MQ");
  if (strcmp(a, "-v") == 0)
    o->verbose = true;
  if (gpu_only(a))
    return arg_push(&o->ignored, a);
  arg_list *with_value = takes_value(o, a);
  if (with_value != NULL) {
    if (*i + 1 >= argc) {
      fprintf(stderr, "hipcc: error: %s needs a value\n", a);
      return false;
    }
    return arg_push(with_value, a) && arg_push(with_value, argv[++*i]);
  }
  if (is_preprocess(a))
    return arg_push(&o->preprocess, a);
  if (is_link(a))
    return arg_push(&o->link, a);
  if (strcmp(a, "-pthread") == 0)
    return arg_push(&o->compile, a) && arg_push(&o->link, a);
  return arg_push(&o->compile, a);
}

bool hipcc_args_parse(int argc, char **argv, hipcc_args *out) {
  *out = (hipcc_args){.mode = MODE_LINK};
  const char *language = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!arg_push(&out->pass, a) || !sort_one(out, argc, argv, &i, &language)) {
      hipcc_args_free(out);
      return false;
    }
    if (i > 0 && argv[i] != a && !arg_push(&out->pass, argv[i])) { /* a flag's value */
      hipcc_args_free(out);
      return false;
    }
  }
  const char *verbose = getenv("HIPCC_VERBOSE");
  if (verbose != NULL && *verbose != '\0' && strcmp(verbose, "0") != 0)
    out->verbose = true;
  bool sources = false;
  for (size_t k = 0; k < out->input_count; k++)
    sources |= out->inputs[k].kind != INPUT_LINK;
  if (!sources && out->mode != MODE_LINK)
    out->mode = MODE_PASS;
  return true;
}

void hipcc_args_free(hipcc_args *args) {
  free(args->preprocess.at);
  free(args->compile.at);
  free(args->link.at);
  free(args->ignored.at);
  free(args->pass.at);
  free(args->inputs);
  *args = (hipcc_args){0};
}
