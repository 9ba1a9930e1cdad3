"""Side by side: every held tokenizer's Encoding as a lane of chips, with its
figures, the boundaries all of them share, hover across lanes, long texts
off the GUI thread, and ticks remembered across sessions.

The three tokenizers are made here: a GPT-2-style byte-level BPE and a BERT
WordPiece, both trained by Hugging Face ``tokenizers`` and imported from
their tokenizer.json, and the classroom byte-level BPE (the workspace's
encoder).  The libraries' own IDs and offsets are the oracle.
"""

import os
import time

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
tokenizers = pytest.importorskip("tokenizers")

from PySide6.QtCore import QPoint, Qt, QTimer  # noqa: E402
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers  # noqa: E402

from core.errors import TokenizerError  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.assets import identity  # noqa: E402
from core.workspace import workspace as workspace_mod  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import settings  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.compare import CompareView  # noqa: E402
from gui.compare.alignment import compare, segment_firsts  # noqa: E402

from conftest import destroy  # noqa: E402

TEXT = "Hello world 你好 🙂"
TRAIN = ["Hello world, hello there. The world is wide and the words are many.",
         "naive and naïve words, 你好世界 你好，世界", "emoji 🙂 and more 🙂 text 👩‍💻"] * 5


def gpt2_bytes_to_unicode():
    """GPT-2's printable stand-in for every byte (encoder.py), to read HF's tokens back as bytes."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars, extra = {}, 0
    for b in range(256):
        if b in printable:
            chars[b] = chr(b)
        else:
            chars[b] = chr(256 + extra)
            extra += 1
    return chars


BYTE_OF = {c: b for b, c in gpt2_bytes_to_unicode().items()}


@pytest.fixture(scope="module")
def libraries(tmp_path_factory):
    """(byte-level HF tokenizer, its file, WordPiece HF tokenizer, its file), trained here."""
    folder = tmp_path_factory.mktemp("tokenizers")
    gpt2 = Tokenizer(models.BPE())
    gpt2.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    gpt2.decoder = decoders.ByteLevel()
    gpt2.train_from_iterator(TRAIN, trainers.BpeTrainer(
        vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    gpt2.save(str(folder / "gpt2-style.json"))
    bert = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    bert.normalizer = normalizers.BertNormalizer()
    bert.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    bert.decoder = decoders.WordPiece()
    bert.train_from_iterator(TRAIN, trainers.WordPieceTrainer(vocab_size=200, special_tokens=["[UNK]"],
                                                              show_progress=False))
    bert.save(str(folder / "bert-wordpiece.json"))
    return gpt2, folder / "gpt2-style.json", bert, folder / "bert-wordpiece.json"


def three(libraries) -> Workspace:
    """A workspace holding the classroom encoder and the two imports (no trained model)."""
    _, gpt2_path, _, bert_path = libraries
    workspace = Workspace()
    for path in (gpt2_path, bert_path):
        imported = import_file(path, "hf")
        workspace.add_loaded(identity.from_dict(imported.asset, tokenizer=imported.tokenizer))
    return workspace


def make_view(qtbot, workspace):
    view = CompareView(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show()
    wait(view, qtbot)
    return view


@pytest.fixture
def view(qtbot, libraries):
    yield make_view(qtbot, three(libraries))


def wait(view, qtbot, timeout=10000):
    qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=timeout)


def show(view, qtbot, text, timeout=10000):
    view.input.setPlainText(text)
    view.debounce.stop()
    view.refresh()
    wait(view, qtbot, timeout)


def lane_of(view, name):
    lanes = view.side_by_side.lanes.lanes
    return next(i for i, lane in enumerate(lanes) if lane.name == name)


def table(view):
    model = view.side_by_side.model
    return {model.data(model.index(r, 0)): [model.data(model.index(r, c)) for c in range(model.columnCount())]
            for r in range(model.rowCount())}


def byte_offsets(text):
    """Character offset -> byte offset."""
    out = [0]
    for ch in text:
        out.append(out[-1] + len(ch.encode("utf-8")))
    return out


# ==== chips are each tokenizer's own tokens ====

def test_each_lane_is_its_tokenizers_encoding_with_the_libraries_ids(view, qtbot, libraries):
    gpt2, _, bert, _ = libraries
    show(view, qtbot, TEXT)
    lanes = view.side_by_side.lanes
    names = [lane.name for lane in lanes.lanes]
    assert names == ["classroom_byte_bpe", "gpt2-style", "bert-wordpiece"]
    # One name per family, whatever the asset kind: the classroom's and an imported GPT-2 alike.
    assert [lane.kind for lane in lanes.lanes] == ["byte-level BPE", "byte-level BPE", "WordPiece"]

    # GPT-2 style: the library's IDs; labels are its tokens read back as text (no Ġ), spaces as ␣.
    g = lanes.lanes[lane_of(view, "gpt2-style")]
    theirs = gpt2.encode(TEXT)
    assert [c.token_id for c in g.row.chips] == theirs.ids == list(g.row.encoding.ids)
    expected = [bytes(BYTE_OF[c] for c in token).decode("utf-8").replace(" ", "␣") for token in theirs.tokens]
    assert [c.label for c in g.row.chips] == expected
    assert "␣world" in expected and not any("Ġ" in c.label for c in g.row.chips)

    # BERT WordPiece: the library's IDs and tokens (lower-cased, CJK one by one, the spaces dropped).
    b = lanes.lanes[lane_of(view, "bert-wordpiece")]
    theirs = bert.encode(TEXT)
    assert [c.token_id for c in b.row.chips] == theirs.ids
    assert [c.label for c in b.row.chips] == theirs.tokens

    # The classroom tokenizer: IDs 0-255 are bytes; Chinese and the emoji stay single bytes, named by part.
    c = lanes.lanes[lane_of(view, "classroom_byte_bpe")]
    assert [ch.label for ch in c.row.chips] == [
        "H", "e", "l", "l", "o", "␣", "w", "or", "l", "d", "␣", "你 1/3", "你 2/3", "你 3/3", "好 1/3", "好 2/3",
        "好 3/3", "␣", "🙂 1/4", "🙂 2/4", "🙂 3/4", "🙂 4/4"]
    ids = [ch.token_id for ch in c.row.chips]
    assert ids == list(view.workspace.encoder.encode(TEXT).ids)
    assert ids[11:17] == list("你好".encode("utf-8")) and ids[18:] == list("🙂".encode("utf-8"))
    assert all(ch.partial for ch in c.row.chips[11:17])


def test_counts_and_ratios_against_the_baseline(view, qtbot, libraries):
    gpt2, _, bert, _ = libraries
    show(view, qtbot, TEXT)
    counts = {"classroom_byte_bpe": len(view.workspace.encoder.encode(TEXT).ids),
              "gpt2-style": len(gpt2.encode(TEXT).ids), "bert-wordpiece": len(bert.encode(TEXT).ids)}
    chars, size = len(TEXT), len(TEXT.encode("utf-8"))
    assert (chars, size) == (16, 23)
    rows = table(view)
    for name, n in counts.items():
        assert rows[name][2:5] == [str(n), f"{chars / n:.2f}", f"{size / n:.2f}"]
    base = counts["classroom_byte_bpe"]
    assert rows["classroom_byte_bpe"][5] == "baseline"
    assert rows["gpt2-style"][5] == f"{(counts['gpt2-style'] / base - 1) * 100:+.1f}%"
    view.side_by_side.baseline_box.setCurrentIndex(view.side_by_side.baseline_box.findText("gpt2-style"))
    rows = table(view)
    assert rows["gpt2-style"][5] == "baseline"
    assert rows["classroom_byte_bpe"][5] == f"{(base / counts['gpt2-style'] - 1) * 100:+.1f}%"


# ==== shared boundaries ====

def test_shared_boundaries_are_the_intersection_and_line_up(view, qtbot, libraries):
    gpt2, _, bert, _ = libraries
    show(view, qtbot, TEXT)
    to_bytes = byte_offsets(TEXT)
    expected = None
    for encoding in (gpt2.encode(TEXT), bert.encode(TEXT)):  # the libraries' own character offsets
        found = {to_bytes[o] for span in encoding.offsets for o in span}
        expected = found if expected is None else expected & found
    classroom = {0}
    for piece in view.workspace.encoder.encode(TEXT).pieces:  # pieces are the input's bytes, in order
        classroom.add(max(classroom) + len(piece))
    expected &= classroom
    assert view.side_by_side.comparison.shared == tuple(sorted(expected)) == (0, 5, 11, 18, 23)
    assert "▼ marks the 5 token boundaries all 3 share" in view.side_by_side.status.text()

    # Every chip that starts at a shared boundary starts at the same x in every lane.
    lanes = view.side_by_side.lanes
    for boundary in expected - {len(TEXT.encode("utf-8"))}:
        xs = set()
        for lane, info in enumerate(lanes.lanes):
            starts = [t for t, (b0, _) in enumerate(info.row.encoding.byte_spans) if b0 == boundary]
            if starts:
                xs.add(lanes.chip_rect(lane, starts[0]).left())
        assert len(xs) == 1, (boundary, xs)
    # ...and chips that start elsewhere do not all share an x (the lanes are not one grid).
    g = lane_of(view, "gpt2-style")
    c = lane_of(view, "classroom_byte_bpe")
    assert lanes.chip_rect(g, 1).left() != lanes.chip_rect(c, 2).left()  # "llo" at 2 vs "l": 2 is not shared


def test_an_inserted_end_of_word_stays_with_its_word():
    # low</w> er: "</w>" has an empty span at 3, which is also where the next word starts.
    assert segment_firsts(((0, 3), (3, 3), (4, 6)), (0, 3, 6)) == (0, 2, 3)
    assert segment_firsts(((0, 0), (0, 2)), (0, 2)) == (0, 2)  # a leading special starts segment 0


# ==== hover ====

def test_hovering_a_chip_marks_the_same_input_in_every_lane(view, qtbot):
    show(view, qtbot, TEXT)
    lanes = view.side_by_side.lanes
    g, c, b = (lane_of(view, n) for n in ("gpt2-style", "classroom_byte_bpe", "bert-wordpiece"))
    token = [chip.label for chip in lanes.lane_chips(g)].index("␣你好")  # bytes 11-18
    rect = lanes.chip_rect(g, token)
    qtbot.mouseMove(lanes.viewport(), rect.center() - QPoint(lanes.horizontalScrollBar().value(),
                                                              lanes.verticalScrollBar().value()))
    qtbot.waitUntil(lambda: lanes.hovered == (g, token), timeout=2000)
    assert lanes.focus_span() == (11, 18)
    assert [lanes.lane_chips(c)[t].label for t in lanes.highlighted(c)] == [
        "␣", "你 1/3", "你 2/3", "你 3/3", "好 1/3", "好 2/3", "好 3/3"]
    assert [lanes.lane_chips(b)[t].label for t in lanes.highlighted(b)] == ["你", "好"]
    selections = view.input.extraSelections()
    assert len(selections) == 1 and selections[0].cursor.selectedText() == " 你好"
    # A click pins it; leaving the lanes keeps the pinned span marked.
    qtbot.mouseClick(lanes.viewport(), Qt.LeftButton, pos=rect.center())
    lanes.leaveEvent(None)
    assert lanes.hovered is None and lanes.focus_span() == (11, 18)


def test_a_chip_tooltip_names_the_stored_token_and_its_bytes(view, qtbot):
    show(view, qtbot, TEXT)
    lanes = view.side_by_side.lanes
    g = lane_of(view, "gpt2-style")
    token = [chip.label for chip in lanes.lane_chips(g)].index("␣world")
    text = lanes.describe(g, token)
    assert "stored as Ġworld" in text and "bytes 5–11: 20 77 6F 72 6C 64" in text and "characters 5–11: ␣world" in text


# ==== long texts ====

def test_fifty_thousand_characters_scroll_whole_off_the_gui_thread(view, qtbot, libraries):
    gpt2, _, bert, _ = libraries
    text = ("Hello world 你好，世界 🙂👩‍💻 naïve. " * 2000)[:50_000]
    beats = []
    heartbeat = QTimer(interval=10)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    heartbeat.start()
    began = time.perf_counter()
    show(view, qtbot, text, timeout=120_000)
    heartbeat.stop()
    gaps = [b - a for a, b in zip([began, *beats], beats)]
    assert len(beats) > 10 and max(gaps) < 1.0, f"the window froze for {max(gaps):.2f} s"
    lanes = view.side_by_side.lanes
    expected = {"classroom_byte_bpe": view.workspace.encoder.encode(text).ids, "gpt2-style": gpt2.encode(text).ids,
                "bert-wordpiece": bert.encode(text).ids}
    for lane, info in enumerate(lanes.lanes):
        assert [c.token_id for c in info.row.chips] == list(expected[info.name])
        assert not any("…" in c.label for c in info.row.chips)
        # Every token has a place, the last one too, and that place shows it.
        last = len(info.row.chips) - 1
        rect = lanes.chip_rect(lane, last)
        lanes.verticalScrollBar().setValue(rect.top() - 20)
        lanes.horizontalScrollBar().setValue(0)
        assert lanes.chip_at(rect.center() - QPoint(0, lanes.verticalScrollBar().value())) == (lane, last)
    assert lanes.band_count() > 100 and lanes.verticalScrollBar().maximum() > 10 * lanes.height()
    assert "…" not in view.side_by_side.status.text() and "50,000 characters" in view.side_by_side.status.text()
    assert table(view)["gpt2-style"][2] == f"{len(expected['gpt2-style']):,}"


def test_new_input_cancels_the_running_comparison_and_stale_results_are_dropped(view, qtbot):
    long_text = "naïve 你好 " * 20_000
    view.input.setPlainText(long_text)
    view.debounce.stop()
    view.refresh()
    first = view.side_by_side._task
    assert first is not None and view.side_by_side.cancel_button.isVisible()
    show(view, qtbot, TEXT)
    assert first.cancelled
    assert view.side_by_side.comparison.text == TEXT
    qtbot.waitUntil(lambda: not first.is_running(), timeout=60_000)
    qtbot.wait(50)  # whatever the first task still sends arrives now, and is dropped
    assert view.side_by_side.comparison.text == TEXT
    assert len(view.side_by_side.lanes.lane_chips(0)) == 22


def test_cancel_keeps_the_last_comparison_and_says_so(view, qtbot):
    show(view, qtbot, TEXT)
    view.input.setPlainText("naïve 你好 " * 20_000)
    view.debounce.stop()
    view.refresh()
    view.side_by_side.cancel_button.click()
    assert not view.side_by_side.is_running() and "Cancelled" in view.side_by_side.status.text()
    assert view.side_by_side.comparison.text == TEXT


# ==== which tokenizers ====

def test_ticks_and_baseline_survive_a_restart(qtbot, libraries):
    first = make_view(qtbot, three(libraries))
    side = first.side_by_side
    model = side.model
    row = [e.name for e in model.entries].index("classroom_byte_bpe")
    assert model.setData(model.index(row, 0), Qt.Unchecked.value, Qt.CheckStateRole)
    wait(first, qtbot)
    assert [lane.name for lane in side.lanes.lanes] == ["gpt2-style", "bert-wordpiece"]
    side.baseline_box.setCurrentIndex(side.baseline_box.findText("bert-wordpiece"))
    assert settings.read(settings.COMPARE_UNCHECKED) == ["encoder"]
    destroy(first)

    again = make_view(qtbot, three(libraries))  # a new session: new workspace, same tokenizers, same settings
    assert [lane.name for lane in again.side_by_side.lanes.lanes] == ["gpt2-style", "bert-wordpiece"]
    model = again.side_by_side.model
    assert [model.data(model.index(r, 0), Qt.CheckStateRole) for r in range(3)] == [
        Qt.Unchecked, Qt.Checked, Qt.Checked]
    assert again.side_by_side.baseline_box.currentText() == "bert-wordpiece"
    assert table(again)["bert-wordpiece"][5] == "baseline"


def test_the_list_follows_the_workspace_live(view, qtbot, libraries):
    workspace = view.workspace
    workspace.train()  # the trained char BPE joins, ticked
    wait(view, qtbot)
    assert [lane.name for lane in view.side_by_side.lanes.lanes] == [
        "classroom_byte_bpe", "trained char BPE", "gpt2-style", "bert-wordpiece"]
    workspace.close_asset(0)
    wait(view, qtbot)
    assert "gpt2-style" not in table(view)
    assert [lane.name for lane in view.side_by_side.lanes.lanes] == [
        "classroom_byte_bpe", "trained char BPE", "bert-wordpiece"]


def test_the_same_asset_twice_is_two_rows(view, qtbot, libraries):
    _, gpt2_path, _, _ = libraries
    imported = import_file(gpt2_path, "hf")
    view.workspace.add_loaded(identity.from_dict(imported.asset, tokenizer=imported.tokenizer))
    wait(view, qtbot)
    keys = [e.key for e in view.side_by_side.model.entries if not e.shelf]
    assert len(keys) == len(set(keys)) == 4 and keys[3] == keys[1] + "#2"


def test_a_tokenizer_that_cannot_encode_is_named_and_the_others_still_show(view, qtbot, monkeypatch):
    class Broken:
        kind, family, model, byte_based = "bpe", "bpe", object(), False

        def encode(self, text):
            raise TokenizerError("this tokenizer is broken on purpose")

    held = view.workspace.held_tokenizers
    monkeypatch.setattr(view.workspace, "held_tokenizers",
                        lambda: (*held(), workspace_mod.Held("asset:broken", "broken", Broken())))
    view.reload()
    wait(view, qtbot)
    assert table(view)["broken"][2] == "cannot encode: this tokenizer is broken on purpose"
    assert len(view.side_by_side.lanes.lanes) == 3
    assert "1 could not encode it" in view.side_by_side.status.text()


def test_nothing_ticked_or_no_text_says_what_to_do(view, qtbot):
    model = view.side_by_side.model
    for row in range(model.rowCount()):
        model.setData(model.index(row, 0), Qt.Unchecked.value, Qt.CheckStateRole)
    assert not view.side_by_side.lanes.lanes and "Tick one or more" in view.side_by_side.lanes.message
    model.setData(model.index(0, 0), Qt.Checked.value, Qt.CheckStateRole)
    show(view, qtbot, "")
    assert "Type or paste a text" in view.side_by_side.lanes.message


def test_the_comparison_runs_without_qt_widgets(libraries):
    gpt2, gpt2_path, _, _ = libraries
    imported = import_file(gpt2_path, "hf")
    from core.tokenizer import wrap

    tokenizer = wrap("bpe", imported.tokenizer)
    result = compare(TEXT, [("a", tokenizer), ("b", tokenizer)])
    assert [r.tokens for r in result.rows] == [len(gpt2.encode(TEXT).ids)] * 2
    offsets = byte_offsets(TEXT)
    assert set(result.shared) == {offsets[o] for span in gpt2.encode(TEXT).offsets for o in span}


def test_the_tokenizer_table_is_a_sound_model(view, qtmodeltester):
    qtmodeltester.check(view.side_by_side.model)


def test_a_segment_wider_than_the_view_wraps_inside_itself(view, qtbot, libraries):
    _, _, bert, _ = libraries
    word = "naïve" * 30  # longer than WordPiece's 100 characters: one [UNK] for all of it, so nothing is shared inside
    show(view, qtbot, word)
    assert bert.encode(word).tokens == ["[UNK]"]
    assert view.side_by_side.comparison.shared == (0, len(word.encode("utf-8")))
    lanes = view.side_by_side.lanes
    assert lanes.band_count() > 1
    right = lanes.viewport().width()
    for lane, info in enumerate(lanes.lanes):
        rects = [lanes.chip_rect(lane, t) for t in range(len(info.row.chips))]
        assert all(r.right() < right for r in rects)  # wrapped, not cut off
        for a, b in zip(rects, rects[1:]):  # in reading order: later on the line, or on a later band
            assert b.top() > a.top() or (b.top() == a.top() and b.left() > a.right())
        for t, r in enumerate(rects):
            lanes.verticalScrollBar().setValue(r.top())
            assert lanes.chip_at(r.center() - QPoint(0, lanes.verticalScrollBar().value())) == (lane, t)


def test_arrows_walk_the_chips_and_escape_lets_go(view, qtbot):
    show(view, qtbot, TEXT)
    lanes = view.side_by_side.lanes
    g, c = lane_of(view, "gpt2-style"), lane_of(view, "classroom_byte_bpe")
    lanes.setFocus()
    lanes.pin((g, 2))  # ␣world, bytes 5-11
    qtbot.keyClick(lanes, Qt.Key_Right)
    assert lanes.pinned == (g, 3) and lanes.focus_span() == (11, 18)
    qtbot.keyClick(lanes, Qt.Key_Up if c < g else Qt.Key_Down)
    assert lanes.pinned == (c, 10)  # the classroom token holding byte 11: "␣"
    qtbot.keyClick(lanes, Qt.Key_Escape)
    assert lanes.pinned is None and view.input.extraSelections() == []


def test_layout_places_every_token_once_in_order_within_the_line():
    from gui.compare.lane_layout import LaneLayout

    widths = [[30, 50, 20, 400, 25, 25], [60, 80, 10, 10]]
    firsts = [(0, 2, 3, 6), (0, 1, 2, 4)]  # three segments; the last is wide in lane 0
    layout = LaneLayout(widths, firsts)
    layout.pack(300)
    seen = [[], []]
    for band in range(len(layout.bands)):
        for item in layout.items(band):
            assert item.x + item.width <= 300 or item.x == 0  # only a lone chip wider than a line may stick out
            for lane, (a, b) in enumerate(item.ranges):
                seen[lane] += range(a, b)
                assert all(layout.x_of(item, lane, t) + widths[lane][t] <= max(300, item.x + item.width)
                           for t in range(a, b))
    assert seen == [list(range(6)), list(range(4))]
    assert layout.locate(0, 3)[0] != layout.locate(0, 4)[0]  # the 400-wide chip has a band of its own
    assert layout.locate(1, 0)[1].x == layout.locate(0, 0)[1].x  # segments start together in every lane


def test_tooltips_keep_text_that_looks_like_markup(qapp):
    from gui.compare.texts import tooltip
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(tooltip("ID 1, stored as </w>\n<|endoftext|> & <unk>"))
    assert document.toPlainText() == "ID 1, stored as </w>\n<|endoftext|> & <unk>"
