"""The stages of each asset kind, for :func:`core.inspect.stages.inspect`.

Each runner re-runs the tokenizer's own stages with alignment
(:mod:`core.inspect.aligned_specs`) and takes the IDs from the tokenizer itself, so
the model stage always shows what ``encode`` returns (the tests compare).
Where an aligned stage ever disagrees with the plain one, its output is
kept and the alignment becomes coarse (the whole input span), never wrong.
"""

from __future__ import annotations

from core.inspect import aligned_specs as specs
from core.pipeline import pretokenize
from core import utf8
from core.inspect.aligned import Aligned, concat
from core.pipeline.normalize import Pipeline
from core.inspect.stages import Builder, Inspection, Stage, decode_stage, post_process


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


# ==== token alignment inside a pre-token ====

def walk(word: Aligned, tokens, *, known, prefix=None, suffix=None, unk=None, fuse=False, fallback=None):
    """``(byte span, kind)`` of each token of ``word``.

    ``known(i)`` says whether character ``i`` has a symbol; a character
    that has none is covered by ``fallback(i)`` byte tokens if that is a
    number, else by the unknown token (a fused run of them if ``fuse``), or
    dropped when there is no unknown token.  Other tokens spell their
    characters, with ``prefix`` on all but the first and ``suffix`` on the last.
    """
    text, n, pos, out = word.text, len(word.text), 0, []
    index = 0
    while index < len(tokens):
        while pos < n and not known(pos) and unk is None and not (fallback and fallback(pos)):
            pos += 1  # dropped: no token stands for it
        token = tokens[index]
        count = fallback(pos) if fallback and pos < n and not known(pos) else 0
        if count:
            out.extend(_byte_pieces(word, pos, count, tokens[index:index + count]))
            index, pos = index + count, pos + 1
            continue
        if token == unk and pos < n and not known(pos):
            end = pos + 1
            while fuse and end < n and not known(end):
                end += 1
            out.append((word.span(pos, end), "unknown"))
            index, pos = index + 1, end
            continue
        surface = token[len(prefix):] if prefix and pos and token.startswith(prefix) else token
        if suffix and surface.endswith(suffix) and pos + len(surface) - len(suffix) == n:
            surface = surface[:-len(suffix)]  # the end-of-word mark spells no character
        if not text.startswith(surface, pos):
            out.extend((word.span(), "approximate") for _ in tokens[index:])
            return out
        out.append((word.span(pos, pos + len(surface)), ""))
        index, pos = index + 1, pos + len(surface)
    return out


def _byte_pieces(word: Aligned, pos: int, count: int, tokens):
    """Byte tokens standing for character ``pos``: each its own byte if the
    character is unchanged from the original, else the whole character."""
    a, b = word.starts[pos], word.ends[pos]
    exact = b - a == count
    return [((a + k, a + k + 1) if exact else (a, b), "byte") for k in range(len(tokens))]


# ==== byte-bpe (ours: IDs 0-255 are bytes) ====

def _byte_bpe(b: Builder, model, limit, template, check):
    from core.models.byte_bpe import ByteBPE

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
    tokens = tuple(b.piece(_byte_text(piece), span, token_id, "partial" if partial else "")
                   for piece, span, token_id, partial in zip(encoding.pieces, encoding.byte_spans, ids,
                                                             encoding.partial))
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


# ==== bpe (imported: core.models.bpe_model) ====

def _bpe(b: Builder, model, limit, template, check):
    # The model's own cutting rule: raw added tokens, normalizer, normalized added tokens.
    text, src = b.origin.text, b.origin.aligned()
    parts = []  # (Aligned, AddedToken or None, starts the text)
    for start, part, added in model.cut_added(text):
        piece = src.slice(start, start + len(part))
        if added is not None:
            parts.append((piece, added, False))
            continue
        norm, expected = specs.normalize(model.normalizer, piece), model.normalize(part)
        norm = norm if norm.text == expected else piece.coarse(expected)
        for inner, part2, added2 in model.cut_added(norm.text, normalized=True):
            parts.append((norm.slice(inner, inner + len(part2)), added2, start == 0 and inner == 0))
    joined = concat([p for p, _, _ in parts])
    stages = [b.text_stage("input", "", text, src),
              b.text_stage("normalize", _describe(model.normalizer), text, joined)]
    stages += _marking_stage(b, model.pre_tokenizer, parts, joined.text)
    check()
    splits = []  # (Aligned, AddedToken or None)
    for piece, added, first in parts:
        if added is not None:
            splits.append((piece, added))
            continue
        got = [s for s, _ in specs.pre_tokenize(model.pre_tokenizer, [(piece, first)])]
        expected = model.pre_tokenize(piece.text, first)
        if [s.text for s in got] != expected:
            got = [piece.coarse(e) for e in expected]
        splits.extend((s, None) for s in got)
    pre = tuple(b.piece(s.text, s.span(), a.id if a else None, "special" if a else "") for s, a in splits)
    stages.append(Stage("pre_tokenize", _describe(model.pre_tokenizer), joined.text,
                        "".join(p.text for p in pre), pre))
    check()
    tokens, ids = [], []
    for word, added in splits:
        if added is not None:
            tokens.append(b.piece(added.content, word.span(), added.id, "special"))
            ids.append(added.id)
            continue
        word_ids = model.word_ids(word.text, limit=limit)
        for token_id, (span, kind) in zip(word_ids, _bpe_walk(model, word, word_ids)):
            tokens.append(b.piece(model.token_of(token_id), span, token_id, kind))
        ids += word_ids
    model_stage = Stage("model", _merges_detail(limit, len(model.merges)), "".join(p.text for p in pre),
                        "".join(t.text for t in tokens), tuple(tokens), True)
    check()
    return _finish(b, "bpe", stages, model_stage, model.decode(ids), joined.text, template, model.id_of,
                   len(model.merges), limit, _describe(model.decoder))


def _marking_stage(b: Builder, spec: dict, parts, before: str) -> list:
    """Metaspace's ▁ and ByteLevel's prefix space and byte spelling, shown
    before the split they belong to (a pre-tokenizer of that type alone)."""
    kind = spec["type"]
    if kind not in ("metaspace", "byte_level"):
        return []
    flat = {**spec, "split": False} if kind == "metaspace" else {**spec, "use_regex": False}
    shown = []
    for piece, added, first in parts:
        shown += [piece] if added is not None else [s for s, _ in specs.pre_tokenize(flat, [(piece, first)])]
    name = "prefix" if kind == "metaspace" else "byte_level"
    return [b.text_stage(name, _describe(flat), before, concat(shown))]


def _bpe_walk(model, word: Aligned, ids):
    text, last = word.text, len(word.text) - 1
    prefix, suffix = model.continuing_prefix, model.end_of_word_suffix

    def symbol(i):
        s = text[i] if i == 0 or prefix is None else prefix + text[i]
        return s + suffix if i == last and suffix is not None else s

    def spelled(token):
        return model.vocab_id(token) is not None

    def fallback(i):
        data = symbol(i).encode("utf-8", "surrogatepass")
        return len(data) if model.byte_fallback and all(spelled(f"<0x{x:02X}>") for x in data) else 0
    tokens = [model.token_of(i) for i in ids]
    return walk(word, tokens, known=lambda i: spelled(symbol(i)), prefix=prefix, suffix=suffix,
                unk=model.unk, fuse=model.fuse_unk, fallback=fallback)


# ==== wordpiece (BERT's BasicTokenizer, then greedy longest match) ====

def _wordpiece(b: Builder, model, limit, template, check):
    text, src = b.origin.text, b.origin.aligned()
    stages = [b.text_stage("input", "", text, src)]
    if model.basic is None:
        words = specs.split_at(src, [m.span() for m in specs.WORDS.finditer(text)])
        stages.append(Stage("pre_tokenize", "whitespace", text, " ".join(w.text for w in words),
                            b.split_pieces(words)))
    else:
        before = text
        for name, aligned_text in specs.bert_text_stages(model.basic, src):
            stages.append(b.text_stage(name, "bert-basic", before, aligned_text))
            before, src = aligned_text.text, aligned_text
        for name, words in specs.bert_words(model.basic, src):
            output = " ".join(w.text for w in words)
            stages.append(Stage(name, "bert-basic", before, output, b.split_pieces(words)))
            before = output
    check()
    tokens = []
    for word in words:
        trace = model.encode_word(word.text)
        if trace.unknown:
            tokens.append(b.piece(model.unk, word.span(), trace.ids[0], "unknown"))
            continue
        tokens.extend(b.piece(m.candidate, word.span(m.start, m.end), model.ids[m.candidate]) for m in trace.matches)
    model_stage = Stage("model", f"wordpiece(prefix={model.prefix})", stages[-1].output,
                        " ".join(t.text for t in tokens), tuple(tokens), True)
    check()
    decoded = model.decode([t.id for t in tokens])
    return _finish(b, "wordpiece", stages, model_stage, decoded, stages[-1].output, template,
                   model.ids.__getitem__, None, None, f"wordpiece(prefix={model.prefix})")


# ==== unigram (SentencePiece: NFKC, then ▁ for spaces) ====

def _unigram(b: Builder, model, limit, template, check):
    text, src = b.origin.text, b.origin.aligned()
    pipeline = model.pipeline
    stages = [b.text_stage("input", "", text, src)]
    nfkc = specs.normalize({"type": "nfkc"}, src) if pipeline.normalization == "nfkc" else src
    stages.append(b.text_stage("normalize", pipeline.normalization, text, nfkc))
    spaced = specs.sentencepiece(Pipeline("identity", pipeline.add_dummy_prefix, pipeline.remove_extra_whitespaces),
                                 nfkc)
    encoding = model.encode(text)
    if spaced.text != encoding.normalized.text:
        spaced = src.remap(encoding.normalized.text, encoding.normalized.spans)
    detail = _describe({"type": "metaspace", "add_dummy_prefix": pipeline.add_dummy_prefix,
                        "remove_extra_whitespaces": pipeline.remove_extra_whitespaces})
    stages.append(b.text_stage("prefix", detail, nfkc.text, spaced))
    check()
    tokens, seen = [], {}
    for token in encoding.tokens:
        if token.piece.startswith("<0x") and token.unknown:
            # Byte fallback: the k-th byte piece of an unknown stretch.
            k = seen[token.span] = seen.get(token.span, -1) + 1
            span = _nth_byte(spaced, token.span, k)
            tokens.append(b.piece(token.piece, span, token.id, "byte"))
            continue
        tokens.append(b.piece(token.piece, spaced.span(*token.span), token.id, "unknown" if token.unknown else ""))
    model_stage = Stage("model", "unigram(viterbi)", spaced.text, "".join(t.text for t in tokens),
                        tuple(tokens), True)
    check()
    return _finish(b, "unigram", stages, model_stage, model.decode(list(encoding.ids)), encoding.normalized.plain,
                   template, model.ids.__getitem__, None, None, "metaspace")


def _nth_byte(spaced: Aligned, span, k: int) -> tuple[int, int]:
    """Original bytes of byte ``k`` of normalized characters ``span``."""
    for i in range(*span):
        size = len(spaced.text[i].encode("utf-8", "surrogatepass"))
        if k < size:
            a, b = spaced.starts[i], spaced.ends[i]
            return (a + k, a + k + 1) if b - a == size else (a, b)
        k -= size
    return spaced.span(*span)


# ==== char-bpe (seed 000, example 19.1: words, </w>) ====

def _char_bpe(b: Builder, model, limit, template, check):
    text, src = b.origin.text, b.origin.aligned()
    words = specs.split_at(src, [m.span() for m in specs.WORDS.finditer(text)])
    stages = [b.text_stage("input", "", text, src),
              Stage("pre_tokenize", "whitespace", text, " ".join(w.text for w in words), b.split_pieces(words))]
    check()
    tokens = []
    for word in words:
        encoded = model.encode_word(word.text, limit=limit)
        known = lambda i, w=word.text: w[i] in model.ids and w[i] != model.unk  # noqa: E731
        for symbol, token_id, (span, kind) in zip(encoded.tokens, encoded.ids, walk(
                word, list(encoded.tokens), known=known, suffix=model.end_of_word, unk=model.unk)):
            tokens.append(b.piece(symbol, span, token_id, kind))
    model_stage = Stage("model", _merges_detail(limit, len(model.merges)), stages[-1].output,
                        " ".join(t.text for t in tokens), tuple(tokens), True)
    check()
    decoded = model.decode([t.id for t in tokens])
    return _finish(b, "char-bpe", stages, model_stage, decoded, " ".join(text.split()), template,
                   model.ids.__getitem__, len(model.merges), limit, f"bpe_suffix(suffix={model.end_of_word})")


RUNNERS = {"byte-bpe": _byte_bpe, "bpe": _bpe, "wordpiece": _wordpiece, "unigram": _unigram, "char-bpe": _char_bpe}


def run(tokenizer, kind, text, limit, template, check) -> Inspection:
    return RUNNERS[kind](Builder(text), tokenizer, limit, template, check)

