/*
 * hipcc's rewrite of preprocessed HIP (mockhip/hipcc/rewrite.h): each launch
 * form becomes a chevron call on its own line, literals and shift operators
 * stay as they are, kernels defined at file scope are registered, and
 * dynamic shared memory gets its pointer. A malformed launch is an error on
 * the user's line. The compiled behaviour is test_hipcc's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rewrite.h"
#include "tokens.h"

static size_t lines(const char *s) {
  size_t n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

static size_t occurrences(const char *s, const char *what) {
  size_t n = 0;
  for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
    n++;
  return n;
}

/* Rewrites text, which must rewrite without error and keep its line count. */
static char *rewritten(const char *text) {
  int errors = -1;
  char *out = rewrite_hip(text, &errors);
  assert_non_null(out);
  assert_int_equal(errors, 0);
  assert_int_equal(lines(out), lines(text));
  return out;
}

/* Rewrites text, which must fail with errors errors; stderr goes to a file whose text is
   returned (the caller frees it). */
static char *refused(const char *text, int expected) {
  char path[] = "/tmp/rewrite-errors-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  fflush(stderr);
  FILE *saved = fdopen(dup(2), "w");
  assert_non_null(saved);
  assert_true(dup2(fd, 2) >= 0);
  int errors = -1;
  char *out = rewrite_hip(text, &errors);
  fflush(stderr);
  dup2(fileno(saved), 2);
  fclose(saved);
  assert_null(out);
  assert_int_equal(errors, expected);
  char *said = calloc(1, 4096);
  assert_non_null(said);
  assert_true(lseek(fd, 0, SEEK_SET) == 0);
  assert_true(read(fd, said, 4095) >= 0);
  close(fd);
  unlink(path);
  return said;
}

static void test_plain_launch(void **state) {
  (void)state;
  char *out = rewritten("# 1 \"a.hip\"\nint main() {\n  k<<<1, 2>>>(p, n);\n}\n");
  assert_non_null(strstr(out, "::mockhip::detail::chevron(\"k\", "));
  assert_non_null(strstr(out, "{ k(mockhip_a_...); },1, 2)(p, n);"));
  assert_null(strstr(out, "<<<"));
  assert_null(strstr(out, ">>>"));
  free(out);
}

/* Qualified names, template arguments (with >> and >>> closing them), parentheses, array
   elements, members: the whole expression before <<< is the kernel. */
static void test_kernel_expressions(void **state) {
  (void)state;
  static const struct {
    const char *source, *name;
  } cases[] = {
      {"ns::k<<<1, 1>>>(x);", "\"ns :: k\""},
      {"::ns::k<float, 4><<<g, b, 0, s>>>(x);", "\":: ns :: k < float , 4 >\""},
      {"k<A<B<int>>><<<1, 1>>>(x);", "\"k < A < B < int >>>\""},
      {"k<std::vector<int>><<<1, 1>>>(x);", "\"k < std :: vector < int >>\""},
      {"(*table[2])<<<1, 1>>>(x);", "\"( * table [ 2 ] )\""},
      {"table[i]<<<1, 1>>>(x);", "\"table [ i ]\""},
      {"obj.template k<int><<<1, 1>>>(x);", "\"obj . template k < int >\""},
      {"if (ok) k<<<1, 1>>>(x);", "\"k\""},
      {"return k<<<1, 1>>>(x);", "\"k\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *out = rewritten(cases[i].source);
    if (strstr(out, cases[i].name) == NULL)
      fail_msg("%s\n  became %s\n  not naming %s", cases[i].source, out, cases[i].name);
    free(out);
  }
}

/* A configuration over several lines keeps its lines: the arguments stay on theirs. */
static void test_lines_kept(void **state) {
  (void)state;
  const char *text = "void f() {\n  ns::\n  k<<<dim3(1,\n 2), 3,\n 0>>>(a,\n b);\n}\n";
  char *out = rewritten(text);
  /* the arguments' line: 5th of the output as of the input */
  const char *line = out;
  for (int i = 0; i < 4; i++)
    line = strchr(line, '\n') + 1;
  assert_true(strncmp(line, " 0)(a,", 6) == 0);
  free(out);
}

/* Literals, shifts and operator<<<T> are no launches. */
static void test_not_launches(void **state) {
  (void)state;
  const char *text = "const char *s = \"k<<<1, 1>>>(x)\";\n"
                     "const char *r = R\"x(k<<<1,1>>>() )\" )x\";\n"
                     "char c = '<'; int big = 1'000'000; long h = 0x1p+3 << 2;\n"
                     "std::vector<std::vector<std::vector<int>>> v;\n"
                     "template <class T> S operator<<<T>(S s, T t);\n"
                     "auto w = u8\"<<<\"; int y = x >> 2 >> 1;\n";
  char *out = rewritten(text);
  assert_string_equal(out, text);
  free(out);
}

static void test_malformed_launches(void **state) {
  (void)state;
  static const struct {
    const char *source, *said;
  } cases[] = {
      {"# 7 \"user.hip\"\nvoid f() { k<<<1>>>(x); }\n", "user.hip:7:13: error: a kernel launch's "
                                                        "configuration is <<<grid, block"},
      {"# 3 \"user.hip\"\nvoid f() {\n k<<<1, 2, 3, 4, 5>>>(x); }\n", "user.hip:4:3: error:"},
      {"# 3 \"user.hip\"\nvoid f() { k<<<1, 2>>>; }\n", "needs its arguments in parentheses"},
      {"void f() { k<<<1, 2; }\n", "<input>:1:13: error: this kernel launch's '<<<' has no "
                                   "'>>>'"},
      {"void f() { <<<1, 2>>>(x); }\n", "needs the kernel before '<<<'"},
      {"void f() { k<<<>>>(x); }\n", "not 0"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *said = refused(cases[i].source, 1);
    if (strstr(said, cases[i].said) == NULL)
      fail_msg("%s\n  said %s\n  not %s", cases[i].source, said, cases[i].said);
    free(said);
  }
}

/* Each kernel defined at file scope (in namespaces, extern "C") is registered after its
   body, a template's specializations through its body; declarations, templates with an
   unnamed parameter and what a class holds are not. */
static void test_kernels_registered(void **state) {
  (void)state;
  const char *text = "namespace a { namespace b {\n"
                     "__mockhip_global__ void one(int *p) { if (p) { *p = 1; } }\n"
                     "} }\n"
                     "extern \"C\" { __mockhip_global__ void two(int) {} }\n"
                     "__mockhip_global__ __attribute__((amdgpu_flat_work_group_size(1, 256)))"
                     " void three(float *f) { *f = 0; }\n"
                     "__mockhip_global__ void declared(int *p);\n"
                     "template <typename T> __mockhip_global__ void templ(T *p) { *p = T(); }\n"
                     "template <class T, int N = 2, typename... Ts>\n"
                     "__mockhip_global__ void packed(T *p, Ts... ts) { *p = N; }\n"
                     "template <typename> __mockhip_global__ void unnamed(int *p) { *p = 0; }\n"
                     "template <typename T> struct S { __mockhip_global__ void m(); };\n"
                     "void host() { struct L { }; }\n"
                     "void a::b::one2();\n";
  char *out = rewritten(text);
  assert_int_equal(occurrences(out, "register_kernel("), 3);
  assert_non_null(strstr(out, "} } [[maybe_unused]] static const bool mockhip_kernel_known_0_ "
                              "= ::mockhip::detail::register_kernel(\"one\""));
  assert_non_null(strstr(out, "register_kernel(\"two\""));
  assert_non_null(strstr(out, "register_kernel(\"three\""));
  assert_non_null(strstr(out, "[[maybe_unused]] static const char *mockhip_kernel_name_3_() "
                              "{ return \"templ\"; } template <typename T>"));
  assert_non_null(strstr(out, "{ (void)::mockhip::detail::kernel_template_known<&templ<T>, "
                              "mockhip_kernel_name_3_>; *p = T(); }"));
  assert_non_null(strstr(out, "kernel_template_known<&packed<T, N, Ts...>, "));
  assert_int_equal(occurrences(out, "kernel_template_known<"), 2);
  assert_null(strstr(out, REWRITE_GLOBAL_MARK));
  free(out);
}

/* extern __shared__ arrays: a pointer to the launch's dynamic shared memory in a function,
   an object that is one in each block at file scope; other __shared__ become thread_local. */
static void test_shared_memory(void **state) {
  (void)state;
  char *out =
      rewritten("void k() {\n extern __mockhip_shared__ float tile[];\n"
                " extern __mockhip_shared__ __attribute__((aligned(16))) double rows[][8];\n"
                " __mockhip_shared__ int fixed[64];\n}\n"
                "extern __mockhip_shared__ unsigned char file_scope[];\n");
  assert_non_null(strstr(out, " float *tile = ( float *)::mockhip_kernel_thread.dynamic_shared;"));
  assert_non_null(strstr(
      out, " double (*rows)[ 8 ] = ( double (*)[ 8 ])::mockhip_kernel_thread.dynamic_shared;"));
  assert_non_null(strstr(out, " thread_local int fixed[64];"));
  assert_non_null(
      strstr(out, "static ::mockhip::detail::dynamic_shared< unsigned char> file_scope;"));
  free(out);
  char *said = refused("void k() { extern __mockhip_shared__ float tile[4]; }\n", 1);
  assert_non_null(strstr(said, "array of unknown size"));
  free(said);
}

/* Line markers name the user's file and line, gcc's and clang's forms alike. */
static void test_where(void **state) {
  (void)state;
  const char *text = "# 0 \"a.hip\"\n# 1 \"<built-in>\"\n# 1 \"a.hip\"\nint x;\n"
                     "# 1 \"/inc/h.h\" 1 3\nint y;\nint z;\n#line 40 \"b.hip\"\n  int w;\n";
  char where[128];
  tokens_where(text, strstr(text, "int x") - text, where, sizeof where);
  assert_string_equal(where, "a.hip:1:1");
  tokens_where(text, strstr(text, "int z") - text, where, sizeof where);
  assert_string_equal(where, "/inc/h.h:2:1");
  tokens_where(text, strstr(text, "int w") - text, where, sizeof where);
  assert_string_equal(where, "b.hip:40:3");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_launch),       cmocka_unit_test(test_kernel_expressions),
      cmocka_unit_test(test_lines_kept),         cmocka_unit_test(test_not_launches),
      cmocka_unit_test(test_malformed_launches), cmocka_unit_test(test_kernels_registered),
      cmocka_unit_test(test_shared_memory),      cmocka_unit_test(test_where),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
