"""``aeref serve --stdio``: one process answering JSON lines (for bots and table tools in any language).

Each line read is one request, a JSON object: ``{"id": ANY, "command": NAME, "state": PATH, ...}`` with the
command's parameters as the API names them (``faction``, ``tk``, ``ds``, ``card``, ``map``, ``time-limit``,
``interpretations``); each request gets one line back, in order:
``{"format-version": 1, "id": ANY, "exit-code": N, "answer": {...}}`` (the answer is the command's
``--json`` object without its ``format-version``; the exit code as the command's) or
``{"format-version": 1, "id": ANY, "exit-code": 2, "error": "..."}`` for a request that cannot be answered
(bad JSON, an unknown command, a broken state file: the one ``Error:`` line's words). The process ends at the
end of its input (exit 0). Only the API is called (no rule here); the position of a state file is loaded
again when the file changed (its modification time and size), else kept.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable

import click

from .. import api
from .common import EXIT_ILLEGAL, EXIT_INCOMPLETE, EXIT_INPUT, EXIT_OK
from .jsonout import FORMAT_VERSION

#: The positions loaded, by (path, interpretations): (modification time and size, Position).
_CACHE: dict = {}


def _position(req: dict) -> api.Position:
    path = str(req["state"])
    interps = req.get("interpretations") or {}
    try:
        st = os.stat(path)
    except OSError:                 # the loader's own words: "file not found" with the file named
        return api.load(path, interps)
    key = (path, json.dumps(interps, sort_keys=True))
    stamp = (st.st_mtime_ns, st.st_size)
    if key not in _CACHE or _CACHE[key][0] != stamp:
        _CACHE[key] = (stamp, api.load(path, interps))
    return _CACHE[key][1]


def _limit(req: dict) -> float:
    return float(req.get("time-limit", api.DEFAULT_TIME_LIMIT))


def _pairs(pos: api.Position, req: dict) -> tuple[int, dict[str, Any]]:
    legal = pos.legal_selections(req["faction"], _limit(req))
    out = legal.as_json()
    code = EXIT_INCOMPLETE if not out["complete"] else EXIT_ILLEGAL if legal.nothing_only else EXIT_OK
    return code, out


def _check(pos: api.Position, req: dict) -> tuple[int, dict[str, Any]]:
    r = pos.check(req["faction"], tk=req.get("tk"), ds=req.get("ds"))
    return (EXIT_OK if r.legal else EXIT_ILLEGAL), r.as_json()


def _why(pos: api.Position, req: dict) -> tuple[int, dict[str, Any]]:
    w = pos.why(req["faction"], req["card"], _limit(req))
    return (EXIT_OK if w.legal else EXIT_ILLEGAL), w.as_json()


def _replacements(pos: api.Position, req: dict) -> tuple[int, dict[str, Any]]:
    return EXIT_OK, pos.replacements(req["faction"], req.get("map"), _limit(req)).as_json()


def _logistics(pos: api.Position, req: dict) -> tuple[int, dict[str, Any]]:
    return EXIT_OK, pos.logistics(req["faction"], req.get("map")).as_json()


#: The commands served: name -> what answers a request on a position.
COMMANDS: dict[str, Callable[[api.Position, dict], tuple[int, dict[str, Any]]]] = {
    "pairs": _pairs, "check": _check, "why": _why, "replacements": _replacements, "logistics": _logistics,
}


def answer(line: str) -> dict[str, Any]:
    """The reply to one request line (module doc). Never raises for bad input: it is the reply's ``error``."""
    rid = None
    try:
        try:
            req = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the request is not JSON: {exc}") from None
        if not isinstance(req, dict):
            raise ValueError("a request is a JSON object")
        rid = req.get("id")
        name = req.get("command")
        if name not in COMMANDS:
            raise ValueError(f"unknown command {name!r}: one of {', '.join(COMMANDS)}")
        if "state" not in req:
            raise ValueError("the request names no state file (\"state\": PATH)")
        code, out = COMMANDS[name](_position(req), req)
        return {"format-version": FORMAT_VERSION, "id": rid, "exit-code": code, "answer": out}
    except api.InputError as exc:
        return _error(rid, exc.one_line())
    except (ValueError, KeyError, TypeError, OSError, api.TimeLimitReached) as exc:
        what = f"the request lacks {exc}" if isinstance(exc, KeyError) else str(exc)
        return _error(rid, what)


def _error(rid: Any, message: str) -> dict[str, Any]:
    return {"format-version": FORMAT_VERSION, "id": rid, "exit-code": EXIT_INPUT, "error": " ".join(message.split())}


@click.command()
@click.option("--stdio", is_flag=True, required=True, help="Read requests from standard input, one JSON object a "
              "line, and write one JSON line per answer (the only mode).")
def serve(stdio):
    """Answer JSON-line requests in one process (pairs, check, why, replacements, logistics), for bots and
    table tools: the cost of starting aeref is paid once.

    A request: {"id": 1, "command": "check", "state": "game.yaml", "faction": "soviet", "tk": "38", "ds": "24"};
    its answer: {"format-version": 1, "id": 1, "exit-code": 1, "answer": {...the command's --json...}}, or
    {"format-version": 1, "id": 1, "exit-code": 2, "error": "..."}. Ends at the end of the input, exit 0.

    \b
    Example:
      echo '{"id": 1, "command": "pairs", "state": "examples/ae-soviet-production.yaml", "faction": "soviet"}' | aeref serve --stdio
    """
    for line in sys.stdin:
        if not line.strip():
            continue
        click.echo(json.dumps(answer(line), ensure_ascii=False, separators=(",", ":")))   # one line each
        sys.stdout.flush()          # the caller waits for this line before it sends the next request
    return EXIT_OK
