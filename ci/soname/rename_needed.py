#!/usr/bin/env python3
"""Renames a shared library a program needs, in place: its DT_NEEDED entry
and its symbol-version needs both name the string in .dynstr, which is
rewritten. The new name must be as long as the old one, so nothing moves.

usage: rename_needed.py PROGRAM OLD NEW     (e.g. libamdhip64.so.5 libamdhip64.so.7)

ci/soname/check.sh uses it to take a program linked against one ROCm release's
libamdhip64 and ask the loader for another's soname.
"""

import struct
import sys


def dynstr_bounds(image):
    """(offset, size) of the .dynstr section of a 64-bit little-endian ELF file."""
    if image[:4] != b"\x7fELF" or image[4] != 2 or image[5] != 1:
        sys.exit("rename_needed: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", image, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    def section(index):
        name, kind, _, _, offset, size = struct.unpack_from("<IIQQQQ", image, shoff + index * shentsize)
        return name, kind, offset, size
    _, _, names_offset, _ = section(shstrndx)
    for index in range(shnum):
        name, _, offset, size = section(index)
        end = image.index(b"\0", names_offset + name)
        if image[names_offset + name:end] == b".dynstr":
            return offset, size
    sys.exit("rename_needed: no .dynstr section")


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    path, old, new = argv[0], argv[1].encode() + b"\0", argv[2].encode() + b"\0"
    if len(old) != len(new):
        sys.exit(f"rename_needed: {argv[1]} and {argv[2]} differ in length")
    with open(path, "rb") as f:
        image = bytearray(f.read())
    offset, size = dynstr_bounds(image)
    table = bytes(image[offset:offset + size])
    # A name in the table starts after a NUL; count whole names only.
    found = [i for i in range(len(table)) if table.startswith(old, i) and (i == 0 or table[i - 1] == 0)]
    if len(found) != 1:
        sys.exit(f"rename_needed: {path} names {argv[1]} {len(found)} times in .dynstr, not once")
    image[offset + found[0]:offset + found[0] + len(new)] = new
    with open(path, "wb") as f:
        f.write(image)
    print(f"rename_needed: {path} now needs {argv[2]} (was {argv[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
