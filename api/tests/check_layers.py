#!/usr/bin/env python3
"""Checks that api/src keeps its layers: each file includes only headers of its
own layer and the layers below, so it can call nothing above it (hmo.h and
hipvmm_compat.h, outside src/, are below them all).

usage: check_layers.py API_DIR

The layers are read from API_DIR/README.md's file table (a row whose first cell
is "N: ..." starts layer N; "`src/x.c`, `.h`" names src/x.h too). Every file in
src/ must be in the table. Exits 1 and says which include breaks a layer.
"""

import os
import re
import sys


def layers(readme):
    layer_of, current = {}, None
    for line in open(readme, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.startswith("|"):
            continue
        start = re.match(r"(\d+):", cells[0])
        if start:
            current = int(start.group(1))
        if current is None:
            continue
        names = re.findall(r"`([^`]+)`", cells[1])
        for i, name in enumerate(names):
            if name.startswith("src/"):
                layer_of[name[len("src/"):]] = current
            elif name.startswith(".") and i > 0:  # "`src/x.c`, `.h`"
                stem = os.path.splitext(names[0][len("src/"):])[0]
                layer_of[stem + name] = current
    return layer_of


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    api = argv[0]
    layer_of = layers(os.path.join(api, "README.md"))
    src = os.path.join(api, "src")
    problems = []
    for name in sorted(os.listdir(src)):
        if name not in layer_of:
            problems.append(f"src/{name} is in no layer of README.md's table")
            continue
        for number, line in enumerate(open(os.path.join(src, name), encoding="utf-8"), 1):
            include = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not include or not os.path.exists(os.path.join(src, include.group(1))):
                continue  # hmo.h, hipvmm_compat.h: below every layer
            header = include.group(1)
            if header in layer_of and layer_of[header] > layer_of[name]:
                problems.append(
                    f"src/{name}:{number}: layer {layer_of[name]} includes {header} "
                    f"of layer {layer_of[header]}, above it"
                )
    for problem in problems:
        print(f"check_layers: {problem}")
    print(f"check_layers: {len(layer_of)} files in {len(set(layer_of.values()))} layers, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
