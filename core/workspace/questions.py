"""Lesson questions: the core computes each answer, then reads the student's.

:func:`compute` works an answer out with the real tokenizers the lesson
names, never a stored copy; :func:`check` is ``lesson check``;
:func:`parse` and :func:`matches` read and compare what a student typed.

Details: docs/notes/workspace.md#coreworkspacequestionspy.
"""

from __future__ import annotations

import re
import threading

from core import engines, shelf
from core import tokenizer as tokenizers_mod
from core.errors import StudioError, excerpt
from core.inspect.vocab import audit as run_audit, build_table
from core.models import wordpiece
from core.numbers import parse_decimal, parse_real
from core.render import render_char
from core.assets import classroom
from core.workspace.lesson_file import CLASSROOM, MEASURES, Lesson, Question

SPACE_MARKS = ("␣", "Ġ", "▁")  # how a student may write a space inside a token


# ==== the tokenizers a lesson names ====

class Opened:
    """The tokenizers lessons name, each opened once per process (a shelf
    entry, the classroom tokenizer) or once per lesson folder (a file)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._open: dict = {}

    def get(self, lesson: Lesson, name: str):
        if lesson.wordpiece is not None and name == lesson.wordpiece.name:
            key = ("wordpiece", lesson.wordpiece.vocab)
        elif name == CLASSROOM or shelf.find(name) is not None:
            key = ("name", name)
        else:
            key = ("file", str(lesson.folder / name))
        with self._lock:
            if key not in self._open:
                self._open[key] = _open(key)
            return self._open[key]


def _open(key):
    kind, name = key
    if kind == "wordpiece":
        return tokenizers_mod.wrap("wordpiece", wordpiece.WordPiece(tuple(name)))
    if name == CLASSROOM:
        return tokenizers_mod.wrap("byte-bpe", classroom.default_tokenizer())
    # "shelf:" names the built-in tokenizer even where a file of its name is in the current folder.
    return engines.open_asset(name if kind == "file" else shelf.PREFIX + name)


OPENED = Opened()


# ==== measures ====

def compute(lesson: Lesson, question: Question, opened: Opened = OPENED):
    """The question's value as the core computes it (StudioError if it cannot)."""
    measure, text = question.measure, question.text
    if measure in ("fewest", "most"):
        counts = {n: len(opened.get(lesson, n).encode_ids(text)) for n in question.tokenizers}
        best = (min if measure == "fewest" else max)(counts.values())
        winners = [n for n, c in counts.items() if c == best]
        if len(winners) > 1:
            raise StudioError(f"{' and '.join(winners)} tie at {best} tokens")
        return winners[0]
    tok = opened.get(lesson, question.tokenizer)
    if measure == "count":
        return len(tok.encode_ids(text))
    if measure == "ids":
        return tuple(tok.encode_ids(text))
    if measure == "tokens":
        return tuple(tok.encode(text).texts)
    if measure == "segmentation":
        return segmentation(text, tok.encode(text))
    if measure == "special_id":
        found = dict(tok.specials).get(text)
        if found is None:
            raise StudioError(f"{question.tokenizer} has no special {excerpt(text)}")
        return found
    if measure == "premium":
        base = len(tok.encode_ids(question.other))
        if base == 0:
            raise StudioError("the baseline text has no tokens")
        return round(len(tok.encode_ids(text)) / base, question.decimals)
    if measure == "prefix":
        short, whole = tok.encode_ids(text), tok.encode_ids(question.other)
        return whole[:len(short)] == short
    if measure == "decoded":
        return tok.decode(tok.encode_ids(text), errors="replace").text
    if measure == "decode_prefix":  # a stream cut after ``take`` tokens, shown as it stands
        return tok.decode(tok.encode_ids(text)[:question.take], errors="replace").text
    if measure == "decode_ids":
        return tok.decode(question.ids, errors="replace").text
    if measure == "unreachable":
        return len(run_audit(tok, build_table(tok)).unreachable)
    raise StudioError(f"unknown measure {measure!r}")


def segmentation(text: str, encoding) -> str:
    """``text`` with ``|`` where the tokens cut it.  A cut inside a character
    (byte-level tokens holding part of one) is not a cut of the text: the
    character stays whole.

    >>> from types import SimpleNamespace as E
    >>> segmentation("1275", E(byte_spans=((0, 2), (2, 4))))
    '12|75'
    """
    data = text.encode("utf-8")
    starts, offset = {}, 0  # byte offset of each character start -> character index
    for index, ch in enumerate(text):
        starts[offset] = index
        offset += len(ch.encode("utf-8"))
    cuts = {b for start, end in encoding.byte_spans if start != end for b in (start, end)}
    chars = sorted(starts[b] for b in cuts if b in starts and 0 < b < len(data))
    pieces = [text[a:b] for a, b in zip([0, *chars], [*chars, len(text)])]
    return "|".join(pieces)


# ==== lesson check ====

def check(lesson: Lesson, opened: Opened = OPENED) -> list[str]:
    """One line per question whose answer key is not what the core computes
    (or that the core cannot compute), each naming the file and the question."""
    problems = []
    for index, question in lesson.questions():
        where = f"{lesson.path}: step {index + 1}, question {question.id!r}"
        try:
            value = compute(lesson, question, opened)
        except StudioError as exc:
            problems.append(f"{where}: the core cannot compute it ({exc})")
            continue
        with_what = ", ".join(question.tokenizers) if question.measure in ("fewest", "most") else question.tokenizer
        if question.kind == "choose":
            found = [o.key for o in question.options if matches(question, o.value, value)]
            if len(found) != 1:
                problems.append(f"{where}: options: {len(found)} options are what the core computes with "
                                f"{with_what} ({show(question, value)}); exactly one must be")
            elif found[0] != question.answer:
                problems.append(f"{where}: answer: {question.answer!r}, but the core computes "
                                f"{show(question, value)} with {with_what}: option {found[0]!r}")
        elif not matches(question, question.answer, value):
            problems.append(f"{where}: answer: {show(question, question.answer)}, but the core computes "
                            f"{show(question, value)} with {with_what}")
    return problems


# ==== the student's answer ====

def matches(question: Question, given, value) -> bool:
    """Is ``given`` (an answer in the measure's shape) the computed ``value``?"""
    shape = MEASURES[question.measure]
    if given is None:
        return False
    if shape == "real":
        return round(float(given), question.decimals) == round(float(value), question.decimals)
    if shape == "tokens":
        return tuple(map(_spaces, given)) == tuple(map(_spaces, value))
    return given == value


def parse(question: Question, answer: str):
    """What the student typed, in the answer's shape; ValueError (a short
    English reason) if it cannot be read.  A choose question's answer is
    the option key, whose value is returned."""
    answer = str(answer)
    if question.kind == "choose":
        option = question.option(answer)
        if option is None:
            raise ValueError("pick one of the options")
        return option.value
    shape = MEASURES[question.measure]
    if shape == "int":
        return parse_decimal(answer.strip(), where="answer")
    if shape == "real":
        return parse_real(answer.strip().replace(",", "."), where="answer")
    if shape == "ids":
        parts = [p for p in re.split(r"[\s,;\[\]()]+", answer) if p]
        if not parts:
            raise ValueError("no IDs")
        return tuple(parse_decimal(p, where="answer") for p in parts)
    if shape == "tokens":
        parts = [p for p in answer.split() if p]
        if len(parts) == 1 and "|" in parts[0].strip("|"):
            parts = [p for p in parts[0].split("|") if p]
        if not parts:
            raise ValueError("no tokens")
        return tuple(parts)
    if shape == "segmentation":
        cut = answer.replace("␣", " ")
        if cut.replace("|", "") != question.text and cut.strip().replace("|", "") == question.text:
            cut = cut.strip()  # spaces typed around the answer, not part of it
        if cut.replace("|", "") != question.text:
            raise ValueError("the pieces must spell the text, with | between them")
        return cut
    return answer


def show(question: Question, value) -> str:
    """A value as the student would write it (spaces made visible)."""
    shape = MEASURES[question.measure]
    if shape == "ids":
        return " ".join(map(str, value))
    if shape == "tokens":
        return " ".join(map(_spaces, value))
    if shape == "segmentation":
        return "".join(render_char(c) if c == " " else c for c in value)
    if shape == "real":
        return f"{value:.{question.decimals}f}"
    if shape == "bool":
        return "yes" if value else "no"
    if shape == "text":
        return "".join(render_char(c) if c == " " and (i == 0 or i == len(value) - 1) else c
                       for i, c in enumerate(value))
    return str(value)


def _spaces(token: str) -> str:
    for mark in SPACE_MARKS[1:]:
        token = token.replace(mark, SPACE_MARKS[0])
    return token.replace(" ", SPACE_MARKS[0])
