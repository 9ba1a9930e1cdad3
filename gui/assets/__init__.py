"""The Assets tab (the asset library and its comparisons), trained models turned into assets,
and File → Import/Export tokenizer."""
