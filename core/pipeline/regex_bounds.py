"""Stated bounds for a regex read from a file, checked before it is compiled.

The ``regex`` module expands counted repetition when it compiles, where no
timeout reaches (``a{4294967294}`` exhausts memory), so a pattern is refused
when it exceeds ``MAX_PATTERN_CHARS``, ``MAX_REPEAT`` or ``MAX_EXPANSION``.

Details: docs/notes/pipeline.md#corepipelineregex_boundspy.
"""

from __future__ import annotations

MAX_PATTERN_CHARS = 10_000
MAX_REPEAT = 1_000
MAX_EXPANSION = 100_000

# After these escapes a brace holds a name or code point, not a count.
_BRACED_ESCAPES = frozenset("pPxNuUgk")


def _count(pattern: str, i: int):
    """``(count, end)`` when a counted repetition ``{...}`` starts at ``i``
    (its largest count: the upper bound, or the lower one when open), else None."""
    end = pattern.find("}", i)
    if end < 0:
        return None
    body = pattern[i + 1:end]
    low, comma, high = body.partition(",")
    parts = [p.strip() for p in (low, high)]
    if not any(parts) or not all(p == "" or (p.isascii() and p.isdigit()) for p in parts) or (not comma and not low):
        return None  # a literal brace, as the regex module reads it
    numbers = [int(p[:12]) if len(p) <= 12 else 10**12 for p in parts if p]
    return max(numbers), end + 1


def repeat_problem(pattern: str) -> str | None:
    """Why ``pattern`` is over the stated bounds, or None.

    >>> repeat_problem("(?:a{3000}){3000}")
    'the repetition count 3000 is over the limit 1000'
    >>> repeat_problem("(?:(?:a{100}){100}){20}")
    'written out, its counted repetitions make 200000 items, over the limit 100000'
    """
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"{len(pattern)} characters are over the limit {MAX_PATTERN_CHARS} of a pattern"
    # One frame per open group: [size of the items before the last, size of the last item]
    frames = [[0, 0]]
    i, n = 0, len(pattern)

    def item(size=1):
        frame = frames[-1]
        frame[0] += frame[1]
        frame[1] = size

    while i < n:
        c = pattern[i]
        if c == "\\":
            if i + 2 < n and pattern[i + 1] in _BRACED_ESCAPES and pattern[i + 2] == "{":
                close = pattern.find("}", i + 2)
                i = n if close < 0 else close + 1
            else:
                i += 2
            item()
        elif c == "[":
            i = _skip_class(pattern, i)
            item()
        elif c == "(":
            frames.append([0, 0])
            i += 3 if pattern.startswith("(?:", i) else 1  # other group syntax counts as an item or two
        elif c == ")" and len(frames) > 1:
            inner = sum(frames.pop())
            item(max(inner, 1))
            i += 1
        elif c == "{" and (counted := _count(pattern, i)) is not None:
            count, i = counted
            if count > MAX_REPEAT:
                shown = count if count < 10**12 else "of 13+ digits"
                return f"the repetition count {shown} is over the limit {MAX_REPEAT}"
            frames[-1][1] *= max(count, 1)
            if frames[-1][1] > MAX_EXPANSION:  # checked early: nesting grows it geometrically
                break
        else:
            if c not in "*+?|":
                item()
            i += 1
    size = sum(sum(frame) for frame in frames)
    if size > MAX_EXPANSION:
        return f"written out, its counted repetitions make {size} items, over the limit {MAX_EXPANSION}"
    return None


def _skip_class(pattern: str, i: int) -> int:
    """The index after the character class that opens at ``i`` (nested
    classes and escapes included); the end of the pattern if it never closes."""
    depth, i, n = 0, i, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            depth += 1
            i += 1
            if i < n and pattern[i] == "^":
                i += 1
            if i < n and pattern[i] == "]":
                i += 1  # a leading "]" is a literal
            continue
        if c == "]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n
