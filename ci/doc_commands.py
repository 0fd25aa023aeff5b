#!/usr/bin/env python3
"""Runs the commands a document gives, exactly as written, as a new user would.

usage: doc_commands.py FILE.md...

Every fenced block right after the comment `<!-- ci: run -->` is run, in the
order of the files and within each file, by one bash (errexit, nounset,
pipefail), so that what one block exports or installs the next one sees, as
in one terminal. The working directory is
the top of the tree; HOME is a new, empty directory, as on a fresh account.
Each command is printed as it runs. Exits with bash's status (1 when the file
marks no block).
"""

import os
import re
import subprocess
import sys
import tempfile

from markdown import block_after

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = re.compile(r"^<!--\s*ci:\s*run\s*-->\s*$")


def blocks(lines):
    found, i = [], 0
    while i < len(lines):
        block = block_after(lines, i) if MARK.match(lines[i]) else None
        if block is not None:
            found.append(block[0])
            i = block[1]
        i += 1
    return found


def main(argv):
    if not argv:
        sys.exit(__doc__)
    commands = []
    for path in argv:
        with open(path, encoding="utf-8") as f:
            found = blocks(f.read().split("\n"))
        if not found:
            print(f"doc_commands: {path} marks no block with <!-- ci: run -->")
            return 1
        commands += found
    with tempfile.TemporaryDirectory(prefix="hipvmm-home.") as home:
        env = dict(os.environ, HOME=home)
        for key in ("PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH", "LD_LIBRARY_PATH"):
            env.pop(key, None)  # a new user has none of them set
        script = "set -euxo pipefail\n" + "\n".join(commands) + "\n"
        print(f"doc_commands: {len(commands)} blocks from {' '.join(argv)}, HOME={home}", flush=True)
        return subprocess.run(["bash", "-c", script], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
