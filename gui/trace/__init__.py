"""The trace panel: the char-BPE training trace, a step's segmentation and its pair counts."""
