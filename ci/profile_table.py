#!/usr/bin/env python3
"""ci/profile_table.py: checks that mockhip's profiles are the reference's table.

    python3 ci/profile_table.py [ROOT]

Table (g) of docs/hip-vmm-semantics.md and mockhip/src/core/profile_table.h must
name the same releases in the same order, the same row keys in the same order
with the same reference rows, and the same word in every cell. Prints each
difference and exits 1; prints one summary line and exits 0 when they agree.
"""
import re
import sys
from pathlib import Path


def doc_table(text):
    """(versions, {key: (refs, [words])}) from the markdown table of section (g)."""
    section = text.split("## (g) Version profiles", 1)[1].split("\n## ", 1)[0]
    lines = [l for l in section.splitlines() if l.startswith("| ")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[1:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != len(header):
            continue  # another table of the section (the bugs)
        match = re.fullmatch(r"(\w+) \((.*)\)", cells[0])
        if match is None:
            continue
        words = []
        for cell in cells[1:]:
            word = re.match(r"`([^`]+)`", cell)
            words.append(word.group(1) if word else "?" + cell)
        rows[match.group(1)] = (match.group(2), words)
    return header[1:], rows


def code_table(text):
    versions = re.findall(r'V\("([^"]+)",', text)
    rows = {}
    for key, refs, cells in re.findall(r'ROW\((\w+),\s*"([^"]*)",([^)]*)\)', text):
        rows[key] = (refs, [c.strip() for c in cells.split(",")])
    return versions, rows


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    doc_versions, doc_rows = doc_table((root / "docs/hip-vmm-semantics.md").read_text())
    code_versions, code_rows = code_table((root / "mockhip/src/core/profile_table.h").read_text())
    problems = []
    if doc_versions != code_versions:
        problems.append(f"releases differ: reference {doc_versions}, code {code_versions}")
    if list(doc_rows) != list(code_rows):
        problems.append(f"row keys differ: reference {list(doc_rows)}, code {list(code_rows)}")
    for key in doc_rows.keys() & code_rows.keys():
        (doc_refs, doc_words), (code_refs, code_words) = doc_rows[key], code_rows[key]
        if doc_refs != code_refs:
            problems.append(f"{key}: reference rows '{doc_refs}' vs '{code_refs}'")
        for version, a, b in zip(doc_versions, doc_words, code_words):
            if a != b:
                problems.append(f"{key} @ {version}: reference says {a}, profile_table.h says {b}")
        if len(doc_words) != len(code_words):
            problems.append(f"{key}: {len(doc_words)} cells in the reference, {len(code_words)} in code")
    for problem in problems:
        print(f"profile table: {problem}")
    if problems:
        return 1
    print(f"profile table: {len(code_rows)} rows x {len(code_versions)} releases agree with the reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
