/*
 * test_access_bytes.c: the size of a faulting access read from its instruction
 * (access_bytes.c), which an explanation gives as "a write of 4 bytes": the
 * moves, ALU forms, string moves and SSE/AVX moves compilers emit, with their
 * prefixes, and the encodings it does not know (0: the size left out).
 */
#include "mock_test.h"

#include <stdint.h>

/* mockhip's own (hidden in the shared library; the tests link the static one). */
size_t mh__access_bytes(const void *pc);

typedef struct encoding {
  const char *what;
  uint8_t bytes[8];
  size_t size;
} encoding;

/* [rax] is ModRM 0x00, a register operand 0xc0. */
static const encoding encodings[] = {
    {"mov [rax], al", {0x88, 0x00}, 1},
    {"mov [rax], eax", {0x89, 0x00}, 4},
    {"mov [rax], rax", {0x48, 0x89, 0x00}, 8},
    {"mov [rax], ax", {0x66, 0x89, 0x00}, 2},
    {"mov eax, [rax]", {0x8b, 0x00}, 4},
    {"mov dword [rax], 1", {0xc7, 0x00, 0x01, 0, 0, 0}, 4},
    {"mov byte [rax], 1", {0xc6, 0x00, 0x01}, 1},
    {"mov eax, eax (no memory)", {0x89, 0xc0}, 0},
    {"add [rax], eax", {0x01, 0x00}, 4},
    {"add [rax], al", {0x00, 0x00}, 1},
    {"cmp cl, [rax]", {0x3a, 0x08}, 1},
    {"inc dword [rax]", {0xff, 0x00}, 4},
    {"call [rax] (no data access)", {0xff, 0x10}, 0},
    {"movsb", {0xa4}, 1},
    {"movsd (string)", {0xa5}, 4},
    {"rep movsq", {0xf3, 0x48, 0xa5}, 8},
    {"stosb", {0xaa}, 1},
    {"stosd", {0xab}, 4},
    {"test al, 1 (no memory)", {0xa8, 0x01}, 0},
    {"not byte [rax]", {0xf6, 0x10}, 1},
    {"shl dword [rax], 1", {0xd1, 0x20}, 4},
    {"xchg [rax], eax", {0x87, 0x00}, 4},
    {"lock cmpxchg [rax], ecx", {0xf0, 0x0f, 0xb1, 0x08}, 4},
    {"mov rax, gs:[rax]", {0x65, 0x48, 0x8b, 0x00}, 8},
    {"movzx eax, byte [rax]", {0x0f, 0xb6, 0x00}, 1},
    {"movzx eax, word [rax]", {0x0f, 0xb7, 0x00}, 2},
    {"movsx eax, word [rax]", {0x0f, 0xbf, 0x00}, 2},
    {"imul rax, [rax]", {0x48, 0x0f, 0xaf, 0x00}, 8},
    {"cmove eax, [rax]", {0x0f, 0x44, 0x00}, 4},
    {"movnti [rax], eax", {0x0f, 0xc3, 0x00}, 4},
    {"movss xmm0, [rax]", {0xf3, 0x0f, 0x10, 0x00}, 4},
    {"movsd xmm0, [rax]", {0xf2, 0x0f, 0x10, 0x00}, 8},
    {"movups [rax], xmm0", {0x0f, 0x11, 0x00}, 16},
    {"movups xmm0, xmm0 (no memory)", {0x0f, 0x10, 0xc0}, 0},
    {"movlps xmm0, [rax]", {0x0f, 0x12, 0x00}, 8},
    {"movsldup xmm0, [rax]", {0xf3, 0x0f, 0x12, 0x00}, 16},
    {"movq [rax], xmm0", {0x66, 0x0f, 0xd6, 0x00}, 8},
    {"movaps [rax], xmm0", {0x0f, 0x29, 0x00}, 16},
    {"movdqa xmm0, [rax]", {0x66, 0x0f, 0x6f, 0x00}, 16},
    {"movq mm0, [rax]", {0x0f, 0x6f, 0x00}, 8},
    {"movntdq [rax], xmm0", {0x66, 0x0f, 0xe7, 0x00}, 16},
    {"movntq [rax], mm0", {0x0f, 0xe7, 0x00}, 8},
    {"movd xmm0, [rax]", {0x66, 0x0f, 0x6e, 0x00}, 4},
    {"movq xmm0, [rax] (REX.W)", {0x66, 0x48, 0x0f, 0x6e, 0x00}, 8},
    {"movd [rax], xmm0", {0x66, 0x0f, 0x7e, 0x00}, 4},
    {"movq xmm0, [rax] (F3)", {0xf3, 0x0f, 0x7e, 0x00}, 8},
    {"syscall (not an access)", {0x0f, 0x05, 0x00}, 0},
    {"vmovups xmm0, [rax]", {0xc5, 0xf8, 0x10, 0x00}, 16},
    {"vmovups ymm0, [rax]", {0xc5, 0xfc, 0x10, 0x00}, 32},
    {"vmovss xmm0, [rax]", {0xc5, 0xfa, 0x10, 0x00}, 4},
    {"vmovsd xmm0, [rax]", {0xc5, 0xfb, 0x10, 0x00}, 8},
    {"vmovdqa ymm0, [rax]", {0xc5, 0xfd, 0x6f, 0x00}, 32},
    {"vmovdqa ymm0, [rax] (three-byte VEX)", {0xc4, 0xe1, 0xfd, 0x6f, 0x00}, 32},
    {"vbroadcastss (map 2: unknown)", {0xc4, 0xe2, 0x7d, 0x18, 0x00}, 0},
};

static void test_encodings(void **state) {
  (void)state;
#if defined(__x86_64__)
  int wrong = 0;
  for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++) {
    size_t got = mh__access_bytes(encodings[i].bytes);
    if (got != encodings[i].size) {
      print_error("%s: %zu bytes, expected %zu\n", encodings[i].what, got, encodings[i].size);
      wrong++;
    }
  }
  assert_int_equal(wrong, 0);
#else
  /* Elsewhere nothing is decoded: every size is unknown. */
  assert_int_equal(mh__access_bytes(encodings[1].bytes), 0);
#endif
}

static void test_no_instruction(void **state) {
  (void)state;
  assert_int_equal(mh__access_bytes(NULL), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_encodings),
      cmocka_unit_test(test_no_instruction),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
