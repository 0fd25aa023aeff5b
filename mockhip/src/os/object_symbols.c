/*
 * object_symbols.c: which data object of the program or a loaded library holds
 * an address, read from the object's own ELF symbol table.
 *
 * A GPU's runtime knows each __device__ and __constant__ variable because the
 * compiler registers it with the code object. Here such a variable is an
 * ordinary global of the host program, and its address and size are what the
 * linker wrote into the symbol table (st_value, st_size). The full table
 * (.symtab) is read from the file, not the dynamic one that dladdr1's
 * RTLD_DL_SYMENT answers from: that one holds only exported symbols (a
 * program linked without --export-dynamic exports none, and a `static`
 * variable is never exported), while .symtab holds them all unless the file
 * was stripped; a stripped file falls back to its .dynsym. So a program built
 * by any compiler, with or without mockhip's hipcc, is served alike, and no
 * marker need tell variables from functions in the source.
 *
 * Each object's table is read once, on its first question, kept sorted by
 * address, and searched by bisection after. Objects are told apart by their
 * load bias and name; one unloaded and another loaded at the same place with
 * the same name would be taken for it (dlclose of a library holding device
 * variables: not done by the programs this serves).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os.h"

typedef struct object_symbol {
  uintptr_t start;
  size_t bytes;
  size_t name; /* offset into the table's names */
} object_symbol;

typedef struct symbol_table {
  struct symbol_table *next;
  uintptr_t bias;
  char *object; /* the object's name as the loader gives it; "" for the program */
  object_symbol *symbols;
  size_t count;
  char *names;
  bool stripped; /* no .symtab: only exported objects are known */
} symbol_table;

static struct {
  pthread_mutex_t lock;
  symbol_table *tables;
} cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A child forked while another thread read a table gets the lock free. */
static void forked_child(void) { pthread_mutex_init(&cache.lock, NULL); }
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_init(void) { pthread_atfork(NULL, NULL, forked_child); }

/* The loaded object whose segments hold an address (dl_iterate_phdr's answer). */
typedef struct found_object {
  uintptr_t addr;
  uintptr_t bias;
  const char *name;
  bool found;
} found_object;

static int holds(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  found_object *f = data;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t low = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && f->addr >= low && f->addr - low < ph->p_memsz) {
      f->bias = info->dlpi_addr;
      f->name = info->dlpi_name != NULL ? info->dlpi_name : "";
      f->found = true;
      return 1;
    }
  }
  return 0;
}

static int by_start(const void *a, const void *b) {
  const object_symbol *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Whether [offset, offset + bytes) lies inside a file of file_bytes. */
static bool inside(size_t file_bytes, uint64_t offset, uint64_t bytes) {
  return offset <= file_bytes && bytes <= file_bytes - offset;
}

/* The data objects (STT_OBJECT of non-zero size, defined) of the ELF image at file, relocated by
   bias, into t. 0, or an errno value (ENOEXEC: not an ELF file this reads). */
static int read_symbols(const unsigned char *file, size_t file_bytes, uintptr_t bias,
                        symbol_table *t) {
  const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)file;
  if (file_bytes < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
      eh->e_shentsize != sizeof(ElfW(Shdr)) ||
      !inside(file_bytes, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(ElfW(Shdr))))
    return ENOEXEC;
  const ElfW(Shdr) *sh = (const ElfW(Shdr) *)(file + eh->e_shoff);
  const ElfW(Shdr) *table = NULL;
  for (int want = SHT_SYMTAB; table == NULL; want = SHT_DYNSYM) { /* .symtab, else .dynsym */
    for (unsigned i = 0; i < eh->e_shnum && table == NULL; i++)
      if (sh[i].sh_type == (ElfW(Word))want)
        table = &sh[i];
    if (want == SHT_DYNSYM)
      break;
  }
  t->stripped = table == NULL || table->sh_type != SHT_SYMTAB;
  if (table == NULL || table->sh_link >= eh->e_shnum)
    return 0; /* no symbols: no variables to know */
  const ElfW(Shdr) *strings = &sh[table->sh_link];
  if (!inside(file_bytes, table->sh_offset, table->sh_size) ||
      !inside(file_bytes, strings->sh_offset, strings->sh_size) || strings->sh_size == 0)
    return ENOEXEC;
  const ElfW(Sym) *sym = (const ElfW(Sym) *)(file + table->sh_offset);
  size_t total = table->sh_size / sizeof *sym;
  const char *names = (const char *)(file + strings->sh_offset);
  size_t count = 0, name_bytes = 0;
  for (size_t i = 0; i < total; i++)
    if (ELF64_ST_TYPE(sym[i].st_info) == STT_OBJECT && sym[i].st_size > 0 &&
        sym[i].st_shndx != SHN_UNDEF && sym[i].st_name < strings->sh_size) {
      count++;
      name_bytes += strnlen(names + sym[i].st_name, strings->sh_size - sym[i].st_name) + 1;
    }
  t->symbols = calloc(count + 1, sizeof *t->symbols);
  t->names = malloc(name_bytes + 1);
  if (t->symbols == NULL || t->names == NULL)
    return ENOMEM;
  size_t at = 0, n = 0;
  for (size_t i = 0; i < total; i++) {
    if (ELF64_ST_TYPE(sym[i].st_info) != STT_OBJECT || sym[i].st_size == 0 ||
        sym[i].st_shndx == SHN_UNDEF || sym[i].st_name >= strings->sh_size)
      continue;
    size_t len = strnlen(names + sym[i].st_name, strings->sh_size - sym[i].st_name);
    memcpy(t->names + at, names + sym[i].st_name, len);
    t->names[at + len] = '\0';
    t->symbols[n++] = (object_symbol){bias + sym[i].st_value, sym[i].st_size, at};
    at += len + 1;
  }
  t->count = n;
  qsort(t->symbols, n, sizeof *t->symbols, by_start);
  return 0;
}

/* A table for the object, read from its file (the program's from /proc/self/exe). */
static int load_table(const found_object *f, symbol_table **out) {
  symbol_table *t = calloc(1, sizeof *t);
  if (t == NULL || (t->object = strdup(f->name)) == NULL) {
    free(t);
    return ENOMEM;
  }
  t->bias = f->bias;
  int fd = open(f->name[0] != '\0' ? f->name : "/proc/self/exe", O_RDONLY | O_CLOEXEC);
  struct stat st;
  int err = fd < 0 ? errno : fstat(fd, &st) != 0 ? errno : 0;
  void *file = MAP_FAILED;
  if (err == 0 && st.st_size > 0) {
    file = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (file == MAP_FAILED)
      err = errno;
  }
  if (fd >= 0)
    close(fd);
  if (err == 0 && file != MAP_FAILED) {
    err = read_symbols(file, (size_t)st.st_size, f->bias, t);
    munmap(file, (size_t)st.st_size);
  }
  if (err != 0) {
    free(t->symbols);
    free(t->names);
    free(t->object);
    free(t);
    return err;
  }
  *out = t;
  return 0;
}

/* The table of the object, read on its first question. Under the cache's lock. */
static int table_of(const found_object *f, symbol_table **out) {
  for (symbol_table *t = cache.tables; t != NULL; t = t->next)
    if (t->bias == f->bias && strcmp(t->object, f->name) == 0) {
      *out = t;
      return 0;
    }
  int err = load_table(f, out);
  if (err == 0) {
    (*out)->next = cache.tables;
    cache.tables = *out;
  }
  return err;
}

/* A symbol that holds addr, among those that start last at or before it (aliases share a
   start), or NULL. */
static const object_symbol *containing(const symbol_table *t, uintptr_t addr) {
  size_t low = 0, high = t->count; /* the first that starts past addr */
  while (low < high) {
    size_t mid = low + (high - low) / 2;
    if (t->symbols[mid].start <= addr)
      low = mid + 1;
    else
      high = mid;
  }
  for (size_t i = low; i-- > 0 && t->symbols[i].start == t->symbols[low - 1].start;)
    if (addr - t->symbols[i].start < t->symbols[i].bytes)
      return &t->symbols[i];
  return NULL;
}

int mh__os_object_symbol(uintptr_t addr, uintptr_t *start, size_t *bytes, const char **name) {
  pthread_once(&fork_once, fork_init);
  found_object f = {.addr = addr};
  dl_iterate_phdr(holds, &f);
  if (!f.found)
    return ENOENT;
  pthread_mutex_lock(&cache.lock);
  symbol_table *t;
  int err = table_of(&f, &t);
  const object_symbol *s = err == 0 ? containing(t, addr) : NULL;
  if (s != NULL) {
    *start = s->start;
    *bytes = s->bytes;
    if (name != NULL)
      *name = t->names + s->name; /* the table is kept for the process's life */
  }
  bool stripped = err == 0 && t->stripped;
  pthread_mutex_unlock(&cache.lock);
  return err != 0 ? err : s != NULL ? 0 : stripped ? ENODATA : ENOENT;
}
