#!/usr/bin/env python3
"""Runs ctest's tests under valgrind memcheck, one at a time.

usage: memcheck.py BUILD_DIR [--exclude REGEX] [-- VALGRIND_OPTION...]

The test list, each test's command line, working directory, environment and
timeout come from `ctest --show-only=json-v1`, so a test runs exactly as ctest
would run it, with valgrind in front and VALGRIND_SLOWDOWN (40) times its
ctest timeout as its limit (300 s for a test without one). Tests ctest marks
DISABLED or WILL_FAIL are left out; a test's SKIP_RETURN_CODE still means
skipped. Exits 1 when any test fails or
valgrind reports an error, 0 otherwise.
"""

import json
import os
import re
import subprocess
import sys
import time

VALGRIND_SLOWDOWN = 40

def properties(test):
    return {p["name"]: p["value"] for p in test.get("properties", [])}


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, valgrind_options = argv[:split], argv[split + 1 :]
    else:
        valgrind_options = []
    if not argv:
        sys.exit(__doc__)
    build_dir = argv[0]
    exclude = None
    if len(argv) == 3 and argv[1] == "--exclude":
        exclude = re.compile(argv[2])
    elif len(argv) != 1:
        sys.exit(__doc__)

    listing = subprocess.run(
        ["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
        check=True,
        stdout=subprocess.PIPE,
        universal_newlines=True,
    ).stdout
    tests = json.loads(listing)["tests"]

    failed, passed, skipped = [], [], []
    for test in tests:
        name = test["name"]
        props = properties(test)
        if exclude and exclude.search(name):
            print(f"memcheck: {name}: excluded", flush=True)
            continue
        if props.get("DISABLED") or props.get("WILL_FAIL"):
            print(f"memcheck: {name}: disabled or expected to fail in ctest", flush=True)
            continue
        if "command" not in test:
            failed.append(name)
            print(f"memcheck: {name}: ctest has no command for it", flush=True)
            continue
        env = dict(os.environ)
        for item in props.get("ENVIRONMENT", []):
            key, _, value = item.partition("=")
            env[key] = value
        cwd = props.get("WORKING_DIRECTORY", build_dir)
        command = ["valgrind"] + valgrind_options + test["command"]
        timeout = float(props["TIMEOUT"]) * VALGRIND_SLOWDOWN if "TIMEOUT" in props else 300
        print(f"\nmemcheck: {name}: {' '.join(command)}", flush=True)
        start = time.monotonic()
        try:
            rc = subprocess.run(command, cwd=cwd, env=env, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            rc = f"timeout after {timeout:.0f}s"
        took = time.monotonic() - start
        skip_code = props.get("SKIP_RETURN_CODE")
        if skip_code is not None and rc == int(skip_code):
            skipped.append(name)
            verdict = "skipped"
        elif rc == 0:
            passed.append(name)
            verdict = "ok"
        else:
            failed.append(name)
            verdict = f"FAILED (exit status {rc})"
        print(f"memcheck: {name}: {verdict} after {took:.1f}s", flush=True)

    print(
        f"\nmemcheck: {len(passed)} clean, {len(failed)} failed, {len(skipped)} skipped"
        + (": " + ", ".join(failed) if failed else "")
    )
    if not passed and not failed:
        print("memcheck: no test ran")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
