"""Safe YAML loading with clear errors and a guard against alias bombs."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

import yaml

from .errors import InputError, Problem

#: At most this many nodes added by expanding YAML aliases (a "billion laughs"
#: document is refused before anything walks it). Nodes written out in the file
#: are not counted: a large map without aliases loads whatever its size.
MAX_ALIAS_NODES = 200_000


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


def _children(node: yaml.Node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [x for kv in node.value for x in kv]
    return []


def _cycle(root: yaml.Node) -> Optional[yaml.Node]:
    """A node that contains itself through an alias (``a: &x [*x]``), or None. Iterative depth-first
    search: a child already on the current path closes a cycle."""
    on_path: set = set()
    finished: set = set()
    stack = [(root, iter(_children(root)))]
    on_path.add(id(root))
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            on_path.discard(id(node))
            finished.add(id(node))
            continue
        if id(child) in on_path:
            return child
        if id(child) not in finished:
            on_path.add(id(child))
            stack.append((child, iter(_children(child))))
    return None


def _alias_growth(root: yaml.Node, limit: int) -> int:
    """How many nodes expanding the aliases under ``root`` would add (counting stops a little past ``limit``).

    Each distinct node is visited once, children before parents (iteratively,
    no recursion); the expanded size of a node reached again (an alias) is
    taken from the sizes already computed, so a document of a few nodes that
    would expand to billions is measured in microseconds.
    """
    cap = 4 * limit
    size: dict[int, int] = {}
    entered: set = set()
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            n = 1 + sum(size.get(id(c), 1) for c in _children(node))   # a node on a cycle counts once
            size[key] = min(n, cap)
            continue
        if key in entered:
            continue
        entered.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in _children(node))
    return size[id(root)] - len(size)


def load_yaml_text(text: str, file: str) -> Any:
    """Parse YAML ``text`` (safe loading); ``file`` names it in errors.

    Raises :class:`InputError` on a syntax error (with line and column) or a
    document whose aliases would add more than :data:`MAX_ALIAS_NODES` nodes
    (checked only when the text has an anchor, ``&``).
    """
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            looped = _cycle(node) if "&" in text else None
            if looped is not None:
                mark = looped.start_mark
                raise InputError(Problem(file, f"line {mark.line + 1}, column {mark.column + 1}",
                                         "a YAML alias refers to a node that contains it (the data would never end)"))
            if "&" in text and _alias_growth(node, MAX_ALIAS_NODES) > MAX_ALIAS_NODES:
                raise InputError(Problem(file, "", f"YAML aliases would expand the document by more than "
                                                   f"{MAX_ALIAS_NODES} nodes"))
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


#: The largest file read (bytes): the largest generated position of bench/scale.py is a few MiB.
MAX_FILE_BYTES = 256 * 2**20


def load_yaml_file(path: str | Path, shown: str | None = None) -> Any:
    """Read and parse the YAML file at ``path``; ``shown`` is the name used in errors.

    ``-`` reads standard input. Raises :class:`InputError` when the file is missing, unreadable, not UTF-8
    or not valid YAML.
    """
    shown = shown or str(path)
    if str(path) == "-":                     # `-`: standard input (the command line's STATE)
        return load_yaml_text(sys.stdin.read(), shown)
    p = Path(path)
    try:
        if p.exists() and not p.is_dir() and not p.is_file():
            raise InputError(Problem(shown, "", "not a regular file (a device or a pipe): give a state file"))
        if p.is_file() and p.stat().st_size > MAX_FILE_BYTES:
            raise InputError(Problem(shown, "", f"{p.stat().st_size} bytes is larger than a position file can be "
                                                f"({MAX_FILE_BYTES // 2**20} MiB)"))
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
