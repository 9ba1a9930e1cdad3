"""Character BPE with an end-of-word symbol (Sennrich et al. 2016, section 3.2).

Follows seed 000, example 19.1, with the tie rule an explicit parameter
(:mod:`core.models.ties`); training is incremental
(:mod:`core.models.char_train`) and encoding a new word replays the frozen
ordered merges.

Details: docs/notes/models.md#coremodelschar_bpepy.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from core.models import char_train
from core.models.tokens import ModelTokens
from core.models.byte_train import keep_long_lived, paused_gc
from core.corpus import END_OF_WORD, WordCorpus
from core.errors import Cancelled, TokenizerError, excerpt
from core.models.ties import CORPUS_ORDER, check_policy, order_key, symbol_lengths

TRAINER_NAME = "subword-studio.char_bpe"
TRAINER_VERSION = "1"
STOP_EVERY = 512  # words between two looks at should_stop in a recount


@dataclass(frozen=True, slots=True)  # slots: a 30k-merge trace is 60k objects fewer to collect
class Merge:
    rank: int
    left: str
    right: str
    new: str
    count: int

    @property
    def pair(self):
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class MergeStep:
    """One training step: the winner, its count and the pairs it beat."""

    step: int
    pair: tuple[str, str]
    count: int
    new_symbol: str
    ties: tuple[tuple[str, str], ...]  # in policy order, winner first
    tie_count: int
    policy: str


def split_word(word: str, end_of_word: str = END_OF_WORD) -> list[str]:
    return [*word, end_of_word]


def merge_symbols(symbols, left, right, new):
    """Merge non-overlapping ``left right`` occurrences, left to right.

    >>> merge_symbols(["a", "a", "a"], "a", "a", "aa")
    ['aa', 'a']
    """
    out, i, n = [], 0, len(symbols)
    while i < n:
        if i + 1 < n and symbols[i] == left and symbols[i + 1] == right:
            out.append(new)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


# The longest word char BPE trains on: a million characters train in a few
# seconds and some 20 MB (a 50 MB "word" took 60 s and 900 MB).  No real
# word comes near it; SentencePiece stops at 4,192 bytes.
MAX_WORD_CHARS = 1_000_000


def train(
    corpus: WordCorpus,
    *,
    merges: int | None = None,
    vocab_size: int | None = None,
    tie: str = "lexicographic",
    end_of_word: str = END_OF_WORD,
    unk: str | None = "[UNK]",
    progress=None,
    should_stop=None,
) -> "CharBPE":
    """Learn merges from ``corpus``; the result carries its :class:`Trace`.

    ``progress(step, total)`` is called after each merge; training stops
    early (``trace.stop_reason == "cancelled"``) when ``should_stop()`` is true.
    """
    check_policy(tie)
    if merges is None and vocab_size is None:
        raise TokenizerError("give a number of merges or a target vocab size")
    if merges is not None and (isinstance(merges, bool) or not isinstance(merges, int) or merges < 0):
        raise TokenizerError(f"number of merges must be an integer >= 0, not {excerpt(merges)}")
    if vocab_size is not None and (not isinstance(vocab_size, int) or vocab_size < 0):
        raise TokenizerError(f"vocab size must be an integer >= 0, not {excerpt(vocab_size)}")
    if len(corpus) == 0:
        raise TokenizerError("the corpus is empty")
    longest = max(range(len(corpus)), key=lambda k: len(corpus.words[k]))
    if len(corpus.words[longest]) > MAX_WORD_CHARS:
        raise TokenizerError(f"word {longest + 1} of the corpus has {len(corpus.words[longest]):,} characters, over "
                             f"the {MAX_WORD_CHARS:,} of a char-BPE word (training time and memory grow with it: "
                             "some 18 bytes a character); split it into words", code="train.word_too_long",
                             index=longest + 1, length=f"{len(corpus.words[longest]):,}", limit=f"{MAX_WORD_CHARS:,}")
    # One word's symbols at a time, made by the trainer while the collector
    # is paused: a list per word up front made it stall the GUI for 0.25 s.
    words = (split_word(w, end_of_word) for w in corpus.words)
    freqs = list(corpus.counts)
    # Word by word, in a Python loop: one C call over all 1.7 million
    # characters of a 10 MB corpus held the GIL (and so the GUI) 30-70 ms.
    characters = {end_of_word}
    for word in corpus.words:
        characters.update(word)
    alphabet = tuple(sorted(characters))
    specials = (unk,) if unk is not None else ()
    # symbol -> ID in vocabulary order (the "hf" policy compares these) and
    # symbol -> characters ("sentencepiece"); the trainer extends both.
    ids = {symbol: i for i, symbol in enumerate((*specials, *alphabet))}
    length = symbol_lengths(alphabet, ())
    # The merges, steps and model are built with the collector paused too:
    # made with it running, their objects set off collections that walked
    # everything training had allocated.
    with paused_gc() as owned:
        found, stop_reason = char_train.learn(words, freqs, alphabet, ids, length, tie, merges=merges,
                                              vocab_size=vocab_size, progress=progress, should_stop=should_stop)
        learned: list[Merge] = []
        steps: list[MergeStep] = []
        for rank, (left, right, count, ties, tie_count) in enumerate(found, start=1):
            new = left + right
            learned.append(Merge(rank, left, right, new, count))
            steps.append(MergeStep(rank, ties[0], count, new, ties, tie_count, tie))
        settings = {"merges": merges, "vocab_size": vocab_size}
        model = CharBPE(alphabet, tuple(learned), end_of_word=end_of_word, unk=unk)
        trace = Trace(corpus, model, tuple(steps), tie, stop_reason, settings)
        object.__setattr__(model, "trace", trace)
        del found, learned, steps
        keep_long_lived(owned)
        return model


@dataclass(frozen=True)
class CharBPE:
    """A frozen character BPE: alphabet, ordered merges, boundary rules.

    IDs: specials first (``[UNK]``), then the alphabet in sorted order, then
    each new symbol in merge order (a string met twice keeps its first ID).
    """

    alphabet: tuple[str, ...]
    merges: tuple[Merge, ...]
    end_of_word: str = END_OF_WORD
    unk: str | None = "[UNK]"
    trace: "Trace | None" = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        vocab = [self.unk] if self.unk is not None else []
        vocab += self.alphabet
        seen = set(vocab)
        if len(seen) != len(vocab):
            raise TokenizerError("alphabet symbols must be distinct and differ from the unknown token")
        ranks: dict[tuple[str, str], list[Merge]] = {}
        for expected, m in enumerate(self.merges, start=1):
            if m.rank != expected:
                raise TokenizerError(f"merge ranks must run 1, 2, 3...; found {m.rank} at position {expected}")
            if m.left not in seen or m.right not in seen:
                missing = m.left if m.left not in seen else m.right
                raise TokenizerError(f"merge {m.rank} uses unknown symbol {excerpt(missing)}")
            if m.new != m.left + m.right:
                raise TokenizerError(f"merge {m.rank}: new symbol {excerpt(m.new)} is not "
                                     f"{excerpt(m.left)}+{excerpt(m.right)}")
            if m.new not in seen:
                seen.add(m.new)
                vocab.append(m.new)
            listed = ranks.get(pair := (m.left, m.right))
            if listed is None:
                ranks[pair] = [m]
            else:
                listed.append(m)
        object.__setattr__(self, "vocab", tuple(vocab))
        object.__setattr__(self, "ids", {s: i for i, s in enumerate(vocab)})
        object.__setattr__(self, "_ranks", ranks)
        object.__setattr__(self, "_cache", {})

    @property
    def vocab_size(self) -> int:
        return len(self.vocab)

    def vocab_size_at(self, step: int) -> int:
        """Vocabulary size after the first ``step`` merges (0 <= step)."""
        return self.vocab_sizes()[min(step, len(self.merges))]

    def vocab_sizes(self) -> list[int]:
        """Vocabulary size after 0, 1, ..., N merges, computed once per model."""
        sizes = self.__dict__.get("_vocab_sizes")
        if sizes is None:
            seen = set(self.alphabet)
            size = len(self.alphabet) + (self.unk is not None)
            sizes = [size]
            for m in self.merges:
                if m.new not in seen:
                    seen.add(m.new)
                    size += 1
                sizes.append(size)
            object.__setattr__(self, "_vocab_sizes", sizes)
        return sizes

    # ==== Encoding ====

    def initial_symbols(self, word: str):
        """Split into known characters plus ``</w>``; unknown ones become UNK."""
        symbols, unknown = [], []
        for offset, ch in enumerate(word):
            if ch in self.ids and ch != self.unk:
                symbols.append(ch)
            elif self.unk is None:
                raise TokenizerError(
                    f"character {ch!r} (U+{ord(ch):04X}) at offset {offset} of {excerpt(word)} "
                    "is not in the symbol table"
                )
            else:
                symbols.append(self.unk)
                unknown.append((offset, ch))
        symbols.append(self.end_of_word)
        return symbols, unknown

    def segment(self, word: str, *, limit: int | None = None) -> list[str]:
        """Tokens of ``word`` under the first ``limit`` merges (all by default).

        Equivalent to applying every merge in rank order, but jumps straight
        to the next merge whose pair is present, so long merge lists cost
        nothing for words they do not touch.
        """
        cache_key = (word, limit)
        if cache_key in self._cache:
            return list(self._cache[cache_key])
        symbols, _ = self.initial_symbols(word)
        symbols = self.replay(symbols, limit=limit)
        if len(self._cache) < 100_000:
            self._cache[cache_key] = tuple(symbols)
        return symbols

    def replay(self, symbols, *, limit=None):
        last = 0
        cap = len(self.merges) if limit is None else limit
        while True:
            best = None
            for pair in zip(symbols, symbols[1:]):
                for m in self._ranks.get(pair, ()):
                    if last < m.rank <= cap and (best is None or m.rank < best.rank):
                        best = m
                        break
            if best is None:
                return symbols
            symbols = merge_symbols(symbols, best.left, best.right, best.new)
            last = best.rank

    def merge_steps(self, word: str, *, limit: int | None = None) -> tuple[tuple[dict, ...], tuple[dict, ...]]:
        """How ``word`` gets its tokens, merge by merge in rank order: the
        merges that applied (rank, pair, positions, the symbols after) and
        those whose symbols were present but not adjacent (with the symbols
        then).  The last result is :meth:`segment`'s tokens."""
        symbols, _ = self.initial_symbols(word)
        applied, not_applied = [], []
        merges = self.merges if limit is None else self.merges[:limit]
        for m in merges:
            positions = [i for i, p in enumerate(zip(symbols, symbols[1:])) if p == m.pair]
            if positions:
                symbols = merge_symbols(symbols, m.left, m.right, m.new)
                applied.append({"rank": m.rank, "pair": [m.left, m.right], "positions": positions,
                                "result": " ".join(symbols)})
            elif m.left in symbols and m.right in symbols:
                not_applied.append({"rank": m.rank, "pair": [m.left, m.right],
                                    "reason": "symbols present but not adjacent", "state": " ".join(symbols)})
        return tuple(applied), tuple(not_applied)

    def encode_word(self, word: str, *, limit: int | None = None) -> ModelTokens:
        """The tokens of one word; ``unknown`` lists the characters that became the unknown token."""
        symbols, lost = self.initial_symbols(word)
        symbols = self.replay(symbols, limit=limit)
        return ModelTokens(tuple(map(self.ids.__getitem__, symbols)), tuple(symbols),
                           unknown=tuple(ch for _, ch in lost))

    def encode(self, text: str) -> ModelTokens:
        """Tokens of whitespace-separated ``text``; the whitespace itself is lost."""
        tokens = tuple(t for word in text.split() for t in self.segment(word))
        unknown = ()
        if self.unk is not None and self.unk in tokens:
            unknown = tuple(ch for word in text.split() for _, ch in self.initial_symbols(word)[1])
        return ModelTokens(tuple(map(self.ids.__getitem__, tokens)), tokens, unknown=unknown)

    # ==== Decoding ====

    def decode(self, tokens) -> str:
        """Concatenate pieces; each ``</w>`` ends a word (joined by one space).

        >>> CharBPE(("</w>", "e", "l", "o", "r", "w"), ()).decode(["l", "o", "w", "</w>"])
        'low'
        """
        pieces = [self.token(t) if isinstance(t, int) else t for t in tokens]
        text = "".join(pieces)
        return " ".join(part for part in text.split(self.end_of_word) if part != "")

    def token(self, token_id: int) -> str:
        if isinstance(token_id, bool) or not 0 <= token_id < len(self.vocab):
            raise TokenizerError(f"ID {token_id!r} is outside the vocabulary 0..{len(self.vocab) - 1}")
        return self.vocab[token_id]


@dataclass(frozen=True)
class Trace:
    """Everything training did, step by step, recomputable exactly."""

    corpus: WordCorpus
    model: CharBPE
    steps: tuple[MergeStep, ...]
    policy: str
    stop_reason: str
    settings: dict

    def segmentation(self, step: int, should_stop=None) -> list[list[str]]:
        """Every corpus word's symbols after ``step`` merges (0 = initial);
        ends with :class:`Cancelled` when ``should_stop()`` says so."""
        return list(self._segments(step, should_stop))

    def tie_order(self, pairs) -> list:
        """``pairs``, all at one count and listed in corpus order, sorted by
        the trace's tie policy, winner first."""
        if self.policy in CORPUS_ORDER:
            return list(pairs)
        return sorted(pairs, key=self._order_key())

    def tie_keys(self, step: int, pairs, should_stop=None) -> dict:
        """What the policy compares for each of ``pairs`` before merge
        ``step``: the pair of strings, ``(left ID, right ID)`` for ``hf``,
        ``(characters, merged piece)`` for ``sentencepiece``, and
        ``(word index, position)`` of the first occurrence for the
        corpus-order policies (a scan that ends when all are found, or with
        :class:`Cancelled` when ``should_stop()`` says so)."""
        wanted = set(pairs)
        if self.policy in ("lexicographic", "subword-nmt"):
            return {pair: pair for pair in wanted}
        if self.policy not in CORPUS_ORDER:
            # Drop sentencepiece's last element, the pair: it only breaks
            # ties the reference leaves to chance.
            key = self._order_key()
            return {pair: key(pair)[:2] for pair in wanted}
        found = {}
        for index, symbols in enumerate(self._segments(step - 1, should_stop)):
            for position, pair in enumerate(zip(symbols, symbols[1:])):
                if pair in wanted:
                    found.setdefault(pair, (index, position))
            if len(found) == len(wanted):
                break
        return found

    def _segments(self, step: int, should_stop=None):
        """Each word's symbols after ``step`` merges, one word at a time;
        ``should_stop()`` is asked every ``STOP_EVERY`` words (closing a
        window waits for a recount of a large corpus otherwise)."""
        segment = self.model.segment
        for index, word in enumerate(self.corpus.words):
            if should_stop is not None and not index % STOP_EVERY and should_stop():
                raise Cancelled
            yield segment(word, limit=step)

    def _order_key(self):
        merges = [(m.left, m.right, m.new) for m in self.model.merges]
        length = symbol_lengths(self.model.alphabet, merges)
        return order_key(self.policy, ids=self.model.ids, length=length)

    def pair_counts(self, step: int) -> dict[tuple[str, str], int]:
        """All pair counts *before* merge ``step`` (1-based), in corpus order."""
        return {pair: count for pair, (count, _) in self.pair_table(step).items()}

    def pair_table(self, step: int, *, max_words: int = 8, should_stop=None, segmentation=None):
        """Pair counts before merge ``step`` with the words they occur in.

        Returns ``{pair: (count, [(word, weighted occurrences), ...])}`` in
        corpus order (Table 19.1's three columns); at most ``max_words``
        words are listed per pair.  ``segmentation`` is
        ``self.segmentation(step - 1)`` when the caller has it already (the
        recount is the costly part).  Ends with :class:`Cancelled` when
        ``should_stop()`` says so.
        """
        if segmentation is None:
            segmentation = self._segments(step - 1, should_stop)
        table: dict[tuple[str, str], tuple[int, list]] = {}
        for word, symbols, freq in zip(self.corpus.words, segmentation, self.corpus.counts):
            for pair, times in Counter(zip(symbols, symbols[1:])).items():
                count, where = table.get(pair, (0, []))
                if len(where) < max_words:
                    where.append((word, times * freq))
                table[pair] = (count + times * freq, where)
        return table
