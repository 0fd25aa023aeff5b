#!/usr/bin/env python3
"""Runs ctest's tests under valgrind memcheck, --jobs at a time (1 by default).

usage: memcheck.py BUILD_DIR [--jobs N] [--include REGEX] [--exclude REGEX]
                   [--fd-kept-by FUNCTION]... [-- VALGRIND_OPTION...]

The test list, each test's command line, working directory, environment and
timeout come from `ctest --show-only=json-v1`, so a test runs exactly as ctest
would run it, with valgrind in front and VALGRIND_SLOWDOWN (40) times its
ctest timeout as its limit (300 s for a test without one). --include keeps
only the tests whose name matches REGEX, --exclude leaves out those whose name
does. Tests ctest marks DISABLED or WILL_FAIL are left out; a test's
SKIP_RETURN_CODE still means skipped. Exits 1 when any test fails or valgrind
reports an error, 0 otherwise. With --jobs above 1 the tests with the longest
timeouts start first, and each test's output is printed whole once it ends.

File descriptors: valgrind 3.19 only lists, with --track-fds=yes (or all), the
descriptors a process leaves open at exit; it does not count them as errors,
and it prints the list even with --quiet, on the stderr of every traced child
too, where a test that reads a child's stderr would find it. With that option
memcheck.py gives valgrind a log file per process (--log-file=DIR/%p.log),
prints what the logs say but the lists once the test is done, and fails the
test when the test's own process (the one valgrind started, not its children)
left open a descriptor that it opened itself: one listed with the stack that
opened it. Not judged:
  - descriptors "<inherited from parent>" (memcheck.py passes only 0, 1 and 2
    on; a CI runner may pass more) and the standard three;
  - descriptors whose opening stack names a FUNCTION given with --fd-kept-by:
    a library's own file, kept open on purpose until the process ends (mockhip
    keeps the memory file its next allocations come from);
  - the children's lists: a forked child holds its parent's descriptors at
    exit, and valgrind lists them as the child's own. A child's leak shows in
    the test that counts the descriptors around it.

Every test runs with VALGRIND_OPTS holding
--vex-iropt-register-updates=allregs-at-mem-access: mockhip's synchronisation
checker guards pinned memory from the host with page protection and runs a
faulting access again, which valgrind gets right only with it.
"""

import json
import os
from concurrent.futures import ThreadPoolExecutor, as_completed
import re
import subprocess
import sys
import tempfile
import time

EXACT_REGISTERS = "--vex-iropt-register-updates=allregs-at-mem-access"

VALGRIND_SLOWDOWN = 40

# "==123== Open file descriptor 7: /path" (the path may be empty), then either
# "==123==    <inherited from parent>" or the stack: "==123==    at 0x...: open (...)".
FD_RECORD = re.compile(r"^==(\d+)== Open (?:file descriptor|AF_UNIX socket) (\d+): ?(.*)$")
FD_DETAIL = re.compile(r"^==(\d+)==    (.*)$")


def properties(test):
    return {p["name"]: p["value"] for p in test.get("properties", [])}


def parse_args(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, valgrind_options = argv[:split], argv[split + 1 :]
    else:
        valgrind_options = []
    if not argv:
        sys.exit(__doc__)
    options = {"build_dir": argv[0], "include": None, "exclude": None, "kept_by": [], "jobs": 1}
    rest = argv[1:]
    while rest:
        if len(rest) < 2 or rest[0] not in ("--include", "--exclude", "--fd-kept-by", "--jobs"):
            sys.exit(__doc__)
        if rest[0] == "--fd-kept-by":
            options["kept_by"].append(rest[1])
        elif rest[0] == "--jobs":
            if not rest[1].isdigit() or int(rest[1]) < 1:
                sys.exit(__doc__)
            options["jobs"] = int(rest[1])
        else:
            options[rest[0][2:]] = re.compile(rest[1])
        rest = rest[2:]
    return options, valgrind_options


def tracks_fds(valgrind_options):
    return any(o in ("--track-fds=yes", "--track-fds=all") for o in valgrind_options)


def leaked_fds(lines, pid, kept_by):
    """The descriptors process `pid` left open at exit that it opened itself: a list of
    (record line, its stack), from valgrind's --track-fds lines."""
    leaks, record, stack = [], None, []

    def close_record():
        if record is None or not stack or stack[0] == "<inherited from parent>":
            return
        fd = int(FD_RECORD.match(record).group(2))
        if fd <= 2 or any(re.search(r"\b%s\b" % re.escape(f), " ".join(stack)) for f in kept_by):
            return
        leaks.append((record, stack))

    own = "==%d== " % pid
    for line in lines:
        if not line.startswith(own):  # another process's lines may come in between
            continue
        detail = FD_DETAIL.match(line)
        if FD_RECORD.match(line):
            close_record()
            record, stack = line, []
        elif record is not None and detail and detail.group(2).strip():
            stack.append(detail.group(2).strip())
        else:  # the blank line that ends a record, or anything else
            close_record()
            record, stack = None, []
    close_record()
    return leaks


def valgrind_limit(props):
    """A test's limit under valgrind: VALGRIND_SLOWDOWN times ctest's, or 300 s."""
    return float(props["TIMEOUT"]) * VALGRIND_SLOWDOWN if "TIMEOUT" in props else 300


def run(command, cwd, env, timeout):
    """Runs command; returns its exit status, or a timeout message, and what it printed."""
    try:
        done = subprocess.run(command, cwd=cwd, env=env, timeout=timeout, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, errors="replace")
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode(errors="replace") if expired.stdout else ""
        return f"timeout after {timeout:.0f}s", out


def without_fd_lists(lines):
    """valgrind's lines less its --track-fds lists (each process's, children's included)."""
    kept, in_list = [], False
    for line in lines:
        if "FILE DESCRIPTORS:" in line:
            in_list = True
        elif in_list and not re.match(r"^==\d+== (Open |   |$)", line):
            in_list = False
        if not in_list:
            kept.append(line)
    return kept


def run_logged(command, cwd, env, timeout, kept_by):
    """Runs command with valgrind's output in a log file per process (a list printed on a
    child's stderr would be read by a test that reads that stderr) and returns (exit status or
    a timeout message, what the test and the logs say but the descriptor lists, the descriptors
    the test's own process left open). valgrind execs its tool in place: that process's pid is
    the one started here."""
    with tempfile.TemporaryDirectory(prefix="memcheck-") as logs, \
            tempfile.TemporaryFile(mode="w+", errors="replace") as out:
        logged = command[:1] + [f"--log-file={logs}/%p.log"] + command[1:]
        try:
            process = subprocess.Popen(logged, cwd=cwd, env=env, stdout=out,
                                       stderr=subprocess.STDOUT)
            rc = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            rc = f"timeout after {timeout:.0f}s"
        own, shown = [], []
        for name in sorted(os.listdir(logs), key=lambda n: int(n.split(".")[0])):
            with open(os.path.join(logs, name), errors="replace") as log:
                lines = log.read().splitlines()
            if int(name.split(".")[0]) == process.pid:
                own = lines
            shown += [l for l in without_fd_lists(lines) if l.strip("=0123456789 ")]
        out.seek(0)
        text = out.read() + "".join(line + "\n" for line in shown)
    return rc, text, leaked_fds(own, process.pid, kept_by)


def check(test, props, options, valgrind_options, watch_fds):
    """Runs one test under valgrind: (its verdict, "ok", "skipped" or "failed", and its text)."""
    name, build_dir = test["name"], options["build_dir"]
    env = dict(os.environ)
    for item in props.get("ENVIRONMENT", []):
        key, _, value = item.partition("=")
        env[key] = value
    # Every register exact at each memory access, so that an access that faulted on a page
    # mockhip guards runs again correctly; in the environment, where mockhip sees it is set.
    env["VALGRIND_OPTS"] = (env.get("VALGRIND_OPTS", "") + " " + EXACT_REGISTERS).strip()
    cwd = props.get("WORKING_DIRECTORY", build_dir)
    command = ["valgrind"] + valgrind_options + test["command"]
    timeout = valgrind_limit(props)
    start = time.monotonic()
    if watch_fds:
        rc, text, leaks = run_logged(command, cwd, env, timeout, options["kept_by"])
    else:
        (rc, text), leaks = run(command, cwd, env, timeout), []
    took = time.monotonic() - start
    lines = [f"\nmemcheck: {name}: {' '.join(command)}", text.rstrip("\n")]
    skip_code = props.get("SKIP_RETURN_CODE")
    if skip_code is not None and rc == int(skip_code) and not leaks:
        kind, verdict = "skipped", "skipped"
    elif rc == 0 and not leaks:
        kind, verdict = "ok", "ok"
    else:
        kind, verdict = "failed", f"FAILED (exit status {rc})" if rc != 0 else "FAILED"
    for record, stack in leaks:
        lines.append(f"memcheck: {name}: left open at exit: {record.split('== ', 1)[1]}")
        lines += [f"memcheck:     {frame}" for frame in stack]
    if leaks:
        verdict += f": {len(leaks)} file descriptor(s) left open"
    lines.append(f"memcheck: {name}: {verdict} after {took:.1f}s")
    return kind, "\n".join(line for line in lines if line)


def main(argv):
    options, valgrind_options = parse_args(argv)
    build_dir = options["build_dir"]
    watch_fds = tracks_fds(valgrind_options)

    listing = subprocess.run(
        ["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
        check=True,
        stdout=subprocess.PIPE,
        universal_newlines=True,
    ).stdout
    tests = json.loads(listing)["tests"]

    failed, passed, skipped, chosen = [], [], [], []
    for test in tests:
        name = test["name"]
        props = properties(test)
        if options["include"] and not options["include"].search(name):
            continue
        if options["exclude"] and options["exclude"].search(name):
            print(f"memcheck: {name}: excluded", flush=True)
            continue
        if props.get("DISABLED") or props.get("WILL_FAIL"):
            print(f"memcheck: {name}: disabled or expected to fail in ctest", flush=True)
            continue
        if "command" not in test:
            failed.append(name)
            print(f"memcheck: {name}: ctest has no command for it", flush=True)
            continue
        chosen.append((test, props))
    if options["jobs"] > 1:  # the longest first, so that no long one is left for the end
        chosen.sort(key=lambda tp: -float(tp[1].get("TIMEOUT", 300)))

    outcome = {"ok": passed, "skipped": skipped, "failed": failed}
    took = {}

    def timed(test, props):
        start = time.monotonic()
        result = check(test, props, options, valgrind_options, watch_fds)
        took[test["name"]] = time.monotonic() - start
        return result

    with ThreadPoolExecutor(max_workers=options["jobs"]) as pool:
        running = {pool.submit(timed, test, props): test["name"] for test, props in chosen}
        for future in as_completed(running):
            kind, text = future.result()
            print(text, flush=True)
            outcome[kind].append(running[future])

    limit_of = {test["name"]: valgrind_limit(props) for test, props in chosen}
    print(f"\nmemcheck: the slowest 5 of {len(took)}, beside their limits under valgrind:")
    for name, seconds in sorted(took.items(), key=lambda item: -item[1])[:5]:
        print(f"  {seconds:8.2f} s  {name:<44} limit {limit_of[name]:6.0f} s")

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
