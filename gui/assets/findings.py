"""What the asset manager says about a diff: the verdict and each finding, in words."""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from .models import ComponentModel

translate = QCoreApplication.translate


class AssetFindings(QObject):
    """The translation context of this module's plural sentences (``%n``):
    lupdate finds them through ``AssetFindings.tr``."""


def verdict(diff) -> str:
    if diff.full_equal:
        return translate(
            "AssetManager",
            "Identical: same interface and same provenance. Names, notes, dates and "
            "file formatting never change identity.",
        )
    if diff.interface_equal:
        return translate(
            "AssetManager",
            "Same interface, other provenance: a model sees the same IDs, but the trainer, "
            "training data or counts differ.",
        )
    size_a, size_b = diff.vocab_sizes
    if size_a == size_b:
        return translate(
            "AssetManager",
            "Interface differs although both vocabularies have %1 entries: every shape check "
            "passes, yet the IDs do not mean the same thing.",
        ).replace("%1", str(size_a))
    return (
        translate(
            "AssetManager",
            "Interface differs and the vocabulary sizes differ (%1 vs %2): shape checks will catch this one.",
        )
        .replace("%1", str(size_a))
        .replace("%2", str(size_b))
    )


BREAKS = {
    "embedding_rows": QT_TRANSLATE_NOOP("AssetManager", "input embedding rows"),
    "output_columns": QT_TRANSLATE_NOOP("AssetManager", "output vocabulary columns"),
    "output_biases": QT_TRANSLATE_NOOP("AssetManager", "output biases"),
    "encoded_datasets": QT_TRANSLATE_NOOP("AssetManager", "stored encoded datasets"),
    "prompts": QT_TRANSLATE_NOOP("AssetManager", "saved prompts"),
}


def finding_text(f) -> str:
    d = f.detail
    esc = html.escape
    if f.kind == "id_swap":
        return (
            translate("AssetManager", "IDs %1 and %2 are swapped: %3 ↔ %4")
            .replace("%1", str(d["ids"][0]))
            .replace("%2", str(d["ids"][1]))
            .replace("%3", esc(repr(d["tokens"][0])))
            .replace("%4", esc(repr(d["tokens"][1])))
        )
    if f.kind == "id_cycle":
        return translate("AssetManager", "IDs renumbered in a cycle: %1").replace(
            "%1", " → ".join(map(str, d["ids"]))
        )
    if f.kind == "ids_renumbered":
        return AssetFindings.tr("%n token(s) have other IDs", "", d["moved_count"])
    if f.kind == "vocab_changed":
        return AssetFindings.tr("Vocabulary differs: %n token(s) only in B", "", d["added_count"]) + ", " + \
            AssetFindings.tr("%n only in A", "", d["removed_count"])
    if f.kind == "vocab_size":
        return (
            translate("AssetManager", "Vocabulary size %1 vs %2")
            .replace("%1", str(d["a"]))
            .replace("%2", str(d["b"]))
        )
    if f.kind == "merge_order":
        return translate("AssetManager", "Same merges in another order: ranks %1 moved").replace(
            "%1", ", ".join(map(str, d["ranks"]))
        )
    if f.kind in ("merges_added", "merges_removed"):
        text = (
            AssetFindings.tr("%n merge(s) added from rank %1", "", d["count"])
            if f.kind == "merges_added"
            else AssetFindings.tr("%n merge(s) removed from rank %1", "", d["count"])
        )
        return text.replace("%1", str(d["from_rank"]))
    if f.kind == "merges_changed":
        return (
            translate("AssetManager", "Merges differ from rank %1: %2 vs %3")
            .replace("%1", str(d["first_rank"]))
            .replace("%2", esc(" + ".join(d["a"])))
            .replace("%3", esc(" + ".join(d["b"])))
        )
    if f.kind == "counts_changed":
        return AssetFindings.tr("Merge counts differ at %n rank(s)", "", d["changed_count"])
    name = (
        translate("ComponentModel", ComponentModel.names.get(f.component, f.component))
        if f.component in ComponentModel.names
        else f.component
    )
    # Component names are plural or singular ("Special tokens and IDs", "Normalizer"): no verb agrees with both.
    return translate("AssetManager", "Differs: %1").replace("%1", esc(name))


def findings_html(diff) -> str:
    if not diff.findings:
        return (
            "<p>"
            + html.escape(translate("AssetManager", "No differences: every component has the same hash."))
            + "</p>"
        )
    parts = ["<ul>"]
    for f in diff.findings:
        line = "<b>" + finding_text(f) + "</b>"
        if f.breaks:
            line += "<br>" + translate("AssetManager", "Breaks: %1").replace(
                "%1", ", ".join(html.escape(translate("AssetManager", BREAKS[b])) for b in f.breaks)
            )
        if f.shape_checks_pass:
            line += " " + translate("AssetManager", "(shape checks still pass)")
        parts.append(f"<li>{line}</li>")
    parts.append("</ul>")
    swaps = [f for f in diff.findings if f.kind == "id_swap"]
    if swaps:
        i, j = swaps[0].detail["ids"]
        t_i, t_j = (html.escape(repr(t)) for t in swaps[0].detail["tokens"])
        parts.append(
            "<p>"
            + translate(
                "AssetManager",
                "<b>Why the swap is dangerous.</b> Both tokenizers have %1 entries, so the embedding table, "
                "the output matrix and its biases keep their shapes and every shape check passes. But a model "
                "trained with A looks up row %2 of its input embedding for %3, and B now sends %4 there; output "
                "column %2 and its bias now score the wrong candidate, and likewise for %5. Every stored encoded "
                "dataset and saved prompt that contains %2 or %5 now decodes to other text. To migrate, re-encode "
                "the data and prompts, or permute embedding rows, output columns and biases together; the special "
                "IDs, merge references and the asset identity must agree.",
            )
            .replace("%1", str(diff.vocab_sizes[0]))
            .replace("%2", str(i))
            .replace("%3", t_i)
            .replace("%4", t_j)
            .replace("%5", str(j))
            + "</p>"
        )
    return "".join(parts)
