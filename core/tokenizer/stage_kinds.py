"""The stages of each asset kind, for :func:`core.tokenizer.stage_kinds.inspect`.

Each runner runs the tokenizer's own stage objects with alignment (their
``aligned`` methods: core.pipeline.normalizers, core.pipeline.pre_tokenizers,
core.pipeline.bert_basic) and takes the IDs from the tokenizer itself, so the
model stage always shows what ``encode`` returns (the tests compare).
Where an aligned stage ever disagrees with the plain one, its output is
kept and the alignment becomes coarse (the whole input span), never wrong.

With ``lean`` (a memo dict, see :mod:`core.tokenizer.token_walk`) a runner
stops after the model stage and returns only what an Encoding needs: the
model stage as columns (:meth:`core.tokenizer.token_walk.Columns.table`),
with per token the index of the pre-token it came from (-1 for an added
token, which still counts as a pre-token, as in HF's ``word_ids``).  The
display stages, post-processing and decoding are skipped.
"""

from __future__ import annotations

from dataclasses import replace

from core.pipeline import normalizers, pretokenize, text_pipeline as tp
from core import utf8
from core.pipeline.aligned import Aligned, concat, split_words
from core.tokenizer.token_walk import Columns, byte_span, layout, memo_for, remembered, walk
from core.pipeline.normalize import Pipeline
from core.errors import TokenizerError
from core.models.byte_bpe import ByteBPE
from core.tokenizer.stages import (MAX_CHARS, Builder, Inspection, Piece, Stage, asset_post_process, decode_stage,
                                   post_process)


def _describe(spec: dict) -> str:
    kind = spec.get("type", "?")
    if kind == "sequence":
        return " → ".join(_describe(s) for s in spec.get("steps", ())) or "none"
    options = ", ".join(f"{k}={v}" for k, v in spec.items() if k not in ("type", "pattern", "name", "version"))
    name = spec.get("name") if kind == "regex" and spec.get("name") else kind
    return f"{name}({options})" if options else name


def _merges_detail(limit, total) -> str:
    return f"all {total} merges" if limit is None or limit >= total else f"first {limit} of {total} merges"


def _finish(b: Builder, kind, stages, model_stage, decoded, normalized, template, lookup, merges, limit, decoder):
    stages.append(model_stage)
    stages.append(post_process(b, model_stage, template, lookup))
    decode, result = decode_stage(b, model_stage, decoded, normalized, decoder)
    stages.append(decode)
    used = None if limit is None or merges is None or limit >= merges else limit
    return Inspection(b.origin.text, kind, tuple(stages), result, merges, used)


# ==== byte-bpe (ours: IDs 0-255 are bytes) ====

def _byte_bpe(b: Builder, model, limit, template, check, lean=None):
    canonical = getattr(model, "canonical", model)
    to_asset = getattr(model, "to_asset_id", None)
    total = len(canonical.merges)
    used = canonical if limit is None or limit >= total else \
        ByteBPE(canonical.merges[:limit], canonical.specials, canonical.pretokenizer)
    text, src, offsets = b.origin.text, b.origin.aligned(), b.origin.offsets
    stages = [b.text_stage("input", "", text, src), b.text_stage("normalize", "none", text, src)]
    splits = tuple(b.piece(text[s:e], (offsets[s], offsets[e])) for s, e in pretokenize.split(used.pretokenizer, text))
    stages.append(Stage("pre_tokenize", used.pretokenizer, text, text, splits))
    check()
    encoding = used.encode(text)
    ids = [to_asset[i] for i in encoding.ids] if to_asset else list(encoding.ids)
    tokens = tuple(b.piece(_byte_text(piece), span, token_id, flag)
                   for piece, span, token_id, flag in zip(encoding.tokens, encoding.spans, ids, encoding.flags))
    model_stage = Stage("model", _merges_detail(limit, total), text, "".join(t.text for t in tokens), tokens, True)
    check()
    decoded = used.decode(encoding.ids, errors="replace").text

    def lookup(name):
        found = canonical.special_id(name)
        return to_asset[found] if to_asset else found
    return _finish(b, "byte-bpe", stages, model_stage, decoded, text, template, lookup, total, limit, "utf-8")


def _byte_text(data: bytes) -> str:
    """Token bytes as text; bytes that are not whole UTF-8 characters as ‹E4›."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        bounds = utf8.char_boundaries(data)
        units = (data[a:b] for a, b in zip(bounds, bounds[1:]))
        return "".join(u.decode("utf-8") if _valid(u) else f"‹{u.hex(' ').upper()}›" for u in units)


def _valid(unit: bytes) -> bool:
    try:
        unit.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


# ==== bpe (imported: core.tokenizer.imported_bpe) ====

def _bpe(b: Builder, model, limit, template, check, lean=None):
    # The model's own cutting rule: raw added tokens, normalizer, normalized added tokens.
    text, src = b.origin.text, b.origin.aligned()
    parts = []  # (Aligned, AddedToken or None, starts the text)
    for start, part, added in model.cut_added(text):
        piece = src.slice(start, start + len(part))
        if added is not None:
            parts.append((piece, added, False))
            continue
        norm, expected = model.text_normalizer.aligned(piece), model.normalize(part)
        norm = norm if norm.text == expected else piece.coarse(expected)
        for inner, part2, added2 in model.cut_added(norm.text, normalized=True):
            parts.append((norm.slice(inner, inner + len(part2)), added2, start == 0 and inner == 0))
    if lean is None:
        joined = concat([p for p, _, _ in parts])
        stages = [b.text_stage("input", "", text, src),
                  b.text_stage("normalize", _describe(model.normalizer), text, joined)]
        stages += _marking_stage(b, model, parts, joined.text)
    check()
    # Unnormalized text keeps its own bytes, so byte-level pre-tokens can be placed without re-running the split.
    plain_bytes = model.byte_level and model.normalizer.get("type") == "none"
    splits = []  # (Aligned, AddedToken or None)
    for piece, added, first in parts:
        if added is not None:
            splits.append((piece, added))
            continue
        expected = model.pre_tokenize(piece.text, first)
        got = _byte_level_words(piece, expected) if plain_bytes else None
        if got is None:
            got = [s for s, _ in model.text_pre_tokenizer.aligned([(piece, first)])]
            if [s.text for s in got] != expected:
                got = [piece.coarse(e) for e in expected]
        splits.extend((s, None) for s in got)
    if lean is None:
        pre = tuple(b.piece(s.text, s.span(), a.id if a else None, "special" if a and a.special else "")
                    for s, a in splits)
        stages.append(Stage("pre_tokenize", _describe(model.pre_tokenizer), joined.text,
                            "".join(p.text for p in pre), pre))
    check()
    memo = memo_for({} if lean is None else lean, "bpe", limit)
    columns, known = Columns(b.origin), memo.get
    for index, (word, added) in enumerate(splits):
        if added is not None:
            # An added token is one token; only one marked special stands for no text.
            columns.add(added.content, word.span(), added.id, *(("special", -1) if added.special else ("", index)))
            continue
        found = known(word.text)  # (remembered(), inlined: a call per word shows at a megabyte)
        if found is None:
            found = remembered(memo, word.text, lambda: bpe_layout(model, word.text, limit))
        columns.add_word(word, found, index)
    table = columns.table()
    if lean is not None:
        if model.normalizer.get("type") == "sentencepiece":
            # SentencePiece's words: no pre-tokenizer splits them.
            table = (*table[:7], _space_words(table[0]))
        return table
    tokens, ids = _pieces(table), table[5]
    model_stage = Stage("model", _merges_detail(limit, len(model.merges)), "".join(p.text for p in pre),
                        "".join(t.text for t in tokens), tuple(tokens), True)
    check()
    return _finish(b, "bpe", stages, model_stage, model.decode(ids), joined.text, template, model.id_of,
                   len(model.merges), limit, _describe(model.decoder))


def _byte_level_words(piece: Aligned, words) -> list | None:
    """Byte-level pre-tokens of an unnormalized stretch, placed without the
    aligned pre-tokenizer: each of their characters is one original byte,
    so they are consecutive bytes from the stretch's start.  None unless
    they join to exactly the stretch's bytes (a prefix space was added)."""
    if "".join(words) != tp.byte_level(piece.text):
        return None
    at, out = piece.span(0, 0)[0], []
    for word in words:
        end = at + len(word)
        out.append(Aligned(word, range(at, end), range(at + 1, end + 1), at))  # ranges index and slice as lists do
        at = end
    return out


def _marking_stage(b: Builder, model, parts, before: str) -> list:
    """Metaspace's ▁ and ByteLevel's prefix space and byte spelling, shown
    before the split they belong to (a pre-tokenizer of that type alone)."""
    spec = model.pre_tokenizer
    kind = spec["type"]
    if kind not in ("metaspace", "byte_level"):
        return []
    flat = {**spec, "split": False} if kind == "metaspace" else {**spec, "use_regex": False}
    marking = model.text_pre_tokenizer.unsplit()
    shown = []
    for piece, added, first in parts:
        shown += [piece] if added is not None else [s for s, _ in marking.aligned([(piece, first)])]
    name = "prefix" if kind == "metaspace" else "byte_level"
    return [b.text_stage(name, _describe(flat), before, concat(shown))]


def bpe_layout(model, text: str, limit):
    """The tokens of one pre-token and where in it each one is."""
    last = len(text) - 1
    prefix, suffix = model.continuing_prefix, model.end_of_word_suffix

    def symbol(i):
        s = text[i] if i == 0 or prefix is None else prefix + text[i]
        return s + suffix if i == last and suffix is not None else s

    def spelled(token):
        return model.vocab_id(token) is not None

    def fallback(i):
        data = symbol(i).encode("utf-8", "surrogatepass")
        return len(data) if model.byte_fallback and all(spelled(f"<0x{x:02X}>") for x in data) else 0
    ids = model.model.merge_word(text, limit)
    names = [model.token_of(i) for i in ids]
    return layout(names, ids, walk(text, names, known=lambda i: spelled(symbol(i)), prefix=prefix, suffix=suffix,
                                   unk=model.unk, fuse=model.fuse_unk, fallback=fallback), len(text))


def _pieces(table) -> tuple[Piece, ...]:
    """The model stage's pieces from its columns."""
    return tuple(map(Piece._make, zip(*table[:7])))


# ==== wordpiece (BERT's BasicTokenizer, then greedy longest match) ====

def _wordpiece_words(model, src):
    """``(text stages, word stages)`` of one stretch without added tokens:
    ``[(name, Aligned)]`` and ``[(name, [Aligned])]``."""
    if model.basic is None:
        return [], [("pre_tokenize", split_words(src))]
    texts = model.basic.aligned_texts(src)
    return texts, model.basic.aligned_words(texts[-1][1] if texts else src)


def _wordpiece(b: Builder, model, limit, template, check, lean=None):
    text, src = b.origin.text, b.origin.aligned()
    stages = [] if lean is not None else [b.text_stage("input", "", text, src)]
    # Added tokens ([CLS] typed in the text) are cut out first, as HF does;
    # each stretch between them runs the BasicTokenizer on its own.
    parts = [(src.slice(start, start + len(part)), added) for start, part, added in model.cut_added(text)]
    texts, word_stages, items = [], [], []  # items: (Aligned, AddedToken or None)
    for piece, added in parts:
        if added is not None:
            items.append((piece, added))
            texts = [(n, t + [piece]) for n, t in texts]
            word_stages = [(n, w + [piece]) for n, w in word_stages]
            continue
        got_texts, got_words = _wordpiece_words(model, piece)
        texts = [(n, t + [a]) for (n, t), (_, a) in zip(texts, got_texts)] if texts else \
            [(n, [*(p for p, _ in items), a]) for n, a in got_texts]
        word_stages = [(n, w + ws) for (n, w), (_, ws) in zip(word_stages, got_words)] if word_stages else \
            [(n, [p for p, _ in items] + ws) for n, ws in got_words]
        items.extend((w, None) for w in got_words[-1][1])
    if not parts:
        texts, word_stages = _wordpiece_words(model, src)
    if lean is None:
        before, kind = text, "whitespace" if model.basic is None else "bert-basic"
        for name, pieces in texts:
            joined = concat(pieces) if isinstance(pieces, list) else pieces
            stages.append(b.text_stage(name, kind, before, joined))
            before = joined.text
        for name, words in word_stages:
            output = " ".join(w.text for w in words)
            stages.append(Stage(name, kind, before, output, b.split_pieces(words)))
            before = output
    check()
    memo = memo_for({} if lean is None else lean, "wordpiece")
    columns = Columns(b.origin)
    for index, (word, added) in enumerate(items):
        if added is not None:
            columns.add(added.content, word.span(), added.id, "special", -1)
            continue
        columns.add_word(word, remembered(memo, word.text, lambda: wordpiece_layout(model, word.text)), index)
    table = columns.table()
    if lean is not None:
        return table
    tokens = _pieces(table)
    model_stage = Stage("model", f"wordpiece(prefix={model.prefix})", stages[-1].output,
                        " ".join(t.text for t in tokens), tuple(tokens), True)
    check()
    decoded = model.decode([t.id for t in tokens])
    return _finish(b, "wordpiece", stages, model_stage, decoded, stages[-1].output, template,
                   model.ids.__getitem__, None, None, f"wordpiece(prefix={model.prefix})")


def wordpiece_layout(model, word: str):
    """One word's tokens: its matches, or the unknown token for the whole word."""
    trace = model.encode_word(word)
    if trace.unknown:
        return layout((model.unk,), trace.ids[:1], ((0, len(word), "unknown", -1, 0),), len(word))
    return layout([m.candidate for m in trace.matches], [model.ids[m.candidate] for m in trace.matches],
                  [(m.start, m.end, "", -1, 0) for m in trace.matches], len(word))


# ==== unigram (SentencePiece: NFKC, then ▁ for spaces) ====

def _unigram(b: Builder, model, limit, template, check, lean=None):
    text, src = b.origin.text, b.origin.aligned()
    pipeline = model.pipeline
    nfkc = tp.build_normalizer({"type": "nfkc"}).aligned(src) if pipeline.normalization == "nfkc" else src
    spacing = Pipeline("identity", pipeline.add_dummy_prefix, pipeline.remove_extra_whitespaces)
    spaced = normalizers.SentencePiece(spacing).aligned(nfkc)
    normalized = pipeline.normalize(text)
    encoding = model.encode_normalized(normalized)
    if spaced.text != normalized.text:
        spaced = src.remap(normalized.text, normalized.spans)
    if lean is None:
        detail = _describe({"type": "metaspace", "add_dummy_prefix": pipeline.add_dummy_prefix,
                            "remove_extra_whitespaces": pipeline.remove_extra_whitespaces})
        stages = [b.text_stage("input", "", text, src), b.text_stage("normalize", pipeline.normalization, text, nfkc),
                  b.text_stage("prefix", detail, nfkc.text, spaced)]
    check()
    columns, seen = Columns(b.origin), {}
    for piece, span, token_id, flag in zip(encoding.tokens, encoding.spans, encoding.ids, encoding.flags):
        if flag == "byte":
            # Byte fallback: the k-th byte piece of an unknown stretch.
            k = seen[span] = seen.get(span, -1) + 1
            columns.add(piece, _nth_byte(b, spaced, span, k), token_id, "byte", 0)
            continue
        columns.add(piece, spaced.span(*span), token_id, flag, 0)
    table = columns.table()
    if lean is not None:
        return (*table[:7], _space_words(normalized.text[a:z] for a, z in encoding.spans))
    tokens = _pieces(table)
    model_stage = Stage("model", "unigram(viterbi)", spaced.text, "".join(t.text for t in tokens),
                        tuple(tokens), True)
    check()
    return _finish(b, "unigram", stages, model_stage, model.decode(list(encoding.ids)), normalized.plain,
                   template, model.ids.__getitem__, None, None, "metaspace")


def _space_words(texts) -> tuple[int, ...]:
    """A word starts at each token that starts with ▁ (HF's Metaspace
    split); SentencePiece never lets a piece run past one."""
    out, word = [], 0
    for index, text in enumerate(texts):
        word += index > 0 and text.startswith("▁")
        out.append(word)
    return tuple(out)


def _nth_byte(b: Builder, spaced: Aligned, span, k: int) -> tuple[int, int]:
    """Original bytes of byte ``k`` of normalized characters ``span``."""
    for i in range(*span):
        ch = spaced.text[i]
        size = len(ch.encode("utf-8", "surrogatepass"))
        if k < size:
            return byte_span(b.origin, ch, spaced.starts[i], spaced.ends[i], k)
        k -= size
    return spaced.span(*span)


# ==== char-bpe (seed 000, example 19.1: words, </w>) ====

def _char_bpe(b: Builder, model, limit, template, check, lean=None):
    text, src = b.origin.text, b.origin.aligned()
    words = split_words(src)
    if lean is None:
        stages = [b.text_stage("input", "", text, src),
                  Stage("pre_tokenize", "whitespace", text, " ".join(w.text for w in words), b.split_pieces(words))]
    check()
    memo = memo_for({} if lean is None else lean, "char-bpe", limit)
    columns = Columns(b.origin)
    for index, word in enumerate(words):
        columns.add_word(word, remembered(memo, word.text, lambda: _char_layout(model, word.text, limit)), index)
    table = columns.table()
    if lean is not None:
        return table
    tokens = _pieces(table)
    model_stage = Stage("model", _merges_detail(limit, len(model.merges)), stages[-1].output,
                        " ".join(t.text for t in tokens), tuple(tokens), True)
    check()
    decoded = model.decode([t.id for t in tokens])
    return _finish(b, "char-bpe", stages, model_stage, decoded, " ".join(text.split()), template,
                   model.ids.__getitem__, len(model.merges), limit, f"bpe_suffix(suffix={model.end_of_word})")


def _char_layout(model, word: str, limit):
    """One word's symbols (the model's own segmentation) and where in it each one is."""
    names = model.segment(word, limit=limit)
    known = lambda i: word[i] in model.ids and word[i] != model.unk  # noqa: E731
    return layout(names, [model.ids[s] for s in names],
                  walk(word, names, known=known, suffix=model.end_of_word, unk=model.unk), len(word))


RUNNERS = {"byte-bpe": _byte_bpe, "bpe": _bpe, "wordpiece": _wordpiece, "unigram": _unigram, "char-bpe": _char_bpe}


def run(tokenizer, kind, text, limit, template, check) -> Inspection:
    builder = Builder(text)
    found = RUNNERS[kind](builder, tokenizer, limit, template, check)
    spec = getattr(tokenizer, "post_processor", None)
    if spec is None or (template and template.strip()):
        return found  # a template the caller typed wins over the tokenizer's own
    stages = list(found.stages)
    at = next(i for i, s in enumerate(stages) if s.name == "post_process")
    stages[at] = asset_post_process(builder, stages[at - 1], spec)
    return replace(found, stages=tuple(stages))


def merge_count(model, kind: str) -> int | None:
    """The merges a model of this kind has (what ``limit`` counts), or None
    for a kind that segments without them."""
    if kind == "byte-bpe":
        return len(getattr(model, "canonical", model).merges)
    if kind in ("bpe", "char-bpe"):
        return len(model.merges)
    return None


def _model_table(tokenizer, kind, text, limit, memo: dict):
    """The model stage alone, as columns (see ``lean`` above)."""
    if kind == "byte-bpe":
        raise ValueError("byte-bpe encodes with its spans itself (core.tokenizer.byte_bpe)")
    return RUNNERS[kind](Builder(text), tokenizer, limit, None, lambda: None, memo)


def inspect(tokenizer, kind: str, text: str, *, limit: int | None = None, template: str | None = None,
            check=None) -> Inspection:
    """Run every stage of ``tokenizer`` (an asset of ``kind``) on ``text``.

    ``limit=k`` uses only the first ``k`` merges of a merge model.
    ``check()`` is called between stages; it may raise to cancel the run.
    """
    if not isinstance(text, str):
        raise TokenizerError(f"expected text (str), found {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise TokenizerError(f"the text has {len(text)} characters, over the limit {MAX_CHARS} of a stage-by-stage "
                             "inspection; inspect a part of it (encode takes the whole)", code="stages.too_long",
                             size=len(text), limit=MAX_CHARS)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise TokenizerError(f"limit must be an integer >= 0, not {limit!r}")
    return run(tokenizer, kind, text, limit, template, check or (lambda: None))


def model_table(tokenizer, kind: str, text: str, *, limit: int | None = None, memo: dict | None = None):
    """Only the model stage of :func:`inspect`, as columns of the same
    pieces: ``(texts, char_starts, char_ends, byte_starts, byte_ends, ids,
    kinds, words)``, where ``words`` is the index of the pre-token each token
    came from (-1: an added token).  The display stages, post-processing and
    decoding are skipped (what :class:`core.tokenizer.base.Encoding` is built
    from).  ``memo`` (a dict kept by the caller) remembers each distinct
    pre-token's tokens and their places between calls.  Not for byte-bpe,
    which aligns itself.
    """
    if not isinstance(text, str):
        raise TokenizerError(f"expected text (str), found {type(text).__name__}")
    return _model_table(tokenizer, kind, text, limit, {} if memo is None else memo)
