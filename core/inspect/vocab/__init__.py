"""A tokenizer's whole vocabulary as a table, how each token was built, and
audits of the tokens that can never appear (issue 23).

* :mod:`.table` -- one row per ID, columns precomputed as lists, filtered
  over those lists (no per-row objects: 200,000 rows filter in milliseconds);
* :mod:`.derivation` -- a BPE token's merge tree, a WordPiece token's place in
  a word, a Unigram piece's score and rank;
* :mod:`.audits` -- tokens never emitted for their own text, partial UTF-8,
  tokens no merge path reaches, near-duplicates, counts per script;
"""

from core.inspect.vocab.audits import Audit, audit
from core.inspect.vocab.derivation import Derivation, MergeNode, derive
from core.inspect.vocab.table import VocabTable, build_table, parse_hex

__all__ = ["Audit", "Derivation", "MergeNode", "VocabTable", "audit", "build_table", "derive", "parse_hex"]
