/*
 * args.h: hipcc's command line, sorted into what each step of a build gets:
 * the preprocessor (defines, include paths, dependency files), the compiler
 * (optimisation, warnings, code generation), the link (libraries, objects),
 * and the flags that only matter for GPU code, which hipcc drops.
 */
#ifndef HIPCC_ARGS_H
#define HIPCC_ARGS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct arg_list {
  const char **at;
  size_t count, cap;
} arg_list;

typedef enum { INPUT_HIP, INPUT_C, INPUT_LINK } input_kind;

typedef struct input {
  const char *path;
  input_kind kind;
} input;

typedef enum { MODE_LINK, MODE_COMPILE, MODE_ASSEMBLY, MODE_PREPROCESS, MODE_PASS } hipcc_mode;

typedef struct hipcc_args {
  hipcc_mode mode;
  const char *output;       /* -o, or NULL */
  const char *cxx_std;      /* -std= for C++ (HIP) sources, or NULL */
  const char *raised_std;   /* a -std= older than C++17, which cxx_std raised, or NULL */
  const char *c_std;        /* -std= for C sources, or NULL */
  const char *rocm_version; /* --rocm-version=MAJOR.MINOR, or NULL */
  bool verbose;             /* -v, or HIPCC_VERBOSE */
  bool version;             /* --version */
  bool dep_file;            /* -MD or -MMD */
  bool dep_named;           /* -MF given */
  bool dep_target;          /* -MT or -MQ given */
  arg_list preprocess;      /* -D, -U, -I, -include, -M*: the preprocessor's */
  arg_list compile;         /* the rest of the compile's: -O, -g, -W, -f, -m */
  arg_list link;            /* -l, -L, -Wl, -shared: the link's */
  arg_list ignored;         /* GPU code generation's: dropped, named in one note */
  arg_list pass;            /* everything, in order, for MODE_PASS (-M, no inputs) */
  input *inputs;
  size_t input_count;
} hipcc_args;

/* Sorts argv[1..argc-1]. Returns false, with a message on stderr, for a flag missing its
   value or no memory. */
bool hipcc_args_parse(int argc, char **argv, hipcc_args *out);
void hipcc_args_free(hipcc_args *args);

bool arg_push(arg_list *list, const char *arg);

#endif /* HIPCC_ARGS_H */
