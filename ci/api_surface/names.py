#!/usr/bin/env python3
"""names.py: api_surface.c names everything mockhip's HIP headers declare.

    python3 ci/api_surface/names.py MOCKHIP_INCLUDE_DIR SURFACE_FILE

Collects the functions, enumerators, typedef names, struct and enum tags and
macros of MOCKHIP_INCLUDE_DIR/hip/*.h, leaves out the mock's own (MOCKHIP*),
and fails, listing each, when SURFACE_FILE does not mention one as a word. A
name added to the header without a line in the surface file fails CI.
"""
import pathlib
import re
import sys


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def declared(header):
    text = strip_comments(header.read_text())
    names = []
    names += re.findall(r"^#define\s+(\w+)", text, re.M)
    names += re.findall(r"^MOCKHIP_API\s[^(;]*?\b(\w+)\s*\(", text, re.M)
    names += re.findall(r"^static inline \w+ (\w+)\s*\(", text, re.M)
    for body in re.findall(r"\benum\s+\w*\s*\w*\s*\{(.*?)\}", text, re.S):
        names += re.findall(r"(?:^|,)\s*(\w+)", body)
    names += re.findall(r"\b(?:struct|enum)\s+(\w+)", text)
    names += re.findall(r"^\}\s*(\w+)\s*;", text, re.M)
    names += re.findall(r"^typedef\s[^;{]*?\b(\w+)\s*;", text, re.M)
    return [n for n in names if not n.startswith("MOCKHIP") and not n.endswith("_H")]


def main():
    include, surface_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    surface = set(re.findall(r"\w+", strip_comments(surface_file.read_text())))
    names = {}
    for header in sorted((include / "hip").glob("*.h")):
        # hip_runtime.h's host-compiler markers are ci/hip_package/host_markers.c's to check;
        # hip_vector_types.h's types, their layouts and operators are
        # mockhip/tests/test_device_functions.cpp's.
        if header.name in ("hip_runtime.h", "hip_vector_types.h"):
            continue
        for name in declared(header):
            names.setdefault(name, header.name)
    missing = [(header, name) for name, header in names.items() if name not in surface]
    for header, name in missing:
        print(f"names.py: {header} declares {name}, which {surface_file.name} does not name")
    print(f"names.py: {len(names) - len(missing)} of {len(names)} names of "
          f"{include}/hip named in {surface_file.name}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
