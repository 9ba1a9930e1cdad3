"""The About box: version, and the identity of the default classroom tokenizer."""

from __future__ import annotations

import html
import re
from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox

from core import classroom, identity
from core.errors import StudioError

# The hash seed 000 (section 19.6) quotes for its frozen byte tokenizer.
BOOK_SHA256 = "9bb146ce375bda3aa518a48a60d9f69611b8d0afde9df9a8298eae9dfa9dd354"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def tr(text: str) -> str:
    return QCoreApplication.translate("about", text)


def version() -> str:
    """The installed package's version; from pyproject.toml in a source checkout or bundle."""
    try:
        return metadata.version("subword-studio")
    except metadata.PackageNotFoundError:
        found = re.search(r'^version\s*=\s*"([^"]+)"', PYPROJECT.read_text(encoding="utf-8"), re.M)
        return found.group(1) if found else "?"


def about_html() -> str:
    parts = [f"<h3>{html.escape(tr('Subword Studio %1').replace('%1', version()))}</h3>",
             f"<p>{html.escape(tr('An offline workbench to learn, inspect, compare and verify subword tokenizers.'))}</p>"]
    try:
        loaded = identity.load(classroom.ASSET_PATH)
    except StudioError as exc:
        parts.append(f"<p>{html.escape(tr('The default tokenizer cannot be read: %1').replace('%1', str(exc)))}</p>")
        return "".join(parts)
    ident = loaded.identity
    parts.append("<p>" + html.escape(tr("Default tokenizer: %1 (%2 entries, %3 merges)").replace(
        "%1", loaded.name).replace("%2", str(ident.vocab_size)).replace("%3", str(ident.merges))) + "</p>")
    parts.append(f"<p>{html.escape(tr('Interface identity (SHA-256):'))}<br><code>{ident.interface_sha256}</code>"
                 f"<br>{html.escape(tr('Full identity (SHA-256):'))}<br><code>{ident.full_sha256}</code></p>")
    note = tr("The book quotes %1 for its frozen tokenizer: the hash of the book's own canonical serialization, "
              "which it does not publish. Ours is the SHA-256 of the RFC 8785 canonical JSON of what a model "
              "sees: symbols and IDs, merge order, specials, normalizer, pre-tokenizer and boundary rule (the "
              "full identity adds counts, trainer and training data; see docs/identity.md). The merges and IDs "
              "reproduce table 19.3, but the two hashes cover different serializations, so they differ.")
    parts.append("<p><small>" + html.escape(note.replace("%1", BOOK_SHA256[:12] + "…")) + "</small></p>")
    return "".join(parts)


def show(parent) -> QMessageBox:
    box = QMessageBox(QMessageBox.Information, tr("About Subword Studio"), about_html(), QMessageBox.Ok, parent)
    box.setTextFormat(Qt.RichText)
    box.open()
    return box
