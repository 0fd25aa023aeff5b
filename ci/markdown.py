"""markdown.py: the Markdown that ci/check_docs.py and ci/doc_commands.py both read."""

import re

FENCE = re.compile(r"^\s*(```|~~~)")


def block_after(lines, index):
    """The fenced block that follows line `index` (blank lines may come between):
    (its text, the index of its closing fence), or None when no block follows."""
    start = index + 1
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start >= len(lines) or not FENCE.match(lines[start]):
        return None
    end = start + 1
    while end < len(lines) and not FENCE.match(lines[end]):
        end += 1
    return "\n".join(lines[start + 1 : end]), end
