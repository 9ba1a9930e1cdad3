"""The decode banner names an unknown ID against the vocabulary's real span:
a vocabulary with gaps (cl100k_base: no ID 100256, specials up to 100276)
is not "0 to size − 1"."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from core import tokenizer  # noqa: E402
from core.formats import builtin  # noqa: E402
from gui.encode.texts import decode_messages  # noqa: E402


def messages(name, ids):
    asset, model = builtin.load(name)
    tok = tokenizer.wrap(asset["kind"], model)
    return decode_messages(tok, tok.decode(ids, errors="raw"))


def test_an_id_in_a_gap_names_the_span_and_its_gaps():
    said = messages("cl100k_base", [15339, 100256, 100277])
    assert said == ["ID 100256 at position 1 is not in the vocabulary (IDs 0–100276, with gaps).",
                    "ID 100277 at position 2 is not in the vocabulary (IDs 0–100276, with gaps)."]


def test_a_dense_vocabulary_names_its_last_id():
    assert messages("r50k_base", [50257]) == ["ID 50257 at position 0 is outside the vocabulary (0–50256)."]
