#!/usr/bin/env python3
"""Checks that a library's source folders are layers: a file uses only its own layer and those
below it.

    python3 ci/layers.py [--archive COMPONENT=LIB.a ...]

Two kinds of arrow are checked. Include arrows, read from the sources: a file in
mockhip/src/vmm/ may include "vmm/..." or a same-folder header, "diag/...", "core/..." and
"os/...", never "runtime/...". Call arrows, read with nm from a built static library (each
member object's undefined symbols that another member defines): they catch a declaration
written by hand past the headers. Prints one line per component with its arrows and how many
run upwards, then one line per upward arrow; exits 1 when there is any.
"""

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each component's source root and its layers, lowest first.
COMPONENTS = {
    "mockhip": ("mockhip/src", ["os", "core", "diag", "vmm", "runtime"]),
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def layer_files(src, layers):
    """{file path relative to src: its layer} for every .c and .h of the layers."""
    files = {}
    for layer in layers:
        for path in sorted((src / layer).glob("*.[ch]")):
            files[f"{layer}/{path.name}"] = layer
    return files


def include_arrows(src, files):
    """(from file, to file) for every quoted include that names a file of the component."""
    arrows = []
    for name in files:
        folder = name.split("/")[0]
        for target in INCLUDE.findall((src / name).read_text()):
            resolved = target if target in files else f"{folder}/{target}"
            if resolved in files:
                arrows.append((name, resolved))
    return arrows


def call_arrows(archive, files):
    """(from source, to source, symbol) for each symbol one member of archive uses and another
    defines. Members are named after their sources' basenames, which are unique."""
    by_base = {Path(name).name: name for name in files}
    out = subprocess.run(["nm", str(archive)], capture_output=True, text=True, check=True).stdout
    defined, used = {}, defaultdict(set)
    member = None
    for line in out.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            base = line[:-1].removesuffix(".o")
            member = by_base.get(base)
            continue
        parts = line.split()
        if member is None or not parts:
            continue
        if len(parts) == 3 and parts[1] in "TDBRCV":
            defined[parts[2]] = member
        elif len(parts) == 2 and parts[0] == "U":
            used[member].add(parts[1])
    return [(member, defined[sym], sym) for member, syms in used.items() for sym in sorted(syms)
            if sym in defined and defined[sym] != member]


def check(component, archive):
    root, layers = COMPONENTS[component]
    src = ROOT / root
    files = layer_files(src, layers)
    rank = {layer: i for i, layer in enumerate(layers)}
    missing = sorted({p.parent.name for p in src.glob("*/*.[ch]")} - set(layers))
    loose = sorted(p.name for p in src.glob("*.[ch]"))
    problems = [f"{root}/{folder}/ is no layer of {component}" for folder in missing]
    problems += [f"{root}/{name} lies outside every layer" for name in loose]

    def upward(arrows, what):
        found = [a for a in arrows if rank[files[a[1]]] > rank[files[a[0]]]]
        for arrow in found:
            via = f" ({arrow[2]})" if len(arrow) > 2 else ""
            problems.append(f"{root}/{arrow[0]} {what} {root}/{arrow[1]}{via}, a higher layer")
        return found

    includes = include_arrows(src, files)
    line = (f"{component}: layers {' < '.join(layers)}; {len(files)} files; "
            f"{len(includes)} include arrows, {len(upward(includes, 'includes'))} upward")
    if archive is not None:
        calls = call_arrows(archive, files)
        pairs = {(a, b) for a, b, _ in calls}
        up = {(a, b) for a, b, _ in upward(calls, "calls")}
        line += f"; {len(pairs)} call arrows between files, {len(up)} upward"
    print(line)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archive", action="append", default=[], metavar="COMPONENT=LIB.a",
                        help="also check the call arrows inside a built static library")
    args = parser.parse_args()
    archives = {}
    for spec in args.archive:
        component, _, path = spec.partition("=")
        if component not in COMPONENTS or not path:
            parser.error(f"--archive takes COMPONENT=LIB.a with COMPONENT one of "
                         f"{', '.join(COMPONENTS)}: {spec!r}")
        archives[component] = Path(path)
    problems = []
    for component in COMPONENTS:
        problems += check(component, archives.get(component))
    for problem in problems:
        print(f"FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
