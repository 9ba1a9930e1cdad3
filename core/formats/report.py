"""The conversion report of an import or export: what was kept, what could
not be represented, and what behaves differently, each naming its component.

A report is data (``to_json``) and one line per finding (``lines``), so the
CLI, the GUI and the tests read the same thing.  A finding's ``detail`` is
English; one may also carry a ``code`` and ``params`` (as core.errors does)
for the GUI to show it in the user's language.  ``changed`` entries are
behaviour differences that remain after a conversion; each says where the
two sides part, so a user can decide whether it matters for their text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SECTIONS = ("kept", "not_representable", "changed")


@dataclass(frozen=True)
class Finding:
    component: str  # e.g. "pre_tokenizer", "model.merges", "added_tokens[3]"
    detail: str
    code: str = field(default="", compare=False)
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict:
        return {"component": self.component, "detail": self.detail}


@dataclass
class Report:
    """Collected while converting; ``source`` and ``target`` name formats or files."""

    direction: str  # "import" or "export"
    format: str
    source: str
    target: str = ""
    kind: str = ""
    kept: list[Finding] = field(default_factory=list)
    not_representable: list[Finding] = field(default_factory=list)
    changed: list[Finding] = field(default_factory=list)
    summary: dict = field(default_factory=dict)  # sizes: vocab, merges, added tokens

    def keep(self, component: str, detail: str, code: str = "", **params) -> None:
        self.kept.append(Finding(component, detail, code, params))

    def lose(self, component: str, detail: str, code: str = "", **params) -> None:
        self.not_representable.append(Finding(component, detail, code, params))

    def change(self, component: str, detail: str, code: str = "", **params) -> None:
        self.changed.append(Finding(component, detail, code, params))

    @property
    def exact(self) -> bool:
        """Nothing lost and nothing behaves differently."""
        return not self.not_representable and not self.changed

    def to_json(self) -> dict:
        return {"direction": self.direction, "format": self.format, "source": self.source, "target": self.target,
                "kind": self.kind, "exact": self.exact, "summary": dict(self.summary),
                **{name: [f.to_json() for f in getattr(self, name)] for name in SECTIONS}}

    def lines(self) -> list[str]:
        arrow = f"{self.source} -> {self.target}" if self.target else self.source
        head = f"{self.direction} {self.format}: {arrow}"
        if self.kind:
            head += f" (kind {self.kind})"
        sizes = ", ".join(f"{k} {v}" for k, v in self.summary.items())
        out = [head + (f"; {sizes}" if sizes else "")]
        titles = {"kept": "kept", "not_representable": "NOT REPRESENTABLE", "changed": "CHANGED"}
        for name in SECTIONS:
            for finding in getattr(self, name):
                out.append(f"  {titles[name]:<17} {finding.component}: {finding.detail}")
        out.append("  exact: yes" if self.exact else "  exact: no (see above)")
        return out
