"""Lesson files: one lesson per TOML file, in English and Chinese (docs/lessons.md).

A lesson is plain data; :func:`load` reads a file as hostile input, so a bad
file gives one line naming the file and the field (a :class:`LessonError`),
never a traceback, and nothing in it is ever executed.

Details: docs/notes/workspace.md#coreworkspacelesson_filepy.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from core import shelf
from core.corpus import WordCorpus
from core.errors import StudioError, excerpt
from core.fileio import read_limited
from core.models.ties import POLICIES as TIES
from core.numbers import MAX_ID
from core.utf8 import POLICIES as DECODE_POLICIES

FORMAT = "subword-studio/lesson"
VERSION = 1
LANGUAGES = ("en", "zh_CN")
CLASSROOM = "classroom"  # the classroom byte-level BPE (core.assets.classroom)

# Bounds on what a file may hold: a lesson is a few pages, never megabytes.
MAX_BYTES = 1024 * 1024
MAX_STEPS = 200
MAX_QUESTIONS = 10  # per step
MAX_OPTIONS = 10
MAX_TOKENIZERS = 12
MAX_TEXT = 20_000  # characters of one string
MAX_ITEMS = 2_000  # items of a list (an answer's IDs, a corpus, a vocabulary)
MAX_MERGES = 10_000

# The views a step can show (the GUI's view keys, gui/shell/windows/views.py).
VIEWS = ("trace", "corpus", "timeline", "encode", "assets", "compare", "pipeline", "vocab")
# The fields a step may set, per view, besides view, say and questions.
STEP_FIELDS = {
    "trace": (), "corpus": (),
    "timeline": ("merge", "sample", "tie"),
    "encode": ("text", "tokenizer", "decode", "policy", "highlight"),
    "assets": ("swap",),
    "compare": ("text", "tokenizers", "tab", "highlight"),
    "pipeline": ("text", "tokenizer"),
    "vocab": ("tokenizer", "filter", "audit"),
}
COMPARE_TABS = ("side-by-side", "lattice", "sampling", "search", "ngrams", "corpus")

# What the core computes for a question (core.workspace.questions), and the
# shape of its value: what an answer key and a choice's value must be.
MEASURES = {
    "count": "int", "special_id": "int", "unreachable": "int", "premium": "real",
    "ids": "ids", "tokens": "tokens", "segmentation": "segmentation",
    "fewest": "name", "most": "name", "decoded": "text", "decode_prefix": "text", "decode_ids": "text",
    "prefix": "bool",
}
# The inputs each measure needs (beyond the tokenizer, which every one but fewest/most takes).
MEASURE_INPUTS = {
    "count": ("text",), "ids": ("text",), "tokens": ("text",), "segmentation": ("text",),
    "special_id": ("text",), "unreachable": (), "premium": ("text", "other"), "decoded": ("text",),
    "decode_prefix": ("text", "take"), "decode_ids": ("ids",), "prefix": ("text", "other"), "fewest": ("text",),
    "most": ("text",),
}
# How the student answers, and the measures each kind of answer can take.
KINDS = {"choose": tuple(MEASURES), "number": ("count", "special_id", "unreachable", "premium"),
         "ids": ("ids",), "tokens": ("tokens",), "segmentation": ("segmentation",)}
DEFAULT_MEASURE = {"number": "count", "ids": "ids", "tokens": "tokens", "segmentation": "segmentation"}

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.json")


class LessonError(StudioError):
    """A lesson file that cannot be used: the message names the file and the field."""


@dataclass(frozen=True)
class Text:
    """A text in both languages of the app."""

    en: str
    zh_CN: str

    def get(self, language: str) -> str:
        """The text in ``language`` (a locale name such as zh_CN; English otherwise)."""
        return self.zh_CN if language.startswith("zh") else self.en


NO_TEXT = Text("", "")


@dataclass(frozen=True)
class Option:
    key: str
    value: object  # in the measure's shape
    label: Text  # shown instead of the value when given


@dataclass(frozen=True)
class Question:
    id: str
    kind: str  # choose, number, ids, tokens, segmentation
    measure: str  # what the core computes (MEASURES)
    ask: Text
    answer: object  # the teacher's key: an option key (choose), else a value in the measure's shape
    explain: Text = NO_TEXT
    predict: bool = False  # the step's view waits until the student has answered
    tokenizer: str = ""
    tokenizers: tuple[str, ...] = ()
    text: str = ""
    other: str = ""  # premium: the baseline text; prefix: the longer text
    take: int = 0  # decode_prefix: how many of the text's tokens are decoded
    ids: tuple[int, ...] = ()  # decode_ids: the IDs decoded
    decimals: int = 1  # premium: compared after rounding to this many decimals
    options: tuple[Option, ...] = ()

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass(frozen=True)
class Step:
    view: str
    say: Text
    text: str | None = None
    tokenizer: str = ""
    tokenizers: tuple[str, ...] = ()
    highlight: str = ""
    merge: int | None = None
    sample: str | None = None
    tie: str = ""  # timeline: train a comparison with this tie rule
    decode: str | None = None  # encode: IDs to decode, as typed
    policy: str = "strict"
    swap: tuple[int, int] | None = None
    tab: str = ""
    filter: str = ""
    audit: bool = False
    questions: tuple[Question, ...] = ()

    @property
    def predicts(self) -> bool:
        """Does the view wait for the student's prediction?"""
        return any(q.predict for q in self.questions)


@dataclass(frozen=True)
class WordPieceVocab:
    name: str
    vocab: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Text
    steps: tuple[Step, ...]
    source: Text = NO_TEXT  # where the material comes from
    tokenizers: tuple[str, ...] = ()
    corpus: WordCorpus | None = None  # None: the workspace keeps its corpus
    merges: int | None = None
    tie: str = "lexicographic"
    wordpiece: WordPieceVocab | None = None
    layout: tuple[str, ...] = ()  # views side by side while the lesson runs
    path: Path | None = None  # the file it was read from
    folder: Path | None = field(default=None, compare=False)  # where files it names are

    @property
    def key(self) -> str:
        return self.id

    def questions(self):
        """``(step index, question)`` for every question, in order."""
        return [(i, q) for i, step in enumerate(self.steps) for q in step.questions]

    def named_tokenizers(self) -> tuple[str, ...]:
        """Every tokenizer the lesson names, in order of first mention."""
        names = list(self.tokenizers)
        for step in self.steps:
            names += [step.tokenizer, *step.tokenizers]
            for q in step.questions:
                names += [q.tokenizer, *q.tokenizers]
        return tuple(dict.fromkeys(n for n in names if n))


# ==== reading ====

def load(path) -> Lesson:
    """Read and check the lesson file ``path`` (LessonError: one line naming file and field)."""
    path = Path(path)
    data = read_limited(path, limit=MAX_BYTES, what="a lesson file", error=LessonError, limit_name="lesson")
    return parse(data, path)


def parse(data: bytes, path) -> Lesson:
    path = Path(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LessonError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{path}: not a TOML lesson file ({exc})") from None
    except RecursionError:
        raise LessonError(f"{path}: not a TOML lesson file (nested too deeply)") from None
    return _Reader(path).lesson(raw)


class _Reader:
    """Checks one file's fields; every error says where (``file: field: why``)."""

    def __init__(self, path: Path):
        self.path = path
        self.folder = path.resolve().parent

    def fail(self, where: str, why: str):
        raise LessonError(f"{self.path}: {where}: {why}" if where else f"{self.path}: {why}")

    # ---- field types ----

    def table(self, raw, where, allowed, required=()):
        if not isinstance(raw, dict):
            self.fail(where, f"expected a table, found {_type(raw)}")
        for key in raw:
            if key not in allowed:
                self.fail(_join(where, key), f"unknown field (known: {', '.join(allowed)})")
        for key in required:
            if key not in raw:
                self.fail(_join(where, key), "missing")
        return raw

    def string(self, raw, where, *, empty=False, limit=MAX_TEXT) -> str:
        if not isinstance(raw, str):
            self.fail(where, f"expected a string, found {_type(raw)}")
        if not raw and not empty:
            self.fail(where, "is empty")
        if len(raw) > limit:
            self.fail(where, f"{len(raw)} characters is over the {limit}-character limit")
        return raw

    def integer(self, raw, where, low=0, high=MAX_ID) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            self.fail(where, f"expected an integer, found {_type(raw)}")
        if not low <= raw <= high:
            self.fail(where, f"{raw} is not between {low} and {high}")
        return raw

    def boolean(self, raw, where) -> bool:
        if not isinstance(raw, bool):
            self.fail(where, f"expected true or false, found {_type(raw)}")
        return raw

    def items(self, raw, where, *, low=0, high=MAX_ITEMS) -> list:
        if not isinstance(raw, list):
            self.fail(where, f"expected a list, found {_type(raw)}")
        if not low <= len(raw) <= high:
            self.fail(where, f"{len(raw)} items; expected {low} to {high}")
        return raw

    def ident(self, raw, where) -> str:
        value = self.string(raw, where, limit=64)
        if not _ID.fullmatch(value):
            self.fail(where, f"{excerpt(value)} is not an ID (letters, digits, '.', '_' and '-')")
        return value

    def choice(self, raw, where, known) -> str:
        value = self.string(raw, where, limit=64)
        if value not in known:
            self.fail(where, f"{excerpt(value)} is not one of {', '.join(known)}")
        return value

    def text(self, raw, where) -> Text:
        self.table(raw, where, LANGUAGES, LANGUAGES)
        return Text(*(self.string(raw[lang], _join(where, lang)) for lang in LANGUAGES))

    # ---- the lesson ----

    def lesson(self, raw) -> Lesson:
        top = ("format", "version", "id", "title", "source", "tokenizers", "corpus", "merges", "tie", "wordpiece",
               "layout", "steps")
        self.table(raw, "", top, ("format", "version", "id", "title", "steps"))
        if raw["format"] != FORMAT:
            self.fail("format", f"expected {FORMAT!r}, found {excerpt(raw['format'])}")
        if self.integer(raw["version"], "version", 1, 10**6) != VERSION:
            self.fail("version", f"this app reads version {VERSION}, not {raw['version']}")
        wordpiece = None
        if "wordpiece" in raw:
            self.table(raw["wordpiece"], "wordpiece", ("name", "vocab"), ("name", "vocab"))
            vocab = self.items(raw["wordpiece"]["vocab"], "wordpiece.vocab", low=1)
            wordpiece = WordPieceVocab(self.ident(raw["wordpiece"]["name"], "wordpiece.name"),
                                       tuple(self.string(v, f"wordpiece.vocab[{i + 1}]", limit=100)
                                             for i, v in enumerate(vocab)))
        self.names = {CLASSROOM, *shelf.names(), *((wordpiece.name,) if wordpiece else ())}
        tokenizers = self.tokenizer_list(raw.get("tokenizers", []), "tokenizers")
        corpus, merges, tie = None, None, "lexicographic"
        if "corpus" in raw:
            corpus = self.corpus(raw["corpus"])
            merges = self.integer(raw.get("merges", 0), "merges", 0, MAX_MERGES) if "merges" in raw else None
            tie = self.choice(raw.get("tie", tie), "tie", tuple(TIES))
        elif "merges" in raw or "tie" in raw:
            self.fail("merges" if "merges" in raw else "tie", "needs a corpus to train on")
        layout = tuple(self.choice(v, f"layout[{i + 1}]", VIEWS)
                       for i, v in enumerate(self.items(raw.get("layout", []), "layout", high=len(VIEWS))))
        if len(set(layout)) != len(layout):
            self.fail("layout", "names a view twice")
        self.lesson_tokenizers = tokenizers
        self.has_corpus, self.merges = corpus is not None, merges
        steps = tuple(self.step(s, i + 1) for i, s in
                      enumerate(self.items(raw["steps"], "steps", low=1, high=MAX_STEPS)))
        lesson = Lesson(self.ident(raw["id"], "id"), self.text(raw["title"], "title"), steps,
                        self.text(raw["source"], "source") if "source" in raw else NO_TEXT, tokenizers, corpus,
                        merges, tie, wordpiece, layout, self.path, self.folder)
        seen = set()
        for index, question in lesson.questions():
            if question.id in seen:
                self.fail(f"step {index + 1}, question {question.id!r}", "the ID is used twice in this lesson")
            seen.add(question.id)
        return lesson

    def corpus(self, raw) -> WordCorpus:
        pairs = []
        for i, row in enumerate(self.items(raw, "corpus", low=1)):
            where = f"corpus[{i + 1}]"
            if not isinstance(row, list) or len(row) != 2:
                self.fail(where, "expected [word, count]")
            pairs.append((self.string(row[0], where + "[1]", limit=100), self.integer(row[1], where + "[2]", 1)))
        try:
            return WordCorpus.from_pairs(pairs)
        except StudioError as exc:
            self.fail("corpus", str(exc))

    def tokenizer_name(self, raw, where) -> str:
        name = self.string(raw, where, limit=200)
        if name in self.names:
            return name
        if _FILE.fullmatch(name) and (self.folder / name).is_file():
            return name
        self.fail(where, f"unknown tokenizer {excerpt(name)}: not {CLASSROOM!r}, a built-in tokenizer "
                         f"({', '.join(shelf.names())}), the lesson's WordPiece vocabulary or an asset file (.json) "
                         f"in the lesson's folder")

    def tokenizer_list(self, raw, where) -> tuple[str, ...]:
        names = tuple(self.tokenizer_name(v, f"{where}[{i + 1}]")
                      for i, v in enumerate(self.items(raw, where, high=MAX_TOKENIZERS)))
        if len(set(names)) != len(names):
            self.fail(where, "names a tokenizer twice")
        return names

    # ---- steps ----

    def step(self, raw, number) -> Step:
        where = f"step {number}"
        self.table(raw, where, ("view", "say", "questions", *sorted({f for fs in STEP_FIELDS.values() for f in fs})),
                   ("view", "say"))
        view = self.choice(raw["view"], f"{where}: view", VIEWS)
        for key in raw:
            if key not in ("view", "say", "questions", *STEP_FIELDS[view]):
                self.fail(f"{where}: {key}", f"a {view} step has no such field (it has: "
                                             f"{', '.join(('say', 'questions', *STEP_FIELDS[view]))})")
        at = f"{where}: "
        values = {"view": view, "say": self.text(raw["say"], at + "say")}
        if "text" in raw:
            values["text"] = self.string(raw["text"], at + "text", empty=True)
        if "tokenizer" in raw:
            values["tokenizer"] = self.tokenizer_name(raw["tokenizer"], at + "tokenizer")
        if "tokenizers" in raw:
            values["tokenizers"] = self.tokenizer_list(raw["tokenizers"], at + "tokenizers")
        if "highlight" in raw:
            values["highlight"] = self.string(raw["highlight"], at + "highlight", limit=1000)
            if values["highlight"] not in values.get("text", ""):
                self.fail(at + "highlight", "is not part of the step's text")
        if view == "timeline":
            if not self.has_corpus:
                self.fail(at + "view", "a timeline step needs the lesson's corpus (corpus, merges)")
            if "merge" not in raw:
                self.fail(at + "merge", "missing (the merge step the timeline shows)")
            values["merge"] = self.integer(raw["merge"], at + "merge", 0, self.merges or 0)
            if "sample" in raw:
                values["sample"] = self.string(raw["sample"], at + "sample", limit=1000)
            if "tie" in raw:
                values["tie"] = self.choice(raw["tie"], at + "tie", tuple(TIES))
        if "decode" in raw:
            values["decode"] = self.string(raw["decode"], at + "decode", limit=10_000)
            values["policy"] = self.choice(raw.get("policy", "strict"), at + "policy", DECODE_POLICIES)
        elif "policy" in raw:
            self.fail(at + "policy", "goes with decode (the IDs to decode)")
        if "swap" in raw:
            pair = self.items(raw["swap"], at + "swap", low=2, high=2)
            values["swap"] = tuple(self.integer(v, f"{at}swap[{i + 1}]") for i, v in enumerate(pair))
        if "tab" in raw:
            values["tab"] = self.choice(raw["tab"], at + "tab", COMPARE_TABS)
        if "filter" in raw:
            values["filter"] = self.string(raw["filter"], at + "filter", limit=200)
        if "audit" in raw:
            values["audit"] = self.boolean(raw["audit"], at + "audit")
        if view in ("encode", "pipeline", "vocab"):
            values["tokenizer"] = values.get("tokenizer") or (self.lesson_tokenizers or ("",))[0]
            if not values["tokenizer"]:
                self.fail(at + "tokenizer", f"missing: a {view} step shows one tokenizer (nor does the lesson "
                                            "name one in tokenizers)")
        if view == "encode" and "text" not in raw and "decode" not in raw:
            self.fail(at + "text", "missing: an encode step encodes a text or decodes IDs (decode)")
        step = Step(**values)
        questions = tuple(self.question(q, step, f"{where}, question {i + 1}") for i, q in
                          enumerate(self.items(raw.get("questions", []), at + "questions", high=MAX_QUESTIONS)))
        return Step(**values, questions=questions)

    # ---- questions ----

    def question(self, raw, step: Step, where) -> Question:
        fields = ("id", "kind", "measure", "ask", "explain", "answer", "predict", "tokenizer", "tokenizers", "text",
                  "other", "take", "ids", "decimals", "options")
        self.table(raw, where, fields, ("id", "kind", "ask", "answer"))
        qid = self.ident(raw["id"], where + ": id")
        where = f"{where.rsplit(',', 1)[0]}, question {qid!r}"
        at = where + ": "
        kind = self.choice(raw["kind"], at + "kind", tuple(KINDS))
        if kind == "choose" and "measure" not in raw:
            self.fail(at + "measure", "missing: a choose question says what the core computes")
        measure = self.choice(raw.get("measure", DEFAULT_MEASURE.get(kind, "")), at + "measure", KINDS[kind])
        values = {"id": qid, "kind": kind, "measure": measure, "ask": self.text(raw["ask"], at + "ask")}
        if "explain" in raw:
            values["explain"] = self.text(raw["explain"], at + "explain")
        if "predict" in raw:
            values["predict"] = self.boolean(raw["predict"], at + "predict")
        needs = MEASURE_INPUTS[measure]
        for key in ("text", "other", "take", "ids", "decimals"):
            if key in raw and key not in needs and not (key == "decimals" and measure == "premium"):
                self.fail(at + key, f"the measure {measure} takes no {key}")
        # The tokenizer(s): the question's own, else the step's, else the lesson's.
        if measure in ("fewest", "most"):
            if "tokenizer" in raw:
                self.fail(at + "tokenizer", f"the measure {measure} compares tokenizers: name them in tokenizers")
            names = self.tokenizer_list(raw["tokenizers"], at + "tokenizers") if "tokenizers" in raw else \
                (step.tokenizers or self.lesson_tokenizers)
            if len(names) < 2:
                self.fail(at + "tokenizers", f"the measure {measure} needs two tokenizers or more")
            values["tokenizers"] = names
        else:
            if "tokenizers" in raw:
                self.fail(at + "tokenizers", f"the measure {measure} takes one tokenizer (tokenizer)")
            name = self.tokenizer_name(raw["tokenizer"], at + "tokenizer") if "tokenizer" in raw else \
                step.tokenizer or (step.tokenizers or self.lesson_tokenizers or ("",))[0]
            if not name:
                self.fail(at + "tokenizer", "missing (nor does the step or the lesson name one)")
            values["tokenizer"] = name
        if "text" in needs:
            text = raw["text"] if "text" in raw else step.text
            if text is None:
                self.fail(at + "text", "missing (nor does the step have one)")
            values["text"] = self.string(text, at + "text", empty=True)
        if "other" in needs:
            if "other" not in raw:
                self.fail(at + "other", "missing (premium: the baseline text; prefix: the longer text)")
            values["other"] = self.string(raw["other"], at + "other", empty=True)
        if "take" in needs:
            if "take" not in raw:
                self.fail(at + "take", "missing (how many of the text's tokens are decoded)")
            values["take"] = self.integer(raw["take"], at + "take", 0, MAX_ITEMS)
        if "ids" in needs:
            if "ids" not in raw:
                self.fail(at + "ids", "missing (the IDs to decode)")
            values["ids"] = tuple(self.integer(v, f"{at}ids[{i + 1}]")
                                  for i, v in enumerate(self.items(raw["ids"], at + "ids", low=1)))
        if measure == "premium" and "decimals" in raw:
            values["decimals"] = self.integer(raw["decimals"], at + "decimals", 0, 3)
        shape = MEASURES[measure]
        if shape == "segmentation" and "|" in values["text"]:
            self.fail(at + "text", "a segmentation question's text cannot hold '|' (it marks the cuts)")
        if kind == "choose":
            options = self.options(raw.get("options"), at + "options", shape, values)
            values["options"] = options
            values["answer"] = self.string(raw["answer"], at + "answer", limit=64)
            if all(o.key != values["answer"] for o in options):
                self.fail(at + "answer", f"{excerpt(values['answer'])} is not an option "
                                         f"({', '.join(o.key for o in options)})")
        else:
            if "options" in raw:
                self.fail(at + "options", f"only a choose question has options, not a {kind} question")
            values["answer"] = self.value(raw["answer"], at + "answer", shape, values)
        return Question(**values)

    def options(self, raw, where, shape, values) -> tuple[Option, ...]:
        if raw is None:
            self.fail(where, "missing: a choose question lists its options")
        options = []
        for i, item in enumerate(self.items(raw, where, low=2, high=MAX_OPTIONS)):
            at = f"{where}[{i + 1}]"
            self.table(item, at, ("key", "value", *LANGUAGES), ("key", "value"))
            label = NO_TEXT
            if any(lang in item for lang in LANGUAGES):
                label = self.text({lang: item.get(lang) for lang in LANGUAGES if lang in item}, at)
            options.append(Option(self.ident(item["key"], at + ".key"), self.value(item["value"], at + ".value",
                                                                                  shape, values), label))
        keys = [o.key for o in options]
        if len(set(keys)) != len(keys):
            self.fail(where, "two options have the same key")
        return tuple(options)

    def value(self, raw, where, shape, values):
        """A value in the measure's shape (an answer key or a choice)."""
        if shape == "int":
            return self.integer(raw, where, 0, MAX_ID)
        if shape == "real":
            if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw) or raw < 0:
                self.fail(where, f"expected a number >= 0, found {excerpt(raw)}")
            return float(raw)
        if shape == "ids":
            return tuple(self.integer(v, f"{where}[{i + 1}]") for i, v in enumerate(self.items(raw, where)))
        if shape == "tokens":
            return tuple(self.string(v, f"{where}[{i + 1}]", limit=1000) for i, v in
                         enumerate(self.items(raw, where, low=1)))
        if shape == "segmentation":
            cut = self.string(raw, where, limit=MAX_TEXT)
            if cut.replace("|", "") != values["text"]:
                self.fail(where, f"the pieces {excerpt(cut)} do not spell the text {excerpt(values['text'])}")
            return cut
        if shape == "bool":
            return self.boolean(raw, where)
        if shape == "name":
            name = self.string(raw, where, limit=200)
            if name not in values["tokenizers"]:
                self.fail(where, f"{excerpt(name)} is not one of the question's tokenizers "
                                 f"({', '.join(values['tokenizers'])})")
            return name
        return self.string(raw, where, empty=True)  # text


def _join(where: str, key: str) -> str:
    """``step 3: text``, ``step 3: say.en``, ``title.en``: a field inside ``where``."""
    if not where or where.endswith(": "):
        return where + key
    if where.startswith("step") and ":" not in where:
        return f"{where}: {key}"
    return f"{where}.{key}"


def _type(value) -> str:
    names = {str: "a string", bool: "true/false", int: "an integer", float: "a number", list: "a list",
             dict: "a table"}
    return names.get(type(value), type(value).__name__)
