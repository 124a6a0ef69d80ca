"""Safe YAML loading with clear errors and a guard against alias bombs."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, Problem

#: At most this many nodes once every alias is expanded (a YAML "billion laughs"
#: document is refused before anything walks it).
MAX_EXPANDED_NODES = 200_000


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when present: ~10x faster parsing
    """SafeLoader that keeps digit strings with a leading zero (hex ids such as
    ``0105``) as strings instead of reading them as octal numbers, and refuses
    a key written twice in one mapping (YAML would silently keep the last)."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    dup = key in seen
                    seen.add(key)
                except TypeError:          # an unhashable key: reported later by the schema
                    continue
                if dup:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key {key!r} is written twice in one mapping", key_node.start_mark)
        return super().construct_mapping(node, deep)


def _construct_int(loader: _Loader, node: yaml.ScalarNode):
    text = loader.construct_scalar(node)
    bare = text.replace("_", "")
    if len(bare) > 1 and bare[0] == "0" and bare.isdigit():
        return text
    return yaml.SafeLoader.construct_yaml_int(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def _expanded_size(node: yaml.Node, memo: dict[int, int], limit: int) -> int:
    key = id(node)
    if key in memo:
        return memo[key]
    memo[key] = 1  # cycles count once
    size = 1
    if isinstance(node, yaml.SequenceNode):
        for child in node.value:
            size += _expanded_size(child, memo, limit)
            if size > limit:
                break
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            size += _expanded_size(k, memo, limit) + _expanded_size(v, memo, limit)
            if size > limit:
                break
    memo[key] = size
    return size


def load_yaml_text(text: str, file: str) -> Any:
    """Parse YAML ``text`` (safe loading); ``file`` names it in errors.

    Raises :class:`InputError` on a syntax error (with line and column) or a
    document that expands to more than :data:`MAX_EXPANDED_NODES` nodes.
    """
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            if _expanded_size(node, {}, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
                raise InputError(Problem(file, "", f"document too large once YAML aliases are expanded (more than {MAX_EXPANDED_NODES} nodes)"))
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = exc.problem or exc.context or "YAML syntax error"
        kind = "YAML error" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
        raise InputError(Problem(file, where, f"{kind}: {what}")) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(file, "", f"YAML error: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}")) from None
    except RecursionError:
        raise InputError(Problem(file, "", "YAML nested too deeply")) from None


def load_yaml_file(path: str | Path, shown: str | None = None) -> Any:
    """Read and parse the YAML file at ``path``; ``shown`` is the name used in errors.

    Raises :class:`InputError` when the file is missing, unreadable, not UTF-8
    or not valid YAML.
    """
    shown = shown or str(path)
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Problem(shown, "", "file not found")) from None
    except IsADirectoryError:
        raise InputError(Problem(shown, "", "is a directory, not a file")) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(shown, "", f"not UTF-8 text (byte {exc.start})")) from None
    except OSError as exc:
        raise InputError(Problem(shown, "", f"cannot read: {exc.strerror or exc}")) from None
    return load_yaml_text(text, shown)
