"""Many positions analysed at once (``atout analyse``): a session's deals in, each one's values out.

The input is text, one position after another, in any form ``atout.position`` reads:

* the short form, **one position a line** (``500.0.SK85H7DT9CKQ85-*S76HK98DA7C97-….kS9H4DQ.ab7H-bp-bp-bp``): a deal
  written suit by suit as bridge's PBN writes one, then its piles, actions or ending;
* the longer ``key: value`` form (``game:``, ``dealer:``, ``seat 0:``…, or an ending's ``trick:`` and ``won:``),
  each position ending at a blank line.

A line starting with ``#`` is a comment. The output is one JSON object a line, one per position, in order:
``position`` (its short form), ``game``, ``to_act`` (the seat to act, counted from 0), ``side`` (the seats whose
score the values are), ``whose`` (what a score is: ``margin``, the side's score in the hand less the other side's;
``own``, a player's own, played without partners; ``contract``, Five Hundred's misère result; ``game``, Sixty-Six's
game points won), ``unit`` and ``count_unit``, ``values`` (each legal action: its ``score``, the solver's ``count``
it comes from, and ``best``), ``line`` (the best line, every action from here, each with its player) and
``exact``; a position the solver does not take (before the play, or Sixty-Six's stock still open) says ``why``
instead. With ``table``, the double-dummy table of a dealt hand, each cell with its count, its score and (where
the game has contracts) the contract that scores it, and ``par``, the contract both sides would reach bidding with
every hand known (Five Hundred). A position that cannot be read or analysed gets ``{"n": …, "error": "…"}`` and
the rest go on.

>>> out = list(analyse_text("# a Five Hundred ending\\n"
...     "game: five-hundred\\ncontract: 1 7H\\nseat 0: AD\\nseat 1: 4H\\nseat 2: 8S\\nseat 3: 10D\\ntrick: 1\\n"
...     "won: 2 3 1 3\\n\\nbridge.0.SAK\\n"))
>>> out[0]["to_act"], out[0]["values"], out[0]["line"][0]
(1, [{'action': 'play 4H', 'score': 170, 'count': 7, 'best': True}], {'seat': 1, 'action': 'play 4H'})
>>> out[1]["n"], "starts with the game's code" in out[1]["error"]
(2, True)
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from atout.errors import AtoutError
from atout.games import GAMES
from atout.i18n import Text

# The format in and out, as ``atout analyse --help`` gives it (the module's docstring says the same at more length).
FORMAT = """\
In: positions in any form the What-if page reads.
  * The short form, one position a line (the page's address and its "Short form" box give it):
      500.0.DA-H4-S8-DT.c17H.l1.w2-3-1-3
      66.0.HQT9DK-HKDAJT.tS.l1.w1-1.p13-6.m0-0.x1-0-0
    a whole deal is written suit by suit, as bridge's PBN writes one, then its kitty or stock and its actions.
  * The key: value form, each position ending at a blank line: a whole deal with its actions
    (game:, dealer:, seat 0: ..., kitty: or stock:, actions:), or an ending (contract: or trump:, seat 0: ...,
    trick: and won:), e.g.
      game: {example}
      contract: 1 7H
      seat 0: AD
      seat 1: 4H
      seat 2: 8S
      seat 3: 10D
      trick: 1
      won: 2 3 1 3
  A line starting with # is a comment.

Out: one JSON object a line, one for each position, in order:
  n (its number), position (its short form), game, to_act (the seat to act, counted from 0), side (the seats
  whose score the values are), whose (margin: the side's score in the hand less the other side's; own: a
  player's own, playing alone; contract: Five Hundred's misère result; game: Sixty-Six's game points won), unit
  and count_unit, values (each legal action: its score in the hand's score, the solver's count it comes from,
  and whether it is the best), line (the best line: each action with its seat) and exact.
  A position the solver does not take (before the play, Sixty-Six's stock still open without its order: an
  ending) says why instead. Sixty-Six with the stock open in a dealt hand (the stock's order given) is valued with
  every card known, without a line.
  With --table: table (each cell's strain, column, count, score and the contract that scores it) and, in Five
  Hundred and Auction Forty-Fives, par (the contract reached bidding with every hand known; in Forty-Fives with
  the trump the bidder names). In Sixty-Six the table is by "first-lead": every choice the first leader has at
  the hand's first lead (closing, a marriage, each card), each with the game points it wins for that player
  (negative: the dealer wins them), every card and the stock's order known, both playing perfectly; value, the
  hand's, the best of them (leader: the first leader's seat; complete: false when --budget stopped it: the
  choices listed were worked out). It takes seconds a deal: atout bench whole-hand measures it.
  A position that cannot be read or analysed: {"n": ..., "error": "..."}; the rest go on.
Exit status: 0, every position analysed; 1, some could not be; 2, the file could not be read.
"""
# The ending above is the short form's first example ("500."), given its game's id by the registry.
FORMAT = FORMAT.replace("{example}", next(game for game, info in GAMES.items() if info.position_code == "500"))

MAX_POSITIONS = 10_000      # a session's deals are a few dozen; a file far past this is not one


def positions_in(text: str) -> Iterator[str]:
    """Each position of ``text``: blocks between blank lines; in a block of lines without a colon, each line is a
    position of its own (the short form), else the block is one position."""
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if stripped:
            block.append(stripped)
            continue
        if not block:
            continue
        if any(":" in b for b in block):
            yield "\n".join(block)
        else:
            yield from block
        block = []


def analyse_text(text: str, table: bool = False, budget_s: float | None = None) -> Iterator[dict[str, Any]]:
    """The analysis of each position in ``text`` (see the module), in order."""
    for n, position in enumerate(positions_in(text), start=1):
        if n > MAX_POSITIONS:
            yield {"n": n, "error": Text("at most {max} positions are analysed at once; the rest were left out",
                                         max=MAX_POSITIONS).render()}
            return
        try:
            yield {"n": n, **analyse_position(position, table, budget_s)}
        except AtoutError as exc:
            yield {"n": n, "error": str(exc)}


def analyse_position(text: str, table: bool = False, budget_s: float | None = None) -> dict[str, Any]:
    """One position's analysis (see the module): read, solved for the player to act, in the hand's score."""
    from atout.position import compact_text, hand_from_text
    from atout.solver import SolverError, position_of, solve
    from atout.solver.lines import line_by_trick
    from atout.solver.scoring import best_actions, scorer

    hand = hand_from_text(text)
    out: dict[str, Any] = {"position": compact_text(hand), "game": hand.config.game}
    if table:
        out.update(_table(hand, budget_s))
    if hand.is_over:
        out["over"] = True
        return out
    try:
        position_of(hand)
    except SolverError as exc:  # not in play yet (its table may be there), or Sixty-Six's stock still open: why
        if _open_stock(hand, out, budget_s):
            return out
        out["why"] = str(exc)
        return out
    seat = hand.to_act
    score = scorer(hand, seat)
    solution = solve(hand, budget_s=budget_s)
    side = [s for s in range(len(hand.hands)) if hand.side_of(s) == hand.side_of(seat)]
    best = best_actions(solution, score)
    out.update(to_act=seat, side=side, whose=score.whose, unit=score.unit, count_unit=score.count_unit,
               exact=solution.exact)
    out["values"] = [{"action": str(action), "score": score(lo) if lo == hi else list(score.bounds(lo, hi)),
                      "count": lo if lo == hi else [lo, hi], "best": action in best}
                     for action, (lo, hi) in sorted(solution.bounds.items(), key=lambda item: -item[1][0])]
    if solution.exact:
        out["line"] = [{"seat": s, "action": str(a)} for t in line_by_trick(hand, solution.line) for s, a in t.plays]
    return out


def _table(hand: Any, budget_s: float | None = None) -> dict[str, Any]:
    from atout.solver.table import double_dummy, has_table, par

    if not has_table(hand):
        return _first_lead_table(hand, budget_s)
    dd = double_dummy(hand)
    cells = []
    for (strain, column), value in dd.cells.items():
        cell = dd.scores.get((strain, column))
        cells.append({"strain": "NT" if strain is None else strain.letter, "column": column, "count": value.lo,
                      "score": None if cell is None else cell.lo, "call": None if cell is None else cell.call})
    out: dict[str, Any] = {"table": {"by": dd.by, "unit": dd.unit, "cells": cells}}
    found = par(hand, dd)
    if found is not None:
        out["par"] = {"call": found.call, "contractor": found.contractor, "score": found.score}
        if found.trump is not None:     # Forty-Fives: the trump suit the bidder names after the auction
            out["par"]["trump"] = found.trump.letter
    return out


def _stopper(budget_s: float | None) -> Any:
    import time

    if budget_s is None:
        return None
    deadline = time.perf_counter() + budget_s
    return lambda: time.perf_counter() > deadline


def _open_stock(hand: Any, out: dict[str, Any], budget_s: float | None) -> bool:
    """A position the trick solver does not take but the family's whole-hand search does (Sixty-Six's open stock in
    a dealt hand, whose text gives the stock's order): every choice of the player to act valued with every card known,
    without a line. False when the family has no such search, the hand is not one it takes, or ``budget_s`` ran out
    first (the caller then says why it has no values)."""
    from atout.solver.positions import Interrupted, adapter_of

    search = getattr(adapter_of(hand), "whole_hand_values", None)
    if search is None:
        return False
    try:
        values = search(hand, _stopper(budget_s))
    except Interrupted:
        return False
    if values is None:
        return False
    seat = hand.to_act
    top = max(values.values())
    out.update(to_act=seat, side=[seat], whose="game", unit="game points", count_unit="game points", exact=True)
    out["values"] = [{"action": str(a), "score": v, "count": v, "best": v == top}
                     for a, v in sorted(values.items(), key=lambda item: -item[1])]
    return True


def _first_lead_table(hand: Any, budget_s: float | None) -> dict[str, Any]:
    """The table of a family whose whole-hand search gives one (Sixty-Six: each choice of the first leader at the
    hand's first lead, in game points for the leader, every card and the stock's order known)."""
    from atout.solver.positions import adapter_of

    table = getattr(adapter_of(hand), "whole_hand_table", None)
    found = table(hand, _stopper(budget_s)) if table is not None else None
    if found is None:
        return {}
    cells = [{"action": str(a), "score": v, "best": found.complete and a in found.best}
             for a, v in found.values.items()]
    return {"table": {"by": "first-lead", "unit": "game points", "leader": found.leader, "value": found.value,
                      "complete": found.complete, "cells": cells}}


def analyse_stream(source: TextIO, sink: TextIO, table: bool = False, budget_s: float | None = None) -> int:
    """``atout analyse``: the positions of ``source``, each analysed as a JSON line written as soon as it is done.
    Returns how many positions could not be analysed."""
    failed = 0
    for result in _guarded(analyse_text(source.read(), table, budget_s)):
        failed += "error" in result
        sink.write(json.dumps(result, ensure_ascii=False) + "\n")
        sink.flush()
    return failed


def _guarded(results: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    try:
        yield from results
    except Exception as exc:  # a fault in Atout itself: said on the last line (stderr has why)
        traceback.print_exc(file=sys.stderr)
        yield {"error": Text("the analysis stopped on a fault in Atout ({name}); please report it",
                             name=type(exc).__name__).render()}
