#!/usr/bin/env python3
"""Prints the slowest tests of a build's last ctest run, beside their time limits.

usage: slowest_tests.py BUILD_DIR [--count N]

The times come from BUILD_DIR/Testing/Temporary/LastTest.log (the run that just
ended), the limits from `ctest --show-only=json-v1` (a test without one has the
test preset's 300 s). Each line gives the limit's margin, limit / time: a margin
under 6 is flagged, since the limits are meant to hold at six times a test's
quiet time (CMakeLists.txt, hipvmm_test_timeout). Flagged lines fail nothing: a
run on a loaded machine reads slower than a quiet one.
"""

import argparse
import json
import os
import re
import subprocess
import sys

DEFAULT_LIMIT = 300.0  # CMakePresets.json's test presets


def last_run_times(build_dir):
    """{test name: seconds} from the last run's log."""
    path = os.path.join(build_dir, "Testing", "Temporary", "LastTest.log")
    times = {}
    name = None
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            testing = re.match(r"^\d+/\d+ Testing: (\S+)", line)
            if testing:
                name = testing.group(1)
                continue
            took = re.match(r"^Test time =\s*([0-9.]+) sec", line)
            if took and name is not None:
                times[name] = float(took.group(1))
                name = None
    return times


def limits(build_dir):
    """{test name: seconds} from ctest's own view of the tests."""
    shown = subprocess.run(["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
                           check=True, capture_output=True, text=True).stdout
    out = {}
    for test in json.loads(shown)["tests"]:
        limit = DEFAULT_LIMIT
        for prop in test.get("properties", []):
            if prop["name"] == "TIMEOUT":
                limit = float(prop["value"])
        out[test["name"]] = limit
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("--count", type=int, default=5)
    args = parser.parse_args()
    try:
        times = last_run_times(args.build_dir)
    except OSError as err:
        print(f"slowest_tests: no last run in {args.build_dir}: {err}", file=sys.stderr)
        return 1
    limit_of = limits(args.build_dir)
    slowest = sorted(times.items(), key=lambda item: item[1], reverse=True)[: args.count]
    print(f"slowest {len(slowest)} of {len(times)} tests in {args.build_dir}:")
    for name, seconds in slowest:
        limit = limit_of.get(name, DEFAULT_LIMIT)
        margin = limit / seconds if seconds > 0 else float("inf")
        flag = "  (under 6x)" if margin < 6 else ""
        print(f"  {seconds:8.2f} s  {name:<44} limit {limit:6.0f} s, {margin:5.1f}x{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
