"""Reading the options of a stage spec (``{"type": ..., **options}``, the
JSON of core.pipeline.text_pipeline): a missing or mistyped option is an
:class:`core.errors.AssetError` that names where it is."""

from __future__ import annotations

from core.errors import AssetError, excerpt

BEHAVIORS = ("removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous")


def option(spec, key, kinds, where, default=...):
    """``spec[key]``, checked to be one of ``kinds``; ``default`` when absent
    (no default: absent is an error).  A bool is not taken for an int."""
    if not isinstance(spec, dict):
        raise AssetError(f"{where}: expected an object, found {type(spec).__name__}")
    if key not in spec:
        if default is ...:
            raise AssetError(f"{where}: missing option {excerpt(key)}")
        return default
    value = spec[key]
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise AssetError(f"{where}.{key}: expected {'/'.join(k.__name__ for k in kinds)}, found {type(value).__name__}")
    return value


def behavior(spec, where, default=None) -> str:
    """The ``behavior`` option of a split (HF's SplitDelimiterBehavior)."""
    found = option(spec, "behavior", str, where, default) if default else option(spec, "behavior", str, where)
    if found not in BEHAVIORS:
        raise AssetError(f"{where}.behavior: {excerpt(found)} is not one of {', '.join(BEHAVIORS)}")
    return found


def steps(spec, where, build) -> list:
    """Each of a ``sequence``'s ``steps`` built by ``build(step, where)``."""
    found = option(spec, "steps", list, where)
    return [build(s, f"{where}.steps[{i}]") for i, s in enumerate(found)]
