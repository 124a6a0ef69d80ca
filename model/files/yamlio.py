"""Safe YAML loading with clear errors and a guard against alias bombs."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Optional

import yaml
from yamlcore import CCoreLoader   # the YAML 1.2 core schema's resolver for PyYAML

from .errors import InputError, Problem

#: At most this many nodes added by expanding YAML aliases (a "billion laughs"
#: document is refused before anything walks it). Nodes written out in the file
#: are not counted: a large map without aliases loads whatever its size.
MAX_ALIAS_NODES = 200_000


class _Loader(CCoreLoader):
    """The YAML 1.2 core schema (yamlcore's resolver on PyYAML's C parser, libyaml when present):
    ``yes``/``no``/``on``/``off``/``y``/``n`` are words, not booleans (only ``true``/``false`` are),
    ``1:10`` and ``2_315`` are text, not sexagesimal or grouped numbers. Besides the schema: an integer
    is a number only when written as one in plain decimal (``0105``, ``0o17``, ``0x1F``, ``+5`` stay the
    text written: a hex id ``0105`` is not octal, and nothing is read as a number it does not show);
    ``<<`` merges a mapping (the YAML 1.1 merge key); a key written twice in one mapping is refused
    (YAML would silently keep the last)."""

    flatten_mapping = yaml.constructor.SafeConstructor.flatten_mapping     # `<<: *anchor` merges

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep)
        seen = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                dup = key in seen
                seen.add(key)
            except TypeError:          # an unhashable key: reported below
                continue
            if dup:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is written twice in one mapping", key_node.start_mark)
        self.flatten_mapping(node)     # the merged keys first: a key of the mapping's own wins
        mapping = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                mapping[key] = self.construct_object(value_node, deep=deep)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a key is a list or a mapping, not a name", key_node.start_mark) from None
        return mapping


_PLAIN_INT = re.compile(r"^(?:0|-?[1-9][0-9]*)$")


def _construct_int(loader: _Loader, node: yaml.ScalarNode):
    text = loader.construct_scalar(node)
    return int(text) if _PLAIN_INT.match(text) else text


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:merge", yaml.constructor.SafeConstructor.construct_yaml_str)
_Loader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])


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


class _Unusual(Exception):
    """The fast reader met what only the node reader handles (an explicit tag, an alias, a merge key)."""


_STR, _NOKEY = "tag:yaml.org,2002:str", object()


def _typed(loader: _Loader, ev: yaml.ScalarEvent, known: dict) -> Any:
    """The value of a plain scalar that may be other than text (``12``, ``true``, ``~``), as the schema reads it;
    ``known``: the values of the texts read so far in this document (the reading depends on the text alone)."""
    value = known.get(ev.value, _NOKEY)
    if value is not _NOKEY:
        return value
    tag = loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
    if tag == _STR:
        value = ev.value
    elif tag not in loader.yaml_constructors or tag == "tag:yaml.org,2002:merge":
        raise _Unusual
    else:
        value = loader.yaml_constructors[tag](loader, yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark))
    known[ev.value] = value
    return value


def _read_events(loader: _Loader) -> Any:
    """The document of ``loader`` built straight from the parser's events, without the node tree
    (a 100,000-hex map in a fraction of the time and memory): the same values as
    ``construct_document(get_single_node())`` for a document with no explicit tag, alias or merge key
    (raises :class:`_Unusual` at the first one). A key written twice is refused as there."""
    resolvers = loader.yaml_implicit_resolvers
    typed: dict = {}                                     # a plain scalar's value by its text: read once (10,000 cards)
    loader.get_event()                                   # stream start
    if isinstance(loader.peek_event(), yaml.StreamEndEvent):
        return None
    loader.get_event()                                   # document start
    root: list = []
    stack: list = [[root, _NOKEY, None]]                 # [container, its pending key, that key's event]
    while True:
        ev = loader.get_event()
        cls = type(ev)
        if cls is yaml.ScalarEvent:
            if ev.tag is not None and ev.tag != "!":
                raise _Unusual
            value = ev.value
            if ev.implicit[0] and (not value or value[0] in resolvers):
                value = _typed(loader, ev, typed)
        elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
            if ev.tag is not None and ev.tag != "!" or ev.anchor is not None:
                raise _Unusual
            value = {} if cls is yaml.MappingStartEvent else []
        elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
            stack.pop()
            if len(stack) == 1:
                break
            continue
        else:                                            # an alias, or a document where a value goes
            raise _Unusual
        top = stack[-1]
        into = top[0]
        if type(into) is list:
            into.append(value)
        elif top[1] is _NOKEY:
            if type(value) is dict or type(value) is list:
                raise yaml.constructor.ConstructorError(
                    None, None, "a key is a list or a mapping, not a name", ev.start_mark)
            if value in into:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {value!r} is written twice in one mapping", ev.start_mark)
            top[1], top[2] = value, ev
        else:
            into[top[1]] = value
            top[1] = _NOKEY
        if cls is not yaml.ScalarEvent:
            stack.append([value, _NOKEY, None])
        elif len(stack) == 1:
            break
    loader.get_event()                                   # document end
    if not isinstance(loader.peek_event(), yaml.StreamEndEvent):
        ev = loader.get_event()
        raise yaml.composer.ComposerError("expected a single document in the stream", None,
                                          "but found another document", ev.start_mark)
    return root[0]


def _first_alias(text: str) -> str:
    """``line L, column C`` of the first alias (``*name``) in ``text``, read from the parser's events (the
    node tree keeps no alias: each is the node it names); ``""`` when there is none."""
    loader = _Loader(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                return f"line {event.start_mark.line + 1}, column {event.start_mark.column + 1}"
    finally:
        loader.dispose()
    return ""


def load_yaml_text(text: str, file: str) -> Any:
    """Parse YAML ``text`` (safe loading); ``file`` names it in errors.

    Raises :class:`InputError` on a syntax error (with line and column) or a
    document whose aliases would add more than :data:`MAX_ALIAS_NODES` nodes
    (checked only when the text has an anchor, ``&``).
    """
    try:
        if "&" not in text:                              # no anchor: no alias to guard against
            loader = _Loader(text)
            try:
                return _read_events(loader)
            except _Unusual:
                pass
            finally:
                loader.dispose()
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
                raise InputError(Problem(file, _first_alias(text), f"YAML aliases would expand the document by "
                                                                   f"more than {MAX_ALIAS_NODES} nodes"))
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = exc.problem or exc.context or "YAML syntax error"
        kind = "YAML error" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
        raise InputError(Problem(file, where, f"{kind}: {what}")) from None
    except yaml.reader.ReaderError as exc:     # a NUL or control character: where it is
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        code = ord(exc.character) if isinstance(exc.character, str) else int(exc.character)
        raise InputError(Problem(file, f"line {line}, column {column}",
                                 f"YAML error: the control character U+{code:04X} is not allowed in YAML")) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(file, "", f"YAML error: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}")) from None
    except RecursionError:
        raise InputError(Problem(file, "", "YAML nested too deeply")) from None


#: The largest file read (bytes): the largest generated position of bench/scale.py is a few MiB.
MAX_FILE_BYTES = 256 * 2**20


#: Standard input as read once: ``(the stream, its text)`` (a writer reads its source again, and ``-`` is gone).
_STDIN: list = []


def _stdin_text() -> str:
    """The text of standard input, read once per stream: a position read from ``-`` and then written
    (``aeref reveal - --write NEXT.yaml``) reads its source again, which a pipe cannot give twice."""
    if _STDIN and _STDIN[0][0] is sys.stdin:
        return _STDIN[0][1]
    text = sys.stdin.read()
    _STDIN[:] = [(sys.stdin, text)]
    return text


def load_yaml_file(path: str | Path, shown: str | None = None) -> Any:
    """Read and parse the YAML file at ``path``; ``shown`` is the name used in errors.

    ``-`` reads standard input. Raises :class:`InputError` when the file is missing, unreadable, not UTF-8
    or not valid YAML.
    """
    shown = shown or str(path)
    if str(path) == "-":                     # `-`: standard input (the command line's STATE)
        return load_yaml_text(_stdin_text(), shown)
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
