#!/usr/bin/env python3
"""The test of ci/tour_pictures.py, on a manifest of its own.

usage: test_tour_pictures.py BIN_DIR

BIN_DIR holds mockhip_test_trace_html (mockhip/tests in a build tree), whose
`--scenario steps` reserves, creates, maps one handle twice, sets access,
fails a map and tears down. The test writes pictures of it with --update,
checks that --check passes in runs with other addresses, that a changed or
missing picture fails --check with a diff, and that a bad line, a missing
program and a step the page does not have end with status 2.
"""

import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "tour_pictures.py")
PROGRAM = "mockhip_test_trace_html"

FAILURES = []


def expect(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        FAILURES.append(what)
    return ok


def run(bin_dir, manifest, *mode):
    done = subprocess.run([sys.executable, SCRIPT, "--bin-dir", bin_dir, "--manifest", manifest]
                          + list(mode), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          check=False)
    return done.returncode, done.stdout.decode()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    bin_dir = argv[0]
    with tempfile.TemporaryDirectory() as scratch:
        manifest = os.path.join(scratch, "pictures.txt")
        write(manifest, "# the test's pictures\n"
                        "access.svg %s hipMemSetAccess#1 --scenario steps\n"
                        "alias.svg %s hipMemMap#2 --scenario steps\n"
                        "\n"
                        "two.svg MOCKHIP_DEVICES=2 %s step#9 --scenario steps  # released\n"
                        "end.svg %s exit --scenario steps\n" % ((PROGRAM,) * 4))
        status, out = run(bin_dir, manifest, "--update")
        if not expect(status == 0 and out.count("wrote: ") == 4,
                      "--update writes 4 pictures: " + out):
            return 1
        pictures = {name: read(os.path.join(scratch, name))
                    for name in ("access.svg", "alias.svg", "two.svg", "end.svg")}
        expect(all(p.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
                   for p in pictures.values()), "each picture is a standalone SVG")
        expect("dev0 rw" in pictures["access.svg"], "hipMemSetAccess#1 shows the access it set")
        expect("dev0 rw" not in pictures["alias.svg"] and
               pictures["alias.svg"].count("handle#1") == 3,
               "hipMemMap#2: the handle mapped twice, before any access")
        expect("2 devices" in pictures["two.svg"] and "released, still mapped" in
               pictures["two.svg"], "the line's MOCKHIP_DEVICES=2 and step#9 (the release)")
        expect("reservations (0)" in pictures["end.svg"], "exit: everything torn down")

        # Other runs, other addresses: the same pictures.
        for attempt in range(2):
            status, out = run(bin_dir, manifest, "--check")
            expect(status == 0 and out.count("same: ") == 4, "--check passes, run %d: %s"
                   % (attempt + 1, out))

        write(os.path.join(scratch, "alias.svg"),
              pictures["alias.svg"].replace("reservations (1)", "reservations (7)"))
        os.remove(os.path.join(scratch, "end.svg"))
        status, out = run(bin_dir, manifest, "--check")
        expect(status == 1, "--check fails on a changed and a missing picture")
        expect("DIFFERS: " in out and "-<text" in out and "reservations (7)" in out,
               "the changed picture comes with a diff")
        expect("MISSING: " in out and out.count("end.svg") >= 1, "the missing one is named")
        expect(not os.path.exists(os.path.join(scratch, "end.svg")), "--check writes nothing")

        for line, why in (("bad.txt %s exit\n" % PROGRAM, "a name that is not .svg"),
                          ("a.svg no_such_program exit\n", "a program not built"),
                          ("a.svg %s hipMemMap#5 --scenario steps\n" % PROGRAM,
                           "a step the page does not have"),
                          ("a.svg %s sideways --scenario steps\n" % PROGRAM, "a bad selector")):
            write(manifest, line)
            status, out = run(bin_dir, manifest, "--check")
            expect(status == 2 and "tour_pictures: error: " in out, "%s: status 2 (%d): %s"
                   % (why, status, out.strip()))
    if FAILURES:
        print("test_tour_pictures: %d check(s) failed" % len(FAILURES))
        return 1
    print("test_tour_pictures: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
