"""A tiny synchronous event emitter, so the core can be observed without Qt."""

from __future__ import annotations

from collections import defaultdict


class Events:
    """``connect(name, callback)``; ``emit(name, *args)`` calls them in order."""

    def __init__(self, *names: str):
        self._names = frozenset(names)
        self._callbacks = defaultdict(list)

    def _check(self, name):
        if name not in self._names:
            raise KeyError(f"unknown event {name!r}; known: {sorted(self._names)}")

    def connect(self, name: str, callback) -> None:
        self._check(name)
        self._callbacks[name].append(callback)

    def disconnect(self, name: str, callback) -> None:
        self._check(name)
        self._callbacks[name].remove(callback)

    def emit(self, name: str, *args) -> None:
        self._check(name)
        for callback in list(self._callbacks[name]):
            callback(*args)
