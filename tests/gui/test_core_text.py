"""Core messages reach the windows in the UI language: strict UTF-8 problems,
ID-list, corpus, asset and workspace errors (gui/shell/core_text.py).  In English
every one reads exactly as the core (and so the CLI) writes it."""

import json
import re
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from core.inspect import asset_diff, idlist
from core.assets import identity
from core import assets, fileio, utf8
from core.models import byte_bpe
from core.workspace import records, workspace_file
from core.assets import classroom
from core import corpus
from core.pipeline import pretokenize
from core.corpus import WordCorpus
from core.errors import StudioError
from core.formats import export_asset, import_file
from core.workspace.workspace import Workspace
from gui.shell import core_text, language
from gui.assets import interop
from gui.shell.bridge import WorkspaceBridge
from gui.corpus.editor import CorpusEditor
from gui.shell.main_window import MainWindow

from conftest import ROOT, wait_task

CJK = re.compile(r"[\u4e00-\u9fff]")

# One ill-formed stretch of each kind, and the three that are also cut short.
# A BERT-style WordPiece tokenizer.json, written by hand so no library is needed.
HF_WORDPIECE = {
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": 0, "content": "[UNK]", "single_word": False, "lstrip": False, "rstrip": False,
                      "normalized": False, "special": True}],
    "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "strip_accents": None,
                   "lowercase": True},
    "pre_tokenizer": {"type": "BertPreTokenizer"}, "post_processor": None,
    "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
    "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
              "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0, "low": 1, "##er": 2}},
}

# A Unigram tokenizer.json with Metaspace over no normalizer.
HF_UNIGRAM = {
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": 0, "content": "<unk>", "single_word": False, "lstrip": False, "rstrip": False,
                      "normalized": False, "special": True}],
    "normalizer": None, "post_processor": None,
    "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
    "decoder": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
    "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
              "vocab": [["<unk>", 0.0], ["▁low", -1.0], ["▁", -2.0], ["l", -3.0], ["o", -3.0], ["w", -3.0]]},
}

PROBLEM_BYTES = {
    "invalid_byte": b"\xff",
    "unexpected_continuation": b"\x80",
    "truncated": b"\xe4\xb8",
    "incomplete": b"\xe4\xb8A",
    "overlong": b"\xe0\x80\x80",
    "overlong_cut": b"\xe0\x80",
    "surrogate": b"\xed\xa0\x80",
    "surrogate_cut": b"\xed\xa0",
    "out_of_range": b"\xf4\x90\x80\x80",
    "out_of_range_cut": b"\xf4\x90",
}


@pytest.fixture
def zh(qapp):
    language.install("zh_CN")
    yield
    language.install("en")


def raised(fn, *args, **kwargs) -> StudioError:
    with pytest.raises(StudioError) as info:
        fn(*args, **kwargs)
    return info.value


def bad_inputs(tmp_path):
    """Errors from the core's own checks, on bad user input and malformed files."""
    asset = tmp_path / "asset.json"
    good = assets.read_asset(ROOT / "resources" / "classroom_byte_bpe.json")
    workspace = tmp_path / "workspace.json"
    errors = {
        "ids": raised(idlist.parse_ids, "[1, x]"),
        "brackets": raised(idlist.parse_ids, "[1, 2"),
        "missing": raised(assets.read_asset, tmp_path / "nope.json"),
    }
    asset.write_text('{"format": "subword-studio/tokenizer"', encoding="utf-8")
    errors["json"] = raised(assets.read_asset, asset)
    asset.write_text(json.dumps({**good, "kind": "trigram"}), encoding="utf-8")
    errors["kind"] = raised(assets.read_asset, asset)
    asset.write_text(json.dumps({k: v for k, v in good.items() if k != "model"}), encoding="utf-8")
    errors["field"] = raised(assets.read_asset, asset)
    document = workspace_file.to_document(workspace_file.snapshot(Workspace.example()))
    workspace.write_text(json.dumps({**document, "corpus": {"mode": "words", "words": [["low", 0]]}}),
                         encoding="utf-8")
    errors["workspace_count"] = raised(workspace_file.read, workspace)
    workspace.write_text(json.dumps({**document, "schema_version": 99}), encoding="utf-8")
    errors["workspace_version"] = raised(workspace_file.read, workspace)
    errors["decode"] = raised(utf8.decode, b"ok\xff\xe4\xb8")
    errors.update(corpus_errors())
    errors.update(file_errors(tmp_path, good, document))
    classroom_asset = identity.load(ROOT / "resources" / "classroom_byte_bpe.json")
    errors["swap"] = raised(asset_diff.swap_ids, classroom_asset, 3, 5)
    hf = tmp_path / "tokenizer.json"
    hf.write_text('{"model": {"type": "WordLevel", "vocab": {}}}', encoding="utf-8")
    errors["hf_model"] = raised(import_file, hf, "hf")
    hf.write_text("[]", encoding="utf-8")
    errors["hf_file"] = raised(import_file, hf, "hf")
    return errors


def corpus_errors():
    table = WordCorpus(("low", "new"), (2, 1))
    return {
        "empty_word": raised(corpus.validate_entry, "", 1, where="row 1"),
        "reserved": raised(corpus.validate_entry, "a</w>", 1),
        "count_type": raised(corpus.validate_entry, "a", "x"),
        "count": raised(corpus.validate_entry, "a", 0),
        "corpus_utf8": raised(corpus.decode_utf8, b"ok\n\xff", "c.txt"),
        "no_tab": raised(corpus.parse_table, "low 2\n", "c.txt"),
        "empty": raised(corpus.parse_table, "\n", "c.txt"),
        "table_count": raised(corpus.parse_table, "low\tx\n", "c.txt"),
        "duplicate": raised(records.check_word, table, "low", row=1),
        "in_table": raised(records.inserted_words, table, 0, [("new", 1)]),
        "one_line": raised(records.check_record, "a\nb", "record 1"),
        "record_reserved": raised(records.check_record, "a</w>", "record 1"),
        "ending": raised(records.Records, ("a", "b"), ("\r", "")),
        "no_ending": raised(records.Records, ("a", "b"), ("", "\n")),
        "whitespace": raised(records.records_from_corpus, WordCorpus(("a b",), (1,))),
        "too_many": raised(records.records_from_corpus, table, limit=2),
        "pasted_count": raised(records.parse_count, "x", where="pasted line 2"),
        "no_model": raised(Workspace().add_model_asset),
    }


def file_errors(tmp_path, good, document):
    big = tmp_path / "big.txt"
    big.write_text("12345", encoding="utf-8")
    settings = {**document["settings"], "merges": -1}
    return {
        "directory": raised(assets.read_asset, tmp_path),
        "too_big": raised(fileio.read_limited, big, limit=1, what="a text file", error=StudioError),
        "ids_utf8": raised(idlist.ids_from_bytes, b"\xff", "ids.txt"),
        "json_utf8": raised(assets.parse_json, b"\xff"),
        "not_object": raised(assets.validate_envelope, []),
        "format": raised(assets.validate_envelope, {**good, "format": "x"}),
        "wrong_type": raised(assets.validate_envelope, {**good, "model": []}),
        "workspace_format": raised(workspace_file.parse, {**document, "format": "x"}),
        "mode": raised(workspace_file.parse, {**document, "corpus": {"mode": "zzz"}}),
        "unknown_setting": raised(workspace_file.parse, {**document, "settings": {**settings, "zzz": 1}}),
        "setting": raised(workspace_file.parse, {**document, "settings": settings}),
    }


def test_every_code_the_core_raises_has_a_template():
    raised_codes = set()
    for path in (ROOT / "core").rglob("*.py"):
        raised_codes |= set(re.findall(r'\bcode="([\w.]+)"', path.read_text(encoding="utf-8")))
    raised_codes |= {"corpus.needs_words", "corpus.needs_records"}  # code=f"corpus.needs_{mode}"
    assert raised_codes <= set(core_text.ERRORS)
    assert set(core_text.ERRORS) <= raised_codes, "a template no core error uses"


def stop_reasons_the_core_gives() -> set:
    """Every trace's ``stop_reason``: what each trainer stops with, made to
    stop every way it can, and every reason its source names."""
    from core.models import char_bpe, wordpiece
    from core.models.unigram import training

    words = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])
    stop = {"should_stop": lambda: True}
    models = [char_bpe.train(words, merges=2), char_bpe.train(words, vocab_size=14),
              char_bpe.train(words, merges=1000), char_bpe.train(words, merges=3, **stop),
              wordpiece.train(words, vocab_size=14), wordpiece.train(words, vocab_size=1000),
              wordpiece.train(words, vocab_size=14, **stop)]
    normalized = training.normalized_corpus(words)
    models += [training.train(normalized, vocab_size=12), training.train(normalized, vocab_size=1000),
               training.train(normalized, vocab_size=12, **stop)]
    found = {model.trace.stop_reason for model in models}
    assert found == {"merges", "vocab_size", "no_pairs", "cancelled", "pieces_exhausted"}
    written = set()
    for path in (ROOT / "core" / "models").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        written |= set(re.findall(r'stop_reason\s*=\s*"(\w+)"', text))
        written |= set(re.findall(r'stop_reason\s*=\s*"\w+" if .* else "(\w+)"', text))
        written |= set(re.findall(r'return steps, "(\w+)"', text))  # core/models/char_train.py
    assert written, "the patterns above no longer find the trainers' reasons"
    return found | written


def test_every_stop_reason_and_error_code_reads_in_both_languages(qapp):
    """A stop reason or an error code the core gives is never shown as the bare
    code: each has its English sentence and a finished Chinese translation."""
    from gui.timeline.texts import STOP_REASONS, tr as timeline_tr

    reasons = stop_reasons_the_core_gives()
    assert reasons <= set(STOP_REASONS), f"no sentence for {reasons - set(STOP_REASONS)}"
    ts = {(ctx.findtext("name"), m.findtext("source")): m.find("translation")
          for ctx in ET.parse(ROOT / "resources" / "i18n" / "subword_studio_zh_CN.ts").iter("context")
          for m in ctx.iter("message")}
    shown = [("timeline", STOP_REASONS[r], timeline_tr) for r in sorted(reasons)] + [
        ("core_text", template, lambda t: QApplication.translate("core_text", t))
        for template in core_text.ERRORS.values()]
    for context, template, translate in shown:
        entry = ts.get((context, template))
        assert entry is not None and not entry.get("type") and (entry.text or "").strip(), template
        assert translate(template) == template  # English: the sentence itself (the source language)
    language.install("zh_CN")
    try:
        for context, template, translate in shown:
            assert CJK.search(translate(template)), template
    finally:
        language.install("en")


def imported_reports(tmp_path):
    """Import reports of a tiktoken rank file (the classroom tokenizer's), a
    two-merge minbpe model (l + o, lo + w) that splits with GPT-2's pattern,
    a SentencePiece .vocab file, a BERT and a Unigram tokenizer.json."""
    model = byte_bpe.train(classroom.records(), 20, pretokenizer="gpt2")
    export_asset(assets.byte_bpe_to_asset(model), model, "tiktoken", tmp_path / "ranks.tiktoken")
    minbpe = tmp_path / "m.model"
    minbpe.write_text(f"minbpe v1\n{pretokenize.get('gpt2').pattern}\n0\n108 111\n256 119\n", encoding="utf-8")
    hf = tmp_path / "tokenizer.json"
    hf.write_text(json.dumps(HF_WORDPIECE), encoding="utf-8")
    uni = tmp_path / "unigram.json"
    uni.write_text(json.dumps(HF_UNIGRAM), encoding="utf-8")
    vocab = tmp_path / "sp.vocab"
    vocab.write_text("<unk>\t0\n<s>\t0\n</s>\t0\n▁low\t-1.5\n▁l\t-2.25\now\t-3\n", encoding="utf-8")
    return [import_file(tmp_path / "ranks.tiktoken", "tiktoken", pattern="gpt2").report,
            import_file(minbpe, "minbpe").report, import_file(vocab, "spm").report, import_file(hf, "hf").report,
            import_file(uni, "hf").report]


def exported_reports(tmp_path):
    """Export reports: the classroom tokenizer as tiktoken ranks, the minbpe import back to minbpe and
    to tokenizer.json, the BERT import to tokenizer.json and vocab.txt, the Unigram one to tokenizer.json
    and a SentencePiece model."""
    model = byte_bpe.train(classroom.records(), 20, pretokenizer="gpt2")
    imported_reports(tmp_path)  # writes m.model and tokenizer.json
    imported = import_file(tmp_path / "m.model", "minbpe")
    bert = import_file(tmp_path / "tokenizer.json", "hf")
    uni = import_file(tmp_path / "unigram.json", "hf")
    return [export_asset(assets.byte_bpe_to_asset(model), model, "tiktoken", tmp_path / "out.tiktoken"),
            export_asset(imported.asset, imported.tokenizer, "minbpe", tmp_path / "again"),
            export_asset(imported.asset, imported.tokenizer, "hf", tmp_path / "again.json"),
            export_asset(bert.asset, bert.tokenizer, "hf", tmp_path / "bert.json"),
            export_asset(bert.asset, bert.tokenizer, "bert-vocab", tmp_path / "vocab.txt"),
            export_asset(uni.asset, uni.tokenizer, "hf", tmp_path / "unigram-again.json"),
            export_asset(uni.asset, uni.tokenizer, "spm", tmp_path / "sp-again")]


def test_every_finding_template_is_used_by_the_core():
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "core" / "formats").glob("*.py"))
    assert [code for code in core_text.FINDINGS if f'"{code}"' not in source] == []


def test_templates_say_what_the_core_says(tmp_path):
    """Each template, filled in English, is the core's own text: a translator
    translates the message the core means, not a paraphrase of it."""
    checked = 0
    for exc in bad_inputs(tmp_path).values():
        while exc is not None:
            if exc.code in core_text.ERRORS:
                prefix = f"{exc.where}: " if exc.where else ""
                assert prefix + core_text.ERRORS[exc.code].format(**exc.params) == str(exc)
                checked += 1
            exc = exc.cause
    for report in imported_reports(tmp_path) + exported_reports(tmp_path):
        for finding in report.kept + report.not_representable + report.changed:
            if finding.code:
                assert core_text.FINDINGS[finding.code].format(**finding.params) == finding.detail
                checked += 1
    for data in PROBLEM_BYTES.values():
        (problem,) = utf8.scan(data)
        key = problem.kind + ("_cut" if problem.params()["cut"] else "")
        assert core_text.PROBLEMS[key].format(**problem.params()) == problem.describe()
    assert checked > 40


def test_english_is_exactly_the_core_text(qapp, tmp_path):
    for name, exc in bad_inputs(tmp_path).items():
        assert core_text.error(exc) == str(exc), name
    for key, data in PROBLEM_BYTES.items():
        (problem,) = utf8.scan(data)
        assert core_text.problem(problem) == problem.describe(), key
    for report in imported_reports(tmp_path) + exported_reports(tmp_path):
        for finding in report.kept + report.not_representable + report.changed:
            assert core_text.finding(finding) == finding.detail


def test_every_utf8_problem_is_chinese(zh):
    for key, data in PROBLEM_BYTES.items():
        (problem,) = utf8.scan(data)
        assert problem.kind + ("_cut" if problem.params()["cut"] else "") == key
        text = core_text.problem(problem)
        assert CJK.search(text) and not re.search(r"[a-z]{3,}", text), (key, text)
    (surrogate,) = utf8.scan(PROBLEM_BYTES["surrogate"])
    assert core_text.problem(surrogate) == "偏移 0 处的代理项 U+D800（编码为 ED A0 80）：代理项不是字符"
    (truncated,) = utf8.scan(PROBLEM_BYTES["truncated"])
    assert core_text.problem(truncated) == "偏移 0 处的截断序列 E4 B8：一个 3 字节的字符被数据末尾截断"


def test_core_errors_are_chinese(zh, tmp_path):
    shown = {name: core_text.error(exc) for name, exc in bad_inputs(tmp_path).items()}
    assert shown["ids"] == "第 2 项（'x'，位于字符位置 4）不是非负整数 ID"
    assert shown["missing"].endswith("nope.json：文件不存在")
    assert shown["json"] == f"{tmp_path / 'asset.json'}：不是有效的 JSON（第 1 行第 38 列：此处应为 ',' 分隔符）"
    assert "asset.json：未知的分词器类型 'trigram'；已知类型：char-bpe, " in shown["kind"]
    assert shown["field"].endswith("asset：缺少字段 'model'")
    assert shown["workspace_count"].endswith("workspace.json：corpus.words：第 1 项：次数 0 必须是正整数")
    assert shown["workspace_version"].endswith("未知的格式版本 99；本版本只能读取版本 1")
    assert shown["decode"] == "无效的 UTF-8：偏移 2 处的孤立字节 0xFF（另有 1 处问题）"
    assert shown["hf_model"].endswith("tokenizer.json：model：不支持模型类型 'WordLevel'（支持：BPE、WordPiece、Unigram）")
    assert shown["swap"].startswith("在字节级分词器中，ID 0–255 就是字节本身")
    assert shown["hf_file"].endswith('tokenizer.json：不是 tokenizer.json（应为含有 "model" 的对象）')
    for name, text in shown.items():
        assert CJK.search(text), name


def test_decode_banner_and_id_errors_are_chinese(zh, qtbot, tmp_path):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    window.show_panel("encode")
    panel = window.panels["encode"]
    panel.decoder.ids_edit.setText("[255]")
    panel.decoder.policy_box.setCurrentIndex(panel.decoder.policy_box.findData("strict"))
    panel.decoder.decode_now()
    assert panel.decoder.banner.text() == "⚠ 无效的 UTF-8（策略：strict）：偏移 0 处的孤立字节 0xFF。未解码任何内容。"
    panel.decoder.ids_edit.setText("1 x")
    panel.decoder.decode_now()
    assert "第 2 项（'x'，位于字符位置 2）不是非负整数 ID" in panel.decoder.banner.text()
    bad = tmp_path / "ids.txt"
    wait_task(qtbot, panel.decoder.load_ids_file(str(bad)))
    assert panel.decoder.banner.text().endswith(f"{bad}：文件不存在")


def test_corpus_cell_errors_are_chinese(zh, qtbot):
    editor = CorpusEditor(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(editor)
    editor.show()
    assert not editor.proxy.setData(editor.proxy.index(0, 0), "")
    assert editor.message.text() == "第 1 行：词为空"
    assert not editor.proxy.setData(editor.proxy.index(0, 0), "new")
    assert editor.message.text() == "第 1 行：'new' 已在第 3 行；请改为修改它的次数"
    assert not editor.proxy.setData(editor.proxy.index(0, 1), "0", Qt.EditRole)
    assert editor.message.text() == "第 1 行：次数 0 必须是正整数"


def test_import_reports_are_chinese(zh, tmp_path):
    reports, exports = imported_reports(tmp_path), exported_reports(tmp_path)
    findings = [f for r in reports + exports for f in r.kept + r.not_representable + r.changed]
    for finding in findings:
        if finding.code:
            assert CJK.search(core_text.finding(finding)), finding.detail
        else:  # only option lists, the same in every language, e.g. "add_dummy_prefix=True, ..."
            assert "=True" in finding.detail or "=False" in finding.detail, finding.detail
    assert "<code>model</code>: SentencePiece 以单精度累加分数" in interop.report_html(exports[-1])
    minbpe, spm, bert, _ = reports[1:]
    assert "Unicode 表来自 Python（unicodedata）而非 Rust" in interop.report_html(bert)
    assert "模型类型 unigram（根据分数推断）" in interop.report_html(spm)
    text = interop.report_html(minbpe)
    assert "<code>model</code>: 2 次合并（ID 256–257），字节 0–255" in text
    assert "<code>pre_tokenizer</code>: 切分模式 " in text and "minbpe 的 findall 会跳过它" in text
    assert core_text.summary(minbpe.summary) == "词表 258，合并 2"


def test_decoded_chips_name_their_utf8_problem_on_hover(zh, qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    window.show_panel("encode")
    panel = window.panels["encode"]
    panel.decoder.ids_edit.setText("104 237 160 128 255")  # h, a surrogate's three bytes, a lone 0xFF
    panel.decoder.decode_now()
    strip = panel.decoder.decoded_strip
    assert [[p.offset for p in chip.problems] for chip in strip.chips()] == [[], [1], [1], [1], [4]]
    qtbot.waitUntil(lambda: strip.laid_out)

    def tooltip(index):
        pos = strip.chip_rect(index).center()
        QApplication.sendEvent(strip.viewport(), QHelpEvent(QEvent.ToolTip, pos, strip.viewport().mapToGlobal(pos)))
        return QToolTip.text()

    assert tooltip(2) == "偏移 1 处的代理项 U+D800（编码为 ED A0 80）：代理项不是字符"
    assert tooltip(4) == "偏移 4 处的孤立字节 0xFF"


def test_a_bug_is_reported_in_chinese_with_python_s_own_text(zh):
    try:
        {}["key"]
    except KeyError as exc:
        assert core_text.internal_error(exc) == "内部错误：KeyError：'key'"
    language.install("en")
    assert core_text.internal_error(ZeroDivisionError("division by zero")) == \
        "internal error: ZeroDivisionError: division by zero"
