#!/usr/bin/env python3
"""Checks a MOCKHIP_TRACE_HTML page in headless Chromium.

usage: html_check.py PAGE EXPECTED_STEPS SCREENSHOT.png [--svg FILE]...

1. Every <svg> of the page, and each --svg FILE (mockhip_dump_svg's output),
   parses as XML (xml.etree) and holds no script; the page fetches nothing
   (no src=, no <link>, no http(s) reference but the SVG namespace).
2. `--dump-dom` of the page, scripts run under a virtual-time budget: <body>
   has data-steps="EXPECTED_STEPS" and an empty data-errors, and the console
   shows no "Uncaught" or "Error" line from the page.
3. PAGE#step-3 (or the last step when there are fewer) opens at that step:
   data-current says so.
4. The keys and the history: a copy of the page with a script appended
   presses ArrowRight, ArrowRight, ArrowLeft, End, Home and then goes
   history.back(); the current step after each must be 2, 3, 2, N, 1, N.
5. `--screenshot` of step 3 into SCREENSHOT.png: a non-empty PNG.

The browser is the first of $CHROMIUM, chromium-headless-shell (Debian's
package of that name), chromium, chromium-browser found on PATH. Exits 0
when every check passes, 1 when one fails (each failure says what), 2 on a
bad command line or when there is no browser.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
BUDGET_MS = "5000"
TIMEOUT_S = 120

# Appended to a copy of the page: presses keys once the page's own handler is
# set up, records the current step after each, then goes back once.
KEYS_SCRIPT = """
<script>
document.addEventListener('DOMContentLoaded', function () {
  var keys = ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'End', 'Home'], seen = [];
  function record() { seen.push(document.body.getAttribute('data-current')); }
  function press(i) {
    if (i === keys.length) {
      history.back();
      setTimeout(function () {
        record();
        document.body.setAttribute('data-keys-seen', seen.join(','));
      }, 200);
      return;
    }
    document.dispatchEvent(new KeyboardEvent('keydown', {key: keys[i], bubbles: true}));
    setTimeout(function () { record(); press(i + 1); }, 200);
  }
  setTimeout(function () { press(0); }, 200);
});
</script>
"""


def find_browser():
    names = [os.environ.get("CHROMIUM", ""), "chromium-headless-shell", "chromium",
             "chromium-browser"]
    for name in names:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def run_browser(browser, args, url):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--enable-logging=stderr", "--v=0", "--window-size=1280,900",
               "--virtual-time-budget=" + BUDGET_MS] + args + [url]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=TIMEOUT_S, check=False)
    return done.returncode, done.stdout.decode("utf-8", "replace"), \
        done.stderr.decode("utf-8", "replace")


def body_attributes(dom):
    match = re.search(r"<body\b([^>]*)>", dom)
    if match is None:
        return None
    return dict(re.findall(r'([\w-]+)="([^"]*)"', match.group(1)))


def console_errors(log):
    """The browser's log lines that report the page's console errors."""
    return [line for line in log.splitlines()
            if "CONSOLE" in line and ("Uncaught" in line or "Error" in line)]


class Checker:
    def __init__(self):
        self.failures = []

    def check(self, ok, what):
        print(("ok: " if ok else "FAIL: ") + what)
        if not ok:
            self.failures.append(what)
        return ok


def check_svg_text(checker, text, where):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        checker.check(False, "%s parses as XML: %s" % (where, error))
        return
    problems = []
    if root.tag != SVG_NS + "svg":
        problems.append("its root is %s" % root.tag)
    if not root.get("viewBox"):
        problems.append("it has no viewBox")
    if list(root.iter(SVG_NS + "script")):
        problems.append("it holds a script")
    if problems:
        checker.check(False, "%s: %s" % (where, "; ".join(problems)))
    return not problems


def check_static(checker, page_text, svg_files):
    svgs = re.findall(r"<svg .*?</svg>", page_text, re.S)
    bad = [n for n, svg in enumerate(svgs, 1)
           if check_svg_text(checker, svg, "the page's picture %d" % n) is False]
    checker.check(svgs and not bad, "the page's %d pictures are well-formed SVG" % len(svgs))
    for path in svg_files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        checker.check(text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n'),
                      "%s starts with the XML declaration" % path)
        checker.check(check_svg_text(checker, text.encode("utf-8"), path) is not False,
                      "%s is well-formed standalone SVG" % path)
    outside = re.findall(r"\bsrc=|<link\b|https?://(?!www\.w3\.org/2000/svg)", page_text)
    checker.check(not outside, "the page fetches nothing (%s)" % (outside or "no src, link, URL"))


def main(argv):
    svg_files = []
    while "--svg" in argv:
        at = argv.index("--svg")
        if at + 1 >= len(argv):
            print(__doc__, file=sys.stderr)
            return 2
        svg_files.append(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) != 3 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    page, expected, screenshot = os.path.abspath(argv[0]), int(argv[1]), argv[2]
    browser = find_browser()
    if browser is None:
        print("html_check: error: no headless Chromium (set CHROMIUM, or apt-get install "
              "chromium-headless-shell)", file=sys.stderr)
        return 2
    print("html_check: %s with %s" % (page, browser))
    checker = Checker()
    with open(page, encoding="utf-8") as f:
        page_text = f.read()
    check_static(checker, page_text, svg_files)

    url = "file://" + page
    status, dom, log = run_browser(browser, ["--dump-dom"], url)
    body = body_attributes(dom) if status == 0 else None
    if checker.check(body is not None, "the browser loads the page (status %d)" % status):
        checker.check(body.get("data-steps") == str(expected),
                      "data-steps is %s, expected %d" % (body.get("data-steps"), expected))
        checker.check(body.get("data-errors") == "",
                      "no script error (data-errors=%r)" % body.get("data-errors"))
    errors = console_errors(log)
    checker.check(not errors, "no console error%s" % ("".join("\n  " + e for e in errors)))

    target = min(3, expected)
    if expected > 0:
        status, dom, log = run_browser(browser, ["--dump-dom"], "%s#step-%d" % (url, target))
        body = body_attributes(dom) or {}
        checker.check(body.get("data-current") == str(target),
                      "#step-%d opens step %s" % (target, body.get("data-current")))
    if expected >= 3:
        with tempfile.TemporaryDirectory() as scratch:
            copy = os.path.join(scratch, "keys.html")
            with open(copy, "w", encoding="utf-8") as f:
                f.write(page_text + KEYS_SCRIPT)
            status, dom, log = run_browser(browser, ["--dump-dom"], "file://" + copy)
        seen = (body_attributes(dom) or {}).get("data-keys-seen")
        want = "2,3,2,%d,1,%d" % (expected, expected)
        checker.check(seen == want, "right, right, left, End, Home, back: steps %s, expected %s"
                      % (seen, want))

    if os.path.exists(screenshot):
        os.remove(screenshot)
    status, _, log = run_browser(
        browser, ["--hide-scrollbars", "--screenshot=" + os.path.abspath(screenshot)],
        "%s#step-%d" % (url, max(target, 1)))
    png = b""
    if os.path.exists(screenshot):
        with open(screenshot, "rb") as f:
            png = f.read()
    checker.check(len(png) > 8 and png.startswith(b"\x89PNG\r\n\x1a\n"),
                  "the screenshot %s is a PNG (%d bytes)" % (screenshot, len(png)))

    if checker.failures:
        print("html_check: %d check(s) failed" % len(checker.failures))
        return 1
    print("html_check: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
