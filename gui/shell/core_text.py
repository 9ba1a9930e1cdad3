"""The core's messages in the user's language.

``core/`` writes English, which the CLI prints as it is, and carries what
each message means as data: an error's ``code``, ``params``, ``where`` and
``cause`` (core/errors.py), a UTF-8 problem's ``kind`` and ``params()``, an
import report's findings.  This module holds a translatable template for
every code a window shows; placeholders are the params' names in braces.
A message that is not fully translated -- an unknown code, a template with
no translation (English, the source language), a translation that lost a
placeholder -- shows the core's own English text, never a mixed or broken
sentence; so the English UI shows exactly what the CLI prints.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.utf8 import Utf8DecodeError

CONTEXT = "core_text"

ERRORS = {
    # files
    "file.missing": QT_TRANSLATE_NOOP("core_text", "no such file"),
    # {what} and {label} are English ("an asset file", "-byte asset limit"): a translation may leave them out.
    "file.directory": QT_TRANSLATE_NOOP("core_text", "is a directory, not {what}"),
    "file.too_big": QT_TRANSLATE_NOOP("core_text", "{size} bytes is over the {limit}{label}"),
    "file.unreadable": QT_TRANSLATE_NOOP("core_text", "cannot read ({reason})"),
    "file.unwritable": QT_TRANSLATE_NOOP("core_text", "cannot write ({reason})"),
    "output.link": QT_TRANSLATE_NOOP("core_text", "is a symbolic link; write to the file it points to instead"),
    "output.no_folder": QT_TRANSLATE_NOOP("core_text", "the folder {folder} does not exist"),
    # {kind} is English ("a FIFO", "a character device"): a translation may leave it out.
    "output.special": QT_TRANSLATE_NOOP("core_text", "is {kind}, not a regular file; it is not replaced"),
    "output.is_input": QT_TRANSLATE_NOOP("core_text", "is also an input of this command ({other}); write to another "
                                                      "file"),
    "output.read_only": QT_TRANSLATE_NOOP("core_text", "is read-only; it is not replaced"),
    "output.twice": QT_TRANSLATE_NOOP("core_text", "is named as two outputs of this command"),
    "workspace.unwritable": QT_TRANSLATE_NOOP("core_text", "cannot write the workspace ({reason})"),
    "file.not_utf8": QT_TRANSLATE_NOOP("core_text", "not UTF-8 text (byte {offset})"),
    "file.schema_version": QT_TRANSLATE_NOOP("core_text",
                                             "unknown schema version {version}; this version reads {supported}"),
    "json.invalid_utf8": QT_TRANSLATE_NOOP("core_text", "invalid UTF-8 at byte offset {offset}"),
    "json.invalid": QT_TRANSLATE_NOOP("core_text", "not valid JSON (line {line}, column {column}: {reason})"),
    "json.too_big": QT_TRANSLATE_NOOP("core_text", "the integer {text} is over the limit {limit} of a JSON integer"),
    "import.invalid_utf8": QT_TRANSLATE_NOOP("core_text", "line {line}: invalid UTF-8 at byte offset {offset}"),
    "hf.not_tokenizer_json": QT_TRANSLATE_NOOP("core_text", "not a tokenizer.json (expected an object with a "
                                                            "\"model\")"),
    "hf.model_type": QT_TRANSLATE_NOOP("core_text", "the model type {kind} is not supported (supported: BPE, "
                                                    "WordPiece, Unigram)"),
    "tiktoken.no_ranks": QT_TRANSLATE_NOOP("core_text", "no ranks (is this a tiktoken file?)"),
    "spm.no_pieces": QT_TRANSLATE_NOOP("core_text", "no pieces (is this a SentencePiece .model file?)"),
    "export.not_bpe": QT_TRANSLATE_NOOP("core_text", "a {kind} asset is not a BPE model; this format holds BPE "
                                                     "merges only"),
    # ID lists
    "ids.not_text": QT_TRANSLATE_NOOP("core_text", "an ID list must be text"),
    "ids.brackets": QT_TRANSLATE_NOOP("core_text",
                                      "brackets do not match: write IDs like 270 32 268 or [270, 32, 268]"),
    "ids.not_an_id": QT_TRANSLATE_NOOP("core_text", "item {number} ({item} at character {position}) is not a "
                                                    "non-negative integer ID"),
    "stages.too_long": QT_TRANSLATE_NOOP("core_text", "the text has {size} characters, over the limit {limit} of a "
                                                      "stage-by-stage inspection; inspect a part of it (encode takes "
                                                      "the whole)"),
    "ids.too_many": QT_TRANSLATE_NOOP("core_text", "more than {limit} IDs: split the list"),
    # corpus and records
    "corpus.empty_word": QT_TRANSLATE_NOOP("core_text", "empty word"),
    "corpus.reserved": QT_TRANSLATE_NOOP("core_text", "word {word} contains the reserved symbol {symbol}"),
    "corpus.count_not_integer": QT_TRANSLATE_NOOP("core_text", "count {count} is not an integer"),
    "corpus.count_not_positive": QT_TRANSLATE_NOOP("core_text", "count {count} must be a positive integer"),
    "corpus.too_many_symbols": QT_TRANSLATE_NOOP("core_text", "the counts of this corpus add up to more than "
                                                              "{limit} symbols, the limit of a count in an asset"),
    # numbers (core.numbers); {what} is English ("count", "ID"): a translation may leave it out
    "number.not_decimal": QT_TRANSLATE_NOOP("core_text",
                                            "{what} {text} is not a decimal integer (ASCII digits 0-9 only)"),
    "number.not_real": QT_TRANSLATE_NOOP("core_text",
                                         "{what} {text} is not a decimal number (ASCII digits, '.', 'e')"),
    "number.too_big": QT_TRANSLATE_NOOP("core_text", "{what} {text} is over the limit {limit}"),
    "number.too_small": QT_TRANSLATE_NOOP("core_text", "{what} {value} must be at least {limit}"),
    "number.not_integer": QT_TRANSLATE_NOOP("core_text", "{what} must be an integer, found {found}"),
    "number.not_number": QT_TRANSLATE_NOOP("core_text", "{what} must be a number, found {found}"),
    "number.out_of_range": QT_TRANSLATE_NOOP("core_text", "{what} {value} is outside the limit ±{limit}"),
    "corpus.invalid_utf8": QT_TRANSLATE_NOOP("core_text", "invalid UTF-8 byte {bytes} at byte offset {offset}"),
    "corpus.no_tab": QT_TRANSLATE_NOOP("core_text", "expected 'word<TAB>count', found no tab in {line}"),
    "corpus.empty": QT_TRANSLATE_NOOP("core_text", "the corpus is empty"),
    "corpus.duplicate": QT_TRANSLATE_NOOP("core_text", "{word} is already in row {row}; change its count instead"),
    "corpus.already_in_table": QT_TRANSLATE_NOOP("core_text",
                                                 "{word} is already in the table; change its count instead"),
    "corpus.needs_words": QT_TRANSLATE_NOOP("core_text", "the corpus is in records mode; switch to the word table "
                                                         "first"),
    "corpus.needs_records": QT_TRANSLATE_NOOP("core_text", "the corpus is in words mode; switch to the records "
                                                           "first"),
    "records.one_line": QT_TRANSLATE_NOOP("core_text", "a record is one line; split it at the line break first"),
    "records.reserved": QT_TRANSLATE_NOOP("core_text", "contains the reserved symbol {symbol}"),
    "records.bad_ending": QT_TRANSLATE_NOOP("core_text", "line ending {ending} is not LF, CRLF or none"),
    "records.missing_ending": QT_TRANSLATE_NOOP("core_text", "only the last record may lack a line ending"),
    "records.too_many": QT_TRANSLATE_NOOP("core_text", "the table has {total} word occurrences; at most {limit} "
                                                       "become records"),
    "records.whitespace": QT_TRANSLATE_NOOP("core_text",
                                            "{word} contains whitespace, so it cannot be a record of its own"),
    # fields of asset and workspace files
    "field.not_object": QT_TRANSLATE_NOOP("core_text", "expected an object, found {found}"),
    "field.missing": QT_TRANSLATE_NOOP("core_text", "missing field {key}"),
    "field.wrong_type": QT_TRANSLATE_NOOP("core_text", "expected {expected}, found {found}"),
    "field.unknown": QT_TRANSLATE_NOOP("core_text", "unknown field {key}"),
    "asset.not_object": QT_TRANSLATE_NOOP("core_text", "an asset must be a JSON object"),
    "asset.format": QT_TRANSLATE_NOOP("core_text", "not a Subword Studio asset (format must be {format})"),
    "asset.format_hf": QT_TRANSLATE_NOOP("core_text", "this is a Hugging Face tokenizer.json, not a Subword Studio "
                                                      "asset: import it first (python main.py import FILE --format "
                                                      "hf -o ASSET.json, or File > Import tokenizer)"),
    "asset.kind": QT_TRANSLATE_NOOP("core_text", "unknown tokenizer kind {kind}; known: {known}"),
    "asset.never_saved": QT_TRANSLATE_NOOP("core_text", "this asset has never been saved: choose a file name"),
    "swap.outside": QT_TRANSLATE_NOOP("core_text", "ID {id} is outside the vocabulary 0..{last}"),
    "swap.same": QT_TRANSLATE_NOOP("core_text", "pick two different IDs to swap, not {id} twice"),
    "swap.bytes": QT_TRANSLATE_NOOP("core_text", "IDs 0-255 are the bytes themselves in a byte-level tokenizer; "
                                                 "pick two IDs from 256 up (exercise 5 swaps 268 and 270)"),
    "swap.kind": QT_TRANSLATE_NOOP("core_text", "swapping IDs is not implemented for {kind} assets"),
    "workspace.no_model": QT_TRANSLATE_NOOP("core_text", "train a model first: there is no trained model to add"),
    # {kind} is the core's kind name (byte-bpe, wordpiece, unigram)
    "workspace.no_trained": QT_TRANSLATE_NOOP("core_text",
                                              "train a model first: there is no trained {kind} model to add"),
    "workspace.format": QT_TRANSLATE_NOOP("core_text", "not a Subword Studio workspace (format must be {format})"),
    "workspace.bad_row": QT_TRANSLATE_NOOP("core_text", "every row must be [word, count]"),
    "workspace.step_count": QT_TRANSLATE_NOOP("core_text", "{steps} steps for {merges} merges"),
    "workspace.bad_merge": QT_TRANSLATE_NOOP("core_text", "expected [left, right, count]"),
    "workspace.bad_step": QT_TRANSLATE_NOOP("core_text", "expected [[[left, right], ...], tie count]"),
    "workspace.tie_order": QT_TRANSLATE_NOOP("core_text", "the tie set must start with the winner"),
    "workspace.corpus_hash": QT_TRANSLATE_NOOP("core_text",
                                               "the training corpus does not match its recorded SHA-256"),
    "workspace.bad_setting": QT_TRANSLATE_NOOP("core_text",
                                               "expected null or an integer from 0 to {limit}, found {found}"),
    "workspace.bad_mode": QT_TRANSLATE_NOOP("core_text", "{mode} is neither 'words' nor 'records'"),
    "train.word_too_long": QT_TRANSLATE_NOOP("core_text", "word {index} of the corpus has {length} characters, over "
                                                          "the {limit} of a char-BPE word (training time and memory "
                                                          "grow with it: some 18 bytes a character); split it into "
                                                          "words"),
    "encode.special_refused": QT_TRANSLATE_NOOP("core_text", "the text spells the special token {name} at "
                                                             "character {at}; tiktoken refuses it by default, so a "
                                                             "user's text cannot become a control token: "
                                                             "--allowed-special all (or {name}) reads it as the "
                                                             "special, --disallowed-special none as ordinary text"),
    "encode.special_disallowed": QT_TRANSLATE_NOOP("core_text", "the text spells the special token {name} at "
                                                                "character {at}; it is disallowed, so a user's text "
                                                                "cannot become a control token: --allowed-special all "
                                                                "(or {name}) reads it as the special, "
                                                                "--disallowed-special none as ordinary text"),
    "import.no_tokenizer_file": QT_TRANSLATE_NOOP("core_text", "a folder with no tokenizer file in it (looked for "
                                                               "{wanted})"),
    "import.unknown_format": QT_TRANSLATE_NOOP("core_text", "cannot tell which format this file is; give --format "
                                                            "({formats})"),
}

# Python's json parser's reasons, quoted in "json.invalid".
JSON_REASONS = {
    "Expecting value": QT_TRANSLATE_NOOP("core_text", "Expecting value"),
    "Expecting ',' delimiter": QT_TRANSLATE_NOOP("core_text", "Expecting ',' delimiter"),
    "Expecting ':' delimiter": QT_TRANSLATE_NOOP("core_text", "Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": QT_TRANSLATE_NOOP(
        "core_text", "Expecting property name enclosed in double quotes"),
    "Unterminated string starting at": QT_TRANSLATE_NOOP("core_text", "Unterminated string starting at"),
    "Invalid control character at": QT_TRANSLATE_NOOP("core_text", "Invalid control character at"),
    "Invalid \\escape": QT_TRANSLATE_NOOP("core_text", "Invalid \\escape"),
    "Invalid \\uXXXX escape": QT_TRANSLATE_NOOP("core_text", "Invalid \\uXXXX escape"),
    "Extra data": QT_TRANSLATE_NOOP("core_text", "Extra data"),
}

# What a file that is not read or replaced is (core.fileio.kind_of), quoted in
# "file.unreadable" ("a FIFO, not a regular file") and "output.special".
KINDS = {
    "a directory": QT_TRANSLATE_NOOP("core_text", "a directory"),
    "a FIFO": QT_TRANSLATE_NOOP("core_text", "a FIFO"),
    "a character device": QT_TRANSLATE_NOOP("core_text", "a character device"),
    "a block device": QT_TRANSLATE_NOOP("core_text", "a block device"),
    "a socket": QT_TRANSLATE_NOOP("core_text", "a socket"),
}
NOT_REGULAR = QT_TRANSLATE_NOOP("core_text", "{kind}, not a regular file")

# Locations the core names in English words; file paths and JSON paths stay as they are.
LOCATIONS = {
    "row": QT_TRANSLATE_NOOP("core_text", "row {n}"),
    "record": QT_TRANSLATE_NOOP("core_text", "record {n}"),
    "entry": QT_TRANSLATE_NOOP("core_text", "entry {n}"),
    "pasted line": QT_TRANSLATE_NOOP("core_text", "pasted line {n}"),
}
_LOCATION = re.compile(r"(row|record|entry|pasted line) (\d+)")

# Strict UTF-8 problems (core.utf8.Utf8Problem), by kind; "_cut" when the
# sequence also ends early, so it names no code point.
PROBLEMS = {
    "invalid_byte": QT_TRANSLATE_NOOP("core_text", "lone byte {byte} at offset {offset}"),
    "unexpected_continuation": QT_TRANSLATE_NOOP("core_text",
                                                 "continuation byte {byte} at offset {offset} has no lead byte"),
    "truncated": QT_TRANSLATE_NOOP("core_text", "truncated sequence {seq} at offset {offset}: a {need}-byte "
                                                "character cut off by the end of data"),
    "incomplete": QT_TRANSLATE_NOOP("core_text", "incomplete sequence {seq} at offset {offset}: byte at offset "
                                                 "{next} is not a continuation byte (0x80-0xBF)"),
    "overlong": QT_TRANSLATE_NOOP("core_text", "overlong encoding {seq} at offset {offset}: {value} must use fewer "
                                               "bytes"),
    "overlong_cut": QT_TRANSLATE_NOOP("core_text", "overlong encoding {seq} at offset {offset}: a code point must "
                                                   "use fewer bytes (sequence also cut short)"),
    "surrogate": QT_TRANSLATE_NOOP("core_text", "surrogate {value} encoded as {seq} at offset {offset}: surrogates "
                                                "are not characters"),
    "surrogate_cut": QT_TRANSLATE_NOOP("core_text", "surrogate a code point encoded as {seq} at offset {offset}: "
                                                    "surrogates are not characters (sequence also cut short)"),
    "out_of_range": QT_TRANSLATE_NOOP("core_text", "sequence {seq} at offset {offset} encodes {value}, beyond "
                                                   "U+10FFFF"),
    "out_of_range_cut": QT_TRANSLATE_NOOP("core_text", "sequence {seq} at offset {offset} encodes a code point, "
                                                       "beyond U+10FFFF (sequence also cut short)"),
}

# Findings of an import or export report (core.formats.report.Finding).
FINDINGS = {
    "tiktoken.ranks": QT_TRANSLATE_NOOP("core_text", "{ranks} ranked tokens (rank = ID), {merges} merges in rank "
                                                     "order, whole pre-tokens looked up first"),
    "tiktoken.unreachable": QT_TRANSLATE_NOOP("core_text", "{count} tokens never form from two pieces; "
                                                           "only a whole pre-token reaches them, as in tiktoken"),
    "tiktoken.pattern": QT_TRANSLATE_NOOP("core_text", "the {name} pattern (version {version}), chosen by name"),
    "tiktoken.unmatched": QT_TRANSLATE_NOOP("core_text", "text the pattern does not match is kept as its own piece "
                                                         "here; tiktoken skips it (the built-in patterns match every "
                                                         "character)"),
    "tiktoken.specials": QT_TRANSLATE_NOOP("core_text", "{count} special tokens; matched wherever their text "
                                                        "occurs, as tiktoken's encode(text, allowed_special='all')"),
    "tiktoken.export_ranks": QT_TRANSLATE_NOOP("core_text", "{ranks} ranks (= IDs); each merge is its token's "
                                                            "canonical split"),
    "tiktoken.sidecar": QT_TRANSLATE_NOOP("core_text", "pat_str and special_tokens written to {file}"),
    "tiktoken.sidecar_unnamed": QT_TRANSLATE_NOOP("core_text", "pat_str and special_tokens written to {file} (the "
                                                               "pattern has no name here: pass it to tiktoken "
                                                               "yourself)"),
    "minbpe.export": QT_TRANSLATE_NOOP("core_text", "{merges} merges, {specials} specials"),
    "subword_nmt.own_split": QT_TRANSLATE_NOOP("core_text", "subword-nmt splits words at spaces itself; this asset's "
                                                            "normalizer and pre-tokenizer are not kept"),
    "subword_nmt.no_ids": QT_TRANSLATE_NOOP("core_text", "token IDs (codes files have none)"),
    "subword_nmt.export": QT_TRANSLATE_NOOP("core_text", "{merges} merges"),
    "bert_vocab.prefix": QT_TRANSLATE_NOOP("core_text", "the continuation prefix {prefix} (vocab.txt readers assume "
                                                        "##)"),
    "bert_vocab.lost_max_chars": QT_TRANSLATE_NOOP("core_text", "max_input_chars_per_word {limit}"),
    "bert_vocab.basic_options": QT_TRANSLATE_NOOP("core_text", "BasicTokenizer options {options}"),
    "bert_vocab.no_basic": QT_TRANSLATE_NOOP("core_text", "BasicTokenizer options (none: whitespace only)"),
    "bert_vocab.export": QT_TRANSLATE_NOOP("core_text", "{tokens} tokens, one per line in ID order"),
    "minbpe.merges": QT_TRANSLATE_NOOP("core_text", "{merges} merges (IDs 256-{last}), bytes 0-255"),
    "minbpe.pattern": QT_TRANSLATE_NOOP("core_text", "pattern {pattern}"),
    "minbpe.no_split": QT_TRANSLATE_NOOP("core_text", "no split (BasicTokenizer)"),
    "minbpe.unmatched": QT_TRANSLATE_NOOP("core_text", "text the pattern does not match is kept as its own piece "
                                                       "here; minbpe's findall skips it"),
    "minbpe.specials": QT_TRANSLATE_NOOP("core_text", "matched wherever their text occurs, as encode(text, "
                                                      "allowed_special='all'); minbpe's default raises on them"),
    "subword_nmt.merges_v01": QT_TRANSLATE_NOOP("core_text", "{merges} merges in line order, {suffix} a symbol of its "
                                                             "own (version 0.1)"),
    "subword_nmt.ids_v01": QT_TRANSLATE_NOOP("core_text", "the codes have no IDs: numbered here as a char-bpe asset "
                                                          "([UNK], the {symbols} symbols sorted, then each merge "
                                                          "result)"),
    "subword_nmt.unknown_v01": QT_TRANSLATE_NOOP("core_text", "a character the codes never mention becomes [UNK] "
                                                              "here; subword-nmt passes it through"),
    "subword_nmt.split_v01": QT_TRANSLATE_NOOP("core_text", "words split at any whitespace here; subword-nmt splits a "
                                                            "line at single spaces"),
    "subword_nmt.export_v01": QT_TRANSLATE_NOOP("core_text", "{merges} merges in rank order, {suffix} a symbol of its "
                                                             "own (version 0.1 codes)"),
    "minbpe.renumbered": QT_TRANSLATE_NOOP("core_text", "merge IDs renumbered as minbpe mints them (256 + merge "
                                                        "index): {token} {old} -> {new}, and {more} more"),
    "minbpe.specials_moved": QT_TRANSLATE_NOOP("core_text", "specials moved after the last merge: {moves}"),
    "subword_nmt.merges": QT_TRANSLATE_NOOP("core_text", "{merges} merges in line order, {suffix} glued to the last "
                                                         "character"),
    "subword_nmt.ids": QT_TRANSLATE_NOOP("core_text", "the codes have no IDs: numbered here <unk> 0, then {symbols} "
                                                      "symbols in order of first appearance"),
    "subword_nmt.unknown": QT_TRANSLATE_NOOP("core_text", "a character the codes never mention becomes <unk> here; "
                                                          "subword-nmt passes it through"),
    "subword_nmt.split": QT_TRANSLATE_NOOP("core_text", "words split at spaces and line breaks; a carriage return "
                                                        "inside a line also splits here (subword-nmt keeps it in the "
                                                        "word)"),
    "bert_vocab.tokens": QT_TRANSLATE_NOOP("core_text", "{tokens} tokens, ID = line number - 1, continuation "
                                                        "prefix ##"),
    "bert_vocab.cased": QT_TRANSLATE_NOOP("core_text", "not recorded in vocab.txt: assumed BERT's cased "
                                                       "BasicTokenizer"),
    "bert_vocab.uncased": QT_TRANSLATE_NOOP("core_text", "not recorded in vocab.txt: assumed BERT's uncased "
                                                         "BasicTokenizer (lower casing, accent stripping); --cased "
                                                         "for cased models"),
    "bert_vocab.upper": QT_TRANSLATE_NOOP("core_text", "{count} tokens have upper-case letters, which lower-cased "
                                                       "input never reaches: this looks like a cased vocabulary "
                                                       "(import with --cased)"),
    "bert_vocab.missing_specials": QT_TRANSLATE_NOOP("core_text", "{tokens} not in the vocabulary: transformers' "
                                                                  "BertTokenizer and HF's BertWordPieceTokenizer "
                                                                  "expect BERT's five specials and refuse or misread "
                                                                  "a file without them (train with the default "
                                                                  "--specials)"),
    "bert_vocab.max_chars": QT_TRANSLATE_NOOP("core_text", "max_input_chars_per_word not recorded: {hf}, as "
                                                           "transformers' BertTokenizer(Fast) and HF tokenizers use "
                                                           "(Google's BERT code used {bert}): a longer word is [UNK]"),
    "export.specials": QT_TRANSLATE_NOOP("core_text", "the specials become added tokens, which are matched wherever "
                                                      "their text occurs (e.g. {example}); the byte-bpe asset reads "
                                                      "such text as bytes unless asked to allow specials"),
    "export.regex": QT_TRANSLATE_NOOP("core_text", "the {name} regex splits text before the byte mapping"),
    "spm.vocab_normalizer": QT_TRANSLATE_NOOP("core_text", "a .vocab file does not record its normalization: "
                                                           "assumed Python's NFKC with the dummy prefix and "
                                                           "whitespace squeezing; SentencePiece's compiled rules "
                                                           "(nmt_nfkc, the default, also drops control characters "
                                                           "and maps odd spaces) differ from it, so import the "
                                                           ".model to be exact"),
    "spm.vocab_given": QT_TRANSLATE_NOOP("core_text", "model type {type} (given); <unk> is the unknown piece, <s> "
                                                      "</s> <pad> are control pieces"),
    "spm.vocab_guessed": QT_TRANSLATE_NOOP("core_text", "model type {type} (guessed from the scores); <unk> is the "
                                                        "unknown piece, <s> </s> <pad> are control pieces"),
    "spm.vocab_given_bytes": QT_TRANSLATE_NOOP("core_text", "model type {type} (given); <unk> is the unknown piece, "
                                                            "<s> </s> <pad> are control pieces, <0x00>..<0xFF> byte "
                                                            "fallback"),
    "spm.vocab_guessed_bytes": QT_TRANSLATE_NOOP("core_text", "model type {type} (guessed from the scores); <unk> is "
                                                              "the unknown piece, <s> </s> <pad> are control pieces, "
                                                              "<0x00>..<0xFF> byte fallback"),
    "spm.unk_surface": QT_TRANSLATE_NOOP("core_text", "an unknown piece decodes as {ours}, not the model's {theirs}"),
    "spm.charsmap": QT_TRANSLATE_NOOP("core_text", "the rule {name} as its precompiled charsmap ({size} bytes), "
                                                   "applied as SentencePiece does: longest match first"),
    "spm.no_charsmap": QT_TRANSLATE_NOOP("core_text", "the rule is named {name} but the model has no charsmap, so "
                                                      "SentencePiece applies no normalization; neither does this "
                                                      "asset"),
    "spm.spaces": QT_TRANSLATE_NOOP("core_text", "spaces stay U+0020 in pieces (escape_whitespaces=false)"),
    "spm.unshielded": QT_TRANSLATE_NOOP("core_text", "user-defined pieces are not shielded from Python's NFKC the "
                                                     "way SentencePiece's normalizer shields them"),
    "spm.shielded": QT_TRANSLATE_NOOP("core_text", "{count} user-defined pieces ({pieces}) pass through the "
                                                   "normalizer untouched and always win, as in SentencePiece"),
    "spm.unigram": QT_TRANSLATE_NOOP("core_text", "unigram: {pieces} pieces with their float32 scores and types; "
                                                  "Viterbi adds scores in single precision as SentencePiece does"),
    "spm.bpe": QT_TRANSLATE_NOOP("core_text", "BPE: {pieces} pieces; {merges} merges, one per split of a piece into "
                                              "two pieces, ranked by the piece's score (equal scores share a rank; "
                                              "the leftmost pair wins)"),
    "spm.unreachable": QT_TRANSLATE_NOOP("core_text", "{count} pieces cannot be made from two pieces and are never "
                                                      "produced (as in SentencePiece)"),
    "hf.bert_normalizer": QT_TRANSLATE_NOOP("core_text", "BertNormalizer as the BasicTokenizer's clean_text, "
                                                         "Chinese characters, lower casing and accent stripping"),
    "hf.bert_pre_tokenizer": QT_TRANSLATE_NOOP("core_text", "BertPreTokenizer: whitespace and punctuation splitting"),
    "hf.unicode_tables": QT_TRANSLATE_NOOP("core_text", "Unicode tables are Python's (unicodedata), not Rust's: "
                                                        "categories, case mappings and White_Space can differ for "
                                                        "characters one of the two versions lacks"),
    "hf.added_special": QT_TRANSLATE_NOOP("core_text", "{count} special added tokens matched in the text and skipped "
                                                       "by decode, as HF does"),
    "hf.decoder_wordpiece_cleanup": QT_TRANSLATE_NOOP("core_text", "pieces glued at the prefix, words joined by one "
                                                                   "space, HF's cleanup per token"),
    "hf.decoder_wordpiece_cleanup_changed": QT_TRANSLATE_NOOP("core_text", "{decoder} is not stored; decoding here: "
                                                                           "pieces glued at the prefix, words joined "
                                                                           "by one space, HF's cleanup per token"),
    "hf.export_added": QT_TRANSLATE_NOOP("core_text", "{count} special added tokens"),
    "bert_vocab.specials": QT_TRANSLATE_NOOP("core_text", "not recorded in vocab.txt: {tokens} assumed special, "
                                                          "matched in text and skipped by decode as transformers' "
                                                          "BertTokenizer does; other bracketed tokens ([unused0] ...) "
                                                          "are ordinary vocabulary"),
    "bert_vocab.cleanup": QT_TRANSLATE_NOOP("core_text", "not recorded in vocab.txt: HF's WordPiece decoder with "
                                                         "cleanup per token (' ,' -> ','); transformers' BertTokenizer "
                                                         "cleans the joined string, which also glues \" ' \" and "
                                                         "\" n't\""),
    "bert_vocab.no_post_processor": QT_TRANSLATE_NOOP("core_text", "encoding adds no [CLS]/[SEP] "
                                                                   "(add_special_tokens=False in HF)"),
    "bert_vocab.post_processor": QT_TRANSLATE_NOOP("core_text", "{template}, as transformers' BertTokenizer adds "
                                                                "them"),
    "tiktoken.pat_str": QT_TRANSLATE_NOOP("core_text", "the given pat_str {pattern}, run by Python's regex module"),
    "spm.bpe_user_defined": QT_TRANSLATE_NOOP("core_text", "{count} user-defined pieces ({pieces}) are matched in the "
                                                           "normalized text and never merge, as in SentencePiece"),
    "spm.bpe_user_rewritten": QT_TRANSLATE_NOOP("core_text", "{count} user-defined pieces ({pieces}) change under the "
                                                             "normalizer, which SentencePiece does not apply to them: "
                                                             "text spelling them is not matched as one piece here"),
    "hf.whitespace_split": QT_TRANSLATE_NOOP("core_text", "WhitespaceSplit"),
    "hf.str_split": QT_TRANSLATE_NOOP("core_text", "words are split with str.split, which also splits at "
                                                   "U+001C..U+001F"),
    "hf.added_not_matched": QT_TRANSLATE_NOOP("core_text", "{count} added tokens ({tokens}) stay in the vocabulary, "
                                                           "but text spelling them is not matched as one token here "
                                                           "(HF does)"),
    "hf.added_as_control": QT_TRANSLATE_NOOP("core_text", "special added tokens become control pieces: text "
                                                          "spelling them (e.g. {example}) is not matched here (HF "
                                                          "does)"),
    "hf.precompiled_graphemes": QT_TRANSLATE_NOOP("core_text", "HF's Precompiled reads the charsmap grapheme by "
                                                               "grapheme, SentencePiece by longest match: they "
                                                               "differ where a grapheme holds more than one mapped "
                                                               "character, e.g. half-width ｶﾞ stays two characters, "
                                                               "CR LF becomes one space, Ｃ + U+0301 loses its "
                                                               "accent"),
    "hf.shared_ranks": QT_TRANSLATE_NOOP("core_text", "merges sharing a rank (SentencePiece/tiktoken style) get "
                                                      "consecutive ranks in file order; HF breaks such ties by that "
                                                      "order, not by position"),
    "hf.export_bpe": QT_TRANSLATE_NOOP("core_text", "BPE: {tokens} tokens, {merges} merges"),
    "hf.sentencepiece_decoder": QT_TRANSLATE_NOOP("core_text", "SentencePiece's Decode becomes HF's decoder chain, "
                                                               "which differs on IDs that begin with several ▁ "
                                                               "pieces and on byte runs that are not valid UTF-8 "
                                                               "(one U+FFFD per byte)"),
    "hf.export_bert_normalizer": QT_TRANSLATE_NOOP("core_text", "HF lower-cases character by character (no final "
                                                                "sigma), drops private-use characters and starts "
                                                                "CJK Extension E at U+2B920"),
    "hf.export_wordpiece": QT_TRANSLATE_NOOP("core_text", "WordPiece: {tokens} tokens"),
    "hf.control_as_added": QT_TRANSLATE_NOOP("core_text", "control and unknown pieces become special added tokens: "
                                                          "HF matches their text (e.g. {example}) as that token; "
                                                          "here it is ordinary text"),
    "hf.double_precision": QT_TRANSLATE_NOOP("core_text", "scores were added in single precision (SentencePiece); "
                                                          "HF adds in double precision, which can break a near tie "
                                                          "differently"),
    "hf.unknown_decodes": QT_TRANSLATE_NOOP("core_text", "an unknown piece decodes to its own text in HF, to ' ⁇ ' "
                                                         "here"),
    "hf.sentencepiece_normalizer": QT_TRANSLATE_NOOP("core_text", "SentencePiece's pipeline as an HF normalizer "
                                                                  "sequence"),
    "hf.decoder_wordpiece": QT_TRANSLATE_NOOP("core_text", "pieces glued at the prefix, words joined by one space, "
                                                           "no cleanup"),
    "hf.decoder_wordpiece_changed": QT_TRANSLATE_NOOP("core_text", "{decoder} is not stored; decoding here: pieces "
                                                                   "glued at the prefix, words joined by one space, "
                                                                   "no cleanup"),
    "hf.decoder_sentencepiece": QT_TRANSLATE_NOOP("core_text", "SentencePiece's: ▁ as spaces, byte pieces joined, "
                                                               "the dummy prefix dropped"),
    "hf.decoder_sentencepiece_changed": QT_TRANSLATE_NOOP("core_text", "{decoder} is not stored; decoding here: "
                                                                       "SentencePiece's: ▁ as spaces, byte pieces "
                                                                       "joined, the dummy prefix dropped"),
    "hf.stage_sequence": QT_TRANSLATE_NOOP("core_text", "sequence of {steps}"),
    "hf.ignored_options": QT_TRANSLATE_NOOP("core_text", "{kind}: {options} only affect offsets or restate another "
                                                         "option; not stored"),
    "hf.own_sequence": QT_TRANSLATE_NOOP("core_text", "SentencePiece's pipeline (the normalizer sequence this "
                                                      "program writes)"),
    "hf.own_sequence_charsmap": QT_TRANSLATE_NOOP("core_text", "SentencePiece's pipeline (the normalizer sequence "
                                                               "this program writes); the charsmap is applied as "
                                                               "HF's Precompiled does"),
    "hf.extra_meta": QT_TRANSLATE_NOOP("core_text", "a text that starts with a space or a ▁ gets one more ▁ here: "
                                                    "HF's Metaspace prepends ▁ only when the text does not already "
                                                    "start with one"),
    "hf.extra_meta_literal": QT_TRANSLATE_NOOP("core_text", "a text that starts with a literal ▁ gets one more ▁ "
                                                            "here: HF's Metaspace prepends ▁ only when the text "
                                                            "does not already start with one"),
    "hf.only_spaces": QT_TRANSLATE_NOOP("core_text", "a text that normalizes to nothing but spaces encodes to "
                                                     "nothing here; HF gives one ▁"),
    "hf.precompiled": QT_TRANSLATE_NOOP("core_text", "Precompiled: the SentencePiece charsmap, applied as HF does "
                                                     "(grapheme by grapheme; a short grapheme takes its shortest "
                                                     "match whole)"),
    "hf.squeeze_space": QT_TRANSLATE_NOOP("core_text", "only U+0020 is squeezed, as HF's Replace does"),
    "hf.inner_meta": QT_TRANSLATE_NOOP("core_text", "HF splits before each ▁ and this model has {count} pieces with "
                                                    "an inner ▁ (or no ▁ piece): here the whole text is one "
                                                    "lattice, so they can differ"),
    "hf.meta_split": QT_TRANSLATE_NOOP("core_text", "Metaspace split: no piece has an inner ▁, so one lattice over "
                                                    "the whole text gives the same segmentation"),
    "hf.spaces_kept": QT_TRANSLATE_NOOP("core_text", "{rule}, spaces are kept as they are (no squeezing)"),
    "hf.spaces_keep_one": QT_TRANSLATE_NOOP("core_text", "{rule}, runs of spaces squeezed to one, a trailing one "
                                                         "kept"),
    "hf.spaces_strip": QT_TRANSLATE_NOOP("core_text", "{rule}, runs of spaces squeezed to one, trailing White_Space "
                                                      "stripped"),
    "spm.files": QT_TRANSLATE_NOOP("core_text", "{model} (ModelProto, {size} bytes) and {vocab} (pieces and scores, "
                                                "as SentencePiece's trainer writes them)"),
    "spm.rounded": QT_TRANSLATE_NOOP("core_text", "{count} scores rounded to single precision (SentencePiece stores "
                                                  "float32; largest change {worst}), which can break a near tie "
                                                  "differently"),
    "spm.single_precision": QT_TRANSLATE_NOOP("core_text", "SentencePiece adds scores in single precision; this "
                                                           "asset adds them in double precision, which can break a "
                                                           "near tie differently"),
    "spm.export_unigram": QT_TRANSLATE_NOOP("core_text", "unigram: {pieces} pieces with their types and float32 "
                                                         "scores"),
    "spm.export_unshielded": QT_TRANSLATE_NOOP("core_text", "SentencePiece shields user-defined pieces from "
                                                            "normalization; this asset's Python NFKC does not"),
    "spm.decoder_not_written": QT_TRANSLATE_NOOP("core_text", "this asset's decoder ({decoder}) is not written: "
                                                              "SentencePiece decodes by its own rules"),
    "spm.loud_control": QT_TRANSLATE_NOOP("core_text", "{count} added tokens ({tokens}) become control pieces: "
                                                       "SentencePiece neither matches their text nor prints them; "
                                                       "this asset does both"),
    "spm.control_pieces": QT_TRANSLATE_NOOP("core_text", "control pieces: {pieces}"),
    "spm.fuse_unk": QT_TRANSLATE_NOOP("core_text", "SentencePiece joins a run of unknown characters into one "
                                                   "unknown token; this asset gives one per character"),
    "spm.export_bpe": QT_TRANSLATE_NOOP("core_text", "BPE: {pieces} pieces; each token scores -rank of its merge, "
                                                     "and the merges SentencePiece implies from them are exactly "
                                                     "this asset's {merges}"),
    "spm.hf_charsmap": QT_TRANSLATE_NOOP("core_text", "the charsmap came from an HF Precompiled normalizer, which "
                                                      "reads it grapheme by grapheme; SentencePiece reads it by "
                                                      "longest match (they differ e.g. on half-width ｶﾞ, CR LF, Ｃ + "
                                                      "U+0301)"),
    "spm.export_charsmap": QT_TRANSLATE_NOOP("core_text", "the precompiled charsmap ({size} bytes)"),
    "spm.no_nfkc_charsmap": QT_TRANSLATE_NOOP("core_text", "Python's NFKC has no precompiled charsmap to write, so "
                                                           "SentencePiece will apply no normalization: text NFKC "
                                                           "changes (fullwidth Ａ, ﬁ, e + U+0301) encodes "
                                                           "differently there"),
    "spm.identity": QT_TRANSLATE_NOOP("core_text", "identity (no charsmap)"),
    "spm.trailing": QT_TRANSLATE_NOOP("core_text", "SentencePiece drops every trailing space; this asset's HF-style "
                                                   "squeezing ({trailing}) does not"),
    "hf.encode_option": QT_TRANSLATE_NOOP("core_text", "an encode-time option of the HF Tokenizer, not part of a "
                                                       "tokenizer asset; dropped"),
    "hf.post_processor": QT_TRANSLATE_NOOP("core_text", "{kind} is not applied ({reason}); dropped, so IDs here "
                                                        "equal HF's encode(text, add_special_tokens=False)"),
    "hf.post_processor_kept": QT_TRANSLATE_NOOP("core_text", "{kind}: {template}, applied when encoding with "
                                                             "add_special_tokens (HF's default); without it IDs equal "
                                                             "HF's encode(text, add_special_tokens=False)"),
    "hf.export_post_processor": QT_TRANSLATE_NOOP("core_text", "{template}"),
    "export.post_processor": QT_TRANSLATE_NOOP("core_text", "{template}: this format has no post-processor (a "
                                                            "tokenizer.json keeps it)"),
    "hf_config.read": QT_TRANSLATE_NOOP("core_text", "read {files} beside the tokenizer"),
    "hf_config.unk_differs": QT_TRANSLATE_NOOP("core_text", "unk_token {token} differs from the model's unknown "
                                                            "token {model}, which stays"),
    "hf_config.missing": QT_TRANSLATE_NOOP("core_text", "{count} named special tokens are not in the vocabulary "
                                                        "({tokens}); transformers would add them with new IDs, here "
                                                        "they are not added"),
    "hf_config.unigram_specials": QT_TRANSLATE_NOOP("core_text", "a unigram asset matches no special token in the "
                                                                 "text: the named specials ({tokens}) stay as they are"),
    "hf_config.specials": QT_TRANSLATE_NOOP("core_text", "{count} named special tokens ({tokens}) are now special: "
                                                         "matched in the text as one token and skipped by decode, as "
                                                         "transformers does"),
    "hf_config.bos_eos": QT_TRANSLATE_NOOP("core_text", "add_bos_token={bos}, add_eos_token={eos}: the "
                                                        "post-processor is {template}, as transformers' "
                                                        "LlamaTokenizerFast builds it"),
    "hf_config.bert": QT_TRANSLATE_NOOP("core_text", "cls_token and sep_token: the post-processor is {template}, "
                                                     "as transformers' BertTokenizer adds them"),
    "hf.no_unk": QT_TRANSLATE_NOOP("core_text", "no unknown token: a character the vocabulary cannot spell is "
                                                "dropped, as HF does; here each encoding lists such characters in "
                                                "'dropped'"),
    "hf.bpe": QT_TRANSLATE_NOOP("core_text", "BPE: {tokens} tokens, {merges} merges in rank order"),
    "hf.added": QT_TRANSLATE_NOOP("core_text", "{count} added tokens with their match options"),
    "hf.wordpiece": QT_TRANSLATE_NOOP("core_text", "WordPiece: {tokens} tokens, max_input_chars_per_word {limit}"),
    "hf.unigram": QT_TRANSLATE_NOOP("core_text", "Unigram: {pieces} pieces with scores, unk_id {unk_id}, scores "
                                                 "added in double precision as HF does"),
}

# Sizes in an import or export report's summary (core.formats.report).
SUMMARY = {
    "vocab": QT_TRANSLATE_NOOP("core_text", "vocabulary {value}"),
    "merges": QT_TRANSLATE_NOOP("core_text", "merges {value}"),
    "pieces": QT_TRANSLATE_NOOP("core_text", "pieces {value}"),
}

# An edit's notes (core.edit.plan.Note): what the edit says about itself.
NOTES = {
    "edit.lost_kept": QT_TRANSLATE_NOOP("core_text", "{count} token(s) no merge builds any more are still given for a "
                                                     "pre-token that is exactly the token (whole pre-tokens are looked "
                                                     "up first)"),
    "edit.spm_placeholders": QT_TRANSLATE_NOOP("core_text", "a SentencePiece model numbers every piece, so each "
                                                            "removed ID keeps a placeholder control piece "
                                                            "(<removed_N>), which no text reaches; --compact "
                                                            "renumbers instead"),
    "edit.byte_bpe_as_bpe": QT_TRANSLATE_NOOP("core_text", "the byte-bpe asset is written as a general BPE (kind "
                                                           "bpe), as its exports are"),
    "edit.continued": QT_TRANSLATE_NOOP("core_text", "--continue-on: {merges} new merge(s) (of {asked} asked), "
                                                     "{tokens} new token(s); the corpus takes {after} tokens instead "
                                                     "of {before}"),
    "edit.onto_existing": QT_TRANSLATE_NOOP("core_text", "{count} new merge(s) build a token the vocabulary already "
                                                         "has, by another pair"),
    "edit.helpers": QT_TRANSLATE_NOOP("core_text", "{token} is built through {count} new intermediate token(s) "
                                                   "({helpers}); a text holding one of them changes its IDs too"),
    "edit.unigram_scores": QT_TRANSLATE_NOOP("core_text", "each new piece scores just above the best old "
                                                          "segmentation of its own text (never below the lowest "
                                                          "score): its text alone encodes to it, and a text without "
                                                          "it keeps its IDs"),
    "edit.unigram_placeholders": QT_TRANSLATE_NOOP("core_text", "SentencePiece and HF Unigram number every piece, so "
                                                                "each removed ID keeps a control piece <removed_N> "
                                                                "that the search never takes (HF matches its exact "
                                                                "text as a special); --compact renumbers instead"),
    "edit.unknown_penalty": QT_TRANSLATE_NOOP("core_text", "the lowest normal score changed, so the unknown penalty "
                                                           "moved ({old} -> {new}): a text with unknown characters "
                                                           "may be cut differently"),
    "edit.shrink_keeps_ids": QT_TRANSLATE_NOOP("core_text", "--shrink-to without --compact keeps every ID (a removed "
                                                            "one as a placeholder line), so the file does not get "
                                                            "shorter; --compact renumbers the kept tokens densely"),
    "edit.vocab_txt_specials": QT_TRANSLATE_NOOP("core_text", "vocab.txt does not record which tokens are special: "
                                                              "pass the new ones to transformers as "
                                                              "additional_special_tokens (a tokenizer.json records "
                                                              "them)"),
    "edit.wordpiece_placeholders": QT_TRANSLATE_NOOP("core_text", "vocab.txt has one line per ID, so each removed ID "
                                                                  "keeps a placeholder line ([removedN]), which no "
                                                                  "text reaches; --compact renumbers instead"),
}

# core.tokenizer.base.FAMILIES: the one name of each tokenizer family that
# every view (Encode, Vocabulary, Compare, Assets) shows.
FAMILIES = {
    "char-bpe": QT_TRANSLATE_NOOP("core_text", "character BPE"),
    "byte-level-bpe": QT_TRANSLATE_NOOP("core_text", "byte-level BPE"),
    "bpe": QT_TRANSLATE_NOOP("core_text", "BPE"),
    "bpe-byte-fallback": QT_TRANSLATE_NOOP("core_text", "BPE with byte fallback"),
    "wordpiece": QT_TRANSLATE_NOOP("core_text", "WordPiece"),
    "unigram": QT_TRANSLATE_NOOP("core_text", "Unigram"),
    "unigram-byte-fallback": QT_TRANSLATE_NOOP("core_text", "Unigram with byte fallback"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def _colon() -> str:
    return QCoreApplication.translate("core_text", ": ")


def _fill(template: str, params) -> str | None:
    translated = _tr(template)
    if translated == template:
        return None
    try:
        return translated.format(**params)
    except (KeyError, IndexError, ValueError):
        return None


def location(where: str) -> str:
    match = _LOCATION.fullmatch(where)
    if match is None:
        return where
    return _fill(LOCATIONS[match.group(1)], {"n": match.group(2)}) or where


def error(exc: BaseException) -> str:
    """``exc`` as one line in the user's language (else the core's English)."""
    text = _translated(exc)
    return str(exc) if text is None else text


def internal_error(exc: BaseException) -> str:
    """A bug, not bad input, in one line: the frame in the user's language,
    the exception's own text as Python gives it."""
    return QCoreApplication.translate("core_text", "internal error: {kind}: {message}").format(
        kind=type(exc).__name__, message=exc)


def _translated(exc: BaseException) -> str | None:
    if isinstance(exc, Utf8DecodeError):
        text = decode_error(exc)
    elif getattr(exc, "code", "") in ERRORS:
        params = dict(exc.params)
        if exc.code == "json.invalid" and params["reason"] in JSON_REASONS:
            params["reason"] = _tr(JSON_REASONS[params["reason"]])
        if exc.code == "output.special" and params.get("kind") in KINDS:
            params["kind"] = _tr(KINDS[params["kind"]])
        if exc.code == "file.unreadable" and str(params.get("reason")).endswith(", not a regular file"):
            kind = params["reason"].removesuffix(", not a regular file")
            if kind in KINDS:
                params["reason"] = _fill(NOT_REGULAR, {"kind": _tr(KINDS[kind])}) or params["reason"]
        text = _fill(ERRORS[exc.code], params)
    elif getattr(exc, "cause", None) is not None:
        text = _translated(exc.cause)
    else:
        text = None
    where = getattr(exc, "where", "")
    return f"{location(where)}{_colon()}{text}" if text is not None and where else text


def problem(p) -> str:
    """A :class:`core.utf8.Utf8Problem`, e.g. "lone byte 0xFF at offset 0"."""
    params = p.params()
    key = p.kind + ("_cut" if params["cut"] else "")
    return _fill(PROBLEMS.get(key, ""), params) or p.describe()


def problems(items) -> str:
    return QCoreApplication.translate("core_text", "; ").join(problem(p) for p in items)


def decode_error(exc: Utf8DecodeError) -> str:
    text = QCoreApplication.translate("core_text", "invalid UTF-8: %1").replace("%1", problem(exc.problems[0]))
    if exc.token is not None:
        text += QCoreApplication.translate("core_text", " (in token %1, id %2)").replace(
            "%1", str(exc.token[0])).replace("%2", str(exc.token[1]))
    if len(exc.problems) > 1:
        text += QCoreApplication.translate("core_text", " (and %1 more problems)").replace(
            "%1", str(len(exc.problems) - 1))
    return text


def invalid_line(line, name: str) -> str:
    """A skipped import line (:class:`core.workspace.records.InvalidLine`) in ``name``."""
    text = _fill(ERRORS["corpus.invalid_utf8"], {"bytes": line.bad, "offset": line.offset})
    return f"{name}:{line.line}{_colon()}{text}" if text else line.describe(name)


def finding(f) -> str:
    """A report finding's detail in the user's language (else its English)."""
    return (_fill(FINDINGS[f.code], f.params) if f.code in FINDINGS else None) or f.detail


def note(n) -> str:
    """An edit's note (:class:`core.edit.plan.Note`) in the user's language (else its English)."""
    code = getattr(n, "code", "")
    return (_fill(NOTES[code], n.params) if code in NOTES else None) or str(n)


def family(tokenizer) -> str:
    """What kind of tokenizer this is, as every view names it."""
    name = tokenizer.family
    return _tr(FAMILIES[name]) if name in FAMILIES else name


def summary(sizes: dict) -> str:
    """A report's sizes, e.g. "vocabulary 291, merges 32"."""
    parts = []
    for key, value in sizes.items():
        shown = _fill(SUMMARY[key], {"value": value}) if key in SUMMARY else None
        parts.append(shown or f"{key} {value}")
    return QCoreApplication.translate("core_text", ", ").join(parts)
