"""The About box: version, and the identity of the default classroom tokenizer."""

from __future__ import annotations

import html
import re
from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QMessageBox

from core.assets import classroom
from core.assets import identity
from core.errors import StudioError

from . import core_text

# The hash seed 000 (section 19.6) quotes for its frozen byte tokenizer.
BOOK_SHA256 = "9bb146ce375bda3aa518a48a60d9f69611b8d0afde9df9a8298eae9dfa9dd354"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"

# The three texts the app follows, as the About box cites them.
SEEDS = {
    "000": QT_TRANSLATE_NOOP("AboutBox", "Chapter 19, Tokenization in depth: BPE, WordPiece, SentencePiece and "
                                         "byte-level methods"),
    "003": QT_TRANSLATE_NOOP("AboutBox", "The blog post “Subword tokenization: BPE, WordPiece and SentencePiece”"),
    "004": QT_TRANSLATE_NOOP("AboutBox", "The article “Byte pair encoding (BPE): a simple, efficient "
                                         "open-vocabulary method”"),
}


def version() -> str:
    """The installed package's version; from pyproject.toml in a source checkout or bundle."""
    try:
        return metadata.version("subword-studio")
    except metadata.PackageNotFoundError:
        found = re.search(r'^version\s*=\s*"([^"]+)"', PYPROJECT.read_text(encoding="utf-8"), re.M)
        return found.group(1) if found else "?"


class AboutBox(QMessageBox):
    def __init__(self, parent=None):
        super().__init__(QMessageBox.Information, "", "", QMessageBox.Ok, parent)
        self.setWindowTitle(self.tr("About Subword Studio"))
        self.setTextFormat(Qt.RichText)
        self.setText(self.html())

    def html(self) -> str:
        esc = html.escape
        title = self.tr("Subword Studio %1").replace("%1", version())
        blurb = self.tr("An offline workbench to learn, inspect, compare and verify subword tokenizers.")
        parts = [f"<h3>{esc(title)}</h3>", f"<p>{esc(blurb)}</p>"]
        material = self.tr("The lessons and exercises follow three texts, cited by name in the app:")
        sources = "".join(f"<li>{esc(self.tr(SEEDS[key]))}</li>" for key in sorted(SEEDS))
        parts.append(f"<p>{esc(material)}</p><ul>{sources}</ul>")
        try:
            loaded = identity.load(classroom.ASSET_PATH)
        except StudioError as exc:
            problem = self.tr("The default tokenizer cannot be read: %1").replace("%1", core_text.error(exc))
            return "".join(parts) + f"<p>{esc(problem)}</p>"
        ident = loaded.identity
        default = self.tr("Default tokenizer: %1 (%2 entries, %3 merges)").replace("%1", loaded.name).replace(
            "%2", str(ident.vocab_size)).replace("%3", str(ident.merges))
        interface, full = self.tr("Interface identity (SHA-256):"), self.tr("Full identity (SHA-256):")
        parts.append(f"<p>{esc(default)}</p>")
        parts.append(f"<p>{esc(interface)}<br><code>{ident.interface_sha256}</code>"
                     f"<br>{esc(full)}<br><code>{ident.full_sha256}</code></p>")
        note = self.tr("The book quotes %1 for its frozen tokenizer: the hash of the book's own canonical "
                       "serialization, which it does not publish. Ours is the SHA-256 of the RFC 8785 canonical "
                       "JSON of what a model sees: symbols and IDs, merge order, specials, normalizer, "
                       "pre-tokenizer and boundary rule (the full identity adds counts, trainer and training data; "
                       "see docs/identity.md). The two hashes cover different serializations, so they differ.")
        parts.append("<p><small>" + esc(note.replace("%1", BOOK_SHA256[:12] + "…")) + "</small></p>")
        return "".join(parts)
