"""A pydantic base for the file schemas: both key spellings, unknown keys refused,
and validation errors turned into :class:`~model.files.errors.Problem` s."""
from __future__ import annotations

import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator, model_validator

from .errors import Problem, join_path
from .names import norm_key, norm_word
from .wording import describe_errors, unknown


def _alias(name: str) -> str:
    return name.replace("_", "-")


#: :func:`~model.files.names.norm_key` of the string keys met so far (bounded: a file of many distinct keys only misses).
_KEYS: dict[str, str] = {}


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
                key = _KEYS.get(k) if type(k) is str else None
                if key is None:
                    key = norm_key(k)
                    if type(k) is str and len(_KEYS) < 10_000:
                        _KEYS[k] = key          # a key as written, spelled once (10,000 cards repeat six keys)
                if key in out:   # war-state and war_state both: which one is meant?
                    raise ValueError(f"key {key} is given twice ({given[key]!r} and {k!r})")
                out[key], given[key] = v, k
            return out
        return data

    @field_validator("*", mode="before")
    @classmethod
    def _no_bool_for_a_number(cls, v: Any, info: ValidationInfo) -> Any:
        """``true``/``false`` where a number (or a card number or a name written as one) goes is refused:
        pydantic would read it as 1 or 0 (``production: true`` a Production Value of 1)."""
        if info.field_name not in _number_fields(cls):     # most fields: nothing to check
            return v
        if _holds_bool(v):
            raise ValueError("true or false is not a number here: write a whole number (or a name in quotes)")
        if info.field_name in _only_number_fields(cls) and any(isinstance(x, str) and "_" in x for x in _values(v)):
            raise ValueError("a whole number is written in digits alone, without _ (2315, not 2_315)")
        return v


def _types(tp: Any) -> set:
    """Every type an annotation names, its arguments' too (``Optional[dict[str, int]]`` -> NoneType, dict, str, int)."""
    out = {typing.get_origin(tp) or tp}
    for arg in typing.get_args(tp):
        out |= _types(arg)
    return out


@cache
def _number_fields(cls: type) -> frozenset:
    """The fields of ``cls`` that take a number and no boolean (``steps: int``, a card ``Union[int, str]``)."""
    return frozenset(name for name, f in cls.model_fields.items()
                     if int in (t := _types(f.annotation)) and bool not in t)


@cache
def _only_number_fields(cls: type) -> frozenset:
    """The fields of ``cls`` that take a number and no name (``steps: int``, ``prefer: dict[str, int]``'s weights)."""
    return frozenset(name for name in _number_fields(cls)
                     if str not in _types(typing.get_args(cls.model_fields[name].annotation)[-1]
                                          if dict in _types(cls.model_fields[name].annotation)
                                          else cls.model_fields[name].annotation))


def _values(v: Any) -> list:
    """``v``, or the items of a list or the values of a mapping."""
    if isinstance(v, (list, tuple)):
        return list(v)
    if isinstance(v, dict):
        return list(v.values())
    return [v]


def _holds_bool(v: Any) -> bool:
    """Whether ``v`` is a boolean, or a list or mapping with a boolean value (``hand: [true]``)."""
    return any(isinstance(x, bool) for x in _values(v))


def empty_list() -> list:
    """A new empty list: the default of a list field, ``Field(default_factory=empty_list)``.

    Not the builtin ``list``: pydantic reads a default factory's signature when it
    builds a schema, and for a builtin that means tokenizing its text signature
    (the largest part of the first validation of a state file, at every start)."""
    return []


def empty_dict() -> dict:
    """A new empty dict: the default of a mapping field (see :func:`empty_list`)."""
    return {}


def one_of(allowed: tuple, what: str):
    """A validator of a word among ``allowed`` (any case, ``_`` or space for ``-``; None passes); it raises
    ``ValueError`` naming the accepted words."""
    def check(v: Any) -> Any:
        if v is None:
            return v
        key = norm_word(v)
        if key not in allowed:
            raise ValueError(unknown(what, v, allowed))
        return key
    return check


def _model_named(name: str, root: type = None) -> Any:
    """The :class:`FileModel` subclass called ``name`` (pydantic names the model it validated in ``title``)."""
    for sub in (root or FileModel).__subclasses__():
        if sub.__name__ == name:
            return sub
        found = _model_named(name, sub)
        if found is not None:
            return found
    return None


def problems_from_validation(exc: ValidationError, file: str, prefix: str = "") -> list[Problem]:
    """The problems of a pydantic error in the player's words (:mod:`model.files.wording`):
    one per mistake, with its YAML path under ``prefix``."""
    return describe_errors(exc.errors(), _model_named(exc.title), file, prefix)


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
