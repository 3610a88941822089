"""Compact search states for the trick search (``atout.solver.tricks``), and their move <-> action maps: what every
family's ``build`` (in its adapter, ``atout.solver.<family>``) returns."""

from __future__ import annotations

from collections.abc import Callable

from atout.cards import JOKER, Card, Suit
from atout.engine import PLAY_ACTIONS, Action
from atout.solver import layout as layouts
from atout.solver.tricks import JOKER_LEAD, TrickState

_JOKER_LEADS: dict[Suit, Action] = {s: Action("play", JOKER, s) for s in Suit}


Refine = Callable[[int, int, int | None, Callable[[], bool] | None], tuple[int, int]]


class Built:
    """A search state with what the driver needs to report values in the game's units."""

    __slots__ = ("state", "base", "scale", "unit", "guess", "refine")

    def __init__(self, state: TrickState, base: int, scale: int, unit: str) -> None:
        self.state = state
        self.base = base          # units MAX has already secured (tricks won, a fixed bonus)
        self.scale = scale        # game points per unit (5 in Forty-Fives, 1 trick in Five Hundred)
        self.unit = unit
        self.guess = state.tricks_left // 2   # a first guess at MAX's units from here, for the null windows
        # A family whose score turns on more than MAX's count (Spoil Five: another player taking all five) sets
        # ``refine(lo, hi, option, stop)``: the bounds (in the reported unit) of the position (``option`` None) or of
        # a root option, made exact or widened where the count alone cannot tell.
        self.refine: Refine | None = None

    def action(self, move: int) -> Action:
        lay: layouts.Layout = self.state.layout
        if move >= JOKER_LEAD:
            return _JOKER_LEADS[Suit((move >> 7) - 1)]
        card = lay.card[move]
        assert card is not None, f"the search moved from bit {move}, where no card lies"
        return PLAY_ACTIONS[card.index]

    def move(self, action: Action) -> int:
        lay: layouts.Layout = self.state.layout
        assert action.card is not None, f"{action} plays no card: the search is asked only about plays"
        p = lay.pos[action.card.index]
        if action.card is JOKER and action.value is not None:
            return p + JOKER_LEAD * (int(action.value) + 1)
        return p


def limits(st: TrickState) -> tuple[int, int]:
    """The least and the most MAX can add from here, whatever is played (a rob still to come may move the best
    card's bonus either way)."""
    deltas = list(st.rob_delta.values()) if st.rob_seat >= 0 else []
    return min([0] + deltas), st.tricks_left + max([0] + deltas)


def place_trick(st: TrickState, lay: layouts.Layout, seats: list[int], cards: list[Card],
                lead_blk: int | None) -> None:
    """Put the trick on the table into the state: who is winning it so far."""
    st.k = len(cards)
    if not cards:
        return
    pos = [lay.pos[c.index] for c in cards]
    st.lead_pos = pos[0]
    st.lead_blk = lay.block_of[pos[0]] if lead_blk is None else lead_blk
    wp, ws = pos[0], seats[0]
    for p, s in zip(pos[1:], seats[1:], strict=True):
        b = lay.block_of[p]
        if (b == st.lead_blk or b == layouts.TRUMP_BLOCK) and p > wp:
            wp, ws = p, s
    st.win_pos, st.win_seat = wp, ws
    for p in pos:
        st.table |= 1 << p
