#!/usr/bin/env python3
"""Checks the Markdown files git tracks, as a reader would follow them.

usage: check_docs.py [-h] [FILE.md ...]      (default: every tracked *.md)

- Every relative link resolves: [text](path), [text](path#anchor) and
  [text](#anchor) name a file or folder that exists and, for a Markdown
  target, a heading whose GitHub anchor is the one given. Links with a scheme
  (https:, mailto:) are left alone; code spans and fenced blocks are not read.
- Every shown file is the file: a fenced block right after the comment
  `<!-- ci: file PATH -->` holds exactly PATH's text, and one right after
  `<!-- ci: part-of PATH -->` holds lines that PATH has, together and in order.
- No command in a fenced block runs an unbounded parallel build: `-j` or
  `--parallel` with no number after it starts a job per target, which can
  exhaust a small machine's memory (write -j"$(nproc)").
Prints one line per problem (file:line: what) and exits 1 when there is any.
"""

import os
import re
import subprocess
import sys

from markdown import FENCE, block_after

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+).*?\1")
SHOWN = re.compile(r"^<!--\s*ci:\s*(file|part-of)\s+(\S+)\s*-->\s*$")
# make -j, cmake --build -j / --parallel, ninja -j: a bound must follow.
UNBOUNDED_JOBS = re.compile(r"\b(?:make|cmake|ninja)\b.*\s(-j|--parallel)(?=\s|$|&&|;)")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"`", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link keeps its text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(lines):
    seen, result = {}, set()
    in_fence = False
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        match = None if in_fence else HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def check_file(path, anchor_cache, problems):
    lines = read_lines(path)
    here = os.path.dirname(path)
    rel = os.path.relpath(path, ROOT)
    in_fence = False
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            if UNBOUNDED_JOBS.search(line):
                problems.append(
                    f"{rel}:{number}: an unbounded parallel build ({line.strip()}): "
                    'give -j a number, -j"$(nproc)"'
                )
            continue
        shown = SHOWN.match(line)
        if shown:
            check_shown(path, lines, number, shown.group(1), shown.group(2), problems)
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            target = match.group(1)
            if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue
            file_part, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(here, file_part)) if file_part else path
            if not os.path.exists(full):
                problems.append(f"{rel}:{number}: {target}: no such file or folder")
                continue
            if anchor and full.endswith(".md"):
                if full not in anchor_cache:
                    anchor_cache[full] = anchors(read_lines(full))
                if anchor not in anchor_cache[full]:
                    problems.append(
                        f"{rel}:{number}: {target}: no heading with anchor #{anchor} in "
                        f"{os.path.relpath(full, ROOT)}"
                    )


def check_shown(path, lines, number, how, shown_path, problems):
    rel = os.path.relpath(path, ROOT)
    found = block_after(lines, number - 1)
    if found is None:
        problems.append(f"{rel}:{number}: ci: {how} {shown_path}: no fenced block follows")
        return
    block = found[0] + "\n"
    full = os.path.join(ROOT, shown_path)
    if not os.path.isfile(full):
        problems.append(f"{rel}:{number}: ci: {how} {shown_path}: no such file")
        return
    with open(full, encoding="utf-8") as f:
        text = f.read()
    if how == "file" and block != text:
        problems.append(f"{rel}:{number}: the block shown is not {shown_path} as it is now")
    elif how == "part-of" and not ("\n" + text).count("\n" + block):
        problems.append(f"{rel}:{number}: the lines shown are not a part of {shown_path} as it is now")


def main(argv):
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return 0
    options = [a for a in argv if a.startswith("-")]
    if options:
        print(f"check_docs: unknown option {options[0]}", file=sys.stderr)
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    missing = [a for a in argv if not os.path.isfile(a)]
    if missing:
        print(f"check_docs: {missing[0]}: no such file", file=sys.stderr)
        return 2
    if argv:
        files = [os.path.abspath(a) for a in argv]
    else:
        listed = subprocess.run(
            ["git", "-C", ROOT, "ls-files", "*.md"],
            check=True,
            stdout=subprocess.PIPE,
            universal_newlines=True,
        ).stdout.split()
        files = [os.path.join(ROOT, f) for f in listed]
    problems, cache = [], {}
    for path in files:
        check_file(path, cache, problems)
    for problem in problems:
        print(problem)
    print(f"check_docs: {len(files)} Markdown files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # a reader that stopped early (| head, | grep -q)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
