"""Is a native engine exact for an asset?  Its IDs are compared with the
reference's on the probe set (:mod:`core.engines.probes`), and the verdict
is kept in the user's cache folder by (asset identity, engine, engine
version, probe set version), one small JSON file each, so it is reached
once per machine and library version.  A verdict file that does not parse
or names another question is ignored and the question asked again.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

from core.engines import probes
from core.errors import StudioError, excerpt
from core.fileio import cache_folder, read_limited, write_json_atomic

SHOWN = 6  # IDs shown on each side of a difference


class Verdict(NamedTuple):
    same: bool
    probes: int = 0  # how many were compared
    probe: int | None = None  # the first probe that differs
    position: int | None = None  # the first token position that differs there
    reference: list | tuple = ()  # IDs from that position on (a few)
    engine: list | tuple = ()
    text: str = ""  # the probe's text near the difference
    problem: str = ""  # the engine failed instead of answering

    def describe(self) -> str:
        if self.same:
            return f"the same IDs on all {self.probes} probes"
        if self.problem:
            where = "to build" if self.probe is None else f"on probe {self.probe}"
            return f"it failed {where}: {self.problem}"
        return (f"probe {self.probe} ({self.text}) differs at token {self.position}: reference "
                f"{self.reference}, engine {self.engine}")


def compare(reference, native, texts, *, first: int = 0) -> Verdict:
    """``reference`` and ``native`` map a text to its IDs; the first
    difference wins.  Probes are numbered from ``first`` (a second pass
    over the set goes on counting)."""
    for k, text in enumerate(texts, start=first):
        want = list(reference(text))
        try:
            got = list(native(text))
        except Exception as exc:  # a library's own error on odd input: the engine cannot serve
            return Verdict(False, k + 1, k, problem=f"{type(exc).__name__}: {excerpt(str(exc), 120)}",
                           text=excerpt(text, 40))
        if got != want:
            at = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
            return Verdict(False, k + 1, k, at, want[at:at + SHOWN], got[at:at + SHOWN], _near(text, at))
    return Verdict(True, first + len(texts))


def _near(text: str, token: int) -> str:
    """Some of the text near token ``token`` (tokens are a few characters each)."""
    return excerpt(text[max(0, token * 3 - 20):token * 3 + 40], 60)


def _question(identity: str, engine: str, version: str) -> dict:
    return {"identity": identity, "engine": engine, "version": version, "probes": probes.VERSION}


def _path(question: dict):
    digest = hashlib.sha256(json.dumps(question, sort_keys=True).encode("utf-8")).hexdigest()
    return cache_folder() / "verdicts" / f"{digest}.json"


def read(identity: str, engine: str, version: str) -> Verdict | None:
    question = _question(identity, engine, version)
    try:
        data = json.loads(read_limited(_path(question), limit=1 << 16, what="a verdict", error=StudioError))
        if data.get("question") != question:
            return None
        return Verdict(**data["verdict"])
    except (StudioError, OSError, ValueError, TypeError, AttributeError, KeyError):
        return None


def write(identity: str, engine: str, version: str, verdict: Verdict) -> None:
    question = _question(identity, engine, version)
    path = _path(question)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, {"question": question, "verdict": verdict._asdict()})
    except (OSError, StudioError):  # an unwritable cache: the question is asked again next time
        pass
