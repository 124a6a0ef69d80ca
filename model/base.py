"""A pydantic base for the file schemas: both key spellings, unknown keys refused,
and validation errors turned into :class:`~model.errors.Problem` s."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import Problem, join_path
from .names import norm_key


def _alias(name: str) -> str:
    return name.replace("_", "-")


class FileModel(BaseModel):
    """Base of every YAML schema: keys may use ``-`` or ``_``; unknown keys are errors."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        alias_generator=_alias,
        str_strip_whitespace=True,
        defer_build=True,
    )

    @model_validator(mode="before")
    @classmethod
    def _spellings(cls, data: Any) -> Any:
        if isinstance(data, dict):
            out, given = {}, {}
            for k, v in data.items():
                key = norm_key(k)
                if key in out:   # war-state and war_state both: which one is meant?
                    raise ValueError(f"key {key} is given twice ({given[key]!r} and {k!r})")
                out[key], given[key] = v, k
            return out
        return data


def one_of(allowed: tuple, what: str):
    """A validator of a word among ``allowed`` (any case, ``_`` or space for ``-``; None passes); it raises
    ``ValueError`` naming the accepted words."""
    def check(v: Any) -> Any:
        if v is None:
            return v
        key = str(v).strip().lower().replace("_", "-").replace(" ", "-")
        if key not in allowed:
            raise ValueError(f"unknown {what} {v!r}: use {', '.join(allowed)}")
        return key
    return check


def _describe(err: dict) -> str:
    kind = err.get("type", "")
    msg = err.get("msg", "invalid")
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required key missing"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    inp = err.get("input")
    if kind in ("literal_error", "enum") and inp is not None:
        return f"{msg}, not {inp!r}"
    return msg


def problems_from_validation(exc: ValidationError, file: str, prefix: str = "") -> list[Problem]:
    """One :class:`Problem` per pydantic error, with its YAML path under ``prefix``."""
    out = []
    for err in exc.errors():
        loc = [p for p in err.get("loc", ()) if not (isinstance(p, str) and (p.startswith("function-") or "[" in p and p.endswith("]") and p.split("[")[0] in ("list", "dict", "union", "tagged-union")))]
        # pydantic adds union branch names such as 'str' / 'int' / 'list[...]' to locations
        loc = [p for p in loc if p not in ("str", "int", "float", "bool", "none", "dict", "list")]
        out.append(Problem(file, join_path(prefix, *loc), _describe(err)))
    return out


def validate_items(items: Any, model: type, file: str, where: str, problems: list[Problem], what: str,
                   keys: str) -> list[tuple[Any, str]]:
    """Validate a YAML list of mappings with ``model``.

    Returns ``[(instance, place), ...]`` for the good items; every bad one
    (not a mapping, or invalid) is appended to ``problems`` with ``file`` and
    its place under ``where``. ``what`` names an item (``"a card"``) and
    ``keys`` its main keys, for the messages.
    """
    if not isinstance(items, list):
        problems.append(Problem(file, where, f"a list is expected here, each item {what} ({keys})"))
        return []
    out = []
    for i, item in enumerate(items):
        w = join_path(where, i)
        if not isinstance(item, dict):
            problems.append(Problem(file, w, f"{what} is a mapping {{{keys}}}, not {item!r}"))
            continue
        try:
            out.append((model.model_validate(item), w))
        except ValidationError as exc:
            problems.extend(problems_from_validation(exc, file, w))
    return out
