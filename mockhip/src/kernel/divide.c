/*
 * divide.c: integer division the GPU way. A GPU has no integer divide that
 * traps: NVIDIA's gives "an unspecified, machine-specific value" for a
 * division by zero (PTX ISA, div), AMD's is a sequence of float and integer
 * instructions with no trap in it (LLVM's AMDGPU division expansion). x86-64
 * raises SIGFPE for DIV and IDIV by zero, and for IDIV's one overflow,
 * INT_MIN / -1. A kernel must not die where the GPU goes on, so the faulting
 * instruction is decoded here, its results written as a GPU gives them, and
 * the thread resumes after it:
 *   - by zero: the quotient all ones, the remainder the dividend;
 *   - INT_MIN / -1: the quotient INT_MIN, the remainder 0 (two's complement
 *     wraps). The divisor is not decoded: a signed dividend of INT_MIN is taken
 *     for this case, the only overflow C code reaches.
 * Strict mode reports the first such division of a launch (runtime/launch/launch_end.c).
 */
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

#include "kernel/kernel.h"

#if defined(__x86_64__) && defined(REG_RIP)

/* The instruction at pc, if it is DIV or IDIV: its length, its operand size in bytes and
   whether it is signed. */
static bool decode(const uint8_t *pc, size_t *length, unsigned *bytes, bool *is_signed) {
  const uint8_t *p = pc;
  bool size16 = false, rex_w = false;
  for (int prefixes = 0; prefixes < 14; prefixes++, p++) {
    uint8_t b = *p;
    if (b == 0x66)
      size16 = true;
    else if (!(b == 0x67 || b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x2e || b == 0x36 ||
               b == 0x3e || b == 0x26 || b == 0x64 || b == 0x65))
      break;
  }
  if ((*p & 0xf0) == 0x40) { /* REX */
    rex_w = (*p & 0x08) != 0;
    p++;
  }
  uint8_t opcode = *p++;
  if (opcode != 0xf6 && opcode != 0xf7)
    return false;
  uint8_t modrm = *p++;
  unsigned reg = (modrm >> 3) & 7, mod = modrm >> 6, rm = modrm & 7;
  if (reg != 6 && reg != 7)
    return false; /* F6/F7 with another reg field: TEST, NOT, NEG, MUL, IMUL */
  if (mod != 3) {
    if (rm == 4) { /* SIB */
      uint8_t sib = *p++;
      if (mod == 0 && (sib & 7) == 5)
        p += 4;
    } else if (mod == 0 && rm == 5) { /* RIP-relative */
      p += 4;
    }
    p += mod == 1 ? 1 : mod == 2 ? 4 : 0;
  }
  *length = (size_t)(p - pc);
  *bytes = opcode == 0xf6 ? 1 : rex_w ? 8 : size16 ? 2 : 4;
  *is_signed = reg == 7;
  return true;
}

bool mh__divide_play(void *context) {
  ucontext_t *uc = context;
  greg_t *g = uc->uc_mcontext.gregs;
  size_t length;
  unsigned bytes;
  bool is_signed;
  if (!decode((const uint8_t *)g[REG_RIP], &length, &bytes, &is_signed))
    return false;
  uint64_t rax = (uint64_t)g[REG_RAX], rdx = (uint64_t)g[REG_RDX];
  unsigned bits = bytes * 8;
  uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  uint64_t low = bytes == 1 ? rax & 0xffff : rax & mask; /* 8-bit: the dividend is AX */
  uint64_t int_min = 1ULL << (bits - 1);
  /* Signed: the whole dividend is INT_MIN when the low half is and the high half is its sign. */
  bool overflow = is_signed && bytes != 1 && low == int_min && (rdx & mask) == mask;
  if (is_signed && bytes == 1)
    overflow = (rax & 0xffff) == 0xff80; /* AX = -128 */
  uint64_t quotient = overflow ? int_min : mask, remainder = overflow ? 0 : low & mask;
  switch (bytes) {
  case 1: /* AL: quotient, AH: remainder */
    g[REG_RAX] = (greg_t)((rax & ~0xffffULL) | (quotient & 0xff) | ((remainder & 0xff) << 8));
    break;
  case 2:
    g[REG_RAX] = (greg_t)((rax & ~0xffffULL) | quotient);
    g[REG_RDX] = (greg_t)((rdx & ~0xffffULL) | remainder);
    break;
  default: /* 32-bit results clear the upper halves, as the instruction would */
    g[REG_RAX] = (greg_t)quotient;
    g[REG_RDX] = (greg_t)remainder;
    break;
  }
  g[REG_RIP] += (greg_t)length;
  return true;
}

#else

bool mh__divide_play(void *context) {
  (void)context;
  return false;
}

#endif
