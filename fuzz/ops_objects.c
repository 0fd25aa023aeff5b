/*
 * ops_objects.c: one fuzzer step per call that makes, links or drops VMM
 * objects: reserve, free, granularity, create, release, map, unmap, retain,
 * properties, export, import and closing an exported fd. Each decodes its arguments,
 * calls mockhip, asks the model, and checks the result and any output.
 */
#include "ops.h"
#include "probe.h"

#include <string.h>
#include <unistd.h>

/* One byte of misuse flags: most often none. */
static uint8_t take_misuse(fuzz_state *st) { return take(st) % 32; }

void op_reserve(fuzz_state *st) {
  if (!model_room_for_reservation(&st->model))
    return;
  size_t bytes = pick_reserve_bytes(st);
  size_t alignment = pick_alignment(st);
  uint8_t misuse = take_misuse(st);
  bool ptr_null = misuse == 1;
  unsigned long long flags = misuse == 2;
  void *hint = NULL;
  if (misuse >= 24 && st->reservation_count > 0) {
    /* A seen reservation's start (taken, or freed and maybe free again) or
       its end: a reservation placed there is adjacent to it. */
    const seen_reservation *r = &st->reservations[misuse % seen_count(st->reservation_count)];
    hint = (void *)(misuse >= 28 ? r->base + r->bytes : r->base);
  }

  void *base = NULL;
  hipError_t got = hipMemAddressReserve(ptr_null ? NULL : &base, bytes, alignment, hint, flags);
  if (got == hipSuccess) {
    const char *why = model_check_placement(&st->model, (uintptr_t)base, bytes, alignment);
    if (why != NULL)
      check_fail(st, "hipMemAddressReserve(size=%zu, alignment=%zu) gave %p: %s", bytes, alignment,
                 base, why);
  }
  hipError_t want = model_reserve(&st->model, ptr_null, bytes, alignment, flags, (uintptr_t)base);
  CHECK_CALL(st, got, want,
             "hipMemAddressReserve(ptr=%s, size=%zu, alignment=%zu, addr=%p, flags=%llu)",
             ptr_null ? "NULL" : "&out", bytes, alignment, hint, flags);
  if (got == hipSuccess)
    remember_reservation(st, (uintptr_t)base, bytes);
}

void op_address_free(fuzz_state *st) {
  uintptr_t ptr = pick_address(st);
  uint8_t b = take(st);
  /* Granules (which free_range `containing` does not check), or now and then the size of the
     reservation ptr is in, which `exact` wants with its start. */
  size_t whole = model_reservation_bytes(&st->model, ptr);
  size_t bytes = b % 8 == 0 ? 0 : b % 8 == 7 && whole != 0 ? whole : (b % 8) * st->model.granule;
  hipError_t got = hipMemAddressFree((void *)ptr, bytes);
  hipError_t want = model_address_free(&st->model, ptr, bytes);
  CHECK_CALL(st, got, want, "hipMemAddressFree(ptr=%#lx, size=%zu)", (unsigned long)ptr, bytes);
}

static hipMemAllocationProp pick_prop(fuzz_state *st) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  static const hipMemAllocationType types[8] = {
      hipMemAllocationTypePinned,  hipMemAllocationTypePinned, hipMemAllocationTypePinned,
      hipMemAllocationTypePinned,  hipMemAllocationTypePinned, hipMemAllocationTypeUncached,
      hipMemAllocationTypeInvalid, hipMemAllocationTypeManaged};
  static const hipMemAllocationHandleType handle_types[8] = {hipMemHandleTypePosixFileDescriptor,
                                                             hipMemHandleTypePosixFileDescriptor,
                                                             hipMemHandleTypePosixFileDescriptor,
                                                             hipMemHandleTypeNone,
                                                             hipMemHandleTypeNone,
                                                             hipMemHandleTypeNone,
                                                             hipMemHandleTypeWin32,
                                                             hipMemHandleTypeFabric};
  uint8_t b = take(st);
  prop.type = types[b % 8];
  prop.requestedHandleType = handle_types[(b >> 3) % 8];
  prop.allocFlags.compressionType = b >> 6; /* stored as given */
  prop.location = pick_location(st);
  return prop;
}

void op_granularity(fuzz_state *st) {
  hipMemAllocationProp prop = pick_prop(st);
  uint8_t b = take(st);
  static const int options[8] = {hipMemAllocationGranularityMinimum,
                                 hipMemAllocationGranularityMinimum,
                                 hipMemAllocationGranularityRecommended,
                                 hipMemAllocationGranularityRecommended,
                                 hipMemAllocationGranularityRecommended,
                                 2,
                                 -1,
                                 0x40};
  int option = options[b % 8];
  uint8_t misuse = (b >> 3) % 16;
  bool out_null = misuse == 1, prop_null = misuse == 2;
  size_t granularity = 0xdead, expect = 0;
  hipError_t got =
      hipMemGetAllocationGranularity(out_null ? NULL : &granularity, prop_null ? NULL : &prop,
                                     (hipMemAllocationGranularity_flags)option);
  hipError_t want =
      model_granularity(&st->model, out_null, prop_null ? NULL : &prop, option, &expect);
  CHECK_CALL(st, got, want,
             "hipMemGetAllocationGranularity(granularity=%s, prop={type=%#x, location={%d, "
             "%d}}%s, option=%d)",
             out_null ? "NULL" : "&out", (unsigned)prop.type, (int)prop.location.type,
             prop.location.id, prop_null ? " passed as NULL" : "", option);
  if (got == hipSuccess && granularity != expect)
    check_fail(st, "hipMemGetAllocationGranularity(option=%d) gave %zu, the model says %zu", option,
               granularity, expect);
}

void op_create(fuzz_state *st) {
  if (!model_room_for_handle(&st->model))
    return;
  size_t bytes = pick_create_bytes(st);
  hipMemAllocationProp prop = pick_prop(st);
  uint8_t misuse = take_misuse(st);
  bool handle_null = misuse == 1, prop_null = misuse == 2;
  unsigned long long flags = misuse == 3;

  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t got =
      hipMemCreate(handle_null ? NULL : &handle, bytes, prop_null ? NULL : &prop, flags);
  hipError_t want = model_create(&st->model, handle_null, bytes, prop_null ? NULL : &prop, flags,
                                 (uintptr_t)handle);
  CHECK_CALL(
      st, got, want,
      "hipMemCreate(handle=%s, size=%zu, prop={type=%#x, handle type=%d, location={%d, %d}}%s, "
      "flags=%llu)",
      handle_null ? "NULL" : "&out", bytes, (unsigned)prop.type, (int)prop.requestedHandleType,
      (int)prop.location.type, prop.location.id, prop_null ? " passed as NULL" : "", flags);
  if (got == hipSuccess)
    remember_handle(st, (uintptr_t)handle);
}

void op_release(fuzz_state *st) {
  uintptr_t handle = pick_handle(st);
  hipError_t got = hipMemRelease((hipMemGenericAllocationHandle_t)handle);
  hipError_t want = model_release(&st->model, handle);
  CHECK_CALL(st, got, want, "hipMemRelease(handle=%#lx)", (unsigned long)handle);
}

void op_map(fuzz_state *st) {
  if (!model_room_for_mapping(&st->model))
    return;
  uintptr_t ptr = pick_address(st);
  uintptr_t handle = pick_handle(st);
  size_t bytes = pick_map_bytes(st, ptr, handle);
  uint8_t misuse = take_misuse(st);
  size_t offset = misuse == 1 ? st->model.granule : misuse == 2 ? (size_t)-1 : 0;
  unsigned long long flags = misuse == 3;
  /* g: map_past_reservation: whether the space past ptr's reservation that the map would
     cover is free, asked of the kernel before the call */
  size_t left = model_reservation_left(&st->model, ptr);
  bool past_free = left != 0 && bytes > left && probe_unmapped(ptr + left, bytes - left);
  hipError_t got =
      hipMemMap((void *)ptr, bytes, offset, (hipMemGenericAllocationHandle_t)handle, flags);
  hipError_t want = model_map(&st->model, ptr, bytes, offset, handle, flags, past_free);
  CHECK_CALL(st, got, want, "hipMemMap(ptr=%#lx, size=%zu, offset=%zu, handle=%#lx, flags=%llu)",
             (unsigned long)ptr, bytes, offset, (unsigned long)handle, flags);
}

void op_unmap(fuzz_state *st) {
  uintptr_t ptr = pick_address(st);
  size_t bytes = pick_run_bytes(st, ptr);
  hipError_t got = hipMemUnmap((void *)ptr, bytes);
  hipError_t want = model_unmap(&st->model, ptr, bytes);
  CHECK_CALL(st, got, want, "hipMemUnmap(ptr=%#lx, size=%zu)", (unsigned long)ptr, bytes);
}

void op_retain(fuzz_state *st) {
  bool handle_null = take_misuse(st) == 1;
  uintptr_t addr = pick_address(st);
  hipMemGenericAllocationHandle_t handle = NULL;
  uintptr_t expect = 0;
  hipError_t got = hipMemRetainAllocationHandle(handle_null ? NULL : &handle, (void *)addr);
  hipError_t want = model_retain(&st->model, handle_null, addr, &expect);
  CHECK_CALL(st, got, want, "hipMemRetainAllocationHandle(handle=%s, addr=%#lx)",
             handle_null ? "NULL" : "&out", (unsigned long)addr);
  if (got == hipSuccess && (uintptr_t)handle != expect)
    check_fail(st, "hipMemRetainAllocationHandle(addr=%#lx) gave handle %p, the mapping's is %#lx",
               (unsigned long)addr, (void *)handle, (unsigned long)expect);
}

void op_properties(fuzz_state *st) {
  bool prop_null = take_misuse(st) == 1;
  uintptr_t handle = pick_handle(st);
  hipMemAllocationProp prop, expect;
  memset(&prop, 0xa5, sizeof prop);
  memset(&expect, 0, sizeof expect);
  hipError_t got = hipMemGetAllocationPropertiesFromHandle(prop_null ? NULL : &prop,
                                                           (hipMemGenericAllocationHandle_t)handle);
  hipError_t want = model_properties(&st->model, prop_null, handle, &expect);
  CHECK_CALL(st, got, want, "hipMemGetAllocationPropertiesFromHandle(prop=%s, handle=%#lx)",
             prop_null ? "NULL" : "&out", (unsigned long)handle);
  if (got == hipSuccess &&
      (prop.type != expect.type || prop.requestedHandleType != expect.requestedHandleType ||
       prop.location.type != expect.location.type || prop.location.id != expect.location.id ||
       prop.win32HandleMetaData != expect.win32HandleMetaData ||
       prop.allocFlags.compressionType != expect.allocFlags.compressionType))
    check_fail(st,
               "hipMemGetAllocationPropertiesFromHandle(handle=%#lx): type %#x, handle type %d, "
               "location {%d, %d}, compression %d; the model: %#x, %d, {%d, %d}, %d",
               (unsigned long)handle, (unsigned)prop.type, (int)prop.requestedHandleType,
               (int)prop.location.type, prop.location.id, prop.allocFlags.compressionType,
               (unsigned)expect.type, (int)expect.requestedHandleType, (int)expect.location.type,
               expect.location.id, expect.allocFlags.compressionType);
}

void op_export(fuzz_state *st) {
  if (!model_room_for_fd(&st->model))
    return;
  uintptr_t handle = pick_handle(st);
  uint8_t b = take(st);
  static const int types[8] = {1, 1, 1, 1, 1, 0, 2, 8}; /* PosixFD, None, Win32, Fabric */
  int type = types[b % 8];
  uint8_t misuse = (b >> 3) % 16;
  bool out_null = misuse == 1;
  unsigned long long flags = misuse == 2;
  int fd = -1;
  hipError_t got =
      hipMemExportToShareableHandle(out_null ? NULL : &fd, (hipMemGenericAllocationHandle_t)handle,
                                    (hipMemAllocationHandleType)type, flags);
  hipError_t want = model_export(&st->model, out_null, handle, type, flags, fd);
  CHECK_CALL(st, got, want,
             "hipMemExportToShareableHandle(shareableHandle=%s, handle=%#lx, type=%d, flags=%llu)",
             out_null ? "NULL" : "&fd", (unsigned long)handle, type, flags);
  if (got == hipSuccess && fd < 0)
    check_fail(st, "hipMemExportToShareableHandle succeeded but wrote fd %d", fd);
  if (got != hipSuccess && fd != -1)
    check_fail(st, "hipMemExportToShareableHandle failed but wrote fd %d", fd);
}

/* An fd that is open and exported now, or one that is no memory file at all.
   Never a closed one: the mock may have reused its number for its own memory.
   0 stands for osHandle NULL. */
static int pick_import_fd(fuzz_state *st) {
  uint8_t b = take(st);
  switch (b % 8) {
  case 5: return 0;
  case 6: return -1;
  case 7: return b & 8 ? STDERR_FILENO : 1 << 20;
  default:
    for (unsigned k = 0; k < MODEL_MAX_FDS; k++) {
      const model_fd *fd = &st->model.fds[(b / 8 + k) % MODEL_MAX_FDS];
      if (fd->open)
        return fd->fd;
    }
    return -1;
  }
}

/* g: import_os_handle: the fd as the profile takes it (the value where it
   takes none), now and then the other way, which no profile finds an fd in. */
void op_import(fuzz_state *st) {
  if (!model_room_for_handle(&st->model))
    return;
  int fd = pick_import_fd(st);
  uint8_t misuse = take_misuse(st);
  bool handle_null = misuse == 1;
  int type = misuse == 2 ? hipMemHandleTypeWin32 : hipMemHandleTypePosixFileDescriptor;
  bool profile_takes_pointer = st->model.profile->import_os_handle == OS_HANDLE_POINTER;
  bool by_pointer = misuse == 3 || misuse == 4 ? !profile_takes_pointer : profile_takes_pointer;
  static int fd_box; /* what a pointer-taking import reads */
  fd_box = fd;
  void *os_handle = fd == 0 ? NULL : by_pointer ? (void *)&fd_box : (void *)(intptr_t)fd;
  model_os_handle_arg arg = {.null = os_handle == NULL,
                             .form = by_pointer ? OS_HANDLE_POINTER : OS_HANDLE_VALUE,
                             .fd = fd};
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t got = hipMemImportFromShareableHandle(handle_null ? NULL : &handle, os_handle,
                                                   (hipMemAllocationHandleType)type);
  hipError_t want = model_import(&st->model, handle_null, &arg, type, (uintptr_t)handle);
  CHECK_CALL(st, got, want, "hipMemImportFromShareableHandle(handle=%s, osHandle=%s%d, type=%d)",
             handle_null ? "NULL" : "&out",
             os_handle == NULL ? "NULL, unused "
             : by_pointer      ? "&"
                               : "",
             fd, type);
  if (got == hipSuccess)
    remember_handle(st, (uintptr_t)handle);
}

void op_close_fd(fuzz_state *st) {
  uint8_t start = take(st);
  for (unsigned k = 0; k < MODEL_MAX_FDS; k++) {
    const model_fd *fd = &st->model.fds[(start + k) % MODEL_MAX_FDS];
    if (fd->open) {
      int number = fd->fd;
      if (close(number) != 0)
        check_fail(st, "close(%d) of an exported fd failed", number);
      model_close_fd(&st->model, number);
      return;
    }
  }
}
