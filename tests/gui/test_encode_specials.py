"""The encode panel's "Add special tokens" checkbox and the Pipeline tab's
post-processing stage for an imported BERT tokenizer.json whose
BertProcessing adds [CLS] and [SEP] (issue 21)."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers  # noqa: E402

from test_encode_any_kind import ENGLISH, encode, import_file, pick, window  # noqa: E402,F401


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(ENGLISH, trainers.WordPieceTrainer(
        vocab_size=120, special_tokens=["[UNK]", "[CLS]", "[SEP]"], show_progress=False))
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")),
                                                   ("[CLS]", tok.token_to_id("[CLS]")))
    path = tmp_path_factory.mktemp("bert") / "tokenizer.json"
    tok.save(str(path))
    return path, tok


def test_add_special_tokens_checkbox_gives_hfs_default_encoding(window, qtbot, bert):  # noqa: F811
    path, tok = bert
    panel = window.panels["encode"]
    assert not panel.specials_box.isEnabled()  # the classroom tokenizer has no post-processor
    pick(window, import_file(window, qtbot, path))
    text = "Hello world, hello there."
    encode(panel, qtbot, text)
    assert panel.specials_box.isEnabled() and not panel.specials_box.isChecked()
    assert [c.token_id for c in panel.strip.chips()] == tok.encode(text, add_special_tokens=False).ids
    round_trip = panel.normal_label.text()
    panel.specials_box.setChecked(True)
    qtbot.waitUntil(lambda: panel.encoding is not None and len(panel.encoding) == len(tok.encode(text).ids))
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == tok.encode(text).ids
    assert (chips[0].label, chips[-1].label) == ("[CLS]", "[SEP]")
    assert panel.normal_label.text() == round_trip  # specials decode to nothing
    # the Pipeline tab shows the same post-processing
    window.show_panel("pipeline")
    view = window.panels["pipeline"]
    view.input_edit.setPlainText(text)
    view.run()
    qtbot.waitUntil(lambda: view.inspection is not None and view._task is None, timeout=30_000)
    stage = {s.name: s for s in view.inspection.stages}["post_process"]
    assert list(stage.ids) == tok.encode(text).ids and stage.detail == "[CLS] $A [SEP]"
