/*
 * access_bytes.c: how many bytes a faulting instruction touches, read from its
 * encoding, so that an explanation can say "a write of 4 bytes" for an int
 * stored past a mapping's end (the fault's address alone gives its first byte).
 * x86-64 only: the moves, ALU forms and SSE/AVX moves compilers emit for loads
 * and stores. Where the encoding is not one of those, or on another machine,
 * the size is 0: not known, and the explanation leaves it out.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "diag/explain.h"

#if defined(__x86_64__)

/* The prefixes before an opcode that matter here: 0x66 (16-bit operand, or SSE's packed
   doubles and integers), 0xf2 and 0xf3 (SSE's scalar forms), REX.W (64-bit operand). */
typedef struct prefixes {
  bool p66, pf2, pf3, rex_w;
} prefixes;

/* A ModRM byte's operand is memory unless mod is 3 (a register). */
static bool memory_operand(const uint8_t *modrm) { return (*modrm >> 6) != 3; }

/* Whether op is one of the `count` opcodes at ops. */
static bool among(uint8_t op, const char *ops, size_t count) { return memchr(ops, op, count); }
#define AMONG(op, ops) among((op), (ops), sizeof(ops) - 1)

/* One-byte opcodes: MOV, the ALU forms (ADD .. CMP, TEST, XCHG), shifts, INC/DEC/NOT/NEG, MOVS
   and STOS (rep or not). */
static size_t one_byte(const uint8_t *p, size_t word) {
  static const char bytes[] = "\x80\x82\x84\x86\x88\x8a\xc0\xc6\xd0\xd2\xf6\xfe";
  static const char words[] = "\x81\x83\x85\x87\x89\x8b\xc1\xc7\xd1\xd3\xf7";
  uint8_t op = p[0];
  if (op >= 0xa4 && op <= 0xaf && op != 0xa8 && op != 0xa9) /* MOVS .. SCAS; not TEST imm */
    return (op & 1) ? word : 1;
  if (!memory_operand(p + 1))
    return 0;
  if (op < 0x40 && (op & 7) < 4) /* ADD, OR, ADC, SBB, AND, SUB, XOR, CMP with ModRM */
    return (op & 1) ? word : 1;
  if (op == 0xff) /* INC, DEC; not CALL, JMP or PUSH */
    return ((p[1] >> 3) & 7) <= 1 ? word : 0;
  return AMONG(op, bytes) ? 1 : AMONG(op, words) ? word : 0;
}

/* Two-byte opcodes (0x0f xx): MOVZX/MOVSX, CMOV, IMUL, CMPXCHG/XADD, MOVNTI, and the SSE
   moves. vector: the size of a packed move (16; 32 for a VEX.256 one). */
static size_t two_byte(const uint8_t *p, prefixes x, size_t word, size_t vector) {
  uint8_t op = p[0];
  if (!memory_operand(p + 1))
    return 0;
  if (AMONG(op, "\xb6\xbe\xb0\xc0")) /* MOVZX, MOVSX, CMPXCHG, XADD of a byte */
    return 1;
  if (AMONG(op, "\xb7\xbf"))
    return 2;
  if (AMONG(op, "\xaf\xb1\xc1\xc3") || (op & 0xf0) == 0x40) /* IMUL, .., MOVNTI, CMOVcc */
    return word;
  if (op == 0x10 || op == 0x11) /* MOVSS, MOVSD, MOVUPS/D */
    return x.pf3 ? 4 : x.pf2 ? 8 : vector;
  if (op == 0x12 || op == 0x16) /* MOVSLDUP/MOVSHDUP, else a 64-bit half */
    return x.pf3 ? vector : 8;
  if (AMONG(op, "\x13\x17\xd6"))
    return 8;
  if (AMONG(op, "\x28\x29\x2b")) /* MOVAPS/D, MOVNTPS/D */
    return vector;
  if (op == 0x6f || op == 0x7f) /* MOVDQA/U, or MMX's MOVQ */
    return x.p66 || x.pf3 ? vector : 8;
  if (op == 0xe7) /* MOVNTDQ, MOVNTQ */
    return x.p66 ? vector : 8;
  if (op == 0x6e) /* MOVD, MOVQ */
    return x.rex_w ? 8 : 4;
  if (op == 0x7e)
    return x.pf3 || x.rex_w ? 8 : 4;
  return 0;
}

size_t mh__access_bytes(const void *pc) {
  if (pc == NULL)
    return 0;
  const uint8_t *p = pc;
  prefixes x = {0};
  for (int n = 0; n < 14; n++, p++) { /* legacy prefixes, at most 14 before an opcode */
    if (*p == 0x66)
      x.p66 = true;
    else if (*p == 0xf2)
      x.pf2 = true;
    else if (*p == 0xf3)
      x.pf3 = true;
    else if (!(*p == 0x67 || *p == 0xf0 || *p == 0x2e || *p == 0x36 || *p == 0x3e || *p == 0x26 ||
               *p == 0x64 || *p == 0x65))
      break;
  }
  if ((*p & 0xf0) == 0x40) { /* REX */
    x.rex_w = (*p & 8) != 0;
    p++;
  }
  size_t word = x.rex_w ? 8 : x.p66 ? 2 : 4;
  if (*p == 0xc5 || *p == 0xc4) { /* VEX: its own prefix bits, the 0x0f map only */
    bool three = *p == 0xc4;
    if (three && (p[1] & 0x1f) != 1)
      return 0;
    uint8_t last = three ? p[2] : p[1]; /* W (three-byte only) vvvv L pp */
    prefixes v = {(last & 3) == 1, (last & 3) == 3, (last & 3) == 2, three && (last & 0x80)};
    return two_byte(p + (three ? 3 : 2), v, 4, (last & 4) ? 32 : 16);
  }
  if (*p == 0x0f)
    return two_byte(p + 1, x, word, 16);
  return one_byte(p, word);
}

#else

size_t mh__access_bytes(const void *pc) {
  (void)pc;
  return 0;
}

#endif
