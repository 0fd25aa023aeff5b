#!/usr/bin/env python3
"""Checks that the sources are layers: a file uses only its own layer and those below.

    python3 ci/layers.py [--archive COMPONENT=LIB.a|OBJECTS/ ...]

mockhip's layers are the folders of mockhip/src (os < core < diag < vmm < kernel < runtime), and
runtime's rooms, its subfolders, are layers of their own above kernel (devices < pools < streams <
memory < copies < launch < process); hmo's are the rows of api/README.md's file table ("N: ..."
starts layer N; "`src/x.c`, `.h`" names src/x.h too), over the one folder api/src; the
differential fuzzer's, over fuzz/, the rows of fuzz/README.md's. Every source file must be in a
layer.

Two kinds of arrow are checked. Include arrows, read from the sources: a file may include a
header of its own layer or one below. Call arrows, read with nm from a built static library or
a folder of objects (each member object's undefined symbols that another member defines): they
catch a declaration written by hand past the headers. Prints one line per component with its
arrows and how many run upwards, then one line per upward arrow or file outside every layer;
exits 1 when there is any.
"""

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def folder_layers(src, layers):
    """{file relative to src: rank} for the .c and .h of each layer folder ("a/b" for a folder
    inside another), and problems: a file outside every layer folder, a folder that is no layer
    and holds none, two sources of one name (the archive's members are named by basename)."""
    files = {}
    for rank, layer in enumerate(layers):
        for path in sorted((src / layer).glob("*.[ch]")):
            files[f"{layer}/{path.name}"] = rank
    problems = [f"{p.relative_to(ROOT)} lies outside every layer" for p in sorted(src.rglob("*.[ch]"))
                if p.relative_to(src).as_posix() not in files]
    for path in sorted(p for p in src.rglob("*") if p.is_dir()):
        folder = path.relative_to(src).as_posix()
        if folder not in layers and not any(layer.startswith(folder + "/") for layer in layers):
            problems.append(f"{path.relative_to(ROOT)}/ is no layer")
    bases = defaultdict(list)
    for name in files:
        if name.endswith(".c"):
            bases[Path(name).name].append(name)
    problems += [f"{src.relative_to(ROOT)}: {', '.join(names)} share a name"
                 for names in bases.values() if len(names) > 1]
    return files, problems


def table_layers(src, table, prefix):
    """{file relative to src: layer number} from a README's file table, and problems. A row
    whose first cell reads "N: ..." starts layer N; the files a row names in backticks start with
    prefix ("`src/x.c`, `.h`" names src/x.h too)."""
    files, current = {}, None
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 3:
            continue
        start = re.match(r"(\d+):", cells[0])
        if start:
            current = int(start.group(1))
        if current is None:
            continue
        names = re.findall(r"`([^`]+)`", cells[1])
        for i, name in enumerate(names):
            if name.startswith(".") and i > 0:  # "`src/x.c`, `.h`"
                files[Path(names[0][len(prefix):]).stem + name] = current
            elif name.startswith(prefix) and name.endswith((".c", ".h")):
                files[name[len(prefix):]] = current
    problems = [f"{p.relative_to(ROOT)} is in no layer of {table.relative_to(ROOT)}'s table"
                for p in sorted(src.glob("*.[ch]")) if p.name not in files]
    return files, problems


# Each component: its source folder and how its files fall into layers (file -> rank).
COMPONENTS = {
    "mockhip": ("mockhip/src",
                lambda src: folder_layers(src, ["os", "core", "diag", "vmm", "kernel"] + [
                    f"runtime/{room}" for room in
                    ["devices", "pools", "streams", "memory", "copies", "launch", "process"]])),
    "hmo": ("api/src", lambda src: table_layers(src, ROOT / "api/README.md", "src/")),
    "fuzz": ("fuzz", lambda src: table_layers(src, ROOT / "fuzz/README.md", "")),
}


def include_arrows(src, files):
    """(from file, to file) for every quoted include that names a file of the component."""
    arrows = []
    for name in files:
        folder = str(Path(name).parent)
        for target in INCLUDE.findall((src / name).read_text()):
            resolved = target if target in files else str(Path(folder) / target)
            if resolved in files:
                arrows.append((name, resolved))
    return arrows


def call_arrows(archive, files):
    """(from source, to source, symbol) for each symbol one member of archive (a static library,
    or a folder of objects) uses and another defines. Members are named after their sources'
    basenames, which are unique."""
    by_base = {Path(name).name: name for name in files}
    # nm names each member, or each of several objects, on a line of its own: "x.c.o:"
    objects = sorted(archive.glob("*.o")) if archive.is_dir() else [archive]
    out = subprocess.run(["nm", *map(str, objects)], capture_output=True, text=True,
                         check=True).stdout
    defined, used = {}, defaultdict(set)
    member = None
    for line in out.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            member = by_base.get(Path(line[:-1]).name.removesuffix(".o"))
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
    root, layer_of = COMPONENTS[component]
    src = ROOT / root
    files, problems = layer_of(src)

    def upward(arrows, what):
        found = [a for a in arrows if files[a[1]] > files[a[0]]]
        for arrow in found:
            via = f" ({arrow[2]})" if len(arrow) > 2 else ""
            problems.append(f"{root}/{arrow[0]} {what} {root}/{arrow[1]}{via}, a higher layer")
        return found

    includes = include_arrows(src, files)
    line = (f"{component}: {len(set(files.values()))} layers, {len(files)} files; "
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
                        help="also check the call arrows inside a built static library, or "
                             "between the objects of a folder")
    args = parser.parse_args()
    archives = {}
    for spec in args.archive:
        component, _, path = spec.partition("=")
        if component not in COMPONENTS or not path:
            parser.error(f"--archive takes COMPONENT=LIB.a (or a folder of objects) with "
                         f"COMPONENT one of {', '.join(COMPONENTS)}: {spec!r}")
        archives[component] = Path(path)
    problems = []
    for component in COMPONENTS:
        problems += check(component, archives.get(component))
    for problem in problems:
        print(f"FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
