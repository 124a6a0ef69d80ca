"""Writing a state file back the way the player wrote it: ruamel.yaml's round trip.

:func:`round_trip_text` applies the change between two :func:`~model.files.write.state_dict`
mappings to the source file's text: every top-level section the change does not
touch is copied line for line, each one it touches is edited through ruamel.yaml's
round-trip mode (comments, key order, quoting, flow style and short card ids
kept), a section new in the result is inserted after the one before it.
:func:`read_derived` reads a written text back (without the large copied
sections) so that :func:`~model.files.write.state_text` can check it says the same
position before it is written.
"""
from __future__ import annotations

import difflib
import io
import json
import re
from pathlib import Path
from typing import Any, Optional

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from .names import norm_key
from .load import read_state
from ..game.position import Position

__all__ = ["COPIED", "norm", "read_derived", "round_trip_text"]


def norm(key: object) -> object:
    """A key for matching the source's keys to :func:`state_dict`'s: case, ``_``/``-`` and spacing folded."""
    return " ".join(str(norm_key(key)).split()).casefold() if isinstance(key, str) else key


def _find(node: Any, key: object) -> object:
    """The key of mapping ``node`` that spells ``key`` (FORMAT: both spellings of a key), or None."""
    if key in node:
        return key
    want = norm(key)
    return next((k for k in node if norm(k) == want), None)


class _RoundTrip:
    """Applies the change from ``old`` to ``new`` (two :func:`state_dict` mappings) to the
    round-trip document ``doc`` of the source file, recording every path it touched."""

    def __init__(self, doc: Any):
        self.doc = doc
        self.touched: set[tuple] = set()
        self.inserted: set[tuple] = set()

    # ----- card ids: a card written short (``26b``) in a faction's section stays short

    def _short(self, path: tuple) -> bool:
        """Whether the faction section at ``path[:3]`` writes its cards short (as FORMAT 1 allows there);
        a section with no card says nothing, then the file's other sections decide (short when none)."""
        def ids(node):
            if isinstance(node, dict):
                for k, v in node.items():
                    if norm(k) != "turn":
                        yield from ids(v)
            elif isinstance(node, list):
                for v in node:
                    yield from ids(v)
            elif node is not None:
                yield str(node)
        facs = self.doc.get(_find(self.doc, "factions")) if isinstance(self.doc, dict) else None
        if not isinstance(facs, dict):
            return True
        sec = facs.get(_find(facs, path[1]))
        sec = sec.get(_find(sec, path[2])) if isinstance(sec, dict) else None
        for node in (sec, facs):
            written = list(ids(node))
            if written:
                return sum("-" not in x for x in written) * 2 >= len(written)
        return True

    def _card(self, value: Any, path: tuple) -> Any:
        """``value`` as the faction section at ``path`` writes a card: ``tk-axis-11`` as ``11`` there."""
        if not (isinstance(value, str) and len(path) >= 4 and path[0] == "factions" and path[-1] != "turn"):
            return value
        prefix = f"{path[2]}-{path[1]}-"
        if not value.startswith(prefix) or not self._short(path):
            return value
        number = value[len(prefix):]
        return int(number) if number.isdigit() and str(int(number)) == number else number

    def render(self, value: Any, path: tuple) -> Any:
        """A new value as a round-trip node: a mapping or list of scalars in flow style, others in block
        style (as :func:`plain_text` writes them), cards as the section writes them."""
        if isinstance(value, dict):
            out = CommentedMap((k, self.render(v, path + (k,))) for k, v in value.items())
            if all(not isinstance(v, (dict, list, tuple)) for v in value.values()):
                out.fa.set_flow_style()
            return out
        if isinstance(value, (list, tuple)):
            out = CommentedSeq(self.render(v, path + (i,)) for i, v in enumerate(value))
            if all(not isinstance(v, (dict, list, tuple)) for v in value):
                out.fa.set_flow_style()
            return out
        return self._card(value, path)

    # ----- applying the change

    def apply(self, parent: Any, key: Any, old: Any, new: Any, path: tuple, at: tuple) -> None:
        """Make ``parent[key]`` say ``new`` where it said ``old``: ``path`` is its place in
        :func:`state_dict`'s mapping (it decides how a card is written), ``at`` its place in the
        document (keys as the source spells them: what :attr:`touched` records)."""
        if old == new:
            return
        node = parent[key]
        if isinstance(old, dict) and isinstance(new, dict) and isinstance(node, CommentedMap):
            self.apply_map(node, old, new, path, at)
        elif isinstance(old, list) and isinstance(new, list) and isinstance(node, CommentedSeq) and len(node) == len(old):
            self.apply_seq(node, old, new, path, at)
        else:
            parent[key] = self.render(new, path)
        self.touched.add(at)

    def apply_map(self, node: Any, old: dict, new: dict, path: tuple, at: tuple) -> None:
        """:meth:`apply` for a mapping: keys gone deleted, keys new inserted after the key before them."""
        for k in [k for k in old if k not in new]:
            here = _find(node, k)
            if here is not None:
                del node[here]
        after = -1                                  # where a key new in ``new`` goes: after the one before it
        for k, v in new.items():
            here = _find(node, k)
            if here is not None:
                after = list(node).index(here)
                if k in old:
                    self.apply(node, here, old[k], v, path + (k,), at + (here,))
                else:
                    node[here] = self.render(v, path + (k,))
                    self.touched.add(at + (here,))
                continue
            if k in old and old[k] == v:
                continue                            # not written in the source, and not changed: still unwritten
            after += 1
            node.insert(after, k, self.render(v, path + (k,)))
            self.inserted.add(at + (k,))
        self.touched.add(at)

    def apply_seq(self, node: Any, old: list, new: list, path: tuple, at: tuple) -> None:
        """:meth:`apply` for a list: the items that stay kept as written (difflib's matching blocks)."""
        def keys(items):
            return [json.dumps(x, sort_keys=True, default=str) for x in items]
        ops = difflib.SequenceMatcher(None, keys(old), keys(new), autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in reversed(ops):
            if tag == "equal":
                continue
            if tag == "replace" and i2 - i1 == j2 - j1:
                for i, j in zip(range(i1, i2), range(j1, j2)):
                    self.apply(node, i, old[i], new[j], path + (i,), at + (i,))
                continue
            for i in reversed(range(i1, i2)):
                del node[i]
            for j in reversed(range(j1, j2)):
                node.insert(i1, self.render(new[j], path + (j,)))
        self.touched.add(at)


def _yaml():
    """ruamel.yaml's round-trip reader and writer, set to change nothing it was not asked to."""
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096                                  # never fold a line the player wrote on one line
    y.representer.add_representer(type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    return y


def _indents(text: str) -> tuple[int, int, int]:
    """The mapping indent, sequence indent and dash offset ``text`` is written with, read from its
    first nested key and its first block sequence item (2, 2 and 0 when it has none)."""
    m = re.search(r"(?m)^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*( +)[^\s#-]", text)
    mapping = len(m.group(2)) - len(m.group(1)) if m and len(m.group(2)) > len(m.group(1)) else 2
    d = re.search(r"(?m)^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*( *)- ", text)
    offset = max(0, len(d.group(2)) - len(d.group(1))) if d else 0
    return mapping, offset + 2, offset


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _splice(src_lines: list, out_lines: list, src: Any, out: Any, rt: _RoundTrip, path: tuple,
            src_span: tuple, out_span: tuple) -> list:
    """The lines of block mapping ``out`` (lines ``out_span`` of the written text), with the source's
    lines (``src_span``) for every key whose value the Seasonal Turn did not touch."""

    def spans(node, end):
        ks = list(node)
        lines = [node.lc.key(k)[0] for k in ks]
        return {k: (lines[i], lines[i + 1] if i + 1 < len(ks) else end) for i, k in enumerate(ks)}, (lines[0] if ks else end)
    outs, out_first = spans(out, out_span[1])
    srcs, _ = spans(src, src_span[1])
    result = list(out_lines[out_span[0]:out_first])
    for k, (s, e) in outs.items():
        here = path + (k,)
        mine = next((p for p in rt.touched | rt.inserted if p[:len(here)] == here), None)
        if k in srcs and mine is None:
            chunk = src_lines[srcs[k][0]:srcs[k][1]]
        elif (k in srcs and isinstance(out[k], CommentedMap) and isinstance(src[k], CommentedMap)
              and not out[k].fa.flow_style() and not src[k].fa.flow_style() and len(out[k]) and len(src[k])):
            chunk = _splice(src_lines, out_lines, src[k], out[k], rt, here, srcs[k], (s, e))
        else:
            chunk = out_lines[s:e]
        if here in rt.inserted and chunk:
            # comment lines the source wrote above the next, less indented key stay above it
            col, moved = _indent_of(chunk[0]), []
            while result and result[-1].lstrip().startswith("#") and _indent_of(result[-1]) < col:
                moved.insert(0, result.pop())
            if moved and chunk[-len(moved):] != moved:       # (ruamel may have put them there already)
                chunk = chunk + moved
        result += chunk
    return result


def _top_keys(text: str) -> list[tuple[Any, int]]:
    """``(key, line)`` of each key of the document's top-level block mapping, in order, read from the
    parser's events (libyaml's, in C when available: no node tree, no tags resolved, a 20,000-hex map
    in a fraction of a composer's time; the large sections are never given to ruamel.yaml). The last
    texts asked about are remembered (the source is asked about twice). Raises ``ValueError`` when the
    document is not one block mapping with text keys, or a YAML error when it is not YAML."""
    for known, keys in _TOP_KEYS:
        if known is text or known == text:
            return list(keys)
    loader = getattr(yaml, "CBaseLoader", yaml.BaseLoader)(text)      # only its parser's events are used
    try:
        keys, depth, key_next = [], 0, True
        event = loader.get_event()                       # stream start
        event = loader.get_event()
        if not isinstance(event, yaml.DocumentStartEvent):
            raise ValueError("the document is empty")
        event = loader.get_event()
        if not isinstance(event, yaml.MappingStartEvent) or event.flow_style:
            raise ValueError("the document is not a block mapping")
        get, scalar, alias = loader.get_event, yaml.ScalarEvent, yaml.AliasEvent
        starts, ends = (yaml.MappingStartEvent, yaml.SequenceStartEvent), (yaml.MappingEndEvent, yaml.SequenceEndEvent)
        while True:
            event = get()
            cls = type(event)
            if cls is scalar or cls is alias:
                if depth:                                # most events: inside a section
                    continue
                if key_next:
                    if cls is alias:
                        raise ValueError("a top-level key is an alias")
                    keys.append((event.value, event.start_mark.line))
                key_next = not key_next
            elif cls in starts:
                if depth == 0 and key_next:
                    raise ValueError("a top-level key is a list or a mapping")
                depth += 1
            elif cls in ends:
                if depth == 0:
                    break
                depth -= 1
                if depth == 0:
                    key_next = True                      # a section's value ended: a key comes next
            else:
                raise ValueError("the document ends inside its top-level mapping")
        loader.get_event()                               # document end
        if not isinstance(loader.get_event(), yaml.StreamEndEvent):
            raise ValueError("the file holds more than one document")
    finally:
        loader.dispose()
    _TOP_KEYS.insert(0, (text, tuple(keys)))
    del _TOP_KEYS[2:]
    return keys


#: The texts :func:`_top_keys` read last, with their keys (the source is read twice by one write).
_TOP_KEYS: list = []


def _trailing_comments(lines: list) -> int:
    """How many of the last ``lines`` are comments or blank lines at the left margin (they stand above
    the next top-level key)."""
    n = 0
    while n < len(lines) and (not lines[-1 - n].strip() or lines[-1 - n].startswith("#")):
        n += 1
    return n


def _edit_section(lines: list, key: Any, ck: str, old: dict, new: dict) -> list:
    """The lines of the top-level section ``lines`` (``key:`` and its value as written) saying
    ``new[ck]`` where the source said ``old.get(ck)``: ruamel.yaml's round trip of this section
    alone, with the source's lines for every part of it the change did not touch."""
    text = "".join(lines)
    y = _yaml()
    mapping, seq, offset = _indents(text)
    y.indent(mapping=mapping, sequence=seq, offset=offset)
    doc = y.load(text)
    rt = _RoundTrip(doc)
    if ck in old:
        rt.apply(doc, key, old[ck], new[ck], (ck,), (key,))
    else:
        doc[key] = rt.render(new[ck], (ck,))
    rt.touched.add((key,))
    buf = io.StringIO()
    y.dump(doc, buf)
    out_lines = buf.getvalue().splitlines(keepends=True)
    return _splice(lines, out_lines, y.load(text), y.load(buf.getvalue()), rt, (), (0, len(lines)), (0, len(out_lines)))


def _new_section(ck: str, value: Any, indents: tuple) -> list:
    """The lines of a top-level section the source does not have: ``ck: value``, as :func:`plain_text`
    would write it, indented as the source is."""
    y = _yaml()
    y.indent(mapping=indents[0], sequence=indents[1], offset=indents[2])
    doc = CommentedMap()
    doc[ck] = _RoundTrip(doc).render(value, (ck,))
    buf = io.StringIO()
    y.dump(doc, buf)
    return buf.getvalue().splitlines(keepends=True)


def round_trip_text(source: str | Path, old: dict, new: dict) -> str:
    """The text of state file ``source`` with the change from ``old`` to ``new`` applied
    (both :func:`state_dict` mappings, ``old`` the source's own): every top-level section the change
    does not touch copied as written, each one it touches edited by :func:`_edit_section`, a
    section new in ``new`` inserted after the one before it.

    Raises ``OSError`` when ``source`` cannot be read, ``ValueError`` or a YAML error when its
    sections cannot be edited one by one (the caller writes :func:`plain_text` instead).
    """
    text = Path(source).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    tops = _top_keys(text)
    if not tops:
        raise ValueError("the document has no keys")
    bounds = [line for _, line in tops] + [len(lines)]
    indents = _indents(text[:200_000])
    canon = {norm(k): k for k in list(old) + list(new)}
    written = {canon.get(norm(k)) for k, _ in tops}
    out = lines[:bounds[0]]

    def insert_after(ck):
        """The sections new in ``new`` that follow ``ck`` there (up to the next one the source has)."""
        keys = list(new)
        i = keys.index(ck) + 1 if ck in keys else 0
        added = []
        while i < len(keys) and keys[i] not in written:
            k = keys[i]
            if not (k in old and old[k] == new[k]):
                added += _new_section(k, new[k], indents)
            i += 1
        return added

    out_keys: list = []             # the result's top-level keys and lines, known without parsing it again
    added = insert_after(None)
    out_keys += _piece_keys(added, len(out))
    out += added
    for i, (key, _) in enumerate(tops):
        chunk = lines[bounds[i]:bounds[i + 1]]
        ck = canon.get(norm(key))
        copied = ck is None or (ck in old) == (ck in new) and old.get(ck) == new.get(ck)
        if copied:
            pass
        elif ck not in new:
            chunk = chunk[len(chunk) - _trailing_comments(chunk):]
        else:
            chunk = _edit_section(chunk, key, ck, old, new)
        added = insert_after(ck) if ck is not None else []
        if added:
            keep = _trailing_comments(chunk)
            chunk = chunk[:len(chunk) - keep] + added + chunk[len(chunk) - keep:]
        # a section as the source wrote it has its key on its first line; the others are read (small)
        out_keys += [(key, len(out))] if copied and not added else _piece_keys(chunk, len(out))
        out += chunk
    text = "".join(out)
    _TOP_KEYS.insert(0, (text, tuple(out_keys)))    # read_derived reads the result: it need not be parsed for its keys
    del _TOP_KEYS[2:]
    return text


def _piece_keys(piece: list, at: int) -> list:
    """The top-level keys of ``piece`` (lines of a written text, from line ``at`` on) with their lines there."""
    if not any(x.strip() and not x.startswith("#") for x in piece):
        return []
    return [(k, line + at) for k, line in _top_keys("".join(piece))]


#: Top-level sections copied as read and never derived from the position (FORMAT 6): the large ones.
#: Reading a position again to compare it (:func:`state_text`) leaves them out.
COPIED = ("map", "replacements")


def read_derived(text: str, folder: Path, name: str) -> Optional[Position]:
    """The position of state-file ``text`` without its :data:`COPIED` sections, read as a file
    in ``folder`` (its relative paths hold there); None when it cannot be read.

    Read in memory: no file is made in ``folder`` (the source's folder may be read-only, a mail
    attachment's; and a file made there would be left behind for good by a write killed meanwhile)."""
    lines = text.splitlines(keepends=True)
    tops = _top_keys(text)
    bounds = [line for _, line in tops] + [len(lines)]
    kept = lines[:bounds[0]] + [x for i, (k, _) in enumerate(tops) if norm(k) not in COPIED
                                for x in lines[bounds[i]:bounds[i + 1]]]
    pos, _ = read_state(Path(folder) / name, war_state_due=True, text="".join(kept), previous_link=False)
    return pos
