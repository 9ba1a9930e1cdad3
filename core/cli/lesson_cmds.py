"""The ``lesson`` command: lessons as a teacher prepares them, without a window.

``lesson list`` names the shipped lessons (id, title, tokenizers, steps,
questions); ``lesson check FILE...`` reads each lesson file as the app
would and works out every question's answer with the core, one line per
problem (exit 2 if any); ``lesson show ID`` prints a lesson's steps,
questions and answer keys as text (an ID of a shipped lesson, or a file).
"""

from __future__ import annotations

import sys
from pathlib import Path

from core.errors import StudioError
from core.workspace import lessons, questions
from core.workspace.lesson_file import LANGUAGES, Lesson, LessonError, load


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("lesson", help="list, check and show lessons (resources/lessons/, or a teacher's file)")
    actions = p.add_subparsers(dest="action", required=True)
    q = actions.add_parser("list", help="the shipped lessons: id, title, tokenizers, steps and questions")
    q.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    q.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the titles (default en)")
    q.set_defaults(func=lambda args: cmd_list(args, print_json))
    q = actions.add_parser("check", help="read lesson files and check every answer key against the core "
                                         "(exit 2, one line per problem)")
    q.add_argument("files", nargs="+", metavar="FILE", help="lesson files (.toml)")
    q.set_defaults(func=cmd_check)
    q = actions.add_parser("show", help="a lesson's steps, questions and answer keys as text")
    q.add_argument("lesson", metavar="ID", help="a shipped lesson's ID (lesson list), or a lesson file")
    q.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the texts (default en)")
    q.set_defaults(func=cmd_show)


def summary(lesson: Lesson, language: str) -> dict:
    found = lesson.questions()
    return {"id": lesson.id, "title": lesson.title.get(language), "tokenizers": list(lesson.named_tokenizers()),
            "steps": len(lesson.steps), "questions": len(found),
            "predict": sum(q.predict for _, q in found), "file": str(lesson.path)}


def _count(number: int, noun: str) -> str:
    """``1 step``, ``2 steps``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def cmd_list(args, print_json) -> int:
    rows = [summary(lesson, args.lang) for lesson in lessons.shipped()]
    if args.json:
        print_json(rows)
        return 0
    for row, lesson in zip(rows, lessons.shipped()):
        uses = ", ".join(row["tokenizers"]) or ("trains on its own corpus" if lesson.corpus is not None else "-")
        print(f"{row['id']:<14} {row['title']}")
        print(f"{'':<14} {_count(row['steps'], 'step')}, {_count(row['questions'], 'question')} "
              f"({row['predict']} predict first); {uses}")
    return 0


def cmd_check(args) -> int:
    problems, checked = [], 0
    for name in args.files:
        try:
            lesson = load(name)
        except LessonError as exc:
            problems.append(str(exc))
            continue
        found = questions.check(lesson)
        problems += found
        checked += len(lesson.questions())
        if not found:
            print(f"{name}: ok ({_count(len(lesson.steps), 'step')}, "
                  f"{_count(len(lesson.questions()), 'question')} checked)")
    for line in problems:
        print(f"error: {_one_line(line)}", file=sys.stderr)
    return 2 if problems else 0


def _one_line(text: str) -> str:
    return str(text).replace("\r", "\\r").replace("\n", "\\n")


def find(arg: str) -> Lesson:
    """A shipped lesson by ID, else the lesson file ``arg``."""
    try:
        return lessons.lesson(arg)
    except KeyError:
        if not Path(arg).exists():
            known = ", ".join(item.id for item in lessons.shipped())
            raise StudioError(f"no lesson {arg!r}: not a shipped lesson's ID ({known}) nor a file") from None
    return load(arg)


def cmd_show(args) -> int:
    lesson, lang = find(args.lesson), args.lang
    print(f"# {lesson.title.get(lang)}  [{lesson.id}]")
    if lesson.source.en:
        print(lesson.source.get(lang))
    if lesson.named_tokenizers():
        print(f"tokenizers: {', '.join(lesson.named_tokenizers())}")
    if lesson.corpus is not None:
        words = ", ".join(f"{w} {c}" for w, c in lesson.corpus.items())
        print(f"corpus: {words}; {lesson.merges} merges, tie rule {lesson.tie}")
    for number, step in enumerate(lesson.steps, 1):
        print(f"\n## Step {number} ({_what(step)})")
        print(step.say.get(lang))
        for question in step.questions:
            print(f"\n  Q {question.id} [{question.kind}{', predict first' if question.predict else ''}; "
                  f"{question.measure} with {', '.join(question.tokenizers) or question.tokenizer}]")
            print("  " + question.ask.get(lang))
            for option in question.options:
                print(f"    {option.key}) {option.label.get(lang) or questions.show(question, option.value)}")
            key = question.answer if question.kind == "choose" else questions.show(question, question.answer)
            print(f"  answer key: {key}")
            if question.explain.en:
                print("  " + question.explain.get(lang))
    return 0


def _what(step) -> str:
    """What a step shows, in a few words."""
    parts = [step.view]
    if step.text is not None:
        parts.append(repr(step.text))
    names = step.tokenizers or ((step.tokenizer,) if step.tokenizer else ())
    if names:
        parts.append("with " + ", ".join(names))
    if step.merge is not None:
        parts.append(f"merge {step.merge}" + (f", sample {step.sample!r}" if step.sample else ""))
    if step.tie:
        parts.append(f"against tie rule {step.tie}")
    if step.decode is not None:
        parts.append(f"decode {step.decode} ({step.policy})")
    if step.swap:
        parts.append(f"swap IDs {step.swap[0]} and {step.swap[1]}")
    if step.filter:
        parts.append(f"filter {step.filter!r}")
    if step.audit:
        parts.append("audit")
    return ": ".join([parts[0], " ".join(parts[1:])]) if len(parts) > 1 else parts[0]
