/*
 * fiber.c: see fiber.h. The x86-64 switch pushes rbp, rbx and r12-r15,
 * stores the stack pointer, loads the other fiber's and pops the same. A
 * fresh stack is laid out as if it had switched away just before a trampoline
 * that calls entry(arg). The SSE and x87 control words are not switched: the
 * fibers are one block's threads on one OS thread, whose rounding and
 * exception modes they share (device code has no way to set them), and
 * saving and loading them took two thirds of a switch.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "os/fiber.h"
#include "os/os.h"
#include "os/tsan.h"

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define MH_VALGRIND 1
#endif
#endif

/* Asked once: each fiber's stack address is computed from it. Workers reach their first
   barrier together, so the first asking is a race unless atomic (TSan saw it under load). */
static size_t page_bytes(void) {
  static _Atomic size_t page;
  size_t known = atomic_load_explicit(&page, memory_order_relaxed);
  if (known == 0) {
    known = (size_t)sysconf(_SC_PAGESIZE);
    atomic_store_explicit(&page, known, memory_order_relaxed);
  }
  return known;
}

int mh__fiber_stacks_reserve(mh_fiber_stacks *st, size_t count, size_t bytes) {
  size_t page = page_bytes();
  bytes = (bytes + page - 1) / page * page;
  size_t total = count * (bytes + page);
  void *base;
  int err = mh__os_own_map(total, MAP_NORESERVE | MAP_STACK, &base);
  if (err != 0)
    return err;
  /* A guard page under each stack: a kernel thread that overflows its stack faults. */
  for (size_t i = 0; i < count; i++)
    mprotect((char *)base + i * (bytes + page), page, PROT_NONE);
#ifdef MH_VALGRIND
  for (size_t i = 0; i < count; i++) {
    char *low = (char *)base + i * (bytes + page) + page;
    (void)VALGRIND_STACK_REGISTER(low, low + bytes);
  }
#endif
  st->base = base;
  st->count = count;
  st->bytes = bytes;
  return 0;
}

void mh__fiber_stacks_free(mh_fiber_stacks *st) {
  if (st->base != NULL)
    mh__os_own_unmap(st->base, st->count * (st->bytes + page_bytes()));
  memset(st, 0, sizeof *st);
}

/* The lowest usable byte of stack number index. */
static char *stack_low(const mh_fiber_stacks *st, size_t index) {
  return st->base + index * (st->bytes + page_bytes()) + page_bytes();
}

void mh__fiber_init_self(mh_fiber *self) {
  memset(self, 0, sizeof *self);
#ifdef MH_TSAN
  self->tsan = __tsan_get_current_fiber();
#endif
}

void mh__fiber_forget(mh_fiber *fiber) {
#ifdef MH_TSAN
  if (fiber->tsan != NULL && fiber->tsan != __tsan_get_current_fiber())
    __tsan_destroy_fiber(fiber->tsan);
#endif
  fiber->tsan = NULL;
}

void *mh__fiber_sanitizer_current(void) {
#ifdef MH_TSAN
  return __tsan_get_current_fiber();
#else
  return NULL;
#endif
}

void mh__fiber_sanitizer_return(void *fiber) {
#ifdef MH_TSAN
  if (fiber != NULL && fiber != __tsan_get_current_fiber())
    __tsan_switch_to_fiber(fiber, 0);
#else
  (void)fiber;
#endif
}

#ifdef MH_FIBER_UCONTEXT

/* makecontext passes ints: the entry and its argument travel in halves. */
static void trampoline(unsigned entry_hi, unsigned entry_lo, unsigned arg_hi, unsigned arg_lo) {
  void (*entry)(void *) =
      (void (*)(void *))(uintptr_t)(((uint64_t)entry_hi << 32) | (uint64_t)entry_lo);
  void *arg = (void *)(uintptr_t)(((uint64_t)arg_hi << 32) | (uint64_t)arg_lo);
  entry(arg);
}

void mh__fiber_prepare(mh_fiber *fiber, mh_fiber_stacks *st, size_t index, void (*entry)(void *),
                       void *arg) {
  getcontext(&fiber->context);
  fiber->context.uc_stack.ss_sp = stack_low(st, index);
  fiber->context.uc_stack.ss_size = st->bytes;
  fiber->context.uc_link = NULL;
  uint64_t e = (uint64_t)(uintptr_t)entry, a = (uint64_t)(uintptr_t)arg;
  makecontext(&fiber->context, (void (*)(void))trampoline, 4, (unsigned)(e >> 32), (unsigned)e,
              (unsigned)(a >> 32), (unsigned)a);
#ifdef MH_TSAN
  if (fiber->tsan == NULL)
    fiber->tsan = __tsan_create_fiber(0);
#endif
}

void mh__fiber_switch(mh_fiber *from, mh_fiber *to) {
#ifdef MH_TSAN
  __tsan_switch_to_fiber(to->tsan, 0);
#endif
  swapcontext(&from->context, &to->context);
}

#else /* x86-64 */

void mh__fiber_swap(void **save_sp, void *load_sp) __attribute__((visibility("hidden")));
void mh__fiber_start(void) __attribute__((visibility("hidden")));

__asm__(".text\n"
        ".p2align 4\n"
        ".globl mh__fiber_swap\n"
        ".hidden mh__fiber_swap\n"
        ".type mh__fiber_swap,@function\n"
        "mh__fiber_swap:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  subq $8, %rsp\n" /* keeps the saved stack pointer 16-byte aligned */
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  addq $8, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size mh__fiber_swap, .-mh__fiber_swap\n"
        /* A fresh fiber returns here from its first swap: entry (r13) gets arg (r12). */
        ".p2align 4\n"
        ".globl mh__fiber_start\n"
        ".hidden mh__fiber_start\n"
        ".type mh__fiber_start,@function\n"
        "mh__fiber_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size mh__fiber_start, .-mh__fiber_start\n");

void mh__fiber_prepare(mh_fiber *fiber, mh_fiber_stacks *st, size_t index, void (*entry)(void *),
                       void *arg) {
  /* Each stack's top a cache line further from its end than the last one's, 64 apart: the
     stacks lie whole pages apart, so their tops, where a switch reads and writes, would
     otherwise share one set of the cache and evict each other at every barrier. */
  uint64_t *top = (uint64_t *)(void *)(stack_low(st, index) + st->bytes - (index % 64) * 64);
  /* From the saved stack pointer up: a pad, r15, r14, r13, r12, rbx, rbp, return address;
     16-byte aligned so the trampoline's call meets the ABI. */
  uint64_t *sp = top - 10;
  sp[0] = 0;
  sp[1] = sp[2] = 0;                  /* r15, r14 */
  sp[3] = (uint64_t)(uintptr_t)entry; /* r13 */
  sp[4] = (uint64_t)(uintptr_t)arg;   /* r12 */
  sp[5] = sp[6] = 0;                  /* rbx, rbp */
  sp[7] = (uint64_t)(uintptr_t)mh__fiber_start;
  fiber->sp = sp;
}

void mh__fiber_switch(mh_fiber *from, mh_fiber *to) { mh__fiber_swap(&from->sp, to->sp); }

#endif
