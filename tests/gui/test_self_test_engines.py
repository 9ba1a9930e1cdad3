"""The bundle's self-test (main.py --self-test) encodes a probe of every
built-in tokenizer with every native engine that can hold it, and says
which engine is missing or gives other IDs than the reference."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from core import engines  # noqa: E402
from gui.shell import app  # noqa: E402


def test_every_native_engine_encodes_the_shelf_as_the_reference(capsys):
    assert app.engines_check() == []
    line = capsys.readouterr().out
    assert "self-test: engines ok" in line
    for name in engines.NATIVE:
        assert f"{name} on 0" not in line  # each engine encoded some built-in tokenizer


def test_an_engine_with_other_ids_or_missing_fails_the_self_test(monkeypatch):
    module = engines.native_module("fastokens")
    build = module.build

    class Wrong:
        def __init__(self, spec):
            self.native = build(spec)

        def encode_ids(self, text):
            return self.native.encode_ids(text)[1:]

    monkeypatch.setattr(module, "build", Wrong)
    real = engines.version
    monkeypatch.setattr(engines, "version", lambda name: None if name == "sentencepiece" else real(name))
    failures = app.engines_check()
    assert "engines: sentencepiece is not in the bundle" in failures
    assert {f for f in failures if "other IDs" in f} == {
        f"engines: fastokens on {name}: other IDs than the reference" for name in ("r50k_base", "cl100k_base",
                                                                                   "o200k_base")}
