"""Pipeline stages: normalizers, SentencePiece charsmap, pre-tokenizers, BERT's basic tokenizer, decoders."""
