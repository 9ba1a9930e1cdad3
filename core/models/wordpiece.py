"""WordPiece: BERT's greedy longest-match encoder, with a search trace, and a trainer.

Encoder reference: google-research/bert ``tokenization.py``,
``WordpieceTokenizer`` (seed 000, example 19.2).  From the current offset the
longest vocabulary entry is taken; pieces after the first carry the ``##``
prefix; if some remainder matches nothing, the *whole word* becomes
``[UNK]`` (not the prefix found so far plus ``[UNK]``); a word longer than
``max_input_chars_per_word`` characters is ``[UNK]`` without a search (BERT
uses 200, Hugging Face ``tokenizers`` 100).  Hugging Face's ``WordPiece``
model does the same, so the tests compare the two directly.

Imported models may also carry HF's conventions around the model:
``added`` names vocabulary tokens (``[CLS]``, ``[SEP]`` ...) that are matched
in the raw text before the BasicTokenizer runs, as HF matches special added
tokens (longest first, no stripping), and that decoding skips, as HF's
``decode`` does by default; ``cleanup`` is the WordPiece decoder's
``cleanup`` (``" ,"`` -> ``","`` per token).

Trainer: there is no official WordPiece trainer to follow.  BERT's code ships
none, and Wu et al. (2016, §4.1) only say that pieces are chosen to raise the
training-data likelihood (seed 000, §19.3).  :func:`train` uses one common
approximation, the pair score ``count(ab) / (count(a) * count(b))`` from the
Hugging Face course (seed 003); it is *not* "the original WordPiece trainer".
(The ``tokenizers`` library's own ``WordPieceTrainer`` is different again: it
runs frequency-based BPE merges and adds the ``##`` prefix.)  Ties on the
score, compared exactly as fractions, go to the smallest pair by symbol
strings.
"""

from __future__ import annotations

import heapq
from array import array
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from core.models.tokens import ModelTokens
from core.pipeline.added import AddedToken, AddedTokens
from core.pipeline.bert_basic import BasicTokenizer
from core.corpus import WordCorpus
from core.errors import TokenizerError
from core.numbers import MAX_VOCAB

BERT_MAX_CHARS = 200
BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")  # BERT's vocab.txt and HF's BERT trainer, IDs 0-4
HF_MAX_CHARS = 100
TRAINER_NAME = "subword-studio.wordpiece"
TRAINER_VERSION = "1"
WORD_CACHE_LIMIT = 1 << 16  # distinct words remembered per model
TRAINER_LABEL = "pair score count(ab)/(count(a)·count(b)): one common approximation, not the original WordPiece trainer"


@dataclass(frozen=True)
class Attempt:
    """One vocabulary lookup: characters ``[start, end)``, spelled ``candidate``."""

    start: int
    end: int
    candidate: str
    found: bool


@dataclass(frozen=True)
class WordTrace:
    """How one word was encoded: every lookup tried, and why it became [UNK]."""

    word: str
    tokens: tuple[str, ...]
    ids: tuple[int, ...]
    attempts: tuple[Attempt, ...]
    matches: tuple[Attempt, ...]  # the pieces found before any failure
    failed_at: int | None  # offset where nothing matched (the word became [UNK])
    too_long: bool  # over max_input_chars_per_word: [UNK] without a search

    @property
    def unknown(self) -> bool:
        return self.failed_at is not None or self.too_long


@dataclass(frozen=True)
class WordPiece:
    """A frozen WordPiece vocabulary; a token's ID is its position in ``vocab``."""

    explained_in = "longest-match"  # the Compare view that explains it (core.tokenizer.base.Tokenizer)
    vocab: tuple[str, ...]
    unk: str = "[UNK]"
    prefix: str = "##"
    max_input_chars_per_word: int = BERT_MAX_CHARS
    basic: BasicTokenizer | None = None
    trace: "Trace | None" = field(default=None, compare=False, repr=False)
    added: tuple[str, ...] = ()  # special tokens matched in the raw text (HF added tokens)
    cleanup: bool = False  # HF's WordPiece decoder cleanup
    post_processor: dict | None = None  # core.pipeline.post_process spec, for add_special_tokens

    def __post_init__(self):
        vocab = tuple(self.vocab)
        object.__setattr__(self, "vocab", vocab)
        if len(vocab) > MAX_VOCAB:
            raise TokenizerError(f"{len(vocab)} vocabulary entries are over the limit {MAX_VOCAB} of a vocabulary")
        ids = {}
        for index, piece in enumerate(vocab):
            if not isinstance(piece, str) or piece == "":
                raise TokenizerError(f"vocabulary entry {index} must be a non-empty string, not {piece!r}")
            if piece in ids:
                raise TokenizerError(f"vocabulary entry {index} repeats {piece!r} (first at {ids[piece]})")
            ids[piece] = index
        if not isinstance(self.prefix, str) or self.prefix == "":
            raise TokenizerError(f"the continuation prefix must be a non-empty string, not {self.prefix!r}")
        if self.basic is not None and not isinstance(self.basic, BasicTokenizer):
            raise TokenizerError("basic must be a BasicTokenizer or None")
        if not isinstance(self.unk, str) or self.unk not in ids:
            raise TokenizerError(f"the unknown token {self.unk!r} is not in the vocabulary; add it or name another")
        limit = self.max_input_chars_per_word
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise TokenizerError(f"max_input_chars_per_word must be an integer >= 1, not {limit!r}")
        if not isinstance(self.cleanup, bool):
            raise TokenizerError("cleanup must be true or false")
        added = tuple(self.added)
        stray = next((t for t in added if not isinstance(t, str) or t not in ids), None)
        if stray is not None or len(set(added)) != len(added):
            raise TokenizerError(f"added token {stray!r} must be a vocabulary entry, named once")
        object.__setattr__(self, "added", added)
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "_added", AddedTokens(tuple(AddedToken(t, ids[t]) for t in added)))
        # For word_ids: per first character, the lengths of the entries that
        # start with it (in characters, longest first); for continuations,
        # of the text after the prefix.
        firsts: dict[str, set] = {}
        nexts: dict[str, set] = {}
        for piece in vocab:
            firsts.setdefault(piece[0], set()).add(len(piece))
            if piece.startswith(self.prefix) and len(piece) > len(self.prefix):
                rest = piece[len(self.prefix):]
                nexts.setdefault(rest[0], set()).add(len(rest))
        object.__setattr__(self, "_lengths", tuple({ch: tuple(sorted(found, reverse=True)) for ch, found in table.items()}
                                                   for table in (firsts, nexts)))
        object.__setattr__(self, "_word_cache", {})

    @property
    def vocab_size(self) -> int:
        return len(self.vocab)

    # ==== Encoding ====

    def encode_word(self, word: str) -> WordTrace:
        """Greedy longest match from each offset, recording every lookup.

        >>> wp = WordPiece(("[UNK]", "low", "##er", "new"))
        >>> wp.encode_word("lower").tokens, wp.encode_word("lowerz").tokens
        (('low', '##er'), ('[UNK]',))
        """
        unk = (self.unk,), (self.ids[self.unk],)
        if len(word) > self.max_input_chars_per_word:
            return WordTrace(word, *unk, (), (), None, True)
        attempts, matches = [], []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                candidate = word[start:end] if start == 0 else self.prefix + word[start:end]
                hit = candidate in self.ids
                attempts.append(Attempt(start, end, candidate, hit))
                if hit:
                    found = attempts[-1]
                    break
                end -= 1
            if found is None:
                return WordTrace(word, *unk, tuple(attempts), tuple(matches), start, False)
            matches.append(found)
            start = end
        tokens = tuple(m.candidate for m in matches)
        return WordTrace(word, tokens, tuple(self.ids[t] for t in tokens), tuple(attempts),
                         tuple(matches), None, False)

    def word_ids(self, word: str) -> tuple[int, ...]:
        """The IDs of :meth:`encode_word`, without the trace: at each offset
        only the lengths of the entries that start with that character (for
        a continuation, after the prefix) are tried, longest first; each
        distinct word is worked out once."""
        found = self._word_cache.get(word)
        if found is not None:
            return found
        limit = self.max_input_chars_per_word
        unk = (self.ids[self.unk],)
        if len(word) > limit:
            return unk
        ids, firsts, nexts = self.ids, self._lengths[0], self._lengths[1]
        prefix, size = self.prefix, len(word)
        out, start = [], 0
        while start < size:
            for length in (firsts if start == 0 else nexts).get(word[start], ()):
                end = start + length
                if end > size:
                    continue
                piece = word[start:end] if start == 0 else prefix + word[start:end]
                found_id = ids.get(piece)
                if found_id is not None:
                    out.append(found_id)
                    start = end
                    break
            else:
                out = unk
                break
        out = tuple(out)
        if len(self._word_cache) < WORD_CACHE_LIMIT:
            self._word_cache[word] = out
        return out

    def encode_ids(self, text: str) -> list[int]:
        """The IDs of :meth:`encode`, without the token strings or any trace."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        out: list[int] = []
        cache, word_ids = self._word_cache, self.word_ids
        for _, part, added in self.cut_added(text):
            if added is not None:
                out.append(added.id)
                continue
            for word in (self.basic.words(part) if self.basic is not None else part.split()):
                found = cache.get(word)
                out += found if found is not None else word_ids(word)
        return out

    def cut_added(self, text: str):
        """``(offset, piece, AddedToken or None)`` tiling ``text`` around the added tokens."""
        return self._added.cut(text)

    def traces(self, text: str) -> tuple[WordTrace, ...]:
        """How each word of ``text`` was encoded: added tokens first, then
        BasicTokenizer (if configured) on the text between them, then
        WordPiece on each word.  An added token is a word of its own."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        traces = []
        for _, part, added in self.cut_added(text):
            if added is not None:
                traces.append(WordTrace(part, (part,), (added.id,), (), (), None, False))
            else:
                words = self.basic.words(part) if self.basic is not None else part.split()
                traces.extend(self.encode_word(w) for w in words)
        return tuple(traces)

    def stages(self, text: str) -> tuple:
        """BasicTokenizer's stages over ``text`` (none without one); with
        added tokens in the text, the stretches' stages joined (an added
        token is a word of its own in each)."""
        if self.basic is None:
            return ()
        stages = None
        for _, part, added in self.cut_added(text):
            if added is not None:
                stages = _added_stages(stages, part) if stages is not None else None
            else:
                stages = _join_stages(stages, tuple(self.basic.stages(part)))
        return stages or ()

    def encode(self, text: str) -> ModelTokens:
        """The tokens of :meth:`traces`; ``unknown`` holds each word that became the unknown token."""
        traces = self.traces(text)
        tokens = tuple(t for tr in traces for t in tr.tokens)
        return ModelTokens(tuple(self.ids[t] for t in tokens), tokens,
                           unknown=tuple(tr.word for tr in traces if tr.unknown))

    def tokenize(self, text: str) -> list[str]:
        return list(self.encode(text).tokens)

    # ==== Decoding ====

    def token(self, token_id: int) -> str:
        if isinstance(token_id, bool) or not isinstance(token_id, int) or not 0 <= token_id < len(self.vocab):
            raise TokenizerError(f"ID {token_id!r} is outside the vocabulary 0..{len(self.vocab) - 1}")
        return self.vocab[token_id]

    def decode(self, tokens) -> str:
        """Glue ``##`` pieces to the previous piece; words are joined by one space.

        Whatever BasicTokenizer removed (case, accents, spacing around
        punctuation) is not restored.

        >>> WordPiece(("[UNK]", "low", "##er", "new")).decode([1, 2, 3])
        'lower new'
        """
        from core.pipeline.decoders import cleanup  # here: it compiles the onig regexes (~25 ms); only decode needs it

        out: list[str] = []
        for t in tokens:
            piece = self.token(t) if isinstance(t, int) else t
            if piece in self._added and piece != self.unk:
                # HF's decode skips special tokens; [UNK] stays, to show what was lost
                # (HF's skip_special_tokens=False)
                continue
            if out and piece.startswith(self.prefix):
                piece = piece[len(self.prefix):]
            elif out:
                piece = " " + piece
            # HF cleans each token with the space before it: " ," -> ","
            out.append(cleanup(piece) if self.cleanup else piece)
        return "".join(out)


def _join_stages(before, found):
    """Stages of text that follows ``before``'s (None at the start)."""
    if before is None or not before:
        return found if before is None else before
    return tuple(replace(a, text=None if a.text is None else a.text + " " + b.text,
                         words=None if a.words is None else a.words + b.words) for a, b in zip(before, found))


def _added_stages(before, token: str):
    return tuple(replace(a, text=None if a.text is None else (a.text + " " + token).lstrip(),
                         words=None if a.words is None else a.words + (token,)) for a in before)


# ==== Training ====

@dataclass(frozen=True)
class Candidate:
    """A pair and the three terms of its score."""

    pair: tuple[str, str]
    pair_count: int
    left_count: int
    right_count: int

    @property
    def score(self) -> Fraction:
        return Fraction(self.pair_count, self.left_count * self.right_count)


@dataclass(frozen=True)
class TrainStep:
    step: int
    pair: tuple[str, str]
    new_symbol: str
    pair_count: int
    left_count: int
    right_count: int
    score: Fraction  # pair_count / (left_count * right_count)
    ties: tuple[tuple[str, str], ...]  # every pair with the same score, winner first (at most 64)
    # The best other pair (a tied one when there are ties); None when the winner was alone.
    runner_up: Candidate | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Trace:
    corpus: WordCorpus
    alphabet: tuple[str, ...]
    steps: tuple[TrainStep, ...]
    stop_reason: str  # "vocab_size", "no_pairs" or "cancelled"
    settings: dict


def initial_symbols(word: str, prefix: str = "##") -> list[str]:
    """First character as is, every later one with the continuation prefix.

    >>> initial_symbols("low")
    ['l', '##o', '##w']
    """
    return [word[0], *(prefix + ch for ch in word[1:])]


def _join(left: str, right: str, prefix: str) -> str:
    return left + (right[len(prefix):] if right.startswith(prefix) else right)


class _PairCounts:
    """Pair and symbol counts of a corpus under merges, kept up to date by deltas.

    All words sit end to end in flat arrays, each a linked list over its
    first-character positions; every pair occurrence is indexed by the
    position of its left symbol, so a merge touches only the occurrences of
    its pair and their two neighbours: training is linear in those
    occurrences, never a rescan of every word (a 400 KB single word).  The
    result equals a full recount after ``char_bpe.merge_symbols`` at every
    step (tests/core/test_wordpiece_incremental.py).
    """

    def __init__(self, words, freqs):
        self.symbols = [s for w in words for s in w]  # None at a position merged into its left neighbour
        self.next, self.prev, self.freq = array("q"), array("q"), array("q")
        start = 0
        for w, freq in zip(words, freqs):
            end = start + len(w)
            self.next.extend(range(start + 1, end))
            self.next.append(-1)  # a word's last symbol has no right neighbour
            self.prev.append(-1)
            self.prev.extend(range(start, end - 1))
            self.freq.extend([freq] * len(w))
            start = end
        self.pairs: dict = {}
        self.units: Counter = Counter()
        # pair -> positions (arrays: a list of ints would double the memory).
        # Never removed one by one: an entry whose pair has since
        # changed is skipped when read; a pair never comes back at the same
        # position (the text it spans only grows), so no entry repeats.
        self.where: dict = {}
        # symbol -> the pairs it is part of, and the pairs whose score may
        # have changed since the ranking last saw them
        self.by_symbol: dict = {}
        self.changed: set = set()
        symbols, nxt = self.symbols, self.next
        for p, s in enumerate(symbols):
            self.units[s] += self.freq[p]
            if nxt[p] >= 0:
                self._add((s, symbols[p + 1]), p, self.freq[p])

    def _add(self, pair, p, freq):
        count = self.pairs.get(pair)
        if count is None:
            count = 0
            self.by_symbol.setdefault(pair[0], set()).add(pair)
            self.by_symbol.setdefault(pair[1], set()).add(pair)
        self.pairs[pair] = count + freq
        self.changed.add(pair)
        found = self.where.get(pair)
        if found is None:
            self.where[pair] = found = array("q")
        found.append(p)

    def _remove(self, pair, freq):
        left = self.pairs[pair] - freq
        self.changed.add(pair)
        if left:
            self.pairs[pair] = left
        else:  # no occurrence left: its stale entries go too
            del self.pairs[pair]
            self.where.pop(pair, None)
            for symbol in pair:
                self.by_symbol[symbol].discard(pair)

    def merge(self, left, right, new) -> None:
        """``char_bpe.merge_symbols`` on every word: non-overlapping, left to right."""
        symbols, nxt, prv = self.symbols, self.next, self.prev
        for p in sorted(self.where.pop((left, right), ())):
            q, freq = nxt[p], self.freq[p]
            # Stale, or overlapping one merged just before it ("a a a"): skipped.
            if symbols[p] != left or q < 0 or symbols[q] != right:
                continue
            a, b = prv[p], nxt[q]
            if a >= 0:
                self._remove((symbols[a], left), freq)
            self._remove((left, right), freq)
            if b >= 0:
                self._remove((right, symbols[b]), freq)
            symbols[p], symbols[q] = new, None
            nxt[p] = b
            if b >= 0:
                prv[b] = p
            if a >= 0:
                self._add((symbols[a], new), a, freq)
            if b >= 0:
                self._add((new, symbols[b]), p, freq)
            for symbol, delta in ((left, -freq), (right, -freq), (new, freq)):
                self.units[symbol] += delta
                if not self.units[symbol]:
                    del self.units[symbol]
        # Their counts changed, so did the score of every pair they are in.
        for symbol in (left, right, new):
            self.changed.update(self.by_symbol.get(symbol, ()))


class _Ranking:
    """The pairs of a :class:`_PairCounts` best score first, ties in pair
    order, without scoring every pair at every step.

    A merge changes the counts of the merged symbols, which raises or lowers
    the score of every pair they are in, so entries go stale both ways.  The
    heap is lazy: each pair whose score may have changed (``changed``) gets a
    fresh entry, and an entry whose key no longer matches the pair's score
    is dropped when it reaches the top.  A step then costs the pairs the
    merge touched (those of the two symbols, on the order of the alphabet
    for one huge word) times a logarithm, not every pair there is.

    Keys are exact: ``count(ab) * 2**shift // (count(a) * count(b))``.  Two
    different scores with denominators at most ``D`` differ by at least
    ``1 / D**2``, so with ``2**shift >= D**2`` their floors differ too, and
    equal scores get equal keys (so ties stay ties, in pair order, as the
    fractions compared before).  ``D`` is at most the corpus' symbol total
    squared, since no symbol count ever exceeds that total.
    """

    slack = 1024  # stale entries allowed beyond the live pairs before a rebuild

    def __init__(self, counts: _PairCounts, min_frequency: int):
        self.counts, self.min_frequency = counts, min_frequency
        self.shift = 4 * sum(counts.units.values()).bit_length()
        self._rebuild()

    def _key(self, pair, count):
        units = self.counts.units
        return -((count << self.shift) // (units[pair[0]] * units[pair[1]]))

    def _rebuild(self):
        least = self.min_frequency
        self.heap = [(self._key(p, c), p) for p, c in self.counts.pairs.items() if c >= least]
        heapq.heapify(self.heap)
        self.counts.changed.clear()

    def top(self, limit: int = 64):
        """``(ties, runner_up)``: the best pairs in pair order (at most
        ``limit``), and the best other pair (``ties[1]`` when there are ties;
        None when there is no other)."""
        counts, least = self.counts, self.min_frequency
        pairs, changed = counts.pairs, counts.changed
        # Stale entries are bounded by the live ones: past that, start afresh.
        if len(self.heap) + len(changed) > 2 * len(pairs) + self.slack:
            self._rebuild()
        heap, key = self.heap, self._key
        for pair in changed:
            count = pairs.get(pair)
            if count is not None and count >= least:
                heapq.heappush(heap, (key(pair, count), pair))
        changed.clear()
        ties: list = []
        taken: set = set()
        ties_key = None  # the score every pair in ties shares
        while heap:
            found, pair = heap[0]
            count = pairs.get(pair)
            if count is None or count < least or pair in taken or found != key(pair, count):
                heapq.heappop(heap)  # stale, or a second entry of a pair already taken
                continue
            if ties and (found != ties_key or len(ties) == limit):
                break
            heapq.heappop(heap)
            ties.append(pair)
            taken.add(pair)
            ties_key = found
        # The taken pairs left the heap: they come back with their next score.
        changed.update(ties)
        if len(ties) > 1:
            return ties, ties[1]
        return ties, heap[0][1] if ties and heap else None

def train(
    corpus: WordCorpus,
    *,
    vocab_size: int,
    unk: str = "[UNK]",
    specials: tuple[str, ...] = (),
    prefix: str = "##",
    max_input_chars_per_word: int = BERT_MAX_CHARS,
    basic: BasicTokenizer | None = None,
    min_frequency: int = 1,
    progress=None,
    should_stop=None,
) -> WordPiece:
    """Merge the best-scoring pair until the vocabulary has ``vocab_size`` entries.

    ``corpus`` holds the words the WordPiece stage sees (already through any
    BasicTokenizer).  The vocabulary is ``unk``, ``specials``, the sorted
    initial symbols, then each new symbol in merge order (``unk`` takes its
    place among ``specials`` when it is one of them).  A pair seen fewer
    than ``min_frequency`` times is never merged (HF trainers' option of
    that name); when no pair is left training stops (``no_pairs``).
    """
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1:
        raise TokenizerError(f"vocab size must be an integer >= 1, not {vocab_size!r}")
    if isinstance(min_frequency, bool) or not isinstance(min_frequency, int) or min_frequency < 1:
        raise TokenizerError(f"min frequency must be an integer >= 1, not {min_frequency!r}")
    if len(corpus) == 0:
        raise TokenizerError("the corpus is empty")
    if not prefix:
        raise TokenizerError("the continuation prefix must not be empty")
    words = [initial_symbols(w, prefix) for w in corpus.words]
    alphabet = tuple(sorted({s for symbols in words for s in symbols}))
    # The specials in the order given, the unknown token first unless among them
    # (BERT's [PAD] [UNK] [CLS] [SEP] [MASK] are IDs 0-4).
    vocab = list(dict.fromkeys((*((unk,) if unk not in specials else ()), *specials, *alphabet)))
    known = set(vocab)
    counts = _PairCounts(words, corpus.counts)
    ranking = _Ranking(counts, min_frequency)
    pairs, units = counts.pairs, counts.units
    steps: list[TrainStep] = []
    stop_reason = "vocab_size"
    while len(vocab) < vocab_size:
        if should_stop is not None and should_stop():
            stop_reason = "cancelled"
            break
        ties, second = ranking.top()
        if not ties:
            stop_reason = "no_pairs"
            break
        left, right = ties[0]
        new = _join(left, right, prefix)
        runner_up = None if second is None else Candidate(second, pairs[second], units[second[0]], units[second[1]])
        best = Fraction(pairs[(left, right)], units[left] * units[right])
        steps.append(TrainStep(len(steps) + 1, (left, right), new, pairs[(left, right)],
                               units[left], units[right], best, tuple(ties), runner_up))
        counts.merge(left, right, new)
        if new not in known:
            known.add(new)
            vocab.append(new)
        if progress is not None:
            progress(len(vocab), vocab_size)
    settings = {"vocab_size": vocab_size, "unk": unk, "specials": list(specials), "prefix": prefix}
    if min_frequency > 1:  # only when set, so earlier assets keep their identity
        settings["min_frequency"] = min_frequency
    model = WordPiece(tuple(vocab), unk=unk, prefix=prefix,
                      max_input_chars_per_word=max_input_chars_per_word, basic=basic)
    object.__setattr__(model, "trace", Trace(corpus, alphabet, tuple(steps), stop_reason, settings))
    return model

