"""What the editor's boxes ask for, as a :class:`core.edit.EditRequest`.

Each box holds one token per line, as typed: spaces are kept (a byte-level
``" the"`` differs from ``"the"``), blank lines are skipped, so these rules
are the command line's ``--add-file`` / ``--remove-file`` ones.  A reserve
line is ``OLD=NEW`` as ``--reserve`` reads it.  Any mistake the core can
see before editing raises :class:`core.edit.EditError`.
"""

from __future__ import annotations


def lines(text: str) -> list[str]:
    """The non-blank lines of ``text``, spaces kept (a line break is any of \\n, \\r\\n, U+2029)."""
    text = text.replace("\u2029", "\n")
    return [line.removesuffix("\r") for line in text.split("\n") if line.removesuffix("\r")]


def request_of(*, remove: str = "", add: str = "", add_special: str = "", reserve: str = "",
               remove_unreachable: bool = False, compact: bool = False):
    """The request the boxes' texts make (each one token per line)."""
    # here: core.edit loads core.formats.tiktoken_ranks; the first window loads no format module
    from core.edit import EditRequest, parse_reserve

    return EditRequest(add=tuple(lines(add)), add_special=tuple(lines(add_special)),
                       reserve=tuple(parse_reserve(line) for line in lines(reserve)), remove=tuple(lines(remove)),
                       remove_unreachable=remove_unreachable, compact=compact)


def is_empty(request) -> bool:
    return not (request.add or request.add_special or request.reserve or request.remove or request.compact)
