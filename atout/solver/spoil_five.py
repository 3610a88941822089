"""Spoil Five for the solver: its play position, its search state for ``atout.solver.tricks``, the value of a hand
as played and its double-dummy table (the family's solver adapter, named by ``atout.games``).

The search counts the tricks a player takes against all the others (paranoid), every trick played out: three of them
win the pool (s5.score.three-tricks), so a value of 3 or more is the pool won. The jinx decision is not searched: a
hand whose leader decides whether to jinx is not at a card play, and the solver refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import ACE, Card, Suit
from atout.solver.build import Built, place_trick
from atout.solver.layout import TRUMP_BLOCK, Layout
from atout.solver.positions import at_first_lead
from atout.solver.tricks import TrickState

if TYPE_CHECKING:
    from atout.solver import Value
    from atout.solver.scoring import Scorer
    from atout.solver.table import DoubleDummyTable, Par

TRICKS = 5
STRAINS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)   # the double-dummy table's rows


@dataclass
class SpoilFivePosition:
    config: Any                                  # SpoilFiveConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    leader: int                                  # of the trick on the table
    trick: list[Card]                            # cards on the table, from the leader
    tricks: list[tuple[int, list[Card], int]]    # finished tricks: (leader, cards, winner)
    rob: tuple[int, Card] | None = None          # s5.rob.ace-holder: who may still rob in trick 1, and the card
    rob_now: bool = False                        # the player to act is deciding that now


# How the solver searches its positions (``atout.solver.adapter``): the shared trick search.
SEARCH: Final = "tricks"
POSITION = SpoilFivePosition


def position(hand: Any) -> SpoilFivePosition:
    """The play position of an engine hand in its play phase, every hand known. While the winner of the first three
    tricks decides whether to jinx, it is the position of the jinx: that player leading the fourth trick (stopping
    is worth the three tricks already won)."""
    trick = hand.trick
    rob = None
    turned = hand.turn_up
    if (turned is not None and not hand.tricks and turned.rank != ACE and hand.robbed_by is None
            and hand.announced_ace_holder is None):
        ace = Card.of(ACE, hand.trump)
        holder = next((s for s in range(hand.n) if ace in hand.hands[s]), None)
        if holder is not None:
            rob = (holder, turned)
    rob_now = rob is not None and hand.rob_offer == rob[0] and hand.to_act == rob[0]
    return SpoilFivePosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, trick.leader,
                             list(trick.cards), [(t.leader, list(t.cards), t.winner) for t in hand.tricks], rob,
                             rob_now)


@cache
def layout(trump: Suit) -> Layout:
    from atout.fives_ranking import TABLES

    t = TABLES[trump]
    blocks = {int(s): list(cards) for s, cards in t.plain.items()}
    blocks[TRUMP_BLOCK] = list(t.order)
    return Layout(trump, blocks, gap_after=len(t.top), renegable=t.top, reneging=True)


def build(pos: SpoilFivePosition, max_seat: int | None = None) -> Built:
    """MAX is the player to act (or ``max_seat``) against all the others (paranoid), counting tricks."""
    config = pos.config
    lay = layout(pos.trump)
    n = config.players
    st = TrickState(lay, n, [(s + 1) % n for s in range(n)], n, [lay.mask(h) for h in pos.hands])
    root = pos.to_act if max_seat is None else max_seat
    st.ismax = [s == root for s in range(n)]
    st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.must_follow = config.must_follow_suit
    st.aoh_led = False
    st.tricks_left = TRICKS - len(pos.tricks)
    place_trick(st, lay, [(pos.leader + i) % n for i in range(len(pos.trick))], pos.trick, None)
    if pos.rob is not None:                   # s5.rob.ace-holder still to come: any card but the ace goes
        st.rob_seat = pos.rob[0]
        st.turn_bit = 1 << lay.pos[pos.rob[1].index]
        st.rob_keep = 1 << lay.pos[Card.of(ACE, pos.trump).index]
    base = sum(1 for _, _, winner in pos.tricks if winner == root)
    return Built(st, base, 1, "tricks")


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat``: the tricks it took."""
    from atout.solver import Value

    won = hand.tricks_won[seat]
    return Value(seat, won, won, "tricks")


def scorer(hand: Any, seat: int) -> Scorer:
    """The tricks themselves: three or more win the pool, whatever the count."""
    from atout.solver.scoring import Scorer

    return Scorer(seat, "own", "tricks", "tricks")


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    from atout.solver.scoring import Scorer

    return Scorer(view["seat"], "own", "tricks", "tricks")


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """For each trump, the five cards as dealt and the dealer's left leading: the tricks each player takes against
    all the others."""
    from atout.position import position_of
    from atout.solver import solve_value
    from atout.solver.table import CellScore, DoubleDummyTable

    config = hand.config
    dealt = position_of(hand)
    n = config.players
    hands = [list(dealt.hands.get(s, [])) for s in range(n)]
    table = DoubleDummyTable(config.game, list(STRAINS), list(range(n)), "player", "tricks")
    yield table
    leader = (hand.dealer + 1) % n
    for trump in STRAINS:
        pos = SpoilFivePosition(config, trump, [list(h) for h in hands], leader, leader, [], [])
        for column in table.columns:
            value = table.cells[(trump, column)] = solve_value(pos, column, stop=stop)
            table.scores[(trump, column)] = CellScore(None, value.lo, value.hi)
            yield table
            if stop is not None and stop():
                return


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """None: Spoil Five has no bidding."""
    return None


# The presets the solver benchmark (``atout.bench_solver``) times, with their options.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"spoil-five": {"players": 5}}

# Where the benchmark solves a hand: at its first lead (a rob still to come is part of the search).
bench_position = at_first_lead


def suggested_target(hand: Any, seat: int) -> int | None:
    """The evaluation page's first question: does ``seat`` take the three tricks that win the pool?"""
    return 3


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.spoil_five as _this_module
    from atout.solver.adapter import TrickSearchAdapter

    _as_adapter: TrickSearchAdapter = _this_module
