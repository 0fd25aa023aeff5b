/*
 * hipcc: ROCm's compiler driver for mockhip. It builds HIP sources for the
 * CPU with the host C++ compiler, so a project builds unchanged with
 * CXX=hipcc: each HIP source is preprocessed (with <hip/hip_runtime.h>
 * included first, as hip-clang does), rewritten (rewrite.h: launches,
 * kernels, shared memory) and compiled; C sources are compiled as C; the link
 * adds libmockhip. The compilers are the ones mockhip was built with, or
 * HIPCC_CXX and HIPCC_CC.
 *
 * Environment, as ROCm's hipcc reads it: HIPCC_VERBOSE (print each command),
 * HIPCC_COMPILE_FLAGS_APPEND, HIPCC_LINK_FLAGS_APPEND. HIPCC_KEEP_TEMPS keeps
 * the rewritten sources and says where.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "args.h"
#include "rewrite.h"

#ifndef HIPCC_CXX
#define HIPCC_CXX "c++"
#endif
#ifndef HIPCC_CC
#define HIPCC_CC "cc"
#endif
#ifndef HIPCC_BINDIR /* the install's folders, relative to its prefix */
#define HIPCC_BINDIR "bin"
#endif
#ifndef HIPCC_INCLUDEDIR
#define HIPCC_INCLUDEDIR "include/mockhip"
#endif
#ifndef HIPCC_LIBDIR
#define HIPCC_LIBDIR "lib"
#endif
#ifndef HIPCC_HIP_VERSION
#define HIPCC_HIP_VERSION "7.2.0"
#endif
#ifndef HIPCC_VERSION
#define HIPCC_VERSION "0"
#endif

typedef struct paths {
  char include[PATH_MAX];
  char lib[PATH_MAX];
  char temp[PATH_MAX / 2]; /* this run's folder for rewritten sources and objects */
} paths;

static const char *env_or(const char *name, const char *fallback) {
  const char *v = getenv(name);
  return v != NULL && *v != '\0' ? v : fallback;
}

/* The install's prefix from where this program is: <prefix>/<bindir>/hipcc. Overridden by
   HIPCC_MOCKHIP_INCLUDE and HIPCC_MOCKHIP_LIB (a build tree's). */
static bool find_paths(paths *p) {
  char self[PATH_MAX / 2]; /* room left for the folders after it */
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "hipcc: error: cannot find where hipcc is installed: %s\n", strerror(errno));
    return false;
  }
  self[n] = '\0';
  char *cut = strrchr(self, '/');
  if (cut != NULL)
    *cut = '\0';
  size_t dir = strlen(self), bindir = strlen(HIPCC_BINDIR);
  if (dir > bindir && strcmp(self + dir - bindir, HIPCC_BINDIR) == 0 &&
      self[dir - bindir - 1] == '/')
    self[dir - bindir - 1] = '\0';
  snprintf(p->include, sizeof p->include, "%s/%s", self, HIPCC_INCLUDEDIR);
  snprintf(p->lib, sizeof p->lib, "%s/%s", self, HIPCC_LIBDIR);
  const char *inc = getenv("HIPCC_MOCKHIP_INCLUDE"), *lib = getenv("HIPCC_MOCKHIP_LIB");
  if (inc != NULL)
    snprintf(p->include, sizeof p->include, "%s", inc);
  if (lib != NULL)
    snprintf(p->lib, sizeof p->lib, "%s", lib);
  return true;
}

/* ---- running the compilers ---- */

static int run(const hipcc_args *a, arg_list *cmd) {
  if (!arg_push(cmd, NULL)) {
    fprintf(stderr, "hipcc: error: out of memory\n");
    return 1;
  }
  if (a->verbose) {
    for (size_t k = 0; cmd->at[k] != NULL; k++)
      fprintf(stderr, "%s%s", k ? " " : "", cmd->at[k]);
    fputc('\n', stderr);
  }
  pid_t child = fork();
  if (child == 0) {
    execvp(cmd->at[0], (char *const *)cmd->at);
    fprintf(stderr, "hipcc: error: cannot run %s: %s\n", cmd->at[0], strerror(errno));
    _exit(127);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0) {
    fprintf(stderr, "hipcc: error: cannot run %s: %s\n", cmd->at[0], strerror(errno));
    return 1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static bool push_all(arg_list *cmd, const arg_list *from) {
  for (size_t k = 0; k < from->count; k++)
    if (!arg_push(cmd, from->at[k]))
      return false;
  return true;
}

/* Whitespace-separated flags from an environment variable, split once and kept until exit
   (env_words_free). */
typedef struct env_words {
  const char *name;
  char *copy;
  arg_list words;
} env_words;
static env_words env_cache[4];

static bool push_env(arg_list *cmd, const char *name) {
  env_words *e = NULL;
  for (size_t k = 0; k < sizeof env_cache / sizeof *env_cache && e == NULL; k++)
    if (env_cache[k].name == NULL || strcmp(env_cache[k].name, name) == 0)
      e = &env_cache[k];
  if (e == NULL)
    return false;
  if (e->name == NULL) {
    e->name = name;
    const char *v = getenv(name);
    if (v != NULL && (e->copy = strdup(v)) == NULL)
      return false;
    for (char *word = e->copy != NULL ? strtok(e->copy, " \t\n") : NULL; word != NULL;
         word = strtok(NULL, " \t\n"))
      if (!arg_push(&e->words, word))
        return false;
  }
  return push_all(cmd, &e->words);
}

static void env_words_free(void) {
  for (size_t k = 0; k < sizeof env_cache / sizeof *env_cache; k++) {
    free(env_cache[k].copy);
    free(env_cache[k].words.at);
  }
}

/* What every HIP compile is given: mockhip's headers, the platform, the release (version holds
   192 bytes). */
static bool push_hip_defines(arg_list *cmd, const hipcc_args *a, const paths *p, char *inc,
                             char *version) {
  snprintf(inc, PATH_MAX + 2, "-I%s", p->include);
  bool ok = arg_push(cmd, inc) && arg_push(cmd, "-D__HIP_PLATFORM_AMD__=1") &&
            arg_push(cmd, "-D__HIPCC__=1") && arg_push(cmd, "-D__MOCKHIP_HIPCC__=1");
  /* The release is always the program's own (the header's, 7.2, unless --rocm-version chose
     another), so that mockhip plays the release its #if HIP_VERSION code was built for. */
  unsigned major, minor;
  const char *release = a->rocm_version != NULL ? a->rocm_version : HIPCC_HIP_VERSION;
  if (ok && sscanf(release, "%u.%u", &major, &minor) == 2) {
    snprintf(version, 96, "-DMOCKHIP_HIP_VERSION_MAJOR=%u", major);
    snprintf(version + 96, 96, "-DMOCKHIP_HIP_VERSION_MINOR=%u", minor);
    ok = arg_push(cmd, version) && arg_push(cmd, version + 96);
  }
  return ok;
}

/* ---- one source ---- */

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *text = malloc(cap);
  for (size_t got; text != NULL && (got = fread(text + n, 1, cap - n - 1, f)) > 0;) {
    n += got;
    if (n + 1 == cap) {
      char *grown = realloc(text, cap *= 2);
      if (grown == NULL)
        free(text);
      text = grown;
    }
  }
  fclose(f);
  if (text != NULL)
    text[n] = '\0';
  return text;
}

static bool spill(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (f == NULL)
    return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

/* Preprocesses and rewrites HIP source src into rewritten; the preprocessor writes the
   dependency file the user asked for, naming object. */
static int prepare(const hipcc_args *a, const paths *p, const char *src, const char *object,
                   const char *rewritten) {
  char preprocessed[PATH_MAX + 8], inc[PATH_MAX + 2], version[192], dep[PATH_MAX];
  snprintf(preprocessed, sizeof preprocessed, "%s.ii", rewritten);
  arg_list cmd = {0};
  bool ok = arg_push(&cmd, env_or("HIPCC_CXX", HIPCC_CXX)) &&
            arg_push(&cmd, a->cxx_std != NULL ? a->cxx_std : "-std=c++17") &&
            push_hip_defines(&cmd, a, p, inc, version) && push_all(&cmd, &a->preprocess) &&
            arg_push(&cmd, "-include") && arg_push(&cmd, "hip/hip_runtime.h") &&
            push_all(&cmd, &a->compile) && push_env(&cmd, "HIPCC_COMPILE_FLAGS_APPEND") &&
            arg_push(&cmd, "-x") && arg_push(&cmd, "c++") && arg_push(&cmd, "-E") &&
            arg_push(&cmd, src) && arg_push(&cmd, "-o") && arg_push(&cmd, preprocessed);
  if (ok && a->dep_file && object != NULL) {
    /* gcc names the file after -o, which is the preprocessed copy here */
    if (!a->dep_named) {
      snprintf(dep, sizeof dep, "%s", object);
      char *dot = strrchr(dep, '.'), *slash = strrchr(dep, '/');
      if (dot != NULL && (slash == NULL || dot > slash))
        *dot = '\0';
      strncat(dep, ".d", sizeof dep - strlen(dep) - 1);
      ok = arg_push(&cmd, "-MF") && arg_push(&cmd, dep);
    }
    if (ok && !a->dep_target)
      ok = arg_push(&cmd, "-MT") && arg_push(&cmd, object);
  }
  int status = ok ? run(a, &cmd) : 1;
  free(cmd.at);
  if (status != 0)
    return status;
  char *text = slurp(preprocessed);
  if (text == NULL) {
    fprintf(stderr, "hipcc: error: cannot read %s: %s\n", preprocessed, strerror(errno));
    return 1;
  }
  int errors = 0;
  char *out = rewrite_hip(text, &errors);
  free(text);
  if (out == NULL) {
    if (errors == 0)
      fprintf(stderr, "hipcc: error: out of memory rewriting %s\n", src);
    return 1;
  }
  ok = spill(rewritten, out);
  free(out);
  if (!ok) {
    fprintf(stderr, "hipcc: error: cannot write %s: %s\n", rewritten, strerror(errno));
    return 1;
  }
  return 0;
}

/* Compiles one source into object (or assembly with -S). */
static int compile(const hipcc_args *a, const paths *p, const input *in, const char *object,
                   unsigned index) {
  arg_list cmd = {0};
  char rewritten[PATH_MAX], inc[PATH_MAX + 2], version[192];
  bool ok;
  int status = 0;
  if (in->kind == INPUT_HIP) {
    snprintf(rewritten, sizeof rewritten, "%s/%u.ii", p->temp, index);
    if ((status = prepare(a, p, in->path, object, rewritten)) != 0)
      return status;
    ok = arg_push(&cmd, env_or("HIPCC_CXX", HIPCC_CXX)) &&
         arg_push(&cmd, a->cxx_std != NULL ? a->cxx_std : "-std=c++17") &&
         push_all(&cmd, &a->compile) && push_env(&cmd, "HIPCC_COMPILE_FLAGS_APPEND") &&
         arg_push(&cmd, "-x") && arg_push(&cmd, "c++-cpp-output") && arg_push(&cmd, rewritten);
  } else {
    ok = arg_push(&cmd, env_or("HIPCC_CC", HIPCC_CC)) &&
         (a->c_std == NULL || arg_push(&cmd, a->c_std)) &&
         push_hip_defines(&cmd, a, p, inc, version) && push_all(&cmd, &a->preprocess) &&
         push_all(&cmd, &a->compile) && push_env(&cmd, "HIPCC_COMPILE_FLAGS_APPEND") &&
         arg_push(&cmd, "-x") && arg_push(&cmd, "c") && arg_push(&cmd, in->path);
  }
  ok = ok && arg_push(&cmd, a->mode == MODE_ASSEMBLY ? "-S" : "-c");
  if (ok && object != NULL)
    ok = arg_push(&cmd, "-o") && arg_push(&cmd, object);
  status = ok ? run(a, &cmd) : 1;
  free(cmd.at);
  return status;
}

/* hipcc -E: the rewritten source, what the compiler is given. */
static int preprocess_only(const hipcc_args *a, const paths *p, const input *in) {
  char rewritten[PATH_MAX];
  snprintf(rewritten, sizeof rewritten, "%s/e.ii", p->temp);
  int status = prepare(a, p, in->path, a->output, rewritten);
  if (status != 0)
    return status;
  char *text = slurp(rewritten);
  if (text == NULL)
    return 1;
  bool ok = a->output != NULL ? spill(a->output, text) : fputs(text, stdout) >= 0;
  free(text);
  return ok ? 0 : 1;
}

/* The object a source compiles to with -c: -o's for one source, else its name in the
   current folder with .o. */
static void object_name(const hipcc_args *a, const input *in, char *out, size_t bytes) {
  if (a->output != NULL) {
    snprintf(out, bytes, "%s", a->output);
    return;
  }
  const char *base = strrchr(in->path, '/');
  snprintf(out, bytes, "%s", base != NULL ? base + 1 : in->path);
  char *dot = strrchr(out, '.');
  if (dot != NULL)
    *dot = '\0';
  strncat(out, a->mode == MODE_ASSEMBLY ? ".s" : ".o", bytes - strlen(out) - 1);
}

/* ---- the whole build ---- */

static int link_all(const hipcc_args *a, const paths *p) {
  arg_list cmd = {0};
  char names[64][PATH_MAX];
  bool ok = arg_push(&cmd, env_or("HIPCC_CXX", HIPCC_CXX)) && push_all(&cmd, &a->compile);
  int status = 0;
  unsigned made = 0;
  for (size_t k = 0; ok && status == 0 && k < a->input_count; k++) {
    const input *in = &a->inputs[k];
    if (in->kind == INPUT_LINK) {
      ok = arg_push(&cmd, in->path);
      continue;
    }
    if (made == sizeof names / sizeof *names) {
      fprintf(stderr, "hipcc: error: more than %zu sources in one link: compile them with -c\n",
              sizeof names / sizeof *names);
      status = 1;
      break;
    }
    snprintf(names[made], PATH_MAX, "%s/%u.o", p->temp, made);
    status = compile(a, p, in, names[made], made + 1000);
    ok = arg_push(&cmd, names[made++]);
  }
  char libdir[PATH_MAX + 2], rpath[PATH_MAX + 16];
  snprintf(libdir, sizeof libdir, "-L%s", p->lib);
  snprintf(rpath, sizeof rpath, "-Wl,-rpath,%s", p->lib);
  ok = ok && push_all(&cmd, &a->link) && push_env(&cmd, "HIPCC_LINK_FLAGS_APPEND") &&
       arg_push(&cmd, libdir) && arg_push(&cmd, rpath) && arg_push(&cmd, "-lmockhip") &&
       (a->output == NULL || (arg_push(&cmd, "-o") && arg_push(&cmd, a->output)));
  if (status == 0)
    status = ok ? run(a, &cmd) : 1;
  free(cmd.at);
  return status;
}

/* No source to build (hipcc -v, -M): the host compiler, with mockhip's headers. */
static int pass_through(const hipcc_args *a, const paths *p) {
  arg_list cmd = {0};
  char inc[PATH_MAX + 2], version[192];
  bool ok =
      arg_push(&cmd, env_or("HIPCC_CXX", HIPCC_CXX)) && push_hip_defines(&cmd, a, p, inc, version);
  for (size_t k = 0; ok && k < a->pass.count; k++) {
    const char *arg = a->pass.at[k];
    bool dropped = strncmp(arg, "--rocm-version=", 15) == 0;
    for (size_t j = 0; j < a->ignored.count; j++)
      dropped |= a->ignored.at[j] == arg;
    if (!dropped)
      ok = arg_push(&cmd, arg);
  }
  int status = ok ? run(a, &cmd) : 1;
  free(cmd.at);
  return status;
}

/* The run's folder holds only files this run made. */
static void remove_temps(const paths *p) {
  if (getenv("HIPCC_KEEP_TEMPS") != NULL) {
    fprintf(stderr, "hipcc: kept %s\n", p->temp);
    return;
  }
  DIR *dir = opendir(p->temp);
  char path[PATH_MAX * 2];
  for (struct dirent *e; dir != NULL && (e = readdir(dir)) != NULL;)
    if (e->d_name[0] != '.') {
      snprintf(path, sizeof path, "%s/%s", p->temp, e->d_name);
      unlink(path);
    }
  if (dir != NULL)
    closedir(dir);
  rmdir(p->temp);
}

static int version(const hipcc_args *a, const paths *p) {
  printf("HIP version: %s (mockhip %s: kernels run on the CPU)\n", HIPCC_HIP_VERSION,
         HIPCC_VERSION);
  fflush(stdout);
  return pass_through(a, p);
}

int main(int argc, char **argv) {
  hipcc_args a;
  paths p;
  if (!hipcc_args_parse(argc, argv, &a))
    return 1;
  if (!find_paths(&p)) {
    hipcc_args_free(&a);
    return 1;
  }
  if (a.ignored.count > 0) {
    fprintf(stderr, "hipcc: note: ignoring");
    for (size_t k = 0; k < a.ignored.count; k++)
      fprintf(stderr, "%s %s", k ? "," : "", a.ignored.at[k]);
    fprintf(stderr, ": %s GPU code, and mockhip runs kernels on the CPU\n",
            a.ignored.count > 1 ? "they shape" : "it shapes");
  }
  if (a.raised_std != NULL)
    fprintf(stderr, "hipcc: note: %s is raised to %s: mockhip's kernel launches need C++17\n",
            a.raised_std, a.cxx_std + 5);
  int status;
  if (a.version) {
    status = version(&a, &p);
  } else if (a.mode == MODE_PASS) {
    status = pass_through(&a, &p);
  } else {
    snprintf(p.temp, sizeof p.temp, "%s/hipcc-XXXXXX", env_or("TMPDIR", "/tmp"));
    if (mkdtemp(p.temp) == NULL) {
      fprintf(stderr, "hipcc: error: cannot make a folder in %s: %s\n", env_or("TMPDIR", "/tmp"),
              strerror(errno));
      hipcc_args_free(&a);
      return 1;
    }
    status = 0;
    if (a.mode == MODE_LINK) {
      status = link_all(&a, &p);
    } else {
      size_t sources = 0;
      for (size_t k = 0; k < a.input_count; k++)
        sources += a.inputs[k].kind != INPUT_LINK;
      if (sources > 1 && a.output != NULL) {
        fprintf(stderr, "hipcc: error: -o names one output, and %zu sources are given\n", sources);
        status = 1;
      }
      for (size_t k = 0; status == 0 && k < a.input_count; k++) {
        const input *in = &a.inputs[k];
        if (in->kind == INPUT_LINK)
          continue;
        if (a.mode == MODE_PREPROCESS) {
          status = in->kind == INPUT_HIP ? preprocess_only(&a, &p, in) : pass_through(&a, &p);
          continue;
        }
        char object[PATH_MAX];
        object_name(&a, in, object, sizeof object);
        status = compile(&a, &p, in, object, (unsigned)k);
      }
    }
    remove_temps(&p);
  }
  hipcc_args_free(&a);
  env_words_free();
  return status;
}
