"""The double-dummy table of a dealt hand, as bridge analysis tools give it: with every hand known and every player
perfect, what each player or side makes in each trump suit (and in no trumps, in Five Hundred).

* **Five Hundred** — for each strain and each possible contractor, the tricks the contractor's side takes with the
  ten cards each player was dealt (the kitty left out, as if the contractor had discarded it again), the contractor
  leading; ten tricks in all. A row is one strain, a column one contractor.
* **Forty-Fives** — for each trump suit, with the five cards as dealt (before robbing, the kitty and the draw) and
  the player on the dealer's left leading: each side's trick points with partners; played individually, each
  player's points when every other player plays against them (what that player can make for sure).

Sixty-Six has no table: its stock is hidden until the play turns strict.

>>> from atout.games import family
>>> hand = family("forty-fives-partners").new_hand("forty-fives-partners", seed=2)
>>> table = double_dummy(hand)
>>> [s.letter for s in table.strains], table.columns, table.unit
(['S', 'H', 'D', 'C'], [0, 1], 'points')
>>> all(table.value(s, 0).lo + table.value(s, 1).lo == 25 for s in table.strains)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Suit
from atout.errors import AtoutError
from atout.i18n import Text
from atout.solver import SolverError, Value, solve_value
from atout.solver.positions import FortyFivesPosition

FIVE_HUNDRED_STRAINS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)
FORTY_FIVES_STRAINS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass
class DoubleDummyTable:
    """``cells[(strain, column)]``: the proven value (``strain`` None: no trumps). ``columns`` are seats: each
    contractor (``by == "contractor"``), each player, or each side's first seat (``by == "side"``)."""

    game: str
    strains: list[Suit | None]
    columns: list[int]
    by: str                                # "contractor", "player" or "side"
    unit: str
    cells: dict[tuple[Suit | None, int], Value] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.strains) * len(self.columns)

    @property
    def complete(self) -> bool:
        return len(self.cells) == self.size and all(v.exact for v in self.cells.values())

    def value(self, strain: Suit | None, column: int) -> Value:
        return self.cells[(strain, column)]


def has_table(hand: Any) -> bool:
    """Whether the game of ``hand`` has a double-dummy table and the hand was dealt (not set up from an ending)."""
    module = type(hand).__module__
    dealt = bool(getattr(hand, "history", None)) and hand.history[0].kind == "deal"
    return dealt and (module.startswith("atout.five_hundred") or module.startswith("atout.forty_fives"))


def double_dummy(hand: Any, stop: Callable[[], bool] | None = None) -> DoubleDummyTable:
    """The whole table (or, stopped early, the cells done and the bounds proven in the one in progress)."""
    *_, table = double_dummy_steps(hand, stop)
    return table


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None = None) -> Iterator[DoubleDummyTable]:
    """The table after each cell is worked out, ending with the whole table (or where ``stop`` came)."""
    if not has_table(hand):
        raise SolverError(Text("A double-dummy table is worked out for a dealt hand of Forty-Fives or Five Hundred"))
    module = type(hand).__module__
    if module.startswith("atout.five_hundred"):
        yield from _five_hundred(hand, stop)
    else:
        yield from _forty_fives(hand, stop)


def _five_hundred(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    from atout.position import contract_actions, hand_from_position, position_of

    dealt = position_of(hand)
    dealt.actions = []
    table = DoubleDummyTable(hand.config.game, list(FIVE_HUNDRED_STRAINS), list(range(4)), "contractor", "tricks")
    yield table
    kitty = list(dealt.piles.get("kitty", []))
    for strain in table.strains:
        call = "7" + ("NT" if strain is None else strain.letter)
        for contractor in table.columns:
            try:
                dealt.actions = contract_actions(dealt, contractor, call)
            except AtoutError:
                continue           # a rule forbids this auction (never with the presets): the cell stays empty
            dealt.actions += [_discard(card) for card in kitty]
            position = hand_from_position(dealt)
            table.cells[(strain, contractor)] = solve_value(position, contractor, stop=stop)
            yield table
            if stop is not None and stop():
                return


def _discard(card: Any) -> Any:
    from atout.engine import Action

    return Action("discard", card)


def _forty_fives(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    from atout.position import position_of

    config = hand.config
    dealt = position_of(hand)
    n = config.players
    hands = [list(dealt.hands.get(s, [])) for s in range(n)]
    partners = config.has_partners
    columns = sorted({min(s for s in range(n) if config.side_of(s) == config.side_of(seat)) for seat in range(n)})
    table = DoubleDummyTable(config.game, list(FORTY_FIVES_STRAINS), columns, "side" if partners else "player",
                             "points")
    yield table
    leader = (hand.dealer + 1) % n
    for trump in FORTY_FIVES_STRAINS:
        position = FortyFivesPosition(config, trump, [list(h) for h in hands], leader, leader, [], [])
        for column in columns:
            table.cells[(trump, column)] = solve_value(position, column, stop=stop)
            yield table
            if stop is not None and stop():
                return
