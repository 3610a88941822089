"""Euchre for the solver: its play position, its search state for ``atout.solver.tricks``, the value of a hand as
played and its double-dummy table (the family's solver adapter, named by ``atout.games``).

The search counts tricks; a lone maker's partner is skipped as Five Hundred's misère partner is (``nxt``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import Card, Suit
from atout.solver.build import Built, place_trick
from atout.solver.layout import Layout, power_blocks
from atout.solver.positions import at_first_lead
from atout.solver.tricks import TrickState
from atout.trick_play import play_order

if TYPE_CHECKING:
    from atout.engine import Action
    from atout.solver import Value
    from atout.solver.scoring import Scorer
    from atout.solver.table import CellScore, DoubleDummyTable, Par

TRICKS = 5
SEATS = 4
STRAINS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@dataclass
class EuchrePosition:
    config: Any                                  # EuchreConfig
    trump: Suit
    maker: int
    alone: bool
    hands: list[list[Card]]
    to_act: int
    leader: int
    trick: list[Card]
    trick_seats: list[int]
    lead: Suit | None
    tricks: list[tuple[int, list[Card], int]]
    tricks_won: list[int]                        # per seat
    sitting_out: int | None = None


# How the solver searches its positions (``atout.solver.adapter``): the shared trick search.
SEARCH: Final = "tricks"
POSITION = EuchrePosition


def position(hand: Any) -> EuchrePosition:
    """The play position of an engine hand in its play phase, every hand known."""
    trick = hand.trick
    return EuchrePosition(hand.config, hand.trump, hand.maker, bool(hand.alone), [list(h) for h in hand.hands],
                          hand.to_act, trick.leader, list(trick.cards), list(trick.seats),
                          trick.lead if trick.cards else None,
                          [(t.leader, list(t.cards), t.winner) for t in hand.tricks], list(hand.tricks_won),
                          hand.sitting_out)


@cache
def layout(trump: Suit) -> Layout:
    from atout.euchre.ranking import TABLES

    return Layout(trump, power_blocks(TABLES[trump]))


def build(pos: EuchrePosition, max_seat: int | None = None) -> Built:
    """MAX is the side of the player to act (or of ``max_seat``), counting its tricks."""
    lay = layout(pos.trump)
    out = pos.sitting_out
    nxt = [-1 if s == out else t for s, t in enumerate(play_order(SEATS, out))]
    hands = [0 if s == out else lay.mask(h) for s, h in enumerate(pos.hands)]
    st = TrickState(lay, SEATS, nxt, 3 if out is not None else 4, hands)
    root = pos.to_act if max_seat is None else max_seat
    st.ismax = [s % 2 == root % 2 for s in range(SEATS)]
    st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.tricks_left = TRICKS - len(pos.tricks)
    lead_blk = lay.block_of_suit(pos.lead) if pos.trick else None
    place_trick(st, lay, pos.trick_seats, pos.trick, lead_blk)
    base = sum(w * st.credit[s] for s, w in enumerate(pos.tricks_won))
    built = Built(st, base, 1, "tricks")
    # Makers mostly take three tricks: the makers' remaining tricks to reach three, a first guess for the search.
    won = sum(w for s, w in enumerate(pos.tricks_won) if s % 2 == pos.maker % 2)
    need = min(max(3 - won, 0), st.tricks_left)
    built.guess = need if root % 2 == pos.maker % 2 else st.tricks_left - need
    return built


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat``'s side: its tricks."""
    from atout.solver import Value

    value = sum(w for s, w in enumerate(hand.tricks_won) if s % 2 == seat % 2)
    return Value(seat, value, value, "tricks")


def scorer(hand: Any, seat: int) -> Scorer:
    """The hand's score for ``seat``'s side of each count of tricks (``atout.solver.scoring``): its points less the
    other side's, as ``atout.euchre.scoring`` scores them."""
    return _scorer(hand.config, hand.maker, bool(hand.alone), seat, hand.scores_before)


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    """The scorer of the hand a seat's ``view`` shows (the other hands change nothing of it)."""
    return _scorer(view["config"], view["maker"], bool(view["alone"]), view["seat"], view["scores"])


def _scorer(config: Any, maker: int, alone: bool, seat: int, scores_before: list[int]) -> Scorer:
    from atout.euchre.scoring import score_hand
    from atout.solver.scoring import Scorer, margin_table

    mine = seat % 2

    def score(count: int) -> list[int]:
        won = [0, 0]
        won[mine], won[1 - mine] = count, TRICKS - count
        points: list[int] = score_hand(config.target, maker, alone, won, scores_before).points
        return points

    return Scorer(seat, "margin", "points", "tricks", margin_table(range(TRICKS + 1), score, mine, 2), maker)


def cell_score(hand: Any, strain: Suit, column: int, value: Value) -> CellScore:
    """A cell of the double-dummy table in the hand's score: the maker's side's points less the defenders' with
    the maker's tricks in that strain, played with the partner."""
    from atout.euchre.scoring import score_hand
    from atout.solver.table import CellScore

    mine = column % 2

    def margin(tricks: int) -> int:
        won = [0, 0]
        won[mine], won[1 - mine] = tricks, TRICKS - tricks
        points = score_hand(hand.config.target, column, False, won, [0, 0]).points
        return int(points[mine] - points[1 - mine])

    return CellScore(strain.letter, margin(value.lo), margin(value.hi))


def hand_line(pos: EuchrePosition, line: list[Action]) -> list[Action]:
    """The search's best line: the search plays the hand to its last trick, as the hand does."""
    return line


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """Euchre has no auction to reach a par contract: none."""
    return None


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """For each trump suit and each maker playing with the partner, the hands as dealt (the up-card left where it
    lies) and the dealer's left leading: the maker's side's tricks."""
    from atout.solver import solve_value
    from atout.solver.table import DoubleDummyTable

    table = DoubleDummyTable(hand.config.game, list(STRAINS), list(range(SEATS)), "maker", "tricks")
    yield table
    packets = hand.deal_packets()
    hands = [[c for kind, seat, cards in packets if kind == "hand" and seat == s for c in cards]
             for s in range(SEATS)]
    leader = (hand.dealer + 1) % SEATS
    for strain in STRAINS:
        for maker in table.columns:
            pos = EuchrePosition(hand.config, strain, maker, False, [list(h) for h in hands], leader, leader, [], [],
                                 None, [], [0] * SEATS)
            value = table.cells[(strain, maker)] = solve_value(pos, maker, stop=stop)
            table.scores[(strain, maker)] = cell_score(hand, strain, maker, value)
            yield table
            if stop is not None and stop():
                return


# The preset the solver benchmark (``atout.bench_solver``) times, with its options.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"euchre": {}}

# Where the benchmark solves a hand: at its first lead, once trumps are made.
bench_position = at_first_lead


def suggested_target(hand: Any, seat: int) -> int | None:
    """The evaluation page's first question for ``seat``, in tricks: do the makers take 3, or the defenders 3
    (None before trumps are made)."""
    if hand.maker is None or hand.alone is None:
        return None
    return 3


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.euchre as _this_module
    from atout.solver.adapter import TrickSearchAdapter

    _as_adapter: TrickSearchAdapter = _this_module
