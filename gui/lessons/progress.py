"""What a student answered, per lesson and question, kept across sessions.

Stored in the settings as JSON (data only): for each lesson ID and question
ID, the last answer as typed (or the option key picked), whether it was
right, how many tries it took, the core's answer as shown, and whether the
student asked to see it.  A damaged or
hand-edited entry is dropped, never fatal.  :func:`csv_rows` lays it out
for a teacher (File → Export progress as CSV), the §19.8 exercises after
the lessons.
"""

from __future__ import annotations

import csv
import io
import json

from core.fileio import write_bytes_atomic

from ..shell import settings

MAX_LESSONS = 500
MAX_QUESTIONS = 100  # per lesson
MAX_ANSWER = 500  # characters of an answer kept
HEADER = ("lesson", "lesson title", "question", "kind", "answer", "core answer", "correct", "tries")


class Progress:
    def __init__(self):
        self.data: dict[str, dict[str, dict]] = {}
        try:
            raw = json.loads(settings.read(settings.LESSON_PROGRESS) or "{}")
        except ValueError:
            raw = {}
        for lesson, found in (raw.items() if isinstance(raw, dict) else ()):
            if isinstance(lesson, str) and isinstance(found, dict) and len(self.data) < MAX_LESSONS:
                kept = {q: _entry(v) for q, v in list(found.items())[:MAX_QUESTIONS] if isinstance(q, str)}
                self.data[lesson] = {q: v for q, v in kept.items() if v is not None}

    def get(self, lesson: str, question: str) -> dict | None:
        return self.data.get(lesson, {}).get(question)

    def answered(self, lesson: str, question: str) -> bool:
        return self.get(lesson, question) is not None

    def record(self, lesson: str, question: str, answer: str, ok: bool, expected: str, *,
               shown: bool = False) -> dict:
        """One more try at ``question`` (``shown``: the student asked for the
        answer instead); a question once right stays right."""
        before = self.get(lesson, question) or {"tries": 0, "ok": False, "shown": False}
        entry = {"answer": str(answer)[:MAX_ANSWER], "ok": bool(ok) or before["ok"], "tries": before["tries"] + 1,
                 "expected": str(expected)[:MAX_ANSWER], "shown": shown or before["shown"]}
        self.data.setdefault(lesson, {})[question] = entry
        self.save()
        return entry

    def save(self) -> None:
        settings.write(settings.LESSON_PROGRESS, json.dumps(self.data, ensure_ascii=False))


def _entry(value) -> dict | None:
    if not isinstance(value, dict):
        return None
    answer, ok, tries, expected = (value.get(k) for k in ("answer", "ok", "tries", "expected"))
    shown = value.get("shown", False)
    if not (isinstance(answer, str) and isinstance(ok, bool) and isinstance(expected, str) and isinstance(shown, bool)
            and isinstance(tries, int) and not isinstance(tries, bool) and 0 < tries < 10**6):
        return None
    return {"answer": answer[:MAX_ANSWER], "ok": ok, "tries": tries, "expected": expected[:MAX_ANSWER],
            "shown": shown}


def csv_rows(progress: Progress, lessons, exercise_rows=()) -> list[tuple]:
    """One row per answered question, in the lessons' order; a lesson not
    known here (a file no longer open) keeps its rows, after the others."""
    rows, known = [], {lesson.id: lesson for lesson in lessons}
    for lesson_id in [*known, *(k for k in progress.data if k not in known)]:
        lesson = known.get(lesson_id)
        order = [q.id for _, q in lesson.questions()] if lesson is not None else []
        found = progress.data.get(lesson_id, {})
        for qid in [*(q for q in order if q in found), *(q for q in found if q not in order)]:
            entry = found[qid]
            question = next((q for _, q in lesson.questions() if q.id == qid), None) if lesson else None
            rows.append((lesson_id, lesson.title.en if lesson else "", qid, question.kind if question else "",
                         entry["answer"], entry["expected"], int(entry["ok"]), entry["tries"]))
    return rows + list(exercise_rows)


def write_csv(path, rows) -> None:
    """The rows as CSV (UTF-8 with a byte-order mark, so spreadsheets read Chinese), written atomically."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    writer.writerows(rows)
    write_bytes_atomic(path, ("\ufeff" + out.getvalue()).encode("utf-8"))
