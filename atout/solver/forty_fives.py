"""Forty-Fives for the solver: its play position, its search state for ``atout.solver.tricks``, the value of a hand
as played and its double-dummy table (the family's solver adapter, named by ``atout.games``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import ACE, Card, Suit
from atout.solver.build import Built, place_trick
from atout.solver.layout import Layout, power_blocks
from atout.solver.positions import at_first_lead
from atout.solver.tricks import TrickState

if TYPE_CHECKING:
    from atout.engine import Action
    from atout.solver import Value
    from atout.solver.scoring import Scorer
    from atout.solver.table import CellScore, DoubleDummyTable, Par

TRICKS = 5
STRAINS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)   # the double-dummy table's rows


@dataclass
class FortyFivesPosition:
    config: Any                                  # FortyFivesConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    leader: int                                  # of the trick on the table
    trick: list[Card]                            # cards on the table, from the leader
    tricks: list[tuple[int, list[Card], int]]    # finished tricks: (leader, cards, winner)
    pending: tuple[int, Card] | None = None      # 45.rob.dealer-ace (may): the dealer takes this card after trick 1
    rob: tuple[int, Card] | None = None          # 45.rob.ace-holder: who may still rob in trick 1, and the card
    rob_now: bool = False                        # the player to act is deciding that now
    sides: list[int] | None = None               # who plays with whom (default: the config's partnerships, or
                                                 # each player alone); e.g. the bidder against everyone else
    earlier: list[tuple[int, Card]] = field(default_factory=list)   # cards played in tricks not listed, by whom
                                                 # (an ending's best trump so far): for the best card's bonus


# How the solver searches its positions (``atout.solver.adapter``): the shared trick search.
SEARCH: Final = "tricks"
POSITION = FortyFivesPosition


def position(hand: Any) -> FortyFivesPosition:
    """The play position of an engine hand in its play phase, every hand known."""
    trick = hand.trick
    pending = (hand.dealer, hand.turn_up) if hand.dealer_takes_ace_after_trick else None
    rob = None
    rob_now = False
    turned = hand.turn_up
    if (turned is not None and pending is None and not hand.tricks and turned.rank != ACE
            and hand.robbed_by is None and hand.announced_ace_holder is None):
        ace = Card.of(ACE, hand.trump)
        holder = next((s for s in range(hand.n) if ace in hand.hands[s]), None)
        if holder is not None:
            rob = (holder, turned)
            rob_now = hand.rob_offer == holder and hand.to_act == holder
    played = {c for t in hand.tricks for c in t.cards} | set(trick.cards)
    earlier = ([(hand.best_seat, hand.best_card)] if hand.best_card is not None and hand.best_card not in played
               else [])      # an ending's best trump so far, played in a trick nobody remembers
    return FortyFivesPosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, trick.leader,
                              list(trick.cards), [(t.leader, list(t.cards), t.winner) for t in hand.tricks],
                              pending, rob, rob_now, earlier=earlier)


@cache
def layout(trump: Suit) -> Layout:
    from atout.forty_fives.ranking import TABLES

    t = TABLES[trump]
    return Layout(trump, power_blocks(t), gap_after=len(t.top), renegable=t.top, reneging=True)


def build(pos: FortyFivesPosition, max_seat: int | None = None) -> Built:
    """MAX is the side of the player to act (or of ``max_seat``): partners together, else that player against all
    (paranoid)."""
    from atout.forty_fives.ranking import TABLES

    config = pos.config
    lay = layout(pos.trump)
    n = config.players
    hands = [lay.mask(h) for h in pos.hands]
    st = TrickState(lay, n, [(s + 1) % n for s in range(n)], n, hands)
    root = pos.to_act if max_seat is None else max_seat
    side_of = pos.sides.__getitem__ if pos.sides is not None else config.side_of
    st.ismax = [side_of(s) == side_of(root) for s in range(n)]
    st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.must_follow = config.must_follow_suit
    st.aoh_led = config.ace_of_hearts_led and pos.trump is not Suit.HEARTS
    st.tricks_left = TRICKS - len(pos.tricks)
    seats = [(pos.leader + i) % n for i in range(len(pos.trick))]
    place_trick(st, lay, seats, pos.trick, None)
    if pos.pending is not None:
        st.pending = (pos.pending[0], 1 << lay.pos[pos.pending[1].index])
    won = [0] * n
    for _, _, winner in pos.tricks:
        won[winner] += 1
    base = sum(won[s] for s in range(n) if st.ismax[s])
    # 45.score.best-card: every card in play is played by the end of the hand, so the best card's owner is known
    # now; only a rob still to come can change it (the turned card comes in, a discard goes out).
    if config.scores_best_card:
        power = TABLES[pos.trump].power
        owned: dict[Card, int] = {}
        for leader, cards, _ in pos.tricks:
            for i, c in enumerate(cards):
                owned[c] = (leader + i) % n
        for s, c in pos.earlier:
            owned[c] = s
        for s, c in zip(seats, pos.trick, strict=True):
            owned[c] = s
        for s, h in enumerate(pos.hands):
            for c in h:
                owned[c] = s
        if pos.pending is not None:
            owned[pos.pending[1]] = pos.pending[0]

        def bonus(cards: dict[Card, int]) -> int:
            best = max(cards, key=lambda c: power[c.index], default=None)
            if best is None or power[best.index] <= 100:
                return 0
            return 1 if st.ismax[cards[best]] else 0

        keep = bonus(owned)
        base += keep
        if pos.rob is not None:
            robber, turned = pos.rob
            _rob(st, lay, pos)
            for c in pos.hands[robber]:
                swapped = dict(owned)
                del swapped[c]
                swapped[turned] = robber
                d = bonus(swapped) - keep
                if d:
                    st.rob_delta[lay.pos[c.index]] = d
    elif pos.rob is not None:
        _rob(st, lay, pos)
    return Built(st, base, 5, "points")


def _rob(st: TrickState, lay: Layout, pos: FortyFivesPosition) -> None:
    """45.rob.ace-holder still to come: the holder may give any card but the ace of trumps for the turned card."""
    assert pos.rob is not None, "only a position with a rob still to come is robbed"
    st.rob_seat = pos.rob[0]
    st.turn_bit = 1 << lay.pos[pos.rob[1].index]
    st.rob_keep = 1 << lay.pos[Card.of(ACE, pos.trump).index]


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat``'s side: its trick points (and the best card's, where scored)."""
    from atout.solver import Value

    config = hand.config
    side = config.side_of(seat)
    mine = [s for s in range(hand.n) if config.side_of(s) == side]
    value = 5 * sum(hand.tricks_won[s] for s in mine)
    if config.scores_best_card and hand.best_seat in mine:
        value += 5                                          # 45.score.best-card
    return Value(seat, value, value, "points")


def scorer(hand: Any, seat: int) -> Scorer:
    """The hand's score for ``seat``'s side of each count of trick points (``atout.solver.scoring``): with two sides
    (partners, or two players) its score less the other's, with more players each alone its own; the auction's
    contract made or set, net scoring, the best card, as ``atout.forty_fives.scoring`` scores them."""
    cards = [c for h in hand.hands for c in h] + [c for t in hand.tricks for c in t.cards]
    cards += list(hand.trick.cards) if hand.trick else []
    if hand.dealer_takes_ace_after_trick and hand.turn_up is not None:
        cards.append(hand.turn_up)          # the robbed ace, coming into the dealer's hand (a rob still to come is
                                            # the ace holder's, whose ace is in play already)
    if hand.best_card is not None:
        cards.append(hand.best_card)        # an ending's best trump so far
    auction = (hand.bidder, hand.bid) if hand.config.auction else (None, None)
    return _scorer(hand.config, hand.trump, cards, seat, hand.scores_before, *auction)


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    """The scorer of the hand a seat's ``view`` and one guess at the other hands (``dealt``) make up: what the hand
    evaluation reads, which never looks at the hand itself."""
    config = view["config"]
    cards = list(view["hand"]) + [c for cards in dealt.values() for c in cards] + list(view["trick"])
    cards += [c for _leader, played, _winner in view["tricks"] for c in played]
    if view["turn_up_after_trick"] is not None and view["turn_up"] is not None:
        cards.append(view["turn_up"])
    auction = (view["bidder"], view["bid"]) if config.auction else (None, None)
    return _scorer(config, view["trump"], cards, view["seat"], view["scores"], *auction)


def _scorer(config: Any, trump: Suit, cards: list[Card], seat: int, scores_before: list[int], bidder: int | None,
            bid: str | None) -> Scorer:
    """The scorer of a hand of ``config`` with ``trump`` whose cards in play are ``cards``, for ``seat``."""
    from atout.forty_fives.ranking import TABLES
    from atout.forty_fives.scoring import TRICK_POINTS, score_hand
    from atout.solver.scoring import Scorer, margin_table

    n, units = config.players, config.sides
    is_trump = TABLES[trump].is_trump
    # 45.score.best-card: there is a best card once any trump is in play (every card held is played)
    best = bool(config.scores_best_card and any(is_trump[c.index] for c in cards))
    total = TRICK_POINTS * (TRICKS + best)
    mine = config.side_of(seat)
    other = next(s for s in range(n) if config.side_of(s) != mine)

    def score(points: int) -> list[int]:
        # The best card wins the trick it is played to: all five tricks hold it, one trick may be it.
        with_best = best and (points == total or points >= 2 * TRICK_POINTS)
        tricks = points // TRICK_POINTS - with_best
        won = [0] * n
        won[seat], won[other] = tricks, TRICKS - tricks
        best_seat = (seat if with_best else other) if best else None
        points_by_unit: list[int] = score_hand(config, won, best_seat, scores_before, bidder, bid).points
        return points_by_unit

    table = margin_table(range(0, total + 1, TRICK_POINTS), score, mine, units)
    return Scorer(seat, "margin" if units == 2 else "own", "points", "points", table)


def cell_score(hand: Any, strain: Suit, column: int, value: Value) -> CellScore:
    """A cell of the double-dummy table in the hand's score (``atout.solver.table``): the side's (or player's) score
    with those trick points, every trump suit dealt as it is; in the auction, with the highest bid the points make
    (the side's own bid; None when none makes: the cell's score is then the other side's contract set by it)."""
    from atout.forty_fives.config import bid_level
    from atout.forty_fives.scoring import TRICK_POINTS
    from atout.solver.table import CellScore

    config = hand.config
    cards = [c for h in hand.hands for c in h]
    scores_before = [0] * config.sides
    if not config.auction:
        score = _scorer(config, strain, cards, column, scores_before, None, None)
        return CellScore(None, score(value.lo), score(value.hi))
    from atout.forty_fives.ranking import TABLES

    best = config.scores_best_card and any(TABLES[strain].is_trump[c.index] for c in cards)
    total = TRICK_POINTS * (TRICKS + best)
    for bid in reversed(config.bid_values):
        level = bid_level(bid)
        if (value.lo == total) if level > 30 else value.lo >= level:
            score = _scorer(config, strain, cards, column, scores_before, column, bid)
            return CellScore(bid, score(value.lo), score(value.hi))
    return CellScore(None, None, None)


def hand_line(pos: Any, line: list[Action]) -> list[Action]:
    """The search's best line: the search plays the hand to its last trick, as the hand does."""
    return line


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """The auction game's par, from a complete table of bidders (``double_dummy_steps``; None for the turned-up
    games, which have no bidding, for a table not complete, and with free discards, whose cards in play the table
    cannot know). Each bid is played by its bidder, who names the trump suit that scores best for them.

    * With partners, the sides take turns from the dealer's left, each passing or bidding above the last (a side's
      bid made by whichever of its players it scores best for), each playing for its score less the other's, a bid
      set included (a sacrifice is bid when it costs less); a side that passes lets the last bid stand.
    * Each player alone (the default), nobody gains by a bid they lose: par is the highest bid a player makes for
      sure against all the others, by that player (the dealer holds at the same bid; otherwise the first from the
      dealer's left), and ``score`` is their own score in the hand."""
    from atout.forty_fives.config import bid_level
    from atout.solver.table import Par, sides_auction

    config = hand.config
    if table.by != "bidder" or not table.complete:
        return None
    ladder = list(config.bid_values)
    n = config.players

    def scored(bid: str, bidder: int) -> tuple[int, Suit, bool]:
        """The best (score, trump, made) for ``bidder`` playing ``bid``: the side's margin, or their own score."""
        options = []
        for strain in STRAINS:                                  # a bidder's table has no row without trumps
            highest = table.scores[(strain, bidder)].call        # the highest bid the cell makes (cell_score)
            made = highest is not None and bid_level(bid) <= bid_level(highest)
            options.append((table_scorer(table, strain, bidder, bid)(table.value(strain, bidder).lo), strain, made))
        return max(options, key=lambda o: (o[2], o[0]))

    if config.has_partners:
        def margin(rank: int, side: int) -> tuple[int, int, Suit]:
            """Side 0's score less side 1's when ``side`` plays the bid at ``rank``, with the bidder and trump."""
            best = max(((scored(ladder[rank], s), s) for s in range(n) if config.side_of(s) == side),
                       key=lambda o: o[0][0])
            (score, strain, _made), seat = best
            return (score if side == 0 else -score), seat, strain

        value, rank, holder = sides_auction(len(ladder), lambda rank, side: margin(rank, side)[0],
                                            config.side_of((hand.dealer + 1) % n))
        if rank is None or holder is None:
            return Par(None, None, 0)
        _margin, seat, strain = margin(rank, holder)
        return Par(ladder[rank], seat, value if holder == 0 else -value, strain)
    order = [(hand.dealer + 1 + i) % n for i in range(n)]
    for bid in reversed(ladder):
        makers = [s for s in order if scored(bid, s)[2]]
        if makers:
            seat = hand.dealer if hand.dealer in makers else makers[0]
            score, strain, _made = scored(bid, seat)
            return Par(bid, seat, score, strain)
    return Par(None, None, 0)


def table_scorer(table: DoubleDummyTable, strain: Suit, bidder: int, bid: str | None) -> Scorer:
    """The scorer of a bidder's cell (``double_dummy_steps`` keeps the cards in play of each, ``table.cards``)."""
    return _scorer(table.config, strain, table.cards[(strain, bidder)], bidder, [0] * table.config.sides, bidder,
                   bid)


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """For each trump, the five cards as dealt and the dealer's left leading: each side's (or player's) points. In
    the auction game (with the discards the rules make), for each trump and each bidder, the cards as they are
    after the kitty, the discards and the draw, the bidder's left leading: the bidder's points (their side's)."""
    from atout.position import position_of
    from atout.solver import solve_value
    from atout.solver.table import DoubleDummyTable

    config = hand.config
    if config.auction and not config.free_discard:
        yield from _bidder_table(hand, stop)
        return
    dealt = position_of(hand)
    n = config.players
    hands = [list(dealt.hands.get(s, [])) for s in range(n)]
    partners = config.has_partners
    columns = sorted({min(s for s in range(n) if config.side_of(s) == config.side_of(seat)) for seat in range(n)})
    table = DoubleDummyTable(config.game, list(STRAINS), columns, "side" if partners else "player", "points")
    yield table
    leader = (hand.dealer + 1) % n
    for trump in STRAINS:
        pos = FortyFivesPosition(config, trump, [list(h) for h in hands], leader, leader, [], [])
        for column in columns:
            value = table.cells[(trump, column)] = solve_value(pos, column, stop=stop)
            table.scores[(trump, column)] = cell_score(hand, trump, column, value)
            yield table
            if stop is not None and stop():
                return


def _bidder_table(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """The auction game's table: each bidder winning the auction (every other player passing) and naming each trump
    suit; the rules then move the cards (a45.discard.others, a45.discard.bidder, a45.draw), as the deck lies."""
    from atout.errors import AtoutError
    from atout.position import hand_from_position, position_of
    from atout.solver import solve_value
    from atout.solver.table import DoubleDummyTable

    config = hand.config
    dealt = position_of(hand)
    dealt.actions = []
    table = DoubleDummyTable(config.game, list(STRAINS), list(range(config.players)), "bidder", "points")
    table.config = config
    yield table
    for trump in STRAINS:
        for bidder in table.columns:
            dealt.actions = []
            try:
                dealt.actions = _winning_auction(dealt, bidder, trump, config.bid_values[0])
            except AtoutError:
                continue           # a rule forbids this auction: the cell stays empty
            played = hand_from_position(dealt)
            value = table.cells[(trump, bidder)] = solve_value(played, bidder, stop=stop)
            table.cards[(trump, bidder)] = [c for h in played.hands for c in h]
            table.scores[(trump, bidder)] = cell_score(played, trump, bidder, value)
            yield table
            if stop is not None and stop():
                return


def _winning_auction(dealt: Any, bidder: int, trump: Suit, lowest: str) -> list[Any]:
    """The actions that make ``bidder`` win the auction at the ``lowest`` bid and name ``trump``: every other player
    passes, except that the dealer, who never opens (a45.bid.hold), holds the lowest bid of the player on their
    left. The bid changes no card: only the trump suit and the bidder do."""
    from atout.engine import Action, Phase
    from atout.errors import AtoutError, IllegalActionError
    from atout.i18n import Person, Text
    from atout.position import contract_actions, hand_from_position

    try:
        return contract_actions(dealt, bidder, lowest, trump)
    except IllegalActionError:
        pass
    probe = hand_from_position(dealt)
    opener = (probe.dealer + 1) % probe.n
    actions: list[Any] = []
    while probe.phase is Phase.BID:
        legal = {a.value for a in probe.legal_actions() if a.kind == "bid"}
        seat = probe.to_act
        call = ("hold" if seat == bidder and "hold" in legal else lowest if seat in (bidder, opener) and lowest in legal
                else "pass")
        action = Action("bid", None, call)
        probe.apply(action)
        actions.append(action)
    if probe.bidder != bidder:
        raise AtoutError(Text("{seat} cannot win the auction", seat=Person(bidder)))
    return [*actions, Action("trump", None, trump)]


# The presets the solver benchmark (``atout.bench_solver``) times, with their options: four players each.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"forty-fives": {"players": 4}, "forty-fives-partners": {},
                                            "auction-forty-fives": {}}

# Where the benchmark solves a hand: at its first lead (a rob still to come is part of the search).
bench_position = at_first_lead


def suggested_target(hand: Any, seat: int) -> int | None:
    """The question the evaluation page asks first for ``seat`` (``atout.evaluate.suggested_target``), in points:
    in the auction, does the bidder's side make its bid, or do the others set it (None before a bid); with
    partners, three tricks (which win the hand); played individually, at least an even share of the hand's
    points."""
    config = hand.config
    if config.auction:
        if hand.bid is None:
            return None
        from atout.forty_fives.config import bid_level

        level = bid_level(hand.bid)
        mine = config.side_of(seat) == config.side_of(hand.bidder)
        if level > 30:                      # all five tricks promised: one trick sets it
            return 25 if mine else 5
        return level if mine else 35 - level
    if config.has_partners:
        return 15
    players: int = config.players
    return 5 * math.ceil(30 / players / 5)


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.forty_fives as _this_module
    from atout.solver.adapter import TrickSearchAdapter

    _as_adapter: TrickSearchAdapter = _this_module
