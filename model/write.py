"""Writing a position back as a state file (FORMAT section 4 plus the aeref
additions), e.g. after a reveal: ``aeref reveal ... --write NEXT.yaml``.

What the position says is :func:`state_dict`: the sections the procedure
changes (war state, factions, countries, markers, boxes, counters, ESV, Turn
Track, European war) are written from the :class:`~model.position.Position`;
everything else is copied from the file as read (``map``, ``replacements``,
``cards``, ``interpretations`` ...). Deck paths and ``previous`` are rewritten
relative to the new file's folder.

How it is written is the player's: :func:`round_trip_text` loads the source
file with ruamel.yaml's round-trip mode and applies only what changed between
the source's :func:`state_dict` and the new one, so comments (the
``# yaml-language-server: $schema=...`` line too), key order, flow style,
quoting and short card ids (``hand: [11, 4a]``) stay as the player wrote them;
every part of the file the Seasonal Turn did not change is copied line for
line. The result is read back and must give the same position as the plain
dump of :func:`state_dict`, or that plain dump is written instead.

The file is written atomically and never over an existing file unless
``force`` (:mod:`model.atomic`).
"""
from __future__ import annotations

import difflib
import io
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Optional

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from .names import norm_key
from .position import Position, read_state
from .yamlio import load_yaml_file

_MINE = {"war-state", "factions", "countries", "markers", "boxes", "counters", "esv", "turn-track", "european-war",
         "decks", "previous", "turn", "government", "flags", "interpretations"}


def _turn(pos: Position, t) -> str:
    return t.name(pos.interpretations_in_force["calendar"])


def _rel(path: Path, out_dir: Path) -> str:
    """``path`` relative to ``out_dir`` when it lies below that folder, else absolute."""
    rel = os.path.relpath(path, out_dir)
    return str(path) if rel.startswith("..") else rel


def state_dict(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None,
               raw: Optional[dict] = None) -> dict:
    """The position as a state-file mapping, with paths relative to ``out_path``.

    ``previous`` is the state file of the Seasonal Turn the Pending Cards were
    selected in (1.1.1 Step 2); None keeps the position's own ``previous:``.
    The sections aeref does not change are copied from ``raw``, the loaded
    YAML of the position's file (None: the file is read again).
    """

    raw = load_yaml_file(pos.file, pos.file) if raw is None else raw
    out_dir = Path(out_path).resolve().parent
    base = (pos.base_dir or Path(".")).resolve()
    d: dict[str, Any] = {"game": pos.game, "turn": _turn(pos, pos.turn)}
    prev = Path(previous).resolve() if previous is not None else (
        pos.seasonal.previous_path.resolve() if pos.seasonal.previous_path is not None else None)
    if prev is not None:
        d["previous"] = _rel(prev, out_dir)
    decks = pos.raw.decks if pos.raw is not None else []
    if decks:
        d["decks"] = [_rel(base / x, out_dir) for x in decks]
    d["war-state"] = str(pos.war_state[pos.maps[0]]) if len(pos.maps) == 1 else {m: str(w) for m, w in pos.war_state.items()}
    facs = {}
    for f, sections in pos.factions.items():
        facs[f] = {}
        for m, fm in sections.items():
            sec: dict[str, Any] = {"current": fm.current}
            if fm.pending:
                sec["pending"] = fm.pending
            sec["hand"] = list(fm.hand)
            sec["played"] = [{"card": p.card, "turn": _turn(pos, p.turn)} if p.turn else p.card for p in fm.played]
            if fm.removed:
                sec["removed"] = list(fm.removed)
            facs[f][m] = sec
    d["factions"] = facs
    countries = {e.name: e.as_file() for e in pos.countries.values()}
    if countries:
        d["countries"] = countries
    if pos.game in ("ds", "ae") or pos.government != "none":
        d["government"] = pos.government
    if pos.game == "ds":
        d["european-war"] = pos.european_war
    markers = pos.markers.as_file()
    if markers:
        d["markers"] = markers
    if pos.flags:
        d["flags"] = list(pos.flags)
    s = pos.seasonal
    boxes = {}
    for m, mb in s.boxes.items():
        b = {"force-pool": {f: list(v) for f, v in mb.force_pool.items() if v}, "delay-box": list(mb.delay_box),
             "strategic-warfare-box": list(mb.strategic_warfare_box),
             "outbreak-of-war": {f: list(v) for f, v in mb.outbreak_of_war.items() if v}}
        if any(b.values()):
            boxes[m] = {k: v for k, v in b.items() if v}
    if boxes:
        d["boxes"] = boxes
    if s.in_play or s.removed:
        d["counters"] = {"in-play": list(s.in_play), "removed": list(s.removed)}
    if s.esv is not None:
        d["esv"] = s.esv
    track = {m: {k: _turn(pos, t) for k, t in tr.items()} for m, tr in s.turn_track.items() if tr}
    if track:
        d["turn-track"] = track
    if pos.interpretations:
        # the file's and the command line's (-i): the position is ruled on as the command that wrote it ruled
        d["interpretations"] = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in pos.interpretations.items()}
    for k, v in raw.items():
        if norm_key(k) not in _MINE and norm_key(k) not in d:
            d[norm_key(k)] = v
    return d


def plain_text(d: dict) -> str:
    """The state-file mapping ``d`` as YAML written from scratch (block style, leaf lists in flow style)."""
    return yaml.safe_dump(d, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)


# --------------------------------------------------------------------------- round trip

def _norm(key: object) -> object:
    """A key for matching the source's keys to :func:`state_dict`'s: case, ``_``/``-`` and spacing folded."""
    return " ".join(str(norm_key(key)).split()).casefold() if isinstance(key, str) else key


def _find(node: Any, key: object) -> object:
    """The key of mapping ``node`` that spells ``key`` (FORMAT: both spellings of a key), or None."""
    if key in node:
        return key
    want = _norm(key)
    return next((k for k in node if _norm(k) == want), None)


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
                    if _norm(k) != "turn":
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
    """``(key, line)`` of each key of the document's top-level block mapping, in order (PyYAML's
    composer, in C when available: the large sections are never given to ruamel.yaml)."""
    root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        raise ValueError("the document is not a block mapping")
    return [(k.value, k.start_mark.line) for k, _ in root.value]


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
    canon = {_norm(k): k for k in list(old) + list(new)}
    written = {canon.get(_norm(k)) for k, _ in tops}
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

    out += insert_after(None)
    for i, (key, _) in enumerate(tops):
        chunk = lines[bounds[i]:bounds[i + 1]]
        ck = canon.get(_norm(key))
        if ck is None or (ck in old) == (ck in new) and old.get(ck) == new.get(ck):
            pass
        elif ck not in new:
            chunk = chunk[len(chunk) - _trailing_comments(chunk):]
        else:
            chunk = _edit_section(chunk, key, ck, old, new)
        added = insert_after(ck) if ck is not None else []
        if added:
            keep = _trailing_comments(chunk)
            chunk = chunk[:len(chunk) - keep] + added + chunk[len(chunk) - keep:]
        out += chunk
    return "".join(out)


#: Top-level sections copied as read and never derived from the position (FORMAT 6): the large ones.
#: Reading a position again to compare it (:func:`state_text`) leaves them out.
_COPIED = ("map", "replacements")


def _read_derived(text: str, folder: Path, name: str) -> Optional[Position]:
    """The position of state-file ``text`` without its :data:`_COPIED` sections, read as a file
    in ``folder`` (its relative paths hold there); None when it cannot be read."""
    lines = text.splitlines(keepends=True)
    tops = _top_keys(text)
    bounds = [line for _, line in tops] + [len(lines)]
    kept = lines[:bounds[0]] + [x for i, (k, _) in enumerate(tops) if _norm(k) not in _COPIED
                                for x in lines[bounds[i]:bounds[i + 1]]]
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".check.yaml", dir=str(folder))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("".join(kept))
        pos, _ = read_state(tmp, war_state_due=True)
        return pos
    finally:
        os.unlink(tmp)


def _derived(d: dict) -> dict:
    return {k: v for k, v in d.items() if k in _MINE or k in ("game", "turn")}


def state_text(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None) -> str:
    """The text of ``pos`` as a state file at ``out_path``: the source file (``pos.file``) with only
    what changed rewritten (:func:`round_trip_text`), or :func:`plain_text` when the source cannot be
    read again or the round trip would not read back as the same position.

    The comparisons read the source and the result without their :data:`_COPIED` sections, which
    are copied line for line, so that a large map costs one parse, not four.
    """
    raw = load_yaml_file(pos.file, pos.file)
    new = state_dict(pos, out_path, previous, raw)
    out = Path(out_path).resolve()
    try:
        source = Path(pos.file)
        before = _read_derived(source.read_text(encoding="utf-8"), source.resolve().parent, source.name)
        if before is not None:
            # the source's paths (decks, previous) as relative to the source: those the new folder changes are rewritten
            text = round_trip_text(source, state_dict(before, source, None, raw), new)
            back = _read_derived(text, out.parent, out.name)
            if back is not None and _derived(state_dict(back, out, None, {})) == _derived(new):
                return text
    except Exception:       # noqa: BLE001  the player's layout could not be kept: the position still is
        if os.environ.get("AEREF_DEBUG"):
            raise
    return plain_text(new)


def write_state(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None, force: bool = False) -> None:
    """Write ``pos`` as a state file at ``out_path`` (see :func:`state_text`), atomically.

    Raises :class:`~model.atomic.FileExists` when ``out_path`` exists and not
    ``force``, ``OSError`` when it cannot be written.
    """
    from .atomic import write_text

    write_text(out_path, state_text(pos, out_path, previous), force)
