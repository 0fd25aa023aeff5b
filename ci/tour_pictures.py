#!/usr/bin/env python3
"""Makes the tour's pictures from the programs they show, or checks them.

usage: tour_pictures.py --bin-dir DIR [--check | --update]
                        [--manifest FILE] [--out-dir DIR]

The manifest (docs/tour/pictures.txt) has one picture a line; '#' starts a
comment
(at the start of a word: hipMemMap#2 is a selector):

    <name>.svg [MOCKHIP_X=value...] <program> <selector> [program args...]

<program> is found under --bin-dir (a name anywhere below it, or a path
relative to it). It runs with MOCKHIP_TRACE_HTML set to a scratch page, no
other MOCKHIP_* variable from outside but those the line sets, and its page's
step is the picture:

    hipMemSetAccess#1   the state right after the 1st hipMemSetAccess call
    step#7              the state after the 7th step of the page
    exit                the last step

written as mockhip_dump_svg writes it, XML declaration first, to
<out-dir>/<name>.svg (out-dir: the manifest's folder).

--update (the default) writes the pictures that differ; --check writes
nothing, prints a diff for each picture that differs or is missing and exits 1
if any does. Exits 2 on a bad manifest line, a program that is not there or
a step the page does not have.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
STEP = re.compile(r'<section class="step" id="step-(\d+)" data-api="(\w+)" data-result="(\w+)">'
                  r'.*?(<svg .*?</svg>\n)', re.S)
TIMEOUT_S = 120


class Refused(Exception):
    """A manifest line that cannot be made into a picture."""


def parse_manifest(path):
    entries = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            # '#' after a blank starts a comment; inside a selector it does not.
            words = shlex.split(re.sub(r"(^|\s)#.*", "", line))
            if not words:
                continue
            where = "%s:%d" % (path, number)
            name, rest = words[0], words[1:]
            env = {}
            while rest and re.match(r"MOCKHIP_\w+=", rest[0]):
                key, value = rest.pop(0).split("=", 1)
                env[key] = value
            if not name.endswith(".svg") or "/" in name or len(rest) < 2:
                raise Refused("%s: expected '<name>.svg [MOCKHIP_X=value...] <program> "
                              "<selector> [args...]'" % where)
            entries.append({"where": where, "name": name, "env": env, "program": rest[0],
                            "selector": rest[1], "args": rest[2:]})
    return entries


def find_program(bin_dir, program, where):
    bin_dir = os.path.abspath(bin_dir)  # the program runs in a scratch folder
    if "/" in program:
        path = os.path.join(bin_dir, program)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    else:
        found = sorted(os.path.join(top, program) for top, _, files in os.walk(bin_dir)
                       if program in files and os.access(os.path.join(top, program), os.X_OK))
        if found:
            return min(found, key=len)
    raise Refused("%s: no program %s under %s (build it first)" % (where, program, bin_dir))


def select(page, selector, where):
    steps = STEP.findall(page)
    if not steps:
        raise Refused("%s: the page has no step" % where)
    if selector == "exit":
        return steps[-1][3]
    match = re.fullmatch(r"(\w+)#(\d+)", selector)
    if match is None:
        raise Refused("%s: selector %r is not <call>#N, step#N or exit" % (where, selector))
    name, nth = match.group(1), int(match.group(2))
    if name == "step":
        chosen = [s for s in steps if int(s[0]) == nth]
    else:
        chosen = [s for s in steps if s[1] == name][nth - 1:nth] if nth >= 1 else []
    if not chosen:
        raise Refused("%s: the page has no %s (its steps: %s)"
                      % (where, selector, " ".join(s[1] for s in steps)))
    return chosen[0][3]


def make_picture(entry, bin_dir):
    program = find_program(bin_dir, entry["program"], entry["where"])
    env = {k: v for k, v in os.environ.items() if not k.startswith("MOCKHIP_")}
    env.update(entry["env"])
    with tempfile.TemporaryDirectory() as scratch:
        page_path = os.path.join(scratch, "page.html")
        env["MOCKHIP_TRACE_HTML"] = page_path
        done = subprocess.run([program] + entry["args"], env=env, cwd=scratch,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=TIMEOUT_S, check=False)
        if not os.path.exists(page_path):
            raise Refused("%s: %s left no page (exit status %d): %s"
                          % (entry["where"], program, done.returncode,
                             done.stderr.decode("utf-8", "replace").strip()))
        with open(page_path, encoding="utf-8") as f:
            page = f.read()
    if done.returncode != 0:
        print("note: %s: %s exited with status %d" % (entry["where"], entry["program"],
                                                      done.returncode))
    return DECLARATION + select(page, entry["selector"], entry["where"])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin-dir", required=True)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--update", action="store_true")
    parser.add_argument("--manifest", default=os.path.join(ROOT, "docs", "tour", "pictures.txt"))
    parser.add_argument("--out-dir")
    options = parser.parse_args(argv)
    out_dir = options.out_dir or os.path.dirname(os.path.abspath(options.manifest))
    if not os.path.isdir(options.bin_dir):
        print("tour_pictures: error: --bin-dir %s is not a folder" % options.bin_dir,
              file=sys.stderr)
        return 2
    differ = 0
    try:
        entries = parse_manifest(options.manifest)
        for entry in entries:
            picture = make_picture(entry, options.bin_dir)
            path = os.path.join(out_dir, entry["name"])
            old = None
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    old = f.read()
            if old == picture:
                print("same: %s" % path)
            elif options.check:
                differ += 1
                if old is None:
                    print("MISSING: %s (make it with --update)" % path)
                else:
                    print("DIFFERS: %s (remake it with --update)" % path)
                    sys.stdout.writelines(difflib.unified_diff(
                        old.splitlines(True), picture.splitlines(True),
                        path + " (checked in)", path + " (made now)"))
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(picture)
                print("wrote: %s" % path)
    except (Refused, OSError, subprocess.TimeoutExpired) as error:
        print("tour_pictures: error: %s" % error, file=sys.stderr)
        return 2
    print("tour_pictures: %d picture(s), %d differ or missing" % (len(entries), differ)
          if options.check else "tour_pictures: %d picture(s) up to date" % len(entries))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
