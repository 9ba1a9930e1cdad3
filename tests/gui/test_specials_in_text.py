"""Special tokens written in the encode panel's text: "Read specials in the
text" chooses whether they become control tokens (tiktoken's
``allowed_special="all"``) or stay ordinary text, ticked as the tokenizer's
origin library does (tiktoken: refused, shown here as text; HF: read);
ordinary tokens that spell a special are marked with a chip of their own,
and the panel never fails on such text."""

import pytest

pytest.importorskip("tiktoken")

from conftest import destroy  # noqa: E402
from core import engines  # noqa: E402
from core.tokenizer.base import SPECIAL  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402
from gui.widgets.token_strip import SPELLS_FILL  # noqa: E402

TEXT = "hi<|endoftext|>there"


@pytest.fixture
def panel(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    main.resize(1280, 800)
    main.show()
    main.show_panel("encode")
    yield main.panels["encode"]
    destroy(main)


def settled(panel, qtbot):
    qtbot.waitUntil(lambda: panel._waiting is None and panel.outcome is not None and panel.encoding is not None
                    and panel.cancel_button.isHidden(), timeout=60_000)


def show(panel, qtbot, key, text):
    panel.chooser.setCurrentIndex(panel.chooser.findData(key))
    panel.input.setPlainText(text)
    panel.encode_now()
    settled(panel, qtbot)


def test_a_tiktoken_special_in_the_text_is_ordinary_text_marked_until_ticked(panel, qtbot):
    show(panel, qtbot, "shelf:cl100k_base", TEXT)
    served = engines.open_asset("cl100k_base")
    ordinary = served.encode_ids(TEXT, allowed=frozenset(), disallowed=frozenset())
    assert not panel.read_specials_box.isChecked() and panel.read_specials_box.isEnabled()
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == ordinary and 100257 not in ordinary
    spelling = [c for c in chips if c.spells]
    assert "".join(c.label for c in spelling) == "<|endoftext|>"
    assert {c.spells for c in spelling} == {"<|endoftext|>"} and not chips[0].spells and not chips[-1].spells
    assert "tiktoken refuses such text" in panel.counts_label.text()
    first = chips.index(spelling[0])
    assert "spells the special token <|endoftext|>" in panel.strip.tooltip(first)
    assert panel.token_model.index(first, 7).data() == "part of <|endoftext|> written in the text, read as ordinary text"
    panel.read_specials_box.setChecked(True)
    settled(panel, qtbot)
    assert [c.token_id for c in panel.strip.chips()] == [6151, 100257, 19041]  # tiktoken, allowed_special="all"
    assert panel.encoding.flags[1] == SPECIAL and not any(c.spells for c in panel.strip.chips())
    assert "read as a control token" in panel.counts_label.text()
    assert "changes the input" not in panel.normal_label.text()  # the special decodes to nothing, as expected


def test_a_bert_special_in_the_text_is_read_as_hf_does(panel, qtbot):
    text = "hello [SEP] world"
    show(panel, qtbot, "shelf:bert-base-uncased", text)
    assert panel.read_specials_box.isChecked()
    assert list(panel.encoding.ids) == engines.open_asset("bert-base-uncased").encode_ids(text)  # HF: read
    assert 102 in panel.encoding.ids and not any(c.spells for c in panel.strip.chips())
    panel.read_specials_box.setChecked(False)
    settled(panel, qtbot)
    assert 102 not in panel.encoding.ids and any(c.spells == "[SEP]" for c in panel.strip.chips())


def test_the_classroom_tokenizer_reads_its_specials_as_text_and_says_so(panel):
    panel.input.setPlainText("a<EOS>b")
    panel.encode_now()
    assert not panel.read_specials_box.isEnabled()
    assert 257 not in panel.encoding.ids and any(c.spells == "<EOS>" for c in panel.strip.chips())


def test_a_spelling_chip_is_painted_apart(panel, qtbot):
    show(panel, qtbot, "shelf:cl100k_base", TEXT)
    strip = panel.strip
    index = next(i for i, c in enumerate(strip.chips()) if c.spells)
    rect = strip.chip_rect(index).translated(0, -strip.verticalScrollBar().value())
    image = strip.viewport().grab().toImage()
    assert image.pixelColor(rect.center().x(), rect.bottom() - 3) == SPELLS_FILL
