#!/usr/bin/env python3
"""Runs the lessons of examples/vmm and compares what they print with the expected output.

usage: lessons.py --bin-dir DIR [--update] [--release R] [CASE ...]
       lessons.py --list

A case is a lesson (five_steps), one of its mistakes (five_steps.break2) or a
run under another environment (five_steps.teach), played on a platform:
the newest ROCm (mockhip's default), or the one after `@`: a ROCm release
(five_steps@7.2, with MOCKHIP_ROCM_VERSION=7.2) or HIP on NVIDIA
(five_steps@nvidia, with MOCKHIP_PLATFORM=nvidia). Every case runs on the
newest, 7.2, 6.4 and nvidia; a few also on another release whose behaviour
the tour shows (stripe@6.3). Each runs
DIR/lesson_<name> with stdout and stderr together, and its output, with a last
line `[exit N]` or `[signal N]`, is compared with
examples/vmm/expected/<case>.txt (the newest) or
examples/vmm/expected/<release>/<case>.txt once what varies from run to run is
normalised: addresses (0x and 6 or more
hex digits) become 0xADDR, a file descriptor given as an import's osHandle
0xFD, process ids PID, and the call sites of mockhip's
reports (module+0x1a2b, symbol+0x2c) +0xOFF. A mismatch prints a unified
diff. --update rewrites the expected files instead, and the blocks of
docs/tour.md that show one (after `<!-- ci: file examples/vmm/expected/... -->`).
No CASE: every case. --release R runs the cases named (none: every one) on
release R (or nvidia) instead, as CASE@R; a release with no expected
outputs is said so, with exit status 2.
--list prints each case and its ctest labels, one per line (examples/vmm's
CMakeLists.txt reads it). Exits 0 when every case matched, 1 otherwise, 2 for
a bad command line.
"""

import argparse
import difflib
import os
import re
import subprocess
import sys

from markdown import block_after

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECTED = os.path.join(ROOT, "examples", "vmm", "expected")
TOUR = os.path.join(ROOT, "docs", "tour.md")
SHOWN = re.compile(r"^<!--\s*ci:\s*file\s+(examples/vmm/expected/\S+)\s*-->\s*$")

# The cases: name -> (lesson, arguments, environment, crashes).
# A mistake that crashes runs with MOCKHIP_EXPLAIN=1, so the output holds the
# explanation; under ASan or TSan the sanitizer reports the fault instead, so
# those cases carry the label lessons_crash, which the sanitizer builds leave out.
EXPLAIN = {"MOCKHIP_EXPLAIN": "1"}
# A kernel's blocks on one worker: which block faults first is then always the same. (On
# NVIDIA's 2 MiB granules the lesson's launch is big enough to be shared among workers, and,
# as on a GPU, the fault reported is whichever came first.)
KERNEL_EXPLAIN = {"MOCKHIP_EXPLAIN": "1", "MOCKHIP_KERNEL_WORKERS": "1"}
TWO_DEVICES = {"MOCKHIP_DEVICES": "2"}
SYNC_CHECK = {"MOCKHIP_SYNC_CHECK": "1"}
ASYNC_CHECK = {"MOCKHIP_SYNC_CHECK": "1", "MOCKHIP_STREAMS": "async"}
CASES = {
    "five_steps": ("five_steps", [], {}, False),
    "five_steps.break1": ("five_steps", ["break"], {}, False),
    "five_steps.break2": ("five_steps", ["break", "2"], EXPLAIN, True),
    "five_steps.teach": ("five_steps", [], {"MOCKHIP_TEACH": "1"}, False),
    "five_steps.usage": ("five_steps", ["break", "3"], {}, False),
    "teardown.help": ("teardown", ["--help"], {}, False),
    "growable_vector": ("growable_vector", [], {}, False),
    "growable_vector.break1": ("growable_vector", ["break"], {}, False),
    "aliasing": ("aliasing", [], {}, False),
    "aliasing.break1": ("aliasing", ["break"], {}, False),
    "protection": ("protection", [], {}, False),
    "protection.break1": ("protection", ["break", "1"], EXPLAIN, True),
    "protection.break2": ("protection", ["break", "2"], {}, False),
    "peer": ("peer", [], TWO_DEVICES, False),
    "peer.break1": ("peer", ["break"], TWO_DEVICES, False),
    "peer.one_device": ("peer", [], {"MOCKHIP_DEVICES": "1"}, False),
    "ipc": ("ipc", [], {}, False),
    "ipc.break1": ("ipc", ["break"], {}, False),
    "teardown": ("teardown", [], {}, False),
    "teardown.break1": ("teardown", ["break", "1"], {}, False),
    "teardown.break2": ("teardown", ["break", "2"], {}, False),
    "teardown.break3": ("teardown", ["break", "3"], {}, False),
    "kernel_access": ("kernel_access", [], KERNEL_EXPLAIN, False),
    "kernel_access.break1": ("kernel_access", ["break", "1"], KERNEL_EXPLAIN, False),
    "kernel_access.break2": ("kernel_access", ["break", "2"], KERNEL_EXPLAIN, False),
    "grow_at_hint": ("grow_at_hint", [], {}, False),
    "grow_at_hint.break1": ("grow_at_hint", ["break"], {}, False),
    "stripe": ("stripe", [], TWO_DEVICES, False),
    "stripe.break1": ("stripe", ["break"], TWO_DEVICES, False),
    "stripe.one_device": ("stripe", [], {"MOCKHIP_DEVICES": "1"}, False),
    "regrant": ("regrant", [], {}, False),
    "regrant.break1": ("regrant", ["break"], {}, False),
    "streams": ("streams", [], SYNC_CHECK, False),
    "streams.break1": ("streams", ["break", "1"], SYNC_CHECK, False),
    "streams.break2": ("streams", ["break", "2"], SYNC_CHECK, False),
    "streams.break3": ("streams", ["break", "3"], SYNC_CHECK, False),
    "streams.break4": ("streams", ["break", "4"], SYNC_CHECK, False),
    # the same reports where streams run asynchronously: the checker follows the calls
    "streams.async": ("streams", [], ASYNC_CHECK, False),
    "streams.break1.async": ("streams", ["break", "1"], ASYNC_CHECK, False),
    "streams.break4.async": ("streams", ["break", "4"], ASYNC_CHECK, False),
    "streams.break1.teach": ("streams", ["break", "1"], {"MOCKHIP_TEACH": "1"}, False),
}

# The platforms every case runs on: the newest ROCm (the default, no suffix), ROCm 7.2 and
# 6.4 (MOCKHIP_ROCM_VERSION), and HIP on NVIDIA (`nvidia`: MOCKHIP_PLATFORM=nvidia).
RELEASES = ["newest", "7.2", "6.4", "nvidia"]
PLATFORMS = {"nvidia"}
# Cases also run on another release, where the tour shows what that one does.
MORE = ["ipc@6.1", "ipc@7.0", "ipc.break1@7.0", "stripe@6.3"]


def all_cases():
    names = list(CASES)
    for release in RELEASES[1:]:
        names += [f"{name}@{release}" for name in CASES]
    return names + MORE


def split(name):
    """five_steps.break1@7.2 -> ("five_steps.break1", "7.2"); no @ -> the newest."""
    case, _, release = name.partition("@")
    return case, release or "newest"

# What varies between runs, in the order applied.
NORMALISE = [
    (re.compile(r"0x[0-9a-fA-F]{6,}"), "0xADDR"),
    # a descriptor passed where a pointer was read (the import on ROCm 6.2 to 7.2)
    (re.compile(r"\b(osHandle )0x[0-9a-fA-F]{1,5}\b"), r"\g<1>0xFD"),
    # a call site: a module path (it holds a slash) or a symbol, then +0x offset
    (re.compile(r"[^\s(]*/([^\s/(]+)\+0x[0-9a-fA-F]+"), r"\1+0xOFF"),
    (re.compile(r"\((\w+)\+0x[0-9a-fA-F]+\)"), r"(\1+0xOFF)"),
    (re.compile(r"\b(pid[ =:]?)\d+"), r"\1PID"),
    (re.compile(r"^(mockhip\[)\d+(\])", re.M), r"\1PID\2"),
]

# The environment a lesson must not inherit: options that change what it prints.
CLEARED = re.compile(r"^MOCKHIP_")


def normalise(text):
    for pattern, replacement in NORMALISE:
        text = pattern.sub(replacement, text)
    return text


def has_expected(release):
    """Whether examples/vmm/expected holds outputs for release (the newest's are its top)."""
    return release == "newest" or os.path.isdir(os.path.join(EXPECTED, release))


def run_case(bin_dir, name, timeout=60):
    case, release = split(name)
    lesson, args, env_extra, _ = CASES[case]
    program = os.path.join(bin_dir, "lesson_" + lesson)
    env = {k: v for k, v in os.environ.items() if not CLEARED.match(k)}
    env.update(env_extra)
    if release in PLATFORMS:
        env["MOCKHIP_PLATFORM"] = release
    elif release != "newest":
        env["MOCKHIP_ROCM_VERSION"] = release
    try:
        proc = subprocess.run(
            [program] + args,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            timeout=timeout,
        )
    except OSError as e:
        return None, f"cannot run {program}: {e.strerror}"
    except subprocess.TimeoutExpired:
        return None, f"{program} {' '.join(args)} ran past {timeout} s"
    output = proc.stdout.decode("utf-8", errors="replace")
    if output and not output.endswith("\n"):
        output += "\n"
    status = proc.returncode
    output += f"[signal {-status}]\n" if status < 0 else f"[exit {status}]\n"
    return normalise(output), None


def check_case(bin_dir, name, update):
    output, error = run_case(bin_dir, name)
    if error:
        print(f"lessons: {name}: {error}")
        return False
    case, release = split(name)
    folder = EXPECTED if release == "newest" else os.path.join(EXPECTED, release)
    path = os.path.join(folder, case + ".txt")
    rel = os.path.relpath(path, ROOT)
    if update:
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(output)
        print(f"lessons: {name}: wrote {rel}")
        return True
    try:
        with open(path, encoding="utf-8") as f:
            expected = f.read()
    except OSError as e:
        print(f"lessons: {name}: cannot read {rel}: {e.strerror} (--update writes it)")
        return False
    if output == expected:
        print(f"lessons: {name}: ok")
        return True
    print(f"lessons: {name}: the output differs from {rel}:")
    sys.stdout.writelines(
        difflib.unified_diff(
            expected.splitlines(True), output.splitlines(True), rel, "this run"
        )
    )
    return False


def update_tour():
    """Rewrites the blocks of docs/tour.md that show an expected file with its text."""
    try:
        with open(TOUR, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError:
        return
    out, i, changed = [], 0, 0
    while i < len(lines):
        out.append(lines[i])
        shown = SHOWN.match(lines[i])
        found = block_after(lines, i) if shown else None
        if found is None:
            i += 1
            continue
        with open(os.path.join(ROOT, shown.group(1)), encoding="utf-8") as f:
            text = f.read()
        opening = next(k for k in range(i + 1, found[1]) if lines[k].strip())
        out += lines[i + 1 : opening + 1] + text.rstrip("\n").split("\n") + [lines[found[1]]]
        changed += found[0] + "\n" != text
        i = found[1] + 1
    if changed:
        with open(TOUR, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
        print(f"lessons: rewrote {changed} block(s) of docs/tour.md")


def main(argv):
    parser = argparse.ArgumentParser(
        description="Runs the lessons of examples/vmm against their expected output."
    )
    parser.add_argument("--bin-dir", help="the folder holding the lesson_* programs")
    parser.add_argument("--update", action="store_true", help="rewrite the expected files")
    parser.add_argument("--list", action="store_true", help="print the cases and their labels")
    parser.add_argument("--release", help="run the cases on this ROCm release (CASE@RELEASE)")
    parser.add_argument("cases", nargs="*", metavar="CASE")
    opts = parser.parse_args(argv)
    if opts.list:
        for name in all_cases():
            crashes = CASES[split(name)[0]][3]
            print(name, "lessons,lessons_crash" if crashes else "lessons")
        return 0
    if not opts.bin_dir:
        parser.error("--bin-dir is required")
    if opts.release:
        if "@" in "".join(opts.cases):
            parser.error("--release takes cases without @")
        names = [f"{c}@{opts.release}" for c in opts.cases or CASES]
        if opts.release == "newest":
            names = [split(n)[0] for n in names]
    else:
        names = opts.cases or all_cases()
    missing = sorted({r for r in map(lambda n: split(n)[1], names) if not has_expected(r)})
    if missing and not opts.update:
        print(
            f"lessons: no expected output for {', '.join(missing)}: CI checks "
            f"{', '.join(RELEASES)}; run a lesson on another release by hand "
            f"(MOCKHIP_ROCM_VERSION={missing[0]} {opts.bin_dir}/lesson_five_steps), "
            "or write its outputs with --update"
        )
        return 2
    unknown = [n for n in names if split(n)[0] not in CASES]
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)} (--list lists them)")
    failed = [n for n in names if not check_case(opts.bin_dir, n, opts.update)]
    if opts.update:
        update_tour()
    print(f"lessons: {len(names) - len(failed)} of {len(names)} cases as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
