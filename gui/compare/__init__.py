"""The Compare tab (``CompareView``): every held tokenizer side by side as
lanes of chips, and the algorithm tabs.

Modules: ``view`` (the tab), ``side_by_side`` + ``picker`` + ``lanes`` +
``alignment`` (the comparison: widget, tokenizer table, painted lanes, and
the pure computation a worker runs), ``lattice`` + ``sampling`` (Unigram),
``search`` (WordPiece), ``fasttext`` (n-grams), ``tables`` (their table
models), ``texts`` (translation contexts and text helpers).
"""

from .lattice import lattice_rows
from .view import CompareView

__all__ = ["CompareView", "lattice_rows"]
