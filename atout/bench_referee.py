"""Referee benchmark (``atout bench referee``): how long ``atout judge`` takes over one hostile line, the largest it
reads (just under ``MAX_LINE_BYTES``), of each kind a sender could write, beside a real query; the worst line's time
is what every later line of the stream waits.

Each line goes through the stream as ``atout judge`` reads it (``judge_stream``, in process), median of five rounds.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from typing import Any

from atout.games import available_games
from atout.referee import MAX_LINE_BYTES, judge_stream

ROUNDS = 5


def _query(kind: str, **fields: str) -> bytes:
    """The start of a real query of the first registered game, its fields as given (an open list or text to fill)."""
    head = {"kind": kind, "game": available_games()[0]}
    return (json.dumps(head)[:-1] + "".join(f', "{name}": {value}' for name, value in fields.items())).encode()


def _filled(head: bytes, unit: bytes, tail: bytes = b"") -> bytes:
    """``head``, then ``unit`` as many times as keeps the line under ``MAX_LINE_BYTES``, then ``tail``."""
    return head + unit * ((MAX_LINE_BYTES - len(head) - len(tail)) // len(unit)) + tail


def hostile_lines() -> dict[str, bytes]:
    """The lines measured, by what they hold; each at most ``MAX_LINE_BYTES`` long (a longer one is refused unread)."""
    half = (MAX_LINE_BYTES - 2) // 2
    return {
        "a real query": _query("rank", trump='"C"') + b"}",
        "escaped quotes": _filled(b"", b'\\"'),
        "escaped quotes in an open string": _filled(b'"', b'\\"'),
        "quotes and backslashes": _filled(b"", b'"\\'),
        "opening brackets": _filled(b"", b"["),
        "nested lists": b"[" * half + b"]" * half,
        "nested objects": _filled(b"", b'{"a":'),
        "a long text": _filled(_query("rank", trump='"'), b"x", b'"}'),
        "a long number": _filled(_query("rank", trump=""), b"9", b"}"),
        "many fields": _filled(b"{", b'"k": 1, ', b'"z": 1}'),
        "a long list of cards": _filled(_query("trick", trump='"C"', plays="["), b'"AS", ', b'"AS"]}'),
        "spaces": _filled(b"", b" ", b"{}"),
    }


def _time(line: bytes) -> float:
    out = io.BytesIO()
    start = time.perf_counter()
    judge_stream(io.BytesIO(line + b"\n"), out)
    took = time.perf_counter() - start
    answers = out.getvalue().count(b"\n")
    if answers != 1:
        raise AssertionError(f"the referee gave {answers} answer lines to one line")
    return took


def run() -> dict[str, Any]:
    lines = hostile_lines()
    times: dict[str, list[float]] = {name: [] for name in lines}
    for _ in range(ROUNDS):        # interleaved, so machine noise hits every figure alike
        for name, line in lines.items():
            times[name].append(_time(line))
    out = {name: {"bytes": len(lines[name]), "median_s": round(statistics.median(t), 5), "max_s": round(max(t), 5)}
           for name, t in times.items()}
    worst = max(out, key=lambda name: out[name]["median_s"])
    return {"referee": out, "worst": {"line": worst, **out[worst]}, "max_line_bytes": MAX_LINE_BYTES}


def format_results(results: dict[str, Any]) -> str:
    lines = [f"{name:34s} {fig['bytes']:>7,} bytes  {fig['median_s'] * 1000:9.2f} ms  (max {fig['max_s'] * 1000:.2f})"
             for name, fig in results["referee"].items()]
    worst = results["worst"]
    lines.append(f"worst line: {worst['line']}, {worst['median_s'] * 1000:.2f} ms (every later line waits as long)")
    return "\n".join(lines)
