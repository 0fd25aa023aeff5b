#!/usr/bin/env python3
"""make_corpus.py: writes fuzz/corpus/, the seed inputs of vmm_fuzz.

Each seed is one meaningful call sequence spelled in the decoder's byte
language (vmm_fuzz.c's op table, pick.c's pickers); libFuzzer mutates from
there. Run it again after changing the decoder:

    python3 fuzz/make_corpus.py
"""
import os

# ---- the decoder's language ----

# vmm_fuzz.c's op table; a name's first entry is its byte.
OPS = {}
for i, name in enumerate(["reserve", "reserve", "address free", "granularity", "create", "create",
                          "release",
                          "map", "map", "map", "unmap", "unmap", "set access", "set access",
                          "get access", "retain", "properties", "export", "import", "close fd",
                          "set device", "copy", "copy", "copy", "cpu read", "cpu write",
                          "stream create", "stream destroy", "stream query", "stream get",
                          "stream wait event", "event create", "event record", "event query",
                          "event elapsed", "event destroy", "block alloc", "block alloc",
                          "block free", "block copy", "block copy", "context", "context",
                          "primary context", "peer", "device reset", "pool alloc", "pool alloc",
                          "pool get", "pool set current", "pool create", "pool destroy",
                          "pool access", "pool tune", "graph", "graph", "graph", "array",
                          "host work", "context create"]):
    OPS.setdefault(name, i)

# pick_location and pick_access_flags bytes.
DEVICE0, DEVICE1, BAD_DEVICE, HOST, HOST_NUMA1, BAD_TYPE = 0, 8, 11, 12, 13 + 16, 15
HOST_ID5, HOST_NUMA0, HOST_NUMA_CURRENT = 12 + (5 << 4), 13, 14
RW, READ, NONE, BAD_FLAGS = 0, 3, 5, 7
ALIGN = {0: 0, 4096: 2, 2048: 3, 3: 4, 2 << 20: 5, 1: 7}
# pick_reserve_bytes: sizes that are no whole number of granules.
RESERVE_ZERO, RESERVE_G_MINUS_1, RESERVE_G_PLUS_2048, RESERVE_ONE = 0xa0, 0xa1, 0xa2, 0xa3
# pick_map_bytes / pick_run_bytes bytes.
MAP_2048, MAP_LARGER, MAP_G = 5 + 8, 6, 3
RUN_LESS_G, RUN_MORE_G = 5, 5 + 8
# op_granularity's byte: the option (and the misuse above it).
MINIMUM, RECOMMENDED, OPTION_2, OPTION_MINUS_1 = 0, 2, 5, 6


def reservation(slot=0, granule=0):
    """pick_address: granule `granule` of the slot-th reservation seen."""
    return [9, slot, granule]


def reservation_skewed(slot=0):
    """pick_address: the slot-th reservation's start plus 2048 (not on a granule)."""
    return [9, slot, 180]


# pick_address: the second reservation seen, its granule 1 plus 2048 (181 % 36 == 1, 181 // 32
# == 5, skew 2048): a copy of a granule from there runs 2048 bytes past a two-granule reservation.
LAST_GRANULE_SKEWED = [9, 1, 181]
UNRESERVED = [2]  # pick_address: an address in no reservation
HOST_MEMORY = [1]


def mapping(slot, where=0):
    """pick_address: a live mapping slot's start (where 0), interior (2), end (3)."""
    return [3, slot, where]


def live_handle(start=0):
    return [3, start]


GARBAGE_HANDLE = [1]
STALE_HANDLE = [11, 0]  # the first handle seen, maybe released


def reserve(granules=None, alignment=0, misuse=0, size_byte=None):
    size = size_byte if size_byte is not None else granules - 1
    return [OPS["reserve"], size, ALIGN[alignment], misuse]


def create(granules=None, location=DEVICE0, posix=True, size_byte=None, misuse=0, uncached=False):
    size = size_byte if size_byte is not None else granules - 1
    prop = (5 if uncached else 0) | (0 if posix else 3 << 3)  # Pinned/Uncached, PosixFD/None
    return [OPS["create"], size, prop, location, misuse]


def granularity(option, location=DEVICE0, uncached=False):
    return [OPS["granularity"], 5 if uncached else 0, location, option]


def map_(address, handle, size_byte=0, misuse=0):
    return [OPS["map"]] + address + handle + [size_byte, misuse]


def unmap(address, run=0):
    return [OPS["unmap"]] + address + [run]


def set_access(address, descs, run=0):
    count = {1: 2, 2: 6, 3: 7}[len(descs)]
    out = [OPS["set access"]] + address + [run, count]
    for location, flags in descs:
        out += [location, flags]
    return out


def get_access(address, location=DEVICE0):
    return [OPS["get access"]] + address + [location, 0]


def release(handle):
    return [OPS["release"]] + handle


def address_free(address, whole=False):
    """One granule as the size, or (whole) the size of the reservation at address."""
    return [OPS["address free"]] + address + [7 if whole else 1]


def retain(address):
    return [OPS["retain"], 0] + address


def properties(handle):
    return [OPS["properties"], 0] + handle


def export(handle):
    return [OPS["export"]] + handle + [0]


def import_(fd_byte=0, other_way=False):
    """The fd as the profile takes it, or (other_way) as it does not."""
    return [OPS["import"], fd_byte, 3 if other_way else 0]


def close_fd():
    return [OPS["close fd"], 0]


def set_device(index):
    return [OPS["set device"], index]  # 0: device 0, 1: device 1, 6: bad


G_BYTES = [3]  # pick_copy_bytes: one granule


def copy_bytes(count):
    """pick_copy_bytes: 1 to 3 granules, any count."""
    return [4, (count - 1) >> 8, (count - 1) & 0xff]


def htod(address, seed=0x11, size=G_BYTES):
    return [OPS["copy"], 0] + address + size + [0, seed]


def dtoh(address):
    return [OPS["copy"], 1] + address + G_BYTES + [0]


def dtod(dst, src):
    return [OPS["copy"], 2] + dst + src + G_BYTES + [0]


def memset(address, value=0x5a):
    return [OPS["copy"], 3] + address + G_BYTES + [value, 1]


def peer(dst, dst_device, src, src_device):
    return [OPS["copy"], 5] + dst + src + G_BYTES + [dst_device, src_device, 0]


def cpu_read(address):
    return [OPS["cpu read"]] + address + G_BYTES


def cpu_write(address, seed=0x22):
    return [OPS["cpu write"]] + address + G_BYTES + [seed]


# ---- the host runtime (ops_runtime.c) ----

def seen(index=0):
    """pick_seen: the index-th stream, event or block seen (live or stale)."""
    return [0, index]


NULL_SEEN, LEGACY_STREAM = [5], [6]


def stream_create(non_blocking=False):
    return [OPS["stream create"], 0x14 if non_blocking else 0x22, 0]


def stream_destroy(stream):
    return [OPS["stream destroy"], 1] + stream


def stream_query(stream, sync=False):
    return [OPS["stream query"]] + stream + [1 if sync else 0]


def stream_get(stream, what):
    """what: 0 flags, 1 priority, 2 device."""
    return [OPS["stream get"]] + stream + [what + 3 * 4]


def stream_wait(stream, event):
    return [OPS["stream wait event"]] + stream + event + [2]


def event_create(flags_index=None):
    """flags_index: an index into op_event_create's choices; None: hipEventCreate."""
    return [OPS["event create"], 1] if flags_index is None else [OPS["event create"], 2, flags_index]


def event_record(event, stream):
    return [OPS["event record"]] + event + stream


def event_query(event, sync=False):
    return [OPS["event query"]] + event + [1 if sync else 0]


def event_elapsed(start, stop):
    return [OPS["event elapsed"]] + start + stop + [1]


def event_destroy(event):
    return [OPS["event destroy"]] + event


MALLOC, EXT, MANAGED, HOST_MALLOC = range(4)


def block_alloc(call, size_byte, flags_index=0):
    """size_byte: pick_block_bytes' 0..7 (1, 8, 100, 4096, 4097, 3 pages, 0, huge)."""
    return [OPS["block alloc"], 40 + call, flags_index, size_byte]


def block_pointer(index=0, interior=None):
    return [4, index, interior] if interior is not None else [0, index]


def block_copy(pointer, how, offset=0, count=200, default=False):
    """A live block's pointer; how: 0 into the block, 2 out of it, 4 memset; count: rounded
    down to 53 times a byte."""
    return ([OPS["block copy"]] + pointer + [offset, 1, count // 53, how] +
            ([0 if default else 1] if how < 4 else [0x3c]))


def block_free(pointer, how=0, stream=None):
    """how: 0 hipFree, 1 hipHostFree, 2 hipFreeAsync."""
    return [OPS["block free"]] + pointer + [how] + (stream or [])


def ctx(sub, arg=None):
    """sub: 0 get current, 1 set current, 2 push, 3 pop, 4 get device, 5 synchronize."""
    return [OPS["context"], 48 + sub] + ([] if arg is None else [arg])


CTX_OF_0, CTX_OF_1, CTX_NULL = 0, 1, 6


def primary(sub, device_byte):
    """sub: 0 retain, 1 release, 2 get state, 3 reset; device_byte: 0 device 0, 1 device 1,
    6 one past, 7 -1."""
    return [OPS["primary context"], 0x10 + sub + 8, device_byte]


def peer_call(sub, peer_byte, device_byte=None):
    """sub: 0 can access, 1 enable, 2 disable."""
    return [OPS["peer"], 6 + sub, peer_byte] + ([] if device_byte is None else [device_byte])


# ---- memory pools (ops_pool.c) ----

def pool_get(device_byte=0, current=False):
    return [OPS["pool get"], 3 if current else 2, device_byte]


def pool_alloc(size_byte, pool=None, stream=LEGACY_STREAM):
    """hipMallocAsync of 1 + 16 * size_byte bytes, or hipMallocFromPoolAsync from pool."""
    return [OPS["pool alloc"], 0x23 if pool else 0x22, size_byte] + (pool or []) + stream


def pool_create(device_byte=1):
    return [OPS["pool create"], 18, device_byte]


def pool_access(pool, device_byte, read=False):
    """hipMemPoolSetAccess of one device, ReadWrite (or Read)."""
    return [OPS["pool access"]] + pool + [(1 << 3 | 1) if read else (3 << 3 | 1), device_byte]


def pool_trim(pool):
    return [OPS["pool tune"]] + pool + [4]


# ---- the seeds ----

SEEDS = {
    # reserve, create, map, grant, copy in and out, read by CPU, unmap, release, free
    "round_trip": reserve(8) + create(8) + map_(reservation(), live_handle()) +
    set_access(reservation(), [(DEVICE0, RW)]) + htod(reservation()) + dtoh(reservation()) +
    cpu_read(reservation()) + unmap(reservation()) + release(live_handle()) +
    address_free(reservation()),
    # b.2: the mapping keeps released memory; a.3#5: no free while mapped
    "release_while_mapped": reserve(4) + create(4) + map_(reservation(), live_handle()) +
    release(live_handle()) + release(STALE_HANDLE) + set_access(reservation(), [(DEVICE0, RW)]) +
    memset(reservation()) + dtoh(reservation()) + address_free(reservation()) +
    unmap(reservation()) + address_free(reservation()),
    # b.3: one allocation at two addresses shares its bytes
    "aliases": create(2) + reserve(2) + reserve(2) + map_(reservation(0), live_handle()) +
    map_(reservation(1), live_handle()) + set_access(reservation(0), [(DEVICE0, RW)]) +
    set_access(reservation(1), [(DEVICE0, READ)]) + htod(reservation(0)) +
    dtoh(reservation(1)) + htod(reservation(1)) + dtod(reservation(1, 1), reservation(0)),
    # b.6, a.7#3: three adjacent mappings, access and unmap over whole runs
    "adjacent_mappings": reserve(4) + create(1) + create(1) + create(1) +
    map_(reservation(0, 0), live_handle(0)) + map_(reservation(0, 1), live_handle(1)) +
    map_(reservation(0, 2), live_handle(2)) + set_access(reservation(), [(DEVICE0, RW)], run=4) +
    unmap(reservation(0, 1), run=5) + unmap(reservation(0, 0), run=3) +
    get_access(reservation(0, 2)) + unmap(mapping(2, 2)),
    # a.8#9 new, README: host access, CPU reads and writes that must fault
    "host_access": reserve(2) + create(2, location=HOST) + map_(reservation(), live_handle()) +
    cpu_read(reservation()) + set_access(reservation(), [(HOST, READ)]) + cpu_read(reservation()) +
    cpu_write(reservation()) + set_access(reservation(), [(HOST, RW), (DEVICE1, READ)]) +
    cpu_write(reservation()) + htod(reservation()) + set_access(reservation(), [(DEVICE0, RW)]) +
    dtoh(reservation()) + get_access(reservation(), HOST),
    # a.12, a.13: export, import, the fd keeps the bytes after every release
    "export_import": create(2) + export(live_handle()) + reserve(2) + import_() +
    release(live_handle(0)) + map_(reservation(), live_handle()) +
    set_access(reservation(), [(DEVICE0, RW)]) + htod(reservation()) + close_fd() +
    dtoh(reservation()) + export(live_handle()) + import_(5),
    # a.10, a.11: retain from an interior address adds a reference
    "retain_properties": reserve(4) + create(4, posix=False) + map_(reservation(), live_handle()) +
    retain(reservation(0, 2)) + properties(live_handle()) + release(live_handle()) +
    release(live_handle()) + release(STALE_HANDLE) + unmap(reservation()) + retain(reservation()),
    # g: properties_of_released: a handle released for good asked its properties, released
    # again; then one whose last reference was a retain's
    "released_properties": create(1, posix=False) + release(live_handle()) +
    properties(STALE_HANDLE) + release(STALE_HANDLE) + reserve(1) + create(1, posix=False) +
    map_(reservation(), live_handle()) + retain(reservation()) + release(live_handle()) +
    unmap(reservation()) + release([11, 1]) + properties([11, 1]),
    # c.1: a handful of invalid arguments, each refused without side effects
    "bad_arguments": reserve(2, alignment=3) + reserve(2) + create(size_byte=0xc4) +
    create(size_byte=0xc3) + create(1, location=HOST_NUMA1) + create(1, location=BAD_TYPE) +
    create(1) + map_(reservation(0, 0), live_handle(), misuse=1) +
    map_([9, 0, 0xa0], live_handle()) + map_(reservation(0, 1), live_handle(), size_byte=6) +
    release(GARBAGE_HANDLE) + map_(reservation(), live_handle()) +
    set_access(reservation(), [(DEVICE0, BAD_FLAGS)]) + get_access(reservation(), HOST) +
    unmap(reservation(0, 1)) + address_free([2]),
    # two devices: memory on device 1, the calling device decides, peer copies
    "two_devices": reserve(2) + create(2, location=DEVICE1) + map_(reservation(), live_handle()) +
    set_access(reservation(), [(DEVICE1, RW)]) + htod(reservation()) + set_device(1) +
    htod(reservation()) + set_device(0) + peer(reservation(0, 1), 1, reservation(0, 0), 0) +
    set_access(reservation(), [(DEVICE0, READ), (DEVICE1, RW)]) +
    peer(reservation(0, 1), 1, reservation(0, 0), 0),
    # two adjacent reservations (the second placed by hint at the first's end):
    # runs of mappings, access, unmap and copies stop at a reservation's end
    "adjacent_reservations": reserve(4) + address_free(reservation(0)) + reserve(2, misuse=24) +
    reserve(2, misuse=29) + create(1) + create(2) + map_(reservation(1, 1), live_handle(0)) +
    map_(reservation(2, 0), live_handle(1)) + set_access(reservation(1, 1), [(DEVICE0, RW)]) +
    set_access(reservation(2, 0), [(DEVICE0, RW)]) +
    set_access(reservation(1, 1), [(DEVICE0, READ)], run=23) + unmap(reservation(1, 1), run=23) +
    htod(reservation(1, 1), size=copy_bytes(8192)) + htod(reservation(1, 1)) +
    dtoh(reservation(1, 1)) + cpu_read(reservation(2, 0)),
    # g: copy_access `whole_range`: copies and a set from the last granule of one reservation
    # into the next (placed by hint at its end), each mapped whole; then the second read-only
    "copy_across_reservations": reserve(4) + address_free(reservation(0), whole=True) +
    reserve(2, misuse=24) + reserve(2, misuse=29) + create(2) + create(2) +
    map_(reservation(1, 0), live_handle(0)) + map_(reservation(2, 0), live_handle(1)) +
    set_access(reservation(1, 0), [(DEVICE0, RW)]) + set_access(reservation(2, 0), [(DEVICE0, RW)]) +
    htod(LAST_GRANULE_SKEWED) + dtoh(LAST_GRANULE_SKEWED) + memset(LAST_GRANULE_SKEWED) +
    set_access(reservation(2, 0), [(DEVICE0, READ)]) + htod(LAST_GRANULE_SKEWED) +
    dtoh(LAST_GRANULE_SKEWED),
    # g: map_past_reservation: a reservation alone (made at a freed one's start, by hint, the
    # handle and its model's bytes made first), a map from its last granule on past its end,
    # used, the free refused while it lives, then unmapped and the reservation freed
    "map_past_reservation": create(2) + reserve(4) + address_free(reservation(0), whole=True) +
    reserve(2, misuse=24) + map_(reservation(1, 1), live_handle(0)) +
    set_access(mapping(0), [(DEVICE0, RW)]) + htod(mapping(0, 6)) + dtoh(mapping(0, 6)) +
    get_access(mapping(0, 6)) + address_free(reservation(1), whole=True) + unmap(mapping(0)) +
    address_free(reservation(1), whole=True),
    # g: granularity's option and value, types and locations per profile
    "granularity": granularity(MINIMUM) + granularity(RECOMMENDED) + granularity(OPTION_2) +
    granularity(OPTION_MINUS_1) + granularity(RECOMMENDED, HOST) +
    granularity(MINIMUM, HOST_ID5) + granularity(MINIMUM, HOST_NUMA0) +
    granularity(MINIMUM, HOST_NUMA_CURRENT) + granularity(MINIMUM, BAD_DEVICE) +
    granularity(RECOMMENDED, uncached=True),
    # g: reserve_size_zero, reserve_size_granularity, reserve_alignment; the
    # rounded reservation of 6.0 mapped and freed
    "reserve_codes": reserve(size_byte=RESERVE_ZERO) + reserve(size_byte=RESERVE_G_MINUS_1) +
    reserve(size_byte=RESERVE_ONE) + reserve(size_byte=RESERVE_G_PLUS_2048) +
    reserve(1, alignment=3) + reserve(1, alignment=2048) + reserve(1, alignment=1) +
    reserve(2, alignment=2 << 20) + create(2, posix=False) + map_(reservation(3), live_handle()) +
    unmap(reservation(3)) + address_free(reservation(3)) + address_free(UNRESERVED) +
    address_free(HOST_MEMORY) + address_free(reservation(3)),
    # g: create_handle_types, create_size_rules, location_types, host_id_checked,
    # create_device_id, allocation_types
    "create_codes": create(size_byte=0xc3) + create(size_byte=0xc1) + create(size_byte=0xc4) +
    create(1) + create(1, posix=False) + create(1, location=HOST) + create(1, location=HOST_ID5) +
    create(1, location=HOST_NUMA0) + create(1, location=HOST_NUMA_CURRENT) +
    create(1, location=BAD_DEVICE) + create(1, uncached=True) + reserve(4) +
    map_(reservation(), live_handle(0)) + properties(live_handle(0)),
    # g: map_failure `swallowed` (outside, overlapping, off the page, 2048
    # bytes) and the reference each leaves, released again; map_size_checked
    "swallowed_maps": reserve(2) + create(1) + map_(UNRESERVED, live_handle()) +
    map_(reservation(), live_handle()) + map_(reservation(), live_handle()) +
    map_(reservation_skewed(), live_handle()) + map_(reservation(0, 1), live_handle(), MAP_2048) +
    release(live_handle()) + release(live_handle()) + get_access(reservation()) +
    unmap(reservation()) + release(live_handle()) + release(live_handle()),
    # g: unmap_size (e.6): one unmap over two mappings, then free; whole_mapping
    # needs the containing mapping's size; unmap_unmapped
    "unmap_over_several": reserve(4) + create(1) + create(2) +
    map_(reservation(0, 0), live_handle(0)) + map_(reservation(0, 1), live_handle(1)) +
    unmap(reservation(0, 0), run=3) + address_free(reservation()) + unmap(reservation(0, 1)) +
    unmap(reservation(0, 1), run=RUN_LESS_G) + unmap(mapping(0, 2), run=3) + unmap(UNRESERVED) +
    address_free(reservation()),
    # g: set_access_size: first_mappings (e.4) over chunks of two sizes, extend
    # over part of a mapping, exact_run
    "set_access_ranges": reserve(8) + create(1) + create(2) +
    map_(reservation(0, 0), live_handle(0)) + map_(reservation(0, 1), live_handle(1)) +
    set_access(reservation(0, 1), [(DEVICE0, RW)]) + set_access(reservation(0, 0), [(DEVICE0, RW)]) +
    set_access(reservation(0, 0), [(DEVICE0, RW)], run=3) +
    set_access(reservation(0, 1), [(DEVICE0, READ)], run=RUN_LESS_G) +
    set_access(reservation(0, 0), [(DEVICE1, RW)], run=RUN_MORE_G) + htod(reservation(0, 1)) +
    get_access(reservation(0, 2), DEVICE1) + dtoh(reservation(0, 1)),
    # g: set_access_locations: Host on Host-located and on device memory, Host
    # as a device (6.x), get_access_checked on 6.0
    "access_locations": reserve(2) + reserve(2) + create(2, location=HOST) + create(2) +
    map_(reservation(0), live_handle(0)) + map_(reservation(1), live_handle(1)) +
    set_access(reservation(0), [(HOST, RW)]) + set_access(reservation(1), [(HOST, READ)]) +
    set_access(reservation(1), [(HOST_ID5, READ)]) + set_access(reservation(1), [(BAD_TYPE, RW)]) +
    cpu_write(reservation(0)) + cpu_read(reservation(1)) + get_access(reservation(1)) +
    get_access(UNRESERVED) + get_access(reservation(0), HOST),
    # g: export_supported, import_os_handle by the profile's way and the other,
    # imported_handle_type; retain_adds_reference with a CUDA-style release
    "import_ways": create(2) + create(2, posix=False) + export(live_handle(0)) +
    export(live_handle(1)) + import_() + import_(other_way=True) + properties(live_handle(2)) +
    reserve(2) + map_(reservation(), live_handle(2)) + retain(reservation()) +
    release(live_handle(2)) + release(live_handle(2)) + unmap(reservation()) + close_fd(),
    # a.4#6: the device's capacity, full and freed again (handle type None,
    # which every profile creates)
    # g, HIP on NVIDIA's rows: a released handle mapped again, part of a handle, an offset,
    # set access and unmap from inside a mapping, Host on device memory, the CPU on device
    # memory, frees by an interior address, by the start and a granule, by ptr and size
    "platform_rules": reserve(4) + create(1) + map_(reservation(0, 0), live_handle(0)) +
    release(live_handle(0)) + map_(reservation(0, 1), live_handle(0)) + create(2) +
    map_(reservation(0, 2), live_handle(1), MAP_G) +
    map_(reservation(0, 2), live_handle(1), misuse=1) + map_(reservation(0, 2), live_handle(1)) +
    set_access(reservation(0, 3), [(DEVICE0, RW)]) + set_access(reservation(0, 2), [(DEVICE0, RW)]) +
    set_access(reservation(0, 2), [(HOST, RW)]) + cpu_read(reservation(0, 2)) +
    unmap(reservation(0, 3)) + address_free(reservation(0, 1)) + address_free(reservation(0, 0)) +
    address_free(reservation(0, 0), whole=True) + unmap(reservation(0, 2)) +
    unmap(reservation(0, 0)) + address_free(reservation(0, 0), whole=True),
    # streams and events: flags, priorities, records, elapsed time, stale handles
    "streams_events": stream_create() + stream_create(non_blocking=True) + event_create() +
    event_create(2) + event_record(seen(0), seen(0)) + event_record(seen(1), LEGACY_STREAM) +
    event_elapsed(seen(0), seen(0)) + event_elapsed(seen(0), seen(1)) + event_query(seen(0)) +
    stream_wait(seen(1), seen(0)) + stream_get(seen(1), 0) + stream_get(seen(1), 1) +
    stream_get(seen(0), 2) + event_destroy(seen(0)) + event_query(seen(0), sync=True) +
    stream_destroy(seen(0)) + stream_query(seen(0)) + stream_query(seen(1), sync=True),
    # the hipMalloc family: each kind, copies in and out, a set, frees of every kind
    "blocks": block_alloc(MALLOC, 4) + block_alloc(HOST_MALLOC, 2) + block_alloc(MANAGED, 3) +
    block_copy(block_pointer(0), 0) + block_copy(block_pointer(0), 2, default=True) +
    block_copy(block_pointer(1), 4) + block_copy(block_pointer(1), 2) +
    block_copy(block_pointer(2), 0, offset=9, count=4100) + block_free(block_pointer(0, 3)) +
    block_free(block_pointer(1)) + block_free(block_pointer(0), how=1) +
    block_alloc(EXT, 1, flags_index=2) + stream_create() + set_device(1) + block_alloc(MALLOC, 3) +
    stream_create() + [OPS["device reset"]] + stream_query(seen(1)) + stream_query(seen(0)) +
    block_free(block_pointer(5)),
    # contexts: the current one, primary retains, push and pop, set, synchronize
    "contexts": ctx(0) + primary(0, 1) + ctx(2, CTX_OF_1) + ctx(4) + ctx(3) + ctx(1, CTX_OF_0) +
    ctx(1, CTX_NULL) + ctx(3) + ctx(5) + primary(2, 1) + primary(1, 7) + primary(3, 6) +
    ctx(2, CTX_OF_0) + ctx(2, CTX_OF_1),
    # peer access: can access, enable twice, disable twice, from each device
    "peer_access": peer_call(0, 1, 0) + peer_call(0, 0, 0) + peer_call(1, 1) + peer_call(1, 1) +
    peer_call(2, 1) + peer_call(2, 1) + set_device(1) + peer_call(1, 0) + peer_call(1, 6),
    # pools: the default and a made one, allocations, a copy through one, access for the
    # other device, the current pool, trim and destroy
    "pools": pool_get(0) + pool_alloc(10) + block_copy(block_pointer(0), 0) +
    block_copy(block_pointer(0), 2) + pool_create(1) + pool_alloc(20, pool=seen(1)) +
    pool_access(seen(1), 0) + block_copy(block_pointer(1), 0) +
    [OPS["pool set current"], 1] + seen(1) + set_device(1) + pool_alloc(30) +
    block_free(block_pointer(0), how=2, stream=NULL_SEEN) + block_free(block_pointer(1)) +
    block_free(block_pointer(2)) + pool_trim(seen(0)) + [OPS["pool destroy"]] + seen(1),
    # a graph by hand: a memset node and an empty one, instantiated, launched, the bytes read
    # back; an array; host work; a context pushed by hipCtxCreate and popped by hipCtxDestroy
    "graphs": block_alloc(MALLOC, 3) + [OPS["graph"], 48] + [OPS["graph"], 25] + seen(0) +
    [0, 63, 0x77] + [OPS["graph"], 1] + seen(0) + [0] + [OPS["graph"], 14] + seen(0) +
    [OPS["graph"], 3] + seen(0) + LEGACY_STREAM + block_copy(block_pointer(0), 2) +
    [OPS["graph"], 4] + seen(0) + [OPS["graph"], 3] + seen(0) + LEGACY_STREAM +
    [OPS["graph"], 5] + seen(0) + [OPS["array"], 4, 3, 2] + [OPS["array"], 1] + seen(0) +
    [OPS["host work"], 4] + LEGACY_STREAM + [OPS["host work"], 5] + LEGACY_STREAM +
    [OPS["context create"], 2, 1] + [OPS["context create"], 1, 1, 1],
    "capacity": create(size_byte=0xc5, posix=False) + create(1, posix=False) +
    create(1, location=DEVICE1, posix=False) + create(size_byte=0xc6, location=HOST, posix=False) +
    release(live_handle()) + create(1, posix=False),
}


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(out, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(bytes(data))


if __name__ == "__main__":
    main()
