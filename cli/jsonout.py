"""``--json``: the JSON every command prints, byte for byte ``json.dumps(obj, indent=2, ensure_ascii=False)``."""
from __future__ import annotations

import json
from itertools import islice
from json.encoder import encode_basestring as _encode_str
from typing import Any, Iterable, Optional

import click

#: The version of the shape of every command's ``--json`` output, its first field ``"format-version"``
#: (docs/format-additions.md): raised when a field is removed, renamed or changes its meaning (a field
#: added is no new version), so that a program reading the output can tell which shape it has.
FORMAT_VERSION = 1

#: Items of a streamed list encoded and written at a time.
_BATCH = 4096


def emit_json(obj: Any) -> None:
    """Print ``obj`` as JSON, indented by two spaces (the bytes of ``json.dumps(obj, indent=2,
    ensure_ascii=False)``, written by :func:`json_text`, several times faster for long lists).

    A mapping whose values include a stream (an iterable that is not a list, tuple, mapping or
    string, e.g. ``pairs``' selections) or a function is written as it goes, in constant memory:
    each stream's items as they come, each function's value once the fields before it are written
    (``pairs``' ``count`` after its ``choices``). The bytes are those of the same mapping with each
    stream a list and each function its value. A mapping (every command's answer) gets the field
    ``"format-version"`` (:data:`FORMAT_VERSION`) first."""
    if isinstance(obj, dict):
        obj = {"format-version": FORMAT_VERSION, **obj}
    if isinstance(obj, dict) and any(_streamed(v) or callable(v) for v in obj.values()):
        _emit_streamed(obj)
    else:
        click.echo(json_text(obj))


def _streamed(v: Any) -> bool:
    return hasattr(v, "__iter__") and not isinstance(v, (list, tuple, dict, str, bytes))


def _emit_streamed(obj: dict) -> None:
    """Write the mapping ``obj`` (string keys) with its streams and functions as :func:`emit_json` says."""
    click.echo("{", nl=False) if not obj else click.echo("{\n", nl=False)
    for i, (k, v) in enumerate(obj.items()):
        click.echo(("," if i else "") + ("\n" if i else "") + f"  {_encode_str(k)}: ", nl=False)
        if callable(v) and not _streamed(v):
            v = v()
        if _streamed(v):
            _emit_list(v, "  ")
        else:
            t = _scalar(v)
            click.echo(t if t is not None else json_text(v, "  "), nl=False)
    click.echo("\n}" if obj else "}")


def _emit_list(items: Iterable, indent: str) -> None:
    """Write the items of ``items`` as the JSON list ``json_text(list(items), indent)`` would, a batch at a time."""
    inner = indent + "  "
    it = iter(items)
    first = True
    while True:
        batch = list(islice(it, _BATCH))
        if not batch:
            break
        rows = _flat_rows(batch, inner)
        if rows is None:
            rows = ",\n".join(inner + (t if (t := _scalar(v)) is not None else json_text(v, inner)) for v in batch)
        click.echo(("[\n" if first else ",\n") + rows, nl=False)
        first = False
    click.echo("[]" if first else "\n" + indent + "]", nl=False)


def _scalar(v: Any) -> Optional[str]:
    """The JSON text of a string, None, bool or int (C-accelerated), or None for anything else."""
    if isinstance(v, str):
        return _encode_str(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is int:
        return int.__repr__(v)
    return None


def _flat_rows(items: Any, inner: str) -> Optional[str]:
    """The items of a list of mappings with the same string keys and scalar values (selections),
    each at ``inner``, joined as ``json.dumps`` joins them; None for any other list."""
    first = items[0]
    if type(first) is not dict or not first or not all(type(k) is str for k in first):
        return None
    keys = tuple(first)
    deeper = inner + "  "
    template = (inner.replace("%", "%%") + "{\n"
                + ",\n".join(f"{deeper}{_encode_str(k)}: ".replace("%", "%%") + "%s" for k in keys)
                + "\n" + inner + "}")
    out = []
    seen: dict = {}                          # (type, value) -> its JSON text: selections repeat their cards
    for v in items:
        if type(v) is not dict or tuple(v) != keys:
            return None
        vals = []
        for x in v.values():
            try:
                t = seen[(type(x), x)]
            except KeyError:
                t = seen[(type(x), x)] = _scalar(x)
            except TypeError:                # unhashable: a list or a mapping
                return None
            if t is None:
                return None
            vals.append(t)
        out.append(template % tuple(vals))
    return ",\n".join(out)


def json_text(obj: Any, indent: str = "") -> str:
    """``json.dumps(obj, indent=2, ensure_ascii=False)``, byte for byte, for data whose mapping keys are
    strings; the pure-Python encoder that ``indent`` selects took 1.8 s for 100,000 selections."""
    text = _scalar(obj)
    if text is not None:
        return text
    inner = indent + "  "
    if isinstance(obj, dict) and all(type(k) is str for k in obj):
        if not obj:
            return "{}"
        parts = []
        for k, v in obj.items():
            t = _scalar(v)
            parts.append(f"{inner}{_encode_str(k)}: {t if t is not None else json_text(v, inner)}")
        return "{\n" + ",\n".join(parts) + "\n" + indent + "}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        rows = _flat_rows(obj, inner)
        if rows is not None:
            return "[\n" + rows + "\n" + indent + "]"
        parts = []
        for v in obj:
            t = _scalar(v)
            parts.append(inner + (t if t is not None else json_text(v, inner)))
        return "[\n" + ",\n".join(parts) + "\n" + indent + "]"
    return "\n".join(indent + line if i else line
                     for i, line in enumerate(json.dumps(obj, indent=2, ensure_ascii=False).split("\n")))
