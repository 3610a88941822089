"""Five Hundred for the solver: its play position, its search state for ``atout.solver.tricks``, the value of a hand
as played and its double-dummy table (the family's solver adapter, named by ``atout.games``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import JOKER, Card, Suit
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

TRICKS = 10
STRAINS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)   # None: no trumps


@dataclass
class FiveHundredPosition:
    config: Any                                  # FiveHundredConfig
    trump: Suit | None
    contractor: int
    misere: bool
    hands: list[list[Card]]
    to_act: int
    leader: int
    trick: list[Card]
    trick_seats: list[int]
    lead: Suit | None                            # the suit to follow once led (the named suit for a joker lead)
    tricks: list[tuple[int, list[Card], int]]
    tricks_won: list[int]                        # per seat
    shown_out: list[int] = field(default_factory=lambda: [0, 0, 0, 0])   # bit per suit, per seat
    sitting_out: int | None = None
    level: int | None = None                     # tricks the contract promises (a first guess for the search)


# How the solver searches its positions (``atout.solver.adapter``): the shared trick search.
SEARCH: Final = "tricks"
POSITION = FiveHundredPosition


def position(hand: Any) -> FiveHundredPosition:
    """The play position of an engine hand in its play phase, every hand known."""
    trick = hand.trick
    return FiveHundredPosition(hand.config, hand.trump, hand.contractor, hand.contract.misere,
                               [list(h) for h in hand.hands], hand.to_act, trick.leader, list(trick.cards),
                               list(trick.seats), trick.lead if trick.cards else None,
                               [(t.leader, list(t.cards), t.winner) for t in hand.tricks], list(hand.tricks_won),
                               list(hand.shown_out), hand.sitting_out, hand.contract.tricks)


@cache
def layout(trump: Suit | None) -> Layout:
    from atout.five_hundred.ranking import TABLES

    return Layout(trump, power_blocks(TABLES[trump]))


def build(pos: FiveHundredPosition, max_seat: int | None = None) -> Built:
    """MAX is the side of the player to act (or of ``max_seat``); in misère it counts the tricks that go its way
    (see ``credit``)."""
    lay = layout(pos.trump)
    n = 4
    out = pos.sitting_out
    nxt = [-1 if s == out else t for s, t in enumerate(play_order(n, out))]
    hands = [0 if s == out else lay.mask(h) for s, h in enumerate(pos.hands)]
    st = TrickState(lay, n, nxt, 3 if out is not None else 4, hands)
    root = pos.to_act if max_seat is None else max_seat
    st.ismax = [s % 2 == root % 2 for s in range(n)]
    if pos.misere:
        # The contractor wants to lose every trick: a trick counts for MAX when it goes to the side that is
        # not the contractor's (MAX is the contractor) or to the contractor (MAX defends).
        c_side = pos.contractor % 2
        if root % 2 == c_side:
            st.credit = [1 if s % 2 != c_side else 0 for s in range(n)]
        else:
            st.credit = [1 if s % 2 == c_side else 0 for s in range(n)]
        st.misere = True
    else:
        st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.tricks_left = TRICKS - len(pos.tricks)
    lead_blk = lay.block_of_suit(pos.lead) if pos.trick else None
    place_trick(st, lay, pos.trick_seats, pos.trick, lead_blk)
    st.joker_pos = lay.pos[JOKER.index]
    if pos.trump is None:
        st.nt_joker = any(JOKER in h for h in pos.hands)
        st.shown_out = list(pos.shown_out)
    base = sum(w * st.credit[s] for s, w in enumerate(pos.tricks_won))
    built = Built(st, base, 1, "tricks")
    if pos.level and not pos.misere:
        # contracts are usually made about exactly: the contractors' remaining tricks to reach the bid
        won = sum(w for s, w in enumerate(pos.tricks_won) if s % 2 == pos.contractor % 2)
        need = min(max(pos.level - won, 0), st.tricks_left)
        built.guess = need if root % 2 == pos.contractor % 2 else st.tricks_left - need
    return built


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat``'s side: its tricks; in misère, the tricks that went its way."""
    from atout.solver import Value

    won = hand.tricks_won
    if hand.contract.misere:
        c = hand.contractor
        value = won[c] if seat % 2 != c % 2 else sum(won) - won[c]
    else:
        value = sum(w for s, w in enumerate(won) if s % 2 == seat % 2)
    return Value(seat, value, value, "tricks")


def scorer(hand: Any, seat: int) -> Scorer:
    """The hand's score for ``seat``'s side of each count of tricks (``atout.solver.scoring``): its score less the
    other side's, the contract made or set and the defenders' tricks as ``atout.five_hundred.scoring`` scores them;
    in misère, where the count is the tricks that go the contractor's way (or, for the defenders, those forced on
    it), the contract's result alone."""
    return _scorer(hand.config, hand.contract, hand.contractor, seat, hand.scores_before)


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    """The scorer of the hand a seat's ``view`` shows (the other hands change nothing of it)."""
    return _scorer(view["config"], view["contract_terms"], view["contractor"], view["seat"], view["scores"])


def _scorer(config: Any, contract: Any, contractor: int, seat: int, scores_before: list[int]) -> Scorer:
    from atout.five_hundred.scoring import contract_points, score_hand
    from atout.solver.scoring import Scorer, margin_table

    mine, theirs = seat % 2, contractor % 2
    if contract.misere:
        table = {}
        for count in range(TRICKS + 1):
            taken = TRICKS - count if mine == theirs else count      # the tricks the contractor took
            points, _made, _slam = contract_points(contract, taken)
            table[count] = points if mine == theirs else -points
        return Scorer(seat, "contract", "points", "tricks", table, contractor)

    def score(count: int) -> list[int]:
        won = [0, 0]
        won[mine], won[1 - mine] = count, TRICKS - count
        points: list[int] = score_hand(config, contract, theirs, won, scores_before, contractor).points
        return points

    return Scorer(seat, "margin", "points", "tricks", margin_table(range(TRICKS + 1), score, mine, 2), contractor)


def cell_score(hand: Any, strain: Suit | None, column: int, value: Value) -> CellScore:
    """A cell of the double-dummy table in the hand's score (``atout.solver.table``): the contractor's side's score
    less the defenders' with the highest contract in that strain its tricks make (None when no contract makes: 6
    tricks are the least a contract promises)."""
    from atout.five_hundred.scoring import score_hand
    from atout.solver.table import CellScore

    config = hand.config
    made = [c for c in config.calls.values() if not c.misere and c.trump is strain and c.tricks <= value.lo]
    if not made:
        return CellScore(None, None, None)
    contract = max(made, key=lambda c: c.value)
    mine = column % 2

    def margin(tricks: int) -> int:
        won = [0, 0]
        won[mine], won[1 - mine] = tricks, TRICKS - tricks
        points = score_hand(config, contract, mine, won, [0, 0], column).points
        return int(points[mine] - points[1 - mine])

    return CellScore(contract.call, margin(value.lo), margin(value.hi))


def hand_line(pos: Any, line: list[Action]) -> list[Action]:
    """The search's best line: the search plays the hand to its last trick, as the hand does."""
    return line


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """The contract both sides reach bidding with every hand known (``atout.solver.table.par``): the sides take
    turns, from the one on the dealer's left, each passing or calling a contract above the last (in any strain,
    played by whichever of its two players takes more tricks in it, as the table says); a side that passes lets the
    last contract stand (the hand is thrown in if nobody called). Each side plays for its score less the other's, a
    contract set included (a sacrifice is called when it costs less). Misère is left out: the table has no cells for
    it. None until the table is complete."""
    from atout.five_hundred.scoring import score_hand
    from atout.solver.table import Par, sides_auction

    if not table.complete:
        return None
    config = hand.config
    ladder = sorted((c for c in config.calls.values() if not c.misere), key=lambda c: c.rank)

    def declarer(side: int, strain: Suit | None) -> int:
        return max((s for s in table.columns if s % 2 == side), key=lambda s: table.value(strain, s).lo)

    def margin(rank: int, side: int) -> int:
        """Side 0's score less side 1's when ``side`` plays the contract at ``rank`` of the ladder."""
        contract = ladder[rank]
        seat = declarer(side, contract.trump)
        tricks = table.value(contract.trump, seat).lo
        won = [0, 0]
        won[side], won[1 - side] = tricks, TRICKS - tricks
        points = score_hand(config, contract, side, won, [0, 0], seat).points
        return int(points[0] - points[1])

    value, rank, holder = sides_auction(len(ladder), margin, (hand.dealer + 1) % 2)
    if rank is None or holder is None:
        return Par(None, None, 0)
    contract = ladder[rank]
    return Par(contract.call, declarer(holder, contract.trump), value if holder == 0 else -value)


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """For each strain and each contractor, a 7-level contract with the kitty discarded: the contractor's tricks."""
    from atout.engine import Action
    from atout.errors import AtoutError
    from atout.position import contract_actions, hand_from_position, position_of
    from atout.solver import solve_value
    from atout.solver.table import DoubleDummyTable

    dealt = position_of(hand)
    dealt.actions = []
    table = DoubleDummyTable(hand.config.game, list(STRAINS), list(range(4)), "contractor", "tricks")
    yield table
    kitty = list(dealt.piles.get("kitty", []))
    for strain in table.strains:
        call = "7" + ("NT" if strain is None else strain.letter)
        for contractor in table.columns:
            try:
                dealt.actions = contract_actions(dealt, contractor, call)
            except AtoutError:
                continue           # a rule forbids this auction (never with the presets): the cell stays empty
            dealt.actions += [Action("discard", card) for card in kitty]
            pos = hand_from_position(dealt)
            value = table.cells[(strain, contractor)] = solve_value(pos, contractor, stop=stop)
            table.scores[(strain, contractor)] = cell_score(hand, strain, contractor, value)
            yield table
            if stop is not None and stop():
                return


# The preset the solver benchmark (``atout.bench_solver``) times, with its options.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"five-hundred": {}}

# Where the benchmark solves a hand: at its first lead, after the bidding and the discards.
bench_position = at_first_lead


def suggested_target(hand: Any, seat: int) -> int | None:
    """The question the evaluation page asks first for ``seat`` (``atout.evaluate.suggested_target``), in tricks:
    does the contractor's side make its contract, or do the defenders set it (None before a contract)."""
    contract, contractor = hand.contract, hand.contractor
    if contract is None:
        return None
    mine = seat % 2 == contractor % 2
    if contract.misere:
        return 10 if mine else 1        # the contractor loses every trick; one forced on it sets it
    tricks: int = contract.tricks
    return tricks if mine else 11 - tricks


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.five_hundred as _this_module
    from atout.solver.adapter import TrickSearchAdapter

    _as_adapter: TrickSearchAdapter = _this_module
